import CEntryKit
import CGtk

/// The Swift state and behaviour of one instance of an EntryKit GObject class: made with the
/// instance (in its `constructed`, whoever made it: Swift, C, a binding, GtkBuilder) and owned by
/// it, so no instance exists without it and no second copy of it exists. Every way in reaches
/// this one object: C's typed accessors and `g_object_set`/`g_object_get` (through the class's
/// ``ObjectProperty`` declarations), the instance's signals, and the public Swift handles
/// (``DropDownField``, ``PickerField``, ``AccountPanel``), which hold nothing of their own.
///
/// A subclass says which GType it implements and where the instance keeps it (its C private
/// data); it holds no reference to the instance, which outlives it.
@MainActor
package class ObjectImplementation: GObjectInstance {
    /// The instance this implements.
    package let object: UnsafeMutablePointer<GObject>
    /// The strings C's getters have lent (``LentString``), by property.
    private var lentStrings: [ObjectIdentifier: LentString] = [:]

    required init(instance object: UnsafeMutablePointer<GObject>) {
        self.object = object
        GObjectReference.liveWrappers.add(1, ordering: .relaxed)
    }

    isolated deinit { GObjectReference.liveWrappers.subtract(1, ordering: .relaxed) }

    /// The GType this implements; a C accessor given an instance of another type refuses it.
    nonisolated class var instanceType: GType { preconditionFailure("\(Self.self) names no GType") }

    /// The implementation `instance` keeps (``retained(for:)``), nil once it let it go.
    nonisolated class func kept(by instance: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        preconditionFailure("\(Self.self) says not where its instances keep it")
    }

    /// The implementation of `instance` (an instance of ``instanceType``), nil once it let it go.
    static func of(_ instance: UnsafeMutableRawPointer) -> Self? {
        guard let kept = kept(by: instance) else { return nil }
        return Unmanaged<Self>.fromOpaque(kept).takeUnretainedValue()
    }

    /// Tells the instance's watchers (`notify::name`, `notify`) that `property` changed, when
    /// anyone listens (see `entrykit_notify.h`).
    func notify(_ property: AnyObjectProperty) {
        guard let spec = property.spec else { return }
        ek_object_notify_if_heard(object, spec)
    }

    /// Sets one of the instance's properties from within (a pick the user made, items given
    /// through the Swift API) as C and GObject set it: compared, stored and notified.
    func set<Owner, Value>(_ property: ObjectProperty<Owner, Value>, _ value: Value) {
        property.set(value, on: unsafeDowncast(self, to: Owner.self))
    }

    /// The pointer C's getter lends for `value`, the string of `property`.
    func lend(_ value: String?, for property: AnyObjectProperty) -> UnsafePointer<gchar>? {
        let key = ObjectIdentifier(property)
        let lent = lentStrings[key] ?? LentString()
        lentStrings[key] = lent
        return lent.lend(value)
    }

    // MARK: Made and released by the instance

    /// A new implementation of `instance`, retained for it: called from its `constructed`.
    nonisolated static func retained(for instance: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        nonisolated(unsafe) let object = instance!.assumingMemoryBound(to: GObject.self)
        nonisolated(unsafe) var made: UnsafeMutableRawPointer?
        MainActor.assumeIsolated { made = Unmanaged.passRetained(Self(instance: object)).toOpaque() }
        return made!
    }

    /// The instance lets its implementation go (dispose, or finalize for one that is no widget).
    nonisolated static func release(_ implementation: UnsafeMutableRawPointer?) {
        nonisolated(unsafe) let implementation = implementation!
        MainActor.assumeIsolated { Unmanaged<ObjectImplementation>.fromOpaque(implementation).release() }
    }

    // MARK: C's accessors

    /// Runs a C accessor's `body` with the implementation of `instance`, on the main actor (C calls
    /// on GTK's thread, where it runs). An instance that is not an ``instanceType`` is the caller's
    /// mistake, reported as `g_return_if_fail` reports it, naming the accessor; an instance that
    /// let its implementation go (a destroyed widget) has none: both give `otherwise`.
    nonisolated static func with<Result>(
        _ instance: (some ObjectPointer)?, accessor: String, otherwise: Result, _ body: @MainActor (Self) -> Result
    ) -> Result {
        guard let pointer = instance?.object, ek_is_a(pointer, instanceType) != 0 else {
            let name = String(accessor.prefix { $0 != "(" })
            g_return_if_fail_warning("EntryKit", name, "G_TYPE_CHECK_INSTANCE_TYPE (object, \(String(cString: g_type_name(instanceType))))")
            return otherwise
        }
        nonisolated(unsafe) var result = otherwise
        nonisolated(unsafe) let raw = pointer
        MainActor.assumeIsolated {
            guard let implementation = Self.of(raw) else { return }
            result = body(implementation)
        }
        return result
    }
}
