import CGtk
import EntryKit

/// The header bar's language chooser: a popover of radio buttons, one per available language,
/// each named in its own language; choosing one relabels the whole app at once.
///
/// Radio buttons rather than a `GMenu`: GTK 3's model buttons do not expose `checked` over
/// AT-SPI, so a screen reader could not tell which language is in use.
@MainActor
final class LanguageButton: Widget {
    private let popover: Container
    private var list: Box?
    private var choices: [(language: String, button: Widget)] = []

    init() {
        let button = gtk_menu_button_new()!
        // A popover made relative to a widget is sunk at once and owned by that widget: borrowed.
        popover = Container(transferNone: gtk_popover_new(button))
        super.init(transferFull: button)
        gtk_button_set_image(cast(), gtk_image_new_from_icon_name("preferences-desktop-locale-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_menu_button_set_popover(cast(), popover.widget)
    }

    /// Lists the available languages with the current one checked; the list is rebuilt only
    /// when the set of languages changes.
    func update(from strings: Localization) {
        let languages = strings.availableLanguages()
        if languages != choices.map(\.language) { rebuild(languages, strings: strings) }
        let current = strings.currentLanguage
        // Checking the current button emits `toggled`; choosing the language in use changes nothing.
        for choice in choices where choice.language == current {
            gtk_toggle_button_set_active(choice.button.cast(), 1)
        }
    }

    private func rebuild(_ languages: [String], strings: Localization) {
        let column = Box(vertical: true, spacing: 2)
        column.setMargins(8)
        var group: UnsafeMutablePointer<GtkRadioButton>?
        choices = languages.map { language in
            let button = Widget(transferFull: gtk_radio_button_new_with_label_from_widget(group, strings.displayName(ofLanguage: language)))
            group = button.cast()
            button.connect("toggled") { [weak self, weak button] in
                guard let self, let button, gtk_toggle_button_get_active(button.cast()) != 0 else { return }
                self.choose(language)
            }
            column.append(button)
            return (language, button)
        }
        if let list { popover.remove(list) }
        popover.add(column)
        column.showAll()
        list = column
    }

    private func choose(_ language: String) {
        let strings = LocalizedText.localization
        guard language != strings.currentLanguage else { return }
        gtk_popover_popdown(popover.cast())
        strings.setLanguage(language)
    }
}
