import CEntryKit
import CGtk
import EntryKitList

/// One property of an EntryKit GObject class, declared once, with the others of its class
/// (`ChooserFieldProperty`, `DropDownFieldProperty`, `PickerFieldProperty`,
/// `AccountPanelProperty`): its name, its type with its range and default, its documentation
/// (the declaration's doc comment), and the state it reads and writes, a key path into the
/// class's implementation (``ObjectImplementation``), whose setter holds the behaviour.
///
/// ```swift
/// /// Row height in pixels, or none (0) for the entry's own height.
/// static let rowHeight = ObjectProperty.int("row-height", \ChooserFieldImplementation.rowHeight, in: 0...1024, none: 0)
/// ```
///
/// From the declarations `scripts/object-properties` writes everything else that names a
/// property: its typed C accessors and the Swift handle's property (`*Property+Accessors.swift`),
/// the class's list in the order of their ids, the public header's documentation and prototypes,
/// the export map and Debian symbols, the GIR metadata and the table in docs/library.md; its
/// `--check` mode, run by the repository tests, fails when any of them is stale. A property so
/// takes its declaration and the behaviour that uses it.
///
/// Every change of a property's value goes through ``set(_:on:)``, as in libadwaita every change
/// goes through the public setter: from C, from `g_object_set`, from a Swift handle, and from the
/// behaviour itself (``ObjectImplementation/set(_:_:)``). It stores the value (the state's setter
/// may refuse or adjust it) and notifies when the value changed. A read-only property changes
/// with the widget's own state, and its behaviour notifies it (``ObjectImplementation/notify(_:)``).
final class ObjectProperty<Owner: ObjectImplementation, Value: ObjectPropertyValue>: AnyObjectProperty, @unchecked Sendable {
    // Sendable: immutable but for what is set once on GTK's thread: the key paths (resolved on the
    // main actor), the direct accessors (given when the class's list is made) and the spec (made
    // while GObject initializes the class).
    /// The key path of the state, formed on the main actor (the state is the main actor's).
    private let statePath: @MainActor @Sendable () -> KeyPath<Owner, Value>
    @MainActor private lazy var read: KeyPath<Owner, Value> = statePath()
    @MainActor private lazy var write: ReferenceWritableKeyPath<Owner, Value>? = read as? ReferenceWritableKeyPath<Owner, Value>
    /// The state's accessors as direct code (``accessing(get:set:)``), used instead of the key
    /// paths: a key path applied at run time looks up generic metadata each time, some
    /// microseconds a set, more than setting a thousand items costs.
    private var directGet: (@MainActor (Owner) -> Value)?
    private var directSet: (@MainActor (Owner, Value) -> Void)?
    /// The value with no instance to read: its default.
    let defaultValue: Value
    /// An int's range, and the number that stands for nil in C (-1: none picked).
    let range: ClosedRange<Int>?
    let none: Int?
    private let makeSpec: @Sendable (_ flags: GParamFlags) -> UnsafeMutablePointer<GParamSpec>
    private let fromGValue: @Sendable (UnsafePointer<GValue>, ObjectProperty) -> Value
    private let toGValue: @Sendable (Value, UnsafeMutablePointer<GValue>) -> Void

    private init(
        _ name: StaticString, writable: Bool, _ state: @escaping @MainActor @Sendable () -> KeyPath<Owner, Value>,
        default defaultValue: Value, range: ClosedRange<Int>? = nil, none: Int? = nil,
        spec: @escaping @Sendable (GParamFlags) -> UnsafeMutablePointer<GParamSpec>,
        fromGValue: @escaping @Sendable (UnsafePointer<GValue>, ObjectProperty) -> Value,
        toGValue: @escaping @Sendable (Value, UnsafeMutablePointer<GValue>) -> Void
    ) {
        statePath = state
        self.defaultValue = defaultValue
        self.range = range
        self.none = none
        makeSpec = spec
        self.fromGValue = fromGValue
        self.toGValue = toGValue
        super.init(name: name, isWritable: writable)
    }

