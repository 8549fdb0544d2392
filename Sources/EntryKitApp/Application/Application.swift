import CGtk
import EntryKit
import FoundationEssentials

/// A `GtkApplication`: one instance per desktop session, actions for its menus.
@MainActor
open class Application: GObjectReference, ActionMap {
    public var application: UnsafeMutablePointer<GtkApplication> { cast() }

    public init(id: String, flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS) {
        super.init(transferFull: gtk_application_new(id, flags))
    }

    /// Runs the main loop until the last window closes and returns the exit status.
    ///
    /// Command-line arguments are parsed by the caller, so GApplication sees the program name only.
    /// A missing display is reported in one line on standard error (status 1), not as a GTK abort.
    public func run(programName: String = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent) -> Int32 {
        do {
            try GtkRuntime.initialize()
        } catch {
            let line = "\(programName): \(error)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 1
        }
        GtkRuntime.runMainActorWorkInGtkLoop()
        let argv0 = strdup(programName)
        defer { free(argv0) }
        var argv: [UnsafeMutablePointer<CChar>?] = [argv0, nil]
        return g_application_run(cast(), 1, &argv)
    }

    /// Adds the action `app.<name>`, calling `handler` when it is activated.
    public func addAction(_ name: String, accelerators: [String] = [], _ handler: @escaping SignalHandler) {
        addSimpleAction(name, handler)
        if !accelerators.isEmpty { setAccelerators(accelerators, for: "app.\(name)") }
    }

    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) } + [nil]
        gtk_application_set_accels_for_action(application, detailedAction, &pointers)
    }

    public func quit() { g_application_quit(cast()) }
}
