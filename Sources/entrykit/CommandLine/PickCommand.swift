import CGtk
import EntryKit
import Glibc

/// `entrykit pick`: a picker field as a shell command, printing the item picked.
///
/// ```sh
/// size=$(entrykit pick --title Size Small Medium Large)
/// ls /usr/share/zoneinfo | entrykit pick --print-index --index 3
/// ```
@MainActor
enum PickCommand {
    static func run(_ arguments: [String], standardInput: Int32 = STDIN_FILENO) -> Int32 {
        let options: PickOptions
        switch PickOptions.parse(arguments) {
        case .help:
            writeAll(STDOUT_FILENO, PickOptions.usage)
            return ExitStatus.answered
        case .misuse(let message):
            return misuse(message)
        case .run(let parsed):
            options = parsed
        }
        let items: ListItems
        if !options.items.isEmpty {
            items = ListItems(options.items)
        } else if isatty(standardInput) != 0 {
            return misuse("no items: give them as arguments or as lines on standard input")
        } else {
            do {
                // --timeout counts from the start, input that never comes included.
                guard let bytes = try readAll(standardInput, timeout: options.timeout, limit: options.inputLimit) else {
                    return ExitStatus.timedOut
                }
                items = ListItems(lines: bytes)
            } catch {
                return misuse("\(error)")
            }
        }
        guard !items.isEmpty else { return misuse("no items: give them as arguments or as lines on standard input") }
        if let index = options.index, index >= items.count {
            return misuse("--index \(index) is out of range: there \(items.count == 1 ? "is 1 item" : "are \(items.count) items") (0 to \(items.count - 1))")
        }
        do {
            try GtkRuntime.initialize()
        } catch {
            writeAll(STDERR_FILENO, "entrykit pick: \(error)\n")
            return ExitStatus.cannotShowDialog
        }
        var status: Int32?
        let dialog = PickDialog(title: options.title, message: options.text, items: items, index: options.index)
        dialog.onFinish = { index in
            guard let index else { status = status ?? ExitStatus.cancelled; return }
            do {
                try writeAnswer(STDOUT_FILENO, (options.printsIndex ? String(index) : items[index]) + "\n")
                status = ExitStatus.answered
            } catch {
                writeAll(STDERR_FILENO, "entrykit pick: cannot write the answer: \(error)\n")
                status = ExitStatus.cancelled
            }
        }
        dialog.showAll()
        guard MainLoop.wait(until: { status != nil }, timeout: options.timeout) else {
            dialog.destroyAfterHandlers()
            return ExitStatus.timedOut
        }
        return status!
    }

    private static func misuse(_ message: String) -> Int32 {
        writeAll(STDERR_FILENO, "entrykit pick: \(message)\nTry 'entrykit pick --help' for more information.\n")
        return ExitStatus.usage
    }
}
