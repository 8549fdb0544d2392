import CEntryKit
import CGtk

/// One GObject instance as Swift sees it: through a handle (``GObjectReference``, which holds a
/// reference to the instance) or, inside EntryKit, through the Swift implementation of one of
/// its own classes (which the instance holds). What needs nothing but the instance's pointer is
/// written here once for both: casts, type checks and signal handlers (see `Signals.swift`).
@MainActor
public protocol GObjectInstance: AnyObject {
    /// The instance, valid while this lives.
    var object: UnsafeMutablePointer<GObject> { get }
}

extension GObjectInstance {
    /// The instance seen as another GObject type; the caller knows the type is right.
    public func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// The instance as an opaque C type (`GMenuModel *`, `GActionMap *`).
    public var opaque: OpaquePointer { OpaquePointer(object) }

    /// The GType name, such as `GtkEntry`.
    public var typeName: String { String(cString: ek_type_name_of(object)) }

    /// Whether the instance is of `type` or a subclass.
    public func isA(_ type: GType) -> Bool { ek_is_a(object, type) != 0 }
}
