import EntryKit

/// Called once when `libentrykit-1.0.so` is loaded (by `library_load.c`'s constructor): from
/// then on every `EkDropDownField` and `EkPickerField` made from C, Python, JavaScript or Vala
/// gets its Swift behaviour when it is constructed, and `EkAccountPanel` shows ``AccountPanel``.
@_cdecl("ek_library_load")
public func libraryLoad() {
    MainActor.assumeIsolated { ObjectImplementation.install(attachingFields: true) }
}
