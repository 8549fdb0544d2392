/// A secret in the desktop's keyring (the Secret Service), named as the program EntryKit stands
/// in for names it: what one keeps the other finds, so switching to EntryKit loses nothing and
/// switching back loses nothing. The schema is the attribute `xdg:schema`, as libsecret stores it.
///
/// ```swift
/// let item = KeyringItem.gnupgPassphrase(keyInfo: "n/8F1C…")
/// item.searches   // [["xdg:schema": "org.gnupg.Passphrase", "keygrip": "n/8F1C…"]]
/// item.stored     // the same, and "stored-by": "GnuPG Pinentry"
/// item.label      // "GnuPG: n/8F1C…"
/// ```
public struct KeyringItem: Equatable, Sendable {
    /// The attributes that find the item, tried in order (a program's old schema and its new
    /// one); a removal removes what each finds.
    public var searches: [[String: String]]
    /// The attributes it is stored with.
    public var stored: [String: String]
    /// What a keyring manager (seahorse) shows for it.
    public var label: String

    public static let schemaAttribute = "xdg:schema"

    /// pinentry's own password cache (`pinentry/password-cache.c`, pinentry-gnome3, -gtk2, -qt):
    /// schema `org.gnupg.Passphrase`, gpg-agent's `SETKEYINFO` (`n/<keygrip>`) as `keygrip`,
    /// `stored-by` "GnuPG Pinentry", labelled `GnuPG: n/<keygrip>`.
    public static func gnupgPassphrase(keyInfo: String) -> KeyringItem {
        let search = [schemaAttribute: "org.gnupg.Passphrase", "keygrip": keyInfo]
        return KeyringItem(searches: [search], stored: search.merging(["stored-by": "GnuPG Pinentry"]) { $1 }, label: "GnuPG: " + keyInfo)
    }

    /// A key passphrase as gnome-keyring's ssh agent keeps it (`daemon/ssh-agent`,
    /// `daemon/login`), so seahorse lists it and the agent unlocks the key with it: `unique` =
    /// `ssh-store:<the private key's path>`, schema `org.freedesktop.Secret.Generic`; `label`
    /// names the key (gnome-keyring: "Unlock password for: <the key's comment>").
    public static func sshKeyPassphrase(keyPath: String, label: String) -> KeyringItem {
        let unique = ["unique": "ssh-store:" + keyPath]
        return KeyringItem(
            searches: [unique], stored: unique.merging([schemaAttribute: "org.freedesktop.Secret.Generic"]) { $1 }, label: label)
    }

    /// git's libsecret credential helper (`contrib/credential/libsecret`): `user`, `protocol`,
    /// `server` and `port` (from `host`), `object` (`path`), those git gave; labelled
    /// `Git: https://example.org/`. Stored under `org.gnome.keyring.NetworkPassword`, the schema
    /// of git up to 2.40 (Debian 12's), which git 2.41 and later find too: they search without a
    /// schema. Found under either that or git 2.41's `org.git.Password`. Nil without a protocol,
    /// or with neither a host nor a path, which git's helper refuses as well.
    public static func gitCredential(_ credential: GitCredential) -> KeyringItem? {
        guard let scheme = credential["protocol"], credential["host"] != nil || credential["path"] != nil else { return nil }
        let server = credential.server
        let port = server.map { $0.port != 0 ? ":\($0.port)" : "" } ?? ""
        return gitItem(credential, label: "Git: \(scheme)://\(server?.name ?? "")\(port)/\(credential["path"] ?? "")")
    }

    /// What git's `erase` names: the items of ``gitCredential(_:)``'s attributes that git gave,
    /// or nil when it gave none of them (which would match every credential, as git's helper
    /// guards against).
    public static func gitCredentialPattern(_ credential: GitCredential) -> KeyringItem? {
        guard ["protocol", "host", "path", "username"].contains(where: { credential[$0] != nil }) else { return nil }
        return gitItem(credential, label: "")
    }

    private static func gitItem(_ credential: GitCredential, label: String) -> KeyringItem {
        var attributes: [String: String] = [:]
        attributes["protocol"] = credential["protocol"]
        attributes["user"] = credential["username"]
        if let server = credential.server {
            attributes["server"] = server.name
            if server.port != 0 { attributes["port"] = String(server.port) }
        }
        attributes["object"] = credential["path"]
        let schemas = ["org.gnome.keyring.NetworkPassword", "org.git.Password"]
        return KeyringItem(
            searches: schemas.map { attributes.merging([schemaAttribute: $0]) { $1 } },
            stored: attributes.merging([schemaAttribute: schemas[0]]) { $1 }, label: label)
    }

    /// Attributes as the C side takes them: name, value, name, value, … (sorted, so the same
    /// item always reads the same).
    public static func flattened(_ attributes: [String: String]) -> [String] {
        attributes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    }
}
