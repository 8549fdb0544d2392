#!/usr/bin/python3
"""EntryKit's DropDownField used from Python: EkDropDownField through PyGObject and the
EntryKit-1.0 typelib (libentrykit-1.0), measured as list-benchmark measures the Swift
DropDownField in the same run, to show what the language binding costs:

    entrykit_python.py --items N [--samples S]

The same field set-up (editable, 15 rows of 26 pixels, 320 wide), the same items and steps
(pygobject_lists.measure); the items are handed over as one buffer of lines
(`set_items_from_data`), the joining timed with the set. It opens through the same "toggle-requested" a click on the entry
emits; typing sets the entry's text, as the Swift subject does. The rows shown are read from
the list's accessible (its row count), the frames from the list's own widget. Needs
GI_TYPELIB_PATH and LD_LIBRARY_PATH to reach a release libentrykit-1.0 (scripts/benchmark).
"""
import argparse
import os
import sys
import time

import gi

gi.require_version("Atk", "1.0")
gi.require_version("Gtk", "3.0")
gi.require_version("EntryKit", "1.0")
from gi.repository import Atk, EntryKit, Gtk  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pygobject_lists import ROW_HEIGHT, ROWS, WIDTH, Frames, measure, scroll_by_page  # noqa: E402


class Field:
    def __init__(self, box):
        self.set_parts = {"join": []}
        self.field = EntryKit.DropDownField(free_text=True, visible_row_count=ROWS, row_height=ROW_HEIGHT)
        self.field.set_size_request(WIDTH, -1)
        self.field.set_halign(Gtk.Align.START)
        box.pack_start(self.field, False, False, 0)
        self.field.show()
        # The list the field controls, as its accessible says: its widget paints the rows.
        relations = self.field.get_accessible().ref_relation_set()
        relation = relations.get_relation_by_type(Atk.RelationType.CONTROLLER_FOR)
        self.list_accessible = relation.get_target()[0]
        self.canvas = self.list_accessible.get_widget()
        self.adjustment = self.canvas.get_ancestor(Gtk.ScrolledWindow).get_vadjustment()

    @property
    def painted(self):
        return self.canvas

    def is_shown(self):
        return self.canvas.get_mapped()

    def retire(self):
        self.field.destroy()

    def set_items(self, items):
        # One buffer of lines, split by the field, as the library documents for many items: a
        # list of str would go through a strv built string by string, and a GLib.Bytes made of
        # the buffer would copy it once more (set_items_from_data takes the bytes as they are).
        # Joining the list into that buffer is Python's part of the set, timed with it and also
        # on its own.
        start = time.monotonic_ns()
        text = "\n".join(items).encode()
        self.set_parts["join"].append(round((time.monotonic_ns() - start) / 1e6, 2))
        self.field.set_items_from_data(text, "\n")

    def open(self):
        self.field.emit("toggle-requested")

    def close(self):
        self.field.close()

    def type_query(self, query):
        self.field.set_text(query)

    @property
    def rows(self):
        return self.list_accessible.get_n_accessible_children()

    def page_down(self):
        scroll_by_page(self.adjustment)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, required=True)
    parser.add_argument("--samples", type=int, default=5)
    options = parser.parse_args()

    Gtk.Settings.get_default().set_property("gtk-enable-animations", False)
    window = Gtk.Window()
    window.set_default_size(480, 760)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    window.add(box)
    frames = Frames(window.get_display())
    frames.time_to_paint(window, window.show_all)
    measure("DropDownField from Python", lambda: Field(box), frames, options.items, options.samples)


if __name__ == "__main__":
    main()
