import CEntryKit

/// Keeps the process's memory to itself while it holds secrets.
///
/// The password field's buffer is locked and left out of core files, but copies made outside
/// it (the key events that typed it, text pasted into it) are in ordinary memory, and any
/// process of the same user may read a process's memory (`/proc/PID/mem`, a debugger).
/// ``keepMemoryPrivate()`` closes both ways: the process becomes undumpable (other processes
/// of the same user can no longer attach to it or read its memory; root still can) and writes
/// no core file. It lasts for the rest of the process's life and also stops the user from
/// debugging it, so it is opt-in for applications; `entrykit login` does it before it asks.
///
/// ```swift
/// try ProcessProtection.keepMemoryPrivate()
/// AccountPanel.showSecurely(AccountRequest(title: "Mail")) { accepted, username, password in … }
/// ```
public enum ProcessProtection {
    /// A protection the system refused: the `errno` value.
    public struct Refused: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Makes the process undumpable and sets its core file size limit to 0.
    public static func keepMemoryPrivate() throws(Refused) {
        let code = ek_process_keep_memory_private()
        if code != 0 { throw Refused(code: code) }
    }

    /// Ends the process at once on a crash signal (`SIGSEGV`, `SIGQUIT`, `SIGABRT`…), saying
    /// only which: the runtime's crash report (registers and the memory they point at) is not
    /// printed, and no handler lets a half-dead prompt go on to answer.
    public static func endOnCrashSignals() throws(Refused) {
        let code = ek_process_end_on_crash_signals()
        if code != 0 { throw Refused(code: code) }
    }

    /// What passwords are kept in on this system (memory is mapped to find out when no
    /// password was yet).
    public static var passwordMemory: PasswordMemory { PasswordMemory(ek_secure_memory_kind()) }

    /// The kinds of memory a password can be kept in, strongest first.
    public enum PasswordMemory: String, Sendable {
        /// `memfd_secret(2)`: readable by no other process, not even root, through no descriptor.
        case secret = "secret memory (memfd_secret: no other process, root included, can read it)"
        /// `mlock`ed pages: never swapped, left out of core files; root can read them.
        case locked = "locked memory (mlock: never swapped; root can read it)"
        /// Ordinary pages: the lock limit (`ulimit -l`) refused more.
        case ordinary = "ordinary memory (the lock limit, ulimit -l, refused more; it may be swapped)"

        init(_ kind: EkSecureMemoryKind) {
            switch kind {
            case EK_SECURE_MEMORY_SECRET: self = .secret
            case EK_SECURE_MEMORY_LOCKED: self = .locked
            default: self = .ordinary
            }
        }
    }

    /// Whether the process is undumpable and writes no core file.
    public static var isMemoryPrivate: Bool { ek_process_memory_is_private() != 0 }
}