    // MARK: The one setter

    /// The value on `owner`.
    @MainActor func value(of owner: Owner) -> Value {
        if let directGet { return directGet(owner) }
        return owner[keyPath: read]
    }

    /// The same property, read and written through `get` and `set`, direct code for its key path
    /// (`{ $0.rowHeight }`, `{ $0.rowHeight = $1 }`): what the class's list, written by
    /// `scripts/object-properties`, gives each property.
    func accessing(get: @escaping @MainActor (Owner) -> Value, set: (@MainActor (Owner, Value) -> Void)? = nil) -> ObjectProperty {
        directGet = get
        directSet = set
        return self
    }

    /// The value on `owner`, or the default when there is none (a destroyed widget's).
    @MainActor func value(of owner: Owner?) -> Value { owner.map(value(of:)) ?? defaultValue }

    /// Sets the value on `owner`: it is stored (the state's setter holds the behaviour: it may
    /// refuse or adjust the value, and see the same value again, as a field's first items are),
    /// and the instance's watchers are told when it changed.
    @MainActor func set(_ value: Value, on owner: Owner) {
        precondition(isWritable, "\(name) is read-only")
        let old = self.value(of: owner)
        if let directSet { directSet(owner, value) } else { owner[keyPath: write!] = value }
        if Value.hasChanged(from: old, to: self.value(of: owner)) { owner.notify(self) }
    }

    /// The value a Swift handle reads: its instance's, or the default once the instance let its
    /// implementation go (a destroyed widget).
    @MainActor func value(on handle: GObjectReference) -> Value { value(of: Owner.of(UnsafeMutableRawPointer(handle.object))) }

    /// What a Swift handle sets: ``set(_:on:)`` on its instance (nothing once the instance let
    /// its implementation go).
    @MainActor func set(_ value: Value, on handle: GObjectReference) {
        if let owner = Owner.of(UnsafeMutableRawPointer(handle.object)) { set(value, on: owner) }
    }

    // MARK: GObject

    @MainActor override var state: AnyKeyPath { read }

    @MainActor override func set(_ value: Any, on owner: ObjectImplementation) {
        set(value as! Value, on: unsafeDowncast(owner, to: Owner.self))
    }

    @MainActor override func applyDefault(to owner: ObjectImplementation) {
        let owner = unsafeDowncast(owner, to: Owner.self)
        if isWritable, value(of: owner) != defaultValue { set(defaultValue, on: owner) }
    }

    override func spec(flags: GParamFlags) -> UnsafeMutablePointer<GParamSpec> { makeSpec(flags) }

    override func set(_ instance: UnsafeMutablePointer<GObject>, from value: UnsafePointer<GValue>) {
        nonisolated(unsafe) let (instance, newValue) = (instance, fromGValue(value, self))
        MainActor.assumeIsolated { Owner.of(UnsafeMutableRawPointer(instance)).map { set(newValue, on: $0) } }
    }

    override func get(_ instance: UnsafeMutablePointer<GObject>, into value: UnsafeMutablePointer<GValue>) {
        nonisolated(unsafe) let (instance, value) = (instance, value)
        MainActor.assumeIsolated { toGValue(self.value(of: Owner.of(UnsafeMutableRawPointer(instance))), value) }
    }

    /// A C accessor's work: `body` with the implementation of `instance`; see
    /// ``ObjectImplementation/with(_:accessor:otherwise:_:)``.
    func with<Result>(
        _ instance: (some ObjectPointer)?, accessor: String, otherwise: Result, _ body: @MainActor (Owner) -> Result
    )
        -> Result
    {
        Owner.with(instance, accessor: accessor, otherwise: otherwise, body)
    }

    /// An int from C, clamped into the declared range.
    fileprivate func clamped(_ value: gint) -> Int {
        guard let range else { return Int(value) }
        return min(max(Int(value), range.lowerBound), range.upperBound)
    }
}

