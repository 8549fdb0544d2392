/// What gpg-agent has told a pinentry so far: the texts of the next dialog (`SET…`) and the
/// options it sets once at start (`OPTION`).
public struct PinentryState: Equatable, Sendable {
    /// `SETDESC`: what the passphrase is for (several lines).
    public var description: String?
    /// `SETPROMPT`: the label of the passphrase field (`Passphrase:`, `PIN:`).
    public var prompt: String?
    /// `SETTITLE`: the window title.
    public var title: String?
    /// `SETOK`, `SETCANCEL`, `SETNOTOK`: button labels, `_` marking the mnemonic.
    public var okLabel: String?
    public var cancelLabel: String?
    public var notOKLabel: String?
    /// `SETERROR`: why the last try failed (a wrong passphrase); shown once, by the next dialog.
    public var error: String?
    /// `SETTIMEOUT`: seconds before the dialog gives up; 0 waits for ever.
    public var timeout = 0
    /// `SETREPEAT`: ask twice, the second field labelled so (`Repeat:` when empty), and
    /// `SETREPEATERROR` when the two differ.
    public var repeatPrompt: String?
    public var repeatError: String?
    /// `SETQUALITYBAR` and `SETQUALITYBAR_TT`: a strength bar labelled so, and its tooltip.
    public var qualityBar: String?
    public var qualityBarTooltip: String?
    /// `SETGENPIN` and `SETGENPIN_TT`: a button offering a generated passphrase.
    public var generatePIN: String?
    public var generatePINTooltip: String?
    /// `SETKEYINFO`: which key the passphrase unlocks (`n/<keygrip>`); nil after `--clear`, when
    /// the key has no stable name to keep its passphrase under.
    public var keyInfo: String?
    /// Whether GETPIN has looked its passphrase up in the keyring since the last `RESET` (pinentry
    /// looks once: a passphrase found and refused is not answered again).
    public var externalCacheTried = false
    /// `OPTION name=value`, kept across `RESET` as pinentry keeps them (the agent sends them
    /// once, at start).
    public var options: [String: String] = [:]

    public init() {}

    /// The key whose passphrase may be looked up in and kept in the keyring: gpg-agent allowed
    /// it (`OPTION allow-external-password-cache`) and named the key (`SETKEYINFO`).
    public var externalCacheKey: String? {
        options["allow-external-password-cache"] != nil ? keyInfo : nil
    }

    /// Whether GETPIN first looks its passphrase up in the keyring, as pinentry does: allowed and
    /// named, not tried yet, and neither a new passphrase (`SETREPEAT`) nor a retry after a wrong
    /// one (`SETERROR`).
    public var looksUpExternalCache: Bool {
        externalCacheKey != nil && !externalCacheTried && repeatPrompt == nil && error == nil
    }

    /// The keyring cannot be used (no Secret Service): not asked again in this conversation,
    /// and the dialog offers no check box.
    public mutating func giveUpExternalCache() {
        options["allow-external-password-cache"] = nil
    }

    /// `OPTION no-grab` turns the keyboard grab off; `grab` turns it back on.
    public var grabsKeyboard: Bool { options["no-grab"] == nil }

    /// The button labels a dialog shows: `SET…` first, then the agent's `default-…` option.
    public var effectiveOKLabel: String? { okLabel ?? options["default-ok"] }
    public var effectiveCancelLabel: String? { cancelLabel ?? options["default-cancel"] }
    public var effectivePrompt: String? { prompt ?? options["default-prompt"] }

    /// The options pinentry 1.2.1 knows; any other is refused with `ERR … Unknown option`,
    /// which gpg-agent ignores.
    public static let knownOptions: Set<String> = [
        "no-grab", "grab", "debug-wait", "display", "ttyname", "ttytype", "ttyalert", "lc-ctype",
        "lc-messages", "owner", "parent-wid", "touch-file", "default-ok", "default-cancel",
        "default-prompt", "default-pwmngr", "default-cf-visi", "default-tt-visi", "default-tt-hide",
        "default-capshint", "allow-external-password-cache", "allow-emacs-prompt", "invisible-char",
        "formatted-passphrase", "formatted-passphrase-hint", "constraints-enforce",
        "constraints-hint-short", "constraints-hint-long", "constraints-error-title",
    ]
}

/// The dialog a command asks for; the program shows it and writes what it gave.
public enum PinentryDialog: Equatable, Sendable {
    /// `GETPIN`: a passphrase (twice with `SETREPEAT`), looked up in the keyring first when
    /// ``PinentryState/looksUpExternalCache``.
    case passphrase
    /// `CONFIRM`: yes / no (and `SETNOTOK`'s third button); `oneButton` for `--one-button`.
    case confirmation(oneButton: Bool)
    /// `MESSAGE`: a notice with one button.
    case message
}

