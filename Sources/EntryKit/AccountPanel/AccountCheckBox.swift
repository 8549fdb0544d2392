/// A check box an ``AccountPanel`` shows under its fields, off when the panel opens: a password
/// prompt's "Save in password manager". The panel keeps ``isChecked`` as the person ticks and
/// unticks it; read it in the completion.
///
/// ```swift
/// let remember = AccountCheckBox(label: "_Remember in keyring")
/// var request = AccountRequest(title: "Sign In")
/// request.checkBox = remember
/// AccountPanel.showSecurely(request) { accepted, _, password in
///     if accepted, remember.isChecked, let password { keyring.keep(password) }
/// }
/// ```
@MainActor
public final class AccountCheckBox {
    /// The box's label; `_` marks the mnemonic.
    public let label: String
    /// Whether the box is ticked: false when a panel opens with it, whatever it was before.
    public internal(set) var isChecked = false

    public init(label: String) {
        self.label = label
    }

    /// The label as a screen reader should say it: without the mnemonic's `_`, and without the
    /// "(_S)" some languages add for it.
    var accessibleName: String {
        var text = Substring(label)
        if text.hasSuffix(")"), text.dropLast(2).hasSuffix("(_") {
            text = text.dropLast(4)
            while text.last == " " { text = text.dropLast() }
        }
        return String(text.filter { $0 != "_" })
    }
}
