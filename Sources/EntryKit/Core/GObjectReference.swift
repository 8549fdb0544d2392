import CGtk
import Synchronization

/// Owns exactly one reference to a GObject for as long as the Swift wrapper lives.
///
/// At construction a floating reference (a fresh widget) is sunk and becomes ours; a normal
/// reference (a toplevel window GTK already owns, an object handed to us) gets one more ref.
/// Either way `deinit` drops exactly the one reference taken, so GTK's own ownership of
/// toplevels is never released twice.
///
/// Signal handlers connected through ``connect(_:_:)`` capture the wrapper weakly: the GObject
/// keeps its closures, the Swift owner keeps the wrapper, and nothing keeps both.
@MainActor
open class GObjectReference {
    /// The wrapped object; valid for the wrapper's lifetime.
    public nonisolated(unsafe) let object: UnsafeMutablePointer<GObject>

    /// Wrappers alive in the process, for leak tests.
    public nonisolated static var liveCount: Int { liveWrappers.load(ordering: .relaxed) }
    private nonisolated static let liveWrappers = Atomic<Int>(0)

    /// Takes ownership of `pointer` (any GObject instance).
    public init<T>(taking pointer: UnsafeMutablePointer<T>) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer))
    }

    /// Takes ownership of a GObject whose C type Swift sees as opaque (`GMenu`, `GSimpleAction`).
    public init(taking pointer: OpaquePointer) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer))
    }

    private static func adopt(_ raw: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GObject> {
        g_object_ref_sink(raw)
        liveWrappers.add(1, ordering: .relaxed)
        return raw.assumingMemoryBound(to: GObject.self)
    }

    deinit {
        g_object_unref(object)
        Self.liveWrappers.subtract(1, ordering: .relaxed)
    }

    /// The object seen as another GObject type; the caller knows the type is right.
    public func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// The object as an opaque C type (`GMenuModel *`, `GActionMap *`).
    public var opaque: OpaquePointer { OpaquePointer(object) }

    /// The GType name, such as `GtkEntry`.
    public var typeName: String { String(cString: entrykit_type_name_of(object)) }

    /// Whether the object is an instance of `type` or a subclass.
    public func isA(_ type: GType) -> Bool { entrykit_is_a(object, type) != 0 }
}

/// Watches a GObject without owning it: tells whether it has been finalized (freed), not
/// merely disposed, as a destroyed widget is while someone still holds a reference.
///
/// Used by leak tests to prove that dropping every owner really frees the object.
public final class GObjectFinalizationProbe: Sendable {
    private final class Flag: Sendable {
        let finalized = Atomic<Bool>(false)
    }

    private let flag = Flag()

    @MainActor
    public init(_ reference: GObjectReference) {
        // Object data is released in finalize, after dispose, so its destroy-notify marks the end.
        let key = "entrykit-finalization-probe-\(UInt(bitPattern: ObjectIdentifier(flag).hashValue))"
        g_object_set_data_full(reference.object, key, Unmanaged.passRetained(flag).toOpaque()) { data in
            Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue().finalized.store(true, ordering: .relaxed)
        }
    }

    public var isFinalized: Bool { flag.finalized.load(ordering: .relaxed) }
}
