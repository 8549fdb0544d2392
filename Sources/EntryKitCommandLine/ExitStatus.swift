/// How an `entrykit` command ended, as the process's exit status. One table for every command,
/// printed the same by each `--help` and in docs/commands.md, so a script can tell a cancel from a
/// broken session.
public struct ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// The number the process exits with.
    public let code: Int32

    private init(_ code: Int32) { self.code = code }

    /// The dialog was answered (the answer is printed), or a command that is no dialog worked.
    public static let answered = ExitStatus(0)
    /// Cancelled (Cancel, Escape, the window closed), or the answer could not be written or
    /// printed unambiguously: nothing usable is on standard output.
    public static let cancelled = ExitStatus(1)
    /// A command that is no dialog (`strings lint`) found errors or could not read a file. The
    /// same number as ``cancelled``: what was asked for is not all there.
    public static let failed = ExitStatus(1)
    /// Bad arguments or input (the message says which); nothing was shown.
    public static let usage = ExitStatus(2)
    /// No dialog could be shown: no display, or the display refused the connection.
    public static let cannotShowDialog = ExitStatus(3)
    /// `entrykit polkit-agent` found no login session to register for (no logind, or the
    /// process is in none).
    public static let noSession = ExitStatus(4)
    /// `--timeout` ran out before an answer (as zenity's 5).
    public static let timedOut = ExitStatus(5)

    public var description: String { String(code) }

    /// The table every `--help` ends with.
    public static let help = """
        Exit status:
          0  answered: the answer is on standard output
          1  cancelled or closed, or the answer could not be written (nothing printed)
          2  bad arguments or input (nothing shown)
          3  no dialog could be shown (no display, or it refused the connection)
          5  --timeout ran out
        """
}
