import Testing

@testable import EntryKitCommandLine

/// What `entrykit askpass` and `entrykit credential` read from their clients, without a window.
@Suite struct PromptParsingTests {
    @Test func askpassTellsAUsernameQuestionFromASecret() {
        #expect(
            AskpassPrompt(arguments: ["Username for 'https://example.org': "], sshPromptKind: nil)
                == .username(message: "Username for 'https://example.org':"))
        #expect(
            AskpassPrompt(arguments: ["Password for 'https://ada@example.org': "], sshPromptKind: nil)
                == .password(message: "Password for 'https://ada@example.org':"))
        #expect(
            AskpassPrompt(arguments: ["Enter passphrase for /root/.ssh/id_ed25519: "], sshPromptKind: "")
                == .password(message: "Enter passphrase for /root/.ssh/id_ed25519:"))
        #expect(
            AskpassPrompt(arguments: ["[sudo] password for ada: "], sshPromptKind: nil) == .password(message: "[sudo] password for ada:"))
        // An askpass run with several words shows them as a shell would.
        #expect(AskpassPrompt(arguments: ["Enter", "PIN:"], sshPromptKind: nil) == .password(message: "Enter PIN:"))
        #expect(AskpassPrompt(arguments: [], sshPromptKind: nil) == .password(message: ""))
    }

    @Test func sshsPromptKindMakesAQuestionOrANotice() {
        let text = "Allow use of key /k?\nKey fingerprint SHA256:x.\n"
        #expect(
            AskpassPrompt(arguments: [text], sshPromptKind: "confirm")
                == .confirmation(message: "Allow use of key /k?\nKey fingerprint SHA256:x."))
        #expect(AskpassPrompt(arguments: ["Touch your key"], sshPromptKind: "none") == .notice(message: "Touch your key"))
    }

    @Test func gitCredentialReadsUpToTheBlankLine() {
        let credential = GitCredential(
            parsing:
                "protocol=https\nhost=example.org:8443\npath=team/repo.git\nusername=ada\nnot a pair\nwwwauth[]=Basic realm=\"x\"\n\nhost=ignored\n"
        )
        #expect(credential["protocol"] == "https")
        #expect(credential["host"] == "example.org:8443")
        #expect(credential["username"] == "ada")
        #expect(credential["wwwauth[]"] == "Basic realm=\"x\"")
        #expect(credential["password"] == nil)
        #expect(credential.attributes.count == 5)
        #expect(credential.location == "https://example.org:8443/team/repo.git")
    }

    @Test func gitCredentialTakesTheLastValueAndCRLF() {
        let credential = GitCredential(parsing: "host=a\r\nhost=b\r\nprotocol=ssh\r\n")
        #expect(credential["host"] == "b")
        #expect(credential.location == "ssh://b")
        #expect(GitCredential(parsing: "").attributes.isEmpty)
    }

    @Test func aLoneHelpWordAsksForTheHelpAnythingElseIsAPrompt() {
        #expect(PromptHelp.isRequested(by: ["--help"]))
        #expect(PromptHelp.isRequested(by: ["-h"]))
        #expect(!PromptHelp.isRequested(by: ["Password for --help:"]))
        #expect(!PromptHelp.isRequested(by: ["--help", "x"]))
        #expect(PromptHelp.askpass.contains("Exit status:"))
        #expect(PromptHelp.pinentry.contains("pinentry-program"))
        #expect(PromptHelp.credential.contains("credential.helper entrykit"))
    }
}
