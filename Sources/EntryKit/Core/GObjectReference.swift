import CGtk
import Synchronization

/// Owns exactly one reference to a GObject for as long as the Swift wrapper lives.
///
/// The initializer says who owned the reference the pointer came with, as GObject
/// introspection's transfer annotations do, and every call site chooses one:
///
/// - ``init(transferFull:)-(UnsafeMutablePointer<T>)`` for a pointer whose reference is handed to us:
///   a constructor's result (`gtk_label_new`, `g_menu_new`, `gtk_entry_buffer_new`). A floating
///   reference (a fresh widget) is sunk; a full one (`GMenu`, `GtkCssProvider`) is taken as it is.
/// - ``init(transferNone:)-(UnsafeMutablePointer<T>)`` for a borrowed pointer: a getter's result, or a toplevel
///   window, which GTK itself owns until it is destroyed. The wrapper adds a reference of its own.
///
/// Either way `deinit` drops exactly the one reference the wrapper holds, and it does so on the
/// GTK thread (`isolated deinit`): the last wrapper may be released from any task or thread, and
/// finalization, with the signal closures it frees, still happens where GTK runs.
///
/// ``connect(_:_:)`` captures nothing of the wrapper: it keeps only the handler it is given, in a
/// box the GObject frees with the signal. A handler that uses its owner captures it weakly
/// (`[weak self]`), so the GObject keeps its closures, the Swift owner keeps the wrapper, and
/// nothing keeps both.
@MainActor
open class GObjectReference: GObjectInstance {
    /// The wrapped object; valid for the wrapper's lifetime.
    public let object: UnsafeMutablePointer<GObject>

    /// Wrappers alive in the process (handles and EntryKit's implementations), for leak tests.
    package nonisolated static var liveCount: Int { liveWrappers.load(ordering: .relaxed) }
    package nonisolated static let liveWrappers = Atomic<Int>(0)

    /// Wraps an object whose reference is handed over: sinks it if floating, else keeps it as is.
    public init<T>(transferFull pointer: UnsafeMutablePointer<T>) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer), addingReference: false)
    }

    /// Wraps an object whose reference is handed over, seen by Swift as an opaque C type (`GMenu *`).
    public init(transferFull pointer: OpaquePointer) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer), addingReference: false)
    }

    /// Wraps a borrowed object (a getter's result, a toplevel GTK owns), adding a reference.
    public init<T>(transferNone pointer: UnsafeMutablePointer<T>) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer), addingReference: true)
    }

    /// Wraps a borrowed object seen by Swift as an opaque C type, adding a reference.
    public init(transferNone pointer: OpaquePointer) {
        object = Self.adopt(UnsafeMutableRawPointer(pointer), addingReference: true)
    }

    private static func adopt(_ raw: UnsafeMutableRawPointer, addingReference: Bool) -> UnsafeMutablePointer<GObject> {
        precondition(ek_is_a(raw, FundamentalType.object.type) != 0, "GObjectReference needs a GObject instance")
        if addingReference {
            g_object_ref(raw)
        } else if ek_is_floating(raw) != 0 {
            g_object_ref_sink(raw)
        }
        liveWrappers.add(1, ordering: .relaxed)
        return raw.assumingMemoryBound(to: GObject.self)
    }

    isolated deinit {
        g_object_unref(object)
        Self.liveWrappers.subtract(1, ordering: .relaxed)
    }

    /// The object's reference count, for ownership tests.
    package var referenceCount: UInt32 { object.pointee.ref_count }
}

/// Watches a GObject without owning it: tells whether it has been finalized (freed), not
/// merely disposed, as a destroyed widget is while someone still holds a reference, and
/// whether that happened on the GTK thread.
///
/// Used by leak tests to prove that dropping every owner really frees the object.
package final class GObjectFinalizationProbe: Sendable {
    private final class Flag: Sendable {
        let finalized = Atomic<Bool>(false)
        let finalizedInGtkContext = Atomic<Bool>(false)
    }

    private let flag = Flag()

    @MainActor
    package convenience init(_ reference: GObjectReference) {
        self.init(object: reference.object)
    }

    /// Watches any GObject (one no wrapper holds, such as a `GMenu` inside a menu button).
    @MainActor
    package init(object: UnsafeMutablePointer<GObject>) {
        // Object data is released in finalize, after dispose, so its destroy-notify marks the end.
        let key = "entrykit-finalization-probe-\(UInt(bitPattern: ObjectIdentifier(flag).hashValue))"
        g_object_set_data_full(object, key, Unmanaged.passRetained(flag).toOpaque()) { data in
            let flag = Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue()
            flag.finalizedInGtkContext.store(GtkRuntime.isInGtkContext, ordering: .relaxed)
            flag.finalized.store(true, ordering: .relaxed)
        }
    }

    package var isFinalized: Bool { flag.finalized.load(ordering: .relaxed) }
    package var wasFinalizedInGtkContext: Bool { flag.finalizedInGtkContext.load(ordering: .relaxed) }
}
