import CGtk

/// A `GtkLabel`.
@MainActor
public final class Label: Widget {
    public init(_ text: String = "", wraps: Bool = false) {
        super.init(transferFull: gtk_label_new(text))
        if wraps {
            gtk_label_set_line_wrap(cast(), 1)
            gtk_label_set_max_width_chars(cast(), 60)
        }
        gtk_label_set_xalign(cast(), 0)
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }

    /// Lets the user select and copy the text (paths, versions).
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()) != 0 }
        set { gtk_label_set_selectable(cast(), newValue ? 1 : 0) }
    }
}
