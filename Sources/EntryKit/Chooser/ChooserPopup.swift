import CEntryKit
import CGtk

/// Where a ``ChooserPopup`` opened, relative to its entry.
public enum ChooserPlacement: Sendable {
    case below, above
}

/// The list under (or over) a chooser entry (``ChooserEntryInstance``): a non-modal `GtkPopover` holding a ``ListView``,
/// as wide as the entry, that grows out of the entry's edge.
///
/// The popover is non-modal so keyboard focus stays in the entry (which drives the list and
/// reports its highlighted row as the active descendant); the entry's C base watches for
/// presses outside instead. Opening and closing slide the list out of the entry's edge over
/// ``animationDuration`` milliseconds through a `GtkRevealer`, which already honours
/// `gtk-enable-animations`.
///
/// ```swift
/// let popup = ChooserPopup(relativeTo: entry)
/// popup.list.setItems(["apple", "banana"])
/// popup.show(rowHeight: 30)      // below the entry when 2 × 30 px + 30 px fit under it
/// popup.hide()
/// ```
@MainActor
public final class ChooserPopup {
    /// The list shown; set its items, font and colours directly.
    public let list = ListView()
    /// Room kept below the list when it opens downwards, as ANZDropDownField keeps (`30.f`).
    public static let margin = 30
    /// The height GTK 3 keeps for a popover's arrow (`TAIL_HEIGHT` in gtkpopover.c).
    static let arrowHeight: Int32 = 12
    /// Length of the opening and closing slide, in milliseconds: none until set (a field sets its
    /// `list-transition-duration`).
    public var animationDuration: UInt32 = 0 {
        didSet { gtk_revealer_set_transition_duration(revealer.cast(), animationDuration) }
    }
    /// The tallest the list may be, in pixels, whatever the room; nil for no limit but the room.
    public var maximumHeight: Int?
    /// Called when the popover has painted its first frame after ``show(rowHeight:)`` (for
    /// measurements), and when a close has finished and the popover is hidden.
    public var onShown: (() -> Void)?
    public var onHidden: (() -> Void)?

    /// Where the list opened last.
    public private(set) var placement: ChooserPlacement = .below
    /// Whether the popover is on screen (also while it slides closed).
    public var isVisible: Bool { gtk_widget_get_visible(popover.widget) != 0 }

    /// The popover: owned by the entry (`gtk_popover_new` returns it sunk), so borrowed here.
    public let popover: Widget
    let revealer = Widget(transferFull: gtk_revealer_new())
    /// The entry, which owns the popup (through its field's implementation) and so outlives it.
    private let entry: UnsafeMutablePointer<GtkWidget>
    private var frameWatch: (clock: GObjectReference, connection: SignalConnection)?

    public init(relativeTo entry: some ChooserEntryInstance) {
        self.entry = entry.cast()
        popover = Widget(transferNone: gtk_popover_new(self.entry))
        gtk_popover_set_modal(popover.cast(), 0)
        Self.setBoolean(popover, "transitions-enabled", false)  // the revealer animates instead
        // GTK 3 pads a popover with room for its arrow on every side; kept inside the window, an
        // entry as wide as the window would push the list sideways. The side is chosen here.
        // (An entry flush with both window edges still lands 12 px to the left: leave it a margin.)
        gtk_popover_set_constrain_to(popover.cast(), GTK_POPOVER_CONSTRAINT_NONE)
        popover.addStyleClass("entrykit-chooser")
        ChooserStyle.installOnce()
        gtk_revealer_set_transition_duration(revealer.cast(), animationDuration)
        gtk_container_add(revealer.cast(), list.widget)
        gtk_container_add(popover.cast(), revealer.widget)
        list.showAll()
        revealer.show()
        list.setFocusOwner(entry)
        ek_chooser_entry_set_popup(entry.chooserEntry, popover.widget, list.canvas.widget)
        revealer.connect("notify::child-revealed", withPointer: { [weak self] _ in self?.revealFinished() })
        popover.connect("map") { [weak self] in self?.watchFirstFrame() }
    }

    /// Opens the list, as wide as the entry, `min(visibleRowCount, rows)` rows of `rowHeight`
    /// pixels tall, cut to the rows that fit ``maximumHeight``: below the entry when that height
    /// plus ``margin`` fits between the entry and the window's bottom edge, else above; a list
    /// that fits on neither side goes where there is more room, cut to the rows that fit, and
    /// scrolls for the rest.
    public func show(rowHeight: Int) {
        list.rowHeight = rowHeight
        let width = Int32(gtk_widget_get_allocated_width(entry))
        gtk_widget_set_size_request(list.widget, width, -1)
        let (roomBelow, roomAbove) = roomAroundEntry()
        list.heightLimit = maximumHeight
        placement = Self.placement(listHeight: list.preferredHeight, roomBelow: roomBelow, roomAbove: roomAbove)
        let room = (placement == .below ? roomBelow : roomAbove) - Self.margin
        list.heightLimit = min(room, maximumHeight ?? room)
        gtk_popover_set_position(popover.cast(), placement == .below ? GTK_POS_BOTTOM : GTK_POS_TOP)
        // GTK 3 keeps room for the popover's arrow between the entry and the popover; the
        // popover is transparent (the list draws its own frame), so point at a rectangle that
        // stops that far short of the entry's edge and the list touches the entry, as
        // ANZDropDownField's does (it overlaps by its one-pixel border).
        let height = gtk_widget_get_allocated_height(entry)
        let tail = Self.arrowHeight + 1
        target =
            placement == .below
            ? GdkRectangle(x: 0, y: 0, width: width, height: height - tail)
            : GdkRectangle(x: 0, y: tail, width: width, height: height - tail)
        gtk_popover_set_pointing_to(popover.cast(), &target)
        // Start folded, then unfold from the edge that touches the entry.
        gtk_revealer_set_transition_type(revealer.cast(), GTK_REVEALER_TRANSITION_TYPE_NONE)
        gtk_revealer_set_reveal_child(revealer.cast(), 0)
        gtk_revealer_set_transition_type(
            revealer.cast(), placement == .below ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN : GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        keepWindowDefault()
        popover.show()
        gtk_revealer_set_reveal_child(revealer.cast(), 1)
        // Laid out now rather than at the next frame: the list has its size when this returns,
        // so the rows it reports on screen (its accessible children) are already the right ones.
        if let toplevel = gtk_widget_get_toplevel(entry), gtk_widget_is_toplevel(toplevel) != 0 {
            gtk_container_check_resize(UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkContainer.self))
        }
    }

