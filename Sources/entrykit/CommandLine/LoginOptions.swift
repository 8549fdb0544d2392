/// The words after `entrykit login`, checked; no GTK, so a usage error costs no display.
struct LoginOptions: Equatable {
    /// How the answer is printed.
    enum Output: Equatable {
        /// `username<separator>password` and a newline, as `zenity --password --username`.
        case separated(String)
        /// Each field followed by NUL.
        case null
        /// `{"username":…,"password":…}` and a newline.
        case json
    }

    var title: String?
    var text: String?
    var username: String?
    var output: Output = .separated("|")
    /// Where the password goes instead of standard output.
    var passwordFD: Int32?
    /// Seconds before the panel closes by itself (exit 5).
    var timeout: Double?

    enum Parsed: Equatable {
        case run(LoginOptions)
        case help
        case misuse(String)
    }

    static func parse(_ arguments: [String]) -> Parsed {
        var options = LoginOptions()
        var outputOption: String?
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "-h" || word == "--help" { return .help }
            guard word.hasPrefix("--") else { return .misuse("unexpected argument '\(word)'") }
            // Both `--title T` and `--title=T`.
            let (name, inlineValue) = CommandLineWords.splitOption(word)
            func value() -> String? { inlineValue ?? words.popFirst() }
            func setOutput(_ output: Output) -> String? {
                if let outputOption, outputOption != name {
                    return "\(outputOption) and \(name) cannot be used together"
                }
                outputOption = name
                options.output = output
                return nil
            }
            switch name {
            case "--title", "--text", "--username", "--separator", "--password-fd", "--timeout":
                guard let value = value() else { return .misuse("\(name) needs a value") }
                switch name {
                case "--title": options.title = value
                case "--text": options.text = value
                case "--username": options.username = value
                case "--separator":
                    guard !value.isEmpty else { return .misuse("--separator cannot be empty: the two fields would run together") }
                    if let problem = setOutput(.separated(value)) { return .misuse(problem) }
                case "--password-fd":
                    guard let fd = Int32(value), fd >= 0 else { return .misuse("--password-fd needs a file descriptor number, not '\(value)'") }
                    options.passwordFD = fd
                default:
                    switch CommandLineWords.timeoutSeconds(value) {
                    case .success(let seconds): options.timeout = seconds
                    case .failure(let misuse): return .misuse(misuse.message)
                    }
                }
            case "--null", "--json":
                if inlineValue != nil { return .misuse("\(name) takes no value") }
                if let problem = setOutput(name == "--null" ? .null : .json) { return .misuse(problem) }
            case "--password":
                return .misuse("the password is never taken from arguments; use the dialog (or --password-fd to receive it)")
            default:
                return .misuse("unknown option '\(name)'")
            }
        }
        return .run(options)
    }

    static let usage = """
        Usage: entrykit login [OPTIONS]

        Asks for a username and a password in a dialog and prints them.

        Options:
          --json              print {"username":"…","password":"…"} and a newline
          --null              print USERNAME, NUL, PASSWORD, NUL
          --separator SEP     print USERNAME<SEP>PASSWORD and a newline (default SEP: |,
                              as zenity --password --username prints)
          --title TEXT        the window title (default: "Sign In", localized)
          --text TEXT         a message line above the fields
          --username NAME     pre-fill the username; focus starts in the password field
          --password-fd N     write the password to file descriptor N (in the chosen format,
                              with its terminator) and only the username to standard output;
                              N must be open for writing
          --timeout SECONDS   close the dialog after SECONDS with status 5
          -h, --help          show this help and exit

        --json and --null are unambiguous for any text: use them when a name may come from
        someone else. With a separator, a username holding the separator or a line break, or
        a password holding a line break, is refused in the dialog (it would be misread).
        Empty fields print as empty text. The password is never read from arguments or the
        environment; it goes out straight from locked memory and is wiped after, and while
        the dialog runs no other process of the user can read its memory.

        \(ExitStatus.help)

        """
}
