import CEntryKit
import CGtk

/// A `GtkBox` stacking its children vertically or horizontally.
@MainActor
public final class Box: Container {
    public init(vertical: Bool, spacing: Int32 = 0) {
        super.init(transferFull: gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
    }

    /// Appends `child`; `expands` gives it the spare room.
    public func append(_ child: Widget, expands: Bool = false) {
        gtk_box_pack_start(cast(), child.widget, expands ? 1 : 0, expands ? 1 : 0, 0)
    }
}
