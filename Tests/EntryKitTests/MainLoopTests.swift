import CGtk
import EntryKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import EntryKit

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

    /// In this runner the main queue is drained by whichever of libdispatch's threads is free,
    /// so main-actor work hops between threads: GTK may be called from all of them, and from
    /// none of the other work, even when that runs on a thread that drained the main queue before.
    @Test func gtkMayBeCalledFromMainActorWorkOnlyWhicheverThreadRunsIt() async {
        var mainActorThreads: Set<UInt> = []
        var offMainActorThreads: Set<UInt> = []
        for round in 0..<50 {
            mainActorThreads.insert(UInt(pthread_self()))
            #expect(GtkRuntime.isInGtkContext, "round \(round): main-actor work")
            let label = Label("round \(round)")  // a real GTK call, which the check guards
            #expect(label.text == "round \(round)")
            // Pool threads run other work while this work waits and stay busy until it has
            // resumed, so the main queue is drained by another thread: serial queues run on
            // the same (overcommitting) threads as the main queue does here.
            let release = DispatchSemaphore(value: 0)
            let seen = await withCheckedContinuation { (done: CheckedContinuation<[(UInt, Bool)], Never>) in
                let results = Mutex<[(UInt, Bool)]>([])
                for index in 0..<4 {
                    DispatchQueue(label: "busy \(index)").async { @Sendable in
                        let soFar = results.withLock { results in
                            results.append((UInt(pthread_self()), GtkRuntime.isInGtkContext))
                            return results
                        }
                        if soFar.count == 4 { done.resume(returning: soFar) }
                        release.wait()
                    }
                }
            }
            mainActorThreads.insert(UInt(pthread_self()))
            #expect(GtkRuntime.isInGtkContext, "round \(round): main-actor work after a wait")
            for _ in 0..<4 { release.signal() }
            for (thread, mayCallGtk) in seen {
                offMainActorThreads.insert(thread)
                #expect(!mayCallGtk, "round \(round): a task off the main actor, on thread \(thread)")
            }
        }
        // The interesting case: a thread that ran main-actor work and later other work.
        let threadsThatDidBoth = mainActorThreads.intersection(offMainActorThreads)
        #expect(mainActorThreads.count > 1, "the main queue stayed on one thread; the case this test is for did not come up")
        #expect(!threadsThatDidBoth.isEmpty, "no thread ran both kinds of work; the case this test is for did not come up")
    }

    @Test func waitEndsWithTheConditionOrTheDeadline() {
        var answered = false
        MainLoop.idle { answered = true }
        #expect(MainLoop.wait(until: { answered }, timeout: nil))
        let start = ContinuousClock.now
        #expect(!MainLoop.wait(until: { false }, timeout: 0.05))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(!MainLoop.wait(until: { false }, timeout: .nan), "NaN is no time at all")
        #expect(!MainLoop.wait(until: { false }, timeout: -1))
        // Past what milliseconds (49 days) or a Duration can hold: a long wait, not a crash.
        answered = false
        MainLoop.idle { answered = true }
        #expect(MainLoop.wait(until: { answered }, timeout: 1e300))
        #expect(MainLoop.run(until: { answered }, timeout: 1e300))
        // A deadline that did not come is taken down: the loop runs on past it without it.
        #expect(MainLoop.wait(until: { true }, timeout: 0.01))
        #expect(!MainLoop.run(until: { false }, timeout: 0.05))
    }

    @Test func missingDisplayIsDescribedInOneLine() {
        let none = GtkRuntime.describeMissingDisplay(environment: [:])
        #expect(none.contains("neither DISPLAY nor WAYLAND_DISPLAY is set"))
        let x11 = GtkRuntime.describeMissingDisplay(environment: ["DISPLAY": ":42"])
        #expect(x11.contains("DISPLAY=:42"))
        #expect(!(x11.contains("\n")))
    }
}
