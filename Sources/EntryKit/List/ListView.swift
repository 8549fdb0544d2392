import CEntryKit
import CGtk
import Dispatch
import EntryKitList
import Synchronization

/// Where ``ListView/scroll(toRow:placement:)`` puts a row.
public enum ListScrollPlacement: Sendable {
    /// Scroll as little as needed to show it whole.
    case nearest
    case top
    case center
}

/// A move of the highlight, as the keyboard makes it.
public enum ListMovement: Sendable {
    case next, previous, pageDown, pageUp, first, last
}

/// A scrolling list of strings that stays fast at any size: the list core of ``DropDownField``
/// and ``PickerField``.
///
/// Only the rows on screen are drawn, and only they exist for assistive technologies (a `list`
/// whose `list item` children carry `posinset`/`setsize`), so a million items open as fast as
/// three. Typing into ``filterText`` filters (case-, accent- and width-insensitive, matches in
/// bold) off the GTK thread; a newer query cancels an older one.
///
/// ```swift
/// let list = ListView()
/// list.setItems(["apple", "banana", "cherry"])
/// list.visibleRowCount = 5
/// list.onActivate = { item in print(list.items[item]) }
/// list.move(.next)                     // highlights "apple"
/// list.filterText = "an"               // shows "banana"
/// ```
///
/// Rows are what the filter kept, in item order; ``itemIndex(ofRow:)`` maps back to ``items``.
@MainActor
public final class ListView: Widget {
    /// The drawing list inside the scrolled window: its accessible is the `list`.
    public let canvas: Widget
    private let rows = RowSource()
    private let engine = ListFilterEngine()
    private var typeAhead = TypeAhead()

    /// Called when the highlighted row changes, with the item it shows (nil: none).
    public var onHighlightChange: ((_ item: Int?) -> Void)?
    /// Called when a row is chosen: a click, a tap, ``activateHighlighted()``, or an assistive
    /// technology's selection or action.
    public var onActivate: ((_ item: Int) -> Void)?
    /// Called after a filter result is shown (for tests and measurements).
    public var onFilterApplied: (() -> Void)?

