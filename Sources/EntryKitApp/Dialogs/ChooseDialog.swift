import CGtk
import EntryKit
import EntryKitCommandLine
import FoundationEssentials

/// `entrykit choose`: a small window with a labelled DropDownField, OK and Cancel, that prints
/// the chosen item. See ``ChooseOptions/syntax``.
@MainActor
final class ChooseDialog {
    let window = Window()
    let field = DropDownField()
    private let label = Label(wraps: true)  // a long --text wraps instead of widening the window
    private let okButton = Widget(transferFull: gtk_button_new())
    private let cancelButton = Widget(transferFull: gtk_button_new())
    /// The room under the field that the open list fills: a GTK 3 popover cannot reach past
    /// its window's edge, so the window keeps the list's height (and ``ChooserPopup/margin``).
    private let listRoom = Widget(transferFull: gtk_drawing_area_new())
    private var status: ExitStatus?
    private let options: ChooseOptions

    static let name = ChooseOptions.syntax.command

    /// Parses `arguments`, reads the items, shows the dialog and returns the exit status.
    static func run(_ arguments: [String]) -> ExitStatus {
        ChooseOptions.syntax.run(arguments, from: ChooseOptions()) { options throws(UsageError) in
            let source = try ItemSource(items: options.items, limit: options.inputLimit)
            if case .standardInput(let input) = source {
                // Read on a thread of its own while GTK starts; only an empty input is known first.
                // --timeout counts from the start, input that never comes included.
                guard let hasInput = input.waitForInput(timeout: options.timeout) else { return .timedOut }
                if let failure = input.failure { throw UsageError(failure.description) }
                guard hasInput else { throw UsageError("no items: standard input was empty") }
            }
            return show(options, source)
        }
    }

    /// Shows the dialog with the items, or reading them on, and prints the choice.
    private static func show(_ options: ChooseOptions, _ source: ItemSource) -> ExitStatus {
        guard startGtk(for: name) else { return .cannotShowDialog }
        switch source {
        case .arguments(let items):
            return ChooseDialog(options: options, items: items).run()
        case .standardInput(let input):
            let dialog = ChooseDialog(options: options, items: input.finishedItems)
            // Input still coming: the dialog shows now, reading, and takes the items when they end.
            if !dialog.isLoaded {
                input.whenFinished { outcome in
                    MainLoop.post {
                        switch outcome {
                        case .success(let items): dialog.load(items)
                        case .failure(let failure): dialog.failLoading(failure)
                        }
                    }
                }
            }
            return dialog.run(whenShown: { input.resume() })
        }
    }

    /// One message on standard error, named for the command.
    private static func say(_ message: String) {
        Output.say("\(name): \(message)")
    }

    /// The dialog with `items`, or, with nil, reading them until ``load(_:)`` brings them: the
    /// field and OK wait insensitive meanwhile, and Cancel works.
    init(options: ChooseOptions, items: ListItems?) {
        self.options = options
        gtk_window_set_default_size(window.cast(), Self.width, -1)
        gtk_window_set_position(window.cast(), GTK_WIN_POS_CENTER)
        // A dialog to window managers and screen readers, as zenity's are (a GtkDialog's action
        // area would not hold the list's room, so it is a window marked as one).
        gtk_window_set_type_hint(window.cast(), GDK_WINDOW_TYPE_HINT_DIALOG)
        atk_object_set_role(gtk_widget_get_accessible(window.widget), ATK_ROLE_DIALOG)
        let column = Box(vertical: true, spacing: 12)
        column.setMargins(18)
        // Full strength: the prompt is the field's label, and the theme's dim-label draws it at
        // 3.15:1 in Adwaita, below the 4.5:1 text of this size needs.
        column.append(label)
        field.isEditable = options.editable
        field.setLabel(label)
        gtk_entry_set_activates_default(field.cast(), 1)
        column.append(field)

        let buttons = Box(vertical: false, spacing: 6)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_END)
        buttons.append(cancelButton)
        buttons.append(okButton)
        column.append(listRoom, expands: true)
        column.append(buttons)
        window.add(column)
        column.showAll()  // measured before the window shows: GTK measures hidden widgets as 0

