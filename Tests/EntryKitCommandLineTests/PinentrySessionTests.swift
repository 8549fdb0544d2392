import Testing

@testable import EntryKitCommandLine

/// The Assuan side of `entrykit pinentry`, without a window: every command's answer and state,
/// spelled as Debian's pinentry-curses 1.2.1 answers the same lines.
@Suite struct PinentrySessionTests {
    private static let environment = PinentrySession.Environment(
        version: "9.8.7", processID: 4242, userID: 1000, groupID: 100, display: ":5")

    /// Feeds `input` (lines joined by LF) and collects every answer line, and the dialogs asked for.
    private func converse(_ input: String, session: inout PinentrySession) -> [String] {
        var reader = AssuanLineReader()
        var out: [String] = []
        for line in reader.feed(Array(input.utf8)) {
            switch session.reply(to: line) {
            case .lines(let lines): out += lines
            case .close(let lines): out += lines + ["<closed>"]
            case .show(let dialog): out.append("<show \(dialog)>")
            case .clearExternalCache(let keyInfo): out.append("<clear \(keyInfo)>")
            case .nothing: break
            }
        }
        return out
    }

    private func converse(_ input: String) -> [String] {
        var session = PinentrySession(environment: Self.environment)
        return converse(input, session: &session)
    }

