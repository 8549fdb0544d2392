import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

/// The list core on a real display: what is drawn and exposed, how it moves, what it frees.
@MainActor @Suite(.serialized) struct ListViewTests {
    init() throws { try TestDisplay.require() }

    private func numbered(_ count: Int) -> [String] {
        (0..<count).map { "Item \($0)" }
    }

    /// A list of `items` in 20-pixel rows, five on screen, shown and painted in a window.
    private func shownList(_ items: [String]) -> (ListView, TestWindow) {
        let list = ListView()
        list.rowHeight = 20
        list.visibleRowCount = 5
        list.setItems(items)
        return (list, TestWindow(list))
    }

    private func listAccessible(_ list: ListView) -> UnsafeMutablePointer<AtkObject> { list.canvas.accessible }

    private func children(of accessible: UnsafeMutablePointer<AtkObject>) -> [GObjectReference] {
        (0..<atk_object_get_n_accessible_children(accessible)).map { index in
            GObjectReference(transferFull: atk_object_ref_accessible_child(accessible, index))
        }
    }

    private func name(_ object: GObjectReference) -> String {
        atk_object_get_name(object.cast()).map { String(cString: $0) } ?? ""
    }

    private func attributes(_ object: GObjectReference) -> [String: String] {
        var result: [String: String] = [:]
        var node = atk_object_get_attributes(object.cast())
        let head = node
        while let current = node {
            let attribute = current.pointee.data.assumingMemoryBound(to: AtkAttribute.self)
            result[String(cString: attribute.pointee.name)] = String(cString: attribute.pointee.value)
            node = current.pointee.next
        }
        atk_attribute_set_free(head)
        return result
    }

    private func states(_ object: GObjectReference) -> Set<AtkStateType> {
        let set = atk_object_ref_state_set(object.cast())!
        defer { g_object_unref(set) }
        return Set(
            [ATK_STATE_SELECTED, ATK_STATE_SELECTABLE, ATK_STATE_SHOWING, ATK_STATE_DEFUNCT].filter {
                atk_state_set_contains_state(set, $0) != 0
            })
    }

    /// The children `[first, first + count)`, fetched one by one as a screen reader does.
    private func children(of accessible: UnsafeMutablePointer<AtkObject>, from first: Int, count: Int) -> [GObjectReference] {
        (first..<first + count).map { index in
            GObjectReference(transferFull: atk_object_ref_accessible_child(accessible, Int32(index)))
        }
    }

    /// A screen reader that counts children (Orca 43) hears the true size and place: there is a
    /// child per row, with its real index, made only when asked for.
    @Test func everyRowIsAChildAtItsRealIndexMadeOnDemandAtAMillionItems() {
        let rowsBefore = ListView.liveRowAccessibles
        let list = ListView()
        list.rowHeight = 24
        list.visibleRowCount = 8
        list.setItems(numbered(1_000_000))
        let window = TestWindow(list)
        window.saveScreenshot("list-million")
        #expect(list.rowCount == 1_000_000)
        #expect(gtk_widget_get_allocated_height(list.canvas.widget) == 8 * 24)

        let accessible = listAccessible(list)
        #expect(atk_object_get_n_accessible_children(accessible) == 1_000_000)
        // Above 100 rows a one-column table: screen readers read its size in one call.
        #expect(atk_object_get_role(accessible) == ATK_ROLE_TABLE)
        #expect(atk_table_get_n_rows(OpaquePointer(accessible)) == 1_000_000)
        #expect(atk_table_get_n_columns(OpaquePointer(accessible)) == 1)
        let set = atk_object_ref_state_set(accessible)!
        #expect(
            atk_state_set_contains_state(set, ATK_STATE_MANAGES_DESCENDANTS) != 0,
            "the AT-SPI bridge must not walk a million children")
        g_object_unref(set)
        let rows = children(of: accessible, from: 0, count: 8)
        #expect(rows.map(name) == numbered(8))
        #expect(rows.allSatisfy { atk_object_get_role($0.cast()) == ATK_ROLE_LIST_ITEM })
        #expect(rows.enumerated().allSatisfy { atk_object_get_index_in_parent($0.element.cast()) == Int32($0.offset) })
        #expect(attributes(rows[2]) == ["posinset": "3", "setsize": "1000000"])
        #expect(states(rows[0]).isSuperset(of: [ATK_STATE_SELECTABLE, ATK_STATE_SHOWING]))
        #expect(ListView.liveRowAccessibles - rowsBefore <= 9, "no object per row up front")

