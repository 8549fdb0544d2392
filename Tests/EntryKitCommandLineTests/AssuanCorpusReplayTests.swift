import Foundation
import Testing

@testable import EntryKitCommandLine

/// Runs the committed Assuan fuzzing corpus (`Fuzz/assuan-corpus`, seeds and the inputs that
/// once broke a rule) through the reader and the pinentry session, so they stay fixed without
/// libFuzzer: every answer line is well formed, within the line limit and valid UTF-8.
@Suite struct AssuanCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EntryKitCommandLineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fuzz/assuan-corpus")

    @Test func everyCorpusInputIsAnsweredWithinTheRules() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        #expect(files.count >= 5)
        for file in files {
            var reader = AssuanLineReader()
            var session = PinentrySession(
                environment: .init(version: "1", processID: 1, userID: 0, groupID: 0, display: ":0"))
            for line in reader.feed(try Data(contentsOf: file)) {
                let answers: [String]
                switch session.reply(to: line) {
                case .lines(let lines), .close(let lines): answers = lines
                case .show, .nothing, .clearExternalCache: answers = []
                }
                for answer in answers {
                    #expect(answer.utf8.count <= Assuan.maximumLineLength, "\(file.lastPathComponent): \(answer.prefix(40))…")
                    #expect(
                        ["OK", "ERR ", "D ", "# "].contains { answer.utf8.starts(with: $0.utf8) }, "\(file.lastPathComponent): \(answer)")
                }
            }
        }
    }
}
