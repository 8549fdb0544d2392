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

    /// Whether the process is undumpable and writes no core file.
    public static var isMemoryPrivate: Bool { ek_process_memory_is_private() != 0 }
}
