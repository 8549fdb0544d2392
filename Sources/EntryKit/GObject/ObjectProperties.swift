import CEntryKit
import CGtk

/// A class's properties, their ids their places (1, 2, …), in the order
/// `scripts/object-properties` finds their declarations: installed by the class's `class_init`,
/// which points its `set_property` and `get_property` here (GObject installs no writable
/// property on a class without them).
struct ObjectProperties: Sendable {
    let all: [AnyObjectProperty]

    init(_ all: [AnyObjectProperty]) { self.all = all }

    /// Sets each property's declared default on a new instance whose state starts otherwise, so
    /// the declaration is where the default is.
    @MainActor func applyDefaults(to owner: ObjectImplementation) {
        for property in all { property.applyDefault(to: owner) }
    }

    /// The property whose state is at `keyPath`, if one is.
    @MainActor func declaration(of keyPath: AnyKeyPath) -> AnyObjectProperty? { all.first { $0.state == keyPath } }

    /// Installs the properties on the class being initialized.
    func install(on objectClass: UnsafeMutablePointer<GObjectClass>) {
        for (index, property) in all.enumerated() { property.install(on: objectClass, id: guint(index + 1)) }
    }

    /// What the class's `set_property` does: the property's one setter.
    func set(_ object: UnsafeMutablePointer<GObject>?, _ id: guint, _ value: UnsafePointer<GValue>?) {
        guard let object, let value, let property = property(id) else { return }
        property.set(object, from: value)
    }

    /// What the class's `get_property` does.
    func get(_ object: UnsafeMutablePointer<GObject>?, _ id: guint, _ value: UnsafeMutablePointer<GValue>?) {
        guard let object, let value, let property = property(id) else { return }
        property.get(object, into: value)
    }

    /// GObject passes only ids the class installed; anything else is a bug in the class.
    private func property(_ id: guint) -> AnyObjectProperty? {
        guard id >= 1, id <= all.count else {
            ek_warn("EntryKit: no property with id \(id)")
            return nil
        }
        return all[Int(id) - 1]
    }
}
