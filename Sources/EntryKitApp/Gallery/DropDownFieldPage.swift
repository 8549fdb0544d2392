import CGtk
import EntryKit

/// The drop-down field's page: one field near the top of the window, whose list opens below it,
/// one near the bottom, whose list opens above it, and live controls for every property (rows,
/// row height, border colour, font, editable, item count), applied to both fields at once.
@MainActor
final class DropDownFieldPage: GalleryPage {
    let name = "drop-down-field"
    let titleKey = "Drop-Down Field"
    let content: Widget

    let topField = DropDownField()
    let bottomField = DropDownField()
    var fields: [DropDownField] { [topField, bottomField] }
    private let topLabel = Label()
    private let bottomLabel = Label()
    let picked = Label(wraps: true)

    let rowsButton = Widget(transferFull: gtk_spin_button_new_with_range(1, 30, 1))
    let rowHeightButton = Widget(transferFull: gtk_spin_button_new_with_range(0, 80, 1))
    let borderButton = Widget(transferFull: gtk_color_button_new())
    /// The rows' font family and style. GTK's font dialog accepts any size, and sizes far past
    /// what freetype can render make GTK's own preview (and then the rows) fail to draw with
    /// warnings, so its size field is left out and the size has a bounded control of its own.
    let fontButton = Widget(transferFull: gtk_font_button_new())
    let fontSizeButton = Widget(transferFull: gtk_spin_button_new_with_range(6, 72, 1))
    let editableCheck = Widget(transferFull: gtk_check_button_new())
    /// How many items the fields hold, itself a drop-down field.
    let countField = DropDownField()
    private let rowsLabel = Label()
    private let rowHeightLabel = Label()
    private let borderLabel = Label()
    private let fontLabel = Label()
    private let fontSizeLabel = Label()
    private let countLabel = Label()

    /// The item counts offered, from a handful to the million the list core is built for.
    static let counts = [5, 100, 10_000, 1_000_000]
    private var lastPick: (field: DropDownField, index: Int)?

    init() {
        let form = FormGrid()
        let rows: [(Label, Widget)] = [
            (countLabel, countField), (rowsLabel, rowsButton), (rowHeightLabel, rowHeightButton),
            (borderLabel, borderButton), (fontLabel, fontButton), (fontSizeLabel, fontSizeButton),
        ]
        for (label, control) in rows { form.add(label, naming: control) }
        form.add(spanning: editableCheck)
        form.add(spanning: picked)
        gtk_widget_set_margin_top(picked.widget, 12)
        let controls = form.container
        gtk_widget_set_valign(controls.widget, GTK_ALIGN_START)

        // The fields' column: one at its top edge, one at its bottom edge, room between.
        let column = Box(vertical: true, spacing: 6)
        gtk_widget_set_size_request(column.widget, 260, -1)
        for (label, field) in [(topLabel, topField), (bottomLabel, bottomField)] {
            field.setLabel(label)
            if field === bottomField { column.append(Label(), expands: true) }
            column.append(label)
            column.append(field)
        }

        let page = Box(vertical: false, spacing: 36)
        page.setMargins(24)
        page.append(controls)
        page.append(column, expands: true)
        content = page

        countField.setItems(Self.counts.map(Self.formatted))
        countField.selectedIndex = 0
        gtk_spin_button_set_value(rowsButton.cast(), Double(topField.visibleRowCount))
        var border = GdkRGBA()
        if gdk_rgba_parse(&border, topField.listBorderColor ?? "") == 0 {
            // The theme's own border colour (the default, "@borders"): show what it is now.
            _ = gtk_style_context_lookup_color(gtk_widget_get_style_context(topField.widget), "borders", &border)
        }
        gtk_color_chooser_set_rgba(OpaquePointer(borderButton.widget), &border)
        gtk_font_chooser_set_level(
            OpaquePointer(fontButton.widget),
            GtkFontChooserLevel(GTK_FONT_CHOOSER_LEVEL_FAMILY.rawValue | GTK_FONT_CHOOSER_LEVEL_STYLE.rawValue))
        gtk_font_chooser_set_font(OpaquePointer(fontButton.widget), Self.font(of: topField))
        gtk_spin_button_set_value(fontSizeButton.cast(), Self.points(of: topField))
        connectControls()
        setCount(Self.counts[0])
        LocalizedText.bind(self) { page, strings in page.relabel(strings) }
    }

