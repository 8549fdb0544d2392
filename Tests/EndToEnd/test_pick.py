"""`entrykit pick` driven as a user and a screen reader would: AT-SPI for what is on screen
(the field's value, its expanded state, the picker's rows and their states), xdotool for the
keyboard, stdout and the exit status for what a script receives."""
import os
import time
import subprocess

import pytest

from atspi_driver import RunningApp, find, find_all, keys, on_wayland, press, states, text_of, wait_for
from conftest import run_cli

FRUIT = ["apple", "banana", "cherry", "date", "elderberry"]
JAPANESE = ["りんご", "バナナ", "さくらんぼ", "なつめ"]


class PickApp(RunningApp):
    """`entrykit pick ARGS`, with items on standard input when given."""

    def __init__(self, binary, args=(), env=None, stdin=None):
        environment = dict(os.environ)
        environment.update(env or {})
        self.process = subprocess.Popen([str(binary), "pick", *args], env=environment, text=True,
                                        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if stdin is not None:
            self.process.stdin.write(stdin)
            self.process.stdin.close()
            self.process.stdin = None
        self.application = wait_for(self._find_application, what=f"entrykit pick (pid {self.process.pid}) on the accessibility bus")

    def field(self, title, name):
        dialog = find(self.application, role="dialog", name=title)
        return dialog, find(dialog, role="combo box", name=name)


@pytest.fixture
def pick(binary, display):
    apps = []

    def start(*args, language="en", stdin=None):
        app = PickApp(binary, args, env={"LANGUAGE": language}, stdin=stdin)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.close()


def picker_rows(app):
    """The picker's rows on screen, as the list core exposes them: (name, states) in order. Every
    item is a child of the list (a few here); those on screen are showing."""
    lists = wait_for(lambda: find_all(app.application, role="list", showing=True), what="the picker's list on screen")
    children = (lists[0].getChildAtIndex(i) for i in range(lists[0].childCount))
    return [(row.name, states(row)) for row in children if "showing" in states(row)]


def selected_rows(app):
    return [name for name, row_states in picker_rows(app) if "selected" in row_states]


def wait_for_value(field, value):
    wait_for(lambda: text_of(field) == value, what=f"the field's value to be {value!r} (it is {text_of(field)!r})")


def wait_for_expanded(field, expanded=True):
    wait_for(lambda: ("expanded" in states(field)) == expanded, what="the picker " + ("open" if expanded else "closed"))


def test_keyboard_moves_the_pick_and_enter_prints_it(pick):
    app = pick("--title", "Fruit", "--text", "Fruit:", *FRUIT)
    _, field = app.field("Fruit", "Fruit:")
    wait_for(lambda: "focused" in states(field), what="focus in the field")
    # Focus opens the picker; nothing was picked, so the first item is.
    wait_for_expanded(field)
    assert {"expandable", "focusable"} <= states(field)
    assert "editable" not in states(field), "the text only comes from the picker"
    wait_for_value(field, "apple")
    wait_for(lambda: selected_rows(app) == ["apple"], what="the apple row selected")
    rows = picker_rows(app)
    assert [name for name, _ in rows][:3] == ["apple", "banana", "cherry"]
    assert all("selectable" in row_states for _, row_states in rows)

    keys("Down", "Down")
    wait_for_value(field, "cherry")
    wait_for(lambda: selected_rows(app) == ["cherry"], what="the cherry row selected")
    keys("x")  # no item starts with x: typing never changes the text
    time.sleep(1.2)  # type-ahead starts afresh after about a second
    assert text_of(field) == "cherry"
    keys("d")
    wait_for_value(field, "date")
    keys("Return")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, "date\n"), stderr


def test_up_and_down_step_the_pick_while_closed_and_print_index(pick):
    app = pick("--title", "Fruit", "--index", "2", "--print-index", *FRUIT)
    _, field = app.field("Fruit", "Fruit")
    wait_for_expanded(field)
    wait_for_value(field, "cherry")
    keys("alt+Up")  # closes, keeping the pick
    wait_for_expanded(field, False)
    keys("Up")
    wait_for_value(field, "banana")
    assert "expanded" not in states(field), "Up while closed steps the pick like a spin button"
    keys("End")  # not a picker key while closed: the entry's caret moves, the value stays
    keys("Return")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, "1\n"), stderr


def test_escape_restores_the_pick_then_cancels(pick):
    app = pick("--title", "Fruit", "--index", "1", *FRUIT)
    _, field = app.field("Fruit", "Fruit")
    wait_for_expanded(field)
    wait_for_value(field, "banana")
    keys("End")
    wait_for_value(field, "elderberry")
    keys("Escape")
    wait_for_expanded(field, False)
    wait_for_value(field, "banana")
    assert app.process.poll() is None, "the first Escape only closes the picker"
    keys("Escape")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (1, ""), stderr


