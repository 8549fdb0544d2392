import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit credential get|store|erase` (also installed as `git-credential-entrykit`, so
/// `git config credential.helper entrykit` finds it): `get` shows one account panel for the
/// host git names, the username git knows already filled in, and answers `username=` and
/// `password=`, the password written from locked memory. EntryKit keeps nothing, so `store`
/// and `erase` succeed silently. A cancelled panel prints nothing: git goes on to its next
/// helper or its own prompt.
///
/// ```sh
/// git config --global credential.helper entrykit
/// ```
@MainActor
enum CredentialCommand {
    static func run(_ arguments: [String]) -> ExitStatus {
        // git never passes options: a --help anywhere (`credential get --help`) asks for the help.
        if arguments.contains("--help") || arguments.contains("-h") {
            return Output.print(PromptHelp.credential, for: "credential")
        }
        guard arguments.count == 1, let action = arguments.first, ["get", "store", "erase"].contains(action) else {
            return UsageError("credential: expected one of get, store, erase").report(for: "entrykit")
        }
        let input = readStandardInput()
        guard action == "get" else { return .answered }
        let credential = GitCredential(parsing: input)
        // A password git has already (from an earlier helper) needs no question.
        if credential["password"] != nil { return .answered }
        guard PromptProcess.protect(for: "credential") else { return .answered }
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

    /// Standard input up to its end (git closes it after the blank line).
    private static func readStandardInput() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            // The blank line ends git's request even if the pipe stays open.
            if bytes.suffix(2) == [0x0A, 0x0A] || bytes == [0x0A] { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
