import CEntryKit
import CGtk
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// GTK could not connect to a display; `description` is one line for a terminal.
public struct DisplayUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// Starting GTK.
@MainActor
public enum GtkRuntime {
    /// The thread GTK was started on (0 before).
    private nonisolated static let gtkThread = Atomic<pthread_t>(0)
    /// Whether GTK was started on the process's main thread (an app) rather than by main-queue
    /// work on one of libdispatch's threads (a test runner, whose `main` gave the thread away).
    private nonisolated static let startedOnProcessMainThread = Atomic<Bool>(false)
    /// Marks the main dispatch queue, so code can tell that it runs as main-queue work.
    private nonisolated static let mainQueueMarker = DispatchSpecificKey<Bool>()

    /// Connects GTK to the display named by the environment, once.
    ///
    /// Throws instead of letting GTK print a warning and exit, so a command-line caller can say
    /// what is wrong in one line. `environment` is read only then, to name the variables that
    /// were looked at (copying the whole environment into a dictionary is not free at start-up).
    public static func initialize(
        environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment
    ) throws(DisplayUnavailable) {
        if gtkThread.load(ordering: .acquiring) != 0 { return }
        // GTK would set the locale itself and warn when the user's is not installed. EntryKit's
        // strings come from its own tables, so an uninstalled locale quietly falls back to C.UTF-8.
        gtk_disable_setlocale()
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        guard gtk_init_check(nil, nil) != 0 else {
            throw DisplayUnavailable(description: describeMissingDisplay(environment: environment()))
        }
        DispatchQueue.main.setSpecific(key: mainQueueMarker, value: true)
        startedOnProcessMainThread.store(ek_is_process_main_thread() != 0, ordering: .relaxed)
        gtkThread.store(pthread_self(), ordering: .releasing)
        // GtkBuilder files name EntryKit's widgets (`EkDropDownField`): their types must exist first.
        ek_register_types()
    }

    private static var mainActorWorkRunsInGtkLoop = false

    /// Lets work queued for the main actor (a `Task { @MainActor in }`, the `isolated deinit` of a
    /// wrapper released on another thread) run while GTK's main loop owns the main thread.
    ///
    /// Swift queues such work on libdispatch's main queue, which only a dispatch-driven main
    /// thread drains; GTK's loop never would. A program whose synchronous `main` hands the
    /// thread to GTK calls this once before it runs the loop (``Application/run(programName:)``
    /// does). Not for code that itself runs as main-queue work (an `async` main, a test), where
    /// dispatch already drains the queue and a nested drain would run other work in the middle.
    public static func runMainActorWorkInGtkLoop() {
        guard !mainActorWorkRunsInGtkLoop, ek_is_process_main_thread() != 0 else { return }
        mainActorWorkRunsInGtkLoop = true
        let handle = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add(
            handle, G_IO_IN,
            { fd, _, _ in
                var count: eventfd_t = 0
                _ = eventfd_read(fd, &count)  // non-blocking; only clears the wake-up
                _dispatch_main_queue_callback_4CF(nil)
                return 1  // G_SOURCE_CONTINUE
            }, nil)
    }

    /// Whether the caller may call GTK: it runs where GTK's main loop and the main actor run.
    ///
    /// In an app that is the process's main thread. Where GTK was started by main-queue work
    /// on one of libdispatch's threads (a test runner's `main` hands the main thread to
    /// `dispatch_main`), the main queue is drained by whichever pool thread is free, so the
    /// thread changes from one piece of work to the next while the work stays serial: there the
    /// question is whether the caller runs as main-queue work, not on which thread.
    public nonisolated static var isInGtkContext: Bool {
        let thread = gtkThread.load(ordering: .acquiring)
        guard thread != 0 else { return false }
        if startedOnProcessMainThread.load(ordering: .relaxed) {
            return pthread_equal(thread, pthread_self()) != 0
        }
        return DispatchQueue.getSpecific(key: mainQueueMarker) == true
    }

    static func describeMissingDisplay(environment: [String: String]) -> String {
        let x11 = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        switch (x11, wayland) {
        case (nil, nil):
            return "cannot open a display: neither DISPLAY nor WAYLAND_DISPLAY is set (run it in a desktop session, or under xvfb-run)"
        default:
            let names = [x11.map { "DISPLAY=\($0)" }, wayland.map { "WAYLAND_DISPLAY=\($0)" }].compactMap { $0 }
            return
                "cannot open a display (\(names.joined(separator: ", "))): is the display server running and may this user connect to it?"
        }
    }
}
