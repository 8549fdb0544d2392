import CGtk
import EntryKit

/// The window of `entrykit pick`: an optional message naming a ``PickerField``, and Cancel and
/// OK. Every way of closing (a response, Escape, the window's close button, destroy) becomes
/// one call of `onFinish` with the picked index, or nil when cancelled.
@MainActor
final class PickDialog: Window {
    let field = PickerField()
    let messageLabel = Label(wraps: true)
    let okButton = Widget(transferFull: gtk_button_new_with_mnemonic("_OK"))
    let cancelButton = Widget(transferFull: gtk_button_new_with_mnemonic("_Cancel"))
    var onFinish: (@MainActor (Int?) -> Void)?
    private var isFinished = false
    private let customTitle: String?

    init(title: String?, message: String?, items: ListItems, index: Int?) {
        customTitle = title
        super.init(window: gtk_dialog_new())
        gtk_window_set_default_size(cast(), 360, -1)
        centreOnFirstShow()

        let column = Box(vertical: true, spacing: 12)
        column.setMargins(12)
        // Room under the field for the picker, which opens inside the window.
        gtk_widget_set_margin_bottom(column.widget, 200)
        messageLabel.text = message ?? ""
        gtk_label_set_xalign(messageLabel.cast(), 0)
        column.append(messageLabel)
        if let index { field.pickedIndex = index }
        field.setItems(items)
        gtk_entry_set_activates_default(field.cast(), 1)
        if message?.isEmpty == false { field.setLabel(messageLabel) }
        column.append(field)
        gtk_container_add(
            UnsafeMutableRawPointer(gtk_dialog_get_content_area(cast())).assumingMemoryBound(to: GtkContainer.self), column.widget)
        column.showAll()
        messageLabel.hide()
        if message?.isEmpty == false { messageLabel.show() }

        addDialogButtons(cancel: cancelButton, ok: okButton, okIsDefault: true)
        // OK gives the pick; with none (Escape restored "nothing picked") there is nothing to give.
        field.connect("changed") { [weak self] in self?.updateOK() }
        updateOK()

        connect("response", withInteger: { [weak self] response in self?.finish(accepted: response == GTK_RESPONSE_OK.rawValue) })
        connect("destroy") { [weak self] in self?.finish(accepted: false) }
        focusWhenMapped { [weak self] in
            guard let self else { return }
            gtk_widget_grab_focus(field.widget)
        }
        LocalizedText.bind(self) { dialog, strings in dialog.relabel(strings) }
    }

    private func relabel(_ strings: Localization) {
        title = customTitle ?? strings.string("Pick an Item")
        field.placeholderText = strings.string("Choose…")
        if messageLabel.text.isEmpty { field.accessibleName = title }
        gtk_button_set_label(okButton.cast(), strings.string("_OK"))
        gtk_button_set_label(cancelButton.cast(), strings.string("_Cancel"))
        okButton.accessibleName = strings.string("OK")
        cancelButton.accessibleName = strings.string("Cancel")
    }

    private func updateOK() {
        gtk_widget_set_sensitive(okButton.widget, field.pickedIndex >= 0 ? 1 : 0)
    }

    /// OK with nothing picked (a response sent by other means than the disabled button) picks
    /// nothing: it counts as cancelled.
    private func finish(accepted: Bool) {
        guard !isFinished else { return }
        isFinished = true
        let index = accepted && field.pickedIndex >= 0 ? field.pickedIndex : nil
        let completion = onFinish
        onFinish = nil
        completion?(index)
        destroyAfterHandlers()
    }
}
