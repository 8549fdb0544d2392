import EntryKit
import EntryKitCommandLine

/// `entrykit pick`: a picker field as a shell command, printing the item picked.
///
/// ```sh
/// size=$(entrykit pick --title Size Small Medium Large)
/// ls /usr/share/zoneinfo | entrykit pick --print-index --index 3
/// ```
@MainActor
enum PickCommand {
    static let name = PickOptions.syntax.command

    static func run(_ arguments: [String]) -> ExitStatus {
        PickOptions.syntax.run(arguments, from: PickOptions()) { options throws(UsageError) in
            let items: ListItems
            switch try ItemSource(items: options.items, limit: options.inputLimit) {
            case .arguments(let given):
                items = given
            case .standardInput(let input):
                // The whole input before the dialog (--index is checked against it); --timeout
                // counts from the start, input that never comes included.
                switch input.waitForItems(timeout: options.timeout) {
                case nil: return .timedOut
                case .failure(let failure)?: throw UsageError(failure.description)
                case .success(let read)?: items = read
                }
            }
            guard !items.isEmpty else { throw ItemSource.noItems }
            if let problem = options.indexProblem(itemCount: items.count) { throw problem }
            return show(items, options)
        }
    }

    /// Shows the dialog and prints the pick.
    private static func show(_ items: ListItems, _ options: PickOptions) -> ExitStatus {
        guard startGtk(for: name) else { return .cannotShowDialog }
        var status: ExitStatus?
        let dialog = PickDialog(title: options.title, message: options.text, items: items, index: options.index)
        dialog.onFinish = { index in
            guard let index else {
                status = status ?? .cancelled
                return
            }
            do {
                try Output.write((options.printsIndex ? String(index) : items[index]) + "\n")
                status = .answered
            } catch {
                Output.say("\(name): cannot write the answer: \(error)")
                status = .cancelled
            }
        }
        dialog.showAll()
        guard MainLoop.wait(until: { status != nil }, timeout: options.timeout) else {
            dialog.destroyAfterHandlers()
            return .timedOut
        }
        return status!
    }
}
