import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

extension DropDownFieldTests {
    /// `list-max-height`: the open list is no taller than it, whatever the room, and opens below
    /// the field wherever that height fits there.
    ///
    /// Nested in ``DropDownFieldTests``, whose serialization it shares (one display, one pointer).
    @MainActor @Suite struct ListMaxHeight {
        init() throws { try TestDisplay.require() }

        /// Twenty items of 30 px rows, twelve shown, in a field `spaceBelow` pixels above the
        /// bottom of a 400 px window.
        private func tallListField(spaceBelow: Int32) -> (DropDownField, TestWindow) {
            let field = DropDownField()
            field.setItems((1...20).map { "item \($0)" })
            field.visibleRowCount = 12
            field.rowHeight = 30
            field.listTransitionDuration = 0
            let column = Box(vertical: true)
            column.append(Label(""), expands: true)
            column.append(field)
            let space = Label("")
            gtk_widget_set_size_request(space.widget, -1, spaceBelow)
            column.append(space)
            column.setMargins(20)
            return (field, TestWindow(column, width: 360, height: 400))
        }

        private func openAndWait(_ field: DropDownField, _ window: TestWindow) {
            field.open()
            MainLoop.run(until: { field.popup.isFullyRevealed }, timeout: 5)
            window.waitForFrames()
        }

        private func closeAndWait(_ field: DropDownField, _ window: TestWindow) {
            field.close()
            MainLoop.run(until: { !field.popup.isVisible }, timeout: 5)
            window.waitForFrames()
        }

        @Test func theListIsNoTallerThanItsMaximumAndOpensBelowWhereThatFits() {
            let (field, window) = tallListField(spaceBelow: 160)
            openAndWait(field, window)
            #expect(field.placement == .above, "twelve rows do not fit in the 160 px below")
            let unlimited = Int(gtk_widget_get_allocated_height(field.list.widget))
            #expect(unlimited > 100, "cut only to the room above: \(unlimited)")
            closeAndWait(field, window)

            field.listMaxHeight = 100
            openAndWait(field, window)
            #expect(field.placement == .below, "100 px and the margin fit below")
            let height = Int(gtk_widget_get_allocated_height(field.list.widget))
            #expect(height <= 100 && height >= 30, "at most the maximum, at least a row: \(height)")
            #expect((height - field.list.frameHeight) % 30 == 0, "whole rows: \(height) with a frame of \(field.list.frameHeight)")
            #expect(field.list.rowCount == 20, "the rest scrolls")
            window.saveScreenshot("dropdown-list-max-height")
            closeAndWait(field, window)

            field.listMaxHeight = nil
            openAndWait(field, window)
            #expect(field.placement == .above && Int(gtk_widget_get_allocated_height(field.list.widget)) == unlimited)
            closeAndWait(field, window)
        }

        @Test func theMaximumIsTheObjectsPropertyFromSwiftCAndGObject() {
            let field = DropDownField()
            field.setItems((1...20).map { "item \($0)" })
            field.rowHeight = 30
            #expect(field.listMaxHeight == nil && integer(field.object, "list-max-height") == 0)
            #expect(ek_drop_down_field_get_list_max_height(field.opaque) == 0)
            var notified = 0
            field.connect("notify::list-max-height", withPointer: { _ in notified += 1 })
            ek_drop_down_field_set_list_max_height(field.opaque, 120)
            #expect(field.listMaxHeight == 120 && integer(field.object, "list-max-height") == 120)
            #expect(field.listHeight(showingRows: 10) <= 120, "a window keeping room for the list keeps no more")
            field.listMaxHeight = 120  // unchanged: no notification
            setInteger(field.object, "list-max-height", 0)
            #expect(field.listMaxHeight == nil && ek_drop_down_field_get_list_max_height(field.opaque) == 0)
            ek_drop_down_field_set_list_max_height(field.opaque, -5)  // below the range: none
            #expect(field.listMaxHeight == nil)
            #expect(notified == 2)
        }
    }
}
