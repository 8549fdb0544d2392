extension StringsDocument {
    /// What `lint` reports about EntryKit's own table (`EntryKit.strings`): two labels of one
    /// window (``MnemonicWindows``) with the same mnemonic. A key the table lacks shows what the
    /// app would show in its place, `fallback(key)` (the desktop's word), else the English key.
    public func mnemonicDiagnostics(fallback: (String) -> String? = { _ in nil }) -> [StringsDiagnostic] {
        let positions = Dictionary(entries.map { ($0.key, $0.position) }, uniquingKeysWith: { _, last in last })
        var found: [StringsDiagnostic] = []
        for (window, keys) in MnemonicWindows.all {
            var firstLabel: [Character: (key: String, label: String)] = [:]
            for key in keys {
                let label = table[key] ?? fallback(key) ?? key
                guard let letter = MnemonicWindows.mnemonic(of: label) else { continue }
                guard let first = firstLabel[letter] else {
                    firstLabel[letter] = (key, label)
                    continue
                }
                // Only this table's own labels are its problem.
                guard let position = positions[key] ?? positions[first.key] else { continue }
                found.append(
                    StringsDiagnostic(
                        position: position, isError: false,
                        message: "\(JSONString.quoted(key)) = \(JSONString.quoted(label)) uses Alt+\(String(letter).uppercased()) as "
                            + "\(JSONString.quoted(first.key)) = \(JSONString.quoted(first.label)) does in \(window); "
                            + "pressing it only moves the focus between them: give one another letter"))
            }
        }
        return found
    }
}
