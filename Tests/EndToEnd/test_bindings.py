"""EntryKit from C, Python, JavaScript and Vala: the four programs in Examples/, each on
libentrykit-1.0 through its language's own binding (the typelib, the C headers, the Vala API
generated from the GIR), driven over AT-SPI as a test robot or screen reader drives them.

Every language runs the same scenario and must read back the same results: the drop-down's
100,000 items open, typed text filters them to the independently counted matches, a row picked
over AT-SPI becomes the text and the `selected` signal; the picker shows its pre-picked item and
picks another; the account panel, asked for without blocking, answers with the name and the
password (written from locked memory).
"""
import os
import pathlib
import shutil
import subprocess
from xml.etree import ElementTree

import pyatspi
import pytest

from atspi_driver import RunningApp, find, press, states, text_of, wait_for
from conftest import REPO
from screen import ScreenChange, settled_window_pixels, wait_until_on_screen
from test_login import sign_in

# The library under test with its typelib and vapi: the debug build's (scripts/test), or another
# build's folder laid out the same way.
INTROSPECTION = pathlib.Path(os.environ.get("ENTRYKIT_INTROSPECTION", REPO / ".build" / "introspection"))
INCLUDE = REPO / "Sources" / "CEntryKit" / "include" / "entrykit"
EXAMPLES = REPO / "Examples"
ITEMS = [f"item {i}" for i in range(100_000)]


def swift_runtime_dir():
    """Where a debug library finds the Swift runtime (a release library carries its own)."""
    swift = pathlib.Path(shutil.which("swift")).resolve()
    return swift.parent.parent / "lib" / "swift" / "linux"


@pytest.fixture(scope="session")
def library_environment():
    typelib = INTROSPECTION / "EntryKit-1.0.typelib"
    assert typelib.is_file(), f"{typelib} is missing: scripts/test makes it (scripts/introspect .build/debug {INTROSPECTION})"
    return {
        "GI_TYPELIB_PATH": str(INTROSPECTION),
        "LD_LIBRARY_PATH": f"{INTROSPECTION}:{swift_runtime_dir()}",
        "LANGUAGE": "en",
    }


def c_flags(*packages):
    return subprocess.run(["pkg-config", "--cflags", "--libs", *packages], capture_output=True, text=True,
                          check=True).stdout.split()


@pytest.fixture(scope="session")
def built(tmp_path_factory, library_environment):
    """The C and Vala programs, compiled against the headers, the library and the GIR."""
    out = tmp_path_factory.mktemp("bindings")
    link = [f"-I{INCLUDE}", f"-L{INTROSPECTION}", "-l:libentrykit-1.0.so.0", *c_flags("gtk+-3.0")]
    subprocess.run(["cc", "-Wall", "-Werror", "-Wno-unused-parameter", str(EXAMPLES / "c" / "entrykit-example.c"),
                    "-o", str(out / "c-example"), *link], check=True)
    # Vala reads entrykit-1.0.vapi, generated from the GIR by scripts/introspect.
    subprocess.run(["valac", "--quiet", "--vapidir", str(INTROSPECTION), "--pkg", "gtk+-3.0", "--pkg", "entrykit-1.0",
                    "-o", str(out / "vala-example"),
                    # The C valac writes must match the headers' const types (GCC 14 makes these errors).
                    *[arg for flag in [*link, "-Werror=incompatible-pointer-types", "-Werror=discarded-qualifiers"]
                      for arg in ("-X", flag)],
                    str(EXAMPLES / "vala" / "entrykit-example.vala")], check=True, cwd=out)
    return out


LANGUAGES = {
    "C": lambda built: [built / "c-example"],
    "Python": lambda built: ["/usr/bin/python3", EXAMPLES / "python" / "entrykit-example.py"],
    "JavaScript": lambda built: ["gjs", EXAMPLES / "gjs" / "entrykit-example.js"],
    "Vala": lambda built: [built / "vala-example"],
}


class Example(RunningApp):
    """An example program; what it prints goes to a file read while it runs."""

    def __init__(self, command, env, output):
        self.output = output
        super().__init__(command[0], command[1:], env=env, stdout=output.open("w"), stderr=subprocess.PIPE)

    def lines(self):
        return self.output.read_text().splitlines()

    def wait_for_line(self, line):
        return wait_for(lambda: line in self.lines(), what=f"{line!r} printed (printed so far: {self.lines()[-5:]})")


