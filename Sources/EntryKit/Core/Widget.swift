import CEntryKit
import CGtk

/// A `GtkWidget` owned from Swift, with the accessibility properties every widget needs.
@MainActor
open class Widget: GObjectReference {
    public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    public func show() { gtk_widget_show(widget) }
    public func showAll() { gtk_widget_show_all(widget) }
    public func hide() { gtk_widget_hide(widget) }

    /// Destroys the widget now (a toplevel closes); the wrapper stays valid until released.
    public func destroy() { gtk_widget_destroy(widget) }

    /// The ATK object assistive technologies read over AT-SPI.
    public var accessible: UnsafeMutablePointer<AtkObject> { gtk_widget_get_accessible(widget) }

    /// The name a screen reader speaks; set it wherever the visible text does not say it all.
    public var accessibleName: String {
        get { atk_object_get_name(accessible).map { String(cString: $0) } ?? "" }
        set { atk_object_set_name(accessible, newValue) }
    }

    public var accessibleDescription: String {
        get { atk_object_get_description(accessible).map { String(cString: $0) } ?? "" }
        set { atk_object_set_description(accessible, newValue) }
    }

    public var tooltip: String? {
        get {
            gtk_widget_get_tooltip_text(widget).map { text in
                defer { g_free(text) }
                return String(cString: text)
            }
        }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// Adds a CSS style class (`title-1`, `dim-label`, `suggested-action`).
    public func addStyleClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }

    public func setMargins(_ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }

    /// Runs `work` once, after the widget is first drawn: for what is no part of the first frame
    /// (a round trip to the display server), so that it does not hold the window back.
    public func afterFirstDraw(_ work: @escaping @MainActor () -> Void) {
        ek_widget_after_first_draw(widget, MainLoop.runOnce, MainLoop.retained(work), MainLoop.releaseWork)
    }
}

/// A `GtkContainer`: a widget that holds others.
@MainActor
open class Container: Widget {
    public func add(_ child: Widget) {
        gtk_container_add(cast(), child.widget)
    }

    public func remove(_ child: Widget) {
        gtk_container_remove(cast(), child.widget)
    }
}
