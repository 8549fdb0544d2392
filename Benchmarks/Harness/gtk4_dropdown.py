#!/usr/bin/python3
"""GTK 4's GtkDropDown over a GtkFilterListModel (a GtkStringList, a case-insensitive substring
GtkStringFilter), measured the way list-benchmark measures its GTK 3 subjects, in a process of its
own (GTK 3 and 4 cannot share one), printing one JSON row with the same keys:

    gtk4_dropdown.py --items N [--samples S]

The same items (list-benchmark's generator, ported), the same 15 rows of 26 pixels, 320 wide;
the same steps: rounds of a set with the list closed and a cold open, then re-opens, the query "rang" typed one key
at a time in rounds, page-downs through the list's adjustment. Each step ends on the first frame
painted after the result was there (the frame clock's after-paint) and a round trip to the X
server; the rows after each keystroke are checked against a count made apart from GTK. Floors
(filter_floor_ms, copy_ms) come from list-benchmark's rows, so they are left out here.

The harness runs it with GSK_RENDERER=cairo: GTK 3 draws with cairo in software, and GTK 4's
default GL renderer would run on Mesa's software GL under Xvfb, which says nothing about GTK.
"""
import argparse
import ctypes
import json
import os
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

WIDTH, ROWS, ROW_HEIGHT = 320, 15, 26
QUERY = "rang"
WORDS = [
    "apple", "orange", "banana", "cherry", "grape", "mango", "lemon", "melon", "peach", "pear",
    "plum", "strange", "ranger", "garden", "window", "button", "letter", "number", "station",
    "river", "mountain", "forest", "island", "harbour", "granite", "silver", "copper", "amber",
    "violet", "crimson", "scarlet", "indigo", "ocean", "desert", "meadow", "valley", "canyon",
    "glacier", "thunder", "breeze", "shadow", "lantern", "compass", "anchor", "arrange", "orbit",
    "planet", "comet", "rocket", "engine", "marble", "pebble", "candle", "feather", "ribbon",
    "puzzle", "riddle", "whisper", "harvest", "journey", "kingdom", "library", "museum", "theatre",
]
MASK = (1 << 64) - 1


def make_items(count):
    """list-benchmark's makeItems: "Item 0000123 orange" and the like, the same LCG."""
    state = 0x9E3779B97F4A7C15
    items = []
    for index in range(count):
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK
        items.append(f"Item {index:07d} {WORDS[(state >> 33) % len(WORDS)]}")
    return items


def fail(status, reason):
    print(f"gtk4-dropdown: {reason}", file=sys.stderr)
    sys.exit(status)


def resident_bytes():
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGESIZE")


def descendants(widget):
    child = widget.get_first_child()
    while child:
        yield child
        yield from descendants(child)
        child = child.get_next_sibling()


class Frames:
    """Action → first frame painted once the result was there → XSync, as Frames.swift does."""

    def __init__(self, display):
        self.display = display
        self.context = GLib.MainContext.default()

    def time_to_paint(self, widget, action, ready=lambda: True, timeout_s=60):
        start = time.monotonic_ns()
        action()
        wake = GLib.timeout_add(50, lambda: True)
        try:
            while not widget.get_mapped():
                if (time.monotonic_ns() - start) / 1e9 > timeout_s:
                    fail(3, "no mapped list after the action")
                self.context.iteration(True)
            painted = []
            clock = widget.get_frame_clock()
            handler = clock.connect("after-paint", lambda _clock: painted or painted.append(True))
            widget.queue_draw()
            done = False
            while not done and (time.monotonic_ns() - start) / 1e9 < timeout_s:
                was_ready = ready()
                self.context.iteration(True)
                if painted:
                    done = was_ready
                    if not done:
                        painted.clear()
                        widget.queue_draw()
            clock.disconnect(handler)
            if not done:
                fail(4, f"no frame showing the result within {timeout_s} s (result there: {ready()})")
            self.display.sync()
            return (time.monotonic_ns() - start) / 1e6
        finally:
            GLib.source_remove(wake)

    def settle(self, ms=100):
        end = time.monotonic() + ms / 1000
        wake = GLib.timeout_add(10, lambda: True)
        while time.monotonic() < end:
            self.context.iteration(True)
        GLib.source_remove(wake)


# PyGObject 3.42 cannot make a GtkExpression; GtkBuilder can. Not incremental: the result in
# one go, as the GTK 3 lists give it.
UI = """<interface>
  <object class="GtkStringFilter" id="filter">
    <property name="expression"><lookup name="string" type="GtkStringObject"/></property>
    <property name="match-mode">substring</property>
    <property name="ignore-case">1</property>
  </object>
  <object class="GtkFilterListModel" id="model">
    <property name="filter">filter</property>
    <property name="incremental">0</property>
  </object>
  <object class="GtkDropDown" id="dropdown"><property name="model">model</property></object>
</interface>"""


