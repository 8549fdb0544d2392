import CEntryKit
import Glibc

/// An answer holding a password (`name|password` and a newline), put together in the password's
/// kind of memory and written whole: one `write` where the descriptor takes it, short writes
/// retried, a full non-blocking pipe waited for. A failed write says how far it got; a partial
/// answer in a regular file is cut off again (what reached a pipe or a terminal cannot be
/// recalled). The memory is wiped when the answer is released.
///
/// ```swift
/// let answer = SecureAnswer()
/// answer.append("ada|")
/// answer.append(password)
/// answer.append("\n")
/// try answer.write(to: STDOUT_FILENO)
/// ```
@MainActor
public final class SecureAnswer {
    private let answer = ek_secure_answer_new()

    public init() {}

    isolated deinit { ek_secure_answer_free(answer) }

    public func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ek_secure_answer_append(answer, $0.baseAddress, gsize($0.count)) }
        }
    }

    /// Appends bytes that lie in locked memory of their own (a secret from the keyring, part of
    /// a request read into locked memory), copied from there and nowhere else.
    public func append(bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        ek_secure_answer_append(answer, base.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
    }

    /// Appends such bytes as Assuan `D` lines, a pinentry's answer to `GETPIN` (see
    /// ``SecurePassword/writeAssuanData(to:)``): nothing for no bytes.
    public func appendAssuanData(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        ek_secure_answer_append_assuan_data(answer, base.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
    }

    /// Calls `body` with the bytes put together so far, where they lie in locked memory; do not
    /// copy them into a `String`, an `Array` or `Data`.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var length: gsize = 0
        let bytes = ek_secure_answer_get_bytes(answer, &length)
        return try body(UnsafeRawBufferPointer(start: length > 0 ? bytes : nil, count: Int(length)))
    }

    /// Calls `body` with the C answer, for C that fills it (reading a secret from a descriptor).
    package func withUnsafeAnswer<Result>(_ body: (OpaquePointer) throws -> Result) rethrows -> Result {
        try body(answer!)
    }

    /// How the password is written into the answer.
    public enum Encoding {
        /// Its bytes as they are.
        case raw
        /// As the inside of a JSON string.
        case json
    }

    /// Appends the password from where it lies; nothing once its loan has ended.
    public func append(_ password: SecurePassword?, as encoding: Encoding = .raw) {
        password?.withBuffer { buffer in
            ek_secure_answer_append_secret(answer, buffer, encoding == .json ? EK_SECRET_JSON : EK_SECRET_RAW)
        }
    }

    /// The answer did not reach its descriptor whole.
    public struct Incomplete: Error, CustomStringConvertible {
        /// The `errno` value of the write that failed.
        public let code: Int32
        /// Bytes that stayed written, of `total`.
        public let written: Int
        public let total: Int
        /// Whether the bytes written before the failure were cut from a regular file again.
        public let recalled: Bool

        public var description: String {
            let reason = String(cString: strerror(code))
            if recalled { return "\(reason); the part written was removed from the file" }
            return "\(reason) after \(written) of \(total) bytes"
        }
    }

    public func write(to fd: Int32) throws(Incomplete) {
        let result = ek_secure_answer_write(answer, fd)
        guard result.error != 0 else { return }
        throw Incomplete(code: result.error, written: Int(result.written), total: Int(result.total), recalled: result.recalled != 0)
    }
}
