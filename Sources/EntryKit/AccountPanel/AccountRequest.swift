/// What an ``AccountPanel`` asks for: its title, an optional message and pre-filled name,
/// which fields must be filled, and an optional check that can keep the panel open.
///
/// ```swift
/// var request = AccountRequest(title: "Sign in to Mail", message: "mail.example.org")
/// request.username = "ada"            // focus starts in the password field
/// request.requiresPassword = true     // OK stays disabled until a password is typed
/// request.validate = { username, password in
///     server.check(username, password) ? nil : "Wrong password"
/// }
/// ```
@MainActor
public struct AccountRequest {
    /// The window title, which also names the dialog for screen readers.
    public var title: String
    /// A line above the fields (what the account is for); none when nil.
    public var message: String?
    /// A name to pre-fill; with one, focus starts in the password field.
    public var username: String?
    /// Keeps OK disabled while the username field is empty.
    public var requiresUsername: Bool
    /// Keeps OK disabled while the password field is empty.
    public var requiresPassword: Bool
    /// Which fields the panel shows: both (the default), or one alone, for a program that asks
    /// only for a passphrase (gpg's pinentry) or only for a name (git's askpass).
    public var fields: AccountFields = .usernameAndPassword
    /// The password field's label instead of "Password" (a pinentry's `Passphrase:` or `PIN:`);
    /// `_` marks the mnemonic.
    public var passwordLabel: String?
    /// The username field's label instead of "Username"; `_` marks the mnemonic.
    public var usernameLabel: String?
    /// The OK and Cancel buttons' labels instead of the localized "OK" and "Cancel"; `_` marks
    /// the mnemonic.
    public var okLabel: String?
    public var cancelLabel: String?
    /// A message shown under the fields when the panel opens, as a failed ``validate`` shows
    /// one (the previous try was wrong).
    public var error: String?
    /// A strength bar under the password, labelled so (a pinentry's `Quality:`), filled by
    /// ``PasswordStrength`` as the user types; none when nil.
    public var strengthLabel: String?
    /// The strength bar's tooltip (what the estimate means).
    public var strengthTooltip: String?
    /// On X11, takes the keyboard while the panel is up, as pinentry-gtk and ssh-askpass-gnome
    /// do: no other client gets key events meanwhile (one that snoops with XInput or XRecord
    /// still can); the grab is tried until the window manager has mapped the panel. Wayland
    /// gives keys to the focused window alone already; a standalone prompt
    /// (``isStandalonePrompt``) holds them as an overlay where the compositor has a layer shell.
    public var grabsKeyboard = false
    /// A panel with no window of its own program behind it, started for a program in the
    /// background (gpg-agent, ssh, sudo, git, a script): it keeps above other windows, is urgent
    /// until focused and floats on tiling desktops; with ``grabsKeyboard``, where the Wayland
    /// compositor offers a layer shell (sway, Hyprland, KWin), it is an overlay that holds the
    /// keyboard, above any full-screen window. Ignored for a panel with a parent.
    public var isStandalonePrompt = false
    /// Accounts to authenticate as, named for people (`Ada Lovelace (ada)`), in place of the
    /// username field: a ``PickerField`` of them when there are several, their name alone when
    /// one. Picking another tells ``conversation``'s ``AccountConversation/onAccountChange``.
    /// The row is labelled ``usernameLabel`` (else "Username").
    public var accounts: [String] = []
    /// The index in ``accounts`` the panel starts at.
    public var selectedAccount = 0
    /// A line under the message naming exactly what asks (polkit's action id).
    public var caption: String?
    /// Rows of a name and a value shown on demand, under a "Details" expander (the program and
    /// arguments pkexec asks to run); none when empty.
    public var details: [(name: String, value: String)] = []
    /// When set, OK hands the password to the conversation and the panel waits for its verdict
    /// instead of closing (see ``AccountConversation``); ``validate`` is not asked.
    public var conversation: AccountConversation?
    /// Seconds the panel waits for an answer before it closes as if cancelled, as pinentry's
    /// `--timeout`; 0, the default, waits as long as it takes.
    public var timeout = 0
    /// A check box under the fields, off when the panel opens ("Save in password manager"); none
    /// when nil. Its state when the panel closes is the box's ``AccountCheckBox/isChecked``.
    public var checkBox: AccountCheckBox?
    /// Called on OK with the values; return an error message to keep the panel open for another
    /// try (the message shows under the fields and the password is cleared), or nil to accept.
    /// The password is lent for the call only, as in ``AccountPanel/showSecurely(_:parent:completion:)``.
    public var validate: (@MainActor (_ username: String?, _ password: SecurePassword) -> String?)?

    public init(
        title: String,
        message: String? = nil,
        username: String? = nil,
        requiresUsername: Bool = false,
        requiresPassword: Bool = false,
        validate: (@MainActor (_ username: String?, _ password: SecurePassword) -> String?)? = nil
    ) {
        self.title = title
        self.message = message
        self.username = username
        self.requiresUsername = requiresUsername
        self.requiresPassword = requiresPassword
        self.validate = validate
    }
}

/// The fields an ``AccountPanel`` shows.
public enum AccountFields: Sendable {
    case usernameAndPassword
    /// The password field alone; the username is always nil.
    case password
    /// The username field alone, its text visible; the password is always nil.
    case username
}

/// How an ``AccountPanel`` closed, with the values as `String`s (see ``SecurePassword`` for the
/// safer way to receive a password).
public struct AccountAnswer: Equatable, Sendable {
    /// True for OK; false for Cancel, Escape, closing the window or ``AccountPanel/cancelAll()``.
    public var accepted: Bool
    /// The username, or nil when cancelled or left empty.
    public var username: String?
    /// The password, or nil when cancelled or left empty.
    public var password: String?

    public init(accepted: Bool, username: String?, password: String?) {
        self.accepted = accepted
        self.username = username
        self.password = password
    }

    public static let cancelled = AccountAnswer(accepted: false, username: nil, password: nil)
}
