/// What a command takes on its command line, declared once: the parser and `--help` both read it.
///
/// The one rule for every `entrykit` command: words are read in order. A word that starts with
/// `-` (but is not `-` alone) is an option, and one the command does not have is a usage error;
/// `--` ends the options, so every word after it is an operand (an ITEM, a FILE) even when it
/// starts with `-`. An option's value follows it as the next word or after `=` (`--title T`,
/// `--title=T`). `-h`/`--help` prints the help, generated from the declarations, when it is
/// reached; a usage error found before it wins.
///
/// ```swift
/// let syntax = CommandSyntax<ChooseOptions>(
///     command: "entrykit choose", synopsis: "[OPTION...] [ITEM...]", summary: "Shows a dialog…",
///     options: [.flag("--editable", help: "allow free text") { $0.editable = true }],
///     operand: .init(name: "ITEM") { options, item in options.items.append(item) })
/// switch try syntax.parse(CommandLine.arguments.dropFirst(2), from: ChooseOptions()) { … }
/// ```
public struct CommandSyntax<Options>: Sendable {
    /// The words that run the command: `entrykit choose`.
    public var command: String
    /// What follows the command in the usage line: `[OPTION...] [ITEM...]`.
    public var synopsis: String
    /// The paragraphs between the usage line and the options.
    public var summary: String
    public var options: [CommandOption<Options>]
    /// What the words that are no options are; nil when the command takes none.
    public var operand: Operand?
    /// Paragraphs after the options, before the exit-status table (which every help ends with).
    public var notes: [String]
    /// Paragraphs after the exit-status table (examples).
    public var examples: String?
    /// The exit-status table: ``ExitStatus/help`` for the dialogs.
    public var exitStatus: String

    /// The words that are no options, named as `--help` names them (`ITEM`).
    public struct Operand: Sendable {
        public var name: String
        public var take: CommandOption<Options>.SetValue

        public init(name: String, take: @escaping CommandOption<Options>.SetValue) {
            self.name = name
            self.take = take
        }
    }

    public init(
        command: String, synopsis: String, summary: String, options: [CommandOption<Options>],
        operand: Operand? = nil, notes: [String] = [], examples: String? = nil, exitStatus: String = ExitStatus.help
    ) {
        self.command = command
        self.synopsis = synopsis
        self.summary = summary
        self.options = options + [.help]
        self.operand = operand
        self.notes = notes
        self.examples = examples
        self.exitStatus = exitStatus
    }

    /// What the command line asks for.
    public enum Parsed {
        case run(Options)
        /// `-h` or `--help`: print ``help`` and exit 0.
        case help
    }

    /// Reads `arguments` (the words after the command) into `initial`, by the rule above.
    public func parse(_ arguments: some Sequence<String>, from initial: Options) throws(UsageError) -> Parsed {
        var options = initial
        var words = Array(arguments)[...]
        var optionsEnded = false
        while let word = words.popFirst() {
            guard !optionsEnded, word.hasPrefix("-"), word != "-" else {
                guard let operand else { throw UsageError("unexpected argument '\(word)'") }
                try operand.take(&options, word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, attachedValue) = Self.split(word)
            guard let option = self.options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(unknownOptionMessage(name))
            }
            func takeNoValue() throws(UsageError) {
                if attachedValue != nil { throw UsageError("\(name) takes no value") }
            }
            switch option.kind {
            case .help:
                try takeNoValue()
                return .help
            case .flag(let set):
                try takeNoValue()
                try set(&options)
            case .value(_, let set):
                guard let value = attachedValue ?? words.popFirst() else { throw UsageError("\(name) needs a value") }
                try set(&options, value)
            case .refused(let reason):
                throw UsageError(reason)
            }
        }
        return .run(options)
    }

    /// Runs the command: reads `arguments` into `initial` and hands the options to `body`. The
    /// help is printed instead when asked for; a usage error, from reading or thrown by `body`
    /// (checking what the options name: no items, an index out of range), is said on standard
    /// error, and the status is ``ExitStatus/usage``.
    public func run(_ arguments: [String], from initial: Options, _ body: (Options) throws(UsageError) -> ExitStatus) -> ExitStatus {
        do throws(UsageError) {
            switch try parse(arguments, from: initial) {
            case .help: return Output.print(help, for: command)
            case .run(let options): return try body(options)
            }
        } catch {
            return error.report(for: command)
        }
    }

    /// `--name=value` as (`--name`, `value`); a word without `=` as (word, nil).
    static func split(_ word: String) -> (name: String, value: String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private func unknownOptionMessage(_ name: String) -> String {
        guard let operand else { return "unknown option '\(name)'" }
        return "unknown option '\(name)' (put '--' before \(operand.name)s that start with '-')"
    }

    /// The `--help` text: usage line, summary, one aligned line per option, notes, the
    /// exit-status table and examples, ending in a newline.
    public var help: String {
        let listed = options.filter(\.isListed)
        let column = (listed.map(\.label.count).max() ?? 0) + 4  // two before the names, two after
        let rows = listed.map { option in
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            let first = "  " + option.label + String(repeating: " ", count: column - 2 - option.label.count) + lines[0]
            return ([first] + lines.dropFirst().map { String(repeating: " ", count: column) + $0 }).joined(separator: "\n")
        }
        let paragraphs =
            ["Usage: \(command) \(synopsis)", summary, "Options:\n" + rows.joined(separator: "\n")]
            + notes + [exitStatus] + (examples.map { [$0] } ?? [])
        return paragraphs.joined(separator: "\n\n") + "\n"
    }
}

extension UsageError {
    /// The error as `command: message`, and where to find the help.
    public func text(for command: String) -> String {
        "\(command): \(message)\nTry '\(command) --help' for more information."
    }

    /// Says ``text(for:)`` on standard error and gives the status of a usage error.
    public func report(for command: String) -> ExitStatus {
        Output.say(text(for: command))
        return .usage
    }
}
