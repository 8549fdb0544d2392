/// What the command line asks `entrykit` to do.
enum AppCommand: Equatable {
    /// No arguments: open the gallery window.
    case gallery
    case help
    case version
    /// `entrykit strings …`: the `.strings` tools, with the words after `strings`.
    case strings([String])
    /// `entrykit login …`: the account panel as a command, with the words after `login`.
    case login([String])
    /// `entrykit choose …`: the drop-down dialog, with the words after `choose`.
    case choose([String])
    /// `entrykit pick …`: the picker field as a command, with the words after `pick`.
    case pick([String])
    /// Words that mean nothing; the message says which.
    case misuse(String)

    init(arguments: [String]) {
        guard let first = arguments.first else {
            self = .gallery
            return
        }
        switch first {
        case "-h", "--help", "help":
            self = .help
        case "-V", "--version":
            self = arguments.count == 1 ? .version : .misuse("'\(first)' takes no arguments")
        case "strings":
            self = .strings(Array(arguments.dropFirst()))
        case "login":
            self = .login(Array(arguments.dropFirst()))
        case "choose":
            self = .choose(Array(arguments.dropFirst()))
        case "pick":
            self = .pick(Array(arguments.dropFirst()))
        case let word where word.hasPrefix("-"):
            self = .misuse("unknown option '\(word)'")
        default:
            self = .misuse("unknown command '\(first)'")
        }
    }

    static let usage = """
        Usage: entrykit [COMMAND]

        Text-entry widgets and a login dialog for the Linux desktop.
        With no command, opens the gallery window.

        Commands:
          login [OPTIONS]          ask for a username and a password in a dialog and print
                                   them (entrykit login --help)
          choose [ITEM...]         pick one item from a drop-down list (items from standard
                                   input when none are given); see 'entrykit choose --help'
          pick [OPTIONS] [ITEM...] pick one of the items (or of the lines of standard input)
                                   in a dialog and print it (entrykit pick --help)
          strings lint FILE...     check .strings files; errors as FILE:LINE:COLUMN
          strings dump FILE        print a .strings table as JSON
          strings lookup KEY       print KEY in the current language (--table NAME for
                                   another table than EntryKit)

        Options:
          -h, --help               show this help and exit
          -V, --version            show the version and exit

        Environment:
          LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                   the language, in gettext order (ja_JP.UTF-8 → ja_JP, ja, en)
          ENTRYKIT_RESOURCES       extra folders holding xx.lproj/EntryKit.strings, colon-separated

        \(ExitStatus.help)

        """
}
