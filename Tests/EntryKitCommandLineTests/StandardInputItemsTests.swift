import EntryKitList
import Foundation
import Synchronization
import XCTest

@testable import EntryKitCommandLine

/// The one standard-input reader: what `choose` reads beside its window's start-up, and `pick`
/// before its window. These wait for the reading thread, so they are XCTest cases.
final class StandardInputItemsTests: XCTestCase {
    /// The read end of a pipe whose write end `write` fills on a thread of its own, then closes.
    private func pipe(writing write: @escaping @Sendable (FileHandle) -> Void) -> Int32 {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        let writeEnd = ends[1]
        Thread { write(FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)) }.start()
        return ends[0]
    }

    /// What `whenFinished` hands over, waited for at most a few seconds.
    private func outcome(_ input: StandardInputItems) -> Result<ListItems, InputFailure>? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<ListItems, InputFailure>?>(nil)
        input.whenFinished { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 10)
        return result.withLock { $0 }
    }

    /// The items `whenFinished` hands over, nil on a failure or after a few seconds.
    private func finished(_ input: StandardInputItems) -> ListItems? {
        try? outcome(input)?.get()
    }

    func testAnEmptyInputIsKnownBeforeAnythingIsShown() {
        let input = StandardInputItems(descriptor: pipe { _ in })
        XCTAssertEqual(input.waitForInput(), false)
        XCTAssertEqual(input.finishedItems?.isEmpty, true)
    }

    func testInputThatNeverComesTimesOut() {
        let (read, write) = { () -> (Int32, Int32) in
            var ends: [Int32] = [0, 0]
            precondition(Glibc.pipe(&ends) == 0)
            return (ends[0], ends[1])
        }()
        defer { close(write) }
        let input = StandardInputItems(descriptor: read)
        XCTAssertNil(input.waitForInput(timeout: 0.1), "nothing came within the timeout")
    }

    func testASmallInputIsReadWithoutWaiting() {
        let input = StandardInputItems(descriptor: pipe { $0.write(Data("apple\nbanana\r\ncherry".utf8)) })
        XCTAssertEqual(input.waitForInput(), true)
        XCTAssertEqual(finished(input).map(Array.init), ["apple", "banana", "cherry"])
    }

    func testALargeInputWaitsForTheWindowBeforeReadingOn() {
        let lines = 300_000  // "123456\n": about 2 MiB, past the pause
        let input = StandardInputItems(
            descriptor: pipe { handle in
                handle.write(Data((0..<lines).map { String(100_000 + $0) + "\n" }.joined().utf8))
            })
        XCTAssertEqual(input.waitForInput(), true)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertNil(input.finishedItems, "paused after the first MiB until the window is up")
        input.resume()
        let items = finished(input)
        XCTAssertEqual(items?.count, lines)
        XCTAssertEqual(items?.last, String(100_000 + lines - 1))
    }

    /// `yes | entrykit choose` stops at the limit with a message naming the option to raise it,
    /// instead of reading until memory runs out.
    func testEndlessInputStopsAtTheLimit() {
        let (read, write) = { () -> (Int32, Int32) in
            var ends: [Int32] = [0, 0]
            precondition(Glibc.pipe(&ends) == 0)
            return (ends[0], ends[1])
        }()
        let writer = Thread {
            let line = [UInt8]("y\n".utf8)
            var block: [UInt8] = []
            for _ in 0..<4096 { block += line }
            while block.withUnsafeBytes({ Glibc.write(write, $0.baseAddress, $0.count) }) > 0 {}
            close(write)  // the reader closed its end: EPIPE
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        let input = StandardInputItems(descriptor: read, limit: InputLimit(lines: 100_000, bytes: 1 << 30))
        XCTAssertEqual(input.waitForInput(), true)
        input.resume()
        guard case .failure(let failure)? = outcome(input) else {
            return XCTFail("endless input must end in a failure, not \(String(describing: outcome(input)))")
        }
        XCTAssertEqual(failure, .tooManyLines(limit: 100_000))
        XCTAssertEqual(failure.description, "standard input has more than 100000 lines (--max-lines raises the limit)")
        XCTAssertNil(input.finishedItems)
        close(read)
    }

    /// `pick` waits for the whole input, as long as its --timeout lets it.
    func testWaitingForTheItemsEndsWithThemOrWithTheTimeout() {
        let input = StandardInputItems(descriptor: pipe { $0.write(Data("apple\nbanana\n".utf8)) })
        XCTAssertEqual(try input.waitForItems(timeout: 10)?.get().map { $0 }, ["apple", "banana"])
        let (read, write) = { () -> (Int32, Int32) in
            var ends: [Int32] = [0, 0]
            precondition(Glibc.pipe(&ends) == 0)
            return (ends[0], ends[1])
        }()
        defer { close(write) }
        XCTAssertNil(StandardInputItems(descriptor: read).waitForItems(timeout: 0.1), "the input never ends")
        let centuries = StandardInputItems(descriptor: pipe { $0.write(Data("x\n".utf8)) }).waitForItems(timeout: 1e300)
        XCTAssertEqual(try centuries?.get().count, 1, "a timeout past what any clock holds is a long wait")
    }

    func testAnUnreadableInputIsAFailure() {
        let directory = open("/tmp", O_RDONLY)
        defer { close(directory) }
        let input = StandardInputItems(descriptor: directory)
        XCTAssertEqual(input.waitForInput(), false)
        XCTAssertEqual(input.failure, .unreadable(SystemError(errno: EISDIR)))
        XCTAssertEqual(input.failure?.description, "cannot read standard input: Is a directory")
    }
}
