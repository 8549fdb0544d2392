import Glibc

/// Reading or writing failed; `description` is the system's reason (`Broken pipe`).
public struct SystemError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String

    public init(errno code: Int32) { description = String(cString: strerror(code)) }
}

/// The one way `entrykit` writes to its descriptors: all of it, or an error. A script must never
/// take a lost answer (a closed pipe, a full disk) for one given, so what is asked for goes
/// through ``write(_:to:)``, which throws; messages go through ``say(_:)``.
/// (The password alone is written by the C secure buffer, from its locked memory.)
public enum Output {
    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
    public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) throws(SystemError) {
        var text = text
        let failure = text.withUTF8 { bytes in write(UnsafeRawBufferPointer(bytes), to: descriptor) }
        if let failure { throw failure }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> SystemError? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return SystemError(errno: errno)
            }
            offset += written
        }
        return nil
    }

    /// One message and a newline on standard error; a failure there has nowhere to be told.
    public static func say(_ message: String) {
        try? write(message + "\n", to: STDERR_FILENO)
    }

    /// Prints `text` (a help, a version) on standard output for `command`: answered, or, when it
    /// cannot be written, the reason on standard error and ``ExitStatus/cancelled``.
    public static func print(_ text: String, for command: String) -> ExitStatus {
        do {
            try write(text)
            return .answered
        } catch {
            say("\(command): cannot write to standard output: \(error)")
            return .cancelled
        }
    }
}
