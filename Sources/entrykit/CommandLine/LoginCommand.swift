import CGtk
import EntryKit
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
    static func run(_ arguments: [String]) -> Int32 {
        let options: LoginOptions
        switch LoginOptions.parse(arguments) {
        case .help:
            writeAll(STDOUT_FILENO, LoginOptions.usage)
            return ExitStatus.answered
        case .misuse(let message):
            return misuse(message)
        case .run(let parsed):
            options = parsed
        }
        if let fd = options.passwordFD, let problem = problem(withPasswordFD: fd) {
            return misuse(problem)
        }
        // Before anything is typed: no other process of the user reads this one's memory, and
        // a crash leaves no core file with copies of the keys (README, Security).
        do {
            try ProcessProtection.keepMemoryPrivate()
        } catch {
            writeAll(STDERR_FILENO, "entrykit login: cannot keep the password's memory private: \(error)\n")
            return ExitStatus.cannotShowDialog
        }
        do {
            try GtkRuntime.initialize()
        } catch {
            writeAll(STDERR_FILENO, "entrykit login: \(error)\n")
            return ExitStatus.cannotShowDialog
        }
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
        return AccountPanel.runSecurely(request) { accepted, username, password -> Int32 in
            guard accepted else { return timedOut ? ExitStatus.timedOut : ExitStatus.cancelled }
            answered = true
            return print(username: username ?? "", password: password, options: options)
        }
    }

    private static func misuse(_ message: String) -> Int32 {
        writeAll(STDERR_FILENO, "entrykit login: \(message)\nTry 'entrykit login --help' for more information.\n")
        return ExitStatus.usage
    }

    /// Why `fd` cannot take the password, checked before anything shows, so that a failure
    /// never follows a username already printed.
    static func problem(withPasswordFD fd: Int32) -> String? {
        let flags = fcntl(fd, F_GETFL)
        if flags == -1 { return "--password-fd \(fd) is not an open file descriptor" }
        if descriptorsClosedAtStart.contains(fd) {
            return "--password-fd \(fd) was closed when entrykit started (it would write the password nowhere)"
        }
        let access = flags & O_ACCMODE
        if access != O_WRONLY && access != O_RDWR { return "--password-fd \(fd) is not open for writing" }
        return nil
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
    private static func print(username: String, password: SecurePassword?, options: LoginOptions) -> Int32 {
        let passwordFD = options.passwordFD ?? STDOUT_FILENO
        let separateFD = options.passwordFD != nil
        do {
            switch options.output {
            case .separated(let separator):
                if let problem = ambiguity(username: username, password: password, separator: separateFD ? nil : separator) {
                    writeAll(STDERR_FILENO, "entrykit login: refused to print an ambiguous answer: \(problem)\n")
                    return ExitStatus.cancelled
                }
                try printFields(username: username, password: password, passwordFD: options.passwordFD, between: separator, after: "\n")
            case .null:
                try printFields(username: username, password: password, passwordFD: options.passwordFD, between: "\0", after: "\0")
            case .json:
                let name = "\"" + jsonEscaped(username) + "\""
                if separateFD {
                    try writeAnswer(passwordFD, "\"")
                    try password?.writeJSONEscaped(to: passwordFD)
                    try writeAnswer(passwordFD, "\"\n")
                    try writeAnswer(STDOUT_FILENO, "{\"username\":\(name)}\n")
                } else {
                    try writeAnswer(STDOUT_FILENO, "{\"username\":\(name),\"password\":\"")
                    try password?.writeJSONEscaped(to: STDOUT_FILENO)
                    try writeAnswer(STDOUT_FILENO, "\"}\n")
                }
            }
        } catch {
            writeAll(STDERR_FILENO, "entrykit login: cannot write the answer: \(error)\n")
            return ExitStatus.cancelled
        }
        return ExitStatus.answered
    }

    /// `name<between>password<after>` on standard output; with `passwordFD`, `password<after>`
    /// there first, then `name<after>` on standard output.
    private static func printFields(username: String, password: SecurePassword?, passwordFD: Int32?,
                                    between: String, after: String) throws {
        if let passwordFD {
            try password?.write(to: passwordFD)
            try writeAnswer(passwordFD, after)
            try writeAnswer(STDOUT_FILENO, username + after)
        } else {
            try writeAnswer(STDOUT_FILENO, username + between)
            try password?.write(to: STDOUT_FILENO)
            try writeAnswer(STDOUT_FILENO, after)
        }
    }

    /// The inside of a JSON string: `"`, `\` and control characters escaped, as the secure
    /// buffer escapes the password.
    static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
