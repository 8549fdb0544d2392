// EntryKit from Vala: see ../README.md for what it shows and prints.
//   valac --pkg gtk+-3.0 --pkg entrykit-1.0 entrykit-example.vala

void say (string line) {
    stdout.printf ("%s\n", line);
    stdout.flush ();
}

async void sign_in (Gtk.Window window) {
    var panel = new EntryKit.AccountPanel ("Sign in to Example");
    string? username;
    EntryKit.Password? password;
    try {
        bool accepted = yield panel.ask (window, null, out username, out password);
        say ("answer %s %s %zu".printf (accepted ? "accepted" : "cancelled", username ?? "",
                                         password != null ? password.get_length () : 0));
        if (password != null) {
            stdout.printf ("password ");
            stdout.flush ();
            password.write_to_fd (1);  // straight from locked memory
            password.wipe ();
            say ("");
        }
    } catch (Error error) {
        say ("error " + error.message);
    }
}

int main (string[] args) {
    Gtk.init (ref args);
    var window = new Gtk.Window ();
    window.title = "EntryKit from Vala";
    window.set_default_size (360, 420);
    var box = new Gtk.Box (Gtk.Orientation.VERTICAL, 12);
    box.border_width = 12;
    window.add (box);

    var fruit = new EntryKit.DropDownField ();
    fruit.placeholder_text = "Fruit";
    // Many items go quickest as one buffer, one item per line, which the field splits itself
    // (set_items takes an array of strings instead).
    var lines = new StringBuilder ();
    for (int i = 0; i < 100000; i++) lines.append_printf ("item %d\n", i);
    fruit.set_items_from_bytes (new Bytes (lines.str.data), "\n");
    fruit.free_text = true;
    fruit.visible_row_count = 8;
    fruit.selected.connect ((index, item) => say ("selected %d %s".printf (index, item)));
    fruit.opened.connect (() => say ("opened"));
    box.pack_start (fruit, false, false, 0);

    var size = new EntryKit.PickerField ();
    size.set_items ({ "Small", "Medium", "Large" }, "Size");
    size.picked_index = 1;
    size.picked.connect ((index, item) => say ("picked %d %s".printf (index, item)));
    box.pack_start (size, false, false, 0);

    var button = new Gtk.Button.with_label ("Sign in");
    button.clicked.connect (() => sign_in.begin (window));
    box.pack_end (button, false, false, 0);

    window.map.connect (() => say ("ready"));
    window.destroy.connect (Gtk.main_quit);
    window.show_all ();
    Gtk.main ();
    return 0;
}
