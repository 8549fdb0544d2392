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
    weak var source: (any GObjectInstance)?
    public let handlerID: gulong

    private var connectedSource: (any GObjectInstance)? {
        guard let source, g_signal_handler_is_connected(source.object, handlerID) != 0 else { return nil }
        return source
    }

    /// Disconnects the handler; does nothing once what connected it (a handle, an implementation) is gone.
    public func disconnect() {
        guard let source = connectedSource else { return }
        g_signal_handler_disconnect(source.object, handlerID)
    }

    /// Runs `body` with this handler blocked, so a change the code itself makes (setting an
    /// entry's text from a list) does not come back through the handler that reacts to users.
    public func whileBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let source = connectedSource else { return try body() }
        g_signal_handler_block(source.object, handlerID)
        defer { g_signal_handler_unblock(source.object, handlerID) }
        return try body()
    }
}

public typealias SignalHandler = @MainActor () -> Void
public typealias SignalHandlerWithInteger = @MainActor (Int32) -> Void
public typealias SignalHandlerWithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
public typealias SignalHandlerReturningBool = @MainActor () -> Bool
public typealias EventHandler = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool

extension GObjectInstance {
    /// Connects `handler` to a signal that passes no argument and returns nothing (`clicked`,
    /// `activate`, `changed`).
    ///
    /// ```swift
    /// button.connect("clicked") { [weak self] in self?.accept() }
    /// ```
    ///
    /// Every `connect` checks the handler's shape against the signal's real signature
    /// (`g_signal_query`) and stops with a message naming both when they differ: a C handler of
    /// the wrong shape would read garbage arguments instead.
    @discardableResult
    public func connect(_ signal: String, _ handler: @escaping SignalHandler) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandler>.from(data)() }
        }
        return connect(signal, .noArgument, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one integer or enum argument (`response`).
    @discardableResult
    public func connect(_ signal: String, withInteger handler: @escaping SignalHandlerWithInteger) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandlerWithInteger>.from(data)(argument) }
        }
        return connect(signal, .integerArgument, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one pointer argument: an object, a boxed value, a
    /// `GParamSpec` (`notify`) or a `GVariant` (`activate` of an action).
    @discardableResult
    public func connect(_ signal: String, withPointer handler: @escaping SignalHandlerWithPointer) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, argument, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandlerWithPointer>.from(data)(argument) }
        }
        return connect(signal, .pointerArgument, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to a signal with no argument that returns a `gboolean` (`popup-menu`).
    @discardableResult
    public func connect(_ signal: String, returningBool handler: @escaping SignalHandlerReturningBool) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandlerReturningBool>.from(data)() ? 1 : 0 }
        }
        return connect(signal, .noArgumentReturningBool, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects `handler` to an event signal (`key-press-event`); return `true` to stop the event.
    @discardableResult
    public func connectEvent(_ signal: String, _ handler: @escaping EventHandler) -> SignalConnection {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEvent>?, UnsafeMutableRawPointer?) -> gboolean = {
            _, event, data in
            MainActor.assumeIsolated { SignalClosureBox<EventHandler>.from(data)(event!) ? 1 : 0 }
        }
        return connect(signal, .event, box: SignalClosureBox(handler), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    private func connect<Handler>(
        _ signal: String, _ shape: SignalShape, box: SignalClosureBox<Handler>, thunk: GCallback
    ) -> SignalConnection {
        if let mismatch = shape.mismatch(with: signal, on: ek_type_of(object)) {
            preconditionFailure(mismatch)
        }
        let id = g_signal_connect_data(
            object, signal, thunk, box.retainedPointer(),
            { data, _ in
                SignalClosures.release(data)
            }, GConnectFlags(rawValue: 0))
        return SignalConnection(source: self, handlerID: id)
    }
}

/// The C signature a Swift handler stands for, checked against the signal it is connected to.
enum SignalShape {
    case noArgument
    case integerArgument
    case pointerArgument
    case noArgumentReturningBool
    case event

    /// Why a handler of this shape cannot serve `signal` on instances of `type`, or nil when it can.
    func mismatch(with signal: String, on type: GType) -> String? {
        var signalID: guint = 0
        var detail: GQuark = 0
        let typeName = String(cString: g_type_name(type))
        // A class makes its signals in its class_init: until something references the class
        // (an instance, a subclass), the signals it declares are not there to be found.
        let typeClass = g_type_test_flags(type, G_TYPE_FLAG_CLASSED.rawValue) != 0 ? g_type_class_ref(type) : nil
        defer { if let typeClass { g_type_class_unref(typeClass) } }
        guard g_signal_parse_name(signal, type, &signalID, &detail, 1) != 0 else {
            return "\(typeName) has no signal \"\(signal)\""
        }
        var query = GSignalQuery()
        g_signal_query(signalID, &query)
        let parameters = (0..<Int(query.n_params)).map { ek_signal_type_without_scope(query.param_types[$0]) }
        let returnType = ek_signal_type_without_scope(query.return_type)
        if accepts(parameters: parameters, returnType: returnType) { return nil }
        let signature =
            "(" + parameters.map { String(cString: g_type_name($0)) }.joined(separator: ", ") + ") -> "
            + String(cString: g_type_name(returnType))
        return
            "\(typeName)::\(String(cString: query.signal_name)) has the signature \(signature); a handler for \(description) cannot be connected to it"
    }

    private var description: String {
        switch self {
        case .noArgument: "() -> void"
        case .integerArgument: "(gint) -> void"
        case .pointerArgument: "(gpointer) -> void"
        case .noArgumentReturningBool: "() -> gboolean"
        case .event: "(GdkEvent) -> gboolean"
        }
    }

    private func accepts(parameters: [GType], returnType: GType) -> Bool {
        let none = FundamentalType.none.type
        let boolean = FundamentalType.boolean.type
        switch self {
        case .noArgument:
            return parameters.isEmpty && returnType == none
        case .noArgumentReturningBool:
            return parameters.isEmpty && returnType == boolean
        case .integerArgument:
            let integers = [FundamentalType.int, .uint, .enum].map(\.type)
            return parameters.count == 1 && integers.contains(g_type_fundamental(parameters[0])) && returnType == none
        case .pointerArgument:
            let pointers = [FundamentalType.pointer, .object, .interface, .boxed, .param, .variant, .string].map(\.type)
            return parameters.count == 1 && pointers.contains(g_type_fundamental(parameters[0])) && returnType == none
        case .event:
            return parameters.count == 1 && g_type_is_a(parameters[0], gdk_event_get_type()) != 0 && returnType == boolean
        }
    }
}

/// GLib's fundamental types, which C names with macros Swift cannot import (gtype.h numbers them).
enum FundamentalType: GType {
    case none = 1
    case interface = 2
    case boolean = 5
    case int = 6
    case uint = 7
    case `enum` = 12
    case string = 16
    case pointer = 17
    case boxed = 18
    case param = 19
    case object = 20
    case variant = 21

    var type: GType { rawValue << GType(G_TYPE_FUNDAMENTAL_SHIFT) }
}

/// Swift closures GTK holds (signal handlers, idle work), counted for leak tests.
package enum SignalClosures {
    static let live = Atomic<Int>(0)

    package static var liveCount: Int { live.load(ordering: .relaxed) }

    /// Balances `SignalClosureBox.retainedPointer()`: the box goes when GTK lets go of it.
    static func release(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}
