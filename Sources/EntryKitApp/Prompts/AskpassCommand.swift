import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit askpass PROMPT` (also installed as `entrykit-askpass`): the program ssh, sudo and
/// git run to ask for a secret. A password prompt shows the account panel with the hidden field
/// alone, git's username prompt the visible field alone; `SSH_ASKPASS_PROMPT=confirm` a yes/no
/// question. The answer and a line feed go to standard output; Cancel prints nothing, exit 1.
/// On X11 the panel grabs the keyboard, as ssh-askpass-gnome does; `ENTRYKIT_NO_GRAB=1` turns
/// that off. An ssh key's passphrase may be remembered in the desktop's keyring
/// (``AskpassKeyring``), and is then answered with no panel.
///
/// ```sh
/// export SSH_ASKPASS=/usr/libexec/entrykit/entrykit-askpass SSH_ASKPASS_REQUIRE=prefer
/// export SUDO_ASKPASS=$SSH_ASKPASS GIT_ASKPASS=$SSH_ASKPASS
/// ```
@MainActor
enum AskpassCommand {
    static func run(_ arguments: [String]) -> ExitStatus {
        if PromptHelp.isRequested(by: arguments) { return Output.print(PromptHelp.askpass, for: "askpass") }
        let prompt = AskpassPrompt(arguments: arguments, sshPromptKind: getenv("SSH_ASKPASS_PROMPT").map { String(cString: $0) })
        guard PromptProcess.protect(for: "askpass") else { return .cannotShowDialog }
        // The keyring first: a passphrase it holds needs no display.
        var remembering: KeyringItem?
        if case .password(let message) = prompt, let key = SSHKeyPrompt(message: message) {
            switch AskpassKeyring.start(key) {
            case .answered(let status): return status
            case .ask(let item): remembering = item
            }
        }
        guard startGtk(for: "askpass") else { return .cannotShowDialog }
        let strings = LocalizedText.localization
        switch prompt {
        case .confirmation(let message):
            let buttons: [ConfirmationDialog.Button] = [(strings.string("_Cancel"), .cancelled), (strings.string("_OK"), .ok)]
            return ConfirmationDialog.run(
                title: strings.string("Sign In"), message: message, buttons: buttons, holdsKeyboard: PromptProcess.grabsKeyboard) == .ok
                ? .answered : .cancelled
        case .notice(let message):
            _ = ConfirmationDialog.run(
                title: strings.string("Sign In"), message: message, buttons: [(strings.string("_OK"), .ok)],
                holdsKeyboard: PromptProcess.grabsKeyboard)
            return .answered
        case .username(let message), .password(let message):
            var request = AccountRequest(title: strings.string("Sign In"), message: message)
            request.grabsKeyboard = PromptProcess.grabsKeyboard
            request.isStandalonePrompt = true
            if case .username = prompt {
                request.fields = .username
            } else {
                request.fields = .password
            }
            request.checkBox = remembering.map { _ in AskpassKeyring.checkBox() }
            let answer = AccountPanel.runSecurely(request) { accepted, username, password -> SecureAnswer? in
                guard accepted else { return nil }
                let answer = SecureAnswer()
                if case .username = prompt {
                    answer.append(username ?? "")
                } else {
                    answer.append(password)
                    AskpassKeyring.startKeeping(password, as: remembering, checkBox: request.checkBox)
                }
                answer.append("\n")
                return answer
            }
            AskpassKeyring.finishKeeping()
            guard let answer else { return .cancelled }
            return PromptProcess.write(answer, for: "askpass") ? .answered : .failed
        }
    }
}
