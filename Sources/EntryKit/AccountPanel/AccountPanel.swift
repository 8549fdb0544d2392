import CEntryKit
import CGtk

/// A modal dialog asking for a username and a password, one at a time, localized from the
/// `EntryKit` strings table.
///
/// An `AccountPanel` is a handle onto one `EkAccountPanel` object, as ``DropDownField`` is onto
/// its field, and holds nothing else: the panel's state is one ``AccountRequest`` in the object's
/// Swift implementation, made with it whoever made it (this handle, C, Python, JavaScript, Vala,
/// GtkBuilder). Every field of that request is the panel's, read and written on the handle
/// (`panel.title`, `panel.username`, `panel.fields`, `panel.okLabel`, …); those that are
/// GObject properties too (``AccountRequest/title``, ``AccountRequest/message``,
/// ``AccountRequest/username``, ``AccountRequest/requiresUsername``,
/// ``AccountRequest/requiresPassword``) are the same values C's getters and `g_object_get` read,
/// and each change of them notifies once. Every ask shows the request as it is when it starts.
///
/// ```swift
/// let panel = AccountPanel(title: "Sign in")
/// panel.username = "ada"                                    // focus starts in the password field
/// panel.show { accepted, username, password in
///     if accepted { connect(as: username, with: password) }
/// }
/// let answer = panel.run()                                  // blocks in a nested main loop
/// let answer = await panel.ask()
/// ```
///
/// The static API asks with an ``AccountRequest`` and no object:
///
/// ```swift
/// AccountPanel.show(title: "Sign in") { accepted, username, password in … }
/// let answer = await AccountPanel.ask(AccountRequest(title: "Sign in"))
/// ```
///
/// Like LKAccountPanel's singleton, only one panel is on screen: a request made while one is open waits
/// and is shown when it closes, and every completion runs exactly once. OK gives
/// `accepted == true` with the values (a field left empty gives nil); Cancel, Escape or closing
/// the window gives `false` and nil values.
@MainActor
@dynamicMemberLookup
public final class AccountPanel: GObjectReference {
    /// The panel's state and behaviour, made with the object and kept until it is finalized.
    package var implementation: AccountPanelImplementation { AccountPanelImplementation.of(UnsafeMutableRawPointer(object))! }

    /// A handle onto a new panel titled `title`; nothing shows until it is asked.
    public init(title: String) {
        super.init(transferFull: ek_account_panel_new(title)!)
    }

    /// A handle onto a panel made elsewhere (GtkBuilder, C, a binding), adding a reference. An
    /// object of another type is a programming error.
    ///
    /// ```swift
    /// let panel = AccountPanel(wrapping: gtk_builder_get_object(builder, "sign-in"))
    /// ```
    public init(wrapping object: UnsafeMutablePointer<GObject>) {
        precondition(ek_is_a(object, ek_account_panel_get_type()) != 0, "AccountPanel(wrapping:) needs an EkAccountPanel")
        super.init(transferNone: object)
    }

    /// A field of the panel's ``AccountRequest`` (`panel.title`, `panel.username`,
    /// `panel.requiresPassword`, `panel.passwordLabel`, `panel.validate`, …): the panel's own, which
    /// every ask shows. One that is a GObject property too is the value C and `g_object_get` read,
    /// notified when it changes. The ``AccountRequest/validate`` check runs on OK before the
    /// object's `validate` handlers, whoever asked (every handle, and C).
    public subscript<Value>(dynamicMember field: WritableKeyPath<AccountRequest, Value>) -> Value {
        get { implementation.request[keyPath: field] }
        set { implementation.set(field, newValue) }
    }

    /// The request an ask makes: the panel's request as it is now, its check followed by the
    /// object's `validate` handlers.
    public var request: AccountRequest { implementation.askedRequest }

    /// Shows the panel; `completion(accepted, username, password)` runs once when it closes.
    public func show(parent: Window? = nil, completion: @escaping @MainActor (Bool, String?, String?) -> Void) {
        Self.show(request, parent: parent, completion: completion)
    }

    /// Shows the panel and lends the password in locked memory, as
    /// ``showSecurely(_:parent:completion:)`` does.
    @discardableResult
    public func showSecurely(
        parent: Window? = nil,
        completion: @escaping @MainActor (_ accepted: Bool, _ username: String?, _ password: SecurePassword?) -> Void
    ) -> Ticket {
        Self.showSecurely(request, parent: parent, completion: completion)
    }

    /// Shows the panel and returns its answer when it closes (nested main loop).
    public func run(parent: Window? = nil) -> AccountAnswer {
        Self.run(request, parent: parent)
    }

    /// Shows the panel and returns what `body` makes of the answer while the password is lent.
    public func runSecurely<Result>(
        parent: Window? = nil,
        _ body: @escaping @MainActor (_ accepted: Bool, _ username: String?, _ password: SecurePassword?) -> Result
    ) -> Result {
        Self.runSecurely(request, parent: parent, body)
    }

    /// Shows the panel and resumes with its answer when it closes.
    public func ask(parent: Window? = nil) async -> AccountAnswer {
        await Self.ask(request, parent: parent)
    }

    // The static API, which asks with a request and no object, and the one queue of panels:
    // AccountPanel+Queue.swift.
}
