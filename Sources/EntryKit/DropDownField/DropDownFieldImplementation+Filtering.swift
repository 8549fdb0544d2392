/// The `editable` mode: free text, and typing filters the list (the core's case-, accent- and
/// width-insensitive filter; the matched letters are drawn bold in the rows).
extension DropDownFieldImplementation {
    /// The user changed the text (the field's own changes are blocked from coming here).
    func textTyped() {
        guard isEditable else { return }
        set(DropDownFieldProperty.selectedIndex, nil)
        guard isExpandable else { return }
        if isOpen {
            list.filterText = text
        } else {
            openShowing(filter: text)  // Escape then closes and keeps what was typed
        }
    }
}
