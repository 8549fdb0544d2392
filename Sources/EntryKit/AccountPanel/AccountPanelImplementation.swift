import CEntryKit
import CGtk

/// The state and behaviour of one `EkAccountPanel`, made with the instance (see
/// ``ObjectImplementation``) and owned by it until it is finalized: the panel's one state value,
/// its ``request`` (what an ask shows), and the asks C made that a `GCancellable` may still close.
/// Its properties are fields of the request, declared in ``AccountPanelProperty``; ``AccountPanel``
/// handles read and write every field of it.
///
/// Each ask is a request to the one queue of panels (``AccountPanel/showSecurely(_:parent:completion:)``):
/// the request as it is when the ask starts.
@MainActor
package final class AccountPanelImplementation: ObjectImplementation {
    /// What the panel asks for: its title, message, username, what it requires, its labels; and
    /// Swift's check on OK, asked before the object's `validate` handlers.
    var request = AccountRequest(title: "")
    /// The asks C made that are on screen or waiting, by their task, for the cancellable.
    private var asks: [UnsafeMutableRawPointer: AccountPanel.Ticket] = [:]

    nonisolated override class var instanceType: GType { ek_account_panel_get_type() }

    nonisolated override class func kept(by instance: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        ek_account_panel_implementation(OpaquePointer(instance))
    }

    /// Sets a field of ``request``: a property's (``AccountPanelProperty``) as C and GObject set
    /// it, notified when it changed; any other, simply stored.
    func set<Value>(_ field: WritableKeyPath<AccountRequest, Value>, _ value: Value) {
        let state = (\AccountPanelImplementation.request).appending(path: field)
        if let property = AccountPanelProperty.all.declaration(of: state) {
            property.set(value, on: self)
        } else {
            request[keyPath: field] = value
        }
    }

    /// What an ask shows: the request as it is now, its check followed by the object's `validate`
    /// signal. The check keeps the object alive while the panel is up (the object's `validate`
    /// handlers run on it), whoever asked.
    var askedRequest: AccountRequest {
        var asked = request
        let object = GObjectReference(transferNone: opaque)
        asked.validate = { [validate = request.validate] username, password in
            if let problem = validate?(username, password) { return problem }
            return Self.emitValidate(on: object.opaque, username: username, password: password)
        }
        return asked
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

    /// A copy of a password lent by the panel, in a locked mapping of its own that outlives the
    /// dialog's buffer, for C (`EkPassword`).
    private static func copy(_ password: SecurePassword?) -> OpaquePointer? {
        password.flatMap { password in
            password.withUnsafeBytes { bytes in
                ek_password_new(bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
            }
        }
    }

    /// `ek_account_panel_ask`: shows the panel (or queues it); `task` is completed once, with a
    /// copy of the password in locked memory of its own.
    fileprivate func ask(parent: UnsafeMutablePointer<GtkWindow>?, task: OpaquePointer) {
        let key = UnsafeMutableRawPointer(task)
        // Completion may run at once (a parent already destroyed): the ticket is stored after.
        var finished = false
        let ticket = AccountPanel.showSecurely(askedRequest, parent: Self.window(parent)) { [weak self] accepted, username, password in
            finished = true
            self?.asks[key] = nil
            ek_account_panel_complete(task, accepted ? 1 : 0, username, Self.copy(password))
        }
        if !finished { asks[key] = ticket }
    }

    /// `task`'s cancellable was cancelled: its panel closes, or leaves the queue.
    fileprivate func cancel(task: OpaquePointer) {
        guard let ticket = asks[UnsafeMutableRawPointer(task)] else { return }
        AccountPanel.cancel(ticket)
    }

    /// `ek_account_panel_run`: the panel's answer once it closes, in a nested main loop.
    fileprivate func run(
        parent: UnsafeMutablePointer<GtkWindow>?, username: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?,
        password: UnsafeMutablePointer<OpaquePointer?>?
    ) -> Bool {
        let answer = AccountPanel.runSecurely(askedRequest, parent: Self.window(parent)) { accepted, username, password in
            (accepted, username, Self.copy(password))
        }
        username?.pointee = duplicate(answer.1)
        if let password { password.pointee = answer.2 } else { answer.2.map { ek_password_unref($0) } }
        return answer.0
    }

    private static func window(_ parent: UnsafeMutablePointer<GtkWindow>?) -> Window? {
        parent.map { Window(window: UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) }
    }
}

// MARK: - The object's constructor and finalizer, and its asks, call these (swift_entry_points.h)

@_cdecl("ek_account_panel_implementation_new")
func accountPanelImplementationNew(_ panel: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    AccountPanelImplementation.retained(for: panel)
}

/// The object is finalized: its state goes.
@_cdecl("ek_account_panel_implementation_release")
func accountPanelImplementationRelease(_ implementation: UnsafeMutableRawPointer?) {
    ObjectImplementation.release(implementation)
}

/// Runs `body` on the main actor with the implementation C handed back. C calls on GTK's thread,
/// where the main actor runs; the pointers are GTK's, used on that thread only.
private func withPanelImplementation<Result>(
    _ implementation: UnsafeMutableRawPointer?, _ body: @MainActor (AccountPanelImplementation) -> Result
) -> Result {
    nonisolated(unsafe) let implementation = implementation!
    nonisolated(unsafe) var result: Result?
    MainActor.assumeIsolated {
        result = body(Unmanaged<AccountPanelImplementation>.fromOpaque(implementation).takeUnretainedValue())
    }
    return result!
}

@_cdecl("ek_account_panel_implementation_ask")
func accountPanelAsk(_ implementation: UnsafeMutableRawPointer?, _ parent: UnsafeMutablePointer<GtkWindow>?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let (parent, task) = (parent, task!)
    withPanelImplementation(implementation) { $0.ask(parent: parent, task: task) }
}

@_cdecl("ek_account_panel_implementation_cancel")
func accountPanelCancel(_ implementation: UnsafeMutableRawPointer?, _ task: OpaquePointer?) {
    nonisolated(unsafe) let task = task!
    withPanelImplementation(implementation) { $0.cancel(task: task) }
}

@_cdecl("ek_account_panel_implementation_run")
func accountPanelRun(
    _ implementation: UnsafeMutableRawPointer?, _ parent: UnsafeMutablePointer<GtkWindow>?,
    _ username: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?, _ password: UnsafeMutablePointer<OpaquePointer?>?
) -> gboolean {
    nonisolated(unsafe) let (parent, username, password) = (parent, username, password)
    return withPanelImplementation(implementation) { $0.run(parent: parent, username: username, password: password) } ? 1 : 0
}
