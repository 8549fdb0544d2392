import CGtk
import EntryKitList

// Values on their way to and from C.

/// A string for C, newly allocated (`g_free`).
func duplicate(_ string: String?) -> UnsafeMutablePointer<gchar>? { string.flatMap { g_strdup($0) } }

extension String {
    /// A string from C, nil for `NULL`.
    init?(optionalCString pointer: UnsafePointer<gchar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }
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

/// A string C's getter lends (`const gchar *`, transfer none): it stays valid until the value
/// changes, as a C struct's field would.
final class LentString {
    private(set) var pointer: UnsafeMutablePointer<gchar>?

    /// The pointer to lend for `value`: the one lent before when the text is the same.
    func lend(_ value: String?) -> UnsafePointer<gchar>? {
        if String(optionalCString: pointer) != value {
            g_free(pointer)
            pointer = duplicate(value)
        }
        return UnsafePointer(pointer)
    }

    deinit { g_free(pointer) }
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
    var c: UnsafePointer<gchar> { UnsafeRawPointer(utf8Start).assumingMemoryBound(to: gchar.self) }
}
