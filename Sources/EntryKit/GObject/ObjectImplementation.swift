import CEntryKit
import CGtk
import EntryKitList

// The behaviour behind EntryKit's C types, so C, Python, JavaScript and Vala get the Swift
// widgets themselves, not a second copy: every `EkDropDownField` and `EkPickerField` is made
// with its ``DropDownFieldImplementation`` or ``PickerFieldImplementation`` (in `constructed`,
// through its class's `create_implementation`), and every `EkAccountPanel` with its
// ``AccountPanelImplementation``.
//
// C reaches them through `@_cdecl` functions: a field's typed accessors are defined in Swift
// under their public C names, beside the property they serve (see ``ObjectProperty``), and
// reach the implementation the object keeps, so a call arrives with no look-up by name and no
// switch over properties or classes; the fields' factories are below, the panel's entry points
// beside its implementation.

// MARK: - Entry points from C

/// A string for C, newly allocated (`g_free`).
func duplicate(_ string: String?) -> UnsafeMutablePointer<gchar>? { string.flatMap { g_strdup($0) } }

/// A string from C.
func string(_ pointer: UnsafePointer<gchar>?) -> String? { pointer.map { String(cString: $0) } }

/// Makes the behaviour of a field being constructed, retained for the object.
private func makeImplementation(
    _ field: UnsafeMutableRawPointer?, _ type: ChooserFieldImplementation.Type
) -> UnsafeMutableRawPointer {
    nonisolated(unsafe) let object = field!.assumingMemoryBound(to: GObject.self)
    nonisolated(unsafe) var made: UnsafeMutableRawPointer?
    MainActor.assumeIsolated { made = Unmanaged.passRetained(type.init(implementationOf: object)).toOpaque() }
    return made!
}

@_cdecl("ek_drop_down_field_implementation_new")
func dropDownFieldImplementationNew(_ field: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    makeImplementation(field, DropDownFieldImplementation.self)
}

@_cdecl("ek_picker_field_implementation_new")
func pickerFieldImplementationNew(_ field: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    makeImplementation(field, PickerFieldImplementation.self)
}

/// The object is disposed: its behaviour goes (a handle may still hold it).
@_cdecl("ek_chooser_field_implementation_release")
func chooserFieldImplementationRelease(_ field: UnsafeMutableRawPointer?) {
    nonisolated(unsafe) let field = field!
    MainActor.assumeIsolated { Unmanaged<ChooserFieldImplementation>.fromOpaque(field).release() }
}

/// A `GStrv`, read and written without a `[String]` in between.
enum StringVector {
    /// The strings of a `NULL`-terminated vector (invalid UTF-8 repaired, as `String(cString:)` does).
    static func items(from vector: UnsafePointer<UnsafePointer<gchar>?>?) -> ListItems {
        guard let vector else { return ListItems() }
        var count = 0
        while vector[count] != nil { count += 1 }
        return ListItems(UnsafeBufferPointer(start: vector, count: count).lazy.map { String(cString: $0!) })
    }

    /// A new `GStrv` copy of `items` (`g_strfreev`).
    static func make(_ items: ListItems) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?> {
        let vector = g_malloc0_n(gsize(items.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
        for index in items.indices {
            vector[index] = items.withUTF8(at: index) { bytes in
                // g_strndup copies at most the length, stops at none, and ends the copy with NUL.
                let copy = g_malloc(gsize(bytes.count + 1))!.assumingMemoryBound(to: gchar.self)
                if let start = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: start, byteCount: bytes.count) }
                copy[bytes.count] = 0
                return copy
            }
        }
        return vector
    }
}