    @Test func getInfoAnswersAsPinentryDoes() {
        #expect(
            converse("GETINFO version\nGETINFO pid\nGETINFO flavor\nGETINFO bogus\nGETINFO\n") == [
                "D 9.8.7", "OK", "D 4242", "OK", "D entrykit", "OK",
                "ERR 83886360 IPC parameter error <Pinentry>", "ERR 83886360 IPC parameter error <Pinentry>",
            ])
        #expect(converse("GETINFO ttyinfo\n") == ["D - - :5 - 1000/100 -", "OK"])
        #expect(
            converse("OPTION ttyname=/dev/pts/3\nOPTION ttytype=xterm\nOPTION display=:9\nGETINFO ttyinfo\n")
                == ["OK", "OK", "OK", "D /dev/pts/3 xterm :9 - 1000/100 -", "OK"])
    }

    @Test func unknownCommandsAndProtocolCommandsAnswerTheLibassuanErrors() {
        #expect(converse("FOO bar\n") == ["ERR 536871187 Unknown IPC command <User defined source 1>"])
        #expect(
            converse("CANCEL\nEND\nAUTH\n") == Array(repeating: "ERR 536870981 Not implemented <User defined source 1>", count: 3))
        #expect(converse("NOP\n\n# a comment\nBYE\nNOP\n") == ["OK", "OK closing connection", "<closed>", "OK"])
        #expect(converse("HELP\n").first == "# NOP")
        #expect(converse("HELP\n").last == "OK")
        #expect(converse("HELP\n").count == PinentrySession.commands.count + 1)
    }

    @Test func commandsAreCaseInsensitiveAndLinesMayEndInCRLF() {
        var session = PinentrySession(environment: Self.environment)
        #expect(converse("setdesc lower\r\nSetPrompt PIN:\n", session: &session) == ["OK", "OK"])
        #expect(session.state.description == "lower")
        #expect(session.state.prompt == "PIN:")
    }

    @Test func everySetCommandSetsItsTextPercentDecoded() {
        var session = PinentrySession(environment: Self.environment)
        let input = """
            SETDESC Please enter%0Athe passphrase for%0D%0A100%25 of "key"
            SETPROMPT Passphrase:
            SETTITLE Unlock
            SETOK _Unlock
            SETCANCEL _Abort
            SETNOTOK _No
            SETERROR Bad passphrase (try 2 of 3)
            SETTIMEOUT 30
            SETREPEAT Repeat:
            SETREPEATERROR does not match
            SETQUALITYBAR Quality:
            SETQUALITYBAR_TT The quality
            SETGENPIN Suggest
            SETGENPIN_TT Generate a random passphrase
            SETKEYINFO n/0123ABCD

            """
        #expect(converse(input, session: &session) == Array(repeating: "OK", count: 15))
        let state = session.state
        #expect(state.description == "Please enter\nthe passphrase for\r\n100% of \"key\"")
        #expect(state.prompt == "Passphrase:")
        #expect(state.title == "Unlock")
        #expect(state.okLabel == "_Unlock")
        #expect(state.cancelLabel == "_Abort")
        #expect(state.notOKLabel == "_No")
        #expect(state.error == "Bad passphrase (try 2 of 3)")
        #expect(state.timeout == 30)
        #expect(state.repeatPrompt == "Repeat:")
        #expect(state.repeatError == "does not match")
        #expect(state.qualityBar == "Quality:")
        #expect(state.qualityBarTooltip == "The quality")
        #expect(state.generatePIN == "Suggest")
        #expect(state.generatePINTooltip == "Generate a random passphrase")
        #expect(state.keyInfo == "n/0123ABCD")
    }

    @Test func anEmptyArgumentUnsetsATextButSwitchesRepeatAndQualityOn() {
        var session = PinentrySession(environment: Self.environment)
        _ = converse("SETDESC x\nSETDESC\nSETREPEAT\nSETQUALITYBAR\nSETTIMEOUT abc\n", session: &session)
        #expect(session.state.description == nil)
        #expect(session.state.repeatPrompt == "")
        #expect(session.state.qualityBar == "")
        #expect(session.state.timeout == 0)
    }

    @Test func optionsAreParsedAsLibassuanDoesAndUnknownOnesRefused() {
        var session = PinentrySession(environment: Self.environment)
        let answers = converse(
            """
            OPTION default-ok=_OK
            OPTION default-cancel = _Cancel
            OPTION default-prompt PIN%3A
            OPTION lc-ctype=de_DE.UTF-8
            OPTION lc-messages=de_DE.UTF-8
            OPTION allow-external-password-cache
            OPTION no-grab
            OPTION foo=bar
            OPTION

            """, session: &session)
        #expect(
            answers
                == Array(repeating: "OK", count: 7) + [
                    "ERR 83886254 Unknown option <Pinentry>",
                    "ERR 536871188 IPC syntax error <User defined source 1> - argument required",
                ])
        let state = session.state
        #expect(state.effectiveOKLabel == "_OK")
        #expect(state.effectiveCancelLabel == "_Cancel")
        #expect(state.effectivePrompt == "PIN:")
        #expect(state.options["lc-messages"] == "de_DE.UTF-8")
        #expect(state.options["allow-external-password-cache"] == "")
        #expect(!state.grabsKeyboard)
        _ = converse("OPTION grab\n", session: &session)
        #expect(session.state.grabsKeyboard)
    }

    /// libassuan reads bytes: a combining mark after the space does not join the option's name.
    @Test func optionsAreSplitAtBytesNotCharacters() {
        var session = PinentrySession(environment: Self.environment)
        #expect(converse("OPTION ttyname \u{05BA}x\n", session: &session) == ["OK"])
        #expect(session.state.options["ttyname"] == "\u{05BA}x")
        #expect(converse("GETINFO ttyinfo\n", session: &session).first?.utf8.starts(with: "D \u{05BA}x ".utf8) == true)
    }

    @Test func resetForgetsTheTextsButKeepsTheOptions() {
        var session = PinentrySession(environment: Self.environment)
        _ = converse("OPTION ttyname=/dev/tty1\nSETDESC x\nSETOK y\nSETTIMEOUT 4\n", session: &session)
        #expect(converse("RESET\n", session: &session) == ["OK"])
        #expect(session.state.description == nil)
        #expect(session.state.okLabel == nil)
        #expect(session.state.timeout == 0)
        #expect(session.state.options["ttyname"] == "/dev/tty1")
    }

    @Test func dialogCommandsAskForTheirDialog() {
        #expect(converse("GETPIN\n") == ["<show passphrase>"])
        #expect(converse("CONFIRM\n") == ["<show confirmation(oneButton: false)>"])
        #expect(converse("CONFIRM --one-button\n") == ["<show confirmation(oneButton: true)>"])
        #expect(converse("MESSAGE\n") == ["<show message>"])
    }

    @Test func aDialogForgetsItsErrorAndRepeat() {
        var session = PinentrySession(environment: Self.environment)
        _ = converse("SETERROR wrong\nSETREPEAT\nSETREPEATERROR differ\nSETDESC kept\n", session: &session)
        session.dialogEnded()
        #expect(session.state.error == nil)
        #expect(session.state.repeatPrompt == nil)
        #expect(session.state.repeatError == nil)
        #expect(session.state.description == "kept")
    }

    @Test func anOverlongLineIsAnErrorAndTheNextLineIsRead() {
        let long = "SETDESC " + String(repeating: "x", count: 1200)
        #expect(
            converse(long + "\nNOP\n") == ["ERR 536871175 Line passed to IPC too long <User defined source 1>", "OK"])
        // Exactly the limit is still a line.
        let limit = "SETDESC " + String(repeating: "y", count: Assuan.maximumLineLength - 8)
        var session = PinentrySession(environment: Self.environment)
        #expect(converse(limit + "\n", session: &session) == ["OK"])
        #expect(session.state.description?.count == Assuan.maximumLineLength - 8)
    }

    /// Found by the fuzzer: a long `ttyname` made `GETINFO ttyinfo`'s answer longer than a line.
    @Test func longDataIsSplitIntoLinesWithinTheLimit() {
        let ttyname = "/dev/" + String(repeating: "%25", count: 300)
        let ttytype = String(repeating: "%25", count: 40)
        let answer = converse("OPTION ttyname=\(ttyname)\nOPTION ttytype=\(ttytype)\nGETINFO ttyinfo\n")
        #expect(answer.prefix(2) == ["OK", "OK"])
        #expect(answer.last == "OK")
        let data = answer.dropFirst(2).dropLast()
        #expect(data.count == 2)
        #expect(data.allSatisfy { $0.hasPrefix("D ") && $0.utf8.count <= Assuan.maximumLineLength })
        let joined = data.map { $0.dropFirst(2) }.joined()
        let expected = "/dev/" + String(repeating: "%", count: 300) + " " + String(repeating: "%", count: 40) + " :5 - 1000/100 -"
        #expect(String(decoding: Assuan.percentDecoded(Array(joined.utf8)), as: UTF8.self) == expected)
    }

    /// Found by the fuzzer too: a split inside a character made a line invalid UTF-8, and longer.
    @Test func longDataIsSplitBetweenCharacters() {
        let answer = converse(
            "OPTION ttyname=/dev/\(String(repeating: "日", count: 300))\nOPTION ttytype=\(String(repeating: "語", count: 40))\nGETINFO ttyinfo\n"
        )
        let data = answer.dropFirst(2).dropLast()
        #expect(data.count == 2)
        #expect(data.allSatisfy { $0.utf8.count <= Assuan.maximumLineLength && !$0.contains("\u{FFFD}") })
        let expected = "/dev/" + String(repeating: "日", count: 300) + " " + String(repeating: "語", count: 40) + " :5 - 1000/100 -"
        #expect(data.map { $0.dropFirst(2) }.joined() == expected)
    }

    @Test func aLineHoldingNulIsAnErrorNotATruncatedText() {
        var session = PinentrySession(environment: Self.environment)
        #expect(
            converse("SETDESC a\u{0}b\nD secret\u{0}\nNOP\n", session: &session) == [
                "ERR 536871188 IPC syntax error <User defined source 1> - line contains a NUL byte",
                "ERR 536871188 IPC syntax error <User defined source 1> - line contains a NUL byte",
                "OK",
            ])
        #expect(session.state.description == nil)
    }

    @Test func aDataLineFromTheClientIsAnUnknownCommand() {
        #expect(converse("D hello\n") == ["ERR 536871187 Unknown IPC command <User defined source 1>"])
    }

    @Test func linesArriveWhateverTheChunks() {
        var reader = AssuanLineReader()
        #expect(reader.feed(Array("SETD".utf8)).isEmpty)
        #expect(reader.hasIncompleteLine)
        #expect(reader.feed(Array("ESC a\nNO".utf8)) == [.line(Array("SETDESC a".utf8))])
        #expect(reader.feed(Array("P\n".utf8)) == [.line(Array("NOP".utf8))])
        #expect(!reader.hasIncompleteLine)
    }

    @Test func percentEscapingBothWays() {
        #expect(Assuan.percentEncoded("100%\nline\r") == "100%25%0Aline%0D")
        #expect(Assuan.percentEncoded("Grüße 鍵") == "Grüße 鍵")
        #expect(Assuan.percentDecoded(Array("%41%4a%zz%4".utf8)) == Array("AJ%zz%4".utf8))
        for text in ["", "%", "%%0A", "a\nb\r\nc%25", "ÿ\u{7F}\t"] {
            #expect(String(decoding: Assuan.percentDecoded(Array(Assuan.percentEncoded(text).utf8)), as: UTF8.self) == text)
        }
        #expect(Assuan.encodedBytes([0x25, 0x0A, 0x0D, 0xFF]) == Array("%25%0A%0D".utf8) + [0xFF])
    }

    @Test func errorNumbersAreGpgErrorsSourceAndCode() {
        // gpg-agent reads 83886179 as "the user cancelled" (source 5 Pinentry, code 99).
        #expect(AssuanError.cancelled.line == "ERR 83886179 Operation cancelled <Pinentry>")
        #expect(AssuanError.cancelled.code == 5 << 24 | 99)
        #expect(AssuanError.notConfirmed.code == 83_886_194)
        #expect(AssuanError.timeout.code == 83_886_142)
        #expect(AssuanError.noDisplay.line == "ERR 83918950 Inappropriate ioctl for device <Pinentry>")
    }

    // MARK: The keyring (pinentry's external password cache)

    /// GETPIN looks its passphrase up as pinentry does: with the option and a key, once, and
    /// neither for a new passphrase nor after a wrong one.
    @Test func theKeyringIsLookedUpOnceWithTheOptionAndAKeyOnly() {
        var session = PinentrySession(environment: Self.environment)
        #expect(converse("SETKEYINFO n/ABCD\n", session: &session) == ["OK"])
        #expect(session.state.externalCacheKey == nil, "without the option, the key is not the keyring's")
        #expect(!session.state.looksUpExternalCache)
        #expect(converse("OPTION allow-external-password-cache\n", session: &session) == ["OK"])
        #expect(session.state.externalCacheKey == "n/ABCD")
        #expect(session.state.looksUpExternalCache)
        session.externalCacheLookedUp()
        #expect(!session.state.looksUpExternalCache, "one lookup a conversation")
        #expect(session.state.externalCacheKey == "n/ABCD", "the check box is still offered")
        // RESET (or the option again) lets it look again; SETREPEAT and SETERROR do not.
        _ = converse("RESET\nSETKEYINFO n/ABCD\n", session: &session)
        #expect(session.state.looksUpExternalCache)
        _ = converse("SETREPEAT\n", session: &session)
        #expect(!session.state.looksUpExternalCache)
        session.dialogEnded()
        _ = converse("SETERROR Bad Passphrase\n", session: &session)
        #expect(!session.state.looksUpExternalCache)
        session.dialogEnded()
        session.externalCacheLookedUp()
        _ = converse("OPTION allow-external-password-cache\n", session: &session)
        #expect(session.state.looksUpExternalCache)
    }

    @Test func setKeyInfoClearOrEmptyNamesNoKey() {
        var session = PinentrySession(environment: Self.environment)
        _ = converse("OPTION allow-external-password-cache\nSETKEYINFO n/ABCD\nSETKEYINFO --clear\n", session: &session)
        #expect(session.state.keyInfo == nil)
        #expect(session.state.externalCacheKey == nil)
        _ = converse("SETKEYINFO s/1234\nSETKEYINFO\n", session: &session)
        #expect(session.state.keyInfo == nil)
    }

    /// A keyring that cannot be used is given up for the conversation, across RESET, as
    /// pinentry gives up its cache; the option is a flag, refused with a value.
    @Test func aKeyringGivenUpIsNotAskedAgainAndTheOptionTakesNoValue() {
        var session = PinentrySession(environment: Self.environment)
        _ = converse("OPTION allow-external-password-cache\nSETKEYINFO n/ABCD\n", session: &session)
        session.giveUpExternalCache()
        #expect(session.state.externalCacheKey == nil)
        _ = converse("RESET\nSETKEYINFO n/ABCD\n", session: &session)
        #expect(session.state.externalCacheKey == nil)
        #expect(converse("OPTION allow-external-password-cache=yes\n") == ["ERR 83886254 Unknown option <Pinentry>"])
    }

    /// CLEARPASSPHRASE names the key to remove (spaces around it trimmed, as pinentry does);
    /// its answer says what the keyring did.
    @Test func clearPassphraseAsksToRemoveTheKeysPassphrase() {
        #expect(converse("CLEARPASSPHRASE  n/ABCD \n") == ["<clear n/ABCD>"])
        #expect(
            converse("CLEARPASSPHRASE\nCLEARPASSPHRASE   \n")
                == Array(repeating: "ERR 83886341 Invalid value passed to IPC <Pinentry>", count: 2))
        #expect(PinentrySession.answerToClear(removed: true) == "OK")
        #expect(PinentrySession.answerToClear(removed: false) == "ERR 83886341 Invalid value passed to IPC <Pinentry>")
        #expect(PinentrySession.answerToClear(removed: nil) == "ERR 83886337 General IPC error <Pinentry>")
    }
}
