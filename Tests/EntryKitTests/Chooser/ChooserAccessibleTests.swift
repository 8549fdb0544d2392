import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

/// The combo box both fields are over AT-SPI, as a client with no keyboard uses it (on Wayland
/// an AT-SPI client cannot synthesize keys): the `press` action GTK's combo box has, which opens
/// and closes the list, and AtkSelection, which chooses an item without accepting anything.
@MainActor @Suite(.serialized) struct ChooserAccessibleTests {
    init() throws { try TestDisplay.require() }

    private let fruit = ["apple", "banana", "cherry"]

    private func actionNames(_ field: ChooserEntry) -> [String] {
        let action = OpaquePointer(field.accessible)
        return (0..<atk_action_get_n_actions(action)).map { String(cString: atk_action_get_name(action, $0)) }
    }

    private func doAction(_ field: ChooserEntry, _ name: String) -> Bool {
        guard let index = actionNames(field).firstIndex(of: name) else { return false }
        return atk_action_do_action(OpaquePointer(field.accessible), gint(index)) != 0
    }

    private func shown(_ field: ChooserEntry) -> TestWindow {
        let column = Box(vertical: true)
        column.setMargins(12)
        column.append(field)
        gtk_widget_set_margin_bottom(column.widget, 240)
        return TestWindow(column, width: 360, height: 400)
    }

    private func selection(_ field: ChooserEntry) -> OpaquePointer { OpaquePointer(field.accessible) }

    @Test func pressOpensAndClosesTheDropDownAndActivateKeepsItsMeaning() {
        let field = DropDownField()
        field.setItems(fruit)
        let window = shown(field)
        var activations = 0
        field.connect("activate") { activations += 1 }
        #expect(actionNames(field) == ["activate", "press"])
        #expect(doAction(field, "press"))
        MainLoop.run(until: { field.isOpen && field.popup.isFullyRevealed }, timeout: 5)
        #expect(field.isOpen)
        #expect(doAction(field, "press"))
        MainLoop.run(until: { !field.popup.isVisible }, timeout: 5)
        #expect(!field.isOpen)
        #expect(activations == 0, "press opens the list; only activate is Enter")
        #expect(doAction(field, "activate"))
        MainLoop.run(until: { activations == 1 }, timeout: 5)
        #expect(activations == 1)
        field.setItems([])
        #expect(actionNames(field) == ["activate"], "with no items there is no list to open")
        withExtendedLifetime(window) {}
    }

    @Test func theDropDownsSelectionChoosesAnItemAsGtksComboBoxDoes() {
        let field = DropDownField()
        field.setItems(fruit)
        let window = shown(field)
        var picked: [Int] = []
        field.onSelect = { index, _ in picked.append(index) }
        #expect(atk_selection_get_selection_count(selection(field)) == 0)
        #expect(atk_selection_add_selection(selection(field), 1) != 0)
        #expect(picked == [1])
        #expect(field.selectedIndex == 1 && field.text == "banana")
        #expect(atk_selection_get_selection_count(selection(field)) == 1)
        #expect(atk_selection_is_child_selected(selection(field), 1) != 0)
        #expect(atk_selection_is_child_selected(selection(field), 0) == 0)
        #expect(atk_selection_add_selection(selection(field), 3) == 0, "there is no fourth item")
        #expect(atk_selection_add_selection(selection(field), -1) == 0)
        #expect(field.selectedIndex == 1)
        field.selectedIndex = 2  // chosen by code: the selection follows
        #expect(atk_selection_is_child_selected(selection(field), 2) != 0)
        #expect(atk_selection_clear_selection(selection(field)) != 0)
        #expect(field.selectedIndex == nil && field.text.isEmpty)
        #expect(atk_selection_get_selection_count(selection(field)) == 0)
        withExtendedLifetime(window) {}
    }

    @Test func thePickersSelectionPicksAndPressOpensIt() {
        let field = PickerField()
        field.setItems(fruit, placeholder: "Fruit")
        let window = shown(field)
        // A picker that takes the focus when its window comes up opens and picks what it
        // highlights: start from a closed picker with nothing picked.
        MainLoop.drain()
        field.close()
        MainLoop.run(until: { !field.popup.isVisible }, timeout: 5)
        field.pickedIndex = -1
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        #expect(actionNames(field) == ["activate", "press"])
        #expect(atk_selection_get_selection_count(selection(field)) == 0)
        #expect(atk_selection_add_selection(selection(field), 2) != 0)
        #expect(picks == [2] && field.pickedIndex == 2 && field.text == "cherry")
        #expect(atk_selection_is_child_selected(selection(field), 2) != 0)
        #expect(atk_selection_add_selection(selection(field), 5) == 0)
        #expect(field.pickedIndex == 2)
        #expect(doAction(field, "press"))
        MainLoop.run(until: { field.isOpen }, timeout: 5)
        #expect(field.isOpen)
        #expect(doAction(field, "press"))
        MainLoop.run(until: { !field.popup.isVisible }, timeout: 5)
        #expect(!field.isOpen)
        #expect(atk_selection_clear_selection(selection(field)) != 0)
        #expect(field.pickedIndex == -1 && field.text.isEmpty)
        withExtendedLifetime(window) {}
    }

    @Test func anInsensitiveFieldRefusesBoth() {
        let field = DropDownField()
        field.setItems(fruit)
        let window = shown(field)
        gtk_widget_set_sensitive(field.widget, 0)
        #expect(!doAction(field, "press"))
        #expect(atk_selection_add_selection(selection(field), 1) == 0)
        #expect(!field.isOpen && field.selectedIndex == nil)
        withExtendedLifetime(window) {}
    }
}
