import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit pinentry` (also installed as `pinentry-entrykit`): gpg-agent's passphrase prompt.
/// The Assuan conversation is ``PinentrySession`` (no GTK); this adds the dialogs: GETPIN is an
/// account panel with the passphrase field alone, CONFIRM and MESSAGE a
/// ``ConfirmationDialog``. The passphrase goes from the panel's locked buffer straight to
/// standard output as `D` lines. With gpg-agent's leave, GETPIN answers from the desktop's
/// keyring first and offers to keep what is typed there (``PinentryKeyring``).
///
/// ```sh
/// echo "pinentry-program /usr/bin/pinentry-entrykit" >> ~/.gnupg/gpg-agent.conf
/// ```
@MainActor
enum PinentryCommand {
    /// How one passphrase dialog ended.
    private enum Outcome {
        /// The `D` lines are written; `OK` follows.
        case answered
        /// The two passphrases of `SETREPEAT` differ: ask again.
        case mismatch
        case failed(AssuanError)
    }

    /// Runs the conversation on standard input and output until `BYE` or the end of input.
    /// Of the command-line options gpg-agent may pass, `--display` is used when the environment
    /// names no display (as the agent's `OPTION display` is); the others are ignored.
    static func run(_ arguments: [String]) -> ExitStatus {
        if PromptHelp.isRequested(by: arguments) { return Output.print(PromptHelp.pinentry, for: "pinentry") }
        if let index = arguments.firstIndex(of: "--display"), index + 1 < arguments.count {
            displayArgument = arguments[index + 1]
        }
        guard PromptProcess.protect(for: "pinentry") else { return .cannotShowDialog }
        var session = PinentrySession(
            environment: .init(
                version: EntryKit.version, processID: getpid(), userID: getuid(), groupID: getgid(),
                display: getenv("DISPLAY").map { String(cString: $0) } ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) }))
        var reader = AssuanLineReader()
        guard send([PinentrySession.greeting]) else { return .cancelled }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .answered }
            for line in reader.feed(chunk[..<count]) {
                switch session.reply(to: line) {
                case .nothing: continue
                case .lines(let lines): guard send(lines) else { return .cancelled }
                case .close(let lines):
                    _ = send(lines)
                    return .answered
                case .show(let dialog):
                    let answer = dialog == .passphrase ? getPassphrase(&session) : show(dialog, state: session.state)
                    session.dialogEnded()
                    guard send([answer]) else { return .cancelled }
                case .clearExternalCache(let keyInfo):
                    guard send([PinentryKeyring.clear(keyInfo)]) else { return .cancelled }
                }
            }
        }
    }

    /// Writes answer lines; false when gpg-agent has gone.
    private static func send(_ lines: [String]) -> Bool {
        (try? Output.write(lines.map { $0 + "\n" }.joined())) != nil
    }

    private static var gtkStarted = false
    private static var displayArgument: String?
    /// The number of the dialog on screen, so a timeout set for one never closes the next.
    private static var dialogNumber = 0

    /// GETPIN: from the keyring when it holds the passphrase, else from the person, who may keep
    /// it there; returns the line that ends the answer.
    private static func getPassphrase(_ session: inout PinentrySession) -> String {
        switch PinentryKeyring.start(&session) {
        case .answered(let line): return line
        case .ask(let offersCheckBox):
            let answer = show(.passphrase, state: session.state, offersCheckBox: offersCheckBox)
            PinentryKeyring.finishKeeping()
            return answer
        }
    }

    /// Shows `dialog` and returns the line that ends the answer (`OK` or `ERR …`).
    private static func show(_ dialog: PinentryDialog, state: PinentryState, offersCheckBox: Bool = false) -> String {
        // GTK connects to the display at the first dialog: a conversation of OPTIONs and
        // GETINFOs needs none, and without one the dialog fails as pinentry-curses does
        // without a terminal, so gpg-agent reports it instead of waiting.
        if !gtkStarted {
            speakTheClientsLanguage(state)
            if getenv("DISPLAY") == nil, getenv("WAYLAND_DISPLAY") == nil, let display = state.options["display"] ?? displayArgument {
                setenv("DISPLAY", display, 1)
            }
            guard startGtk(for: "pinentry") else { return AssuanError.noDisplay.line }
            gtkStarted = true
        }
        dialogNumber += 1
        switch dialog {
        case .passphrase:
            // Made once the dialog speaks the client's language.
            return askPassphrase(state, checkBox: offersCheckBox ? PinentryKeyring.checkBox(state) : nil)
        case .confirmation(let oneButton):
            var buttons: [ConfirmationDialog.Button] = []
            if !oneButton {
                buttons.append((state.effectiveCancelLabel ?? localized("_Cancel"), .cancelled))
                if let notOK = state.notOKLabel { buttons.append((notOK, .notOK)) }
            }
            buttons.append((state.effectiveOKLabel ?? localized("_OK"), .ok))
            return confirmationAnswer(buttons: buttons, state: state)
        case .message:
            return confirmationAnswer(buttons: [(state.effectiveOKLabel ?? localized("_OK"), .ok)], state: state)
        }
    }

    /// gpg-agent runs long after the session that started it, often with no locale of its own,
    /// and passes the language of the gpg that asks as `OPTION lc-messages`: the dialog's own
    /// words (OK, Cancel, the title) follow it, unless `LANGUAGE` or `LC_ALL` say otherwise, as
    /// they would for any program. Read before the first string is looked up.
    private static func speakTheClientsLanguage(_ state: PinentryState) {
        guard let messages = state.options["lc-messages"], !messages.isEmpty, getenv("LC_ALL") == nil else { return }
        setenv("LC_MESSAGES", messages, 1)
    }

    private static func confirmationAnswer(buttons: [ConfirmationDialog.Button], state: PinentryState) -> String {
        // An error set before CONFIRM is part of the question (gpg-agent does this for
        // "really use this key?"): it leads the message.
        let message = [state.error, state.description].compactMap { $0.map(withoutTrailingLineBreaks) }.joined(separator: "\n\n")
        switch ConfirmationDialog.run(
            title: title(state), message: message, buttons: buttons, timeout: state.timeout, holdsKeyboard: state.grabsKeyboard)
        {
        case .ok: return "OK"
        case .notOK: return AssuanError.notConfirmed.line
        case .cancelled: return AssuanError.cancelled.line
        case .timedOut: return AssuanError.timeout.line
        }
    }

    /// gpg-agent ends descriptions with a line feed, which a label would show as an empty line.
    private static func withoutTrailingLineBreaks(_ text: String) -> String {
        var text = Substring(text)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }

    private static func title(_ state: PinentryState) -> String { state.title ?? localized("Passphrase") }

    private static func localized(_ key: String) -> String { LocalizedText.localization.string(key) }

    /// GETPIN: the passphrase field alone, labelled with the prompt; with SETREPEAT a second
    /// panel asks for it again and a difference starts over with the mismatch shown.
    ///
    /// The second panel is asked for from the first one's completion and both are awaited here,
    /// in one loop: that completion may run inside an assistive technology's "activate" of the
    /// field, whose accessibility bus no loop started there could read (pinentry froze so).
    /// `checkBox` (the first panel's) keeps the passphrase in the keyring when ticked.
    private static func askPassphrase(_ state: PinentryState, checkBox: AccountCheckBox?) -> String {
        var error = state.error
        while true {
            var request = AccountRequest(title: title(state), message: state.description.map(withoutTrailingLineBreaks))
            request.fields = .password
            request.passwordLabel = state.effectivePrompt
            request.okLabel = state.effectiveOKLabel
            request.cancelLabel = state.effectiveCancelLabel
            request.error = error
            request.grabsKeyboard = state.grabsKeyboard
            request.isStandalonePrompt = true
            request.strengthLabel = state.qualityBar.map { $0.isEmpty ? localized("Quality:") : $0 }
            request.strengthTooltip = state.qualityBarTooltip
            request.checkBox = checkBox
            let number = dialogNumber
            var timedOut = false
            if state.timeout > 0 {
                MainLoop.after(seconds: Double(state.timeout)) {
                    guard dialogNumber == number, AccountPanel.openCount > 0 else { return }
                    timedOut = true
                    AccountPanel.cancelAll()
                }
            }
            var outcome: Outcome?
            AccountPanel.showSecurely(request) { accepted, _, first in
                guard accepted, let repeatPrompt = state.repeatPrompt else {
                    outcome = accepted ? writeData(first) : .failed(timedOut ? .timeout : .cancelled)
                    if accepted { PinentryKeyring.startKeeping(first, state: state, checkBox: checkBox) }
                    return
                }
                var again = request
                again.passwordLabel = repeatPrompt.isEmpty ? nil : repeatPrompt
                again.error = nil
                again.strengthLabel = nil
                // The box is the first panel's: ticked there, it keeps the passphrase both agree on.
                again.checkBox = nil
                // The first passphrase outlives its panel, in locked memory, until the second ends.
                let kept = first?.keptCopy()
                AccountPanel.showSecurely(again) { accepted, _, second in
                    if !accepted {
                        outcome = .failed(timedOut ? .timeout : .cancelled)
                    } else {
                        outcome = same(kept, second) ? writeData(kept, repeated: true) : .mismatch
                        if case .answered = outcome { PinentryKeyring.startKeeping(second, state: state, checkBox: checkBox) }
                    }
                }
            }
            MainLoop.wait(until: { outcome != nil }, timeout: nil)
            dialogNumber += 1
            // The panel is hidden and destroyed by the main loop, which does not run while the
            // next command is awaited: let it, so no closed panel stays on screen meanwhile.
            MainLoop.drain()
            switch outcome {
            case .answered: return "OK"
            case .failed(let error): return error.line
            case .mismatch: error = state.repeatError ?? localized("The passphrases do not match.")
            case nil: return AssuanError.cancelled.line
            }
        }
    }

    /// Whether two lent passphrases hold the same bytes, compared where they lie.
    private static func same(_ first: SecurePassword?, _ second: SecurePassword?) -> Bool {
        guard let first, let second else { return (first?.count ?? 0) == (second?.count ?? 0) }
        return first.withUnsafeBytes { a in second.withUnsafeBytes { b in a.elementsEqual(b) } }
    }

    /// The passphrase as `D` lines (none for an empty one, which pinentry answers with `OK` alone).
    /// `repeated`: typed twice and the same, said first with `S PIN_REPEATED`, or gpg-agent
    /// (and gpg for a symmetric key) asks for it again.
    private static func writeData(_ password: SecurePassword?, repeated: Bool = false) -> Outcome {
        do {
            if repeated { try Output.write("S PIN_REPEATED\n") }
            try password?.writeAssuanData(to: STDOUT_FILENO)
            return .answered
        } catch {
            Output.say("pinentry: cannot write the passphrase: \(error)")
            return .failed(.cancelled)
        }
    }
}
