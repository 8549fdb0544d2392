import CEntryKit
import CGtk

/// A modal dialog asking for a username and a password, one at a time, localized from the
/// `EntryKit` strings table.
///
/// An `AccountPanel` is a handle onto one `EkAccountPanel` object, as ``DropDownField`` is onto
/// its field: the panel's values (``title``, ``message``, ``username``, ``requiresUsername``,
/// ``requiresPassword``) live in the object's Swift implementation, made with it whoever made it
/// (this handle, C, Python, JavaScript, Vala, GtkBuilder), so C's getters, `g_object_get` and
/// every handle read the same values, and each change notifies once.
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
/// The static API asks with an ``AccountRequest`` (which adds labels, one-field panels, a
/// strength bar) and no object:
///
/// ```swift
/// AccountPanel.show(title: "Sign in") { accepted, username, password in … }
/// let answer = await AccountPanel.ask(AccountRequest(title: "Sign in"))
/// ```
///
/// Like the spec's singleton, only one panel is on screen: a request made while one is open waits
/// and is shown when it closes, and every completion runs exactly once. OK gives
/// `accepted == true` with the values (a field left empty gives nil); Cancel, Escape or closing
/// the window gives `false` and nil values.
@MainActor
public final class AccountPanel: GObjectReference {
    /// The object's state, made with it; kept by the handle, as the object keeps it.
    let implementation: AccountPanelImplementation

    /// A handle onto a new panel titled `title`; nothing shows until it is asked.
    public init(title: String) {
        let panel = ek_account_panel_new(title)!
        implementation = Self.implementation(of: panel)
        super.init(transferFull: panel)
    }

    /// A handle onto a panel made elsewhere (GtkBuilder, C, a binding), adding a reference. An
    /// object of another type is a programming error.
    ///
    /// ```swift
    /// let panel = AccountPanel(wrapping: gtk_builder_get_object(builder, "sign-in"))
    /// ```
    public init(wrapping object: UnsafeMutablePointer<GObject>) {
        precondition(ek_is_a(object, ek_account_panel_get_type()) != 0, "AccountPanel(wrapping:) needs an EkAccountPanel")
        implementation = Self.implementation(of: OpaquePointer(object))
        super.init(transferNone: object)
    }

    private static func implementation(of panel: OpaquePointer) -> AccountPanelImplementation {
        Unmanaged<AccountPanelImplementation>.fromOpaque(ek_account_panel_implementation(panel)!).takeUnretainedValue()
    }

    // title, message, username, requiresUsername, requiresPassword: beside each property's
    // declaration and C accessors, in AccountPanelImplementation.swift.

    /// Called on OK with the values; return an error message to keep the panel open for another
    /// try, or nil to accept (then the object's `validate` handlers are asked). The panel's, so
    /// every handle and an ask from C run it too.
    public var validate: (@MainActor (_ username: String?, _ password: SecurePassword) -> String?)? {
        get { implementation.validate }
        set { implementation.validate = newValue }
    }

    /// The request an ask makes: the panel's values now, and its check. Add what only a request
    /// has (``AccountRequest/fields``, labels) and ask with the static API.
    public var request: AccountRequest { implementation.request }

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

    /// A request waiting for its turn.
    @MainActor private final class Pending {
        let ticket: Ticket
        let request: AccountRequest
        weak var parent: Window?
        let hasParent: Bool
        let completion: @MainActor (Bool, String?, SecurePassword?) -> Void
        /// Set when the parent window is destroyed while the request waits: the application
        /// may still hold its wrapper, but the panel has nothing to belong to.
        var parentDestroyed = false
        private var parentWatch: SignalConnection?

        init(
            ticket: Ticket, request: AccountRequest, parent: Window?,
            completion: @escaping @MainActor (Bool, String?, SecurePassword?) -> Void
        ) {
            self.ticket = ticket
            self.request = request
            self.parent = parent
            self.hasParent = parent != nil
            self.completion = completion
            parentWatch = parent?.connect("destroy") { [weak self] in self?.parentDestroyed = true }
        }

        /// Off the queue: the parent is no longer watched.
        func leaveQueue() {
            parentWatch?.disconnect()
            parentWatch = nil
        }

        var hasLostItsParent: Bool { hasParent && (parent == nil || parentDestroyed) }
    }

    /// One request, for ``cancel(_:)``.
    public struct Ticket: Hashable, Sendable {
        fileprivate let number: Int
    }

    private static var queue: [Pending] = []
    private static var ticketsIssued = 0
    /// The panel on screen, if any, and the request it shows.
    package private(set) static var current: AccountPanelDialog?
    private static var currentTicket: Ticket?

    /// Requests shown or waiting; 0 when no panel is open.
    public static var openCount: Int { queue.count + (current == nil ? 0 : 1) }

    /// Shows a panel titled `title`; `completion(accepted, username, password)` runs once when it
    /// closes. The password arrives as a `String`: see ``showSecurely(_:parent:completion:)``.
    public static func show(title: String, parent: Window? = nil, completion: @escaping @MainActor (Bool, String?, String?) -> Void) {
        show(AccountRequest(title: title), parent: parent, completion: completion)
    }

