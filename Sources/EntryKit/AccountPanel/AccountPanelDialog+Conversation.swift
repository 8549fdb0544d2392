import CEntryKit
import CGtk

/// What a panel adds for an authentication checked elsewhere (``AccountRequest/conversation``,
/// polkit's agent): the accounts to authenticate as, the caption naming what asks, the details on
/// demand, and the waits while the answer is checked.
extension AccountPanelDialog {
    // MARK: Building

    /// The caption: small, selectable (an action id is copied into a bug report or a rule).
    func makeCaption(_ text: String) -> Label {
        let caption = Label(text, wraps: true)
        caption.isSelectable = true
        caption.addStyleClass("entrykit-account-caption")
        // Selectable labels take the focus first; the fields come first.
        gtk_widget_set_can_focus(caption.widget, 0)
        return caption
    }

    /// A picker of ``AccountRequest/accounts`` when there are several, a label naming the one;
    /// nil when the request names none (the username field is there instead).
    func makeAccountWidget() -> Widget? {
        let accounts = request.accounts
        guard !accounts.isEmpty else { return nil }
        let selected = accounts.indices.contains(request.selectedAccount) ? request.selectedAccount : 0
        guard accounts.count > 1 else {
            let name = Label(accounts[0])
            name.isSelectable = true
            gtk_widget_set_can_focus(name.widget, 0)
            name.addStyleClass("entrykit-account-name")
            atk_object_add_relationship(name.accessible, ATK_RELATION_LABELLED_BY, usernameLabel.accessible)
            return name
        }
        let picker = PickerField()
        picker.setItems(accounts)
        picker.pickedIndex = selected
        // As wide as the longest name, so that large text widens the panel rather than cut it.
        gtk_entry_set_width_chars(picker.cast(), Int32(min(accounts.map(\.count).max() ?? 0, 48)))
        // The picker moves its pick live as the person scrolls through it: an account counts as
        // chosen once the picker has closed on it (or a key stepped to it while closed).
        var chosen = selected
        let choose: @MainActor (PickerField) -> Void = { [weak self] picker in
            guard let self, !isFinished, picker.pickedIndex >= 0, picker.pickedIndex != chosen else { return }
            chosen = picker.pickedIndex
            if gtk_widget_get_visible(errorLabel.widget) == 0 { passwordEntry.accessibleDescription = accountDescription }
            request.conversation?.onAccountChange?(chosen)
        }
        picker.onPick = { [weak picker] _, _ in
            guard let picker, !picker.isOpen else { return }
            choose(picker)
        }
        picker.onClose = { [weak picker] in
            guard let picker else { return }
            choose(picker)
        }
        return picker
    }

    /// Whose password the field asks for, for a screen reader, which reads the field and its
    /// description but not a picker it has not visited: the account chosen; empty without accounts.
    var accountDescription: String {
        switch accountWidget {
        case let picker as PickerField: return picker.pickedItem ?? ""
        case let name as Label: return name.text
        default: return ""
        }
    }

    /// An expander, closed, holding one row per ``AccountRequest/details`` entry: its name and its
    /// value, selectable.
    func makeDetailsExpander() -> Widget {
        let expander = Widget(transferFull: gtk_expander_new_with_mnemonic(""))
        let rows = Container(transferFull: gtk_grid_new())
        let grid: UnsafeMutablePointer<GtkGrid> = rows.cast()
        gtk_grid_set_column_spacing(grid, 12)
        gtk_grid_set_row_spacing(grid, 4)
        gtk_widget_set_margin_top(rows.widget, 6)
        for (row, detail) in request.details.enumerated() {
            let name = Label(detail.name)
            name.addStyleClass("entrykit-account-detail-name")
            gtk_widget_set_valign(name.widget, GTK_ALIGN_START)
            let value = Label(detail.value, wraps: true)
            value.isSelectable = true
            gtk_widget_set_can_focus(value.widget, 0)
            gtk_widget_set_hexpand(value.widget, 1)
            // The value is read with its name, as a form's field is.
            atk_object_add_relationship(value.accessible, ATK_RELATION_LABELLED_BY, name.accessible)
            gtk_grid_attach(grid, name.widget, 0, Int32(row), 1, 1)
            gtk_grid_attach(grid, value.widget, 1, Int32(row), 1, 1)
        }
        gtk_container_add(expander.cast(), rows.widget)
        return expander
    }

    func relabelDetails(_ strings: Localization) {
        guard let detailsExpander else { return }
        gtk_expander_set_label(detailsExpander.cast(), strings.string(AuthenticationMnemonics.details.rawValue))
        detailsExpander.accessibleName = strings.string("Details")
    }

    /// The password field's label and name from the conversation's prompt, when it gave one.
    func relabelConversation(_ strings: Localization) {
        guard let label = request.conversation?.passwordLabel else { return }
        gtk_label_set_text_with_mnemonic(passwordLabel.cast(), label)
        let plain = DesktopTranslations.withoutMnemonic(label)
        passwordLabel.accessibleName = plain
        passwordEntry.accessibleName = plain
    }

    // MARK: The conversation

    /// Shows what the conversation holds already, and tells it the panel is up once the panel
    /// has been presented.
    func join(_ conversation: AccountConversation) {
        conversation.dialog = self
        if conversation.passwordLabel != nil || conversation.showsText { conversationAsks() }
        if conversation.note != nil { conversationShowsNote() }
        MainLoop.idle { [weak self] in
            guard let self, !isFinished else { return }
            conversation.onShow?()
        }
    }

    /// OK: the password goes to the conversation, which has it for the call; the field is wiped
    /// and the panel waits for the verdict.
    func answer(_ conversation: AccountConversation) {
        let password = SecurePassword(buffer: passwordBuffer)
        setWaiting(true)
        clearError()
        conversation.answer(username: usernameText.isEmpty ? nil : usernameText, password: password)
        password.endLoan()
        guard !isFinished else { return }
        passwordChanged?.whileBlocked { ek_secure_buffer_wipe(passwordBuffer.opaque) }
        setWaiting(conversation.isWaiting)
    }

    /// The conversation asks: the field as it says, focused. What is typed already stays: a
    /// checker's first question may come after the person has started typing (polkit's helper
    /// takes a moment to start), and an answer given is wiped as it goes (``answer(_:)``). So the
    /// field takes the focus without selecting its text, which the next key would replace.
    func conversationAsks() {
        guard !isFinished, let conversation = request.conversation else { return }
        relabel(LocalizedText.localization)
        gtk_entry_set_visibility(passwordEntry.cast(), conversation.showsText ? 1 : 0)
        setWaiting(false)
        gtk_entry_grab_focus_without_selecting(passwordEntry.cast())
    }

    func conversationShowsNote() {
        guard !isFinished, let note = request.conversation?.note else { return }
        let context = gtk_widget_get_style_context(errorLabel.widget)
        if note.isError {
            gtk_style_context_add_class(context, "error")
        } else {
            gtk_style_context_remove_class(context, "error")
        }
        errorLabel.text = note.text
        errorLabel.show()
        passwordEntry.accessibleDescription = note.text
    }

    func conversationRejects() {
        guard !isFinished, let note = request.conversation?.note else { return }
        setWaiting(false)
        gtk_style_context_add_class(gtk_widget_get_style_context(errorLabel.widget), "error")
        showError(note.text)
    }

    /// While an answer is checked the fields and OK take no input; Cancel still ends it all.
    private func setWaiting(_ waiting: Bool) {
        gtk_widget_set_sensitive(fieldGroup.widget, waiting ? 0 : 1)
        updateAcceptability()
    }
}
