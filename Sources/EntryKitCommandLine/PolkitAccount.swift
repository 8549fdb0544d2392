import Glibc

/// A user polkit offers to authenticate as, named as people know them: the real name from the
/// user database and the user name (`Ada Lovelace (ada)`), never polkit's `unix-user:1000`.
///
/// ```swift
/// let accounts = [0, 1000].compactMap { PolkitAccount(uid: $0) }
/// let first = PolkitAccount.preselected(accounts, runningAs: getuid())   // the user's own, else 0
/// ```
public struct PolkitAccount: Equatable, Sendable {
    public var uid: uid_t
    public var userName: String
    /// The GECOS field's first part; nil when it is empty or only the user name again.
    public var realName: String?

    public init(uid: uid_t, userName: String, realName: String?) {
        self.uid = uid
        self.userName = userName
        self.realName = realName
    }

    /// The user `uid` in the user database; a user id with no entry (a deleted user) is named by
    /// its number, which the helper then refuses as PAM would.
    public init(uid: uid_t) {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
            self.init(uid: uid, userName: String(uid), realName: nil)
            return
        }
        let userName = String(cString: name)
        self.init(
            uid: uid, userName: userName, realName: entry.pw_gecos.flatMap { Self.realName(gecos: String(cString: $0), userName: userName) }
        )
    }

    /// What a dialog shows: `Real Name (user)`, or the user name alone.
    public var displayName: String { realName.map { "\($0) (\(userName))" } ?? userName }

    /// The real name in a GECOS field (`Ada Lovelace,Room 1,,`): its first comma-separated part,
    /// with `&` standing for the capitalized user name as finger(1) reads it.
    public static func realName(gecos: String, userName: String) -> String? {
        let first = gecos.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let name = first.replacingAmpersand(with: userName.prefix(1).uppercased() + userName.dropFirst())
            .trimmingSpaces()
        return name.isEmpty || name == userName ? nil : name
    }

    /// The account a dialog starts at: the one of the person running the agent when polkit
    /// offers it, else the first.
    public static func preselected(_ accounts: [PolkitAccount], runningAs uid: uid_t) -> Int {
        accounts.firstIndex { $0.uid == uid } ?? 0
    }
}

/// How a PAM question labels the password field. The helper runs PAM in the C locale, so its
/// password prompt is always English: it becomes the panel's own word, in the panel's language
/// (nil). Any other prompt (a one-time code) is shown as PAM words it, an underscore in it kept
/// as one rather than read as a mnemonic.
public enum PolkitPrompt {
    public static func label(for prompt: String) -> String? {
        let trimmed = prompt.trimmingSpaces()
        if trimmed == "Password:" || trimmed == "Password" { return nil }
        return trimmed.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__")
    }
}

extension String {
    fileprivate func replacingAmpersand(with replacement: String) -> String {
        split(separator: "&", omittingEmptySubsequences: false).joined(separator: replacement)
    }

    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