        let far = children(of: accessible, from: 500_000, count: 1)[0]
        #expect(name(far) == "Item 500000")
        #expect(atk_object_get_index_in_parent(far.cast()) == 500_000)
        #expect(atk_object_get_parent(far.cast()) == accessible)
        #expect(!states(far).contains(ATK_STATE_SHOWING), "a row off screen is no less a child, but not showing")
        #expect(children(of: accessible, from: 500_000, count: 1)[0].object == far.object, "a live row object keeps its identity")

        list.scroll(toRow: 999_999, placement: .nearest)
        window.waitForFrames()
        #expect(list.firstVisibleRow == 999_992)
        let last = children(of: accessible, from: 999_992, count: 8)
        #expect(last.last.map(name) == "Item 999999")
        #expect(last.last.map { atk_object_get_index_in_parent($0.cast()) } == 999_999)
        #expect(last.last.map(attributes) == ["posinset": "1000000", "setsize": "1000000"])
        #expect(states(last[0]).contains(ATK_STATE_SHOWING))
        #expect(!states(rows[0]).contains(ATK_STATE_DEFUNCT), "a row scrolled away is still a child")
        #expect(!states(rows[0]).contains(ATK_STATE_SHOWING))
        #expect(atk_object_get_index_in_parent(rows[0].cast()) == 0)
        #expect(atk_object_ref_accessible_child(accessible, 1_000_000) == nil)
        window.saveScreenshot("list-million-end")

