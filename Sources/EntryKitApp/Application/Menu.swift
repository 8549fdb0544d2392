import CGtk
import EntryKit

/// A `GMenu` model, as menu buttons show it.
@MainActor
public final class Menu: GObjectReference {
    public init() { super.init(transferFull: g_menu_new()) }

    /// Appends an item that activates `detailedAction` (`app.about`).
    public func append(_ label: String, action detailedAction: String) {
        g_menu_append(opaque, label, detailedAction)
    }
}
