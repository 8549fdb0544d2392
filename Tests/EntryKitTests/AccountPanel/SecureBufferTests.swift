import CEntryKit
import CEntryKit.TestHooks
import CGtk
import EntryKitTestSupport
import Foundation
import Testing

@testable import EntryKit

/// The password field's buffer: where its bytes lie and that they are zero once deleted.
@MainActor @Suite(.serialized) struct SecureBufferTests {
    init() throws { try TestDisplay.require() }

    private func makeBuffer() -> GObjectReference {
        GObjectReference(transferFull: ek_secure_buffer_new()!)
    }

    private func insert(_ text: String, into buffer: GObjectReference, at position: UInt32 = UInt32.max) {
        gtk_entry_buffer_insert_text(buffer.cast(), min(position, gtk_entry_buffer_get_length(buffer.cast())), text, -1)
    }

    private func text(of buffer: GObjectReference) -> String {
        String(cString: gtk_entry_buffer_get_text(buffer.cast()))
    }

    /// The kernel's flags of the mapping holding `address`, from /proc/self/smaps (`lo`: locked,
    /// `dd`: not dumped, `dc`: not copied on fork).
    private func mappingFlags(containing address: UnsafeRawPointer) throws -> Set<String> {
        // Read to the end: /proc files report size 0, and a one-shot read gets only the first chunk.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, line.hasPrefix("VmFlags:") {
                return Set(fields.dropFirst().map(String.init))
            }
        }
        throw CocoaError(.fileReadUnknown)
    }

    @Test func textLiesInLockedUndumpedMemory() throws {
        let buffer = makeBuffer()
        insert("correct horse", into: buffer)
        #expect(text(of: buffer) == "correct horse")
        #expect(ek_secure_buffer_is_locked(buffer.opaque) != 0)
        let flags = try mappingFlags(containing: gtk_entry_buffer_get_text(buffer.cast()))
        #expect(flags.isSuperset(of: ["lo", "dd", "dc"]), "VmFlags: \(flags.sorted())")
    }

    @Test func insertAndDeleteCountCharactersNotBytes() {
        let buffer = makeBuffer()
        insert("日本語", into: buffer)
        insert("x", into: buffer, at: 1)
        #expect(text(of: buffer) == "日x本語")
        #expect(gtk_entry_buffer_get_length(buffer.cast()) == 4)
        gtk_entry_buffer_delete_text(buffer.cast(), 2, 1)
        #expect(text(of: buffer) == "日x語")
        #expect(gtk_entry_buffer_get_bytes(buffer.cast()) == 7)
    }

    @Test func deletedBytesAreZero() {
        let buffer = makeBuffer()
        insert("abcdefgh", into: buffer)
        let bytes = UnsafeRawPointer(gtk_entry_buffer_get_text(buffer.cast())!)
        gtk_entry_buffer_delete_text(buffer.cast(), 2, 3)  // "cde"
        #expect(Array(UnsafeRawBufferPointer(start: bytes, count: 9)) == Array("abfgh".utf8) + [0, 0, 0, 0])
        ek_secure_buffer_wipe(buffer.opaque)
        #expect(Array(UnsafeRawBufferPointer(start: bytes, count: 9)) == [UInt8](repeating: 0, count: 9))
        #expect(gtk_entry_buffer_get_length(buffer.cast()) == 0)
    }

    /// Every mapping is handed to the release observer after its wipe: on growth and on finalize.
    @Test func memoryIsZeroWhenReleasedOnGrowthAndFinalize() {
        final class Releases {
            var sizes: [Int] = []
            var allZero = true
        }
        let releases = Releases()
        ek_secure_memory_set_release_observer(
            { memory, size, data in
                let releases = Unmanaged<Releases>.fromOpaque(data!).takeUnretainedValue()
                releases.sizes.append(size)
                if UnsafeRawBufferPointer(start: memory, count: size).contains(where: { $0 != 0 }) { releases.allZero = false }
            }, Unmanaged.passUnretained(releases).toOpaque())
        defer { ek_secure_memory_set_release_observer(nil, nil) }

        var buffer: GObjectReference? = makeBuffer()
        let probe = GObjectFinalizationProbe(buffer!)
        insert("first", into: buffer!)
        insert(String(repeating: "p", count: 5000), into: buffer!)  // outgrows the first page
        #expect(releases.sizes.count == 1, "growing releases the old mapping")
        #expect(text(of: buffer!).hasPrefix("firstppp"))
        buffer = nil
        #expect(probe.isFinalized)
        #expect(releases.sizes.count == 2, "finalize releases the last mapping")
        #expect(releases.sizes.last! >= 5006)
        #expect(releases.allZero, "every released byte must be zero")
    }

    @Test func writesRawAndJSONEscapedBytesToADescriptor() throws {
        let buffer = makeBuffer()
        insert("a\"b\\c|日\n\u{1}", into: buffer)
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        #expect(ek_secure_buffer_write_to_fd(buffer.opaque, fd) == 0)
        #expect(ek_secure_buffer_write_json_to_fd(buffer.opaque, fd) == 0)
        try pipe.fileHandleForWriting.close()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(written == "a\"b\\c|日\n\u{1}" + #"a\"b\\c|日\u000a\u0001"#)
    }

    /// A pinentry's `D` lines: escaped as Assuan escapes, no line past 1000 bytes, an escape
    /// never split, and nothing at all for an empty passphrase.
    @Test func writesAssuanDataLinesSplitAtTheLineLimit() throws {
        func written(_ text: String) throws -> String {
            let buffer = makeBuffer()
            insert(text, into: buffer)
            let pipe = Pipe()
            #expect(ek_secure_buffer_write_assuan_data_to_fd(buffer.opaque, pipe.fileHandleForWriting.fileDescriptor) == 0)
            try pipe.fileHandleForWriting.close()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(try written("") == "")
        #expect(try written("100%\na\rb 日") == "D 100%25%0Aa%0Db 日\n")
        let long = String(repeating: "x", count: 997) + "%" + String(repeating: "y", count: 1500)
        let lines = try written(long).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("D ") && $0.utf8.count <= 1000 })
        #expect(lines.count == 4)
        #expect(lines[0] == "D " + String(repeating: "x", count: 997))  // "%25" would not fit
        let joined = lines.dropLast().map { $0.dropFirst(2) }.joined()
        #expect(joined == String(repeating: "x", count: 997) + "%25" + String(repeating: "y", count: 1500))
    }

    /// An answer put together from bytes in locked memory of their own (a secret from the
    /// keyring): appended and read back where they lie, in locked memory, and as `D` lines
    /// exactly as the password field's writer writes them.
    @Test func anAnswerTakesLockedBytesAndAssuanDataAndReadsThemBack() throws {
        let secret = Array("100%\nsure 日".utf8)
        let answer = SecureAnswer()
        answer.append("S PASSWORD_FROM_CACHE\n")
        secret.withUnsafeBytes { answer.appendAssuanData($0) }
        secret.withUnsafeBytes { answer.append(bytes: $0) }
        answer.appendAssuanData(UnsafeRawBufferPointer(start: nil, count: 0))
        let read = answer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(read == "S PASSWORD_FROM_CACHE\nD 100%25%0Asure 日\n100%\nsure 日")
        let flags = try answer.withUnsafeBytes { try mappingFlags(containing: $0.baseAddress!) }
        #expect(flags.isSuperset(of: ["lo", "dd", "dc"]), "VmFlags: \(flags.sorted())")

        let long = Array((String(repeating: "x", count: 997) + "%" + String(repeating: "y", count: 1500)).utf8)
        let fromBytes = SecureAnswer()
        long.withUnsafeBytes { fromBytes.appendAssuanData($0) }
        let buffer = makeBuffer()
        insert(String(decoding: long, as: UTF8.self), into: buffer)
        let pipe = Pipe()
        #expect(ek_secure_buffer_write_assuan_data_to_fd(buffer.opaque, pipe.fileHandleForWriting.fileDescriptor) == 0)
        try pipe.fileHandleForWriting.close()
        let written = pipe.fileHandleForReading.readDataToEndOfFile()
        #expect(fromBytes.withUnsafeBytes { Array($0) } == Array(written))
    }
}
