import CEntryKitPolkit
import CGtk
import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit polkit-agent` (also installed as `libexec/entrykit/entrykit-polkit-agent`): polkit's
/// authentication agent. It registers a listener with polkitd for the caller's login session (or
/// one process, `--process`), then answers every authentication polkit asks for with EntryKit's
/// account panel until it is stopped (SIGTERM, SIGINT, SIGHUP), one at a time.
///
/// ```sh
/// exec /usr/libexec/entrykit/entrykit-polkit-agent            # in a sway or i3 configuration
/// entrykit polkit-agent --process "$PID" --notify-fd 3 3>pipe   # pipe read to its end: registered
/// ```
@MainActor
enum PolkitAgentCommand {
    static func run(_ arguments: [String]) -> ExitStatus {
        PolkitAgentOptions.syntax.run(arguments, from: PolkitAgentOptions()) { options throws(UsageError) in
            if let problem = options.notifyFDProblem() { throw problem }
            let subject: PolkitAgentSubject
            if let process = options.process {
                subject = .process(process, try process.check(agentUID: getuid()))
            } else {
                guard let session = PolkitAgentSubject.loginSession() else { return .noSession }
                subject = session
            }
            guard PromptProcess.protect(for: "polkit-agent") else { return .cannotShowDialog }
            // GTK 3 draws every window with cairo; its GL probe when the display opens may load
            // Mesa's software renderer and LLVM (20 MB) into a process that waits all day.
            setenv("GDK_GL", "disable", 0)
            guard startGtk(for: "polkit-agent") else { return .cannotShowDialog }
            return PolkitAgent(subject: subject).serve(fallback: options.isFallback, notifyFD: options.notifyFD)
        }
    }
}

/// Whom the agent serves: polkit asks it for the authentications of this subject.
enum PolkitAgentSubject {
    case session(GObjectReference)
    case process(ProcessReference, ProcessReference.Found)

    /// The caller's login session as logind knows it (a process outside any, such as a systemd
    /// user service, gets its user's graphical session); nil, having said why on standard error,
    /// when there is none.
    @MainActor static func loginSession() -> PolkitAgentSubject? {
        var error: UnsafeMutablePointer<GError>?
        guard let session = polkit_unix_session_new_for_process_sync(getpid(), nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            g_clear_error(&error)
            Output.say(
                "polkit-agent: no login session to serve (logind knows none for this process: \(reason)); "
                    + "run it in a desktop session, or name a process with --process PID")
            return nil
        }
        return .session(GObjectReference(transferFull: session))
    }

    /// polkit's subject, with a full reference.
    @MainActor func makeSubject() -> GObjectReference {
        switch self {
        case .session(let session): return session
        case .process(let process, let found):
            return GObjectReference(
                transferFull: polkit_unix_process_new_for_owner(process.pid, guint64(found.startTime), Int32(bitPattern: found.uid))!)
        }
    }

    /// How a message names it.
    var description: String {
        switch self {
        case .session: return "this login session"
        case .process(let process, _): return "process \(process.pid)"
        }
    }
}

/// The running agent: its listener, its registration, and the authentications under way.
@MainActor
final class PolkitAgent {
    private let subject: PolkitAgentSubject
    private var listener: GObjectReference?

    init(subject: PolkitAgentSubject) {
        self.subject = subject
    }

    /// Registers, closes `notifyFD`, and answers authentications until a stop signal; returns
    /// the exit status.
    func serve(fallback: Bool, notifyFD: Int32?) -> ExitStatus {
        let begin: EkPolkitBeginHandler = { actionID, message, details, cookie, identities, cancellable, task, data in
            MainActor.assumeIsolated {
                PolkitAuthentication.begin(
                    actionID: actionID.map { String(cString: $0) } ?? "", message: message.map { String(cString: $0) } ?? "",
                    details: details, cookie: cookie.map { String(cString: $0) } ?? "", identities: identities,
                    cancellable: cancellable, task: task!)
            }
        }
        let listener = GObjectReference(transferFull: ek_polkit_listener_new(begin, nil)!)
        self.listener = listener
        var error: UnsafeMutablePointer<GError>?
        let subjectObject = subject.makeSubject()
        guard let registration = ek_polkit_listener_register(listener.opaque, subjectObject.opaque, fallback ? 1 : 0, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if ek_polkit_error_is_agent_exists(error) != 0 {
                Output.say("polkit-agent: another authentication agent already serves \(subject.description); this one is not needed")
            } else {
                Output.say("polkit-agent: polkit refused to register the agent for \(subject.description): \(reason)")
            }
            g_clear_error(&error)
            return .failed
        }
        if let notifyFD { close(notifyFD) }

        let loop = g_main_loop_new(nil, 0)
        let stop: GSourceFunc = { data in
            g_main_loop_quit(OpaquePointer(data))
            return 1  // G_SOURCE_CONTINUE: all three are removed below
        }
        let watches = [SIGTERM, SIGINT, SIGHUP].map { g_unix_signal_add($0, stop, UnsafeMutableRawPointer(loop)) }
        g_main_loop_run(loop)
        for watch in watches { g_source_remove(watch) }
        g_main_loop_unref(loop)
        // Every authentication still open is answered (dismissed) before the agent goes: the
        // answers leave from the main loop, and the bus connection's queue is flushed after.
        AccountPanel.cancelAll()
        MainLoop.drain()
        polkit_agent_listener_unregister(registration)
        if let bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, nil) {
            g_dbus_connection_flush_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }
        return .answered
    }
}
