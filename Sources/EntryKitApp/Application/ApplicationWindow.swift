import CGtk
import EntryKit

/// A `GtkApplicationWindow`: a window of an ``Application`` with its own `win.<name>` actions.
@MainActor
open class ApplicationWindow: Window, ActionMap {
    public init(application: Application) {
        super.init(window: gtk_application_window_new(application.application))
    }
}
