import CGtk
import EntryKit
import Foundation

/// Widget tests need GTK on a display. With none the test fails, never skips: the suite is
/// meant to run under `xvfb-run -a dbus-run-session`, as `scripts/test` does.
enum TestDisplay {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    @MainActor
    static func require() throws {
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