@pytest.fixture(params=list(LANGUAGES))
def example(request, display, built, library_environment, tmp_path):
    request.node.window_pixels_before = settled_window_pixels()
    app = Example([str(part) for part in LANGUAGES[request.param](built)], library_environment, tmp_path / "stdout")
    app.language = request.param
    yield app
    app.close()


def controlled_list(field):
    """The list a combo box controls (its `controller-for` target), as a screen reader finds it."""
    for relation in field.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_CONTROLLER_FOR:
            return relation.getTarget(0)
    raise AssertionError(f"{field.name!r} controls nothing")


def test_the_same_widgets_from_every_language(example, request, tmp_path):
    wait_for(lambda: "ready" in example.lines(), what="the example's window mapped")
    wait_until_on_screen(request.node.window_pixels_before, 0, example.process)
    drive(example, f"EntryKit from {example.language}", tmp_path)


def drive(example, title, tmp_path):
    """The scenario every example passes (test_package runs it on the installed packages too)."""
    window = find(example.application, role="frame", name=title)
    example.wait_for_line("ready")

    # The drop-down: 100,000 items, opened through the combo box's own action.
    fruit = find(window, role="combo box", name="Fruit")
    assert "expandable" in states(fruit)
    assert fruit.querySelection().nSelectedChildren == 0
    press(fruit, "press")
    example.wait_for_line("opened")
    wait_for(lambda: "expanded" in states(fruit), what="the drop-down expanded")
    rows = controlled_list(fruit)
    assert rows.queryTable().nRows == len(ITEMS)

    # Typed text filters: set as an assistive technology sets it; counted here independently.
    fruit.queryEditableText().setTextContents("9999")
    matches = [item for item in ITEMS if "9999" in item]
    wait_for(lambda: rows.childCount == len(matches), what=f"{len(matches)} rows matching '9999' (have {rows.childCount})")
    assert [rows.getChildAtIndex(i).name for i in range(len(matches))] == matches

    # A row picked over AT-SPI is picked as a click picks it.
    rows.querySelection().selectChild(0)
    example.wait_for_line("selected 9999 item 9999")
    wait_for(lambda: text_of(fruit) == "item 9999", what="the picked item in the entry")
    wait_for(lambda: "expanded" not in states(fruit), what="the list closed")

    # The picker: its pre-picked item, then another chosen through the combo box's Selection.
    size = find(window, role="combo box", name="Size")
    assert text_of(size) == "Medium"
    size.querySelection().selectChild(2)
    example.wait_for_line("picked 2 Large")
    assert text_of(size) == "Large"

    # The account panel, asked for without blocking and answered at the keyboard.
    screen = ScreenChange(tmp_path)
    press(find(window, role="push button", name="Sign in"))
    dialog = find(example.application, role="dialog", name="Sign in to Example")
    screen.wait(20_000, what="the account panel on screen")
    sign_in(example, dialog, "ada", "hunter2")
    example.wait_for_line("answer accepted ada 7")
    example.wait_for_line("password hunter2")
    assert example.process.poll() is None, f"{title} ended: {example.process.stderr.read()}"


