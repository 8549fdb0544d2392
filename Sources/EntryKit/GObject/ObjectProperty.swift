import CEntryKit
import CGtk

/// One property of an EntryKit GObject class, declared in Swift beside the behaviour it sets:
/// what GObject shows of it (a `GParamSpec`: name, type, range, default) and how
/// `g_object_set`/`g_object_get` reach it, through the property's typed C accessors, as a
/// libadwaita class's `set_property` calls its public setters. Its documentation for C and the
/// bindings is in the class's public header, beside the accessors' prototypes.
///
/// The accessors are `@_spi(CAccessors) public`: public, because an optimized build gives internal
/// symbols hidden visibility and the library's version script can export no hidden symbol; SPI,
/// so Swift code sees only the C declarations of the same names (CEntryKit's headers).
///
/// Adding a property to a field so takes two files: the header (the property's doc comment and
/// the accessors' prototypes) and the Swift file of the class's behaviour (the stored property,
/// its entry here, the accessors as `@_cdecl` functions of the same name, the Swift handle's
/// property).
final class ObjectProperty: @unchecked Sendable {
    // Sendable: the closures call C accessors (thread-safe to call; they reach the main actor
    // themselves) and `spec` is written once, while GObject initializes the class.
    private let declare: @Sendable () -> UnsafeMutablePointer<GParamSpec>
    fileprivate let set: (@Sendable (UnsafeMutableRawPointer, UnsafePointer<GValue>) -> Void)?
    fileprivate let get: @Sendable (UnsafeMutableRawPointer, UnsafeMutablePointer<GValue>) -> Void
    /// The spec GObject knows the property by, for notifications; made when the class is.
    private(set) var spec: UnsafeMutablePointer<GParamSpec>?

    private init(
        declare: @escaping @Sendable () -> UnsafeMutablePointer<GParamSpec>,
        set: (@Sendable (UnsafeMutableRawPointer, UnsafePointer<GValue>) -> Void)?,
        get: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeMutablePointer<GValue>) -> Void
    ) {
        self.declare = declare
        self.set = set
        self.get = get
    }

    /// Tells `object`'s watchers (`notify::name`, `notify`) that the property changed, when
    /// anyone listens (see `entrykit_notify.h`: GTK's accessible, which listens to every widget
    /// it serves, does not count).
    func notify<Object>(_ object: UnsafeMutablePointer<Object>) {
        guard let spec else { return }
        ek_object_notify_if_heard(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), spec)
    }

    fileprivate func install(on objectClass: UnsafeMutablePointer<GObjectClass>, id: guint) {
        spec = declare()
        g_object_class_install_property(objectClass, id, spec)
    }

    /// Read and written, notified only on a change (the accessors compare first).
    private static let readWrite = GParamFlags(G_PARAM_READWRITE.rawValue | notifiedStatic)
    private static let readOnly = GParamFlags(G_PARAM_READABLE.rawValue | notifiedStatic)
    /// `G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS` (a macro Swift cannot import).
    private static let notifiedStatic =
        G_PARAM_EXPLICIT_NOTIFY.rawValue | G_PARAM_STATIC_NAME.rawValue | G_PARAM_STATIC_NICK.rawValue | G_PARAM_STATIC_BLURB.rawValue

    /// An `int` property.
    static func int<Object: ObjectPointer>(
        _ name: StaticString, _ nick: StaticString, _ blurb: StaticString, range: ClosedRange<gint>, default value: gint,
        get: @escaping @Sendable (Object?) -> gint,
        set: @escaping @Sendable (Object?, gint) -> Void
    ) -> ObjectProperty {
        ObjectProperty(
            declare: { g_param_spec_int(name.c, nick.c, blurb.c, range.lowerBound, range.upperBound, value, readWrite) },
            set: { object, value in set(Object(object: object), g_value_get_int(value)) },
            get: { object, value in g_value_set_int(value, get(Object(object: object))) })
    }

    /// A `boolean` property; read-only without `set`.
    static func boolean<Object: ObjectPointer>(
        _ name: StaticString, _ nick: StaticString, _ blurb: StaticString, default value: Bool,
        get: @escaping @Sendable (Object?) -> gboolean,
        set: (@Sendable (Object?, gboolean) -> Void)? = nil
    ) -> ObjectProperty {
        let flags = set == nil ? readOnly : readWrite
        var setValue: (@Sendable (UnsafeMutableRawPointer, UnsafePointer<GValue>) -> Void)?
        if let set { setValue = { object, value in set(Object(object: object), g_value_get_boolean(value)) } }
        return ObjectProperty(
            declare: { g_param_spec_boolean(name.c, nick.c, blurb.c, value ? 1 : 0, flags) },
            set: setValue,
            get: { object, value in g_value_set_boolean(value, get(Object(object: object))) })
    }

    /// A string property (`NULL` allowed, and the default unless given); the getter returns a new
    /// string, as the fields' typed getters do.
    static func string<Object: ObjectPointer>(
        _ name: StaticString, _ nick: StaticString, _ blurb: StaticString, default value: StaticString? = nil,
        get: @escaping @Sendable (Object?) -> UnsafeMutablePointer<gchar>?,
        set: @escaping @Sendable (Object?, UnsafePointer<gchar>?) -> Void
    ) -> ObjectProperty {
        ObjectProperty(
            declare: { g_param_spec_string(name.c, nick.c, blurb.c, value?.c, readWrite) },
            set: { object, value in set(Object(object: object), g_value_get_string(value)) },
            get: { object, value in g_value_take_string(value, get(Object(object: object))) })
    }

    /// A `GStrv` property; the getter returns a new vector.
    static func strings<Object: ObjectPointer>(
        _ name: StaticString, _ nick: StaticString, _ blurb: StaticString,
        get: @escaping @Sendable (Object?) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?,
        set: @escaping @Sendable (Object?, UnsafePointer<UnsafePointer<gchar>?>?) -> Void
    ) -> ObjectProperty {
        ObjectProperty(
            declare: { g_param_spec_boxed(name.c, nick.c, blurb.c, g_strv_get_type(), readWrite) },
            set: { object, value in
                set(Object(object: object), g_value_get_boxed(value)?.assumingMemoryBound(to: UnsafePointer<gchar>?.self))
            },
            get: { object, value in g_value_take_boxed(value, get(Object(object: object))) })
    }
}

