import CGtk

/// A string property of `object`, read through `g_object_get_property` as a binding reads it.
package func string(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    g_object_get_property(object, name, &value)
    return g_value_get_string(&value).map { String(cString: $0) }
}

/// Sets a string property of `object` through `g_object_set_property`, as a binding sets it.
package func setString(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ string: String?) {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    g_value_set_string(&value, string)
    g_object_set_property(object, name, &value)
    g_value_unset(&value)
}

/// An int property of `object`, read through `g_object_get_property` as a binding reads it.
package func integer(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> Int {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gint"))
    defer { g_value_unset(&value) }
    g_object_get_property(object, name, &value)
    return Int(g_value_get_int(&value))
}

/// Sets an int property of `object` through `g_object_set_property`, as a binding sets it.
package func setInteger(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ integer: Int) {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gint"))
    g_value_set_int(&value, gint(integer))
    g_object_set_property(object, name, &value)
    g_value_unset(&value)
}
