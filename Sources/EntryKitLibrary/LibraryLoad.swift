import CEntryKit

/// Called once when `libentrykit-1.0.so` is loaded (by `library_load.c`'s constructor): the
/// types are registered at once, so GtkBuilder files find them by name however the library was
/// loaded (a binding loads it privately, where GtkBuilder's own symbol lookup cannot see). The
/// fields need nothing else: each gets its Swift behaviour when it is constructed. Nothing here
/// may need the main actor: the Swift runtime linked into the library is not set up yet while
/// the loader runs this.
@_cdecl("ek_library_load")
public func libraryLoad() {
    ek_register_types()
}
