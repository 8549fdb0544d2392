import CGtk
@testable import EntryKit
import XCTest

final class SignalTests: DisplayTestCase {
    private func makeButton() -> Widget { Widget(taking: gtk_button_new_with_label("Press")) }

    func testHandlerRunsOnEmission() {
        let button = makeButton()
        var presses = 0
        button.connect("clicked") { presses += 1 }
        gtk_button_clicked(button.cast())
        gtk_button_clicked(button.cast())
        XCTAssertEqual(presses, 2)
    }

    func testHandlerReceivesTheSignalArgument() {
        let label = Label("a")
        var notified: [String] = []
        label.connect("notify::label", withArgument: { pspec in
            let spec = pspec!.assumingMemoryBound(to: GParamSpec.self)
            notified.append(String(cString: spec.pointee.name))
        })
        label.text = "b"
        XCTAssertEqual(notified, ["label"])
    }

    func testClosuresAreReleasedWhenTheObjectIsFinalized() {
        let before = SignalClosures.liveCount
        var button: Widget? = makeButton()
        for _ in 0..<5 { button!.connect("clicked") {} }
        button!.connectEvent("key-press-event") { _ in false }
        XCTAssertEqual(SignalClosures.liveCount, before + 6)
        button!.destroy()
        button = nil
        XCTAssertEqual(SignalClosures.liveCount, before)
    }

    func testDisconnectReleasesTheClosureAtOnce() {
        let before = SignalClosures.liveCount
        let button = makeButton()
        var presses = 0
        let connection = button.connect("clicked") { presses += 1 }
        connection.disconnect()
        connection.disconnect()  // a second disconnect is harmless
        gtk_button_clicked(button.cast())
        XCTAssertEqual(presses, 0)
        XCTAssertEqual(SignalClosures.liveCount, before)
    }

    func testWeakCaptureLetsTheOwnerGo() {
        final class Owner {
            let button = Widget(taking: gtk_button_new())
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
            XCTAssertEqual(owner.presses, 1)
        }
        XCTAssertNil(weakOwner)
        XCTAssertEqual(GObjectReference.liveCount, wrappersBefore)
        XCTAssertEqual(SignalClosures.liveCount, closuresBefore)
    }
}