/// What to answer a line: lines to write (each without its line feed), a dialog to show first,
/// or the end of the conversation.
public enum PinentryReply: Equatable, Sendable {
    /// Write these lines (`D …`, `# …`, then `OK` or `ERR …`).
    case lines([String])
    /// Show this dialog, then answer what it gave.
    case show(PinentryDialog)
    /// Write these lines and close (`BYE`).
    case close([String])
    /// An empty or comment line: libassuan answers nothing.
    case nothing
    /// `CLEARPASSPHRASE <keyinfo>`: remove the passphrase kept for the key from the keyring, then
    /// answer as ``PinentrySession/answerToClear(removed:)`` says.
    case clearExternalCache(keyInfo: String)
}

/// One pinentry conversation: each line gpg-agent sends, turned into the answer and the
/// ``PinentryState`` change it means, without a window (the program adds the dialogs).
///
/// ```swift
/// var session = PinentrySession(environment: .current)
/// for line in reader.feed(bytes) {
///     switch session.reply(to: line) { case .lines(let out): write(out) … }
/// }
/// ```
public struct PinentrySession: Sendable {
    /// What `GETINFO` tells about the process.
    public struct Environment: Sendable {
        public var version: String
        public var processID: Int32
        public var userID: UInt32
        public var groupID: UInt32
        /// `$DISPLAY` (or `$WAYLAND_DISPLAY`) at start, for `GETINFO ttyinfo`.
        public var display: String?

        public init(version: String, processID: Int32, userID: UInt32, groupID: UInt32, display: String?) {
            self.version = version
            self.processID = processID
            self.userID = userID
            self.groupID = groupID
            self.display = display
        }
    }

    /// The greeting a pinentry writes before reading anything.
    public static let greeting = "OK Pleased to meet you"

    public private(set) var state = PinentryState()
    private let environment: Environment
    /// The names of the commands, in the order pinentry's `HELP` lists them.
    public static let commands = [
        "NOP", "CANCEL", "OPTION", "BYE", "AUTH", "RESET", "END", "HELP", "SETDESC", "SETPROMPT",
        "SETKEYINFO", "SETREPEAT", "SETREPEATERROR", "SETERROR", "SETOK", "SETNOTOK", "SETCANCEL",
        "GETPIN", "CONFIRM", "MESSAGE", "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN",
        "SETGENPIN_TT", "GETINFO", "SETTITLE", "SETTIMEOUT", "CLEARPASSPHRASE",
    ]

    public init(environment: Environment) {
        self.environment = environment
    }

    /// The answer to one line from ``AssuanLineReader``.
    public mutating func reply(to line: AssuanLineReader.Line) -> PinentryReply {
        switch line {
        case .tooLong: return .lines([AssuanError.lineTooLong.line])
        case .containsNul: return .lines([AssuanError.syntax("line contains a NUL byte").line])
        case .line(let bytes): return reply(to: bytes)
        }
    }

    private mutating func reply(to bytes: [UInt8]) -> PinentryReply {
        if bytes.isEmpty || bytes.first == UInt8(ascii: "#") { return .nothing }
        let space = bytes.firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
        let command = String(decoding: bytes[..<space], as: UTF8.self).uppercased()
        var argumentStart = space
        while argumentStart < bytes.endIndex, bytes[argumentStart] == UInt8(ascii: " ") { argumentStart += 1 }
        let rawArgument = bytes[argumentStart...]
        // Text arguments are percent-escaped; an empty one unsets the text.
        let decoded = String(decoding: Assuan.percentDecoded(rawArgument), as: UTF8.self)
        let text: String? = decoded.isEmpty ? nil : decoded
        let ok = PinentryReply.lines(["OK"])

        switch command {
        case "NOP": return ok
        case "CANCEL", "END", "AUTH": return .lines([AssuanError.notImplemented.line])
        case "BYE": return .close(["OK closing connection"])
        case "HELP": return .lines(Self.commands.map { "# \($0)" } + ["OK"])
        case "RESET":
            let options = state.options
            state = PinentryState()
            state.options = options
            return ok
        case "OPTION": return option(rawArgument)
        case "GETINFO": return info(decoded)
        case "SETDESC": state.description = text
        case "SETPROMPT": state.prompt = text
        case "SETTITLE": state.title = text
        case "SETOK": state.okLabel = text
        case "SETCANCEL": state.cancelLabel = text
        case "SETNOTOK": state.notOKLabel = text
        case "SETERROR": state.error = text
        case "SETREPEAT": state.repeatPrompt = decoded
        case "SETREPEATERROR": state.repeatError = text
        case "SETQUALITYBAR": state.qualityBar = decoded
        case "SETQUALITYBAR_TT": state.qualityBarTooltip = text
        case "SETGENPIN": state.generatePIN = decoded
        case "SETGENPIN_TT": state.generatePINTooltip = text
        case "SETKEYINFO": state.keyInfo = decoded == "--clear" ? nil : text
        case "SETTIMEOUT":
            // pinentry reads the number with atoi: anything else is 0, no timeout.
            state.timeout = max(0, Int(decoded.prefix { $0.isASCII && $0.isNumber }) ?? 0)
        case "CLEARPASSPHRASE":
            // pinentry trims the spaces around the key's name; none names no item.
            var keyInfo = Substring(decoded)
            while keyInfo.first == " " { keyInfo = keyInfo.dropFirst() }
            while keyInfo.last == " " { keyInfo = keyInfo.dropLast() }
            return keyInfo.isEmpty ? .lines([AssuanError.invalidValue.line]) : .clearExternalCache(keyInfo: String(keyInfo))
        case "GETPIN": return .show(.passphrase)
        case "CONFIRM": return .show(.confirmation(oneButton: decoded.split(separator: " ").contains("--one-button")))
        case "MESSAGE": return .show(.message)
        default: return .lines([AssuanError.unknownCommand.line])
        }
        return ok
    }