/// A property's value: it tells whether a store changed it.
protocol ObjectPropertyValue: Equatable {
    /// Whether the state went from `old` to `new`: they differ (the rule).
    static func hasChanged(from old: Self, to new: Self) -> Bool
}

extension ObjectPropertyValue {
    static func hasChanged(from old: Self, to new: Self) -> Bool { old != new }
}

extension Int: ObjectPropertyValue {}
extension Bool: ObjectPropertyValue {}
extension String: ObjectPropertyValue {}
extension Optional: ObjectPropertyValue where Wrapped: ObjectPropertyValue {}

/// A field keeps new items only when they differ from its own (or are its first): a new store is
/// a change. Comparing the items again would cost as much as the field's own comparison, the whole
/// text when only the last item differs.
extension ListItems: ObjectPropertyValue {
    static func hasChanged(from old: ListItems, to new: ListItems) -> Bool { !old.isSameStore(as: new) }
}

/// What a class's list of properties (``ObjectProperties``) sees of each.
class AnyObjectProperty: @unchecked Sendable {
    let name: StaticString
    let isWritable: Bool
    /// The spec GObject knows the property by, for notifications; made when the class is.
    private(set) var spec: UnsafeMutablePointer<GParamSpec>?

    init(name: StaticString, isWritable: Bool) {
        self.name = name
        self.isWritable = isWritable
    }

    /// The key path of the state it reads and writes.
    @MainActor var state: AnyKeyPath { preconditionFailure() }
    func spec(flags: GParamFlags) -> UnsafeMutablePointer<GParamSpec> { preconditionFailure() }
    /// What the class's `set_property` and `get_property` do for the property.
    func set(_ instance: UnsafeMutablePointer<GObject>, from value: UnsafePointer<GValue>) { preconditionFailure() }
    func get(_ instance: UnsafeMutablePointer<GObject>, into value: UnsafeMutablePointer<GValue>) { preconditionFailure() }
    /// ``ObjectProperty/set(_:on:)`` with a value of the property's type, from code that knows the
    /// property by its state's key path alone (a panel's field).
    @MainActor func set(_ value: Any, on owner: ObjectImplementation) { preconditionFailure() }
    /// Sets the declared default on a new instance's state, where that starts otherwise.
    @MainActor func applyDefault(to owner: ObjectImplementation) { preconditionFailure() }

    /// Installs the property on the class being initialized, as property `id`. Nick and blurb are
    /// NULL, as in libadwaita: the documentation is the public header's, made from the declaration.
    func install(on objectClass: UnsafeMutablePointer<GObjectClass>, id: guint) {
        let access = isWritable ? G_PARAM_READWRITE.rawValue : G_PARAM_READABLE.rawValue
        // Notified only on a change (the setter compares): G_PARAM_EXPLICIT_NOTIFY; the name is a
        // static string (G_PARAM_STATIC_STRINGS, a macro Swift cannot import).
        let flags =
            access | G_PARAM_EXPLICIT_NOTIFY.rawValue | G_PARAM_STATIC_NAME.rawValue | G_PARAM_STATIC_NICK.rawValue
            | G_PARAM_STATIC_BLURB.rawValue
        spec = spec(flags: GParamFlags(flags))
        g_object_class_install_property(objectClass, id, spec)
    }
}

// MARK: - The kinds of property

/// Whether `scripts/object-properties` writes the Swift handle's property (the rule), or the
/// handle has its own, written by hand: an override (``DropDownField/isEditable``), or one each
/// field class spells its own way (a drop-down's settable ``DropDownField/items``, a picker's
/// ``PickerField/setItems(_:placeholder:)-(ListItems,_)``). Read by the script alone.
enum HandleProperty {
    case generated
    case writtenByHand
}

