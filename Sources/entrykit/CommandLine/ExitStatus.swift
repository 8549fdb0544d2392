/// The exit statuses of every `entrykit` command: one table, printed the same by each `--help`
/// and in the README, so a script can tell a cancel from a broken session.
enum ExitStatus {
    /// The dialog was answered (the answer is printed), or a command that is no dialog worked.
    static let answered: Int32 = 0
    /// Cancelled (Cancel, Escape, the window closed), or the answer could not be written or
    /// printed unambiguously: nothing usable is on standard output.
    static let cancelled: Int32 = 1
    /// Bad arguments or input (the message says which); nothing was shown.
    static let usage: Int32 = 2
    /// No dialog could be shown: no display, or the display refused the connection.
    static let cannotShowDialog: Int32 = 3
    /// `--timeout` ran out before an answer (as zenity's 5).
    static let timedOut: Int32 = 5

    /// The table for `--help`.
    static let help = """
        Exit status:
          0  answered: the answer is on standard output
          1  cancelled or closed, or the answer could not be written (nothing printed)
          2  bad arguments or input (nothing shown)
          3  no dialog could be shown (no display, or it refused the connection)
          5  --timeout ran out
        """
}
