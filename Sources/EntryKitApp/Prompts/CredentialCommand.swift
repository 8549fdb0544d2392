import CEntryKitPrompts
import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit credential get|store|erase` (also installed as `git-credential-entrykit`, so
/// `git config credential.helper entrykit` finds it), compatible with git's libsecret helper
/// (``KeyringItem/gitCredential(_:)``): `get` answers from the desktop's keyring when it holds the
/// credential, else shows one account panel for the host git names, the username git knows
/// already filled in, and answers `username=` and `password=`; `store` keeps in the keyring the
/// credential git has seen work; `erase` removes the one git has seen fail. A cancelled panel
/// prints nothing: git goes on to its next helper or its own prompt. Passwords go from locked
/// memory to locked memory: git's request is read into it, and answers are written from it.
///
/// ```sh
/// git config --global credential.helper entrykit
/// ```
@MainActor
enum CredentialCommand {
    /// The most of git's request read (a request is a few lines).
    private static let requestLimit = 1 << 20

    static func run(_ arguments: [String]) -> ExitStatus {
        // git never passes options: a --help anywhere (`credential get --help`) asks for the help.
        if arguments.contains("--help") || arguments.contains("-h") {
            return Output.print(PromptHelp.credential, for: "credential")
        }
        guard arguments.count == 1, let action = arguments.first, ["get", "store", "erase"].contains(action) else {
            return UsageError("credential: expected one of get, store, erase").report(for: "entrykit")
        }
        guard PromptProcess.protect(for: "credential") else { return action == "get" ? .answered : .failed }
        let request = SecureAnswer()
        let error = request.withUnsafeAnswer { ek_secret_input_read_request($0, STDIN_FILENO, gsize(requestLimit)) }
        guard error == 0 else {
            let reason = error == E2BIG ? "longer than \(requestLimit) bytes" : String(cString: strerror(error))
            return UsageError("credential \(action): cannot read git's request (\(reason)); nothing done").report(for: "entrykit")
        }
        let credential = request.withUnsafeBytes { GitCredential(parsing: $0) }
        switch action {
        case "store": return store(credential, from: request)
        case "erase": return erase(credential)
        default: return get(credential)
        }
    }

    /// `get`: from the keyring, else from the panel.
    private static func get(_ credential: GitCredential) -> ExitStatus {
        // A password git has already (from an earlier helper) needs no question.
        if credential.secretRanges["password"] != nil { return .answered }
        if let item = KeyringItem.gitCredential(credential),
            case .found(let secret, let attributes) = Keyring.lookUp(item, reading: ["user"])
        {
            let username = attributes["user"] ?? credential["username"]
            // A name that would break git's lines is no answer (someone else stored it).
            if username?.contains(where: { $0 == "\n" || $0 == "\0" }) != true {
                let answer = SecureAnswer()
                if let username { answer.append("username=\(username)\n") }
                secret.withUnsafeBytes { appendKeptCredential($0, to: answer) }
                _ = PromptProcess.write(answer, for: "credential")
                return .answered
            }
        }
        guard startGtk(for: "credential") else { return .answered }
        var request = AccountRequest(
            title: LocalizedText.localization.string("Sign In") + " — " + credential.location,
            message: credential.location, username: credential["username"],
            requiresUsername: true)
        request.grabsKeyboard = PromptProcess.grabsKeyboard
        request.isStandalonePrompt = true
        // git's lines end at a line feed: a value holding one would be misread, so it is
        // refused in the panel, where it can be changed.
        request.validate = { username, password in
            LoginCommand.ambiguity(username: username ?? "", password: password, separator: nil).map {
                LocalizedText.localization.string($0)
            }
        }
        return AccountPanel.runSecurely(request) { accepted, username, password -> ExitStatus in
            guard accepted, let username else { return .answered }
            let answer = SecureAnswer()
            answer.append("username=\(username)\npassword=")
            answer.append(password)
            answer.append("\n")
            // Incomplete or not, git goes on (its next helper or its own prompt).
            _ = PromptProcess.write(answer, for: "credential")
            return .answered
        }
    }

    /// The fields that follow a password in what git 2.41 and later keep ("<password>\n
    /// password_expiry_utc=…\noauth_refresh_token=…"), each answered as its own line.
    private static let keptFields = ["password_expiry_utc", "oauth_refresh_token"]

    /// A kept secret as git's lines: `password=` and its first line, then the fields kept after it.
    private static func appendKeptCredential(_ secret: UnsafeRawBufferPointer, to answer: SecureAnswer) {
        var lines = secret.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).makeIterator()
        answer.append("password=")
        answer.append(bytes: UnsafeRawBufferPointer(rebasing: lines.next() ?? secret[0..<0]))
        answer.append("\n")
        while let line = lines.next() {
            guard keptFields.contains(where: { line.starts(with: ($0 + "=").utf8) }) else { continue }
            answer.append(bytes: UnsafeRawBufferPointer(rebasing: line))
            answer.append("\n")
        }
    }

    /// `store`: keeps the credential (as git 2.41's helper does, the fields git gave after the
    /// password too), replacing the one kept for the same attributes.
    private static func store(_ credential: GitCredential, from request: SecureAnswer) -> ExitStatus {
        guard let item = KeyringItem.gitCredential(credential), credential["username"] != nil,
            let password = credential.secretRanges["password"]
        else {
            return UsageError("credential store: git's request needs a protocol, a host or path, a username and a password; nothing kept")
                .report(for: "entrykit")
        }
        let secret = SecureAnswer()
        request.withUnsafeBytes { bytes in
            secret.append(bytes: UnsafeRawBufferPointer(rebasing: bytes[password]))
            if let expiry = credential["password_expiry_utc"] { secret.append("\npassword_expiry_utc=\(expiry)") }
            if let token = credential.secretRanges["oauth_refresh_token"] {
                secret.append("\noauth_refresh_token=")
                secret.append(bytes: UnsafeRawBufferPointer(rebasing: bytes[token]))
            }
        }
        let outcome = secret.withUnsafeBytes { Keyring.store(item, secret: $0) }
        return report(outcome, doing: "store", "the credential was not kept")
    }

    /// `erase`: removes what matches the attributes git gave, under either schema.
    private static func erase(_ credential: GitCredential) -> ExitStatus {
        guard let item = KeyringItem.gitCredentialPattern(credential) else {
            return UsageError("credential erase: git's request names no protocol, host, path or username; nothing removed")
                .report(for: "entrykit")
        }
        return report(Keyring.remove(item), doing: "erase", "nothing was removed")
    }

    private static func report(_ outcome: Keyring.Outcome, doing action: String, _ consequence: String) -> ExitStatus {
        guard let problem = outcome.problem else { return .answered }
        Output.say("credential \(action): \(problem); \(consequence)")
        return .failed
    }
}