// Each kind takes the state as a key path the main actor forms (an autoclosure): the state is
// the main actor's, and the declarations are static.
extension ObjectProperty {
    /// An `int` property over an `Int`; C's values are clamped into `range`.
    static func int(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, Int>,
        in range: ClosedRange<Int>, default value: Int, handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == Int {
        ObjectProperty(
            name, writable: true, state, default: value, range: range,
            spec: { g_param_spec_int(name.c, nil, nil, gint(range.lowerBound), gint(range.upperBound), gint(value), $0) },
            fromGValue: { value, property in property.clamped(g_value_get_int(value)) },
            toGValue: { value, target in g_value_set_int(target, gint(clamping: value)) })
    }

    /// An `int` property over an `Int?`: `none`, in C, is nil (and the default).
    static func int(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, Int?>,
        in range: ClosedRange<Int>, none: Int, handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == Int? {
        ObjectProperty(
            name, writable: true, state, default: nil, range: range, none: none,
            spec: { g_param_spec_int(name.c, nil, nil, gint(range.lowerBound), gint(range.upperBound), gint(none), $0) },
            fromGValue: { value, property in property.fromC(g_value_get_int(value)) },
            toGValue: { value, target in g_value_set_int(target, gint(clamping: value ?? none)) })
    }

    /// A `boolean` property.
    static func boolean(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, Bool>,
        default value: Bool, handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == Bool {
        boolean(name, writable: true, state, default: value)
    }

    /// A read-only `boolean` property: it changes with the widget's state, which notifies it.
    static func boolean(
        _ name: StaticString, get state: @autoclosure @escaping @MainActor @Sendable () -> KeyPath<Owner, Bool>, default value: Bool
    ) -> ObjectProperty where Value == Bool {
        boolean(name, writable: false, state, default: value)
    }

    private static func boolean(
        _ name: StaticString, writable: Bool, _ state: @escaping @MainActor @Sendable () -> KeyPath<Owner, Bool>, default value: Bool
    ) -> ObjectProperty where Value == Bool {
        ObjectProperty(
            name, writable: writable, state, default: value, spec: { g_param_spec_boolean(name.c, nil, nil, value ? 1 : 0, $0) },
            fromGValue: { value, _ in g_value_get_boolean(value) != 0 },
            toGValue: { value, target in g_value_set_boolean(target, value ? 1 : 0) })
    }

    /// A string property over a `String?`: `NULL` allowed, and the default.
    static func string(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, String?>,
        handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == String? {
        ObjectProperty(
            name, writable: true, state, default: nil, spec: { g_param_spec_string(name.c, nil, nil, nil, $0) },
            fromGValue: { value, _ in String(optionalCString: g_value_get_string(value)) },
            toGValue: { value, target in g_value_take_string(target, duplicate(value)) })
    }

    /// A string property over a `String` that is never `NULL`: `NULL` from C is `value`.
    static func string(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, String>,
        default value: StaticString, handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == String {
        ObjectProperty(
            name, writable: true, state, default: value.description, spec: { g_param_spec_string(name.c, nil, nil, value.c, $0) },
            fromGValue: { gvalue, _ in String(optionalCString: g_value_get_string(gvalue)) ?? value.description },
            toGValue: { value, target in g_value_take_string(target, duplicate(value)) })
    }

    /// A `GStrv` property over ``ListItems``.
    static func strings(
        _ name: StaticString, _ state: @autoclosure @escaping @MainActor @Sendable () -> ReferenceWritableKeyPath<Owner, ListItems>,
        handle: HandleProperty = .generated
    ) -> ObjectProperty where Value == ListItems {
        ObjectProperty(
            name, writable: true, state, default: ListItems(), spec: { g_param_spec_boxed(name.c, nil, nil, g_strv_get_type(), $0) },
            fromGValue: { value, _ in
                StringVector.items(from: g_value_get_boxed(value)?.assumingMemoryBound(to: UnsafePointer<gchar>?.self))
            },
            toGValue: { value, target in g_value_take_boxed(target, StringVector.make(value)) })
    }
}

// MARK: - The typed C accessors (what the generated `@_cdecl` functions call)

extension ObjectProperty where Value == Int {
    func set(_ value: gint, of instance: (some ObjectPointer)?, accessor: String = #function) {
        let value = clamped(value)
        with(instance, accessor: accessor, otherwise: ()) { set(value, on: $0) }
    }

    func get(of instance: (some ObjectPointer)?, accessor: String = #function) -> gint {
        with(instance, accessor: accessor, otherwise: gint(clamping: defaultValue)) { gint(clamping: value(of: $0)) }
    }
}

extension ObjectProperty where Value == Int? {
    fileprivate func fromC(_ value: gint) -> Int? {
        let value = clamped(value)
        return value == none ? nil : value
    }

    func set(_ value: gint, of instance: (some ObjectPointer)?, accessor: String = #function) {
        let value = fromC(value)
        with(instance, accessor: accessor, otherwise: ()) { set(value, on: $0) }
    }

    func get(of instance: (some ObjectPointer)?, accessor: String = #function) -> gint {
        let none = gint(clamping: none ?? 0)
        return with(instance, accessor: accessor, otherwise: none) { value(of: $0).map { gint(clamping: $0) } ?? none }
    }
}

extension ObjectProperty where Value == Bool {
    func set(_ value: gboolean, of instance: (some ObjectPointer)?, accessor: String = #function) {
        with(instance, accessor: accessor, otherwise: ()) { set(value != 0, on: $0) }
    }

    func get(of instance: (some ObjectPointer)?, accessor: String = #function) -> gboolean {
        with(instance, accessor: accessor, otherwise: 0) { value(of: $0) ? 1 : 0 }
    }
}

/// A string property's value: a `String?`, or a `String` that is never `NULL`.
protocol StringPropertyValue: ObjectPropertyValue, Sendable {
    /// The value from C's string, or `defaultValue` where `NULL` means the default.
    init(fromC string: String?, default defaultValue: Self)
    var cString: String? { get }
}

extension Optional: StringPropertyValue where Wrapped == String {
    init(fromC string: String?, default defaultValue: String?) { self = string }
    var cString: String? { self }
}

extension String: StringPropertyValue {
    init(fromC string: String?, default defaultValue: String) { self = string ?? defaultValue }
    var cString: String? { self }
}

extension ObjectProperty where Value: StringPropertyValue {
    func set(_ value: UnsafePointer<gchar>?, of instance: (some ObjectPointer)?, accessor: String = #function) {
        let value = Value(fromC: String(optionalCString: value), default: defaultValue)
        with(instance, accessor: accessor, otherwise: ()) { set(value, on: $0) }
    }

    /// A new copy (transfer full).
    func get(of instance: (some ObjectPointer)?, accessor: String = #function) -> UnsafeMutablePointer<gchar>? {
        duplicate(with(instance, accessor: accessor, otherwise: nil) { value(of: $0).cString })
    }

    /// The instance's own copy, lent (transfer none): see ``LentString``.
    func lend(of instance: (some ObjectPointer)?, accessor: String = #function) -> UnsafePointer<gchar>? {
        nonisolated(unsafe) let lent = with(instance, accessor: accessor, otherwise: nil) { $0.lend(value(of: $0).cString, for: self) }
        return lent
    }
}

extension ObjectProperty where Value == ListItems {
    func set(_ value: UnsafePointer<UnsafePointer<gchar>?>?, of instance: (some ObjectPointer)?, accessor: String = #function) {
        let items = StringVector.items(from: value)
        with(instance, accessor: accessor, otherwise: ()) { set(items, on: $0) }
    }

    /// A new vector (transfer full).
    func get(of instance: (some ObjectPointer)?, accessor: String = #function) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? {
        nonisolated(unsafe) let vector = with(instance, accessor: accessor, otherwise: nil) { StringVector.make(value(of: $0)) }
        return vector
    }
}