    public init() {
        canvas = Widget(transferFull: ek_list_view_new())
        super.init(transferFull: gtk_scrolled_window_new(nil, nil))
        gtk_scrolled_window_set_policy(cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_width(cast(), 1)
        gtk_container_add(cast(), canvas.widget)
        canvas.show()
        rows.attach(to: listView)
        canvas.connect("row-activated", withInteger: { [weak self] row in self?.rowActivated(Int(row)) })
        canvas.connect(
            "highlight-changed",
            withInteger: { [weak self] row in
                guard let self else { return }
                onHighlightChange?(row < 0 ? nil : itemIndex(ofRow: Int(row)))
            })
    }

    /// The `EkListView *` (an opaque C type to Swift).
    private var listView: OpaquePointer { canvas.opaque }

    // MARK: Items and rows

    /// Every item, filtered or not.
    public private(set) var items = ListItems()

    /// Replaces the items. The highlight stays on the same row number, clamped to the new
    /// count, and the scroll position is kept where it can be; the filter is applied again.
    public func setItems(_ newItems: ListItems) {
        items = newItems
        engine.setItems(newItems)
        if filterText.isEmpty {
            show(matches: .all(newItems.count), query: Self.everything)
        } else {
            show(engine.filterNow(filterText))
        }
    }

    public func setItems(_ strings: [String]) { setItems(ListItems(strings)) }

    /// The query of an empty filter, made once.
    private static let everything = ListQuery("")

    /// Whether new items are prepared for search in the background as they come (their folded
    /// copy, a large list's presence masks), so the first keystroke finds them ready; on by
    /// default. A list nobody types into to filter (a picker's wheel) turns it off and spares
    /// the work and the memory.
    public var preparesItemsForSearch: Bool {
        get { engine.preparesItemsAhead }
        set { engine.preparesItemsAhead = newValue }
    }

    /// How many rows are shown: the items the filter kept.
    public var rowCount: Int { rows.matches.count }

    /// The item a row shows.
    public func itemIndex(ofRow row: Int) -> Int { rows.matches[row] }

    /// The row that shows `item`, nil when the filter hides it.
    public func row(ofItem item: Int) -> Int? { rows.matches.row(ofItem: item) }

    /// The text of the item a row shows.
    public func text(ofRow row: Int) -> String { items[itemIndex(ofRow: row)] }

    // MARK: Filtering

    /// The query rows must contain (folded: case, accents and width do not count); empty shows
    /// every item. Large lists are filtered off the GTK thread: the rows change when the result
    /// is ready, and a newer query cancels an older one.
    public var filterText: String = "" {
        didSet {
            guard filterText != oldValue else { return }
            // Small lists filter in well under a frame, and so does any list when the engine
            // reads no text for the query (a kept result; a large list's first letter, from its
            // presence masks): show the result at once, without a hop to another thread.
            if items.count <= Self.synchronousFilterLimit || engine.answersWithoutScanning(filterText) {
                show(engine.filterNow(filterText))
                return
            }
            // Larger ones filter in the background. The GTK thread waits for a part of a frame:
            // a result in time is shown in the same frame as the keystroke; a later one arrives
            // on its own, and a newer keystroke cancels it.
            let delivery = FilterDelivery()
            engine.filter(filterText) { [weak self] result in
                delivery.deliver(result)
                MainLoop.post { [weak self] in
                    guard let self, engine.isCurrent(result) else { return }
                    show(result)
                }
            }
            if filterWaitMilliseconds > 0, let result = delivery.wait(milliseconds: filterWaitMilliseconds) { show(result) }
        }
    }

    /// Up to this many items are filtered on the GTK thread.
    static let synchronousFilterLimit = 20_000
    /// How long a keystroke waits for a background filter before the frame goes on without it.
    /// 0 never waits: every result then arrives through the main loop (tests use it to see the
    /// background path on its own).
    package var filterWaitMilliseconds = 12

    /// Whether the rows shown answer the current ``filterText``.
    public var isFilterSettled: Bool { rows.query == ListQuery(filterText) }

    /// Shows the rows that answer ``filterText`` now, filtering on this thread if the
    /// background result has not come in: keys that move or pick act on the rows the user
    /// has asked for, not on older ones.
    public func settleFilter() {
        guard !isFilterSettled else { return }
        show(engine.filterNow(filterText))
    }

    private func show(_ result: ListFilterResult) {
        guard result.items.count == items.count else { return }  // a result for older items
        guard result.generation != shownGeneration else { return }  // shown when it came in time
        shownGeneration = result.generation
        show(matches: result.matches, query: result.query)
    }

    /// The filter run whose rows are shown.
    private var shownGeneration: UInt64?

    private func show(matches: ListMatches, query: ListQuery) {
        let highlightedItem = highlightedRow.map(itemIndex(ofRow:))
        rows.update(items: items, matches: matches, query: query)
        ek_list_view_set_row_count(listView, guint(matches.count))
        updateHeight()
        // The highlight follows its item when the item is still shown, else the first row.
        if let highlightedItem, let row = row(ofItem: highlightedItem) {
            ek_list_view_set_highlighted(listView, gint(row))
        } else if !query.matchesEverything {
            ek_list_view_set_highlighted(listView, matches.isEmpty ? -1 : 0)
        }
        if let row = highlightedRow { scroll(toRow: row, placement: .nearest) }
        onFilterApplied?()
    }

    // MARK: Highlight and movement

    /// The highlighted row (drawn selected, `selected` over AT-SPI), nil for none.
    public var highlightedRow: Int? {
        get {
            let row = ek_list_view_get_highlighted(listView)
            return row < 0 ? nil : Int(row)
        }
        set {
            let row = newValue.flatMap { (0..<rowCount).contains($0) ? $0 : nil }
            // Scrolled first, so the row is on screen (an accessible child) when it is announced.
            if let row { scroll(toRow: row, placement: .nearest) }
            ek_list_view_set_highlighted(listView, gint(row ?? -1))
        }
    }

    /// The item the highlighted row shows.
    public var highlightedItem: Int? { highlightedRow.map(itemIndex(ofRow:)) }

    /// Moves the highlight as a key does; from no highlight, `next` and `pageDown` start at the top.
    public func move(_ movement: ListMovement) {
        settleFilter()
        guard rowCount > 0 else { return }
        let page = max(Int(ek_list_view_get_visible_row_capacity(listView)) - 1, 1)
        let last = rowCount - 1
        let target: Int
        switch (movement, highlightedRow) {
        case (.next, nil), (.first, _): target = 0
        case (.previous, nil), (.last, _): target = last
        case (.next, let row?): target = min(row + 1, last)
        case (.previous, let row?): target = max(row - 1, 0)
        case (.pageDown, let row): target = min((row ?? -1) + page, last)
        case (.pageUp, let row): target = max((row ?? rowCount) - page, 0)
        }
        highlightedRow = target
    }

    /// Scrolls so that `row` is on screen.
    public func scroll(toRow row: Int, placement: ListScrollPlacement = .nearest) {
        guard (0..<rowCount).contains(row) else { return }
        let where_: EkListScroll =
            switch placement {
            case .nearest: EK_LIST_SCROLL_NEAREST
            case .top: EK_LIST_SCROLL_TOP
            case .center: EK_LIST_SCROLL_CENTER
            }
        ek_list_view_scroll_to_row(listView, guint(row), where_)
    }

    /// Chooses the highlighted row, as a click on it does.
    public func activateHighlighted() {
        guard let row = highlightedRow else { return }
        ek_list_view_activate_row(listView, guint(row))
    }

    /// Letters typed within about a second find the next row that starts with them, from the
    /// highlighted one, wrapping around; returns whether one was found (and highlighted).
    @discardableResult
    public func typeAhead(_ text: String) -> Bool {
        guard let row = typeAhead.type(text, from: highlightedRow, in: items, rows: rows.matches) else { return false }
        highlightedRow = row
        return true
    }

    /// Starts the next type-ahead afresh (when the list closes).
    public func resetTypeAhead() { typeAhead.reset() }

    private func rowActivated(_ row: Int) {
        guard row < rowCount else { return }
        onActivate?(itemIndex(ofRow: row))
    }

    // MARK: Appearance

    /// Rows shown without scrolling, at least one; the list is as tall as
    /// `min(visibleRowCount, rowCount)` rows (one row's height when empty, for the empty-state
    /// text), within ``heightLimit``.
    public var visibleRowCount = 5 {
        didSet {
            if visibleRowCount < 1 { visibleRowCount = 1 }
            updateHeight()
        }
    }

    /// Row height in pixels, at most ``maximumRowHeight``. Reading it gives the height rows have
    /// now; setting zero or less (the default) takes it from the font (``textRowHeight``).
    public var rowHeight: Int {
        get { Int(ek_list_view_get_row_height(listView)) }
        set {
            ek_list_view_set_row_height(listView, gint(min(max(newValue, 0), Self.maximumRowHeight)))
            updateHeight()
        }
    }

    /// The tallest a row can be, in pixels.
    public nonisolated static let maximumRowHeight = 1024
    /// The largest font size rows take, in points (or pixels for an absolute size).
    public static let maximumFontSize = 512
    /// The tallest the list can be: X11's largest window.
    static let maximumHeight = 32_767

    /// The most the list may be tall, in pixels (the room its window has); nil for no limit
    /// but X11's. The list is cut to the whole rows that fit, at least one, and scrolls for
    /// the rest.
    public var heightLimit: Int? {
        didSet { updateHeight() }
    }

    /// The height of `rows` rows (at least one), cut to the whole rows that fit within
    /// ``heightLimit`` (or to the limit itself when not even one row does).
    public func height(ofRows rows: Int) -> Int {
        let row = max(rowHeight, 1)
        let limit = max(min(heightLimit ?? Self.maximumHeight, Self.maximumHeight), 1)
        guard row <= limit else { return limit }
        return row * min(max(rows, 1), limit / row)
    }

    /// The rows' font as Pango describes it (`"Serif Bold 14"`); nil for the theme's. Sizes
    /// over ``maximumFontSize`` points are cut to it (past that, cairo cannot make the font
    /// and GTK stops drawing text in the whole process).
    public var font: String? {
        didSet {
            let description = font.map { pango_font_description_from_string($0) }
            if let description, let description {
                let size = pango_font_description_get_size(description)
                let limit = gint(Self.maximumFontSize) * gint(PANGO_SCALE)
                if size > limit {
                    if pango_font_description_get_size_is_absolute(description) != 0 {
                        pango_font_description_set_absolute_size(description, Double(limit))
                    } else {
                        pango_font_description_set_size(description, limit)
                    }
                }
            }
            ek_list_view_set_font(listView, description ?? nil)
            description.map { pango_font_description_free($0) }
            updateHeight()
        }
    }

    /// The one-pixel border round the list, as a CSS colour (`"#d3d3d3"`, `"lightgray"`) or, as
    /// in GTK's CSS, a colour the theme names (`"@borders"`: the theme's own border colour, which
    /// follows theme changes, high contrast included); nil for none. A colour GTK cannot parse,
    /// or a name the theme lacks, is refused and the border left as it was.
    public var borderColor: String? {
        didSet {
            guard let name = borderColor else { return ek_list_view_set_border_color(listView, nil) }
            if name.hasPrefix("@") {
                if ek_list_view_set_border_color_name(listView, String(name.dropFirst())) == 0 { borderColor = oldValue }
                return
            }
            var color = GdkRGBA()
            guard gdk_rgba_parse(&color, name) != 0 else {
                borderColor = oldValue
                return
            }
            ek_list_view_set_border_color(listView, &color)
        }
    }

    /// The theme's own border colour, as ``borderColor`` takes it.
    public static let themeBorderColor = "@borders"

    /// The height a row takes from the font (the text and the theme-sized padding round it),
    /// whatever ``rowHeight`` is set to.
    public var textRowHeight: Int { Int(ek_list_view_get_text_row_height(listView)) }

    /// Horizontal placement of row text: 0 at the start, 0.5 centred, 1 at the end.
    public var textAlignment: Double = 0 {
        didSet { ek_list_view_set_text_xalign(listView, textAlignment) }
    }

    /// Wheel style, as a picker shows it: the highlighted row sits in the middle with its
    /// neighbours above and below fading towards the edges; scrolling or dragging highlights
    /// the row that reaches the middle, and the list comes to rest on a whole row.
    /// A wheel is also always ``visibleRowCount`` rows tall, however few rows there are, so the
    /// highlighted row can sit in the middle with room above and below (see ``preferredHeight``).
    public var wheelStyle: Bool {
        get { ek_list_view_get_wheel_style(listView) != 0 }
        set {
            ek_list_view_set_wheel_style(listView, newValue ? 1 : 0)
            updateHeight()
        }
    }

    /// Shown, dimmed, when no row matches the filter.
    public var emptyText: String = "" {
        didSet { ek_list_view_set_empty_text(listView, emptyText.isEmpty ? nil : emptyText) }
    }

    /// The widget that keeps keyboard focus while the list is shown: its accessible reports the
    /// highlighted row as its active descendant, so a screen reader speaks rows while the
    /// caret stays in the field.
    public func setFocusOwner(_ owner: (any GObjectInstance)?) {
        ek_list_view_set_focus_owner(listView, owner?.cast())
    }

    /// The height the list asks for, at least one row. The two sizings: a list fits its rows, `min(visibleRowCount, rowCount)` of them; a wheel
    /// (``wheelStyle``) is always `visibleRowCount` rows. Both within ``heightLimit``.
    public var preferredHeight: Int { height(ofRows: wheelStyle ? visibleRowCount : min(visibleRowCount, rowCount)) }

    /// Pixels the list takes round its rows (the theme's frame and padding of its scrolled window).
    public var frameHeight: Int {
        var natural: gint = 0
        gtk_widget_get_preferred_height(widget, nil, &natural)
        return max(Int(natural) - Int(gtk_scrolled_window_get_min_content_height(cast())), 0)
    }

    private func updateHeight() {
        let height = Int32(preferredHeight)
        // Read before written: the setters check their argument and value one by one, which for
        // the same height (new items of the same count) costs more than the two reads.
        let minimum = gtk_scrolled_window_get_min_content_height(cast())
        guard minimum != height || gtk_scrolled_window_get_max_content_height(cast()) != height else { return }
        // Max before min: GTK refuses a minimum above the current maximum.
        gtk_scrolled_window_set_max_content_height(cast(), max(height, minimum))
        gtk_scrolled_window_set_min_content_height(cast(), height)
        gtk_scrolled_window_set_max_content_height(cast(), height)
    }

    // MARK: What is on screen

    /// The first row at least partly on screen.
    public var firstVisibleRow: Int { Int(ek_list_view_get_first_visible_row(listView)) }
    /// How many whole rows fit on screen.
    public var visibleRowCapacity: Int { Int(ek_list_view_get_visible_row_capacity(listView)) }
    /// The row under the pointer, nil for none.
    public var hoveredRow: Int? {
        let row = ek_list_view_get_hovered(listView)
        return row < 0 ? nil : Int(row)
    }
    /// The row at a point of the list's own coordinates, nil for none.
    public func row(atY y: Double) -> Int? {
        let row = ek_list_view_row_at_y(listView, y)
        return row < 0 ? nil : Int(row)
    }
}

/// Hands a background filter's result to a GTK thread that waits a little for it.
private final class FilterDelivery: Sendable {
    private let result = Mutex<ListFilterResult?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func deliver(_ value: ListFilterResult) {
        result.withLock { $0 = value }
        arrived.signal()
    }

