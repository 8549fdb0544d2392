/// What the command line asks `entrykit` to do: the first word names the command, and each
/// command reads the words after it with its own ``CommandSyntax``.
public enum AppCommand: Equatable {
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
    /// `entrykit pinentry`: gpg-agent's Assuan passphrase prompt on standard input and output.
    case pinentry([String])
    /// `entrykit askpass PROMPT`: the `SSH_ASKPASS`, `SUDO_ASKPASS` and `GIT_ASKPASS` program.
    case askpass([String])
    /// `entrykit credential get|store|erase`: git's credential helper protocol.
    case credential([String])
    /// `entrykit polkit-agent`: polkit's authentication agent, resident.
    case polkitAgent([String])
    /// Words that mean nothing.
    case misuse(UsageError)

    /// The names the binary is also installed under (a link or a wrapper), each running one
    /// command with every argument, as clients call them: gpg-agent runs `pinentry-entrykit`,
    /// git `git-credential-entrykit get`, ssh `entrykit-askpass PROMPT`, a desktop's autostart
    /// `entrykit-polkit-agent`.
    public static let programNames = ["pinentry-entrykit", "entrykit-askpass", "git-credential-entrykit", "entrykit-polkit-agent"]

    /// The command for a process started as `programPath` (its `argv[0]`) with the raw words
    /// after it. A word that is not valid UTF-8 is a usage error naming it: decoding would put
    /// U+FFFD in its place, and a name, item or title would silently differ from the one given.
    public init(programPath: String, argumentBytes: [[UInt8]]) {
        var arguments: [String] = []
        for (index, bytes) in argumentBytes.enumerated() {
            guard let word = String(validating: bytes, as: UTF8.self) else {
                let shown = String(decoding: bytes, as: UTF8.self)
                self = .misuse(UsageError("argument \(index + 1) ('\(shown)') is not valid UTF-8 text"))
                return
            }
            arguments.append(word)
        }
        self.init(programPath: programPath, arguments: arguments)
    }

    /// The command for a process started as `programPath` (its `argv[0]`) with `arguments`.
    public init(programPath: String, arguments: [String]) {
        switch programPath.split(separator: "/").last {
        case "pinentry-entrykit": self = .pinentry(arguments)
        case "entrykit-askpass": self = .askpass(arguments)
        case "git-credential-entrykit": self = .credential(arguments)
        case "entrykit-polkit-agent": self = .polkitAgent(arguments)
        default: self.init(arguments: arguments)
        }
    }

    public init(arguments: [String]) {
        guard let first = arguments.first else {
            self = .gallery
            return
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help": self = .help
        case "strings": self = .strings(rest)
        case "login": self = .login(rest)
        case "choose": self = .choose(rest)
        case "pick": self = .pick(rest)
        case "pinentry": self = .pinentry(rest)
        case "askpass": self = .askpass(rest)
        case "credential": self = .credential(rest)
        case "polkit-agent": self = .polkitAgent(rest)
        case let word where !word.hasPrefix("-"): self = .misuse(UsageError("unknown command '\(word)'"))
        default:
            // Options of entrykit itself; any other word after them means nothing.
            do {
                switch try Self.syntax.parse(arguments, from: false) {
                case .help: self = .help
                case .run(let showsVersion): self = showsVersion ? .version : .gallery
                }
            } catch {
                self = .misuse(error)
            }
        }
    }

    /// The options of `entrykit` itself; the option set is whether `--version` was given.
    public static let syntax = CommandSyntax<Bool>(
        command: "entrykit",
        synopsis: "[COMMAND]",
        summary: """
            Text-entry widgets and a login dialog for the Linux desktop.
            With no command, opens the gallery window.

            Commands:
              login [OPTIONS]           ask for a username and a password in a dialog and print
                                        them (entrykit login --help)
              choose [ITEM...]          pick one item from a drop-down list (items from standard
                                        input when none are given); see 'entrykit choose --help'
              pick [OPTIONS] [ITEM...]  pick one of the items (or of the lines of standard input)
                                        in a dialog and print it (entrykit pick --help)
              pinentry                  gpg-agent's passphrase prompt (Assuan on standard input
                                        and output); installed also as pinentry-entrykit
              askpass PROMPT            ask as SSH_ASKPASS, SUDO_ASKPASS or GIT_ASKPASS do and
                                        print the answer; installed also as entrykit-askpass
              credential get|store|erase
                                        git's credential helper; installed also as
                                        git-credential-entrykit (credential.helper = entrykit)
              polkit-agent [OPTIONS]    polkit's authentication agent: asks for an administrator's
                                        password when a program needs one; installed also as
                                        libexec/entrykit/entrykit-polkit-agent
              strings lint FILE...      check .strings and .stringsdict files; errors as
                                        FILE:LINE:COLUMN
              strings dump FILE         print a .strings table as JSON
              strings lookup KEY        print KEY in the current language (--table NAME for
                                        another table than EntryKit)
              strings coverage [DIR...] the keys each language translates, misses, no longer
                                        needs (--json, --strict)
            """,
        options: [.flag("-V", "--version", help: "show the version and exit") { $0 = true }],
        notes: [
            """
            Every command reads its words the same way: an option's value follows it or an '='
            (--title T, --title=T); a word starting with '-' that is no option of the command is
            an error; '--' ends the options, so the words after it are items (or files, keys)
            even when they start with '-'.
            """,
            """
            Environment:
              LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                       the language, in gettext order (ja_JP.UTF-8 → ja_JP, ja, en)
              ENTRYKIT_RESOURCES       extra folders holding xx.lproj/EntryKit.strings, colon-separated
            """,
        ]
    )
}
