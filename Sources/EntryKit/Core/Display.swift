import CGtk
import Foundation

/// GTK could not connect to a display; `description` is one line for a terminal.
public struct DisplayUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// Starting GTK.
@MainActor
public enum GtkRuntime {
    private static var initialized = false

    /// Connects GTK to the display named by the environment, once.
    ///
    /// Throws instead of letting GTK print a warning and exit, so a command-line caller can say
    /// what is wrong in one line.
    public static func initialize(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DisplayUnavailable) {
        if initialized { return }
        guard gtk_init_check(nil, nil) != 0 else {
            throw DisplayUnavailable(description: describeMissingDisplay(environment: environment))
        }
        initialized = true
    }

    static func describeMissingDisplay(environment: [String: String]) -> String {
        let x11 = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        switch (x11, wayland) {
        case (nil, nil):
            return "cannot open a display: neither DISPLAY nor WAYLAND_DISPLAY is set (run it in a desktop session, or under xvfb-run)"
        default:
            let names = [x11.map { "DISPLAY=\($0)" }, wayland.map { "WAYLAND_DISPLAY=\($0)" }].compactMap { $0 }
            return "cannot open a display (\(names.joined(separator: ", "))): is the display server running and may this user connect to it?"
        }
    }
}
