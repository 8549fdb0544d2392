import CEntryKit
import CGtk
@testable import EntryKit
@testable import entrykit
import EntryKitTestSupport
import Foundation
import Synchronization
import Testing
import XCTest

/// `entrykit choose` reading standard input beside its window's start-up. These wait for the
/// reading thread, so they are XCTest cases: XCTest runs them on their own, before the Swift
/// Testing suites that share the concurrent pool and the main actor with GTK.
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
        let input = StandardInputItems(descriptor: pipe { handle in
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
        guard case .failure(.tooLarge(let message))? = outcome(input) else {
            return XCTFail("endless input must end in a failure, not \(String(describing: outcome(input)))")
        }
        XCTAssertEqual(message, "standard input has more than 100000 lines (--max-lines raises the limit)")
        XCTAssertNil(input.finishedItems)
        close(read)
    }

    func testInputLimitOptions() throws {
        var limit = InputLimit()
        XCTAssertTrue(try limit.set("--max-bytes", to: "2M"))
        XCTAssertTrue(try limit.set("--max-lines", to: "7"))
        XCTAssertEqual(limit, InputLimit(lines: 7, bytes: 2 << 20))
        XCTAssertFalse(try limit.set("--title", to: "x"))
        for bad in ["0", "-1", "M", "1.5G", "99999999999999999999G"] {
            XCTAssertThrowsError(try limit.set("--max-bytes", to: bad), bad)
        }
        XCTAssertNil(limit.excess(bytes: 2 << 20, lineEnds: 7))
        XCTAssertEqual(limit.excess(bytes: (2 << 20) + 1, lineEnds: 0), "standard input is larger than 2097152 bytes (--max-bytes raises the limit)")
    }
}

@MainActor @Suite(.serialized) struct ChooseDialogLoadingTests {
    init() throws { try TestDisplay.require() }

    @Test func whileReadingTheFieldAndOKWaitThenTheFirstItemIsChosen() throws {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        strings.setLanguage("en")
        let dialog = ChooseDialog(options: try ChooseOptions(arguments: []), items: nil)
        defer {
            dialog.window.destroy()
            MainLoop.drain()
        }
        dialog.window.showAll()
        #expect(!dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) == 0)
        #expect(dialog.field.placeholderText == "Reading the items…")
        strings.setLanguage("ja")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == "項目を読み込んでいます…")

        dialog.load(ListItems(["red", "green", "blue"]))
        #expect(dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) != 0)
        #expect(dialog.field.placeholderText == nil)
        #expect(dialog.field.text == "red", "a select shows its first option")
        #expect(gtk_widget_has_focus(dialog.field.widget) != 0 || gtk_window_get_focus(dialog.window.cast()) == dialog.field.widget)
        strings.setLanguage("en")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == nil, "a language change after loading does not bring the note back")
    }

    /// A window destroyed from outside (another program, the X server) ends the dialog as
    /// cancelled instead of leaving it waiting for ever.
    @Test func aDestroyedWindowEndsTheDialogAsCancelled() throws {
        // Bounded: were the destruction missed, the dialog times out (status 5) instead of hanging.
        let dialog = ChooseDialog(options: try ChooseOptions(arguments: ["--timeout", "5", "red", "green"]), items: ListItems(["red", "green"]))
        MainLoop.idle { dialog.window.destroy() }
        #expect(dialog.run() == ExitStatus.cancelled)
    }
}
