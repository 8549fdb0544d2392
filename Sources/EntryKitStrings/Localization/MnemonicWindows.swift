/// EntryKit's windows whose labels carry a mnemonic (`_` before the Alt+letter), each with the
/// keys of those labels in EntryKit's table: the one list the windows label themselves from
/// (`strings.string(SignInMnemonics.password.rawValue)`) and `entrykit strings lint` checks, so a
/// translation that gives two labels of one window the same letter is found before a user presses
/// that Alt+letter and GTK, instead of activating a label's widget, only moves the focus between them.
///
/// `entrykit pick` shows `_OK` and `_Cancel` only, which the sign-in panel has too;
/// a gallery page counts as a window of its own (GTK activates mnemonics of mapped widgets only).
public enum MnemonicWindows {
    /// Every window, by the name lint gives it, with its keys.
    public static let all: [(window: String, keys: [String])] = [
        ("the sign-in panel", SignInMnemonics.allCases.map(\.rawValue)),
        ("the authentication dialog", AuthenticationMnemonics.allCases.map(\.rawValue)),
        ("the pinentry panel", PinentryMnemonics.allCases.map(\.rawValue)),
        ("the askpass panel for an ssh key", AskpassKeyMnemonics.allCases.map(\.rawValue)),
        ("the About window", AboutMnemonics.allCases.map(\.rawValue)),
        ("the gallery's drop-down field page", DropDownPageMnemonics.allCases.map(\.rawValue)),
        ("the gallery's picker field page", PickerPageMnemonics.allCases.map(\.rawValue)),
    ]

    /// The letter GTK makes the mnemonic of `label`, lowercased as GTK compares them: the
    /// character after the first single `_` (`__` is a literal underscore); nil when there is none.
    public static func mnemonic(of label: String) -> Character? {
        var characters = label.makeIterator()
        while let character = characters.next() {
            guard character == "_" else { continue }
            guard let next = characters.next() else { return nil }
            if next != "_" { return Character(next.lowercased()) }
        }
        return nil
    }
}

/// The account panel (`entrykit login`, the gallery's sign-in dialog).
public enum SignInMnemonics: String, CaseIterable, Sendable {
    case username = "_Username"
    case password = "_Password"
    case ok = "_OK"
    case cancel = "_Cancel"
}

/// The polkit agent's dialog: the account panel with a user to pick, Authenticate for OK, and
/// the details of the program that asks.
public enum AuthenticationMnemonics: String, CaseIterable, Sendable {
    case user = "_User"
    case password = "_Password"
    case authenticate = "_Authenticate"
    case cancel = "_Cancel"
    case details = "_Details"
}

/// `entrykit pinentry`'s panel when gpg-agent lets the keyring keep the passphrase (the field's
/// label is gpg-agent's prompt, without a mnemonic).
public enum PinentryMnemonics: String, CaseIterable, Sendable {
    case ok = "_OK"
    case cancel = "_Cancel"
    case saveInPasswordManager = "_Save in password manager"
}

/// `entrykit askpass`'s panel for an ssh key's passphrase.
public enum AskpassKeyMnemonics: String, CaseIterable, Sendable {
    case ok = "_OK"
    case cancel = "_Cancel"
    case rememberInKeyring = "_Remember in keyring"
}

/// The gallery's About window: GTK's own buttons, relabelled from EntryKit's table.
public enum AboutMnemonics: String, CaseIterable, Sendable {
    case close = "_Close"
    case license = "_License"
    case credits = "C_redits"
}

/// The gallery's page of the drop-down field.
public enum DropDownPageMnemonics: String, CaseIterable, Sendable {
    case nearTheTop = "Near the _top"
    case nearTheBottom = "Near the _bottom"
    case items = "_Items"
    case rowsShown = "_Rows shown"
    case rowHeight = "Row _height (0: the entry's)"
    case borderColor = "Border _color"
    case listFont = "List _font"
    case fontSize = "Font si_ze"
    case editable = "_Editable: free text, typing filters"
}

/// The gallery's page of the picker field.
public enum PickerPageMnemonics: String, CaseIterable, Sendable {
    case pickedValue = "_Picked value"
}
