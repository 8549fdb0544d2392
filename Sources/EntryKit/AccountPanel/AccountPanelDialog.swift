import CEntryKit
import CGtk

/// A panel the grab's retry timer may outlive.
@MainActor
private final class WeakDialog {
    weak var dialog: AccountPanelDialog?
    init(_ dialog: AccountPanelDialog) { self.dialog = dialog }
}

/// The window behind ``AccountPanel``: a `GtkDialog` with a message line, a rounded group of
/// two labelled fields, an inline error, a caps-lock warning, and Cancel and OK.
///
/// It turns every way of closing (a response, Escape, the window's close button, unmap, destroy)
/// into one call of `onFinish` (made with the window already hidden), then destroys itself and
/// calls `onClosed`.
@MainActor
package final class AccountPanelDialog: Window {
    package let usernameEntry = Widget(transferFull: gtk_entry_new())
    /// The password field's text: an EntryKit secure buffer (locked, wiped memory).
    package let passwordBuffer = GObjectReference(transferFull: ek_secure_buffer_new()!)
    package let passwordEntry: Widget
    package let usernameLabel = Label()
    package let passwordLabel = Label()
    package let messageLabel = Label(wraps: true)
    package let errorLabel = Label(wraps: true)
    package let capsLockLabel = Label()
    private let capsLockRow = Box(vertical: false, spacing: 6)
    /// The strength bar (``AccountRequest/strengthLabel``), nil when the request has none.
    package private(set) var strengthBar: Widget?
    /// The check box (``AccountRequest/checkBox``), nil when the request has none.
    package private(set) var checkButton: Widget?
    package let okButton = AccountPanelDialog.mnemonicButton()
    package let cancelButton = AccountPanelDialog.mnemonicButton()
    /// The field group: the two rows, and the line between them.
    let fieldGroup = Container(transferFull: gtk_grid_new())
    /// In place of the username field when the request names ``AccountRequest/accounts``: a
    /// picker of them (several), or the one account's name.
    package private(set) var accountWidget: Widget?
    /// The ``AccountRequest/details`` expander, nil when the request has none.
    package private(set) var detailsExpander: Widget?

    var onFinish: (@MainActor (Bool, String?, SecurePassword?) -> Void)?
    var onClosed: (@MainActor () -> Void)?
    package private(set) var isFinished = false

    let request: AccountRequest
    /// A layer-shell overlay holding the keyboard (``AccountRequest/isStandalonePrompt``, Wayland).
    package private(set) var isOverlay = false
    private var grabRetry: guint = 0
    private var keymap: GObjectReference?
    private var keymapConnection: SignalConnection?
    var passwordChanged: SignalConnection?

    init(request: AccountRequest, parent: Window?) {
        self.request = request
        // Invisible, for passwords, and with an accessible that gives no client the real text.
        passwordEntry = Widget(transferFull: ek_password_entry_new_with_buffer(passwordBuffer.cast()))
        super.init(window: gtk_dialog_new())
        AccountPanelStyle.installOnce()
        title = request.title
        gtk_window_set_modal(cast(), 1)
        // Resizable, as a GtkDialog is by default: GTK sizes and places a fixed-size window by
        // asking the display server where it is and what the work area is (X11 round trips
        // ahead of the first frame), and a wider panel only gives the fields more room.
        gtk_window_set_default_size(cast(), 400, -1)
        if let parent {
            gtk_window_set_transient_for(cast(), parent.cast())
            gtk_window_set_destroy_with_parent(cast(), 1)
            gtk_window_set_position(cast(), GTK_WIN_POS_CENTER_ON_PARENT)
        } else {
            centreOnFirstShow()
            if request.isStandalonePrompt {
                isOverlay = ek_prompt_window_prepare(cast(), request.grabsKeyboard ? 1 : 0) != 0
            }
        }
        buildContent()
        passwordEntry.accessibleDescription = accountDescription
        configureFields()
        connectSignals()
        LocalizedText.bind(self) { dialog, strings in dialog.relabel(strings) }
        updateAcceptability()
        // Reading the keyboard's state is a round trip to the display server (loading its keymap
        // on X11): the warning, hidden until then, follows the first frame.
        gtk_widget_set_visible(capsLockRow.widget, 0)
        afterFirstDraw { [weak self] in self?.updateCapsLockWarning() }
        // Focus goes where typing starts: the password when the name is already there.
        let startsAtPassword =
            request.fields == .password || !request.accounts.isEmpty
            || (request.fields == .usernameAndPassword && request.username?.isEmpty == false)
        gtk_widget_grab_focus((startsAtPassword ? passwordEntry : usernameEntry).widget)
        if let error = request.error, !error.isEmpty { showError(error) }
        if let conversation = request.conversation { join(conversation) }
        if request.timeout > 0 {
            MainLoop.after(seconds: Double(request.timeout)) { [weak self] in self?.finish(accepted: false) }
        }
    }

    // MARK: Building

    /// A button whose label `relabel(_:)` sets, in the current language: a label given here
    /// would be built and then replaced before the panel shows.
    private static func mnemonicButton() -> Widget {
        let button = Widget(transferFull: gtk_button_new())
        gtk_button_set_use_underline(button.cast(), 1)
        return button
    }

    private func buildContent() {
        let column = Box(vertical: true, spacing: 12)
        column.setMargins(12)
        gtk_widget_set_margin_bottom(column.widget, 6)

        // An overlay has no title bar: the title, which says what asks, leads the panel.
        if isOverlay {
            let heading = Label(request.title, wraps: true)
            heading.addStyleClass("entrykit-prompt-title")
            column.append(heading)
            addStyleClass("entrykit-prompt-overlay")
        }
        messageLabel.text = request.message ?? ""
        column.append(messageLabel)
        if let caption = request.caption { column.append(makeCaption(caption)) }

        let group = fieldGroup
        group.addStyleClass("entrykit-account-group")
        let grid: UnsafeMutablePointer<GtkGrid> = group.cast()
        accountWidget = makeAccountWidget()
        for (row, label, entry) in [(0, usernameLabel, accountWidget ?? usernameEntry), (2, passwordLabel, passwordEntry)] {
            label.addStyleClass("entrykit-account-label")
            gtk_label_set_mnemonic_widget(label.cast(), entry.widget)
            gtk_widget_set_hexpand(entry.widget, 1)
            gtk_grid_attach(grid, label.widget, 0, Int32(row), 1, 1)
            gtk_grid_attach(grid, entry.widget, 1, Int32(row), 1, 1)
        }
        // The dividing line between the two fields, as LKAccountPanel draws it.
        let separator = gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)
        gtk_grid_attach(grid, separator, 0, 1, 2, 1)
        column.append(group)

        if let strengthLabel = request.strengthLabel {
            column.append(makeStrengthRow(label: strengthLabel))
        }

        if let checkBox = request.checkBox {
            column.append(makeCheckButton(for: checkBox))
        }

        errorLabel.addStyleClass("error")
        column.append(errorLabel)

        capsLockRow.append(Widget(transferFull: gtk_image_new_from_icon_name("dialog-warning-symbolic", GTK_ICON_SIZE_MENU)))
        // Not dim-label: the themes draw that below 4.5:1, and this warning must be read.
        capsLockRow.append(capsLockLabel)
        column.append(capsLockRow)
        if !request.details.isEmpty {
            let expander = makeDetailsExpander()
            column.append(expander)
            detailsExpander = expander
        }

        gtk_container_add(
            UnsafeMutableRawPointer(gtk_dialog_get_content_area(cast())).assumingMemoryBound(to: GtkContainer.self), column.widget)
        column.showAll()
        gtk_widget_set_visible(messageLabel.widget, request.message?.isEmpty == false ? 1 : 0)
        errorLabel.hide()
        // One field alone: the other, its label and the line between them are not shown.
        if request.fields != .usernameAndPassword {
            gtk_widget_hide(separator)
            let hidden: [Widget] = request.fields == .password ? [usernameLabel, usernameEntry] : [passwordLabel, passwordEntry]
            for widget in hidden {
                widget.hide()
            }
        }

        addDialogButtons(cancel: cancelButton, ok: okButton, okIsDefault: false)
    }

    /// A label and a level bar; the bar is named by the label for screen readers, which read
    /// its value as a percentage.
    private func makeStrengthRow(label text: String) -> Box {
        let row = Box(vertical: false, spacing: 6)
        let label = Label(text)
        let bar = Widget(transferFull: gtk_level_bar_new_for_interval(0, 1))
        gtk_widget_set_hexpand(bar.widget, 1)
        gtk_widget_set_valign(bar.widget, GTK_ALIGN_CENTER)
        bar.accessibleName = String(text.filter { $0 != "_" && $0 != ":" })
        bar.tooltip = request.strengthTooltip
        row.append(label)
        row.append(bar, expands: true)
        strengthBar = bar
        return row
    }

    /// The request's check box, off, its state kept in the request's ``AccountCheckBox``.
    private func makeCheckButton(for checkBox: AccountCheckBox) -> Widget {
        let button = Widget(transferFull: gtk_check_button_new_with_mnemonic(checkBox.label))
        button.accessibleName = checkBox.accessibleName
        checkBox.isChecked = false
        button.connect("toggled") { [weak button] in
            guard let button else { return }
            checkBox.isChecked = gtk_toggle_button_get_active(button.cast()) != 0
        }
        checkButton = button
        return button
    }

    /// The bar follows the password, estimated where its bytes lie.
    private func updateStrength() {
        guard let strengthBar else { return }
        let password = SecurePassword(buffer: passwordBuffer)
        let strength = password.withUnsafeBytes(PasswordStrength.estimate)
        password.endLoan()
        gtk_level_bar_set_value(strengthBar.cast(), strength)
    }

    private func configureFields() {
        // LKAccountPanel's e-mail keyboard without capitalisation: a name is not a sentence.
        gtk_entry_set_input_purpose(usernameEntry.cast(), GTK_INPUT_PURPOSE_EMAIL)
        gtk_entry_set_input_hints(usernameEntry.cast(), GTK_INPUT_HINT_NO_SPELLCHECK)
        if let username = request.username { gtk_entry_set_text(usernameEntry.cast(), username) }
        // EkPasswordEntry configures itself (invisible, password purpose, no emoji, and GTK's
        // caps-lock icon off: its tooltip speaks GTK's start-up language; the panel's warning
        // follows EntryKit's).
    }

    private func connectSignals() {
        connect("response", withInteger: { [weak self] response in self?.respond(response) })
        connect("unmap") { [weak self] in self?.finish(accepted: false) }
        connect("destroy") { [weak self] in self?.finish(accepted: false) }
        focusWhenMapped(afterFirstFrame: true) { [weak self] in self?.grabKeyboardOnX11() }
        connect("map") { [weak self] in self?.keepTryingToGrabTheKeyboard() }

        usernameEntry.connect("activate") { [weak self] in
            guard let self else { return }
            if request.fields == .username {
                if canAccept { acceptFromTheLoop() }
            } else {
                gtk_widget_grab_focus(passwordEntry.widget)
            }
        }
        passwordEntry.connect("activate") { [weak self] in self?.activatePassword() }
        usernameEntry.connect("changed") { [weak self] in self?.updateAcceptability() }
        passwordChanged = passwordEntry.connect("changed") { [weak self] () -> Void in
            self?.updateAcceptability()
            self?.updateStrength()
            self?.clearError()
        }
        // A hidden entry already refuses both; stopping the signals keeps it so whatever a theme
        // or a key binding does.
        for signal in ["copy-clipboard", "cut-clipboard"] {
            passwordEntry.connect(signal) { [weak self] in
                guard let self else { return }
                g_signal_stop_emission_by_name(passwordEntry.object, signal)
                gtk_widget_error_bell(passwordEntry.widget)
            }
        }

        if let display = gdk_display_get_default(), let map = gdk_keymap_get_for_display(display) {
            let keymap = GObjectReference(transferNone: map)
            keymapConnection = keymap.connect("state-changed") { [weak self] in
                guard let self else { return }
                updateCapsLockWarning()
            }
            self.keymap = keymap
        }
    }

    func relabel(_ strings: Localization) {
        // Accounts to choose from are users, not a name to type.
        let userWord = request.accounts.isEmpty ? strings.string("Username") : strings.string("User")
        let userMnemonic = strings.string(
            request.accounts.isEmpty ? SignInMnemonics.username.rawValue : AuthenticationMnemonics.user.rawValue)
        gtk_label_set_text_with_mnemonic(usernameLabel.cast(), request.usernameLabel ?? userMnemonic)
        gtk_label_set_text_with_mnemonic(passwordLabel.cast(), request.passwordLabel ?? strings.string(SignInMnemonics.password.rawValue))
        gtk_entry_set_placeholder_text(usernameEntry.cast(), strings.string("Username"))
        gtk_entry_set_placeholder_text(passwordEntry.cast(), strings.string("Password"))
        gtk_button_set_label(okButton.cast(), request.okLabel ?? strings.string(SignInMnemonics.ok.rawValue))
        gtk_button_set_label(cancelButton.cast(), request.cancelLabel ?? strings.string(SignInMnemonics.cancel.rawValue))
        // Japanese writes a mnemonic as "(_U)", which GTK would read out as "(U)": name each
        // widget by the plain word instead (a label the request gives, without its mnemonic).
        func name(_ given: String?, _ key: String) -> String {
            given.map(DesktopTranslations.withoutMnemonic) ?? strings.string(key)
        }
        let userName = request.usernameLabel.map(DesktopTranslations.withoutMnemonic) ?? userWord
        for (widget, accessibleName) in [
            (usernameEntry, userName), (usernameLabel, userName),
            (passwordEntry, name(request.passwordLabel, "Password")), (passwordLabel, name(request.passwordLabel, "Password")),
            (okButton, name(request.okLabel, "OK")), (cancelButton, name(request.cancelLabel, "Cancel")),
        ] {
            widget.accessibleName = accessibleName
        }
        // A picker is named by its row; one account's name is read as it is, labelled by the row.
        (accountWidget as? PickerField)?.accessibleName = userName
        capsLockLabel.text = strings.string("Caps Lock is on")
        relabelDetails(strings)
        relabelConversation(strings)
    }

    // MARK: State

    package var usernameText: String { String(cString: gtk_entry_get_text(usernameEntry.cast())) }
    package var passwordLength: Int { Int(gtk_entry_buffer_get_length(passwordBuffer.cast())) }

    /// Whether OK may be pressed: every required field has text, and no answer is being checked.
    package var canAccept: Bool {
        request.conversation?.isWaiting != true && (!request.requiresUsername || !usernameText.isEmpty)
            && (!request.requiresPassword || passwordLength > 0)
    }

    package var isCapsLockWarningVisible: Bool { gtk_widget_get_visible(capsLockRow.widget) != 0 }

    func updateAcceptability() {
        gtk_widget_set_sensitive(okButton.widget, canAccept ? 1 : 0)
    }

    /// Shows or hides the caps-lock warning; `capsLockOn` overrides the keyboard's state (tests).
    package func updateCapsLockWarning(capsLockOn: Bool? = nil) {
        let on = capsLockOn ?? keymap.map { gdk_keymap_get_caps_lock_state($0.opaque) != 0 } ?? false
        gtk_widget_set_visible(capsLockRow.widget, on ? 1 : 0)
    }

    /// Whether the panel holds the keyboard (``AccountRequest/grabsKeyboard``, on X11).
    package private(set) var isKeyboardGrabbed = false

    private func grabKeyboardOnX11() {
        guard request.grabsKeyboard, !isKeyboardGrabbed, !isFinished, isOnX11, let display = gtk_widget_get_display(widget),
            let window = gtk_widget_get_window(widget)
        else { return }
        let status = gdk_seat_grab(gdk_display_get_default_seat(display), window, GDK_SEAT_CAPABILITY_KEYBOARD, 1, nil, nil, nil, nil)
        isKeyboardGrabbed = status == GDK_GRAB_SUCCESS
    }

    /// Tries the grab every 100 ms from the moment the panel is shown until it holds, as
    /// pinentry does: a window manager may map the window late (or only once the person looks),
    /// and until then a grab fails (not viewable) while keys still reach another window.
    private func keepTryingToGrabTheKeyboard() {
        guard request.grabsKeyboard, isOnX11, grabRetry == 0, !isKeyboardGrabbed else { return }
        let weakSelf = Unmanaged.passRetained(WeakDialog(self)).toOpaque()
        grabRetry = g_timeout_add_full(
            G_PRIORITY_DEFAULT, 100,
            { data in
                MainActor.assumeIsolated {
                    guard let dialog = Unmanaged<WeakDialog>.fromOpaque(data!).takeUnretainedValue().dialog else {
                        return 0  // G_SOURCE_REMOVE
                    }
                    dialog.grabKeyboardOnX11()
                    if !dialog.isFinished, !dialog.isKeyboardGrabbed { return 1 }  // G_SOURCE_CONTINUE
                    dialog.grabRetry = 0
                    return 0
                }
            }, weakSelf, { data in Unmanaged<WeakDialog>.fromOpaque(data!).release() })
    }

    private func stopTryingToGrab() {
        guard grabRetry != 0 else { return }
        g_source_remove(grabRetry)
        grabRetry = 0
    }

    /// The backend by its type's name: no X11 header or call is needed for the check.
    private var isOnX11: Bool {
        guard let display = gtk_widget_get_display(widget) else { return false }
        return String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)))
            == "GdkX11Display"
    }

    private func releaseKeyboard() {
        guard isKeyboardGrabbed, let display = gtk_widget_get_display(widget) else { return }
        gdk_seat_ungrab(gdk_display_get_default_seat(display))
        isKeyboardGrabbed = false
    }

    func clearError() {
        guard gtk_widget_get_visible(errorLabel.widget) != 0 else { return }
        errorLabel.hide()
        passwordEntry.accessibleDescription = accountDescription
    }

    /// Return in the password field accepts, as OK does; with a required field still empty it
    /// moves there instead.
    private func activatePassword() {
        if canAccept {
            acceptFromTheLoop()
        } else if request.requiresUsername && usernameText.isEmpty {
            gtk_widget_grab_focus(usernameEntry.widget)
        } else {
            gtk_widget_error_bell(passwordEntry.widget)
        }
    }

    /// Return's OK, given from the main loop once the activation has returned. An assistive
    /// technology's "activate" runs the activation inside the dispatch of its accessibility bus
    /// call (GTK's entries act at once; its buttons already wait for an idle), and a completion
    /// that shows another panel with a nested loop (``AccountPanel/run(_:parent:)``, the repeat
    /// of a new passphrase) would wait there for a bus that cannot be read until it returns.
    private func acceptFromTheLoop() {
        MainLoop.idle { [weak self] in
            guard let self, !isFinished, canAccept else { return }
            gtk_dialog_response(cast(), GTK_RESPONSE_OK.rawValue)
        }
    }

    private func respond(_ response: Int32) {
        guard response == GTK_RESPONSE_OK.rawValue else {
            finish(accepted: false)
            return
        }
        guard canAccept else { return }
        if let conversation = request.conversation {
            answer(conversation)
            return
        }
        if let validate = request.validate {
            let password = SecurePassword(buffer: passwordBuffer)
            let problem = validate(usernameText.isEmpty ? nil : usernameText, password)
            password.endLoan()
            // Closed while the check ran (it may wait on a server while the user cancels).
            guard !isFinished else { return }
            if let problem {
                showError(problem)
                return
            }
        }
        finish(accepted: true)
    }

    /// Keeps the panel open for another try: the message under the fields, the password cleared
    /// and focused, and the message as the field's description so a screen reader says it.
    func showError(_ message: String) {
        passwordChanged?.whileBlocked { ek_secure_buffer_wipe(passwordBuffer.opaque) }
        updateAcceptability()
        errorLabel.text = message
        errorLabel.show()
        passwordEntry.accessibleDescription = message
        gtk_widget_grab_focus(passwordEntry.widget)
    }

    /// Ends the panel once: the window leaves the screen, the completion gets the values (OK)
    /// or nothing, the password is wiped, the next request may show, and the window is
    /// destroyed once the handler that ended it has returned.
    package func finish(accepted: Bool) {
        guard !isFinished else { return }
        isFinished = true
        keymapConnection?.disconnect()
        stopTryingToGrab()
        releaseKeyboard()
        let username = accepted && !usernameText.isEmpty ? usernameText : nil
        let password = accepted && passwordLength > 0 ? SecurePassword(buffer: passwordBuffer) : nil
        // Off screen and no longer modal while the completion runs: a panel it asks for (again,
        // after a wrong password) is the only one on screen.
        gtk_widget_hide(widget)
        let completion = onFinish
        onFinish = nil
        completion?(accepted, username, password)
        password?.endLoan()
        ek_secure_buffer_wipe(passwordBuffer.opaque)
        destroyAfterHandlers()
        let closed = onClosed
        onClosed = nil
        closed?()
    }
}