        gtk_widget_set_can_default(okButton.widget, 1)
        okButton.addStyleClass("suggested-action")
        okButton.connect("clicked") { [weak self] in self?.finish(.answered) }
        cancelButton.connect("clicked") { [weak self] in self?.finish(.cancelled) }
        window.connect("destroy") { [weak self] in self?.finish(.cancelled) }
        window.connectEvent("delete-event") { [weak self] _ in
            self?.finish(.cancelled)
            return true
        }
        // Escape reaches the window first; an open list gets it to close itself.
        window.connectEvent("key-press-event") { [weak self] event in
            guard let self, event.pointee.key.keyval == guint(GDK_KEY_Escape), !field.isOpen else { return false }
            finish(.cancelled)
            return true
        }
        if let items { load(items) }
        LocalizedText.bind(self) { dialog, strings in dialog.relabel(strings) }
    }

    /// Whether the items are in.
    private(set) var isLoaded = false

    /// Puts the items in the field and makes the dialog usable.
    func load(_ items: ListItems) {
        field.items = items
        if !options.editable { field.selectedIndex = 0 }  // a select shows its first option
        isLoaded = true
        showLoadingState(LocalizedText.localization)
        // Shown while reading, the window kept room for all the rows --rows asks for.
        if gtk_widget_get_realized(window.widget) != 0 { fitListRoom() }
        gtk_widget_grab_focus(field.widget)
    }

    /// The input could not become items (past the limit, unreadable): the dialog closes with
    /// the reason on standard error and status 2, as when it fails before showing.
    func failLoading(_ failure: InputFailure) {
        Self.say(failure.description)
        finish(.usage)
    }

    /// Until the items are in, the field and OK wait insensitive, the field saying so.
    private func showLoadingState(_ strings: Localization) {
        for widget in [field.widget, okButton.widget] { gtk_widget_set_sensitive(widget, isLoaded ? 1 : 0) }
        field.placeholderText = isLoaded ? nil : strings.string("Reading the items…")
    }

    /// The window's width (its height follows the list).
    private static let width: Int32 = 360

    /// Sizes the list and the room the window keeps for it from the real widgets: `--rows` rows
    /// (no more than there are items, once they are in) of the field's real row height, cut to
    /// what fits between the dialog's other parts and the usable height of the screen, so the
    /// list is what gives way and the buttons stay on screen. The rest of the items scroll.
    private func fitListRoom() {
        let wanted = isLoaded ? min(options.rows, max(field.items.count, 1)) : options.rows
        gtk_widget_set_size_request(listRoom.widget, -1, 0)
        var others: gint = 0  // the window without the list: title bar, label, field, buttons
        gtk_widget_get_preferred_height(window.widget, nil, &others)
        let room = ScreenSpace.usableHeight(near: window) - Int(others) - ChooserPopup.margin - field.list.frameHeight
        let rows = min(wanted, max(room / field.effectiveRowHeight, 1))
        field.visibleRowCount = rows
        gtk_widget_set_size_request(listRoom.widget, -1, Int32(clamping: field.listHeight(showingRows: rows) + ChooserPopup.margin))
        // Down to the new natural height: the window only ever grows by itself.
        gtk_window_resize(window.cast(), max(gtk_widget_get_allocated_width(window.widget), Self.width), 1)
    }

    private func relabel(_ strings: Localization) {
        window.title = options.title ?? strings.string("Choose")
        label.text = options.text ?? strings.string("Choose an item:")
        gtk_button_set_label(okButton.cast(), strings.string("OK"))
        gtk_button_set_label(cancelButton.cast(), strings.string("Cancel"))
        showLoadingState(strings)
    }

    private func finish(_ status: ExitStatus) {
        guard self.status == nil else { return }
        self.status = status
    }

    /// Shows the dialog, calls `whenShown` once the window is on its way to the screen, and
    /// waits for an answer.
    func run(whenShown: () -> Void = {}) -> ExitStatus {
        // Realized first, so the measured window has its title bar (drawn by GTK on Wayland).
        gtk_widget_realize(window.widget)
        fitListRoom()
        window.showAll()
        gtk_widget_grab_default(okButton.widget)
        gtk_widget_grab_focus(field.widget)
        window.present()
        // Sent now, the window maps before the loop takes in items still being read.
        gdk_display_flush(gdk_display_get_default())
        whenShown()
        if !MainLoop.wait(until: { status != nil }, timeout: options.timeout) {
            finish(.timedOut)
        }
        if status == .answered {
            do {
                try Output.write(answer + "\n")
            } catch {
                Self.say("cannot write the answer: \(error)")
                status = .cancelled
            }
        }
        window.destroyAfterHandlers()
        return status ?? .cancelled
    }

    /// The item chosen, whole (an entry holds at most 65,535 bytes and no NUL), or the text
    /// typed in an editable field (typing ends the choice).
    private var answer: String {
        field.selectedIndex.map { field.items[$0] } ?? field.text
    }
}
