import Testing

@testable import EntryKitCommandLine

/// The keyring items the prompts read and write, attribute by attribute as the programs they
/// stand in for read and write them (pinentry's password-cache.c, gnome-keyring's ssh agent,
/// git's libsecret helper); and the prompts they are read from.
@Suite struct KeyringItemTests {
    @Test func aGnuPGPassphraseIsPinentrysOwnItem() {
        let item = KeyringItem.gnupgPassphrase(keyInfo: "n/0123456789ABCDEF")
        #expect(item.searches == [["xdg:schema": "org.gnupg.Passphrase", "keygrip": "n/0123456789ABCDEF"]])
        #expect(
            item.stored == [
                "xdg:schema": "org.gnupg.Passphrase", "keygrip": "n/0123456789ABCDEF", "stored-by": "GnuPG Pinentry",
            ])
        #expect(item.label == "GnuPG: n/0123456789ABCDEF")
    }

    @Test func anSSHKeyPassphraseIsGnomeKeyringsItem() {
        let item = KeyringItem.sshKeyPassphrase(keyPath: "/home/ada/.ssh/id_ed25519", label: "Unlock password for: ada@host")
        #expect(item.searches == [["unique": "ssh-store:/home/ada/.ssh/id_ed25519"]])
        #expect(item.stored == ["unique": "ssh-store:/home/ada/.ssh/id_ed25519", "xdg:schema": "org.freedesktop.Secret.Generic"])
        #expect(item.label == "Unlock password for: ada@host")
    }

    @Test func aGitCredentialIsFoundUnderEitherSchemaAndStoredUnderTheOldOne() throws {
        let credential = GitCredential(
            parsing: "protocol=https\nhost=git.example.com:8443\npath=team/repo.git\nusername=bob\npassword=x\n\n")
        let item = try #require(KeyringItem.gitCredential(credential))
        let attributes = ["protocol": "https", "server": "git.example.com", "port": "8443", "object": "team/repo.git", "user": "bob"]
        #expect(
            item.searches == [
                attributes.merging(["xdg:schema": "org.gnome.keyring.NetworkPassword"]) { $1 },
                attributes.merging(["xdg:schema": "org.git.Password"]) { $1 },
            ])
        #expect(item.stored == attributes.merging(["xdg:schema": "org.gnome.keyring.NetworkPassword"]) { $1 })
        #expect(item.label == "Git: https://git.example.com:8443/team/repo.git")

        // What git asks before it knows a name: no user, so any name's credential answers.
        let first = try #require(KeyringItem.gitCredential(GitCredential(parsing: "protocol=https\nhost=example.org\n")))
        #expect(first.searches[0] == ["protocol": "https", "server": "example.org", "xdg:schema": "org.gnome.keyring.NetworkPassword"])
        #expect(first.label == "Git: https://example.org/")
    }

    @Test func gitsHelperRefusesWhatNamesNoServer() {
        #expect(KeyringItem.gitCredential(GitCredential(parsing: "host=example.org\n")) == nil)
        #expect(KeyringItem.gitCredential(GitCredential(parsing: "protocol=https\nusername=ada\n")) == nil)
        #expect(KeyringItem.gitCredential(GitCredential(parsing: "protocol=cert\npath=/etc/cert.pem\n")) != nil)
        // erase matches what git gave, but never everything.
        #expect(KeyringItem.gitCredentialPattern(GitCredential(parsing: "")) == nil)
        #expect(KeyringItem.gitCredentialPattern(GitCredential(parsing: "wwwauth[]=Basic\n")) == nil)
        let pattern = KeyringItem.gitCredentialPattern(GitCredential(parsing: "username=ada\n"))
        #expect(pattern?.searches.first == ["user": "ada", "xdg:schema": "org.gnome.keyring.NetworkPassword"])
    }

    /// `host` divided as git's helper divides it: at the last colon, the port read by atoi.
    @Test(arguments: [
        ("example.org", "example.org", 0), ("example.org:8443", "example.org", 8443), ("example.org:", "example.org", 0),
        ("example.org:x1", "example.org", 0), ("example.org: 22", "example.org", 22), ("[::1]:8080", "[::1]", 8080),
        ("host:70000", "host", 4464), ("host:-1", "host", 65535),
    ])
    func aHostIsDividedIntoServerAndPortAsGitsHelperDoes(host: String, server: String, port: Int) {
        let divided = GitCredential(parsing: "host=\(host)\n").server
        #expect(divided?.name == server)
        #expect(divided.map { Int($0.port) } == port)
    }

    @Test func attributesGoToCSortedInPairs() {
        #expect(KeyringItem.flattened(["b": "2", "a": "1"]) == ["a", "1", "b", "2"])
    }
}

@Suite struct KeyringPromptParsingTests {
    @Test(arguments: [
        ("Enter passphrase for key '/home/ada/.ssh/id_ed25519':", "/home/ada/.ssh/id_ed25519", false),
        ("Enter passphrase for /home/ada/.ssh/id_rsa:", "/home/ada/.ssh/id_rsa", false),
        ("Enter passphrase for id_rsa (will confirm each use):", "id_rsa", false),
        ("Bad passphrase, try again for /home/ada/.ssh/id_rsa:", "/home/ada/.ssh/id_rsa", true),
        ("Bad passphrase, try again for key with spaces (will confirm each use):", "key with spaces", true),
    ])
    func sshsKeyPromptsNameTheKey(message: String, path: String, retry: Bool) {
        #expect(SSHKeyPrompt(message: message) == SSHKeyPrompt(keyPath: path, isRetry: retry))
    }

    @Test(arguments: [
        "[sudo] password for ada:", "Enter passphrase:", "Enter passphrase for :", "Password for 'https://example.org':",
        "Enter passphrase for key '/x'", "Enter PIN for ED25519-SK key /home/ada/.ssh/id_ed25519_sk:",
    ])
    func otherQuestionsAreNoKeyPrompt(message: String) {
        #expect(SSHKeyPrompt(message: message) == nil)
    }

    @Test func aPublicKeysCommentIsWhatFollowsTheKey() {
        #expect(SSHKeyPrompt.comment(ofPublicKey: "ssh-ed25519 AAAAC3Nza ada@host\n") == "ada@host")
        #expect(SSHKeyPrompt.comment(ofPublicKey: "ssh-rsa AAAAB3 my  work key \r\nsecond line") == "my  work key")
        #expect(SSHKeyPrompt.comment(ofPublicKey: "ssh-ed25519 AAAAC3Nza\n") == nil)
        #expect(SSHKeyPrompt.comment(ofPublicKey: "") == nil)
    }

    /// git's request read from bytes: the secrets are where they lie, never copied into a value.
    @Test func aGitRequestsSecretsAreKeptAsRangesOfItsBytes() {
        let text = "protocol=https\r\npassword=p=w d\noauth_refresh_token=tok\nusername=ada\npassword=last\n\nhost=ignored\n"
        let bytes = Array(text.utf8)
        let credential = bytes.withUnsafeBytes { GitCredential(parsing: $0) }
        #expect(credential["password"] == nil)
        #expect(credential["username"] == "ada")
        #expect(credential["host"] == nil)
        #expect(credential.attributes.map(\.key) == ["protocol", "username"])
        let password = try? #require(credential.secretRanges["password"])
        #expect(password.map { String(decoding: bytes[$0], as: UTF8.self) } == "last")
        #expect(credential.secretRanges["oauth_refresh_token"].map { String(decoding: bytes[$0], as: UTF8.self) } == "tok")
        #expect(GitCredential(parsing: text) == credential)
    }
}
