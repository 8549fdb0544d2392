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
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pygobject_lists import ROW_HEIGHT, ROWS, WIDTH, Frames, fail, measure, scroll_by_page  # noqa: E402


def descendants(widget):
    child = widget.get_first_child()
    while child:
        yield child
        yield from descendants(child)
        child = child.get_next_sibling()


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

    @property
    def painted(self):
        return self.popover

    def is_shown(self):
        return self.list_view.get_mapped()

    def retire(self):
        # Hidden, not removed: GTK 4.8 then asks a popover surface that is gone for the pointer.
        self.dropdown.set_visible(False)

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
        scroll_by_page(self.list_view.get_vadjustment())


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

    measure("GTK 4 GtkDropDown", lambda: DropDown(box), frames, count, samples)


if __name__ == "__main__":
    main()
