"""The password stays in the dialog: no AT-SPI read, selection, copy or cut gives any client the
real text, on the clipboard or anywhere else, while typing through AT-SPI still works.

Any client of the accessibility bus can make these calls; GTK 3's stock entry accessible
answered copyText with the real password on the clipboard, where every client of the display
reads it."""
import subprocess

import pyatspi
import pytest

from atspi_driver import find, keys, on_wayland, press, type_text, wait_for
from test_login import focused, login  # noqa: F401  (the fixture)

PASSWORD = "hunter2 Sesame"
BOUNDARIES = [pyatspi.TEXT_BOUNDARY_CHAR, pyatspi.TEXT_BOUNDARY_WORD_START, pyatspi.TEXT_BOUNDARY_WORD_END,
              pyatspi.TEXT_BOUNDARY_SENTENCE_START, pyatspi.TEXT_BOUNDARY_SENTENCE_END,
              pyatspi.TEXT_BOUNDARY_LINE_START, pyatspi.TEXT_BOUNDARY_LINE_END]
SENTINEL = "clipboard sentinel"


def x_selection(name):
    """What a real X client reads from the X selection `name` (clipboard, primary)."""
    result = subprocess.run(["xclip", "-o", "-selection", name], capture_output=True, timeout=10)
    return result.stdout.decode(errors="replace")


def assert_no_secret(read, what):
    leaked = set(read) & set(PASSWORD.replace(" ", ""))
    assert not leaked, f"{what} gave out password characters {sorted(leaked)}: {read!r}"


@pytest.fixture
def password_field(login):  # noqa: F811
    app = login("--username", "ada")
    dialog = app.dialog("Sign In")
    field = find(dialog, role="password text", name="Password")
    wait_for(lambda: focused(field), what="focus in the password field")
    type_text(PASSWORD)
    wait_for(lambda: field.queryText().characterCount == len(PASSWORD), what="the password typed")
    yield app, dialog, field


def test_every_text_read_gives_invisible_characters(password_field):
    _, _, field = password_field
    text = field.queryText()
    assert_no_secret(text.getText(0, -1), "getText")
    for offset in range(len(PASSWORD) + 1):
        assert_no_secret(chr(text.getCharacterAtOffset(offset) or 32), f"getCharacterAtOffset({offset})")
        for boundary in BOUNDARIES:
            for read in (text.getTextAtOffset, text.getTextBeforeOffset, text.getTextAfterOffset):
                assert_no_secret(read(offset, boundary)[0], f"{read.__name__}({offset}, {boundary})")
    for start in range(len(PASSWORD)):
        assert_no_secret(text.getText(start, len(PASSWORD)), f"getText({start}, end)")


@pytest.mark.skipif(on_wayland(), reason="reads the X clipboard and primary selection with xclip, an X client; "
                    "the Wayland run checks that copy and cut change nothing in the field")
def test_selecting_copying_and_cutting_put_nothing_on_the_x_selections(password_field):
    app, _, field = password_field
    subprocess.run(["xclip", "-i", "-selection", "clipboard"], input=SENTINEL.encode(), check=True, timeout=10)
    text = field.queryText()
    assert text.addSelection(0, len(PASSWORD))
    start, end = text.getSelection(0)
    assert (start, end) == (0, len(PASSWORD)), "selecting works"
    editable = field.queryEditableText()
    editable.copyText(0, len(PASSWORD))
    editable.cutText(0, len(PASSWORD))
    for name in ("clipboard", "primary"):
        read = x_selection(name)
        assert PASSWORD not in read and "hunter" not in read, f"the X {name} selection holds the password: {read!r}"
    assert x_selection("clipboard") == SENTINEL, "copy and cut leave the clipboard as it was"
    assert text.characterCount == len(PASSWORD), "cut removed nothing either"
    keys("Return")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, f"ada|{PASSWORD}\n".encode()), stderr


def test_copy_and_cut_do_nothing_and_typing_over_atspi_still_works(password_field):
    app, dialog, field = password_field
    editable = field.queryEditableText()
    editable.copyText(0, len(PASSWORD))
    editable.cutText(0, len(PASSWORD))
    assert field.queryText().characterCount == len(PASSWORD)
    # A test robot fills the field through AT-SPI: that stays possible.
    assert editable.setTextContents("robot")
    assert editable.insertText(5, "!", 1)
    assert editable.deleteText(0, 1)
    wait_for(lambda: field.queryText().characterCount == 5, what="the robot's text in the field")
    press(find(dialog, role="push button", name="OK"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, b"ada|obot!\n"), stderr
