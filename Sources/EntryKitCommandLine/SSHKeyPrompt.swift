/// ssh's question for a private key's passphrase, read from an askpass prompt: which key file,
/// and whether ssh says the passphrase given last was wrong.
///
/// ```swift
/// SSHKeyPrompt(message: "Enter passphrase for key '/home/ada/.ssh/id_ed25519':")
/// // keyPath "/home/ada/.ssh/id_ed25519", isRetry false
/// SSHKeyPrompt(message: "Bad passphrase, try again for id_rsa:")   // ssh-add: keyPath "id_rsa", isRetry true
/// ```
public struct SSHKeyPrompt: Equatable, Sendable {
    /// The key file as ssh names it (ssh-add: as given on its command line, maybe relative).
    public var keyPath: String
    /// ssh-add's "Bad passphrase, try again for …": the passphrase just given was refused.
    public var isRetry: Bool

    public init(keyPath: String, isRetry: Bool) {
        self.keyPath = keyPath
        self.isRetry = isRetry
    }

    /// The prompt in `message` (an askpass message, its trailing space gone), or nil for any
    /// other question. ssh asks "Enter passphrase for key '<path>': " (sshconnect2.c); ssh-add
    /// "Enter passphrase for <path>: ", then "Bad passphrase, try again for <path>: " after a
    /// wrong one, each with " (will confirm each use)" before the colon for `ssh-add -c`.
    public init?(message: String) {
        guard var text = message.hasSuffix(":") ? Substring(message.dropLast()) : nil else { return nil }
        if text.hasSuffix(" (will confirm each use)") { text = text.dropLast(" (will confirm each use)".count) }
        let quoted = "Enter passphrase for key '"
        if text.hasPrefix(quoted), text.hasSuffix("'"), text.count > quoted.count + 1 {
            self.init(keyPath: String(text.dropFirst(quoted.count).dropLast()), isRetry: false)
            return
        }
        for (prefix, isRetry) in [("Enter passphrase for ", false), ("Bad passphrase, try again for ", true)]
        where text.hasPrefix(prefix) && text.count > prefix.count {
            self.init(keyPath: String(text.dropFirst(prefix.count)), isRetry: isRetry)
            return
        }
        return nil
    }
}

extension SSHKeyPrompt {
    /// The comment of an OpenSSH public key file's first line (`ssh-ed25519 AAAA… ada@host`):
    /// what follows the key, nil when nothing does.
    public static func comment(ofPublicKey text: String) -> String? {
        let line = text.prefix { !$0.isNewline }
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard fields.count == 3 else { return nil }
        var comment = fields[2].drop { $0 == " " || $0 == "\t" }
        while comment.last == " " || comment.last == "\t" { comment = comment.dropLast() }
        return comment.isEmpty ? nil : String(comment)
    }
}
