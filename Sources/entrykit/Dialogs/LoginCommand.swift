import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit login`: the account panel as a shell command, printing what the user typed.
///
/// ```sh
/// entrykit login --json | jq -r .username
/// entrykit login --null | { IFS= read -r -d '' user; IFS= read -r -d '' pass; }
/// entrykit login --password-fd 3 3>secret.pipe
/// ```
@MainActor
enum LoginCommand {
    static let name = LoginOptions.syntax.command

    static func run(_ arguments: [String]) -> ExitStatus {
        LoginOptions.syntax.run(arguments, from: LoginOptions()) { options throws(UsageError) in
            if let problem = options.passwordFDProblem(closedAtStart: descriptorsClosedAtStart) { throw problem }
            return show(options)
        }
    }

    /// Shows the panel and prints the answer.
    private static func show(_ options: LoginOptions) -> ExitStatus {
        // Before anything is typed: no other process of the user reads this one's memory, and
        // a crash leaves no core file with copies of the keys (README, Security).
        do {
            try ProcessProtection.keepMemoryPrivate()
        } catch {
            Output.say("\(name): cannot keep the password's memory private: \(error)")
            return .cannotShowDialog
        }
        guard startGtk(for: name) else { return .cannotShowDialog }
        var answered = false
        var timedOut = false
        if let seconds = options.timeout {
            MainLoop.after(seconds: seconds) {
                // An answer given in the same pass wins: it is printed and the status is its own.
                guard !answered else { return }
                timedOut = true
                AccountPanel.cancelAll()
            }
        }
        var request = AccountRequest(
            title: options.title ?? LocalizedText.localization.string("Sign In"),
            message: options.text,
            username: options.username
        )
        // A value the chosen format cannot print unambiguously is refused in the panel, where
        // the user can change it, instead of printing an answer a script would misread.
        if case .separated(let separator) = options.output {
            request.validate = { username, password in
                ambiguity(username: username ?? "", password: password, separator: options.passwordFD == nil ? separator : nil)
                    .map { LocalizedText.localization.string($0) }
            }
        }
        return AccountPanel.runSecurely(request) { accepted, username, password -> ExitStatus in
            guard accepted else { return timedOut ? .timedOut : .cancelled }
            answered = true
            return print(username: username ?? "", password: password, options: options)
        }
    }

    /// Why the `username<separator>password` line would be misread, as a key of the strings
    /// table (the panel shows it translated), or nil when it reads back exactly: the name holds
    /// neither the separator nor a line break, and the password no line break (a separator in
    /// the password is safe: `read` gives the last field the rest of the line).
    /// With `--password-fd` the name is alone on its line: `separator` is nil, as it divides nothing.
    static func ambiguity(username: String, password: SecurePassword?, separator: String?) -> String? {
        let lineBreaks: Set<Character> = ["\n", "\r", "\r\n"]
        if username.contains(where: lineBreaks.contains) { return "The username cannot contain a line break." }
        if let separator, username.contains(separator) {
            return "The username cannot contain the separator that divides it from the password; use --json or --null."
        }
        let passwordBreaksLines = password?.withUnsafeBytes { bytes in bytes.contains(0x0A) || bytes.contains(0x0D) } ?? false
        if passwordBreaksLines { return "The password cannot contain a line break; use --json or --null." }
        return nil
    }

    /// Prints the answer in the chosen format; the password's bytes go from the locked buffer
    /// straight to the descriptor. With `--password-fd` the password goes first, so a failure
    /// there leaves standard output empty.
    private static func print(username: String, password: SecurePassword?, options: LoginOptions) -> ExitStatus {
        let passwordFD = options.passwordFD ?? STDOUT_FILENO
        let separateFD = options.passwordFD != nil
        do {
            switch options.output {
            case .separated(let separator):
                if let problem = ambiguity(username: username, password: password, separator: separateFD ? nil : separator) {
                    Output.say("\(name): refused to print an ambiguous answer: \(problem)")
                    return .cancelled
                }
                try printFields(username: username, password: password, passwordFD: options.passwordFD, between: separator, after: "\n")
            case .null:
                try printFields(username: username, password: password, passwordFD: options.passwordFD, between: "\0", after: "\0")
            case .json:
                let username = JSONString.quoted(username)
                if separateFD {
                    try Output.write("\"", to: passwordFD)
                    try password?.writeJSONEscaped(to: passwordFD)
                    try Output.write("\"\n", to: passwordFD)
                    try Output.write("{\"username\":\(username)}\n")
                } else {
                    try Output.write("{\"username\":\(username),\"password\":\"")
                    try password?.writeJSONEscaped(to: STDOUT_FILENO)
                    try Output.write("\"}\n")
                }
            }
        } catch {
            Output.say("\(name): cannot write the answer: \(error)")
            return .cancelled
        }
        return .answered
    }

    /// `name<between>password<after>` on standard output; with `passwordFD`, `password<after>`
    /// there first, then `name<after>` on standard output.
    private static func printFields(
        username: String, password: SecurePassword?, passwordFD: Int32?,
        between: String, after: String
    ) throws {
        if let passwordFD {
            try password?.write(to: passwordFD)
            try Output.write(after, to: passwordFD)
            try Output.write(username + after)
        } else {
            try Output.write(username + between)
            try password?.write(to: STDOUT_FILENO)
            try Output.write(after)
        }
    }
}
