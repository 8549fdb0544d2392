import CGtk
import EntryKit

/// The picker field's page: the field, live controls for its items, placeholder and picked
/// index, and a log of its callbacks as they fire.
@MainActor
final class PickerFieldPage: GalleryPage {
    let name = "picker-field"
    let titleKey = "Picker Field"
    let content: Widget

    let field = PickerField()
    private let fieldLabel = Label()
    private let itemsLabel = Label()
    let itemsView = Widget(transferFull: gtk_text_view_new())
    private let placeholderLabel = Label()
    let placeholderEntry = Widget(transferFull: gtk_entry_new())
    /// The localized placeholder the page put in `placeholderEntry` last.
    private var defaultPlaceholder = ""
    private let indexLabel = Label()
    let indexSpin = Widget(transferFull: gtk_spin_button_new_with_range(-1, 0, 1))  // to the last item: limitIndexToTheItems
    private let applyButton = Widget(transferFull: gtk_button_new())
    private let logTitle = Label()
    let log = Label(wraps: true)
    private var logLines: [String] = []

    init() {
        let form = FormGrid()
        form.container.setMargins(24)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(itemsView.cast()), "Small\nMedium\nLarge\nExtra large", -1)
        let scroller = Widget(transferFull: gtk_scrolled_window_new(nil, nil))
        gtk_scrolled_window_set_min_content_height(scroller.cast(), 90)
        gtk_scrolled_window_set_shadow_type(scroller.cast(), GTK_SHADOW_IN)
        gtk_container_add(scroller.cast(), itemsView.widget)
        field.setLabel(fieldLabel)
        gtk_widget_set_hexpand(field.widget, 1)
        gtk_widget_set_halign(applyButton.widget, GTK_ALIGN_START)
        // The field's label names it already (and for screen readers): it only takes its place.
        form.add(fieldLabel, beside: field)
        form.add(itemsLabel, beside: scroller)
        gtk_label_set_mnemonic_widget(itemsLabel.cast(), itemsView.widget)  // the view, not its scroller
        form.add(placeholderLabel, naming: placeholderEntry)
        form.add(indexLabel, naming: indexSpin)
        for label in [fieldLabel, itemsLabel, placeholderLabel, indexLabel, logTitle] { gtk_widget_set_halign(label.widget, GTK_ALIGN_END) }
        form.add(nil, beside: applyButton)
        gtk_widget_set_valign(logTitle.widget, GTK_ALIGN_START)
        gtk_label_set_xalign(log.cast(), 0)
        log.isSelectable = true
        form.add(logTitle, beside: log)
        content = form.container

        field.onPick = { [weak self] index, item in self?.append("onPick(\(index), \"\(item)\")") }
        field.onOpen = { [weak self] in self?.append("onOpen") }
        field.onClose = { [weak self] in self?.append("onClose") }
        applyButton.connect("clicked") { [weak self] in self?.apply() }
        GObjectReference(transferNone: gtk_text_view_get_buffer(itemsView.cast())!).connect("changed") { [weak self] in
            self?.limitIndexToTheItems()
        }
        LocalizedText.bind(self) { page, strings in page.relabel(strings) }
        apply()
    }

    private func relabel(_ strings: Localization) {
        gtk_label_set_text_with_mnemonic(fieldLabel.cast(), strings.string(PickerPageMnemonics.pickedValue.rawValue))
        field.accessibleName = strings.string("Picked value")
        gtk_label_set_text_with_mnemonic(itemsLabel.cast(), strings.string("Items, one per line"))
        gtk_label_set_text_with_mnemonic(placeholderLabel.cast(), strings.string("Placeholder"))
        gtk_label_set_text_with_mnemonic(indexLabel.cast(), strings.string("Picked index"))
        gtk_button_set_label(applyButton.cast(), strings.string("Apply"))
        logTitle.text = strings.string("Callbacks")
        // The default placeholder follows the language; one the user typed stays.
        let placeholder = String(cString: gtk_entry_get_text(placeholderEntry.cast()))
        if placeholder.isEmpty || placeholder == defaultPlaceholder {
            defaultPlaceholder = strings.string("Choose…")
            gtk_entry_set_text(placeholderEntry.cast(), defaultPlaceholder)
            field.placeholderText = defaultPlaceholder
        }
        if logLines.isEmpty { log.text = strings.string("Nothing picked yet.") }
    }

    /// The items as typed, one per line.
    private var typedItems: [String] {
        let buffer = gtk_text_view_get_buffer(itemsView.cast())
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let raw = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
        defer { g_free(raw) }
        return String(cString: raw).split(separator: "\n").map(String.init)
    }

    /// The index control offers only what the typed items allow: -1 (none) to the last item.
    private func limitIndexToTheItems() {
        gtk_spin_button_set_range(indexSpin.cast(), -1, Double(max(typedItems.count - 1, -1)))
    }

    /// Sets the field from the controls: items, placeholder, then the picked index.
    func apply() {
        limitIndexToTheItems()
        field.setItems(typedItems, placeholder: String(cString: gtk_entry_get_text(placeholderEntry.cast())))
        field.pickedIndex = Int(gtk_spin_button_get_value_as_int(indexSpin.cast()))
    }

    private func append(_ line: String) {
        logLines = Array((logLines + [line]).suffix(8))
        log.text = logLines.joined(separator: "\n")
    }
}
