import CEntryKit
import CGtk

/// The state and behaviour of one `EkAccountPanel`, made with the instance (in its
/// `constructed`, whoever made it: Swift, C, a binding, GtkBuilder) and owned by it until it is
/// finalized: the values an ask shows (title, message, username, which fields are required), the
/// check run on OK, and the asks C made that a `GCancellable` may still close. The object's
/// typed C setters and getters call straight into it; ``AccountPanel`` handles hold it too.
///
/// Each ask is a request to the one queue of panels (``AccountPanel/showSecurely(_:parent:completion:)``),
/// made from these values when the ask starts.
@MainActor
package final class AccountPanelImplementation: GObjectReference {
    fileprivate var titleStorage = LentString("")
    fileprivate var messageStorage = LentString(nil)
    fileprivate var usernameStorage = LentString(nil)
    /// The asks C made that are on screen or waiting, by their task, for the cancellable.
    private var asks: [UnsafeMutableRawPointer: AccountPanel.Ticket] = [:]

    /// The panel as C sees it, for its notifications and signals.
    private var panel: OpaquePointer { opaque }

    /// The window title, which also names the dialog for screen readers.
    var title: String {
        get { titleStorage.value ?? "" }
        set { if titleStorage.replace(with: newValue) { notify(EK_ACCOUNT_PANEL_PROP_TITLE) } }
    }

    /// A line above the fields; none when nil.
    var message: String? {
        get { messageStorage.value }
        set { if messageStorage.replace(with: newValue) { notify(EK_ACCOUNT_PANEL_PROP_MESSAGE) } }
    }

    /// A name to pre-fill.
    var username: String? {
        get { usernameStorage.value }
        set { if usernameStorage.replace(with: newValue) { notify(EK_ACCOUNT_PANEL_PROP_USERNAME) } }
    }

    var requiresUsername = false {
        didSet { if requiresUsername != oldValue { notify(EK_ACCOUNT_PANEL_PROP_REQUIRES_USERNAME) } }
    }

    var requiresPassword = false {
        didSet { if requiresPassword != oldValue { notify(EK_ACCOUNT_PANEL_PROP_REQUIRES_PASSWORD) } }
    }

    /// Swift's check on OK, asked before the object's `validate` handlers.
    var validate: (@MainActor (_ username: String?, _ password: SecurePassword) -> String?)?

    private func notify(_ property: EkAccountPanelProperty) {
        ek_account_panel_notify(panel, property)
    }

    /// What an ask shows: the values as they are now. Its check keeps the object alive while
    /// the panel is up (the object's `validate` handlers run on it), whoever asked.
    var request: AccountRequest {
        let object = GObjectReference(transferNone: panel)
        return AccountRequest(
            title: title, message: message, username: username, requiresUsername: requiresUsername,
            requiresPassword: requiresPassword
        ) { [validate] username, password in
            if let problem = validate?(username, password) { return problem }
            return Self.emitValidate(on: object.opaque, username: username, password: password)
        }
    }

    /// The object's `validate` signal, when anyone connected to it: the first message a handler gave.
    private static func emitValidate(on panel: OpaquePointer, username: String?, password: SecurePassword) -> String? {
        guard ek_account_panel_validates(panel) != 0 else { return nil }
        return password.withUnsafeBytes { bytes in
            let message = ek_account_panel_validate(
                panel, username, bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
            defer { g_free(message) }
            return message.map { String(cString: $0) }
        }
    }

    /// `ek_account_panel_ask`: shows the panel (or queues it); `task` is completed once, with a
    /// copy of the password in locked memory of its own.
    fileprivate func ask(parent: UnsafeMutablePointer<GtkWindow>?, task: OpaquePointer) {
        let key = UnsafeMutableRawPointer(task)
        let window = parent.map { Window(window: UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) }
        // Completion may run at once (a parent already destroyed): the ticket is stored after.
        var finished = false
        let ticket = AccountPanel.showSecurely(request, parent: window) { [weak self] accepted, username, password in
            finished = true
            self?.asks[key] = nil
            // Copied into a locked mapping of its own, which outlives the dialog's buffer.
            let copy = password.flatMap { password in
                password.withUnsafeBytes { bytes in
                    ek_password_new(bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
                }
            }
            ek_account_panel_complete(task, accepted ? 1 : 0, username, copy)
        }
        if !finished { asks[key] = ticket }
    }

    /// `task`'s cancellable was cancelled: its panel closes, or leaves the queue.
    fileprivate func cancel(task: OpaquePointer) {
        guard let ticket = asks[UnsafeMutableRawPointer(task)] else { return }
        AccountPanel.cancel(ticket)
    }
}

/// A string property as C reads it: `ek_account_panel_get_…` lends ``pointer``, which stays valid
/// until the value changes, as a C struct's field would.
private struct LentString: ~Copyable {
    private(set) var pointer: UnsafeMutablePointer<gchar>?

    init(_ value: String?) { pointer = duplicate(value) }

    var value: String? { string(pointer) }

    /// Takes `value` unless it is the same text, byte for byte; true when it changed.
    mutating func replace(with value: String?) -> Bool {
        let copy = duplicate(value)
        guard g_strcmp0(pointer, copy) != 0 else {
            g_free(copy)
            return false
        }
        g_free(pointer)
        pointer = copy
        return true
    }

    deinit { g_free(pointer) }
}

// MARK: - The object's constructor, finalizer, typed setters and getters call these (declared in account_panel.c)

/// Runs `body` on the main actor with the panel C handed back. C calls on GTK's thread, where the
/// main actor runs; the pointers are GTK's, used on that thread only.
private func withPanel<Result>(
    _ implementation: UnsafeMutableRawPointer?, _ body: @MainActor (AccountPanelImplementation) -> Result
) -> Result {
    nonisolated(unsafe) let implementation = implementation!
    nonisolated(unsafe) var result: Result?
    MainActor.assumeIsolated { result = body(Unmanaged<AccountPanelImplementation>.fromOpaque(implementation).takeUnretainedValue()) }
    return result!
}

@_cdecl("ek_account_panel_implementation_new")
func accountPanelImplementationNew(_ panel: OpaquePointer?) -> UnsafeMutableRawPointer {
    nonisolated(unsafe) let object = UnsafeMutableRawPointer(panel!).assumingMemoryBound(to: GObject.self)
    nonisolated(unsafe) var made: UnsafeMutableRawPointer?
    MainActor.assumeIsolated { made = Unmanaged.passRetained(AccountPanelImplementation(implementationOf: object)).toOpaque() }
    return made!
}

/// The object is finalized: its state goes (a handle may still hold it, but none holds the object).
@_cdecl("ek_account_panel_implementation_release")
func accountPanelImplementationRelease(_ panel: UnsafeMutableRawPointer?) {
    nonisolated(unsafe) let panel = panel!
    MainActor.assumeIsolated { Unmanaged<AccountPanelImplementation>.fromOpaque(panel).release() }
}

@_cdecl("ek_account_panel_implementation_get_title")
func accountPanelGetTitle(_ panel: UnsafeMutableRawPointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let title = withPanel(panel) { UnsafePointer($0.titleStorage.pointer) }
    return title
}

/// NULL is the empty title, as `ek_account_panel_new (NULL)` makes.
@_cdecl("ek_account_panel_implementation_set_title")
func accountPanelSetTitle(_ panel: UnsafeMutableRawPointer?, _ title: UnsafePointer<gchar>?) {
    let title = string(title) ?? ""
    withPanel(panel) { $0.title = title }
}

@_cdecl("ek_account_panel_implementation_get_message")
func accountPanelGetMessage(_ panel: UnsafeMutableRawPointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let message = withPanel(panel) { UnsafePointer($0.messageStorage.pointer) }
    return message
}

@_cdecl("ek_account_panel_implementation_set_message")
func accountPanelSetMessage(_ panel: UnsafeMutableRawPointer?, _ message: UnsafePointer<gchar>?) {
    let message = string(message)
    withPanel(panel) { $0.message = message }
}

@_cdecl("ek_account_panel_implementation_get_username")
func accountPanelGetUsername(_ panel: UnsafeMutableRawPointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let username = withPanel(panel) { UnsafePointer($0.usernameStorage.pointer) }
    return username
}

@_cdecl("ek_account_panel_implementation_set_username")
func accountPanelSetUsername(_ panel: UnsafeMutableRawPointer?, _ username: UnsafePointer<gchar>?) {
    let username = string(username)
    withPanel(panel) { $0.username = username }
}

@_cdecl("ek_account_panel_implementation_get_requires_username")
func accountPanelGetRequiresUsername(_ panel: UnsafeMutableRawPointer?) -> gboolean {
    withPanel(panel) { $0.requiresUsername ? 1 : 0 }
}

@_cdecl("ek_account_panel_implementation_set_requires_username")
func accountPanelSetRequiresUsername(_ panel: UnsafeMutableRawPointer?, _ requires: gboolean) {
    withPanel(panel) { $0.requiresUsername = requires != 0 }
}

@_cdecl("ek_account_panel_implementation_get_requires_password")
func accountPanelGetRequiresPassword(_ panel: UnsafeMutableRawPointer?) -> gboolean {
    withPanel(panel) { $0.requiresPassword ? 1 : 0 }
}

@_cdecl("ek_account_panel_implementation_set_requires_password")
func accountPanelSetRequiresPassword(_ panel: UnsafeMutableRawPointer?, _ requires: gboolean) {
    withPanel(panel) { $0.requiresPassword = requires != 0 }
}

@_cdecl("ek_account_panel_implementation_ask")
func accountPanelAsk(_ panel: UnsafeMutableRawPointer?, _ parent: UnsafeMutablePointer<GtkWindow>?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let (parent, task) = (parent, task!)
    withPanel(panel) { $0.ask(parent: parent, task: task) }
}

@_cdecl("ek_account_panel_implementation_cancel")
func accountPanelCancel(_ panel: UnsafeMutableRawPointer?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let task = task!
    withPanel(panel) { $0.cancel(task: task) }
}
