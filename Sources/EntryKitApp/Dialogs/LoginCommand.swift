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
        var syntax = LoginOptions.syntax
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            syntax.notes.append("Passwords are kept in \(ProcessProtection.passwordMemory.rawValue) on this system.")
        }
        return syntax.run(arguments, from: LoginOptions()) { options throws(UsageError) in
            if let problem = options.passwordFDProblem() { throw problem }
            return show(options)
        }
    }

    /// Shows the panel and prints the answer.
    private static func show(_ options: LoginOptions) -> ExitStatus {
        // Before anything is typed (docs/security.md).
        guard PromptProcess.protect(for: name) else { return .cannotShowDialog }
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
        request.grabsKeyboard = options.grabsKeyboard && PromptProcess.grabsKeyboard
        request.isStandalonePrompt = true
        // A value the chosen format cannot print unambiguously is refused in the panel, where
        // the user can change it, instead of printing an answer a script would misread.
        if case .separated(let separator) = options.output {
            request.validate = { username, password in
                ambiguity(username: username ?? "", password: password, separator: options.passwordFD == nil ? separator : nil)
                    .map { LocalizedText.localization.string($0) }
            }
        }
        // Once the panel is drawn the prompt only waits, often for long: the start-up code's pages
        // go back (see `ProgramPages`) when GTK's work for the first frame is done.
        MainLoop.idle {
            AccountPanel.current?.afterFirstDraw { MainLoop.idle(afterGtksIdleWork: true) { ProgramPages.release() } }
        }
        return AccountPanel.runSecurely(request) { accepted, username, password -> ExitStatus in
            guard accepted else { return timedOut ? .timedOut : .cancelled }
            answered = true
            return print(username: username ?? "", password: password, options: options)
        }
    }

    /// Why the `username<separator>password` line would be misread, as a key of the strings
    /// table (the panel shows it translated), or nil when it reads back exactly: the name holds
    /// no line break, and a script splitting the line at its first separator gets the name
    /// back whole (no separator inside it, none starting in it and running into the one after
    /// it: `ada:` before `::`); the password holds no line break (a separator in the password is
    /// safe: `read` gives the last field the rest of the line).
    /// Compared as UTF-8 bytes, as `read` and `cut` compare: a `|` followed by a combining mark
    /// is one `Character` in Swift but still a `|` to the script.
    /// With `--password-fd` the name is alone on its line: `separator` is nil, as it divides nothing.
    static func ambiguity(username: String, password: SecurePassword?, separator: String?) -> String? {
        let name = Array(username.utf8)
        if name.contains(0x0A) || name.contains(0x0D) { return "The username cannot contain a line break." }
        if let separator, firstRange(of: Array(separator.utf8), in: name + separator.utf8) != name.count {
            return "The username cannot contain the separator that divides it from the password; use --json or --null."
        }
        let passwordBreaksLines = password?.withUnsafeBytes { bytes in bytes.contains(0x0A) || bytes.contains(0x0D) } ?? false
        if passwordBreaksLines { return "The password cannot contain a line break; use --json or --null." }
        return nil
    }

    /// Where `needle` first starts in `bytes` (`bytes.count` when it does not occur).
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard !needle.isEmpty, bytes.count >= needle.count else { return bytes.count }
        return (0...(bytes.count - needle.count)).first { start in bytes[start..<(start + needle.count)].elementsEqual(needle) }
            ?? bytes.count
    }

    /// Prints the answer in the chosen format. Each answer is put together in the password's
    /// memory and written whole (``SecureAnswer``); with `--password-fd` the password goes
    /// first, so a failure there leaves standard output empty. An answer that does not get out
    /// whole is reported as incomplete, with status 1.
    private static func print(username: String, password: SecurePassword?, options: LoginOptions) -> ExitStatus {
        if case .separated(let separator) = options.output,
            let problem = ambiguity(username: username, password: password, separator: options.passwordFD == nil ? separator : nil)
        {
            Output.say("\(name): refused to print an ambiguous answer: \(problem)")
            return .cancelled
        }
        for (fd, answer) in answers(username: username, password: password, options: options) {
            guard PromptProcess.write(answer, to: fd, for: name) else { return .failed }
        }
        return .answered
    }

    /// What goes where: `name<between>password<after>` on standard output; with a password
    /// descriptor, `password<after>` there, then `name<after>` on standard output.
    private static func answers(username: String, password: SecurePassword?, options: LoginOptions) -> [(Int32, SecureAnswer)] {
        let onStandardOutput = SecureAnswer()
        let separate = options.passwordFD.map { fd in (fd, SecureAnswer()) }
        let passwordAnswer = separate?.1 ?? onStandardOutput
        switch options.output {
        case .separated, .null:
            let (between, after) = if case .separated(let separator) = options.output { (separator, "\n") } else { ("\0", "\0") }
            if separate == nil { onStandardOutput.append(username + between) }
            passwordAnswer.append(password)
            passwordAnswer.append(after)
            if separate != nil { onStandardOutput.append(username + after) }
        case .json:
            let username = JSONString.quoted(username)
            if separate == nil {
                onStandardOutput.append("{\"username\":\(username),\"password\":\"")
                onStandardOutput.append(password, as: .json)
                onStandardOutput.append("\"}\n")
            } else {
                passwordAnswer.append("\"")
                passwordAnswer.append(password, as: .json)
                passwordAnswer.append("\"\n")
                onStandardOutput.append("{\"username\":\(username)}\n")
            }
        }
        return (separate.map { [$0] } ?? []) + [(STDOUT_FILENO, onStandardOutput)]
    }
}