    /// Folds the list back into the entry, then hides the popover.
    public func hide() {
        guard isVisible else { return }
        gtk_revealer_set_reveal_child(revealer.cast(), 0)
    }

    /// Which way a list of `listHeight` opens with `roomBelow` pixels under the entry and
    /// `roomAbove` over it: below when it fits there, else above when it fits there, else
    /// where there is more room.
    public static func placement(listHeight: Int, roomBelow: Int, roomAbove: Int = .max) -> ChooserPlacement {
        if roomBelow - margin >= listHeight { return .below }  // no sum to overflow
        if roomAbove - margin >= listHeight { return .above }
        return roomBelow >= roomAbove ? .below : .above
    }

    /// Pixels between the entry's bottom edge and the bottom of its window's content, and
    /// between the top of that content and the entry's top edge.
    func roomAroundEntry() -> (below: Int, above: Int) {
        let toplevel = gtk_widget_get_toplevel(entry)!
        var x: gint = 0, top: gint = 0
        gtk_widget_translate_coordinates(entry, toplevel, 0, 0, &x, &top)
        let bottom = top + gtk_widget_get_allocated_height(entry)
        let content = contentBounds(of: toplevel)
        return (Int(content.bottom - bottom), Int(top - content.top))
    }

    /// Where the window's content (its child with the child's margins) starts and ends, in the
    /// window's coordinates. Where GTK draws the title bar and the shadow itself (Wayland), the
    /// window's own allocation also holds them, and a list reaching into them would be cut off.
    private func contentBounds(of toplevel: UnsafeMutablePointer<GtkWidget>) -> (top: gint, bottom: gint) {
        let wholeWindow = (top: gint(0), bottom: gtk_widget_get_allocated_height(toplevel))
        guard ek_is_a(toplevel, gtk_bin_get_type()) != 0,
            let child = gtk_bin_get_child(UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkBin.self))
        else {
            return wholeWindow
        }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(child, &allocation)  // without the child's margins
        return (
            allocation.y - gtk_widget_get_margin_top(child),
            allocation.y + allocation.height + gtk_widget_get_margin_bottom(child)
        )
    }

    /// The rectangle the popover points at, in the entry's coordinates.
    private var target = GdkRectangle()

    private func revealFinished() {
        let revealed = gtk_revealer_get_child_revealed(revealer.cast()) != 0
        if !revealed && gtk_revealer_get_reveal_child(revealer.cast()) == 0 {
            popover.hide()
            gtk_popover_set_default_widget(popover.cast(), nil)  // hidden: hold no button
            onHidden?()
        }
    }

    /// A GTK 3 popover makes its own default widget (none) the window's while it is mapped, so
    /// Enter in the entry would activate nothing while the list slides closed (a dialog's OK
    /// after a keyboard pick). The list never takes focus, so the window's default stays its own.
    private func keepWindowDefault() {
        guard !isVisible, let toplevel = gtk_widget_get_toplevel(entry), gtk_widget_is_toplevel(toplevel) != 0 else { return }
        let window = UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkWindow.self)
        gtk_popover_set_default_widget(popover.cast(), gtk_window_get_default_widget(window))
    }

    private func watchFirstFrame() {
        guard onShown != nil, frameWatch == nil, let clock = gtk_widget_get_frame_clock(popover.widget) else { return }
        // The wrapper is kept with the connection: a connection outlives its wrapper, but can
        // only be disconnected through it.
        let reference = GObjectReference(transferNone: clock)
        let connection = reference.connect("after-paint") { [weak self] in self?.firstFramePainted() }
        frameWatch = (reference, connection)
    }

    private func firstFramePainted() {
        frameWatch?.connection.disconnect()
        frameWatch = nil
        onShown?()
    }

    static func setBoolean(_ object: GObjectReference, _ property: String, _ value: Bool) {
        var gvalue = GValue()
        g_value_init(&gvalue, FundamentalType.boolean.type)
        g_value_set_boolean(&gvalue, value ? 1 : 0)
        g_object_set_property(object.object, property, &gvalue)
        g_value_unset(&gvalue)
    }
}

/// The popover draws nothing (no padding, border, shadow or arrow): the list is exactly the
/// entry's width, and its own border is its frame, as ANZDropDownField's list is.
@MainActor
enum ChooserStyle {
    static func installOnce() {
        ScreenStyle.install(
            named: "chooser",
            css: """
                popover.entrykit-chooser {
                    padding: 0; margin: 0; border: none; border-radius: 0;
                    box-shadow: none; background: transparent;
                }
                """)
    }
}

extension ChooserPopup {
    /// Whether the list has finished sliding open.
    public var isFullyRevealed: Bool { isVisible && gtk_revealer_get_child_revealed(revealer.cast()) != 0 }
}
