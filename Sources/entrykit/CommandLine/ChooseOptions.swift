/// `entrykit choose [--title T] [--text T] [--rows N] [--editable] [--timeout S] [ITEM...]`,
/// parsed: plain Swift, tested without a display.
struct ChooseOptions: Equatable {
    var title: String?
    var text: String?
    var rows = 10
    var editable = false
    /// Seconds before giving up with exit status 5.
    var timeout: Double?
    /// Empty: read the items from standard input, one per line.
    var items: [String] = []
    /// How much standard input is read at most.
    var inputLimit = InputLimit()
    var help = false

    struct Misuse: Error, Equatable { let message: String }

    init(arguments: [String]) throws(Misuse) {
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--" {
                items.append(contentsOf: words)
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                items.append(word)
                continue
            }
            // Both `--title T` and `--title=T`.
            let (name, inlineValue) = CommandLineWords.splitOption(word)
            func value() throws(Misuse) -> String {
                guard let value = inlineValue ?? words.popFirst() else { throw Misuse(message: "\(name) needs a value") }
                return value
            }
            func noValue() throws(Misuse) {
                if inlineValue != nil { throw Misuse(message: "\(name) takes no value") }
            }
            switch name {
            case "-h", "--help":
                try noValue()
                help = true
            case "--title": title = try value()
            case "--text": text = try value()
            case "--editable":
                try noValue()
                editable = true
            case "--rows":
                let given = try value()
                guard let rows = Int(given), rows > 0 else { throw Misuse(message: "--rows needs a whole number above 0, not '\(given)'") }
                self.rows = rows
            case "--timeout":
                switch CommandLineWords.timeoutSeconds(try value()) {
                case .success(let seconds): timeout = seconds
                case .failure(let misuse): throw Misuse(message: misuse.message)
                }
            case "--max-lines", "--max-bytes":
                let given = try value()
                do { _ = try inputLimit.set(name, to: given) } catch { throw Misuse(message: error.message) }
            default:
                throw Misuse(message: "unknown option '\(name)'")
            }
        }
    }

    static let usage = """
        Usage: entrykit choose [OPTION...] [ITEM...]

        Shows a dialog with a drop-down list of the ITEMs (with none, the lines of standard
        input) and prints the one chosen.

        Options:
          --title TEXT       the window title (default: Choose)
          --text TEXT        the label above the list (default: Choose an item:)
          --rows N           rows shown before the list scrolls (default: 10)
          --editable         allow free text; typing filters the list
          --timeout SECONDS  give up after this long
        \(InputLimit.usage)
          -h, --help         show this help and exit

        In the dialog: Alt+Down or F4 opens the list, Up and Down move, Enter picks, Enter
        again (or OK) prints the choice; Escape closes the list, then cancels.

        \(ExitStatus.help)

        Examples:
          entrykit choose red green blue
          ls | entrykit choose --title Files --text "Open which file?"
          seq 1000000 | entrykit choose --editable

        """
}
