import CGtk
import EntryKit

/// A `GtkMenuButton` showing an icon that opens a menu model in a popover.
@MainActor
public final class MenuButton: Widget {
    private var model: Menu?

    public init(iconName: String) {
        super.init(transferFull: gtk_menu_button_new())
        gtk_button_set_image(cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
    }

    /// Opens the menu, or closes it when open.
    public func toggle() {
        gtk_toggle_button_set_active(cast(), gtk_toggle_button_get_active(cast()) == 0 ? 1 : 0)
    }

    /// The menu shown when the button is pressed; replacing it relabels the popover.
    public var menu: Menu? {
        get { model }
        set {
            model = newValue
            gtk_menu_button_set_menu_model(cast(), newValue?.cast())
        }
    }
}
