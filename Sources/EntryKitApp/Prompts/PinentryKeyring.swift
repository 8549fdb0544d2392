import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit pinentry`'s use of the desktop's keyring, as pinentry's own password cache
/// (`pinentry/password-cache.c`) does it, under the same item (``KeyringItem/gnupgPassphrase(keyInfo:)``):
/// with gpg-agent's `OPTION allow-external-password-cache` and a `SETKEYINFO`, GETPIN answers
/// from the keyring without a dialog (`S PASSWORD_FROM_CACHE`, then the passphrase), or asks with
/// a "Save in password manager" box, off, that keeps what is typed; `CLEARPASSPHRASE` removes it.
///
/// A passphrase answered from the keyring and refused (gpg-agent asks again in the same
/// conversation, with its error) is removed, so the next signature asks the person.
@MainActor
enum PinentryKeyring {
    /// How GETPIN goes on after the keyring was asked.
    enum Start: Equatable {
        /// Answered from the keyring: the `S` and `D` lines are written; this line ends it.
        case answered(String)
        /// Ask the person; with the check box that keeps the passphrase, or without.
        case ask(offersCheckBox: Bool)
    }

    /// The key whose passphrase this conversation last answered from the keyring.
    private static var answeredFromKeyring: String?
    /// The store a ticked box started, until it has finished.
    private static var keeping: Keyring.PendingStore?

    /// Before GETPIN's dialog: looks the passphrase up when pinentry would.
    static func start(_ session: inout PinentrySession) -> Start {
        guard let key = session.state.externalCacheKey else { return .ask(offersCheckBox: false) }
        let item = KeyringItem.gnupgPassphrase(keyInfo: key)
        if answeredFromKeyring == key, session.state.error != nil {
            answeredFromKeyring = nil
            guard report(Keyring.remove(item), giveUp: &session) else { return .ask(offersCheckBox: false) }
        }
        guard session.state.looksUpExternalCache else { return .ask(offersCheckBox: true) }
        session.externalCacheLookedUp()
        switch Keyring.lookUp(item) {
        case .found(let secret, _):
            let answer = SecureAnswer()
            answer.append("S PASSWORD_FROM_CACHE\n")
            secret.withUnsafeBytes { answer.appendAssuanData($0) }
            guard PromptProcess.write(answer, for: "pinentry") else { return .answered(AssuanError.cancelled.line) }
            answeredFromKeyring = key
            return .answered("OK")
        case .missing(.locked):
            // The person declined to unlock the keyring: nothing is kept in it either.
            return .ask(offersCheckBox: false)
        case .missing(let outcome):
            return .ask(offersCheckBox: report(outcome, giveUp: &session))
        }
    }

    /// The check box of GETPIN's dialog: gpg-agent's label (`OPTION default-pwmngr`, in gpg's
    /// language), else EntryKit's.
    static func checkBox(_ state: PinentryState) -> AccountCheckBox {
        AccountCheckBox(
            label: state.options["default-pwmngr"] ?? LocalizedText.localization.string(PinentryMnemonics.saveInPasswordManager.rawValue))
    }

    /// From the dialog's completion, the passphrase answered: keeps it in the keyring when
    /// `checkBox` is ticked. The bytes are copied before this returns; ``finishKeeping()`` waits
    /// for the keyring outside the completion.
    static func startKeeping(_ password: SecurePassword?, state: PinentryState, checkBox: AccountCheckBox?) {
        guard checkBox?.isChecked == true, let key = state.externalCacheKey else { return }
        let item = KeyringItem.gnupgPassphrase(keyInfo: key)
        keeping = password.withUnsafeBytesOrEmpty { Keyring.PendingStore(item, secret: $0) }
    }

    /// Waits for the keyring to have kept the passphrase (before gpg-agent gets its `OK`, as
    /// pinentry does), and says on standard error if it could not.
    static func finishKeeping() {
        keeping?.finish(as: "pinentry", "the passphrase was not saved")
        keeping = nil
    }

    /// `CLEARPASSPHRASE <keyinfo>`: the answer line once the keyring has removed the passphrase.
    static func clear(_ keyInfo: String) -> String {
        let outcome = Keyring.remove(.gnupgPassphrase(keyInfo: keyInfo))
        if answeredFromKeyring == keyInfo { answeredFromKeyring = nil }
        if let problem = outcome.problem { Output.say("pinentry: \(problem)") }
        return PinentrySession.answerToClear(removed: outcome.problem == nil ? outcome == .done : nil)
    }

    /// Whether the keyring can be used, having said once why not and stopped asking it in this
    /// conversation when it cannot (as pinentry gives up on its cache).
    private static func report(_ outcome: Keyring.Outcome, giveUp session: inout PinentrySession) -> Bool {
        guard let problem = outcome.problem else { return true }
        Output.say("pinentry: \(problem); the passphrase is asked for and not saved")
        session.giveUpExternalCache()
        return false
    }
}

extension Optional where Wrapped == SecurePassword {
    /// The lent bytes, or none for no password.
    @MainActor
    func withUnsafeBytesOrEmpty<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard let password = self else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return password.withUnsafeBytes(body)
    }
}
