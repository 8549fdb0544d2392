import CGtk
import EntryKit
import XCTest

/// A test case that needs GTK on a display. With no display the test fails, never skips:
/// the suite is meant to run under `xvfb-run -a dbus-run-session`, as `scripts/test` does.
@MainActor
class DisplayTestCase: XCTestCase {
    override func setUp() async throws {
        try await super.setUp()
        try await MainActor.run {
            do {
                try GtkRuntime.initialize()
            } catch {
                XCTFail("GTK needs a display: \(error). Run the tests with scripts/test (it starts Xvfb).")
                throw error
            }
        }
    }
}