BUILDER_PROGRAM = r'''
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("EntryKit", "1.0")
from gi.repository import EntryKit, Gio, GLib, GObject, Gtk

UI = """<interface>
  <object class="GtkWindow" id="window">
    <property name="title">EntryKit from GtkBuilder</property>
    <child><object class="GtkBox"><property name="orientation">vertical</property>
      <child><object class="EkDropDownField" id="fruit">
        <property name="placeholder-text">Fruit</property>
        <property name="selected-index">1</property>
        <property name="items">apple
banana
cherry</property>
        <property name="visible-row-count">2</property>
        <property name="free-text">True</property>
        <property name="list-font">Serif 14</property>
      </object></child>
      <child><object class="EkPickerField" id="size">
        <property name="picked-index">2</property>
        <property name="items">S
M
L</property>
      </object></child>
    </object></child>
  </object>
</interface>"""


def say(line):
    print(line, flush=True)


# A binding loads the library with its first type; then GtkBuilder knows every EntryKit class.
GObject.type_ensure(EntryKit.DropDownField)
builder = Gtk.Builder.new_from_string(UI, -1)
window, fruit, size = (builder.get_object(name) for name in ("window", "fruit", "size"))
say(f"fruit {type(fruit).__name__} {list(fruit.props.items)} {fruit.props.selected_index} {fruit.get_text()} "
    f"{fruit.props.visible_row_count} {fruit.props.free_text} {fruit.props.list_font}")
say(f"size {type(size).__name__} {size.props.picked_index} {size.get_text()}")
notified = []
fruit.connect("notify::selected-index", lambda field, spec: notified.append(field.props.selected_index))
fruit.props.selected_index = 2
fruit.props.selected_index = 7  # out of range: refused, kept
say(f"notified {notified} {fruit.get_text()}")

# Keyword order is construct order: the index comes before the items it needs.
keywords = EntryKit.DropDownField(selected_index=2, items=["fig", "kiwi", "lime"], list_placeholder_text="No fruit",
                                  list_transition_duration=0)
say(f"keywords {keywords.props.selected_index} {keywords.get_text()} {keywords.props.list_placeholder_text} "
    f"{keywords.props.list_transition_duration} {keywords.get_list_transition_duration()} "
    f"{EntryKit.DropDownField().props.list_transition_duration}")
item_notifications = []
keywords.connect("notify::items", lambda field, spec: item_notifications.append(list(field.props.items)))
keywords.set_items(["fig", "kiwi", "lime"])  # the same items: no notification
keywords.props.items = ["fig", "kiwi"]
say(f"items notified {item_notifications}")


class Fruits(EntryKit.DropDownField):
    """A subclass made in the binding's language: its field class's properties notify as well."""


subclassed = Fruits()
changes = []
for name in ("items", "selected-index"):
    subclassed.connect(f"notify::{name}", lambda field, spec: changes.append(spec.name))
subclassed.set_items(["fig", "kiwi"])
subclassed.props.selected_index = 1
say(f"subclass notified {changes} {subclassed.get_text()}")

cancellable = Gio.Cancellable()


def validate(panel, username, password):
    if bytes(password.peek()) == b"right":
        return None
    say(f"refused {username} {password.get_length()}")
    GLib.timeout_add(300, cancellable.cancel)  # then the program gives up on the panel
    return "Wrong password"


def answered(panel, result):
    try:
        panel.ask_finish(result)
        say("answered")
    except GLib.Error as error:
        say(f"error {error.domain} {error.code == Gio.IOErrorEnum.CANCELLED}")


panel = EntryKit.AccountPanel(title="Builder sign in", username="ada", requires_password=True)
panel.connect("validate", validate)
window.connect("map", lambda window: panel.ask(window, cancellable, answered))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
'''


def test_builder_files_properties_validation_and_cancellation(display, library_environment, tmp_path):
    """Python: fields made by GtkBuilder by class name with their properties, property
    notifications, the validate signal keeping the panel open, and a GCancellable closing it."""
    program = tmp_path / "builder.py"
    program.write_text(BUILDER_PROGRAM)
    app = Example(["/usr/bin/python3", program], library_environment, tmp_path / "stdout")
    try:
        app.wait_for_line("fruit DropDownField ['apple', 'banana', 'cherry'] 1 banana 2 True Serif 14")
        app.wait_for_line("size PickerField 2 L")
        app.wait_for_line("notified [2] cherry")
        app.wait_for_line("keywords 2 lime No fruit 0 0 200")
        app.wait_for_line("items notified [['fig', 'kiwi']]")
        app.wait_for_line("subclass notified ['items', 'selected-index'] kiwi")
        dialog = find(app.application, role="dialog", name="Builder sign in")
        password = find(dialog, role="password text", name="Password")
        wait_for(lambda: "focused" in states(password), what="focus in the password field (the name is pre-filled)")
        from atspi_driver import keys, type_text
        type_text("wrong")
        keys("Return")
        app.wait_for_line("refused ada 5")
        find(dialog, role="label", name="Wrong password")
        app.wait_for_line("error g-io-error-quark True")
        wait_for(lambda: not [d for d in app.application if d is not None and d.getRoleName() == "dialog"
                              and "showing" in states(d)], what="the cancelled panel gone")
    finally:
        app.close()


