import CGtk
@testable import EntryKit
import Testing

@MainActor @Suite(.serialized) struct OwnershipTests {
    init() throws { try TestDisplay.require() }

    @Test func droppingTheWrapperFinalizesAFloatingWidget() {
        let wrappersBefore = GObjectReference.liveCount
        var label: Label? = Label("text")
        let probe = GObjectFinalizationProbe(label!)
        #expect(GObjectReference.liveCount == wrappersBefore + 1)
        #expect(!(probe.isFinalized))
        #expect(entrykit_is_floating(label!.object) == 0, "the floating reference must be sunk")
        label = nil
        #expect(probe.isFinalized)
        #expect(GObjectReference.liveCount == wrappersBefore)
    }

    @Test func childStaysAliveWhileItsContainerHoldsIt() {
        let box = Box(vertical: true)
        var label: Label? = Label("child")
        let probe = GObjectFinalizationProbe(label!)
        box.append(label!)
        label = nil
        #expect(!(probe.isFinalized), "the box owns the child now")
        gtk_container_remove(box.cast(), gtk_container_get_children(box.cast()).pointee.data.assumingMemoryBound(to: GtkWidget.self))
        #expect(probe.isFinalized)
    }

    @Test func toplevelIsReleasedOnceAfterDestroy() {
        let wrappersBefore = GObjectReference.liveCount
        var window: Widget? = Window()
        let probe = GObjectFinalizationProbe(window!)
        window!.showAll()
        window!.destroy()
        #expect(!(probe.isFinalized), "the wrapper still holds its own reference")
        window = nil
        MainLoop.drain()
        #expect(probe.isFinalized)
        #expect(GObjectReference.liveCount == wrappersBefore)
    }

    @Test func typeChecks() {
        let label = Label()
        #expect(label.typeName == "GtkLabel")
        #expect(label.isA(gtk_widget_get_type()))
        #expect(!(label.isA(gtk_entry_get_type())))
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