    func wait(milliseconds: Int) -> ListFilterResult? {
        guard arrived.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        return result.withLock { $0 }
    }
}

/// What the C list reads rows from: the items and the filter's matches, answering on GTK's
/// thread with bytes straight from the item store. Not actor-isolated: only GTK's thread, the
/// list's owner, ever reaches it, through the list and through C.
private final class RowSource {
    private(set) var items = ListItems()
    private(set) var matches = ListMatches.all(0)
    private(set) var query = ListQuery("")
    /// A row's bytes, NUL-terminated, handed to C: valid until the next call, as C expects.
    private var scratch = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 256)

    deinit { scratch.deallocate() }

    func update(items: ListItems, matches: ListMatches, query: ListQuery) {
        self.items = items
        self.matches = matches
        self.query = query
    }

    func attach(to view: OpaquePointer) {
        var source = EkListViewSource(
            row_text: { data, row, length in
                Unmanaged<RowSource>.fromOpaque(data!).takeUnretainedValue().text(ofRow: Int(row), length: length!)
            },
            row_marks: { data, row, ranges, capacity in
                Unmanaged<RowSource>.fromOpaque(data!).takeUnretainedValue().marks(ofRow: Int(row), into: ranges!, capacity: Int(capacity))
            })
        ek_list_view_set_source(view, &source, Unmanaged.passRetained(self).toOpaque()) { data in
            Unmanaged<RowSource>.fromOpaque(data!).release()
        }
    }

    private func text(ofRow row: Int, length: UnsafeMutablePointer<gsize>) -> UnsafePointer<CChar>? {
        guard row < matches.count else { return nil }
        return items.withUTF8(at: matches[row]) { bytes in
            if bytes.count + 1 > scratch.count {
                scratch.deallocate()
                scratch = .allocate(capacity: bytes.count + 1)
            }
            UnsafeMutableRawBufferPointer(scratch).copyMemory(from: UnsafeRawBufferPointer(bytes))
            scratch[bytes.count] = 0
            length.pointee = gsize(bytes.count)
            return UnsafePointer(scratch.baseAddress!)
        }
    }

    private func marks(ofRow row: Int, into ranges: UnsafeMutablePointer<guint>, capacity: Int) -> guint {
        guard row < matches.count, !query.matchesEverything else { return 0 }
        let found = query.matchedUTF8Ranges(in: items, at: matches[row]).prefix(capacity)
        for (index, range) in found.enumerated() {
            ranges[2 * index] = guint(range.lowerBound)
            ranges[2 * index + 1] = guint(range.upperBound)
        }
        return guint(found.count)
    }
}
