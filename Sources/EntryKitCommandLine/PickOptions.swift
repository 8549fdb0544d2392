/// `entrykit pick [OPTION...] [ITEM...]`, parsed: plain Swift, so a usage error costs no display.
public struct PickOptions: Equatable, Sendable {
    public var title: String?
    public var text: String?
    /// The item picked when the dialog opens (0-based).
    public var index: Int?
    /// Print the picked item's index instead of its text.
    public var printsIndex = false
    /// Seconds before the dialog closes by itself (``ExitStatus/timedOut``).
    public var timeout: Double?
    /// The items; none means one per line from standard input.
    public var items: [String] = []
    /// How much standard input is read at most.
    public var inputLimit = InputLimit()

    public init() {}

    /// Why ``index`` cannot be picked from `count` items, or nil when it can (or there is none).
    public func indexProblem(itemCount count: Int) -> UsageError? {
        guard let index, index >= count else { return nil }
        return UsageError("--index \(index) is out of range: there \(count == 1 ? "is 1 item" : "are \(count) items") (0 to \(count - 1))")
    }

    public static let syntax = CommandSyntax<PickOptions>(
        command: "entrykit pick",
        synopsis: "[OPTION...] [ITEM...]",
        summary: """
            Shows a dialog with a picker field and prints the item picked. The items are the
            arguments, or the lines of standard input when there are none (words after -- are
            items even when they start with -).
            """,
        options: [
            .text("--title", \.title, help: "the window title (default: \"Pick an Item\", localized)"),
            .text("--text", \.text, help: "a message line above the field"),
            .value("--index", "N", help: "pick item N (0-based) when the dialog opens") { options, value throws(UsageError) in
                guard let index = Int(value), index >= 0 else { throw UsageError("--index needs an item number from 0, not '\(value)'") }
                options.index = index
            },
            .flag("--print-index", help: "print the picked item's index (0-based) instead of its text") { $0.printsIndex = true },
            .timeout(\.timeout),
        ] + CommandOption<PickOptions>.inputLimit(\.inputLimit),
        operand: .init(name: "ITEM") { options, item in options.items.append(item) },
        notes: [
            """
            The picker opens with the dialog. Up and Down change the pick, letters jump to the next
            item starting with them, Enter or OK accepts; Escape closes the picker, restoring the
            pick it opened with, and a second Escape cancels.
            """
        ]
    )
}