def test_selecting_a_row_through_atspi_picks_it(pick):
    app = pick("--title", "Fruit", *FRUIT)
    dialog, field = app.field("Fruit", "Fruit")
    wait_for_expanded(field)
    wait_for_value(field, "apple")
    # The picker's list shows a frame after the field reports itself expanded.
    listbox = wait_for(lambda: find_all(app.application, role="list", showing=True), what="the picker's list showing")[0]
    names = [listbox.getChildAtIndex(i).name for i in range(listbox.childCount)]
    listbox.querySelection().selectChild(names.index("banana"))
    wait_for_value(field, "banana")
    wait_for_expanded(field, False)
    press(find(dialog, role="push button", name="OK"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, "banana\n"), stderr


def test_japanese_from_standard_input(pick):
    app = pick(language="ja", stdin="\n".join(JAPANESE) + "\n")
    dialog, field = app.field("項目を選択", "項目を選択")
    assert text_of(field) in ("", "りんご")
    wait_for_expanded(field)
    wait_for_value(field, "りんご")
    keys("Down")
    wait_for_value(field, "バナナ")
    wait_for(lambda: selected_rows(app) == ["バナナ"], what="the バナナ row selected")
    keys("Escape")  # restores the value from when it opened: nothing picked
    wait_for_expanded(field, False)
    wait_for_value(field, "")
    keys("Down", "Down", "Down")  # closed: from nothing to the first item, then on
    wait_for_value(field, "さくらんぼ")
    find(dialog, role="push button", name="キャンセル")
    press(find(dialog, role="push button", name="OK"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, "さくらんぼ\n"), stderr


def test_cancel_button_prints_nothing(pick):
    app = pick("--title", "Fruit", *FRUIT)
    dialog, _ = app.field("Fruit", "Fruit")
    press(find(dialog, role="push button", name="Cancel"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (1, ""), stderr


def test_timeout_exits_5(binary, display):
    result = run_cli(binary, "pick", "--timeout", "0.5", *FRUIT, env={"LANGUAGE": "en"})
    assert (result.returncode, result.stdout) == (5, "")


@pytest.mark.skipif(on_wayland(), reason="aims the pointer at the list's screen position, which a Wayland "
                    "client cannot know (GTK 3 reports it relative to a window the compositor placed); "
                    "the X11 run covers the wheel")
def test_the_mouse_wheel_turns_the_picker(pick):
    """Real wheel clicks from the X server (not made in the process) over the picker."""
    import pyatspi
    app = pick("--title", "Fruit", *FRUIT)
    _, field = app.field("Fruit", "Fruit")
    wait_for_expanded(field)
    wait_for_value(field, "apple")
    listbox = find(app.application, role="list", showing=True)
    time.sleep(0.5)  # the picker slides open
    extents = listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    subprocess.run(["xdotool", "mousemove", "--sync", str(extents.x + extents.width // 2),
                    str(extents.y + extents.height // 2)], check=True)
    for _ in range(3):
        subprocess.run(["xdotool", "click", "5"], check=True)
        time.sleep(0.2)
    wait_for(lambda: text_of(field) not in ("", "apple"), what="the wheel to turn the pick on")
    keys("Return")
    status, stdout, stderr = app.wait_for_exit()
    assert status == 0 and stdout.strip() in FRUIT[1:], (status, stdout, stderr)


def test_standard_input_that_cannot_be_read_is_an_error(binary, display):
    directory = os.open("/tmp", os.O_RDONLY)
    try:
        result = subprocess.run([str(binary), "pick"], stdin=directory, capture_output=True, text=True, timeout=30)
    finally:
        os.close(directory)
    assert result.returncode == 2 and result.stdout == ""
    assert "cannot read standard input: Is a directory" in result.stderr


def test_ok_waits_for_a_pick(pick):
    """Escape in a picker opened with nothing picked restores nothing: OK has nothing to give."""
    app = pick("--title", "Fruit", *FRUIT)
    dialog, field = app.field("Fruit", "Fruit")
    wait_for_value(field, "apple")
    ok = find(dialog, role="push button", name="OK")
    assert "sensitive" in states(ok)
    keys("Escape")
    wait_for_value(field, "")
    wait_for(lambda: "sensitive" not in states(ok), what="OK to wait for a pick")
    keys("Down")  # the picker steps on, as a spin button does
    wait_for_value(field, "apple")
    wait_for(lambda: "sensitive" in states(ok), what="OK to take the pick")
    press(ok)
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, "apple\n")


def test_a_timeout_of_centuries_is_a_long_wait(pick):
    app = pick("--title", "Fruit", "--timeout", "1e300", stdin="\n".join(FRUIT) + "\n")
    app.field("Fruit", "Fruit")
    press(find(app.application, role="push button", name="Cancel"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (1, ""), stderr


@pytest.mark.parametrize("args, stdin, message", [
    (("--index", "5", *FRUIT), None, "--index 5 is out of range"),
    (("--index", "-1", *FRUIT), None, "--index needs an item number"),
    ((), "", "no items"),
    (("--colour", "red", *FRUIT), None, "unknown option '--colour'"),
    (("--timeout",), None, "--timeout needs a value"),
    (("--print-index=yes", "a"), None, "--print-index takes no value"),
])
def test_bad_arguments_exit_2_with_a_message(binary, args, stdin, message):
    result = run_cli(binary, "pick", *args, input=stdin if stdin is not None else "")
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_help_documents_every_option(binary):
    result = run_cli(binary, "pick", "--help")
    assert result.returncode == 0
    for option in ("--title", "--text", "--index", "--print-index", "--timeout", "Exit status"):
        assert option in result.stdout
