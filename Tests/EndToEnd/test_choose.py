"""`entrykit choose`, driven over AT-SPI and the keyboard as a user or a test robot would."""
import re
import subprocess

import pyatspi
import pytest

from atspi_driver import RunningApp, find, press, states, wait_for
from atspi_driver import keys as driver_keys
from conftest import run_cli

ENGLISH = {"LANGUAGE": "en", "LANG": "C.UTF-8"}


@pytest.fixture
def choose(binary, display):
    started = []

    def start(*args, stdin=None):
        app = RunningApp(binary, ["choose", *args], env=ENGLISH) if stdin is None else _with_stdin(binary, args, stdin)
        started.append(app)
        return app

    yield start
    for app in started:
        app.close()


def _with_stdin(binary, args, text):
    """RunningApp whose standard input is `text` (written before the app looks for the bus), or
    the file object given (a pipe the test writes to)."""
    import tempfile
    if isinstance(text, str):
        source = tempfile.TemporaryFile("w+")
        source.write(text)
        source.seek(0)
    else:
        source = text
    original = subprocess.Popen

    def popen(command, **kwargs):
        return original(command, stdin=source, **kwargs)

    subprocess.Popen = popen
    try:
        return RunningApp(binary, ["choose", *args], env=ENGLISH)
    finally:
        subprocess.Popen = original


def keys(*names):
    """Presses keys in the focused window, as a keyboard does (a little slower: the list slides)."""
    driver_keys(*names, delay_ms=60)


def combo(app, name="Choose an item:"):
    field = find(app.application, role="combo box", name=name)
    wait_for(lambda: "focused" in states(field), what="the field to have focus")
    return field


def open_list(app, field, role="list"):
    """Opens the list; `role` is "table" above 100 rows (see test_screen_reader.py)."""
    keys("alt+Down")
    wait_for(lambda: "expanded" in states(field), what="the field to be expanded")
    return find(app.application, role=role, showing=True)


def showing_rows(listbox, first=0, count=40):
    """The names of the rows on screen among `count` children from `first`."""
    children = (listbox.getChildAtIndex(i) for i in range(first, min(first + count, listbox.childCount)))
    return [row.name for row in children if "showing" in states(row)]


def rows(listbox):
    return [listbox.getChildAtIndex(i) for i in range(listbox.childCount)]


def test_open_by_keyboard_read_rows_and_pick(choose):
    app = choose("apple", "banana", "cherry")
    field = combo(app)
    assert "expandable" in states(field)
    assert "expanded" not in states(field)
    listbox = open_list(app, field)
    assert [row.name for row in rows(listbox)] == ["apple", "banana", "cherry"]
    assert [row.getRoleName() for row in rows(listbox)] == ["list item"] * 3
    assert rows(listbox)[1].getAttributes() and "posinset:2" in rows(listbox)[1].getAttributes()
    assert "setsize:3" in rows(listbox)[1].getAttributes()
    relations = {r.getRelationType(): r for r in field.getRelationSet()}
    assert pyatspi.RELATION_CONTROLLER_FOR in relations
    # From apple (preselected) to banana, pick, and at once OK: the second Enter comes while the
    # list is still sliding closed, and must still reach the dialog's default button.
    keys("Down", "Return", "Return")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, "banana\n")


def test_pick_through_atspi_selection(choose):
    app = choose("red", "green", "blue")
    field = combo(app)
    listbox = open_list(app, field)
    assert listbox.querySelection().selectChild(2)
    wait_for(lambda: field.queryText().getText(0, -1) == "blue", what="blue to be picked")
    assert "expanded" not in states(field)
    press(find(app.application, role="push button", name="OK"))
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, "blue\n")


def test_cancel_prints_nothing(choose):
    app = choose("red", "green")
    combo(app)
    press(find(app.application, role="push button", name="Cancel"))
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, "")


def test_escape_closes_the_list_then_cancels(choose):
    app = choose("red", "green")
    field = combo(app)
    open_list(app, field)
    keys("Down", "Escape")
    wait_for(lambda: "expanded" not in states(field), what="the list to close")
    assert field.queryText().getText(0, -1) == "red", "Escape restores the text"
    keys("Escape")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, "")


def test_a_hundred_thousand_items_from_standard_input(choose):
    app = choose("--text", "Number", stdin="".join(f"{n}\n" for n in range(1, 100_001)))
    field = combo(app, "Number")
    listbox = open_list(app, field, "table")
    assert listbox.childCount == 100_000
    assert 0 < len(showing_rows(listbox)) <= 11, "the rows on screen (10, and one partly shown)"
    assert "setsize:100000" in listbox.getChildAtIndex(0).getAttributes()
    keys("End")
    wait_for(lambda: "100000" in showing_rows(listbox, 100_000 - 20), what="the last row on screen")
    keys("Return", "Return")  # pick, then OK
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, "100000\n")


def test_the_dialog_appears_while_standard_input_is_still_coming(binary, display):
    source = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    source.stdin.write(b"red\ngreen\n")  # the dialog starts once the input is known not to be empty
    source.stdin.flush()
    app = _with_stdin(binary, ["--text", "Colour"], source.stdout)
    try:
        waiting = find(app.application, role="text", name="Colour")  # no items yet: a plain entry
        assert "sensitive" not in states(waiting), "the field waits for the rest of the input"
        assert "sensitive" not in states(find(app.application, role="push button", name="OK"))
        source.stdin.write(b"blue\n")
        source.stdin.close()
        field = find(app.application, role="combo box", name="Colour")
        wait_for(lambda: "focused" in states(field), what="the field to take the items and the focus")
        assert field.queryText().getText(0, -1) == "red"
        keys("alt+Down", "End", "Return", "Return")  # open, last item, pick, OK
        status, stdout, _ = app.wait_for_exit()
        assert (status, stdout) == (0, "blue\n")
    finally:
        if not source.stdin.closed:
            source.stdin.close()
        app.close()
        source.wait()


