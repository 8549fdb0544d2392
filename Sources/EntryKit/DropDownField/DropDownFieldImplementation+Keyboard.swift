import CGtk

/// The keyboard, after the WAI-ARIA combobox pattern and GTK's habits. Focus never leaves the
/// entry: the keys drive the list from there.
///
/// | key | closed | open |
/// |---|---|---|
/// | Alt+Down, F4 | opens | F4 closes |
/// | Down / Up | opens and moves to the next / previous item | moves |
/// | PageDown, PageUp | — | moves by a page |
/// | Home, End | — | first, last row (not editable: in an editable field they move the caret) |
/// | Enter | activates the window's default (a dialog's OK) | picks the highlighted row; none: closes, keeping typed text |
/// | Escape | goes to the window (a dialog's Cancel) | closes, restoring the text |
/// | Alt+Up | — | picks the highlighted row and closes (as a `select`'s list does) |
/// | letters | not editable: jump to the next item starting with them, and pick it | not editable: jump there; editable: type and filter |
extension DropDownFieldImplementation {
    /// Handles one key press; returns whether the field used it.
    func handleKey(keyval: guint, state: guint) -> Bool {
        guard isExpandable else { return false }
        let modifiers = commandModifiers(state)
        let alt = modifiers == GDK_MOD1_MASK.rawValue
        let key = Int32(bitPattern: keyval)
        switch key {
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            if alt {
                open()
                return true
            }
            guard modifiers == 0 else { return false }
            if !isOpen { open() }
            list.move(.next)
            return true
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            if alt {
                if let item = list.highlightedItem, isOpen { pick(item) } else { close() }
                return true
            }
            guard modifiers == 0 else { return false }
            if !isOpen { open() }
            list.move(.previous)
            return true
        case GDK_KEY_F4:
            toggle()
            return true
        default:
            break
        }
        guard modifiers == 0 else { return false }
        if isOpen, let handled = handleKeyWhileOpen(key) { return handled }
        return typeAhead(keyval: keyval)
    }

    private func handleKeyWhileOpen(_ key: Int32) -> Bool? {
        switch key {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: list.move(.pageDown)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: list.move(.pageUp)
        case GDK_KEY_Home, GDK_KEY_KP_Home:
            if isEditable { return false }
            list.move(.first)
        case GDK_KEY_End, GDK_KEY_KP_End:
            if isEditable { return false }
            list.move(.last)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            list.settleFilter()  // Enter picks from the rows that match what was typed
            if let item = list.highlightedItem { pick(item) } else { close() }
        case GDK_KEY_Escape:
            if let textBeforeOpen {
                setTextQuietly(textBeforeOpen)
                if let index = selectionBeforeOpen, items.indices.contains(index), items[index] == textBeforeOpen {
                    set(DropDownFieldProperty.selectedIndex, index)
                }
            }
            close()
        default:
            return nil
        }
        return true
    }

    /// Not editable, letters find the next item starting with them (within about a second of
    /// each other): closed, that item is picked, as in a `select`; open, it is highlighted.
    private func typeAhead(keyval: guint) -> Bool {
        guard !isEditable else { return false }
        guard let typed = Self.typedText(keyval) else { return false }
        // Closed, the search starts from the choice (which code may have set), not an old highlight.
        if !isOpen, list.highlightedItem != selectedIndex {
            list.highlightedRow = selectedIndex.flatMap(list.row(ofItem:))
        }
        if list.typeAhead(typed), !isOpen, let item = list.highlightedItem {
            set(DropDownFieldProperty.selectedIndex, item)
            reportSelection(item)
        }
        return true  // the text is only ever an item: a letter that finds none types nothing
    }
}
