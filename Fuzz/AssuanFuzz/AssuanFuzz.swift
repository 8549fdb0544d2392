// libFuzzer target for the Assuan line reader and the pinentry conversation.
//
// Built with `-DENTRYKIT_FUZZING` (and `-sanitize=fuzzer`) this file exports only
// `LLVMFuzzerTestOneInput`; built normally it replays the files named on its command line:
//
//   swift build -c release --product assuan-fuzz --scratch-path .build/fuzz --sanitize=fuzzer \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DENTRYKIT_FUZZING
//   SWIFT_BACKTRACE=enable=no .build/fuzz/release/assuan-fuzz -max_len=8192 /tmp/assuan-corpus Fuzz/assuan-corpus

import EntryKitCommandLine
import Foundation

enum AssuanFuzz {
    private static let environment = PinentrySession.Environment(
        version: "1", processID: 1, userID: 0, groupID: 0, display: ":0")

    /// What must hold for every input: the same lines whatever the chunks, no line past the
    /// limit, one well-formed answer per command, and escaping that reads back.
    static func check(_ bytes: [UInt8]) {
        var whole = AssuanLineReader()
        let lines = whole.feed(bytes)
        var byByte = AssuanLineReader()
        var pieces: [AssuanLineReader.Line] = []
        for byte in bytes { pieces += byByte.feed(CollectionOfOne(byte)) }
        require(lines == pieces, "chunking changed the lines")
        require(lines.count == bytes.count(where: { $0 == 0x0A }), "one line per line feed")

        var session = PinentrySession(environment: environment)
        for line in lines {
            if case .line(let text) = line {
                require(text.count <= Assuan.maximumLineLength, "a line past the limit")
                require(!text.contains(0) && !text.contains(0x0A), "a NUL or LF inside a line")
                let decoded = Assuan.percentDecoded(text)
                require(Assuan.percentDecoded(Assuan.encodedBytes(decoded)) == decoded, "escaping does not read back")
                require(!Assuan.encodedBytes(decoded).contains { $0 == 0x0A || $0 == 0x0D }, "an escaped line break")
            }
            switch session.reply(to: line) {
            case .nothing, .show, .clearExternalCache: break
            case .lines(let answers), .close(let answers):
                require(!answers.isEmpty, "a command without an answer")
                for answer in answers {
                    require(!answer.utf8.contains(0x0A) && !answer.utf8.contains(0x0D), "an answer line breaks")
                    require(
                        answer.utf8.count <= Assuan.maximumLineLength,
                        "an answer past the limit: \(answer.prefix(60))… (\(answer.utf8.count) bytes)")
                    require(["OK", "ERR ", "D ", "# "].contains { answer.utf8.starts(with: $0.utf8) }, "an answer of no kind: \(answer)")
                }
                let last = answers.last!
                require(
                    last.utf8.starts(with: "OK".utf8) || last.utf8.starts(with: "ERR ".utf8), "an answer that does not end in OK or ERR")
            }
        }
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}

#if ENTRYKIT_FUZZING

    @_cdecl("LLVMFuzzerTestOneInput")
    public func assuanFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        AssuanFuzz.check(bytes.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

#else

    @main
    enum AssuanFuzzReplay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted().map { path + "/" + $0 } ?? [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("assuan-fuzz: cannot read \(file)\n".utf8))
                        exit(1)
                    }
                    AssuanFuzz.check(Array(data))
                    count += 1
                }
            }
            print("ran \(count) inputs")
        }
    }

#endif
