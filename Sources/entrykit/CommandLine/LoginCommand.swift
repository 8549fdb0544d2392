import CGtk
import EntryKit
import Glibc

/// `entrykit login`: the account panel as a shell command, printing what the user typed.
///
/// ```sh
/// IFS='|' read -r user pass < <(entrykit login --title "Mail")     # like zenity
/// entrykit login --json | jq -r .username
/// entrykit login --password-fd 3 3>secret.pipe
/// ```
@MainActor
enum LoginCommand {
    static let timeoutStatus: Int32 = 5
    private static var timedOut = false

    static func run(_ arguments: [String]) -> Int32 {
        let options: LoginOptions
        switch LoginOptions.parse(arguments) {
        case .help:
            writeAll(STDOUT_FILENO, LoginOptions.usage)
            return 0
        case .misuse(let message):
            writeAll(STDERR_FILENO, "entrykit login: \(message)\nTry 'entrykit login --help' for more information.\n")
            return 2
        case .run(let parsed):
            options = parsed
        }
        if let fd = options.passwordFD, fcntl(fd, F_GETFD) == -1 {
            writeAll(STDERR_FILENO, "entrykit login: --password-fd \(fd) is not an open file descriptor\n")
            return 2
        }
        do {
            try GtkRuntime.initialize()
        } catch {
            writeAll(STDERR_FILENO, "entrykit login: \(error)\n")
            return 2
        }
        if let seconds = options.timeout {
            _ = MainLoop.addTimeout(seconds: seconds, { _ in
                MainActor.assumeIsolated {
                    LoginCommand.timedOut = true
                    AccountPanel.cancelAll()
                }
                return 0  // G_SOURCE_REMOVE
            }, data: nil)
        }
        let request = AccountRequest(
            title: options.title ?? LocalizedText.localization.string("Sign In"),
            message: options.text,
            username: options.username
        )
        let status = AccountPanel.runSecurely(request) { accepted, username, password -> Int32 in
            guard accepted else { return 1 }
            return print(username: username ?? "", password: password, options: options)
        }
        return timedOut ? timeoutStatus : status
    }

    /// Prints the answer in the chosen format; the password's bytes go from the locked buffer
    /// straight to the descriptor.
    private static func print(username: String, password: SecurePassword?, options: LoginOptions) -> Int32 {
        let passwordFD = options.passwordFD ?? STDOUT_FILENO
        let separateFD = options.passwordFD != nil
        do {
            switch options.output {
            case .separated(let separator):
                try writeAnswer(STDOUT_FILENO, username + (separateFD ? "\n" : separator))
                try password?.write(to: passwordFD)
                try writeAnswer(passwordFD, "\n")
            case .null:
                try writeAnswer(STDOUT_FILENO, username + "\0")
                try password?.write(to: passwordFD)
                try writeAnswer(passwordFD, "\0")
            case .json:
                let name = "\"" + jsonEscaped(username) + "\""
                try writeAnswer(STDOUT_FILENO, separateFD ? "{\"username\":\(name)}\n" : "{\"username\":\(name),\"password\":\"")
                if separateFD { try writeAnswer(passwordFD, "\"") }
                try password?.writeJSONEscaped(to: passwordFD)
                try writeAnswer(passwordFD, separateFD ? "\"\n" : "\"}\n")
            }
        } catch {
            writeAll(STDERR_FILENO, "entrykit login: cannot write the answer: \(error)\n")
            return 1
        }
        return 0
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
