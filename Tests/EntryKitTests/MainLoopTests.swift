import CGtk
@testable import EntryKit
import XCTest

final class MainLoopTests: DisplayTestCase {
    func testIdleWorkRunsOnceAndIsReleased() {
        let before = SignalClosures.liveCount
        var runs = 0
        MainLoop.idle { runs += 1 }
        XCTAssertEqual(SignalClosures.liveCount, before + 1)
        XCTAssertTrue(MainLoop.run(until: { runs == 1 }, timeout: 5))
        MainLoop.drain()
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(SignalClosures.liveCount, before)
    }

    func testRunUntilGivesUpAtTheDeadline() {
        let start = Date()
        XCTAssertFalse(MainLoop.run(until: { false }, timeout: 0.1))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.1)
    }

    func testMissingDisplayIsDescribedInOneLine() {
        let none = GtkRuntime.describeMissingDisplay(environment: [:])
        XCTAssertTrue(none.contains("neither DISPLAY nor WAYLAND_DISPLAY is set"))
        let x11 = GtkRuntime.describeMissingDisplay(environment: ["DISPLAY": ":42"])
        XCTAssertTrue(x11.contains("DISPLAY=:42"))
        XCTAssertFalse(x11.contains("\n"))
    }
}
