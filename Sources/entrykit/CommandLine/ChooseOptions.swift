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
    var help = false

    /// Exit statuses, as `zenity` and `gum` use them.
    enum Status {
        static let chosen: Int32 = 0
        static let cancelled: Int32 = 1
        static let usage: Int32 = 2
        static let timedOut: Int32 = 5
    }

    struct Misuse: Error, Equatable { let message: String }

    init(arguments: [String]) throws(Misuse) {
        var words = arguments[...]
        func value(of option: String) throws(Misuse) -> String {
            guard let word = words.popFirst() else { throw Misuse(message: "option '\(option)' needs a value") }
            return word
        }
        while let word = words.popFirst() {
            switch word {
            case "-h", "--help": help = true
            case "--title": title = try value(of: word)
            case "--text": text = try value(of: word)
            case "--editable": editable = true
            case "--rows":
                let given = try value(of: word)
                guard let rows = Int(given), rows > 0 else { throw Misuse(message: "--rows needs a whole number above 0, not '\(given)'") }
                self.rows = rows
            case "--timeout":
                let given = try value(of: word)
                guard let seconds = Double(given), seconds > 0, seconds.isFinite else { throw Misuse(message: "--timeout needs a number of seconds above 0, not '\(given)'") }
                timeout = seconds
            case "--":
                items.append(contentsOf: words)
                words = []
            case let option where option.hasPrefix("-") && option.count > 1:
                throw Misuse(message: "unknown option '\(option)' for 'choose'")
            default:
                items.append(word)
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
          -h, --help         show this help and exit

        In the dialog: Alt+Down or F4 opens the list, Up and Down move, Enter picks, Enter
        again (or OK) prints the choice; Escape closes the list, then cancels.

        Exit status: 0 chosen (printed with a newline), 1 cancelled or closed, 2 bad arguments
        or no items, 5 timed out.

        Examples:
          entrykit choose red green blue
          ls | entrykit choose --title Files --text "Open which file?"
          seq 1000000 | entrykit choose --editable

        """
}