    private func connectControls() {
        countField.onSelect = { [weak self] index, _ in self?.setCount(Self.counts[index]) }
        rowsButton.connect("value-changed") { [weak self] in
            guard let self else { return }
            let rows = Int(gtk_spin_button_get_value_as_int(rowsButton.cast()))
            for field in fields { field.visibleRowCount = rows }
        }
        rowHeightButton.connect("value-changed") { [weak self] in
            guard let self else { return }
            let height = Int(gtk_spin_button_get_value_as_int(rowHeightButton.cast()))
            for field in fields { field.rowHeight = height > 0 ? height : nil }  // 0: the entry's height
        }
        borderButton.connect("color-set") { [weak self] in
            guard let self else { return }
            var colour = GdkRGBA()
            gtk_color_chooser_get_rgba(OpaquePointer(borderButton.widget), &colour)
            let string = gdk_rgba_to_string(&colour)!
            defer { g_free(string) }
            let css = String(cString: string)
            for field in fields { field.listBorderColor = css }
        }
        fontButton.connect("font-set") { [weak self] in self?.applyListFont() }
        fontSizeButton.connect("value-changed") { [weak self] in self?.applyListFont() }
        editableCheck.connect("toggled") { [weak self] in
            guard let self else { return }
            let editable = gtk_toggle_button_get_active(editableCheck.cast()) != 0
            for field in fields { field.isEditable = editable }
        }
        for field in fields {
            field.onSelect = { [weak self, unowned field] index, _ in
                self?.lastPick = (field, index)
                self?.showPick(LocalizedText.localization)
            }
        }
    }

    /// Gives both fields `count` sample items.
    func setCount(_ count: Int) {
        let items = Self.sampleItems(count: count)
        for field in fields { field.items = items }
        lastPick = nil
        showPick(LocalizedText.localization)
    }

    private func relabel(_ strings: Localization) {
        gtk_label_set_text_with_mnemonic(topLabel.cast(), strings.string(DropDownPageMnemonics.nearTheTop.rawValue))
        gtk_label_set_text_with_mnemonic(bottomLabel.cast(), strings.string(DropDownPageMnemonics.nearTheBottom.rawValue))
        for field in fields { field.placeholderText = strings.string("Click to choose") }
        gtk_label_set_text_with_mnemonic(countLabel.cast(), strings.string(DropDownPageMnemonics.items.rawValue))
        gtk_label_set_text_with_mnemonic(rowsLabel.cast(), strings.string(DropDownPageMnemonics.rowsShown.rawValue))
        gtk_label_set_text_with_mnemonic(rowHeightLabel.cast(), strings.string(DropDownPageMnemonics.rowHeight.rawValue))
        gtk_label_set_text_with_mnemonic(borderLabel.cast(), strings.string(DropDownPageMnemonics.borderColor.rawValue))
        gtk_label_set_text_with_mnemonic(fontLabel.cast(), strings.string(DropDownPageMnemonics.listFont.rawValue))
        gtk_label_set_text_with_mnemonic(fontSizeLabel.cast(), strings.string(DropDownPageMnemonics.fontSize.rawValue))
        gtk_button_set_label(editableCheck.cast(), strings.string(DropDownPageMnemonics.editable.rawValue))
        gtk_button_set_use_underline(editableCheck.cast(), 1)
        showPick(strings)
    }

    private func showPick(_ strings: Localization) {
        guard let (field, index) = lastPick, field.items.indices.contains(index) else {
            picked.text = strings.string("Nothing picked yet.")
            return
        }
        picked.text = strings.format(
            "Picked: %1$@ (%2$@ of %3$@)", field.items[index], Self.formatted(index + 1), Self.formatted(field.items.count))
    }

    // MARK: Sample items

    /// "1,000,000": counts as the page shows them.
    static func formatted(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private static let fruit = [
        "apple", "apricot", "banana", "blueberry", "cherry", "date", "elderberry", "fig", "grape", "kiwi",
        "lemon", "lime", "mango", "melon", "orange", "papaya", "peach", "pear", "plum", "quince",
    ]

    /// `count` items: the fruit names, then "apple 2", "apricot 2" … as far as needed, written as
    /// lines into one block of bytes (a million `String`s would cost far more than the list does).
    static func sampleItems(count: Int) -> ListItems {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 16)
        let names = fruit.map { Array($0.utf8) }
        for index in 0..<count {
            bytes += names[index % names.count]
            let round = index / names.count + 1
            if round > 1 {
                bytes.append(UInt8(ascii: " "))
                appendDigits(of: round, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return ListItems(lines: bytes)
    }

    private static func appendDigits(of number: Int, to bytes: inout [UInt8]) {
        if number >= 10 { appendDigits(of: number / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// The rows' font: the family and style chosen in the font dialog, at the size of the size
    /// control (in points).
    private func applyListFont() {
        guard let chosen = gtk_font_chooser_get_font_desc(OpaquePointer(fontButton.widget)) else { return }
        defer { pango_font_description_free(chosen) }
        pango_font_description_set_size(chosen, gint(gtk_spin_button_get_value_as_int(fontSizeButton.cast())) * gint(PANGO_SCALE))
        let name = pango_font_description_to_string(chosen)!
        defer { g_free(name) }
        for field in fields { field.listFont = String(cString: name) }
    }

    /// The size of the entry's own font in points (an absolute size read as pixels).
    private static func points(of field: DropDownField) -> Double {
        let description = pango_context_get_font_description(gtk_widget_get_pango_context(field.widget))
        return Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
    }

    /// The entry's own font, what the lists use until another is chosen.
    private static func font(of field: DropDownField) -> String {
        let name = pango_font_description_to_string(pango_context_get_font_description(gtk_widget_get_pango_context(field.widget)))!
        defer { g_free(name) }
        return String(cString: name)
    }
}
