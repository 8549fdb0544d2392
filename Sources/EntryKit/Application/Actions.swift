import CGtk

extension GObjectReference {
    /// Adds a stateless `GSimpleAction` to this action map: `app.<name>` on an application,
    /// `win.<name>` on an application window. The map keeps the action and its handler.
    public func addSimpleAction(_ name: String, _ handler: @escaping SignalHandler) {
        let action = GObjectReference(taking: g_simple_action_new(name, nil))
        action.connect("activate", withArgument: { _ in handler() })
        g_action_map_add_action(opaque, action.opaque)
    }
}
