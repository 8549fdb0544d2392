import CGtk
@testable import EntryKit
import XCTest

final class OwnershipTests: DisplayTestCase {
    func testDroppingTheWrapperFinalizesAFloatingWidget() {
        let wrappersBefore = GObjectReference.liveCount
        var label: Label? = Label("text")
        let probe = GObjectFinalizationProbe(label!)
        XCTAssertEqual(GObjectReference.liveCount, wrappersBefore + 1)
        XCTAssertFalse(probe.isFinalized)
        XCTAssertEqual(entrykit_is_floating(label!.object), 0, "the floating reference must be sunk")
        label = nil
        XCTAssertTrue(probe.isFinalized)
        XCTAssertEqual(GObjectReference.liveCount, wrappersBefore)
    }

    func testChildStaysAliveWhileItsContainerHoldsIt() {
        let box = Box(vertical: true)
        var label: Label? = Label("child")
        let probe = GObjectFinalizationProbe(label!)
        box.append(label!)
        label = nil
        XCTAssertFalse(probe.isFinalized, "the box owns the child now")
        gtk_container_remove(box.cast(), gtk_container_get_children(box.cast()).pointee.data.assumingMemoryBound(to: GtkWidget.self))
        XCTAssertTrue(probe.isFinalized)
    }

    func testToplevelIsReleasedOnceAfterDestroy() {
        let wrappersBefore = GObjectReference.liveCount
        var window: Widget? = Widget(taking: gtk_window_new(GTK_WINDOW_TOPLEVEL))
        let probe = GObjectFinalizationProbe(window!)
        window!.showAll()
        window!.destroy()
        XCTAssertFalse(probe.isFinalized, "the wrapper still holds its own reference")
        window = nil
        MainLoop.drain()
        XCTAssertTrue(probe.isFinalized)
        XCTAssertEqual(GObjectReference.liveCount, wrappersBefore)
    }

    func testTypeChecks() {
        let label = Label()
        XCTAssertEqual(label.typeName, "GtkLabel")
        XCTAssertTrue(label.isA(gtk_widget_get_type()))
        XCTAssertFalse(label.isA(gtk_entry_get_type()))
    }

    func testAccessibleNameAndDescription() {
        let label = Label("x")
        label.accessibleName = "Greeting"
        label.accessibleDescription = "Says hello"
        XCTAssertEqual(label.accessibleName, "Greeting")
        XCTAssertEqual(label.accessibleDescription, "Says hello")
        XCTAssertEqual(atk_object_get_role(label.accessible), ATK_ROLE_LABEL)
    }
}
