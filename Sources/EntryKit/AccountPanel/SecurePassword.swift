import CEntryKit
import CGtk
import Glibc

/// A password in locked memory, lent to a closure: readable while the closure runs, wiped after.
///
/// The bytes (UTF-8, no terminator) live in the password field's secure buffer: `mlock`ed, left
/// out of core dumps, and wiped when the panel closes. Read them with ``withUnsafeBytes(_:)`` or
/// write them to a file descriptor; neither copies them into Swift-managed memory. Once the
/// closure that received the password returns, the value is empty.
///
/// ```swift
/// AccountPanel.showSecurely(AccountRequest(title: "Mail")) { accepted, username, password in
///     guard accepted, let password else { return }
///     password.withUnsafeBytes { bytes in keyring.unlock(user: username, secret: bytes) }
/// }   // the bytes are zero from here on
/// ```
@MainActor
public final class SecurePassword {
    private let buffer: GObjectReference
    private var isLent = true

    init(buffer: GObjectReference) {
        self.buffer = buffer
    }

    /// The number of UTF-8 bytes; 0 after the lending closure returned.
    public var count: Int {
        guard isLent else { return 0 }
        return Int(gtk_entry_buffer_get_bytes(buffer.cast()))
    }

    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the password's bytes where they lie in locked memory.
    ///
    /// The pointer is valid during `body` only; do not copy the bytes into a `String`, an
    /// `Array` or `Data`, which live in ordinary memory that is neither locked nor wiped.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard isLent, let text = gtk_entry_buffer_get_text(buffer.cast()) else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: text, count: count))
    }

    /// A copy in locked memory of its own, for a caller that must hold the password past the
    /// closure it was lent to (to compare it with the same passphrase typed again): copied from
    /// buffer to buffer, never through ordinary memory, and wiped when the copy is released.
    /// Empty once this loan has ended.
    public func keptCopy() -> SecurePassword {
        let copy = GObjectReference(transferFull: ek_secure_buffer_new()!)
        if isLent, let text = gtk_entry_buffer_get_text(buffer.cast()) {
            gtk_entry_buffer_insert_text(copy.cast(), 0, text, Int32(gtk_entry_buffer_get_length(buffer.cast())))
        }
        return SecurePassword(buffer: copy)
    }

    /// A failure to write the password out: the `errno` value.
    public struct WriteError: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Writes the raw bytes to `fd` (a pipe, `--password-fd`) without copying them.
    public func write(to fd: Int32) throws(WriteError) {
        guard isLent else { return }
        let code = ek_secure_buffer_write_to_fd(buffer.opaque, fd)
        if code != 0 { throw WriteError(code: code) }
    }

    /// Writes the bytes to `fd` as the inside of a JSON string, escaping as it goes.
    public func writeJSONEscaped(to fd: Int32) throws(WriteError) {
        guard isLent else { return }
        let code = ek_secure_buffer_write_json_to_fd(buffer.opaque, fd)
        if code != 0 { throw WriteError(code: code) }
    }

    /// Calls `body` with the secure buffer while the loan lasts (for ``SecureAnswer``).
    func withBuffer(_ body: (OpaquePointer) -> Void) {
        if isLent { body(buffer.opaque) }
    }

    /// Writes the bytes to `fd` as Assuan `D` lines, percent-escaped and split at the
    /// protocol's 1000-byte lines (a pinentry's answer to `GETPIN`); nothing when empty.
    public func writeAssuanData(to fd: Int32) throws(WriteError) {
        guard isLent else { return }
        let code = ek_secure_buffer_write_assuan_data_to_fd(buffer.opaque, fd)
        if code != 0 { throw WriteError(code: code) }
    }

    /// The number of Unicode scalars (what a length check counts), read where the bytes lie:
    /// every byte that does not continue a UTF-8 sequence starts one.
    public var scalarCount: Int {
        withUnsafeBytes { bytes in bytes.reduce(0) { count, byte in count + (byte & 0xC0 == 0x80 ? 0 : 1) } }
    }

    /// The password as a `String`. Less safe: the copy lives in ordinary memory, which may be
    /// swapped to disk or dumped with a crash, and which nothing wipes.
    public func makeString() -> String {
        Self.stringsMade += 1
        return withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// How many times ``makeString()`` copied a password out of locked memory (for tests of
    /// code that must never do it).
    package private(set) static var stringsMade = 0

    /// Ends the loan: the panel wipes the bytes after this.
    func endLoan() { isLent = false }
}