PANEL_PROGRAM = r'''
import gi

gi.require_version("Gtk", "3.0")
gi.require_version("EntryKit", "1.0")
from gi.repository import EntryKit, Gtk


def say(line):
    print(line, flush=True)


# Keyword order is construct order: every value reaches the panel's one state, in any order.
panel = EntryKit.AccountPanel(username="ada", requires_password=True, message="imap.example.org", title="Mail")
say(f"keywords {panel.props.title} {panel.get_username()} {panel.props.message} {panel.get_requires_password()} "
    f"{panel.props.requires_username}")
notified = []
panel.connect("notify", lambda panel, spec: notified.append(spec.name))
# A handler connected at once may set another property.
panel.connect("notify::title", lambda panel, spec: panel.set_username("set in notify"))
panel.set_title("Mail")  # the same: no one is told
panel.props.title = "Mail 2"
panel.set_username("set in notify")  # the same again
panel.props.requires_password = True
panel.set_message(None)
say(f"notified {notified} {panel.get_username()} {panel.get_message()}")

builder = Gtk.Builder.new_from_string("""<interface><object class="EkAccountPanel" id="panel">
  <property name="requires-username">True</property>
  <property name="username">bob</property>
  <property name="title">From a builder</property>
</object></interface>""", -1)
built = builder.get_object("panel")
say(f"builder {type(built).__name__} {built.get_title()} {built.get_username()} {built.get_requires_username()}")
'''


def test_the_panels_properties_in_any_order_notify_once_per_change(display, library_environment, tmp_path):
    """Python: an account panel made with its properties in any order, from keywords or a
    GtkBuilder file, holds them all; each change notifies once, the same value again no one; a
    notify handler connected at once may set another property."""
    program = tmp_path / "panel.py"
    program.write_text(PANEL_PROGRAM)
    result = subprocess.run(["/usr/bin/python3", program], env={**os.environ, **library_environment},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "keywords Mail ada imap.example.org True False",
        "notified ['title', 'username', 'message'] set in notify None",
        "builder AccountPanel From a builder bob True",
    ]


LOCALIZED_PROGRAM = r'''
import gi

gi.require_version("Gtk", "3.0")
gi.require_version("EntryKit", "1.0")
from gi.repository import EntryKit, Gtk

window = Gtk.Window(title="Tables beside the library")
window.connect("map", lambda window: EntryKit.AccountPanel.new("Localized").ask(window, None, lambda *_: Gtk.main_quit()))
window.show_all()
Gtk.main()
'''


def test_the_library_reads_the_tables_installed_beside_it(display, library_environment, tmp_path):
    """In another program the library finds its strings tables relative to itself, as Debian
    installs them (lib/<triplet>/ and share/entrykit/), not relative to the program."""
    prefix = tmp_path / "usr"
    libdir = prefix / "lib" / "x86_64-linux-gnu"
    libdir.mkdir(parents=True)
    shutil.copy((INTROSPECTION / "libentrykit-1.0.so.0").resolve(), libdir / "libentrykit-1.0.so.0")
    shutil.copy(INTROSPECTION / "EntryKit-1.0.typelib", libdir / "EntryKit-1.0.typelib")
    # A table only this prefix has: its word can come from nowhere else.
    tables = prefix / "share" / "entrykit" / "ja.lproj"
    tables.mkdir(parents=True)
    (tables / "EntryKit.strings").write_text('"Cancel" = "取り消す";\n', encoding="utf-8")
    program = tmp_path / "localized.py"
    program.write_text(LOCALIZED_PROGRAM)
    environment = {**library_environment, "LANGUAGE": "ja", "GI_TYPELIB_PATH": str(libdir),
                   "LD_LIBRARY_PATH": f"{libdir}:{swift_runtime_dir()}"}
    app = Example(["/usr/bin/python3", program], environment, tmp_path / "stdout")
    try:
        dialog = find(app.application, role="dialog", name="Localized")
        find(dialog, role="push button", name="取り消す")
    finally:
        app.close()


def test_every_type_and_member_of_the_api_is_documented():
    """The reference (gi-docgen, from the GIR) shows "No description available" for anything
    the scanner found no doc comment for."""
    core = "{http://www.gtk.org/introspection/core/1.0}"
    glib = "{http://www.gtk.org/introspection/glib/1.0}"
    namespace = ElementTree.parse(INTROSPECTION / "EntryKit-1.0.gir").getroot().find(f"{core}namespace")
    undocumented = []
    for kind in ("class", "record", "function"):
        for element in namespace.findall(f"{core}{kind}"):
            if element.get(f"{glib}is-gtype-struct-for"):
                continue
            members = [element] + [member for tag in (f"{core}method", f"{core}constructor", f"{core}property",
                                                      f"{glib}signal", f"{core}function")
                                   for member in element.findall(tag)]
            undocumented += [f"{element.get('name')}.{member.get('name')}" for member in members
                             if member.find(f"{core}doc") is None]
    assert len(namespace.findall(f"{core}class")) >= 6
    assert not undocumented, undocumented
