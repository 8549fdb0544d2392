/// `entrykit choose [OPTION...] [ITEM...]`, parsed: plain Swift, tested without a display.
public struct ChooseOptions: Equatable, Sendable {
    public var title: String?
    public var text: String?
    public var rows = 10
    public var editable = false
    /// Seconds before giving up with ``ExitStatus/timedOut``.
    public var timeout: Double?
    /// Empty: read the items from standard input, one per line.
    public var items: [String] = []
    /// How much standard input is read at most.
    public var inputLimit = InputLimit()

    public init() {}

    public static let syntax = CommandSyntax<ChooseOptions>(
        command: "entrykit choose",
        synopsis: "[OPTION...] [ITEM...]",
        summary: """
            Shows a dialog with a drop-down list of the ITEMs (with none, the lines of standard
            input) and prints the one chosen.
            """,
        options: [
            .text("--title", \.title, help: "the window title (default: Choose)"),
            .text("--text", \.text, help: "the label above the list (default: Choose an item:)"),
            .value("--rows", "N", help: "rows shown before the list scrolls (default: 10)") { options, value throws(UsageError) in
                options.rows = try positiveInteger(value, for: "--rows")
            },
            .flag("--editable", help: "allow free text; typing filters the list") { $0.editable = true },
            .timeout(\.timeout),
        ] + CommandOption<ChooseOptions>.inputLimit(\.inputLimit),
        operand: .init(name: "ITEM") { options, item in options.items.append(item) },
        notes: [
            """
            In the dialog: Alt+Down or F4 opens the list, Up and Down move, Enter picks, Enter
            again (or OK) prints the choice; Escape closes the list, then cancels.
            """
        ],
        examples: """
            Examples:
              entrykit choose red green blue
              ls | entrykit choose --title Files --text "Open which file?"
              seq 1000000 | entrykit choose --editable
            """
    )
}
