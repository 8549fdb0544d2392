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
        MESSAGE. When gpg-agent allows it (OPTION allow-external-password-cache, SETKEYINFO),
        GETPIN answers from the desktop's keyring, as pinentry's own password cache does, or
        offers "Save in password manager"; CLEARPASSPHRASE removes what it keeps. Use it with
        this line in ~/.gnupg/gpg-agent.conf, then gpgconf --kill gpg-agent:

          pinentry-program /usr/bin/pinentry-entrykit

        Options:
          --display DISPLAY  the X display to use when the environment names none (gpg-agent
                             passes its own)
          -h, --help         show this help and exit

        Exit status:
          0  the conversation ended (BYE, or the end of standard input); every answer, a
             cancel included, travels in the protocol
          1  standard output could not be written
          3  the passphrase's memory could not be kept private

        """

    public static let askpass = """
        Usage: entrykit askpass PROMPT   (also installed as libexec/entrykit/entrykit-askpass)

        The program ssh, ssh-add, ssh-agent, sudo -A and git run to ask for a secret: shows PROMPT
        with a hidden field (a visible one for git's "Username for ..."), and prints the answer and
        a line feed. SSH_ASKPASS_PROMPT=confirm asks yes or no (the exit status answers), none
        shows a notice. An ssh key's passphrase may be remembered in the desktop's keyring
        ("Remember in keyring", where gnome-keyring's ssh agent keeps them) and is then answered
        with no panel, until ssh refuses it. On X11 the panel holds the keyboard while it is up;
        ENTRYKIT_NO_GRAB=1 turns that off.

          export SSH_ASKPASS=/usr/libexec/entrykit/entrykit-askpass SSH_ASKPASS_REQUIRE=prefer
          export SUDO_ASKPASS=$SSH_ASKPASS GIT_ASKPASS=$SSH_ASKPASS

        Options:
          -h, --help  show this help and exit

        Exit status:
          0  answered (or yes): the answer is on standard output
          1  cancelled or closed (or no), or the answer could not be written whole
          3  no dialog could be shown (no display, or it refused the connection)

        """

    public static let credential = """
        Usage: entrykit credential get|store|erase   (also installed as git-credential-entrykit)

        git's credential helper, compatible with git's libsecret helper: 'get' reads git's
        key=value lines and answers username= and password= from the desktop's keyring, else
        from one account panel; 'store' keeps in the keyring the credential git has seen work,
        'erase' removes the one it has seen fail. A cancelled panel prints nothing, so git asks
        its next helper.

          git config --global credential.helper entrykit

        Options:
          -h, --help  show this help and exit

        Exit status:
          0  answered or not: git goes on to its next helper or its own prompt; stored, erased
          1  the keyring could not keep or remove the credential (the reason is on stderr)
          2  the action is not get, store or erase, or git's request could not be read or lacks
             what store or erase need

        """
}
