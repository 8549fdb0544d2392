import CGtk

@testable import entrykit

/// One registered application for the whole test process: GTK accepts application windows only
/// after `startup`, and a second registration in one process is refused.
@MainActor
enum TestApplication {
    static let shared: Application = {
        let application = Application(id: "io.github.entrykit.Tests", flags: G_APPLICATION_NON_UNIQUE)
        precondition(
            g_application_register(application.cast(), nil, nil) != 0, "the test application could not register on the session bus")
        return application
    }()
}
