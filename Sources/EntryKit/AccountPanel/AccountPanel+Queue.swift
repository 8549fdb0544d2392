import CEntryKit
import CGtk

/// The one queue of panels, as LKAccountPanel's singleton is one panel: only one is on screen, a
/// request made while one is open waits and is shown when it closes, and every completion runs
/// exactly once. The static API asks with a request and no object; a panel's own asks
/// (``AccountPanel/show(parent:completion:)``, C's `ek_account_panel_ask`) come here too.
extension AccountPanel {
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
        var outcome: Result?
        showSecurely(request, parent: parent) { accepted, username, password in
            outcome = body(accepted, username, password)
        }
        // The panel turns response, delete, unmap and destroy into its one completion, which ends
        // the wait; a completion that ran already (nothing to show) ends it at once.
        MainLoop.wait(until: { outcome != nil }, timeout: nil)
        return outcome!
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
