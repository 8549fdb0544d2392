import CGtk
import EntryKit

/// An object that holds named actions: a `GtkApplication` (`app.<name>`) or a
/// `GtkApplicationWindow` (`win.<name>`). Only these implement `GActionMap`; adding an action
/// to any other object would be a GLib critical, so the method lives here and nowhere else.
@MainActor
public protocol ActionMap: GObjectReference {}

extension ActionMap {
    /// Adds a stateless `GSimpleAction` named `name`; the map keeps the action and its handler.
    public func addSimpleAction(_ name: String, _ handler: @escaping SignalHandler) {
        let action = GObjectReference(transferFull: g_simple_action_new(name, nil))
        // `activate` passes the action's parameter, a GVariant (NULL for a stateless action).
        action.connect("activate", withPointer: { _ in handler() })
        g_action_map_add_action(opaque, action.opaque)
    }
}
