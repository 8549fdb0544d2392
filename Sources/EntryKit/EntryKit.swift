/// EntryKit: text-entry widgets and a login dialog for GTK 3.
public enum EntryKit {
    /// The release, as `entrykit --version` prints it; meson.build's project version matches it.
    public static let version = "0.1.0"
    /// The desktop app's application id (also the `.desktop` and metainfo file names).
    public static let applicationID = "io.github.entrykit.EntryKit"
}
