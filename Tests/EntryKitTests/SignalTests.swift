import CGtk
@testable import EntryKit
import Testing

@MainActor @Suite(.serialized) struct SignalTests {
    init() throws { try TestDisplay.require() }

    private func makeButton() -> Widget { Widget(transferFull: gtk_button_new_with_label("Press")) }

    @Test func handlerRunsOnEmission() {
        let button = makeButton()
        var presses = 0
        button.connect("clicked") { presses += 1 }
        gtk_button_clicked(button.cast())
        gtk_button_clicked(button.cast())
        #expect(presses == 2)
    }

    @Test func handlerReceivesTheSignalArgument() {
        let label = Label("a")
        var notified: [String] = []
        label.connect("notify::label", withPointer: { pspec in
            let spec = pspec!.assumingMemoryBound(to: GParamSpec.self)
            notified.append(String(cString: spec.pointee.name))
        })
        label.text = "b"
        #expect(notified == ["label"])
    }

    @Test func closuresAreReleasedWhenTheObjectIsFinalized() {
        let before = SignalClosures.liveCount
        var button: Widget? = makeButton()
        for _ in 0..<5 { button!.connect("clicked") {} }
        button!.connectEvent("key-press-event") { _ in false }
        #expect(SignalClosures.liveCount == before + 6)
        button!.destroy()
        button = nil
        #expect(SignalClosures.liveCount == before)
    }

    @Test func disconnectReleasesTheClosureAtOnce() {
        let before = SignalClosures.liveCount
        let button = makeButton()
        var presses = 0
        let connection = button.connect("clicked") { presses += 1 }
        connection.disconnect()
        connection.disconnect()  // a second disconnect is harmless
        gtk_button_clicked(button.cast())
        #expect(presses == 0)
        #expect(SignalClosures.liveCount == before)
    }

    @Test func disconnectAfterTheObjectIsGoneDoesNothing() {
        let before = SignalClosures.liveCount
        var button: Widget? = makeButton()
        let probe = GObjectFinalizationProbe(button!)
        let connection = button!.connect("clicked") {}
        button = nil
        #expect(probe.isFinalized)
        connection.disconnect()  // must not touch the freed object
        #expect(SignalClosures.liveCount == before)
    }

    @Test func weakCaptureLetsTheOwnerGo() {
        @MainActor final class Owner {
            let button = Widget(transferFull: gtk_button_new())
            var presses = 0
            init() { button.connect("clicked") { [weak self] in self?.presses += 1 } }
        }
        let wrappersBefore = GObjectReference.liveCount
        let closuresBefore = SignalClosures.liveCount
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            gtk_button_clicked(owner.button.cast())
            #expect(owner.presses == 1)
        }
        #expect(weakOwner == nil)
        #expect(GObjectReference.liveCount == wrappersBefore)
        #expect(SignalClosures.liveCount == closuresBefore)
    }
}
