import CGtk
import Synchronization

/// Holds a Swift closure for the lifetime of one GTK signal connection.
///
/// Passed to GTK retained (``retainedPointer()``); GTK calls back `SignalClosures.release(_:)`
/// when the handler is disconnected, the object finalized or the idle source removed.
final class SignalClosureBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
        SignalClosures.live.add(1, ordering: .relaxed)
    }

    deinit { SignalClosures.live.subtract(1, ordering: .relaxed) }

    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> Handler {
        Unmanaged<SignalClosureBox>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// A connected signal handler; `disconnect()` ends it early (it also ends with the object).
@MainActor
public struct SignalConnection {
    weak var source: GObjectReference?
    public let handlerID: gulong

    /// Disconnects the handler; does nothing once the wrapper that connected it is gone.
    public func disconnect() {
        guard let source, g_signal_handler_is_connected(source.object, handlerID) != 0 else { return }
        g_signal_handler_disconnect(source.object, handlerID)
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
        let id = g_signal_connect_data(object, signal, thunk, box.retainedPointer(), { data, _ in
            SignalClosures.release(data)
        }, GConnectFlags(rawValue: 0))
        precondition(id != 0, "\(typeName) has no signal \"\(signal)\"")
        return SignalConnection(source: self, handlerID: id)
    }
}

/// Swift closures GTK holds (signal handlers, idle work), counted for leak tests.
public enum SignalClosures {
    static let live = Atomic<Int>(0)

    public static var liveCount: Int { live.load(ordering: .relaxed) }

    /// Balances `SignalClosureBox.retainedPointer()`: the box goes when GTK lets go of it.
    static func release(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}
