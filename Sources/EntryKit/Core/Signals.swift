import CGtk
import Synchronization

/// Holds a Swift closure for the lifetime of one GTK signal connection.
///
/// Passed to GTK retained; GTK calls ``release(_:_:)`` (the `GClosureNotify`) when the handler
/// is disconnected or the object is finalized, which balances that retain.
final class SignalClosureBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
        SignalClosureCount.value.add(1, ordering: .relaxed)
    }

    deinit { SignalClosureCount.value.subtract(1, ordering: .relaxed) }

    static func from(_ data: UnsafeMutableRawPointer?) -> Handler {
        Unmanaged<SignalClosureBox>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// One counter for every `SignalClosureBox` specialization.
enum SignalClosureCount {
    static let value = Atomic<Int>(0)
}

private func releaseBox(_ data: UnsafeMutableRawPointer?, _: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// A connected signal handler; `disconnect()` ends it early (it also ends with the object).
@MainActor
public struct SignalConnection {
    let instance: UnsafeMutablePointer<GObject>
    public let handlerID: gulong

    public func disconnect() {
        if g_signal_handler_is_connected(instance, handlerID) != 0 {
            g_signal_handler_disconnect(instance, handlerID)
        }
    }
}

public typealias SignalHandler = @MainActor () -> Void
public typealias SignalHandlerWithArgument = @MainActor (UnsafeMutableRawPointer?) -> Void
public typealias EventHandler = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool

extension GObjectReference {
    /// Connects `handler` to a signal whose C handler takes only the instance (`clicked`, `activate`).
    ///
    /// ```swift
    /// button.connect("clicked") { [weak self] in self?.accept() }
    /// ```
    @discardableResult
    public func connect(_ signal: String, _ handler: @escaping SignalHandler) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandler>.from(data)() }
        }
        return connect(signal, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one pointer argument (`notify`, `change-state`).
    @discardableResult
    public func connect(_ signal: String, withArgument handler: @escaping SignalHandlerWithArgument) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandlerWithArgument>.from(data)(argument) }
        }
        return connect(signal, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to an event signal (`key-press-event`); return `true` to stop the event.
    @discardableResult
    public func connectEvent(_ signal: String, _ handler: @escaping EventHandler) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEvent>?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
            MainActor.assumeIsolated { SignalClosureBox<EventHandler>.from(data)(event!) ? 1 : 0 }
        }
        return connect(signal, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    private func connect<Handler>(_ signal: String, box: SignalClosureBox<Handler>, thunk: GCallback) -> SignalConnection {
        let data = Unmanaged.passRetained(box).toOpaque()
        let id = g_signal_connect_data(object, signal, thunk, data, { data, closure in releaseBox(data, closure) }, GConnectFlags(rawValue: 0))
        precondition(id != 0, "\(typeName) has no signal \"\(signal)\"")
        return SignalConnection(instance: object, handlerID: id)
    }
}

/// Live signal closures in the process, for leak tests.
public enum SignalClosures {
    public static var liveCount: Int { SignalClosureCount.value.load(ordering: .relaxed) }
}
