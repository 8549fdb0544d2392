import CGtk
import EntryKit
import EntryKitCommandLine
import Glibc

/// `entrykit askpass`'s use of the desktop's keyring for ssh key passphrases, kept as
/// gnome-keyring's ssh agent keeps them (``KeyringItem/sshKeyPassphrase(keyPath:label:)``, so
/// seahorse lists them and that agent unlocks the key with them): a passphrase the keyring holds
/// is answered with no dialog; otherwise the panel offers "Remember in keyring", off.
///
/// A remembered passphrase that ssh refuses is not answered again: ssh-add's next prompt says so
/// ("Bad passphrase, try again for …"), and ssh, which only asks again, is the same process
/// asking for the same key after the keyring answered it. Either removes the remembered one and
/// asks the person.
@MainActor
enum AskpassKeyring {
    /// How the prompt goes on after the keyring was asked.
    enum Start {
        /// Answered from the keyring (or the answer could not be written): exit with this.
        case answered(ExitStatus)
        /// Ask the person; offering to remember the passphrase as `item` when there is one.
        case ask(remembering: KeyringItem?)
    }

    /// The store a ticked box started, until it has finished.
    private static var keeping: Keyring.PendingStore?

    /// Before the panel, for a prompt that asks for an ssh key's passphrase.
    static func start(_ prompt: SSHKeyPrompt) -> Start {
        guard let path = existingKeyPath(prompt.keyPath) else { return .ask(remembering: nil) }
        let item = KeyringItem.sshKeyPassphrase(keyPath: path, label: label(forKeyAt: path))
        let answers = AnswersFromKeyring()
        if prompt.isRetry || answers.contains(path) {
            answers.forget(path)
            if let problem = Keyring.remove(item).problem {
                Output.say("askpass: \(problem); the passphrase is asked for and not remembered")
                return .ask(remembering: nil)
            }
            return .ask(remembering: item)
        }
        switch Keyring.lookUp(item) {
        case .found(let secret, _):
            let answer = SecureAnswer()
            secret.withUnsafeBytes { answer.append(bytes: $0) }
            answer.append("\n")
            guard PromptProcess.write(answer, for: "askpass") else { return .answered(.failed) }
            answers.remember(path)
            return .answered(.answered)
        case .missing(.notFound): return .ask(remembering: item)
        case .missing(.locked): return .ask(remembering: nil)
        case .missing(let outcome):
            Output.say("askpass: \(outcome.problem ?? "no keyring"); the passphrase is asked for and not remembered")
            return .ask(remembering: nil)
        }
    }

    static func checkBox() -> AccountCheckBox {
        AccountCheckBox(label: LocalizedText.localization.string(AskpassKeyMnemonics.rememberInKeyring.rawValue))
    }

    /// From the panel's completion: remembers `password` as `item` when `checkBox` is ticked.
    /// The bytes are copied before this returns; ``finishKeeping()`` waits for the keyring.
    static func startKeeping(_ password: SecurePassword?, as item: KeyringItem?, checkBox: AccountCheckBox?) {
        guard checkBox?.isChecked == true, let item else { return }
        keeping = password.withUnsafeBytesOrEmpty { Keyring.PendingStore(item, secret: $0) }
    }

    /// Waits for the keyring to have remembered the passphrase, before ssh gets it: a refusal
    /// then finds it there to remove. Says on standard error if it could not be remembered.
    static func finishKeeping() {
        keeping?.finish(as: "askpass", "the passphrase was not remembered")
        keeping = nil
    }

    /// The key file's absolute path as gnome-keyring names it (ssh-add may name it relative to the
    /// folder it runs in, which is this one's too), if it is a file: a path ssh cut short
    /// (`%.100s`) names none, and nothing is looked up for it.
    private static func existingKeyPath(_ path: String) -> String? {
        var absolute = path
        if !path.hasPrefix("/"), let folder = getcwd(nil, 0) {
            absolute = String(cString: folder) + "/" + path
            free(folder)
        }
        var status = stat()
        guard stat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return absolute
    }

    /// "Unlock password for: <the key's comment>", as gnome-keyring labels the item; the comment
    /// is read from the public key beside the private one, the path standing in without one.
    private static func label(forKeyAt path: String) -> String {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var comment: String?
        if g_file_get_contents(path + ".pub", &contents, &length, nil) != 0, let contents {
            comment = SSHKeyPrompt.comment(ofPublicKey: String(cString: contents))
            g_free(contents)
        }
        return LocalizedText.localization.format("Unlock password for: %@", comment ?? path)
    }
}

/// The keys whose passphrases the keyring answered for the ssh process that runs this askpass,
/// in a file of the user's runtime folder named after that process (its id and start time, so a
/// later process with the same id is another): ssh asks for a key again only when it refused the
/// passphrase. Files of processes that have ended are removed as they are come across.
@MainActor
private struct AnswersFromKeyring {
    private let file: String?

    init() {
        guard let folder = Self.folder(), let parent = Self.processName(getppid()) else {
            file = nil
            return
        }
        file = folder + "/askpass-" + parent
        Self.removeFilesOfEndedProcesses(in: folder)
    }

    func contains(_ path: String) -> Bool { paths.contains(path) }

    func remember(_ path: String) { write(paths + [path]) }

    func forget(_ path: String) { write(paths.filter { $0 != path }) }

    private var paths: [String] {
        guard let file else { return [] }
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(file, &contents, &length, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        return String(cString: contents).split(separator: "\n").map(String.init)
    }

    private func write(_ paths: [String]) {
        guard let file else { return }
        if paths.isEmpty {
            unlink(file)
        } else {
            _ = g_file_set_contents(file, paths.joined(separator: "\n") + "\n", -1, nil)
        }
    }

    /// `entrykit` in the user's runtime folder (`$XDG_RUNTIME_DIR`; without one, GLib's stand-in,
    /// the cache folder), the user's alone.
    private static func folder() -> String? {
        let folder = String(cString: g_get_user_runtime_dir()) + "/entrykit"
        guard folder.hasPrefix("/"), g_mkdir_with_parents(folder, 0o700) == 0 else { return nil }
        return folder
    }

    /// `<id>-<start time>` of a process (the start time from `/proc/<id>/stat`, in clock ticks
    /// since boot), nil when it is gone.
    private static func processName(_ id: pid_t) -> String? {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents("/proc/\(id)/stat", &contents, &length, nil) != 0, let contents else { return nil }
        defer { g_free(contents) }
        // The command's name, in parentheses, may hold spaces: the fields start after its end.
        let stat = String(cString: contents)
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 of proc(5), the start time, is the 20th after the name.
        guard fields.count > 19 else { return nil }
        return "\(id)-\(fields[19])"
    }

    private static func removeFilesOfEndedProcesses(in folder: String) {
        guard let directory = g_dir_open(folder, 0, nil) else { return }
        defer { g_dir_close(directory) }
        while let entry = g_dir_read_name(directory) {
            let name = String(cString: entry)
            guard name.hasPrefix("askpass-"), let id = name.dropFirst("askpass-".count).split(separator: "-").first.flatMap({ pid_t($0) })
            else { continue }
            if processName(id) != String(name.dropFirst("askpass-".count)) { unlink(folder + "/" + name) }
        }
    }
}
