import CGtk
import EntryKit

/// A page of the gallery: one widget shown working, under a localized tab title.
@MainActor
protocol GalleryPage: AnyObject {
    /// Stable id of the page in the stack (`overview`, `dropdown`).
    var name: String { get }
    /// The `.strings` key of the tab title.
    var titleKey: String { get }
    var content: Widget { get }
}

/// The main window: a header bar with a page switcher, the language menu and the main menu,
/// above a stack of gallery pages.
@MainActor
final class GalleryWindow: ApplicationWindow {
    private let pages: [GalleryPage]
    private let stack = Stack()
    private let headerBar = HeaderBar()
    private let languageButton = LanguageButton()
    let mainMenuButton = MenuButton(iconName: "open-menu-symbolic")

    override init(application: Application) {
        let accountPage = AccountPanelPage()
        pages = [OverviewPage(), DropDownFieldPage(), PickerFieldPage(), accountPage]
        super.init(application: application)
        accountPage.window = self
        gtk_window_set_default_size(cast(), 760, 520)
        gtk_window_set_icon_name(cast(), GalleryApplication.applicationID)

        headerBar.showsCloseButton = true
        // With a header bar as titlebar, GTK names the window's accessible after the header bar's
        // title, so a screen reader reads "EntryKit" only when the header bar has it too.
        title = "EntryKit"
        headerBar.title = "EntryKit"
        headerBar.customTitle = StackSwitcher(stack: stack)
        headerBar.packEnd(mainMenuButton)
        headerBar.packEnd(languageButton)
        gtk_window_set_titlebar(cast(), headerBar.widget)

        for page in pages { stack.addPage(page.content, name: page.name, title: page.titleKey) }
        add(stack)

        addSimpleAction("close") { [weak self] in self?.close() }
        // F10 opens the main menu, as in other GNOME apps.
        addSimpleAction("show-main-menu") { [weak self] in self?.mainMenuButton.toggle() }
        LocalizedText.bind(self) { window, strings in window.relabel(strings) }
        showAll()
    }

    /// The pages' ids, in tab order.
    var pageNames: [String] { pages.map(\.name) }

    private func relabel(_ strings: Localization) {
        for page in pages { stack.setTitle(strings.string(page.titleKey), of: page.content) }

        languageButton.tooltip = strings.string("Language")
        languageButton.accessibleName = strings.string("Language")
        languageButton.update(from: strings)

        mainMenuButton.tooltip = strings.string("Main Menu")
        mainMenuButton.accessibleName = strings.string("Main Menu")
        let mainMenu = Menu()
        mainMenu.append(strings.string("About EntryKit"), action: "app.about")
        mainMenu.append(strings.string("Quit"), action: "app.quit")
        mainMenuButton.menu = mainMenu
    }
}
