// The list's model (items, filter, type-ahead) is its own GTK-free module; users of EntryKit
// get it with `import EntryKit`.
@_exported import EntryKitList
