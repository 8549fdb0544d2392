"""The prompts driven by AT-SPI alone, as an assistive technology or a test robot does it (on
Wayland no client can synthesize keys): text set through EditableText, fields activated and buttons
pressed through Action, no key pressed. An action must return before the work it starts runs a
loop: each call here is answered at once, and each prompt ends with the right answer."""
import os
import subprocess
import time

import pytest

from atspi_driver import RunningApp, application_of, find, press, wait_for
from test_password_prompts import PASSPHRASE, Pinentry, focused_field, showing_labels

CANCELLED = "ERR 83886179 Operation cancelled <Pinentry>"
# A D-Bus call waits 25 s for its answer by default; an action that ran a loop inside its own
# dispatch never answered (the process froze), one that hands its work to the loop answers at once.
ANSWERED_WITHIN = 5.0


def act(accessible, action):
    """Performs `action` and checks that the application answered the call at once."""
    started = time.monotonic()
    press(accessible, action)
    elapsed = time.monotonic() - started
    assert elapsed < ANSWERED_WITHIN, f"{action!r} on {accessible.name!r} took {elapsed:.1f}s to be answered"


def fill(field, text):
    """Sets the field's text as an assistive technology does (EditableText), not with keys."""
    assert field.queryEditableText().setTextContents(text)


@pytest.fixture
def pinentry(binary, display):
    started = []

    def start():
        started.append(Pinentry(binary))
        return started[-1]

    yield start
    for entry in started:
        entry.close()


def new_passphrase(pinentry):
    """A pinentry asked for a new passphrase, as gpg-agent asks for `gpg --symmetric`."""
    entry = pinentry()
    for line in ("SETDESC Enter the new passphrase", "SETPROMPT Passphrase:", "SETREPEAT Repeat:",
                 "SETREPEATERROR Passphrases do not match", "SETQUALITYBAR"):
        assert entry.ask(line) == ["OK"]
    entry.send("GETPIN")
    return entry, entry.application()


def activate_both(application, first, second):
    """Fills the passphrase and then the repeat, activating each field as an AT-SPI client does."""
    for name, text in (("Passphrase:", first), ("Repeat:", second)):
        field = focused_field(application, "password text", name)
        fill(field, text)
        act(field, "activate")


def test_pinentry_repeat_answered_by_activating_both_fields(pinentry):
    entry, application = new_passphrase(pinentry)
    activate_both(application, PASSPHRASE, PASSPHRASE)
    assert entry.answer() == ["S PIN_REPEATED", f"D {PASSPHRASE}", "OK"]
    assert entry.ask("BYE") == ["OK closing connection"]


def test_pinentry_repeat_answered_empty_by_activating_both_empty_fields(pinentry):
    """An empty passphrase is an answer, as pinentry's own dialogs give it (gpg-agent then asks
    whether that was meant)."""
    entry, application = new_passphrase(pinentry)
    act(focused_field(application, "password text", "Passphrase:"), "activate")
    act(focused_field(application, "password text", "Repeat:"), "activate")
    assert entry.answer() == ["S PIN_REPEATED", "OK"]
    # Still answering: the next GETPIN (the repeat was for the last one alone) gets its dialog.
    entry.send("GETPIN")
    field = focused_field(application, "password text", "Passphrase:")
    fill(field, PASSPHRASE)
    act(field, "activate")
    assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    entry.send("GETPIN")
    focused_field(application, "password text", "Passphrase:")
    act(find(application, role="push button", name="Cancel", showing=True), "click")
    assert entry.answer() == [CANCELLED]


def test_pinentry_repeat_answered_by_pressing_ok(pinentry):
    entry, application = new_passphrase(pinentry)
    fill(focused_field(application, "password text", "Passphrase:"), PASSPHRASE)
    act(find(application, role="push button", name="OK", showing=True), "click")
    fill(focused_field(application, "password text", "Repeat:"), PASSPHRASE)
    act(find(application, role="push button", name="OK", showing=True), "click")
    assert entry.answer() == ["S PIN_REPEATED", f"D {PASSPHRASE}", "OK"]


def test_pinentry_repeat_that_differs_asks_again_then_answers(pinentry):
    entry, application = new_passphrase(pinentry)
    activate_both(application, PASSPHRASE, "another " + PASSPHRASE)
    wait_for(lambda: "Passphrases do not match" in showing_labels(application), what="the mismatch shown")
    activate_both(application, "third " + PASSPHRASE, "third " + PASSPHRASE)
    assert entry.answer() == ["S PIN_REPEATED", f"D third {PASSPHRASE}", "OK"]


def test_pinentry_getpin_then_confirm_then_message(pinentry):
    entry = pinentry()
    entry.send("GETPIN")
    field = focused_field(entry.application(), "password text")
    fill(field, "100% sure")
    act(field, "activate")
    assert entry.answer() == ["D 100%25 sure", "OK"]
    assert entry.ask("SETDESC Really use this key?") == ["OK"]
    entry.send("CONFIRM")
    act(find(entry.application(), role="push button", name="OK", showing=True), "click")
    assert entry.answer() == ["OK"]
    entry.send("MESSAGE")
    act(find(entry.application(), role="push button", name="OK", showing=True), "click")
    assert entry.answer() == ["OK"]
    assert entry.ask("BYE") == ["OK closing connection"]


def test_login_answered_by_activating_both_fields(binary, display):
    app = RunningApp(binary, ("login", "--title", "Mail"), env={"LANGUAGE": "en"}, stdout=subprocess.PIPE, text=False)
    try:
        username = focused_field(app.application, "text", "Username")
        fill(username, "ada")
        act(username, "activate")  # Return in the name moves on to the password
        password = focused_field(app.application, "password text", "Password")
        fill(password, PASSPHRASE)
        act(password, "activate")
        status, stdout, stderr = app.wait_for_exit()
        assert (status, stdout) == (0, f"ada|{PASSPHRASE}\n".encode()), stderr
    finally:
        app.close()


def test_the_credential_helper_answered_by_activating_both_fields(binary, display):
    environment = {**os.environ, "LANGUAGE": "en"}
    helper = subprocess.Popen([str(binary), "credential", "get"], env=environment, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        helper.stdin.write("protocol=https\nhost=example.org\n\n")
        helper.stdin.flush()
        application = wait_for(lambda: application_of(helper), what="the credential helper on the accessibility bus")
        username = focused_field(application, "text", "Username")
        fill(username, "ada")
        act(username, "activate")
        password = focused_field(application, "password text", "Password")
        fill(password, PASSPHRASE)
        act(password, "activate")
        stdout, stderr = helper.communicate(timeout=30)
        assert helper.returncode == 0, stderr
        assert stdout == f"username=ada\npassword={PASSPHRASE}\n"
    finally:
        if helper.poll() is None:
            helper.kill()
            helper.communicate()
