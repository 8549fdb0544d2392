/// EkAccountPanel's properties: fields of the panel's one state value, its ``AccountRequest``,
/// which every ask shows. Each is declared once, here, with its documentation;
/// `scripts/object-properties` writes the rest from these declarations (see ``ObjectProperty``).
/// A field of the request with no declaration here is the panel's all the same, from Swift.
enum AccountPanelProperty {
    /// The window title, which also names the dialog for screen readers.
    static let title = ObjectProperty.string("title", \AccountPanelImplementation.request.title, default: "")

    /// A line above the fields (what the account is for); none when empty.
    static let message = ObjectProperty.string("message", \AccountPanelImplementation.request.message)

    /// A name to pre-fill; with one, focus starts in the password field.
    static let username = ObjectProperty.string("username", \AccountPanelImplementation.request.username)

    /// Keeps OK disabled while the username field is empty.
    static let requiresUsername = ObjectProperty.boolean(
        "requires-username", \AccountPanelImplementation.request.requiresUsername, default: false)

    /// Keeps OK disabled while the password field is empty.
    static let requiresPassword = ObjectProperty.boolean(
        "requires-password", \AccountPanelImplementation.request.requiresPassword, default: false)

    /// Seconds the panel waits for an answer before it closes as if cancelled (as pinentry's
    /// `--timeout`); 0, the default, waits as long as it takes.
    static let timeout = ObjectProperty.int("timeout", \AccountPanelImplementation.request.timeout, in: 0...Int(Int32.max), default: 0)
}
