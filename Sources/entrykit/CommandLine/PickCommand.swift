import CGtk
import EntryKit
import Foundation

/// `entrykit pick`: a picker field as a shell command, printing the item picked.
///
/// ```sh
/// size=$(entrykit pick --title Size Small Medium Large)
/// ls /usr/share/zoneinfo | entrykit pick --print-index --index 3
/// ```
@MainActor
enum PickCommand {
    static let timeoutStatus: Int32 = 5

    static func run(_ arguments: [String], standardInput: FileHandle = .standardInput) -> Int32 {
        let options: PickOptions
        switch PickOptions.parse(arguments) {
        case .help:
            writeAll(STDOUT_FILENO, PickOptions.usage)
            return 0
        case .misuse(let message):
            return misuse(message)
        case .run(let parsed):
            options = parsed
        }
        let items: ListItems
        if !options.items.isEmpty {
            items = ListItems(options.items)
        } else if isatty(standardInput.fileDescriptor) != 0 {
            return misuse("no items: give them as arguments or as lines on standard input")
        } else {
            do {
                // --timeout counts from the start, input that never comes included.
                guard let bytes = try readAll(standardInput.fileDescriptor, timeout: options.timeout) else { return timeoutStatus }
                items = ListItems(lines: bytes)
            } catch {
                return misuse("cannot read standard input: \(error)")
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
            return 2
        }
        var status: Int32?
        let dialog = PickDialog(title: options.title, message: options.text, items: items, index: options.index)
        dialog.onFinish = { index in
            guard let index else { status = status ?? 1; return }
            do {
                try writeAnswer(STDOUT_FILENO, (options.printsIndex ? String(index) : items[index]) + "\n")
                status = 0
            } catch {
                writeAll(STDERR_FILENO, "entrykit pick: cannot write the answer: \(error)\n")
                status = 1
            }
        }
        dialog.showAll()
        guard MainLoop.wait(until: { status != nil }, timeout: options.timeout) else {
            dialog.destroy()
            return timeoutStatus
        }
        return status!
    }

    private static func misuse(_ message: String) -> Int32 {
        writeAll(STDERR_FILENO, "entrykit pick: \(message)\nTry 'entrykit pick --help' for more information.\n")
        return 2
    }
}
