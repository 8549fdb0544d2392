import CEntryKitPolkit
import CGtk
import EntryKit
import EntryKitCommandLine
import Glibc

/// One authentication polkitd asked for (BeginAuthentication), from the dialog to the answer.
///
/// The dialog is EntryKit's account panel, queued as every panel is (one asked for while another
/// is up waits its turn). Each attempt is a `PolkitAgentSession`: polkit-agent-helper-1, setuid
/// root, runs PAM for the chosen identity; its prompts label the password field, its messages
/// show under it, and the password goes to it from locked memory. A failed attempt shows why and
/// a new session waits for the next try; picking another identity starts a new one too. The
/// answer to polkitd is given once: success after the helper has told polkitd who authenticated,
/// `Cancelled` when the person dismissed the dialog (or polkitd withdrew the request).
@MainActor
final class PolkitAuthentication {
    /// The authentications under way, kept until answered.
    private static var open: [ObjectIdentifier: PolkitAuthentication] = [:]

    private let task: GObjectReference
    private let cookie: String
    private let identities: [(identity: GObjectReference, account: PolkitAccount)]
    private var selected: Int
    private let conversation = AccountConversation()
    private var ticket: AccountPanel.Ticket?
    private var cancellation: SignalConnection?
    private var isAnswered = false
    private var authenticated = false

    /// The attempt under way, and where it stands.
    private var session: OpaquePointer?
    /// PAM asked and nothing was sent back yet.
    private var isPromptPending = false
    /// The person answered in this attempt: its failure is a wrong answer, worth a new attempt.
    private var answeredInSession = false
    /// An answer given before PAM asked (the helper still starting), in locked memory.
    private var heldAnswer: SecurePassword?
    /// PAM's last error in this attempt, shown rather than the agent's own words.
    private var pamError: String?

    /// Shows the dialog for polkitd's request; the task is answered once, later.
    static func begin(
        actionID: String, message: String, details: OpaquePointer?, cookie: String, identities: UnsafeMutablePointer<GList>?,
        cancellable: UnsafeMutablePointer<GCancellable>?, task: OpaquePointer
    ) {
        var accounts: [(GObjectReference, PolkitAccount)] = []
        var node = identities
        while let current = node {
            let identity = OpaquePointer(current.pointee.data)
            let uid = ek_polkit_identity_uid(identity)
            if uid >= 0 { accounts.append((GObjectReference(transferNone: identity!), PolkitAccount(uid: uid_t(uid)))) }
            node = current.pointee.next
        }
        let taskReference = GObjectReference(transferNone: task)
        guard !accounts.isEmpty else {
            Output.say("polkit-agent: \(actionID): polkit offered no user to authenticate as; the request is dismissed")
            ek_polkit_task_cancel(taskReference.opaque)
            return
        }
        let authentication = PolkitAuthentication(task: taskReference, cookie: cookie, identities: accounts)
        open[ObjectIdentifier(authentication)] = authentication
        authentication.show(actionID: actionID, message: message, details: Self.detailRows(details), cancellable: cancellable)
    }

    private init(task: GObjectReference, cookie: String, identities: [(GObjectReference, PolkitAccount)]) {
        self.task = task
        self.cookie = cookie
        self.identities = identities.map { (identity: $0.0, account: $0.1) }
        selected = PolkitAccount.preselected(identities.map(\.1), runningAs: getuid())
    }

    private func show(
        actionID: String, message: String, details: [(name: String, value: String)], cancellable: UnsafeMutablePointer<GCancellable>?
    ) {
        let strings = LocalizedText.localization
        var request = AccountRequest(title: strings.string("Authentication Required"), message: message)
        request.caption = actionID
        request.accounts = identities.map(\.account.displayName)
        request.selectedAccount = selected
        request.details = details
        request.okLabel = strings.string(AuthenticationMnemonics.authenticate.rawValue)
        request.conversation = conversation
        request.isStandalonePrompt = true
        request.grabsKeyboard = PromptProcess.grabsKeyboard
        conversation.onShow = { [weak self] in self?.startSession() }
        conversation.onAccountChange = { [weak self] index in self?.switchIdentity(to: index) }
        conversation.onAnswer = { [weak self] _, password in self?.answer(password) }
        // polkitd withdraws the request when the program that asked goes away.
        if let cancellable {
            let watched = GObjectReference(transferNone: cancellable)
            cancellation = watched.connect("cancelled") { [weak self] in self?.withdraw() }
        }
        ticket = AccountPanel.showSecurely(request) { [weak self] accepted, _, _ in self?.end(accepted: accepted) }
        if let cancellable, g_cancellable_is_cancelled(cancellable) != 0 { withdraw() }
    }

