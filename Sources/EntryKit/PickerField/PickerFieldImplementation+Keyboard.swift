import CEntryKit
import CGtk

/// The keyboard. Focus never leaves the field: the keys drive the picker from there. The keys
/// come through the class's own handler (`picker-key-press`), after an application's
/// `key-press-event` handlers; keys not used here go on to the entry's bindings.
///
/// | key | closed | open |
/// |---|---|---|
/// | Down / Up | the next / previous item is picked (a spin button) | moves the pick |
/// | PageDown, PageUp, Home, End | — | by a page, to the first, to the last |
/// | letters | jump to the next item starting with them | the same |
/// | Alt+Down, F4 | opens | F4 and Alt+Up close, keeping the pick |
/// | Enter | the entry's `activate` (a dialog's default), once the picker has slid closed | closes, keeping the pick, then the same |
/// | Escape | goes to the window (a dialog's Cancel) | closes, restoring the pick it opened with |
extension PickerFieldImplementation {
    /// Handles one key press; returns whether the field used it.
    func handleKey(keyval: guint, state: guint) -> Bool {
        let modifiers = commandModifiers(state)
        let alt = modifiers == GDK_MOD1_MASK.rawValue
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Down where alt, GDK_KEY_KP_Down where alt:
            open()
            return true
        case GDK_KEY_Up where alt, GDK_KEY_KP_Up where alt:
            close()
            return true
        case GDK_KEY_F4 where modifiers == 0:
            toggle()
            return true
        case GDK_KEY_Return where modifiers == 0, GDK_KEY_KP_Enter where modifiers == 0, GDK_KEY_ISO_Enter where modifiers == 0:
            close()
            // The entry's "activate" follows (a dialog's default button answers), but a shown
            // popover takes the window's default widget away until it is hidden: while the
            // picker still slides closed, the activation waits for it.
            guard popup.isVisible else { return false }
            activatesWhenHidden = true
            return true
        default:
            break
        }
        guard modifiers == 0 else { return false }
        if isOpen, let handled = handleKeyWhileOpen(Int32(bitPattern: keyval)) { return handled }
        if !isOpen, let handled = handleKeyWhileClosed(Int32(bitPattern: keyval)) { return handled }
        return typeAhead(keyval: keyval)
    }

    private func handleKeyWhileOpen(_ key: Int32) -> Bool? {
        switch key {
        case GDK_KEY_Down, GDK_KEY_KP_Down: list.move(.next)
        case GDK_KEY_Up, GDK_KEY_KP_Up: list.move(.previous)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: list.move(.pageDown)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: list.move(.pageUp)
        case GDK_KEY_Home, GDK_KEY_KP_Home: list.move(.first)
        case GDK_KEY_End, GDK_KEY_KP_End: list.move(.last)
        case GDK_KEY_Escape: cancel()
        default: return nil
        }
        return true
    }

    /// Up and Down step the pick like a spin button, clamped at both ends.
    private func handleKeyWhileClosed(_ key: Int32) -> Bool? {
        let step: Int
        switch key {
        case GDK_KEY_Down, GDK_KEY_KP_Down: step = 1
        case GDK_KEY_Up, GDK_KEY_KP_Up: step = -1
        default: return nil
        }
        guard mayChangePickWhileClosed() else { return true }
        let target = pickedIndex < 0 ? 0 : min(max(pickedIndex + step, 0), items.count - 1)
        if target == pickedIndex { gtk_widget_error_bell(widget) } else { pick(target) }
        return true
    }

    /// Letters find the next item starting with them (typed within about a second of each
    /// other): it is picked at once, open or closed.
    private func typeAhead(keyval: guint) -> Bool {
        guard let typed = Self.typedText(keyval) else { return false }
        guard isOpen || mayChangePickWhileClosed() else { return true }
        if !list.typeAhead(typed) { gtk_widget_error_bell(widget) }
        return true  // the text only ever comes from the picker: a letter types nothing
    }
}