    /// `OPTION name=value`, `OPTION name value` or `OPTION name`, parsed as libassuan does.
    private mutating func option(_ argument: ArraySlice<UInt8>) -> PinentryReply {
        // Bytes, as libassuan reads them: a Swift Character would join a space with a
        // combining mark after it, and the name would run on.
        let space = UInt8(ascii: " ")
        let equals = UInt8(ascii: "=")
        let nameEnd = argument.firstIndex { $0 == equals || $0 == space } ?? argument.endIndex
        let name = String(decoding: argument[..<nameEnd], as: UTF8.self)
        guard !name.isEmpty else { return .lines([AssuanError.syntax("argument required").line]) }
        var value = argument[nameEnd...].drop { $0 == space }
        if value.first == equals { value = value.dropFirst().drop { $0 == space } }
        guard PinentryState.knownOptions.contains(name) else { return .lines([AssuanError.unknownOption.line]) }
        switch name {
        case "grab": state.options["no-grab"] = nil
        case "no-grab": state.options["no-grab"] = ""
        case "allow-external-password-cache":
            // A flag: with a value pinentry knows no such option. Given again, it may look again.
            guard value.isEmpty else { return .lines([AssuanError.unknownOption.line]) }
            state.options[name] = ""
            state.externalCacheTried = false
        default: state.options[name] = String(decoding: Assuan.percentDecoded(value), as: UTF8.self)
        }
        return .lines(["OK"])
    }

    /// `GETINFO version|pid|flavor|ttyinfo`, each a `D` line then `OK`.
    private func info(_ what: String) -> PinentryReply {
        let value: String
        switch what {
        case "version": value = environment.version
        case "pid": value = String(environment.processID)
        case "flavor": value = "entrykit"
        case "ttyinfo":
            let display = state.options["display"] ?? environment.display
            let fields = [state.options["ttyname"], state.options["ttytype"], display, state.options["ttyalert"]]
                .map { $0.flatMap { $0.isEmpty ? nil : $0 } ?? "-" }
            value = fields.joined(separator: " ") + " \(environment.userID)/\(environment.groupID) -"
        default: return .lines([AssuanError.parameter.line])
        }
        return .lines(Assuan.dataLines(value) + ["OK"])
    }

    /// `CLEARPASSPHRASE`'s answer, as pinentry gives it: `OK` when the keyring held a passphrase
    /// for the key, `ERR … Invalid value` when it held none, `ERR … General IPC error` when the
    /// keyring could not be asked (nil).
    public static func answerToClear(removed: Bool?) -> String {
        switch removed {
        case true?: "OK"
        case false?: AssuanError.invalidValue.line
        case nil: AssuanError.general.line
        }
    }

    /// GETPIN looked its passphrase up in the keyring: not again until `RESET` (or the option
    /// given again).
    public mutating func externalCacheLookedUp() {
        state.externalCacheTried = true
    }

    /// The keyring cannot be used in this conversation (see ``PinentryState/giveUpExternalCache()``).
    public mutating func giveUpExternalCache() {
        state.giveUpExternalCache()
    }

    /// After a dialog: `SETERROR`'s text was shown once and is forgotten, as are the repeat
    /// texts of a passphrase dialog (the agent sets them again for the next one).
    public mutating func dialogEnded() {
        state.error = nil
        state.repeatPrompt = nil
        state.repeatError = nil
    }
}