def test_option_values_inline_and_a_timeout_of_centuries(choose):
    """`--title=T` as well as `--title T`; a timeout far beyond any clock is a long wait, not a crash."""
    app = choose("--title=Fruit", "--text=Which one?", "--rows=2", "--timeout", "1e300", "apple", "banana")
    find(app.application, role="dialog", name="Fruit")
    combo(app, name="Which one?")
    keys("Escape")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, "")


@pytest.mark.parametrize("text_scale", ["1", "2"])
def test_more_rows_than_the_screen_holds_fit_the_screen(binary, display, text_scale):
    """The dialog is sized from the real rows (the real font: also at twice the text size) and
    the room the screen has: the list gives way, the buttons stay on screen and uncovered."""
    app = RunningApp(binary, ["choose", "--rows", "100000000000", *[f"Item {i}" for i in range(1000)]],
                     env={**ENGLISH, "GDK_DPI_SCALE": text_scale})
    try:
        dialog = find(app.application, role="dialog", name="Choose")
        field = combo(app)
        listbox = open_list(app, field, "table")
        dimensions = subprocess.run(["xdpyinfo"], capture_output=True, text=True, check=True).stdout
        screen_height = int(re.search(r"dimensions:\s+\d+x(\d+) pixels", dimensions).group(1))
        # Window coordinates: a Wayland client does not know where its window is on the screen.
        window = dialog.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        assert 0 < window.height <= screen_height
        ok = find(dialog, role="push button", name="OK").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        assert 0 <= ok.y and ok.y + ok.height <= window.height, (ok, window)

        def at_rest_above_the_buttons():
            shown = listbox.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return 0 <= shown.y and shown.y + shown.height <= ok.y
        # While the list slides open it starts above its place; at rest it lies over the room
        # kept for it, above the buttons.
        wait_for(at_rest_above_the_buttons, what="the list to come to rest above the buttons")
        assert 1 < len(showing_rows(listbox)) < 40, "the rows that fit are on screen, and it scrolls for the rest"
        keys("Escape", "Escape")
        status, stdout, _ = app.wait_for_exit()
        assert (status, stdout) == (1, "")
    finally:
        app.close()


@pytest.mark.parametrize("output, reason", [
    ("full", "No space left on device"),
    ("closed", "Bad file descriptor"),
])
def test_an_answer_that_cannot_be_written_is_an_error(binary, display, output, reason):
    """A lost answer is never a success: a full disk, or standard output closed (whose number
    the display connection must not take over)."""
    import os
    with open("/dev/full", "w") as full:
        popen = {"stdout": full} if output == "full" else {"stdout": subprocess.DEVNULL, "preexec_fn": lambda: os.close(1)}
        app = RunningApp(binary, ["choose", "apple", "banana"], env=ENGLISH, **popen)
        try:
            combo(app)
            keys("Return")  # Enter in the closed field is OK
            status, _, stderr = app.wait_for_exit()
        finally:
            app.close()
    assert status == 1, stderr
    assert f"entrykit choose: cannot write the answer: {reason}" in stderr


def test_a_whole_item_is_printed_however_long(choose):
    """The item itself, not the entry's copy of it (an entry holds at most 65,535 bytes)."""
    long_item = "x" * 100_000
    app = choose(long_item, "short")
    combo(app)
    keys("Return")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, long_item + "\n")


def test_escape_keeps_what_was_typed_when_typing_opened_the_list(choose):
    app = choose("--editable", "mango", "melon", "apple")
    field = combo(app)
    driver_keys("m", "a", "n", delay_ms=120)
    wait_for(lambda: field.queryText().getText(0, -1) == "man", what="the typed text")
    keys("Escape")
    wait_for(lambda: "expanded" not in states(field), what="the list to close")
    assert field.queryText().getText(0, -1) == "man"
    keys("Return")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, "man\n")


@pytest.mark.parametrize("args, message", [
    (("--bogus", "a"), "unknown option '--bogus'"),
    (("--title",), "--title needs a value"),
    (("--editable=yes", "a"), "--editable takes no value"),
    (("--rows=many", "a"), "--rows needs a whole number above 0, not 'many'"),
    (("--timeout", "nan", "a"), "--timeout needs a positive number of seconds, not 'nan'"),
    (("--timeout=-1", "a"), "--timeout needs a positive number of seconds, not '-1'"),
])
def test_bad_arguments_exit_2_with_a_message(binary, args, message):
    result = run_cli(binary, "choose", *args, env=ENGLISH)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_timeout_bad_arguments_and_no_items(binary, display):
    assert run_cli(binary, "choose", "--timeout", "0.5", "a", "b", env=ENGLISH).returncode == 5
    result = run_cli(binary, "choose", "--rows", "0", "a", env=ENGLISH)
    assert result.returncode == 2 and "--rows" in result.stderr and result.stdout == ""
    result = run_cli(binary, "choose", env=ENGLISH, input="")
    assert result.returncode == 2 and "no items" in result.stderr
    result = run_cli(binary, "choose", "--help")
    assert result.returncode == 0 and "Exit status" in result.stdout and "--editable" in result.stdout
