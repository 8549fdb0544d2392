import CGtk
import EntryKit

/// A `GtkHeaderBar`: the window's title bar with buttons packed at either end.
@MainActor
public final class HeaderBar: Widget {
    private var titleWidget: Widget?

    public init() { super.init(transferFull: gtk_header_bar_new()) }

    public var title: String {
        get { gtk_header_bar_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(cast(), newValue) }
    }

    public var showsCloseButton: Bool {
        get { gtk_header_bar_get_show_close_button(cast()) != 0 }
        set { gtk_header_bar_set_show_close_button(cast(), newValue ? 1 : 0) }
    }

    /// A widget shown in place of the title, such as a stack switcher.
    public var customTitle: Widget? {
        get { titleWidget }
        set {
            titleWidget = newValue
            gtk_header_bar_set_custom_title(cast(), newValue?.widget)
        }
    }

    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(cast(), child.widget) }
}
