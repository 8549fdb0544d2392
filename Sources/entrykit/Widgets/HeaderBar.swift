import CGtk
import EntryKit

/// A `GtkHeaderBar`: the window's title bar with buttons packed at either end.
@MainActor
final class HeaderBar: Widget {
    private var titleWidget: Widget?

    init() { super.init(taking: gtk_header_bar_new()) }

    var title: String {
        get { gtk_header_bar_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(cast(), newValue) }
    }

    var showsCloseButton: Bool {
        get { gtk_header_bar_get_show_close_button(cast()) != 0 }
        set { gtk_header_bar_set_show_close_button(cast(), newValue ? 1 : 0) }
    }

    /// A widget shown in place of the title, such as a stack switcher.
    var customTitle: Widget? {
        get { titleWidget }
        set {
            titleWidget = newValue
            gtk_header_bar_set_custom_title(cast(), newValue?.widget)
        }
    }

    func packEnd(_ child: Widget) { gtk_header_bar_pack_end(cast(), child.widget) }
}
