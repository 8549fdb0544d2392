/// What an askpass program is asked, read from its one argument and `SSH_ASKPASS_PROMPT`:
/// ssh, sudo and git run `$…_ASKPASS PROMPT` and read one line from its standard output.
public enum AskpassPrompt: Equatable, Sendable {
    /// A secret: a hidden field.
    case password(message: String)
    /// git's `Username for 'https://host': `: a visible field.
    case username(message: String)
    /// `SSH_ASKPASS_PROMPT=confirm` (`ssh-add -c`): yes or no, answered by the exit status.
    case confirmation(message: String)
    /// `SSH_ASKPASS_PROMPT=none`: a notice (a security key to touch); nothing to answer.
    case notice(message: String)

    /// The prompt for `arguments` (joined by spaces, as a shell would show them) and the value
    /// of `SSH_ASKPASS_PROMPT`.
    public init(arguments: [String], sshPromptKind: String?) {
        let text = arguments.joined(separator: " ")
        // The trailing ": " is for a terminal's cursor; a dialog's message reads better without.
        var message = Substring(text)
        while let last = message.last, last == " " || last == "\n" { message = message.dropLast() }
        let shown = String(message)
        switch sshPromptKind {
        case "confirm": self = .confirmation(message: shown)
        case "none": self = .notice(message: shown)
        default:
            // git asks "Username for 'https://example.org': ", then "Password for '…': ".
            let asksForName = shown.lowercased().hasPrefix("username")
            self = asksForName ? .username(message: shown) : .password(message: shown)
        }
    }
}
