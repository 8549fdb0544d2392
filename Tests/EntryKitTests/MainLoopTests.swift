import CGtk
import EntryKitTestSupport
@testable import EntryKit
import Foundation
import Testing

@MainActor @Suite(.serialized) struct MainLoopTests {
    init() throws { try TestDisplay.require() }

    @Test func idleWorkRunsOnceAndIsReleased() {
        let before = SignalClosures.liveCount
        var runs = 0
        MainLoop.idle { runs += 1 }
        #expect(SignalClosures.liveCount == before + 1)
        #expect(MainLoop.run(until: { runs == 1 }, timeout: 5))
        MainLoop.drain()
        #expect(runs == 1)
        #expect(SignalClosures.liveCount == before)
    }

    @Test func runUntilGivesUpAtTheDeadline() {
        let start = Date()
        #expect(!(MainLoop.run(until: { false }, timeout: 0.1)))
        #expect(Date().timeIntervalSince(start) >= 0.1)
    }

    @Test func missingDisplayIsDescribedInOneLine() {
        let none = GtkRuntime.describeMissingDisplay(environment: [:])
        #expect(none.contains("neither DISPLAY nor WAYLAND_DISPLAY is set"))
        let x11 = GtkRuntime.describeMissingDisplay(environment: ["DISPLAY": ":42"])
        #expect(x11.contains("DISPLAY=:42"))
        #expect(!(x11.contains("\n")))
    }
}