    /// Shows a panel for `request`; `completion` runs once when it closes.
    public static func show(
        _ request: AccountRequest, parent: Window? = nil, completion: @escaping @MainActor (Bool, String?, String?) -> Void
    ) {
        showSecurely(request, parent: parent) { accepted, username, password in
            completion(accepted, username, password?.makeString())
        }
    }

    /// Shows a panel for `request` and lends the password in locked memory: `completion` reads
    /// it while it runs, and the bytes are wiped when it returns. The ticket cancels this
    /// request alone (``cancel(_:)``).
    @discardableResult
    public static func showSecurely(
        _ request: AccountRequest, parent: Window? = nil,
        completion: @escaping @MainActor (_ accepted: Bool, _ username: String?, _ password: SecurePassword?) -> Void
    ) -> Ticket {
        ticketsIssued += 1
        let ticket = Ticket(number: ticketsIssued)
        queue.append(Pending(ticket: ticket, request: request, parent: parent, completion: completion))
        presentNext()
        return ticket
    }

    /// Cancels one request: closes its panel if it is on screen, or takes it off the queue; its
    /// completion gets `false`. A request that has finished already is left alone.
    public static func cancel(_ ticket: Ticket) {
        if currentTicket == ticket {
            current?.finish(accepted: false)
        } else if let index = queue.firstIndex(where: { $0.ticket == ticket }) {
            let pending = queue.remove(at: index)
            pending.leaveQueue()
            pending.completion(false, nil, nil)
        }
    }

    /// Shows a panel and returns when it closes, running a nested main loop meanwhile (as
    /// `gtk_dialog_run` does): other windows keep drawing and timers keep firing. Called while
    /// another panel is on screen, it shows its own once that one closes; from a completion,
    /// at once (the finished panel is already off screen).
    public static func run(title: String, parent: Window? = nil) -> AccountAnswer {
        run(AccountRequest(title: title), parent: parent)
    }

    /// Shows a panel for `request` and returns its answer when it closes (nested main loop).
    public static func run(_ request: AccountRequest, parent: Window? = nil) -> AccountAnswer {
        runSecurely(request, parent: parent) { accepted, username, password in
            AccountAnswer(accepted: accepted, username: username, password: password?.makeString())
        }
    }

    /// Shows a panel, runs a nested main loop until it closes, and returns what `body` makes of
    /// the answer while the password is still lent.
    public static func runSecurely<Result>(
        _ request: AccountRequest, parent: Window? = nil,
        _ body: @escaping @MainActor (_ accepted: Bool, _ username: String?, _ password: SecurePassword?) -> Result
    ) -> Result {
        let outcome = RunOutcome<Result>()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        showSecurely(request, parent: parent) { accepted, username, password in
            outcome.value = body(accepted, username, password)
            g_main_loop_quit(loop)
        }
        // The panel turns response, delete, unmap and destroy into its one completion, which
        // quits this loop; a completion that ran already (nothing to show) skips it.
        if outcome.value == nil { g_main_loop_run(loop) }
        return outcome.value!
    }

    /// Shows a panel and resumes when it closes, for Swift concurrency.
    public static func ask(title: String, parent: Window? = nil) async -> AccountAnswer {
        await ask(AccountRequest(title: title), parent: parent)
    }

    /// Shows a panel for `request` and resumes with its answer when it closes.
    public static func ask(_ request: AccountRequest, parent: Window? = nil) async -> AccountAnswer {
        await withCheckedContinuation { continuation in
            show(request, parent: parent) { accepted, username, password in
                continuation.resume(returning: AccountAnswer(accepted: accepted, username: username, password: password))
            }
        }
    }

    /// Cancels the panel on screen and every waiting request, each completion getting `false`,
    /// and any a completion asks for meanwhile.
    public static func cancelAll() {
        // A completion may ask for another panel; bounded, should one keep asking for ever.
        for _ in 0..<1000 where current != nil || !queue.isEmpty {
            let waiting = queue
            queue.removeAll()
            current?.finish(accepted: false)
            for pending in waiting {
                pending.leaveQueue()
                pending.completion(false, nil, nil)
            }
        }
    }

    private static func presentNext() {
        guard current == nil, !queue.isEmpty else { return }
        let next = queue.removeFirst()
        next.leaveQueue()
        // A parent that went away while the request waited: the panel has nothing to belong to.
        if next.hasLostItsParent {
            next.completion(false, nil, nil)
            presentNext()
            return
        }
        let dialog = AccountPanelDialog(request: next.request, parent: next.parent)
        current = dialog
        currentTicket = next.ticket
        dialog.onFinish = { accepted, username, password in
            // Given up before the completion runs, so a panel the completion asks for (again,
            // after a wrong password) is shown at once, even from the nested loop of `run`.
            current = nil
            currentTicket = nil
            next.completion(accepted, username, password)
        }
        dialog.onClosed = { presentNext() }
        dialog.present()
    }
}

/// The value a nested loop waits for, set by the completion that quits it.
private final class RunOutcome<Value> {
    var value: Value?
}
