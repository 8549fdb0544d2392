import CGtk
import EntryKit
import EntryKitTestSupport
import Testing

@testable import entrykit

/// The app's action maps: a window's actions run and go with it.
@MainActor @Suite(.serialized) struct ActionTests {
    init() throws { try TestDisplay.require() }

    @Test func actionsOnAWindowRunAndAreFreedWithIt() {
        _ = TestApplication.shared
        let before = LiveObjects.now
        var window: ApplicationWindow? = ApplicationWindow(application: TestApplication.shared)
        var activations = 0
        window!.addSimpleAction("greet") { activations += 1 }
        g_action_group_activate_action(window!.opaque, "greet", nil)
        #expect(activations == 1)
        let action = g_action_map_lookup_action(window!.opaque, "greet")!
        let actionProbe = GObjectFinalizationProbe(object: UnsafeMutableRawPointer(action).assumingMemoryBound(to: GObject.self))
        window!.destroy()
        window = nil
        MainLoop.drain()
        expectFinalized([actionProbe], "a window's action")
        #expect(LiveObjects.now == before)
    }
}
