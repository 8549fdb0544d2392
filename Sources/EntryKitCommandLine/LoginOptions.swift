import Glibc

/// `entrykit login [OPTION...]`, parsed: plain Swift, so a usage error costs no display.
public struct LoginOptions: Equatable, Sendable {
    /// How the answer is printed.
    public enum Output: Equatable, Sendable {
        /// `username<separator>password` and a newline, as `zenity --password --username`.
        case separated(String)
        /// Each field followed by NUL.
        case null
        /// `{"username":…,"password":…}` and a newline.
        case json
    }

    public var title: String?
    public var text: String?
    public var username: String?
    public var output: Output = .separated("|")
    /// Where the password goes instead of standard output.
    public var passwordFD: Int32?
    /// Seconds before the panel closes by itself (``ExitStatus/timedOut``).
    public var timeout: Double?
    /// Whether the dialog holds the keyboard while it is up (`--no-grab`: not).
    public var grabsKeyboard = true
    /// The option that chose ``output``: another one is refused, not silently taken.
    private var outputChosenBy: String?

    public init() {}

    /// The most a GTK entry holds (GtkEntryBuffer stops at 65,535 bytes with its NUL): a longer
    /// `--username` would be cut without a word.
    public static let maximumUsernameBytes = 65_534

    private mutating func setOutput(_ output: Output, by option: String) throws(UsageError) {
        if let outputChosenBy, outputChosenBy != option {
            throw UsageError("\(outputChosenBy) and \(option) cannot be used together")
        }
        outputChosenBy = option
        self.output = output
    }

    /// Why ``passwordFD`` cannot take the password, checked before anything shows, so that a
    /// failure never follows a username already printed. (Descriptors 0 to 2, which
    /// ``StandardDescriptors/keepApart()`` may have put `/dev/null` on, are refused as options.)
    public func passwordFDProblem() -> UsageError? {
        guard let fd = passwordFD else { return nil }
        let flags = fcntl(fd, F_GETFL)
        if flags == -1 { return UsageError("--password-fd \(fd) is not an open file descriptor") }
        let access = flags & O_ACCMODE
        if access != O_WRONLY && access != O_RDWR { return UsageError("--password-fd \(fd) is not open for writing") }
        return nil
    }

    public static let syntax = CommandSyntax<LoginOptions>(
        command: "entrykit login",
        synopsis: "[OPTION...]",
        summary: "Asks for a username and a password in a dialog and prints them.",
        options: [
            .flag("--json", help: "print {\"username\":\"…\",\"password\":\"…\"} and a newline") { options throws(UsageError) in
                try options.setOutput(.json, by: "--json")
            },
            .flag("--null", help: "print USERNAME, NUL, PASSWORD, NUL") { options throws(UsageError) in
                try options.setOutput(.null, by: "--null")
            },
            .value(
                "--separator", "SEP",
                help: "print USERNAME<SEP>PASSWORD and a newline (default SEP: |,\nas zenity --password --username prints)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--separator cannot be empty: the two fields would run together") }
                try options.setOutput(.separated(value), by: "--separator")
            },
            .flag("--no-grab", help: "do not hold the keyboard while the dialog is up (an X11 grab,\na Wayland overlay)") {
                options throws(UsageError) in options.grabsKeyboard = false
            },
            .text("--title", \.title, help: "the window title (default: \"Sign In\", localized)"),
            .text("--text", \.text, help: "a message line above the fields"),
            .value("--username", "NAME", help: "pre-fill the username; focus starts in the password field") {
                options, value throws(UsageError) in
                let bytes = value.utf8.count
                guard bytes <= maximumUsernameBytes else {
                    throw UsageError(
                        "--username is \(bytes) bytes long; the field holds at most \(maximumUsernameBytes) bytes of UTF-8 text")
                }
                options.username = value
            },
            .value(
                "--password-fd", "N",
                help:
                    "write the password to file descriptor N (in the chosen format,\nwith its terminator) and only the username to standard output;\nN must be 3 or above and open for writing"
            ) { options, value throws(UsageError) in
                guard let fd = Int32(value), fd >= 0 else {
                    throw UsageError("--password-fd needs a file descriptor number, not '\(value)'")
                }
                guard fd > STDERR_FILENO else {
                    throw UsageError(
                        "--password-fd \(fd) is standard \(["input", "output", "error"][Int(fd)]): the password would go where the name goes, or to a terminal or a log; use 3 or above"
                    )
                }
                options.passwordFD = fd
            },
            .timeout(\.timeout),
            .refused("--password", because: "the password is never taken from arguments; use the dialog (or --password-fd to receive it)"),
        ],
        notes: [
            """
            --json and --null are unambiguous for any text: use them when a name may come from
            someone else. With a separator, a username holding the separator or a line break, or
            a password holding a line break, is refused in the dialog (it would be misread).
            Empty fields print as empty text. The password is never read from arguments or the
            environment; it goes out straight from secure memory and is wiped after, and while
            the dialog runs no other process of the user can read its memory.
            """
        ]
    )
}
