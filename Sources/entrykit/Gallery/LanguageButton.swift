import CGtk
import EntryKit

/// The header bar's language chooser: a popover of radio buttons, one per available language,
/// each named in its own language and bound to the `app.language` action.
///
/// Radio buttons rather than a `GMenu`: GTK 3's model buttons do not expose `checked` over
/// AT-SPI, so a screen reader could not tell which language is in use.
@MainActor
final class LanguageButton: Widget {
    private let popover: Widget
    private var list: Box?
    private var shownLanguages: [String] = []

    init() {
        let button = gtk_menu_button_new()!
        popover = Widget(taking: gtk_popover_new(button))
        super.init(taking: button)
        gtk_button_set_image(cast(), gtk_image_new_from_icon_name("preferences-desktop-locale-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_menu_button_set_popover(cast(), popover.widget)
    }

    /// Lists `languages` (`xx.lproj` names); rebuilt only when the set changes.
    func show(languages: [String], strings: Localization) {
        guard languages != shownLanguages else { return }
        shownLanguages = languages
        let column = Box(vertical: true, spacing: 2)
        column.setMargins(8)
        var group: UnsafeMutablePointer<GtkRadioButton>?
        for language in languages {
            let choice = Widget(taking: gtk_radio_button_new_with_label_from_widget(group, strings.displayName(ofLanguage: language)))
            group = choice.cast()
            gtk_actionable_set_action_name(choice.opaque, "app.language")
            gtk_actionable_set_action_target_value(choice.opaque, g_variant_new_string(language))
            choice.connect("clicked") { [weak self] in self.map { gtk_popover_popdown($0.popover.cast()) } }
            column.append(choice)
        }
        if let list { gtk_container_remove(popover.cast(), list.widget) }
        gtk_container_add(popover.cast(), column.widget)
        column.showAll()
        list = column
    }
}