    /// The details' rows, named in the current language.
    private static func detailRows(_ details: OpaquePointer?) -> [(name: String, value: String)] {
        guard let details, let keys = polkit_details_get_keys(details) else { return [] }
        defer { g_strfreev(keys) }
        var values: [String: String] = [:]
        var index = 0
        while let key = keys[index] {
            if let value = polkit_details_lookup(details, key) { values[String(cString: key)] = String(cString: value) }
            index += 1
        }
        let strings = LocalizedText.localization
        return PolkitDetailRows.rows(values) { PolkitDetailRows.commandLine(ofProcess: $0) }.map { row in
            switch row.name {
            case .word(let word): return (strings.string(word), row.value)
            case .key(let key): return (key, row.value)
            }
        }
    }

    // MARK: Attempts

    private func startSession() {
        guard !isAnswered, session == nil else { return }
        isPromptPending = false
        answeredInSession = false
        pamError = nil
        let handler: EkPolkitSessionHandler = { event, text, flag, data in
            MainActor.assumeIsolated {
                let authentication = Unmanaged<PolkitAuthentication>.fromOpaque(data!).takeUnretainedValue()
                authentication.sessionSays(event, text.map { String(cString: $0) } ?? "", flag != 0)
            }
        }
        // The session holds this object until it has been released (ek_polkit_session_stop).
        let data = Unmanaged.passRetained(self).toOpaque()
        session = ek_polkit_session_start(
            identities[selected].identity.opaque, cookie, handler, data,
            { data in Unmanaged<PolkitAuthentication>.fromOpaque(data!).release() })
    }

    private func stopSession() {
        guard let session else { return }
        self.session = nil
        isPromptPending = false
        ek_polkit_session_stop(session)
    }

    private func sessionSays(_ event: EkPolkitSessionEvent, _ text: String, _ flag: Bool) {
        switch event {
        case EK_POLKIT_SESSION_REQUEST:
            isPromptPending = true
            if let held = heldAnswer {
                heldAnswer = nil
                respond(with: held)
            } else {
                conversation.ask(label: PolkitPrompt.label(for: text), showsText: flag)
            }
        case EK_POLKIT_SESSION_SHOW_ERROR:
            pamError = text
            conversation.show(text, isError: true)
        case EK_POLKIT_SESSION_SHOW_INFO:
            conversation.show(text, isError: false)
        default:  // EK_POLKIT_SESSION_COMPLETED
            let tried = answeredInSession
            stopSession()
            if flag {
                authenticated = true
                conversation.accept()
            } else {
                conversation.reject(pamError ?? LocalizedText.localization.string("Authentication failed. Try again."))
                // A wrong answer gets a new attempt at once (PAM may speak first: a fingerprint
                // reader's prompt); an attempt that failed unanswered (the helper could not start)
                // waits for the person's next try, so a broken helper is not started in a loop.
                if tried { startSession() }
            }
        }
    }

    private func switchIdentity(to index: Int) {
        guard identities.indices.contains(index), index != selected else { return }
        selected = index
        heldAnswer = nil
        stopSession()
        startSession()
    }

    /// OK: the password goes to the helper now, or as soon as it asks.
    private func answer(_ password: SecurePassword) {
        // The helper reads one line per prompt: a line break would answer the next prompt too.
        let hasLineBreak = password.withUnsafeBytes { $0.contains(0x0A) || $0.contains(0x0D) }
        if hasLineBreak {
            conversation.reject(LocalizedText.localization.string("The password cannot contain a line break."))
            return
        }
        if session == nil { startSession() }
        if isPromptPending {
            respond(with: password)
        } else {
            heldAnswer = password.keptCopy()
        }
    }

    private func respond(with password: SecurePassword) {
        guard let session else { return }
        isPromptPending = false
        answeredInSession = true
        // Written to the helper's standard input straight from the locked buffer (NUL-terminated).
        password.withUnsafeBytes { bytes in
            guard let text = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
                polkit_agent_session_response(session, "")
                return
            }
            polkit_agent_session_response(session, text)
        }
    }

    // MARK: The answer

    /// polkitd cancelled the request: the dialog goes (or never comes), the request is dismissed.
    private func withdraw() {
        if let ticket { AccountPanel.cancel(ticket) }
    }

    /// The dialog closed: polkitd gets its answer, once.
    private func end(accepted: Bool) {
        guard !isAnswered else { return }
        isAnswered = true
        stopSession()
        heldAnswer = nil
        cancellation?.disconnect()
        cancellation = nil
        if accepted && authenticated {
            ek_polkit_task_succeed(task.opaque)
        } else {
            ek_polkit_task_cancel(task.opaque)
        }
        Self.open[ObjectIdentifier(self)] = nil
    }
}
