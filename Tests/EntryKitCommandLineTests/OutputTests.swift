import Glibc
import Testing

@testable import EntryKitCommandLine

/// The one writer: all of the text, or an error a script can rely on.
@Suite struct OutputTests {
    @Test func writesEverythingToTheDescriptor() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = String(repeating: "línea\n", count: 5_000)  // 35 KB: within a pipe's buffer, so one thread writes, then reads
        try Output.write(text, to: ends[1])
        close(ends[1])
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = Glibc.read(ends[0], &chunk, chunk.count), count > 0 { read += chunk[..<count] }
        #expect(String(decoding: read, as: UTF8.self) == text)
    }

    @Test func aFullDiskIsAnErrorNotASilentSuccess() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        #expect(throws: SystemError(errno: ENOSPC)) { try Output.write("answer\n", to: full) }
        #expect(SystemError(errno: ENOSPC).description == "No space left on device")
    }

    @Test func aClosedDescriptorIsAnError() {
        #expect(throws: SystemError(errno: EBADF)) { try Output.write("answer\n", to: 1_000) }
    }
}
