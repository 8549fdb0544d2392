import CGtk
import EntryKit
import Foundation

/// Widget tests need GTK on a display. With none the test fails, never skips: the suite is
/// meant to run under `xvfb-run -a dbus-run-session`, as `scripts/test` does.
public enum TestDisplay {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    @MainActor
    public static func require() throws {
        do {
            try GtkRuntime.initialize()
        } catch {
            throw Missing(description: "GTK needs a display: \(error). Run the tests with scripts/test (it starts Xvfb).")
        }
        // GTK is single-threaded: every widget test must run on the thread that started it.
        guard GtkRuntime.isGtkThread else {
            throw Missing(description: "this test runs off the thread GTK was started on")
        }
    }
}

/// One registered application for the whole test process: GTK accepts application windows only
/// after `startup`, and a second registration in one process is refused.
@MainActor
public enum TestApplication {
    public static let shared: Application = {
        let application = Application(id: "io.github.entrykit.Tests", flags: G_APPLICATION_NON_UNIQUE)
        precondition(g_application_register(application.cast(), nil, nil) != 0, "the test application could not register on the session bus")
        return application
    }()
}
