/// A panel's answer checked elsewhere, in its own time and perhaps in several steps, as a PAM
/// conversation checks one (polkit's agent): OK lends the password to ``onAnswer`` and the panel
/// waits, its fields and OK insensitive, Cancel still there, until the checker asks again
/// (``ask(label:showsText:)``), says why not (``reject(_:)``) or accepts (``accept()``).
///
/// ```swift
/// let conversation = AccountConversation()
/// var request = AccountRequest(title: "Authentication Required", message: "…")
/// request.conversation = conversation
/// conversation.onShow = { helper.start() }                       // the panel is on screen
/// conversation.onAnswer = { _, password in password.withUnsafeBytes(helper.send) }
/// helper.onPrompt = { prompt, echo in conversation.ask(label: prompt, showsText: echo) }
/// helper.onResult = { ok in ok ? conversation.accept() : conversation.reject("Try again.") }
/// AccountPanel.showSecurely(request) { accepted, _, _ in … }
/// ```
///
/// Calls made before the panel is on screen (while another panel has its turn) are kept and
/// shown with it.
@MainActor
public final class AccountConversation {
    /// Called once, when the panel comes on screen: start the check here.
    public var onShow: (@MainActor () -> Void)?
    /// Called on OK with the values; the password is lent for the call only (copy it with
    /// ``SecurePassword/keptCopy()`` to hold it longer). The field is wiped after.
    public var onAnswer: (@MainActor (_ username: String?, _ password: SecurePassword) -> Void)?
    /// Called when the person picks another of ``AccountRequest/accounts``, with its index.
    public var onAccountChange: (@MainActor (_ index: Int) -> Void)?

    /// The password field's label (a PAM prompt) instead of the panel's own; `_` marks the
    /// mnemonic. Nil: the request's ``AccountRequest/passwordLabel``, else "Password".
    public private(set) var passwordLabel: String?
    /// Whether the field shows what is typed (a PAM prompt with echo on: a one-time code).
    public private(set) var showsText = false
    /// The line under the fields, if any, and whether it is an error.
    public private(set) var note: (text: String, isError: Bool)?
    /// Whether the panel waits for the checker (after OK, until it asks, rejects or accepts).
    public private(set) var isWaiting = false

    /// The panel on screen for this conversation, which shows every change.
    weak var dialog: AccountPanelDialog?

    public init() {}

    /// Asks for an answer (again): the field labelled `label` (nil: the panel's own word),
    /// showing what is typed when `showsText`, focused, and OK back. (The field is empty after
    /// an answer; what the person typed before the first question stays.)
    public func ask(label: String?, showsText: Bool) {
        passwordLabel = label
        self.showsText = showsText
        isWaiting = false
        dialog?.conversationAsks()
    }

    /// Shows `text` under the fields (PAM's information, or its error), the panel otherwise as
    /// it is.
    public func show(_ text: String, isError: Bool) {
        note = (text, isError)
        dialog?.conversationShowsNote()
    }

    /// The answer was not accepted: `reason` under the fields as an error, the field cleared
    /// and focused, OK back (as a ``AccountRequest/validate`` error does).
    public func reject(_ reason: String) {
        note = (reason, true)
        isWaiting = false
        dialog?.conversationRejects()
    }

    /// The answer was accepted: the panel closes and its completion gets `accepted`.
    public func accept() {
        isWaiting = false
        dialog?.finish(accepted: true)
    }

    /// OK was pressed: the panel waits while ``onAnswer`` has the password.
    func answer(username: String?, password: SecurePassword) {
        isWaiting = true
        note = nil
        onAnswer?(username, password)
    }
}
