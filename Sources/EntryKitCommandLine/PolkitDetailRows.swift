/// What an authentication's details show on demand: what asks and for whom. polkitd does not pass
/// on what the program that asked told it (pkexec's program and arguments among them); it names
/// that program, the caller, and the process the authorization is for, the subject, by their
/// process ids (`polkit.caller-pid`, `polkit.subject-pid`). So the details are their command
/// lines: pkexec's holds the program it runs and its arguments, systemctl's (the subject of
/// systemd's check) the unit it acts on. Any other detail a polkitd passes is shown under its
/// key; polkit's own keys say nothing more to a person and are left out.
///
/// ```swift
/// PolkitDetailRows.rows(["polkit.caller-pid": "42", "polkit.subject-pid": "41"]) { pid in commandLines[pid] }
/// // [(.word("Program"), "pkexec /usr/bin/id -u"), (.word("On behalf of"), "sh")]
/// ```
public enum PolkitDetailRows {
    /// A row's name: a key of EntryKit's tables, or the detail's own key.
    public enum Name: Equatable, Sendable {
        case word(String)
        case key(String)
    }

    /// The rows to show: the caller's command line, the subject's when it is another process,
    /// then the other details by key. `commandLine` reads a process's (nil once it has gone).
    public static func rows(_ details: [String: String], commandLine: (Int32) -> String?) -> [(name: Name, value: String)] {
        var rows: [(name: Name, value: String)] = []
        let caller = details["polkit.caller-pid"].flatMap { Int32($0) }
        let subject = details["polkit.subject-pid"].flatMap { Int32($0) }
        if let caller, let line = commandLine(caller) { rows.append((.word("Program"), line)) }
        if let subject, subject != caller, let line = commandLine(subject) { rows.append((.word("On behalf of"), line)) }
        let others = details.keys.filter { !$0.hasPrefix("polkit.") }.sorted()
        return rows + others.map { (.key($0), details[$0]!) }
    }

    /// Process `pid`'s command line (see ``commandLine(fromProc:)``), nil once it has gone.
    public static func commandLine(ofProcess pid: Int32, procRoot: String = "/proc") -> String? {
        ProcessReference.readBytes("\(procRoot)/\(pid)/cmdline", limit: 65_536).flatMap(commandLine(fromProc:))
    }

    /// A command line as `/proc/PID/cmdline` holds it (each word ended by NUL) written as a shell
    /// would take it: words joined by spaces, a word with a space, a quote or another character
    /// the shell reads specially in single quotes, so that no word can pass for two. Control and
    /// format characters (a line break, a right-to-left override that would show the words in
    /// another order) are written as `\u{…}`: a process chooses its own command line.
    public static func commandLine(fromProc bytes: [UInt8]) -> String? {
        var words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if words.last == "" { words.removeLast() }
        guard !words.isEmpty else { return nil }
        return words.map(quoted).joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_./=:,+@%".unicodeScalars.contains(scalar)
            }
        if plain { return word }
        var text = "'"
        for scalar in word.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                text += scalar == "'" ? "'\\''" : String(scalar)
            }
        }
        return text + "'"
    }
}