/// A class's properties, their ids their places (1, 2, …): installed by the class's `class_init`,
/// which points its `set_property`/`get_property` here first (GObject installs no writable property
/// on a class without them).
struct ObjectProperties: Sendable {
    let all: [ObjectProperty]

    init(_ all: [ObjectProperty]) { self.all = all }

    /// Installs the properties on the class being initialized.
    func install(on objectClass: UnsafeMutablePointer<GObjectClass>) {
        for (index, property) in all.enumerated() { property.install(on: objectClass, id: guint(index + 1)) }
    }

    /// What the class's `set_property` does: the property's typed setter.
    func set(_ object: UnsafeMutablePointer<GObject>?, _ id: guint, _ value: UnsafePointer<GValue>?) {
        guard let object, let value, let set = property(id)?.set else { return }
        set(UnsafeMutableRawPointer(object), value)
    }

    /// What the class's `get_property` does: the property's typed getter.
    func get(_ object: UnsafeMutablePointer<GObject>?, _ id: guint, _ value: UnsafeMutablePointer<GValue>?) {
        guard let object, let value, let property = property(id) else { return }
        property.get(UnsafeMutableRawPointer(object), value)
    }

    /// GObject passes only ids the class installed; anything else is a bug in the class.
    private func property(_ id: guint) -> ObjectProperty? {
        guard id >= 1, id <= all.count else {
            ek_warn("EntryKit: no property with id \(id)")
            return nil
        }
        return all[Int(id) - 1]
    }
}

/// How C types an instance: a pointer to its struct, or an opaque one for a final type.
protocol ObjectPointer {
    init(object: UnsafeMutableRawPointer)
    var object: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: ObjectPointer {
    init(object: UnsafeMutableRawPointer) { self = object.assumingMemoryBound(to: Pointee.self) }
    var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: ObjectPointer {
    init(object: UnsafeMutableRawPointer) { self.init(object) }
    var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension StaticString {
    /// The string for C: GObject keeps the pointer (`G_PARAM_STATIC_STRINGS`), and a static
    /// string's lives as long as the program.
    fileprivate var c: UnsafePointer<gchar> { UnsafeRawPointer(utf8Start).assumingMemoryBound(to: gchar.self) }
}

/// Runs a C accessor's `body` with the Swift behaviour of `object`, on the main actor (C calls
/// on GTK's thread, where it runs). An `object` that is not a `type` is the caller's mistake,
/// reported as `g_return_if_fail` reports it, naming the accessor; a disposed object has no
/// behaviour left: both give `otherwise`.
func withImplementation<Implementation: AnyObject, Result>(
    of object: (some ObjectPointer)?, type: GType, implementation: (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?,
    otherwise: Result, function: String = #function, _ body: @MainActor (Implementation) -> Result
) -> Result {
    guard let object = object?.object, ek_is_a(object, type) != 0 else {
        let accessor = String(function.prefix { $0 != "(" })
        g_return_if_fail_warning("EntryKit", accessor, "G_TYPE_CHECK_INSTANCE_TYPE (object, \(String(cString: g_type_name(type))))")
        return otherwise
    }
    guard let made = implementation(object) else { return otherwise }
    nonisolated(unsafe) let pointer = made
    nonisolated(unsafe) var result = otherwise
    nonisolated(unsafe) let body = body
    MainActor.assumeIsolated { result = body(Unmanaged<Implementation>.fromOpaque(pointer).takeUnretainedValue()) }
    return result
}
