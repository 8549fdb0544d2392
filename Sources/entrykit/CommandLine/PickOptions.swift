/// The words after `entrykit pick`, checked; no GTK, so a usage error costs no display.
struct PickOptions: Equatable {
    var title: String?
    var text: String?
    /// The item picked when the dialog opens (0-based).
    var index: Int?
    /// Print the picked item's index instead of its text.
    var printsIndex = false
    /// Seconds before the dialog closes by itself (exit 5).
    var timeout: Double?
    /// The items; none means one per line from standard input.
    var items: [String] = []
    /// How much standard input is read at most.
    var inputLimit = InputLimit()

    enum Parsed: Equatable {
        case run(PickOptions)
        case help
        case misuse(String)
    }

    static func parse(_ arguments: [String]) -> Parsed {
        var options = PickOptions()
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--" {
                options.items += words
                break
            }
            if word == "-h" || word == "--help" { return .help }
            guard word.hasPrefix("--") else {
                options.items.append(word)
                continue
            }
            let (name, inlineValue) = CommandLineWords.splitOption(word)
            switch name {
            case "--title", "--text", "--index", "--timeout", "--max-lines", "--max-bytes":
                guard let value = inlineValue ?? words.popFirst() else { return .misuse("\(name) needs a value") }
                switch name {
                case "--title": options.title = value
                case "--text": options.text = value
                case "--index":
                    guard let index = Int(value), index >= 0 else { return .misuse("--index needs an item number from 0, not '\(value)'") }
                    options.index = index
                case "--max-lines", "--max-bytes":
                    do { _ = try options.inputLimit.set(name, to: value) } catch { return .misuse(error.message) }
                default:
                    switch CommandLineWords.timeoutSeconds(value) {
                    case .success(let seconds): options.timeout = seconds
                    case .failure(let misuse): return .misuse(misuse.message)
                    }
                }
            case "--print-index":
                if inlineValue != nil { return .misuse("--print-index takes no value") }
                options.printsIndex = true
            default:
                return .misuse("unknown option '\(name)'")
            }
        }
        return .run(options)
    }

    static let usage = """
        Usage: entrykit pick [OPTIONS] [ITEM...]

        Shows a dialog with a picker field and prints the item picked. The items are the
        arguments, or the lines of standard input when there are none (words after -- are
        items even when they start with --).

        Options:
          --title TEXT        the window title (default: "Pick an Item", localized)
          --text TEXT         a message line above the field
          --index N           pick item N (0-based) when the dialog opens
          --print-index       print the picked item's index (0-based) instead of its text
          --timeout SECONDS   close the dialog after SECONDS with status 5
        \(InputLimit.usage)
          -h, --help          show this help and exit

        The picker opens with the dialog. Up and Down change the pick, letters jump to the next
        item starting with them, Enter or OK accepts; Escape closes the picker, restoring the
        pick it opened with, and a second Escape cancels.

        \(ExitStatus.help)

        """
}
