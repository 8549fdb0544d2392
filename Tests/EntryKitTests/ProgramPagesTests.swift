import Foundation
import Testing

@testable import EntryKit

/// A waiting program gives back its own read-only pages, and runs on as before.
@Suite struct ProgramPagesTests {
    /// Resident kilobytes of the program file's mappings without write permission.
    static func residentReadOnlyProgramKB() throws -> Int {
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var resident = 0
        var inReadOnlyProgramMapping = false
        for line in try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                inReadOnlyProgramMapping = fields.count > 5 && fields[5] == program && !fields[1].contains("w")
            } else if inReadOnlyProgramMapping, fields.first == "Rss:", fields.count > 1, let kilobytes = Int(fields[1]) {
                resident += kilobytes
            }
        }
        return resident
    }

    @Test func theProgramsReadOnlyPagesGoBackAndComeBackWhenUsed() throws {
        let before = try Self.residentReadOnlyProgramKB()
        #expect(before > 0)
        let released = ProgramPages.release()
        #expect(released > 0)
        // Parsing smaps again runs code that was given back: it comes back from the file.
        let after = try Self.residentReadOnlyProgramKB()
        #expect(after < before, "resident read-only program pages: \(before) kB before, \(after) kB after")
        #expect(SearchFolding.fold("Ｃafé") == "cafe", "code given back still runs")
    }
}
