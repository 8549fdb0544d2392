import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

@MainActor @Suite(.serialized) struct OwnershipTests {
    init() throws { try TestDisplay.require() }

    /// Wraps what `make` returns with a full reference, checks the count, drops the wrapper and
    /// checks the object is gone.
    private func expectTransferFullIsFreed(_ what: String, _ make: () -> GObjectReference) {
        let before = LiveObjects.now
        var reference: GObjectReference? = make()
        let probe = GObjectFinalizationProbe(reference!)
        #expect(reference!.referenceCount == 1, "\(what): the wrapper must hold the only reference")
        #expect(ek_is_floating(reference!.object) == 0, "\(what): a floating reference must be sunk")
        reference = nil
        expectFinalized([probe], what)
        #expect(LiveObjects.now == before)
    }

    @Test func floatingWidgetIsSunkAndFreed() {
        expectTransferFullIsFreed("a label") { Label("text") }
        expectTransferFullIsFreed("a floating adjustment") { GObjectReference(transferFull: gtk_adjustment_new(0, 0, 1, 1, 1, 1)) }
    }

    @Test func fullReferenceObjectsAreTakenAsTheyAre() {
        expectTransferFullIsFreed("a GMenu") { GObjectReference(transferFull: g_menu_new()) }
        expectTransferFullIsFreed("a GtkEntryBuffer") { GObjectReference(transferFull: gtk_entry_buffer_new(nil, -1)) }
        expectTransferFullIsFreed("a GtkCssProvider") { GObjectReference(transferFull: gtk_css_provider_new()) }
        expectTransferFullIsFreed("a GSimpleAction") { GObjectReference(transferFull: g_simple_action_new("name", nil)) }
    }

    @Test func borrowedObjectGetsAReferenceOfItsOwn() {
        let buffer = GObjectReference(transferFull: gtk_entry_buffer_new(nil, -1))
        var borrowed: GObjectReference? = GObjectReference(transferNone: buffer.object)
        #expect(buffer.referenceCount == 2)
        borrowed = nil
        #expect(buffer.referenceCount == 1, "dropping a borrowing wrapper gives back only its own reference")
        _ = borrowed
    }

    @Test func toplevelGtkOwnsIsBorrowedAndFreedAfterDestroy() {
        let before = LiveObjects.now
        var window: Window? = Window()
        let probe = GObjectFinalizationProbe(window!)
        #expect(window!.referenceCount == 2, "GTK's own reference to the toplevel and the wrapper's")
        window!.showAll()
        window!.destroy()
        #expect(window!.referenceCount == 1, "destroy drops GTK's reference, not the wrapper's")
        #expect(!probe.isFinalized, "the wrapper still holds its own reference")
        window = nil
        MainLoop.drain()
        expectFinalized([probe], "a destroyed window")
        #expect(LiveObjects.now == before)
    }

    @Test func childStaysAliveWhileItsContainerHoldsIt() {
        let box = Box(vertical: true)
        var label: Label? = Label("child")
        let probe = GObjectFinalizationProbe(label!)
        box.append(label!)
        label = nil
        #expect(!probe.isFinalized, "the box owns the child now")
        gtk_container_remove(box.cast(), gtk_container_get_children(box.cast()).pointee.data.assumingMemoryBound(to: GtkWidget.self))
        #expect(probe.isFinalized)
    }

    /// The last wrapper may go on any thread; the object is still unreferenced, and its signal
    /// closures freed, on the GTK thread.
    @Test func lastReleaseOffTheGtkThreadFinalizesOnIt() async {
        /// Carries the only reference to another thread.
        final class Handoff: @unchecked Sendable { var widget: Widget? }
        let handoff = Handoff()
        handoff.widget = Widget(transferFull: gtk_button_new())
        handoff.widget!.connect("clicked") {}
        let probe = GObjectFinalizationProbe(handoff.widget!)
        let releasedOffGtkThread = await Task.detached {
            handoff.widget = nil
            return !GtkRuntime.isInGtkContext
        }.value
        #expect(releasedOffGtkThread)
        for _ in 0..<1000 where !probe.isFinalized { await Task.yield() }
        // Finalized on the GTK thread, with its closure: no live-count comparison here, since
        // other suites' tests run while this one awaits.
        expectFinalized([probe], "a button released from a detached task")
    }

    @Test func typeChecks() {
        let label = Label()
        #expect(label.typeName == "GtkLabel")
        #expect(label.isA(gtk_widget_get_type()))
        #expect(!label.isA(gtk_entry_get_type()))
    }

    @Test func accessibleNameAndDescription() {
        let label = Label("x")
        label.accessibleName = "Greeting"
        label.accessibleDescription = "Says hello"
        #expect(label.accessibleName == "Greeting")
        #expect(label.accessibleDescription == "Says hello")
        #expect(atk_object_get_role(label.accessible) == ATK_ROLE_LABEL)
    }
}
