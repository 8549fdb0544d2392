#!/usr/bin/env gjs
// EntryKit from JavaScript (GJS): see ../README.md for what it shows and prints.
imports.gi.versions.Gtk = '3.0';
imports.gi.versions.EntryKit = '1.0';
const {EntryKit, GLib, Gtk} = imports.gi;

Gtk.init(null);

// print() ends each line and GJS's standard output is unbuffered.
function answered(panel, result) {
    let accepted, username, password;
    try {
        [accepted, username, password] = panel.ask_finish(result);
    } catch (error) {
        print(`error ${error.message}`);
        return;
    }
    print(`answer ${accepted ? 'accepted' : 'cancelled'} ${username ?? ''} ${password ? password.get_length() : 0}`);
    if (password) {
        // peek() hands JavaScript a copy of the bytes (a Uint8Array nothing wipes); a program
        // that only passes the password on uses password.write_to_fd() instead.
        print('password ' + new TextDecoder().decode(password.peek()));
        password.wipe();
    }
}

const window = new Gtk.Window({title: 'EntryKit from JavaScript', default_width: 360, default_height: 420});
const box = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL, spacing: 12, border_width: 12});
window.add(box);

const fruit = new EntryKit.DropDownField({placeholder_text: 'Fruit', free_text: true, visible_row_count: 8});
// Many items go quickest as one buffer, one item per line, which the field splits itself: an
// array of strings (fruit.set_items([...])) is converted string by string first.
const lines = Array.from({length: 100000}, (_, i) => `item ${i}`).join('\n');
fruit.set_items_from_bytes(new GLib.Bytes(new TextEncoder().encode(lines)), '\n');
fruit.connect('selected', (field, index, item) => print(`selected ${index} ${item}`));
fruit.connect('opened', () => print('opened'));
box.pack_start(fruit, false, false, 0);

const size = new EntryKit.PickerField();
size.set_items(['Small', 'Medium', 'Large'], 'Size');
size.picked_index = 1;
size.connect('picked', (field, index, item) => print(`picked ${index} ${item}`));
box.pack_start(size, false, false, 0);

const button = new Gtk.Button({label: 'Sign in'});
button.connect('clicked', () => {
    const panel = EntryKit.AccountPanel.new('Sign in to Example');
    panel.ask(button.get_toplevel(), null, answered);
});
box.pack_end(button, false, false, 0);

window.connect('map', () => print('ready'));
window.connect('destroy', () => Gtk.main_quit());
window.show_all();
Gtk.main();