        // A filter down to 100 rows or fewer makes it a list again, with the filtered count.
        list.filterText = "Item 99999"
        list.settleFilter()
        #expect(atk_object_get_n_accessible_children(accessible) == 11)
        #expect(atk_object_get_role(accessible) == ATK_ROLE_LIST)
    }

    /// A filter is a change of the whole list: the count follows it, the old row objects are defunct.
    @Test func newRowsReplaceTheChildrenAsAWhole() {
        let (list, window) = shownList(numbered(1000))
        let accessible = listAccessible(list)
        let old = children(of: accessible, from: 0, count: 1)[0]
        let offScreen = children(of: accessible, from: 700, count: 1)[0]
        list.setItems(numbered(30))
        window.waitForFrames()
        #expect(atk_object_get_n_accessible_children(accessible) == 30)
        #expect(states(old).contains(ATK_STATE_DEFUNCT) && states(offScreen).contains(ATK_STATE_DEFUNCT))
        #expect(atk_object_get_index_in_parent(offScreen.cast()) == -1)
        #expect(attributes(children(of: accessible, from: 29, count: 1)[0]) == ["posinset": "30", "setsize": "30"])
    }

    @Test func scrollingThroughAMillionKeepsTheSameSmallSetOfRowsAndFreesEverything() {
        let before = LiveObjects.now
        let rowsBefore = ListView.liveRowAccessibles
        var probes: [GObjectFinalizationProbe] = []
        do {
            let list = ListView()
            list.visibleRowCount = 10
            list.setItems(numbered(1_000_000))
            let window = TestWindow(list)
            probes = [
                GObjectFinalizationProbe(list), GObjectFinalizationProbe(list.canvas),
                GObjectFinalizationProbe(object: UnsafeMutableRawPointer(listAccessible(list)).assumingMemoryBound(to: GObject.self)),
                GObjectFinalizationProbe(window.window),
            ]
            var most = 0
            for page in stride(from: 0, to: 1_000_000, by: 50_000) {
                list.scroll(toRow: page, placement: .top)
                _ = children(of: listAccessible(list), from: list.firstVisibleRow, count: 10)
                window.waitForFrames()
                most = max(most, ListView.liveRowAccessibles - rowsBefore)
            }
            #expect(most <= 12, "row objects are held for the rows on screen only (at most \(most))")
        }
        MainLoop.drain()
        expectFinalized(probes, "the list, its canvas and its accessible")
        #expect(ListView.liveRowAccessibles == rowsBefore)
        #expect(LiveObjects.now == before)
    }

    @Test func rowHeightAndFontTakeEffect() throws {
        let list = ListView()
        list.visibleRowCount = 4
        list.setItems(numbered(100))
        let window = TestWindow(list)
        let fromFont = list.rowHeight
        #expect(fromFont > 10)
        list.font = "Sans 30"
        window.waitForFrames()
        #expect(list.rowHeight > fromFont + 10, "a larger font makes taller rows")
        list.rowHeight = 50
        #expect(list.preferredHeight == 200)
        gtk_window_resize(window.window.cast(), 320, 1)  // a toplevel keeps its size unless told
        window.waitForFrames()
        #expect(list.rowHeight == 50)
        #expect(gtk_widget_get_allocated_height(list.canvas.widget) == 200, "four rows of 50 pixels")
        list.borderColor = "not a colour"
        #expect(list.borderColor == nil, "a colour GTK cannot parse is refused")
        list.borderColor = "#d3d3d3"
        #expect(list.borderColor == "#d3d3d3")
        list.borderColor = ListView.themeBorderColor
        #expect(list.borderColor == "@borders", "a colour the theme names is taken")
        list.borderColor = "@no_such_theme_colour"
        #expect(list.borderColor == "@borders", "a name the theme lacks is refused")
        list.rowHeight = 0
        let fromTheFont = list.rowHeight
        list.rowHeight = fromTheFont + 37
        #expect(list.textRowHeight == fromTheFont, "the font's own row height, whatever rowHeight is")
    }

    /// The columns with text ink (dark pixels) in each 20-pixel row of a shown list, read back
    /// from the screen.
    private func inkColumns(_ list: ListView, in window: TestWindow, rows: Int) throws -> [[Int]] {
        let toplevel = try #require(gtk_widget_get_window(window.window.widget))
        var originX: gint = 0, originY: gint = 0
        gtk_widget_translate_coordinates(list.canvas.widget, window.window.widget, 0, 0, &originX, &originY)
        let width = Int(gtk_widget_get_allocated_width(list.canvas.widget))
        let pixbuf = try #require(gdk_pixbuf_get_from_window(toplevel, originX, originY, gint(width), gint(rows * 20)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        return (0..<rows).map { row in
            (0..<width).filter { x in
                // Inside the row, off its top and bottom lines and the list's border.
                (row * 20 + 1..<row * 20 + 19).contains { y in
                    let pixel = pixels + y * stride + x * channels
                    return Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) < 3 * 128
                }
            }
        }
    }

    /// An item longer than any screen (a million characters) is drawn like a short one: from
    /// the same left edge, cut off with an ellipsis.
    @Test func aHugeItemIsEllipsizedFromTheSameEdge() throws {
        let (list, window) = shownList(["Item", String(repeating: "x", count: 1_000_000), "Item"])
        let ink = try inkColumns(list, in: window, rows: 2)
        let short = try #require(ink[0].first), long = try #require(ink[1].first), end = try #require(ink[1].last)
        #expect(long == short, "the text starts at the row's padding")
        #expect(end < Int(gtk_widget_get_allocated_width(list.canvas.widget)) - 4, "and ends before the row does, with an ellipsis")
    }

    /// Text alignment outside 0…1 is cut to it, and NaN is the start.
    @Test func textAlignmentOutOfRangeIsClamped() throws {
        let (list, window) = shownList(["Item"])
        let start = try #require(inkColumns(list, in: window, rows: 1)[0].first)
        list.textAlignment = 1
        window.waitForFrames()
        let end = try #require(inkColumns(list, in: window, rows: 1)[0].first)
        #expect(end > start)
        list.textAlignment = 7
        window.waitForFrames()
        #expect(try inkColumns(list, in: window, rows: 1)[0].first == end)
        list.textAlignment = .nan
        window.waitForFrames()
        #expect(try inkColumns(list, in: window, rows: 1)[0].first == start)
    }

    /// AT-SPI Selection speaks of children, and every row is one: a highlighted row scrolled off
    /// screen is still the selection, at its real index.
    @Test func theSelectionIsTheHighlightedRowAtItsRealIndexOnScreenOrNot() {
        let (list, window) = shownList(numbered(1000))
        list.highlightedRow = 0
        list.scroll(toRow: 999, placement: .top)
        window.waitForFrames()
        let accessible = OpaquePointer(list.canvas.accessible)
        #expect(atk_selection_get_selection_count(accessible) == 1)
        #expect(atk_selection_is_child_selected(accessible, 0) != 0)
        let selected = atk_selection_ref_selection(accessible, 0)
        #expect(selected.map { atk_object_get_index_in_parent($0) } == 0)
        if let selected { g_object_unref(selected) }
        list.highlightedRow = 998
        #expect(atk_selection_is_child_selected(accessible, 998) != 0)
        #expect(atk_selection_is_child_selected(accessible, 0) == 0)
    }

    /// A font too large for cairo (which would stop GTK drawing text in the whole process) is
    /// cut to the largest size rows take.
    @Test func aFontPastAnySizeIsCut() {
        let (list, _) = shownList(numbered(3))
        list.rowHeight = 0
        list.font = "Sans 100000"
        #expect(list.rowHeight < 2 * ListView.maximumFontSize, "rows as tall as a \(ListView.maximumFontSize) pt font at most")
        list.font = nil
    }

    /// An item with line breaks stays one line in its own row (as in an entry), never spilling
    /// over its neighbours.
    @Test func anItemWithLineBreaksStaysInItsRow() throws {
        let (list, window) = shownList(["", "one\ntwo\nthree\nfour", ""])
        let ink = try inkColumns(list, in: window, rows: 3)
        #expect(!ink[1].isEmpty)
        #expect(ink[0].isEmpty && ink[2].isEmpty, "the empty rows around it stay empty")
    }

    @Test func highlightMovesByKeyAndActivates() {
        let (list, window) = shownList(numbered(50))
        var highlighted: [Int?] = []
        var activated: [Int] = []
        list.onHighlightChange = { highlighted.append($0) }
        list.onActivate = { activated.append($0) }

        list.move(.next)
        #expect(list.highlightedRow == 0)
        list.move(.pageDown)
        #expect(list.highlightedRow == 4, "a page is the visible rows less one")
        list.move(.last)
        #expect(list.highlightedRow == 49)
        #expect(list.firstVisibleRow == 45, "the highlighted row is scrolled into view")
        list.move(.next)
        #expect(list.highlightedRow == 49, "no wrap at the end")
        list.move(.pageUp)
        #expect(list.highlightedRow == 45)
        list.move(.first)
        #expect(list.highlightedRow == 0)
        #expect(highlighted == [0, 4, 49, 45, 0])

        window.waitForFrames()
        let rows = children(of: listAccessible(list))
        #expect(states(rows[0]).contains(ATK_STATE_SELECTED))
        #expect(!states(rows[1]).contains(ATK_STATE_SELECTED))
        list.activateHighlighted()
        #expect(activated == [0])
    }

    @Test func aClickActivatesTheRowUnderIt() {
        let (list, window) = shownList(numbered(50))
        var activated: [Int] = []
        list.onActivate = { activated.append($0) }
        TestInput.click(list.canvas, x: 10, y: 50)
        #expect(activated == [2], "y = 50 is in the third row of 20-pixel rows")
        #expect(list.highlightedRow == 2)
        window.waitForFrames()
    }

    @Test func selectionAndActionOverAtkActivateLikeAClick() {
        let list = ListView()
        list.rowHeight = 20
        list.visibleRowCount = 5
        list.setItems(["apple", "banana", "cherry"])
        let window = TestWindow(list)
        var activated: [Int] = []
        list.onActivate = { activated.append($0) }
        let accessible = listAccessible(list)
        let selection = OpaquePointer(accessible)
        #expect(atk_selection_add_selection(selection, 1) != 0)
        MainLoop.run(until: { activated == [1] }, timeout: 5)
        #expect(activated == [1])
        #expect(atk_selection_get_selection_count(selection) == 1)
        #expect(atk_selection_is_child_selected(selection, 1) != 0)

        let cherry = children(of: accessible)[2]
        let action = OpaquePointer(cherry.object)
        #expect(String(cString: atk_action_get_name(action, 0)) == "click")
        #expect(atk_action_do_action(action, 0) != 0)
        MainLoop.run(until: { activated == [1, 2] }, timeout: 5)
        #expect(activated == [1, 2])
        window.waitForFrames()
    }

    @Test func theFocusOwnerReportsTheHighlightedRowAsItsActiveDescendant() {
        let entry = Widget(transferFull: gtk_entry_new())
        let list = ListView()
        list.setFocusOwner(entry)
        list.setItems(["apple", "banana", "cherry"])
        let box = Box(vertical: true)
        box.append(entry)
        box.append(list)
        let window = TestWindow(box)
        var descendants: [String] = []
        let entryAccessible = GObjectReference(transferNone: entry.accessible)
        entryAccessible.connect(
            "active-descendant-changed",
            withPointer: { row in
                descendants.append(atk_object_get_name(row!.assumingMemoryBound(to: AtkObject.self)).map { String(cString: $0) } ?? "")
            })
        list.move(.next)
        list.move(.next)
        #expect(descendants == ["apple", "banana"])
        window.waitForFrames()
    }

    @Test func filteringShowsMatchesAndAnEmptyState() {
        let list = ListView()
        list.visibleRowCount = 5
        list.emptyText = "No matches"
        list.setItems(["Élan", "apple", "ｅclair", "banana", "cherry"])
        let window = TestWindow(list)
        list.filterText = "e"
        #expect((0..<list.rowCount).map(list.text(ofRow:)) == ["Élan", "apple", "ｅclair", "cherry"])
        #expect(list.highlightedRow == 0, "filtering highlights the first match")
        list.filterText = "zzz"
        #expect(list.rowCount == 0)
        #expect(list.highlightedRow == nil)
        window.waitForFrames()
        window.saveScreenshot("list-empty-state")
        list.filterText = ""
        #expect(list.rowCount == 5)
    }

    @Test func largeListsFilterOffTheGtkThreadAndTheNewestQueryWins() {
        let list = ListView()
        list.setItems(numbered(200_000))
        // No waiting for a result in the keystroke's frame: this test watches the background path.
        list.filterWaitMilliseconds = 0
        let window = TestWindow(list)
        var applied = 0
        list.onFilterApplied = { applied += 1 }
        list.filterText = "1"
        list.filterText = "12"
        list.filterText = "123"
        list.filterText = "1234"
        #expect(!list.isFilterSettled, "200,000 items are filtered in the background")
        MainLoop.run(until: { list.isFilterSettled }, timeout: 10)
        #expect(list.isFilterSettled)
        let expected = numbered(200_000).filter { $0.contains("1234") }
        #expect(list.rowCount == expected.count)
        #expect(list.text(ofRow: 0) == expected[0])
        MainLoop.run(until: { false }, timeout: 0.2)
        #expect(applied <= 2, "older queries were cancelled, not all shown (\(applied) shown)")
        window.waitForFrames()
    }

    @Test func aLargeListsFirstLetterIsFilteredOnTheGtkThreadFromItsPresenceMasks() {
        let list = ListView()
        let strings = numbered(200_000)
        list.setItems(strings)
        // Nothing waits for a background result: only an answer on this thread shows at once.
        list.filterWaitMilliseconds = 0
        let window = TestWindow(list)
        MainLoop.run(until: { list.items.isPreparedForSearch }, timeout: 10)
        list.filterText = "7"
        #expect(list.isFilterSettled, "one letter is answered from the masks, on this thread")
        #expect(list.rowCount == strings.filter { $0.contains("7") }.count)
        list.filterText = "71"
        #expect(!list.isFilterSettled, "two letters are scanned in the background")
        MainLoop.run(until: { list.isFilterSettled }, timeout: 10)
        list.filterText = "7"
        #expect(list.isFilterSettled, "Backspace to a kept result shows it at once")
        window.waitForFrames()
    }

    @Test func aBackgroundResultInTimeIsShownBeforeTheKeystrokeReturns() {
        let list = ListView()
        list.setItems(numbered(200_000))
        list.filterWaitMilliseconds = 5_000  // any scan fits: the result must not wait for the loop
        let window = TestWindow(list)
        list.filterText = "4999"
        #expect(list.isFilterSettled, "shown in the keystroke's own frame")
        #expect(list.rowCount == numbered(200_000).filter { $0.contains("4999") }.count)
        window.waitForFrames()
    }

    @Test func changingItemsWhileShownClampsTheHighlightAndKeepsTheScroll() {
        let list = ListView()
        list.rowHeight = 20
        list.visibleRowCount = 5
        list.setItems(numbered(1000))
        let window = TestWindow(list)
        list.highlightedRow = 500
        list.scroll(toRow: 500, placement: .top)
        window.waitForFrames()
        list.setItems(numbered(800))
        window.waitForFrames()
        #expect(list.highlightedRow == 500)
        #expect(list.firstVisibleRow == 500, "the scroll position is kept")
        list.setItems(numbered(10))
        window.waitForFrames()
        #expect(list.highlightedRow == 9, "the highlight is clamped to the last row")
        #expect(list.firstVisibleRow == 5)
        list.setItems([])
        #expect(list.highlightedRow == nil)
        window.waitForFrames()
    }

    /// A hidden list (a closed popup's) skips the work new items of the same count leave
    /// undone; a new count still sets its extent at once, and its place is clamped to it.
    @Test func newItemsForAHiddenListSetItsExtentAndKeepItsPlace() {
        let list = ListView()
        list.rowHeight = 20
        list.visibleRowCount = 5
        list.setItems(numbered(1000))
        let window = TestWindow(list)
        list.scroll(toRow: 500, placement: .top)
        window.waitForFrames()
        gtk_widget_hide(list.widget)
        let adjustment = gtk_scrolled_window_get_vadjustment(list.cast())
        list.setItems(Array(numbered(1000).reversed()))
        #expect(gtk_adjustment_get_upper(adjustment) == 20_000)
        #expect(list.firstVisibleRow == 500, "the same count keeps the place")
        list.setItems(numbered(100))
        #expect(gtk_adjustment_get_upper(adjustment) == 2_000, "a new count sets the extent while hidden")
        #expect(gtk_adjustment_get_value(adjustment) == 2_000 - gtk_adjustment_get_page_size(adjustment))
        gtk_widget_show(list.widget)
        window.waitForFrames()
        #expect(list.firstVisibleRow == 100 - list.visibleRowCapacity)
    }

    @Test func typeAheadFindsTheNextItemStartingWithTheLetters() {
        let list = ListView()
        list.setItems(["apple", "banana", "blueberry", "cherry"])
        let window = TestWindow(list)
        #expect(list.typeAhead("b"))
        #expect(list.highlightedRow == 1)
        #expect(list.typeAhead("l"))
        #expect(list.highlightedRow == 2)
        #expect(!list.typeAhead("x"))
        window.waitForFrames()
    }

    @Test func aDragScrollsAndChoosesNothing() {
        let (list, window) = shownList(numbered(50))
        var activated: [Int] = []
        list.onActivate = { activated.append($0) }
        TestInput.drag(list.canvas, from: (10, 90), to: (10, 10))
        window.waitForFrames()
        #expect(list.firstVisibleRow == 4, "dragging up by 80 pixels scrolls four 20-pixel rows")
        #expect(activated.isEmpty, "a drag is no click")
        MainLoop.drain()
        TestInput.click(list.canvas, x: 10, y: 10)
        #expect(activated == [4], "after the drag, clicks choose again")
    }

    @Test func wheelStyleKeepsTheHighlightedRowInTheMiddle() {
        let list = ListView()
        list.rowHeight = 20
        list.visibleRowCount = 5
        list.wheelStyle = true
        list.setItems(numbered(50))
        let window = TestWindow(list)
        list.highlightedRow = 0
        window.waitForFrames()
        let middle = Double(gtk_widget_get_allocated_height(list.canvas.widget)) / 2
        #expect(list.row(atY: middle) == 0, "even the first row can sit in the middle")
        list.highlightedRow = 49
        window.waitForFrames()
        #expect(list.row(atY: middle) == 49, "and the last")
        #expect(list.row(atY: middle - 20) == 48, "its neighbour above shows")

        var highlighted: [Int?] = []
        list.onHighlightChange = { highlighted.append($0) }
        TestInput.drag(list.canvas, from: (10, 60), to: (10, 100))
        window.waitForFrames()
        #expect(list.highlightedRow == 47, "dragging down by two rows highlights the row now in the middle")
        #expect(highlighted.last == 47, "the highlight follows live")
        MainLoop.run(until: { false }, timeout: 0.3)
        #expect(list.row(atY: middle) == 47, "the wheel comes to rest on a whole row")
        window.saveScreenshot("list-wheel")
    }
}
