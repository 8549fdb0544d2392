/// Re-exported: the list's model (items, filter, type-ahead) is a GTK-free module of its own,
/// and `import EntryKit` brings it.
@_exported import EntryKitList
/// Re-exported: every EntryKit user gets the `.strings` tables and language resolution with it.
@_exported import EntryKitStrings

/// EntryKit: text-entry widgets and a login dialog for GTK 3.
public enum EntryKit {
    /// The release, as `entrykit --version` prints it; meson.build's project version matches it.
    public static let version = "0.1.0"
}