class DropDown:
    def __init__(self, box):
        builder = Gtk.Builder.new_from_string(UI, -1)
        self.filter = builder.get_object("filter")
        self.model = builder.get_object("model")
        self.dropdown = builder.get_object("dropdown")
        self.dropdown.set_size_request(WIDTH, -1)
        self.dropdown.set_halign(Gtk.Align.START)
        box.append(self.dropdown)
        self.popover = next(w for w in descendants(self.dropdown) if isinstance(w, Gtk.Popover))
        self.list_view = next(w for w in descendants(self.popover) if isinstance(w, Gtk.ListView))
        scrolled = self.list_view.get_parent()
        height = ROWS * ROW_HEIGHT
        scrolled.set_max_content_height(height)
        scrolled.set_min_content_height(height)

    def set_items(self, items):
        self.model.set_model(Gtk.StringList.new(items))

    def open(self):
        self.popover.popup()

    def close(self):
        self.popover.popdown()

    def type_query(self, query):
        self.filter.set_search(query)

    @property
    def rows(self):
        return self.model.get_n_items()

    def page_down(self):
        adjustment = self.list_view.get_vadjustment()
        before = adjustment.get_value()
        adjustment.set_value(min(before + adjustment.get_page_size(), adjustment.get_upper() - adjustment.get_page_size()))
        if adjustment.get_value() <= before:
            fail(5, "page down did not scroll the list")


def summary(row, raw, step, samples):
    ordered = sorted(samples)
    middle = len(ordered) // 2
    row[f"{step}_ms"] = round(ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2, 2)
    row[f"{step}_min_ms"] = round(ordered[0], 2)
    row[f"{step}_max_ms"] = round(ordered[-1], 2)
    raw[step] = [round(value, 2) for value in samples]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, required=True)
    parser.add_argument("--samples", type=int, default=5)
    options = parser.parse_args()
    count, samples = options.items, options.samples

    Gtk.init()
    settings = Gtk.Settings.get_default()
    settings.set_property("gtk-enable-animations", False)
    provider = Gtk.CssProvider()
    provider.load_from_data(f"listview > row {{ min-height: {ROW_HEIGHT}px; padding-top: 0; padding-bottom: 0; }}".encode())
    window = Gtk.Window()
    display = window.get_display()
    Gtk.StyleContext.add_provider_for_display(display, provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    frames = Frames(display)
    window.set_default_size(480, 760)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    window.set_child(box)
    frames.time_to_paint(window, window.present)

    warm = DropDown(box)  # first popup, CSS and glyph caches, as list-benchmark warms up
    warm.set_items(make_items(200))
    frames.settle()
    frames.time_to_paint(warm.popover, warm.open)
    frames.time_to_paint(warm.popover, warm.page_down)
    frames.time_to_paint(warm.popover, lambda: warm.type_query("r"))
    warm.close()
    frames.settle()
    # Hidden, not removed: GTK 4.8 then asks a popover surface that is gone for the pointer.
    warm.dropdown.set_visible(False)
    frames.settle()

    subject = DropDown(box)
    frames.settle()
    empty_bytes = resident_bytes()
    row = {"widget": "GTK 4 GtkDropDown", "items": count, "samples": samples}
    raw = {}

    def open_timed():
        ms = frames.time_to_paint(subject.popover, subject.open, ready=lambda: subject.list_view.get_mapped())
        if subject.rows != count:
            fail(6, f"open shows {subject.rows} rows, not {count}")
        return ms

    # Rounds of fresh items set with the list closed, then the first (cold) open; then re-opens.
    sets, colds, string_bytes, full_bytes = [], [], 0, 0
    for round_ in range(samples):
        items = make_items(count)
        string_bytes = sum(len(item.encode()) for item in items)
        frames.settle()
        start = time.monotonic_ns()
        subject.set_items(items)
        sets.append((time.monotonic_ns() - start) / 1e6)
        del items
        frames.settle()
        colds.append(open_timed())
        if round_ == 0:
            full_bytes = resident_bytes()
        subject.close()
    summary(row, raw, "set", sets)
    summary(row, raw, "open_cold", colds)
    opens = []
    for _ in range(samples):
        frames.settle()
        opens.append(open_timed())
        subject.close()
    summary(row, raw, "open", opens)
    frames.settle()
    open_timed()  # open for the steps below
    frames.settle()

    folded = [item.lower() for item in make_items(count)]
    keystrokes = [QUERY[:length] for length in range(1, len(QUERY) + 1)]
    expected = [sum(1 for item in folded if typed in item) for typed in keystrokes]
    del folded
    row["match"], row["query"] = "substring", QUERY

    def filter_timed(typed, rows):
        return frames.time_to_paint(subject.popover, lambda: subject.type_query(typed),
                                    ready=lambda: subject.rows == rows)
    filters = []
    for _ in range(samples):
        for typed, rows in zip(keystrokes, expected):
            filters.append(filter_timed(typed, rows))
            frames.settle(30)
        filter_timed("", count)
        frames.settle()
    summary(row, raw, "filter", filters)
    row["filter_rows"] = expected

    scrolls = []
    for _ in range(samples):
        scrolls.append(frames.time_to_paint(subject.popover, subject.page_down))
        frames.settle(30)
    summary(row, raw, "scroll", scrolls)
    repaints = []  # the open list painted again with nothing changed: the floor under each frame
    for _ in range(samples):
        repaints.append(frames.time_to_paint(subject.popover, lambda: None))
        frames.settle(30)
    summary(row, raw, "frame", repaints)
    subject.close()
    if count >= 10_000:
        row["bytes_per_item"] = round((full_bytes - empty_bytes - string_bytes) / count, 2)
    row["raw"] = raw
    print(json.dumps(row))


if __name__ == "__main__":
    main()
