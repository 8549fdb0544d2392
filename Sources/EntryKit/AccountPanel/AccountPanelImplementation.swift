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
    /// The string properties, kept as C's getters lend them.
    fileprivate var titleStorage = LentString("")
    fileprivate var messageStorage = LentString(nil)
    fileprivate var usernameStorage = LentString(nil)
    /// The asks C made that are on screen or waiting, by their task, for the cancellable.
    private var asks: [UnsafeMutableRawPointer: AccountPanel.Ticket] = [:]

    /// The window title, which also names the dialog for screen readers.
    var title: String {
        get { titleStorage.value ?? "" }
        set { if titleStorage.replace(with: newValue) { notify(AccountPanelProperty.title) } }
    }

    /// A line above the fields; none when nil.
    var message: String? {
        get { messageStorage.value }
        set { if messageStorage.replace(with: newValue) { notify(AccountPanelProperty.message) } }
    }

    /// A name to pre-fill.
    var username: String? {
        get { usernameStorage.value }
        set { if usernameStorage.replace(with: newValue) { notify(AccountPanelProperty.username) } }
    }

    var requiresUsername = false {
        didSet { if requiresUsername != oldValue { notify(AccountPanelProperty.requiresUsername) } }
    }

    var requiresPassword = false {
        didSet { if requiresPassword != oldValue { notify(AccountPanelProperty.requiresPassword) } }
    }

    /// Swift's check on OK, asked before the object's `validate` handlers.
    var validate: (@MainActor (_ username: String?, _ password: SecurePassword) -> String?)?

    /// Tells the object's watchers (`notify::…`) that a property changed.
    private func notify(_ property: ObjectProperty) { property.notify(object) }

    /// What an ask shows: the values as they are now. Its check keeps the object alive while
    /// the panel is up (the object's `validate` handlers run on it), whoever asked.
    var request: AccountRequest {
        let object = GObjectReference(transferNone: opaque)
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

// MARK: - The object's constructor and finalizer, and its asks, call these (declared in account_panel.c)

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

/// Runs `body` on the main actor with the implementation C handed back. C calls on GTK's thread,
/// where the main actor runs; the pointers are GTK's, used on that thread only.
private func withPanelImplementation(_ implementation: UnsafeMutableRawPointer?, _ body: @MainActor (AccountPanelImplementation) -> Void) {
    nonisolated(unsafe) let implementation = implementation!
    MainActor.assumeIsolated { body(Unmanaged<AccountPanelImplementation>.fromOpaque(implementation).takeUnretainedValue()) }
}

@_cdecl("ek_account_panel_implementation_ask")
func accountPanelAsk(_ panel: UnsafeMutableRawPointer?, _ parent: UnsafeMutablePointer<GtkWindow>?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let (parent, task) = (parent, task!)
    withPanelImplementation(panel) { $0.ask(parent: parent, task: task) }
}

@_cdecl("ek_account_panel_implementation_cancel")
func accountPanelCancel(_ panel: UnsafeMutableRawPointer?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let task = task!
    withPanelImplementation(panel) { $0.cancel(task: task) }
}

// MARK: - EkAccountPanel's properties
//
// Each property in one block, as the fields' are: what GObject shows (its entry in
// ``AccountPanelProperty``), its typed C accessors (defined here, under the names and prototypes
// of the public header, which documents them), and the Swift handle's property.

/// EkAccountPanel's properties, in the order of their ids.
enum AccountPanelProperty {
    static let all = ObjectProperties([title, message, username, requiresUsername, requiresPassword])
}

/// EkAccountPanel's `class_init` installs its properties and points `set_property` and
/// `get_property` at them.
@_cdecl("ek_account_panel_install_properties")
func ek_account_panel_install_properties(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
    objectClass.pointee.set_property = { object, id, value, _ in AccountPanelProperty.all.set(object, id, value) }
    objectClass.pointee.get_property = { object, id, value, _ in AccountPanelProperty.all.get(object, id, value) }
    AccountPanelProperty.all.install(on: objectClass)
}

/// A panel's C accessor: `body` runs with the panel's state (see
/// ``withImplementation(of:type:implementation:otherwise:function:_:)``).
private func withPanel<Result>(
    _ panel: OpaquePointer?, otherwise: Result, function: String = #function, _ body: @MainActor (AccountPanelImplementation) -> Result
) -> Result {
    withImplementation(
        of: panel, type: ek_account_panel_get_type(), implementation: { ek_account_panel_implementation(OpaquePointer($0)) },
        otherwise: otherwise, function: function, body)
}

/// A string property's getter lends the panel's copy; the property hands out its own.
private func copy(_ lent: UnsafePointer<gchar>?) -> UnsafeMutablePointer<gchar>? { g_strdup(lent) }

// MARK: title

extension AccountPanelProperty {
    static let title = ObjectProperty.string(
        "title", "Title", "The window title", default: "", get: { copy(ek_account_panel_get_title($0)) },
        set: ek_account_panel_set_title)
}

extension AccountPanel {
    /// The window title (`title`), which also names the dialog for screen readers.
    public var title: String {
        get { implementation.title }
        set { implementation.title = newValue }
    }
}

@_cdecl("ek_account_panel_get_title")
@_spi(CAccessors) public func ek_account_panel_get_title(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let title = withPanel(panel, otherwise: nil) { UnsafePointer($0.titleStorage.pointer) }
    return title
}

/// NULL is the empty title, as `ek_account_panel_new (NULL)` makes.
@_cdecl("ek_account_panel_set_title")
@_spi(CAccessors) public func ek_account_panel_set_title(_ panel: OpaquePointer?, _ title: UnsafePointer<gchar>?) {
    let title = string(title) ?? ""
    withPanel(panel, otherwise: ()) { $0.title = title }
}

// MARK: message

extension AccountPanelProperty {
    static let message = ObjectProperty.string(
        "message", "Message", "A line above the fields", get: { copy(ek_account_panel_get_message($0)) },
        set: ek_account_panel_set_message)
}

extension AccountPanel {
    /// A line above the fields (`message`: what the account is for); none when nil.
    public var message: String? {
        get { implementation.message }
        set { implementation.message = newValue }
    }
}

@_cdecl("ek_account_panel_get_message")
@_spi(CAccessors) public func ek_account_panel_get_message(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let message = withPanel(panel, otherwise: nil) { UnsafePointer($0.messageStorage.pointer) }
    return message
}

@_cdecl("ek_account_panel_set_message")
@_spi(CAccessors) public func ek_account_panel_set_message(_ panel: OpaquePointer?, _ message: UnsafePointer<gchar>?) {
    let message = string(message)
    withPanel(panel, otherwise: ()) { $0.message = message }
}

// MARK: username

extension AccountPanelProperty {
    static let username = ObjectProperty.string(
        "username", "Username", "A name to pre-fill", get: { copy(ek_account_panel_get_username($0)) },
        set: ek_account_panel_set_username)
}

extension AccountPanel {
    /// A name to pre-fill (`username`); with one, focus starts in the password field.
    public var username: String? {
        get { implementation.username }
        set { implementation.username = newValue }
    }
}

@_cdecl("ek_account_panel_get_username")
@_spi(CAccessors) public func ek_account_panel_get_username(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    nonisolated(unsafe) let username = withPanel(panel, otherwise: nil) { UnsafePointer($0.usernameStorage.pointer) }
    return username
}

@_cdecl("ek_account_panel_set_username")
@_spi(CAccessors) public func ek_account_panel_set_username(_ panel: OpaquePointer?, _ username: UnsafePointer<gchar>?) {
    let username = string(username)
    withPanel(panel, otherwise: ()) { $0.username = username }
}

// MARK: requires-username

extension AccountPanelProperty {
    static let requiresUsername = ObjectProperty.boolean(
        "requires-username", "Requires username", "OK needs a username", default: false,
        get: ek_account_panel_get_requires_username, set: ek_account_panel_set_requires_username)
}

extension AccountPanel {
    /// Keeps OK disabled while the username field is empty (`requires-username`).
    public var requiresUsername: Bool {
        get { implementation.requiresUsername }
        set { implementation.requiresUsername = newValue }
    }
}

@_cdecl("ek_account_panel_get_requires_username")
@_spi(CAccessors) public func ek_account_panel_get_requires_username(_ panel: OpaquePointer?) -> gboolean {
    withPanel(panel, otherwise: 0) { $0.requiresUsername ? 1 : 0 }
}

@_cdecl("ek_account_panel_set_requires_username")
@_spi(CAccessors) public func ek_account_panel_set_requires_username(_ panel: OpaquePointer?, _ requires: gboolean) {
    withPanel(panel, otherwise: ()) { $0.requiresUsername = requires != 0 }
}

// MARK: requires-password

extension AccountPanelProperty {
    static let requiresPassword = ObjectProperty.boolean(
        "requires-password", "Requires password", "OK needs a password", default: false,
        get: ek_account_panel_get_requires_password, set: ek_account_panel_set_requires_password)
}

extension AccountPanel {
    /// Keeps OK disabled while the password field is empty (`requires-password`).
    public var requiresPassword: Bool {
        get { implementation.requiresPassword }
        set { implementation.requiresPassword = newValue }
    }
}

@_cdecl("ek_account_panel_get_requires_password")
@_spi(CAccessors) public func ek_account_panel_get_requires_password(_ panel: OpaquePointer?) -> gboolean {
    withPanel(panel, otherwise: 0) { $0.requiresPassword ? 1 : 0 }
}

@_cdecl("ek_account_panel_set_requires_password")
@_spi(CAccessors) public func ek_account_panel_set_requires_password(_ panel: OpaquePointer?, _ requires: gboolean) {
    withPanel(panel, otherwise: ()) { $0.requiresPassword = requires != 0 }
}
