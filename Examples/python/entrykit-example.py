#!/usr/bin/env python3
"""EntryKit from Python (PyGObject): see ../README.md for what it shows and prints."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("EntryKit", "1.0")
from gi.repository import EntryKit, Gtk  # noqa: E402


def say(line):
    print(line, flush=True)


def answered(panel, result):
    try:
        accepted, username, password = panel.ask_finish(result)
    except Exception as error:  # GLib.Error: the cancellable closed the panel
        say(f"error {error}")
        return
    say(f"answer {'accepted' if accepted else 'cancelled'} {username or ''} {password.get_length() if password else 0}")
    if password is not None:
        sys.stdout.write("password ")
        sys.stdout.flush()
        password.write_to_fd(sys.stdout.fileno())  # straight from locked memory: no Python copy
        password.wipe()
        say("")


def sign_in(button):
    panel = EntryKit.AccountPanel.new("Sign in to Example")
    panel.ask(button.get_toplevel(), None, answered)


window = Gtk.Window(title="EntryKit from Python", default_width=360, default_height=420)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, border_width=12)
window.add(box)

fruit = EntryKit.DropDownField(placeholder_text="Fruit", free_text=True, visible_row_count=8)
# Many items go quickest as one buffer, one item per line, which the field splits itself: a list
# of str (fruit.set_items([...])) is converted string by string first. set_items_from_data takes
# the bytes as they are; a GLib.Bytes made of them (set_items_from_bytes) would copy them once more.
fruit.set_items_from_data("\n".join(f"item {i}" for i in range(100000)).encode(), "\n")
fruit.connect("selected", lambda field, index, item: say(f"selected {index} {item}"))
fruit.connect("opened", lambda field: say("opened"))
box.pack_start(fruit, False, False, 0)

size = EntryKit.PickerField()
size.set_items(["Small", "Medium", "Large"], "Size")
size.props.picked_index = 1
size.connect("picked", lambda field, index, item: say(f"picked {index} {item}"))
box.pack_start(size, False, False, 0)

button = Gtk.Button(label="Sign in")
button.connect("clicked", sign_in)
box.pack_end(button, False, False, 0)

window.connect("map", lambda window: say("ready"))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
