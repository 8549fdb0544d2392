/// The `--help` of the password-prompt commands. Their clients call them with no options (a
/// pinentry with none, an askpass with the prompt alone), so a lone `--help` or `-h` is the
/// only word read as one.
public enum PromptHelp {
    /// Whether `arguments` ask for the help rather than a prompt.
    public static func isRequested(by arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"]
    }

    public static let pinentry = """
        Usage: entrykit pinentry   (also installed as pinentry-entrykit)

        gpg-agent's passphrase prompt: speaks the Assuan pinentry protocol on standard input
        and output and shows EntryKit's account panel for GETPIN, a question for CONFIRM and
        MESSAGE. Use it with this line in ~/.gnupg/gpg-agent.conf, then gpgconf --kill gpg-agent:

          pinentry-program /usr/bin/pinentry-entrykit

        """

    public static let askpass = """
        Usage: entrykit askpass PROMPT   (also installed as libexec/entrykit/entrykit-askpass)

        The program ssh, ssh-add, ssh-agent, sudo -A and git run to ask for a secret: shows PROMPT
        with a hidden field (a visible one for git's "Username for ..."), and prints the answer and
        a line feed. SSH_ASKPASS_PROMPT=confirm asks yes or no (the exit status answers), none
        shows a notice. On X11 the panel holds the keyboard while it is up; ENTRYKIT_NO_GRAB=1
        turns that off.

          export SSH_ASKPASS=/usr/libexec/entrykit/entrykit-askpass SSH_ASKPASS_REQUIRE=prefer
          export SUDO_ASKPASS=$SSH_ASKPASS GIT_ASKPASS=$SSH_ASKPASS

        \(ExitStatus.help)

        """

    public static let credential = """
        Usage: entrykit credential get|store|erase   (also installed as git-credential-entrykit)

        git's credential helper: 'get' reads git's key=value lines and answers username= and
        password= from one account panel; 'store' and 'erase' do nothing (EntryKit keeps no
        secrets). A cancelled panel prints nothing, so git asks its next helper.

          git config --global credential.helper entrykit

        """
}
