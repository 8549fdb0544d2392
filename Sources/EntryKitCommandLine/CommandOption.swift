/// A word on the command line that cannot be taken; `message` says which and why, in one line.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// One option a command takes: its names, its value if it has one, its line in `--help`, and
/// what it does to the command's options (checking the value as it goes).
public struct CommandOption<Options>: Sendable {
    public typealias SetFlag = @Sendable (inout Options) throws(UsageError) -> Void
    public typealias SetValue = @Sendable (inout Options, String) throws(UsageError) -> Void

    enum Kind: Sendable {
        case flag(SetFlag)
        /// Takes the rest of the word after `=`, or else the next word, whatever it is
        /// (`--index -1` is a bad index, not an unknown option).
        case value(placeholder: String, SetValue)
        /// Named only to say why it is not taken; not listed in `--help`.
        case refused(reason: String)
        case help
    }

    let names: [String]
    let kind: Kind
    /// The text beside the names in `--help`; a `\n` starts a line at the same column.
    let help: String

    /// An option without a value: `--editable`. `names` are its spellings (`-V`, `--version`).
    public static func flag(_ names: String..., help: String, set: @escaping SetFlag) -> Self {
        Self(names: names, kind: .flag(set), help: help)
    }

    /// An option with a value, given as `--title TEXT` or `--title=TEXT`; `placeholder` names the
    /// value in `--help`.
    public static func value(_ name: String, _ placeholder: String, help: String, set: @escaping SetValue) -> Self {
        Self(names: [name], kind: .value(placeholder: placeholder, set), help: help)
    }

    /// A name that is refused with `reason` (`--password`: never taken from arguments).
    public static func refused(_ name: String, because reason: String) -> Self {
        Self(names: [name], kind: .refused(reason: reason), help: "")
    }

    /// `-h`, `--help`: every command has it, last in its list.
    static var help: Self { Self(names: ["-h", "--help"], kind: .help, help: "show this help and exit") }

    /// The names and the value as `--help` shows them: `-h, --help`, `--title TEXT`.
    var label: String {
        let names = names.joined(separator: ", ")
        guard case .value(let placeholder, _) = kind else { return names }
        return names + " " + placeholder
    }

    var isListed: Bool {
        if case .refused = kind { return false }
        return true
    }
}

extension CommandOption {
    /// `--timeout SECONDS`: a finite number of seconds above 0.
    public static func timeout(_ keyPath: WritableKeyPath<Options, Double?> & Sendable) -> Self {
        .value("--timeout", "SECONDS", help: "close the dialog after SECONDS with status 5") { options, value throws(UsageError) in
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                throw UsageError("--timeout needs a positive number of seconds, not '\(value)'")
            }
            options[keyPath: keyPath] = seconds
        }
    }

    /// An option whose value is any text (`--title TEXT`).
    public static func text(
        _ name: String, _ keyPath: WritableKeyPath<Options, String?> & Sendable, placeholder: String = "TEXT", help: String
    ) -> Self {
        .value(name, placeholder, help: help) { options, value in options[keyPath: keyPath] = value }
    }

    /// `--max-lines N` and `--max-bytes SIZE`: how much standard input is read.
    public static func inputLimit(_ keyPath: WritableKeyPath<Options, InputLimit> & Sendable) -> [Self] {
        [
            .value("--max-lines", "N", help: "read at most N lines from standard input (default: \(InputLimit().lines))") {
                options, value throws(UsageError) in
                try options[keyPath: keyPath].setLines(value)
            },
            .value("--max-bytes", "SIZE", help: "read at most SIZE bytes from standard input (default: 256M;\nK, M and G suffixes)") {
                options, value throws(UsageError) in
                try options[keyPath: keyPath].setBytes(value)
            },
        ]
    }
}

/// A whole number above 0 from `value`, or the usage error naming `option`.
func positiveInteger(_ value: String, for option: String) throws(UsageError) -> Int {
    guard let number = Int(value), number > 0 else { throw UsageError("\(option) needs a whole number above 0, not '\(value)'") }
    return number
}
