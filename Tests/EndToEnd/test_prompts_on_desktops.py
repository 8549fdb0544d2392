"""Every prompt reaches the person on real desktops where focus is not free (desktops.py): started
as gpg-agent, ssh and sudo start it (a background process, no parent window, no startup id) while
a full-screen window has the keyboard, the dialog is on the screen (a screenshot, not AT-SPI's
word), the keys typed with the desktop's own input reach it, its answer is what was typed, and
nothing of it reached the full-screen window.

On i3 the dialog asks to be activated with a real timestamp, and i3 brings it up; on sway it is a
layer-shell overlay that holds the keyboard. Each screenshot is kept in $ENTRYKIT_SCREENSHOTS
when that is set, to look at."""
import os
import shutil
import subprocess

import pytest

from atspi_driver import application_of, find, on_wayland, press, states, wait_for
from desktops import DESKTOPS
from screen import pixels_of_colour
from polkit_system import ADA, SELF_ACTION, finished
from test_keyring import GETPIN, PINENTRY_ITEM
from test_keyring import secret_service  # noqa: F401  (the fixture)
from test_password_prompts import PASSPHRASE, Pinentry
from test_polkit_agent import Agent, polkit  # noqa: F401  (the fixture)

# A quarter of the password panel's window background: a layer-shell overlay has no title bar.
PROMPT_AREA = 8_000

pytestmark = pytest.mark.skipif(on_wayland(), reason="each test runs a desktop of its own, X11 and Wayland alike; "
                                "the X11 pass runs them")


@pytest.fixture(params=sorted(DESKTOPS))
def desktop(request, display):
    if os.geteuid() != 0:
        pytest.fail("the desktops run as a scratch user the test creates: run the suite as root (CI does)")
    desktop = DESKTOPS[request.param]()
    try:
        desktop.open_full_screen_window()
        yield desktop
    finally:
        desktop.stop()


def prompt_environment(desktop):
    environment = {**os.environ, **desktop.environment, "LANGUAGE": "en"}
    environment.pop("DESKTOP_STARTUP_ID", None)
    environment.pop("XDG_ACTIVATION_TOKEN", None)
    return environment


def start(binary, desktop, *args):
    return subprocess.Popen([str(binary), *args], env=prompt_environment(desktop), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def wait_until_on_screen(desktop, tmp_path, prompt):
    shot = tmp_path / f"{prompt}-on-{desktop.name}.png"

    def shown():
        desktop.screenshot(shot)
        return pixels_of_colour(shot) >= PROMPT_AREA
    try:
        wait_for(shown, timeout=15, what=f"the {prompt} prompt on {desktop.name}'s screen ({shot})")
    finally:
        if os.environ.get("ENTRYKIT_SCREENSHOTS"):
            os.makedirs(os.environ["ENTRYKIT_SCREENSHOTS"], exist_ok=True)
            shutil.copy(shot, os.environ["ENTRYKIT_SCREENSHOTS"])


def accept(desktop, application, button="OK"):
    """Return on X11. On sway the virtual keyboard's Return does not reach GTK (its letters do),
    so the button is pressed over AT-SPI there."""
    if desktop.name != "sway":
        desktop.press_return()
    else:
        press(find(application, role="push button", name=button, showing=True))


def finish(process):
    stdout, stderr = process.communicate(timeout=30)
    return process.returncode, stdout, stderr


def answered_on_screen(process, desktop, tmp_path, prompt):
    """Waits for `process`'s dialog on the screen, types the passphrase and accepts; returns the
    exit status, standard output and standard error (where a GTK warning would show)."""
    try:
        wait_until_on_screen(desktop, tmp_path, prompt)
        application = wait_for(lambda: application_of(process), what=f"the {prompt} prompt on the accessibility bus")
        desktop.type_text(PASSPHRASE)
        accept(desktop, application)
        return finish(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_login_reaches_the_person_above_a_full_screen_window(binary, desktop, tmp_path):
    login = start(binary, desktop, "login", "--title", "Mail", "--username", "ada")
    assert answered_on_screen(login, desktop, tmp_path, "login") == (0, f"ada|{PASSPHRASE}\n".encode(), b"")
    assert desktop.typed_into_the_full_screen_window() == "hello"


def answer_pinentry_on_screen(binary, desktop, tmp_path, environment, setup, shot, before_accepting=None):
    """`entrykit pinentry` given `setup`, then GETPIN: waits for its dialog on the screen (`shot`
    names the screenshot), types the passphrase with the desktop's input, calls
    `before_accepting(application)` and accepts; checks the answer."""
    entry = Pinentry(binary, env=environment)
    try:
        for line in setup:
            assert entry.ask(line) == ["OK"]
        entry.send("GETPIN")
        wait_until_on_screen(desktop, tmp_path, shot)
        application = entry.application()
        desktop.type_text(PASSPHRASE)
        if before_accepting:
            before_accepting(application)
        accept(desktop, application)
        assert entry.answer() == [f"D {PASSPHRASE}", "OK"]
    finally:
        entry.close()


def test_pinentry_reaches_the_person_above_a_full_screen_window(binary, desktop, tmp_path):
    answer_pinentry_on_screen(binary, desktop, tmp_path, prompt_environment(desktop), ["SETPROMPT Passphrase:"],
                              "pinentry")
    assert desktop.typed_into_the_full_screen_window() == "hello"


def test_pinentrys_save_in_password_manager_box_keeps_the_passphrase_on_every_desktop(binary, desktop, tmp_path,
                                                                                      secret_service):
    """The passphrase typed with the desktop's input, the box ticked (over AT-SPI, as keys cannot be
    synthesized on Wayland) and OK: the keyring holds what was typed."""
    service = secret_service()
    environment = {**prompt_environment(desktop), **{name: service.environment[name] for name in
                                                     ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS")}}

    def tick(application):
        box = find(application, role="check box", name="Save in password manager", showing=True)
        press(box)
        wait_for(lambda: "checked" in states(box), what="the box ticked")

    answer_pinentry_on_screen(binary, desktop, tmp_path, environment, [*GETPIN], "pinentry-keyring", tick)
    assert service.lookup(PINENTRY_ITEM) == PASSPHRASE
    assert desktop.typed_into_the_full_screen_window() == "hello"


def test_askpass_reaches_the_person_above_a_full_screen_window(binary, desktop, tmp_path):
    askpass = start(binary, desktop, "askpass", "Enter passphrase for key '/tmp/id_ed25519': ")
    assert answered_on_screen(askpass, desktop, tmp_path, "askpass") == (0, f"{PASSPHRASE}\n".encode(), b"")
    assert desktop.typed_into_the_full_screen_window() == "hello"


def test_the_polkit_agents_dialog_reaches_the_person_above_a_full_screen_window(binary, desktop, polkit, tmp_path):
    """The agent runs with the session and waits; pkcheck (as pkexec, systemctl or an installer
    would) asks while the full-screen window has the keyboard."""
    subject = polkit.subject(ADA)
    agent = Agent(binary, "--process", str(subject), env=prompt_environment(desktop))
    check = polkit.pkcheck(subject, SELF_ACTION)
    try:
        wait_until_on_screen(desktop, tmp_path, "polkit-agent")
        application = agent.application
        desktop.type_text(ADA.password)
        accept(desktop, application, button="Authenticate")
        assert finished(check)[0] == 0
    finally:
        if check.poll() is None:
            check.kill()
            check.communicate()
        status, _, stderr = agent.stop()
    assert (status, stderr) == (0, "")
    assert desktop.typed_into_the_full_screen_window() == "hello"
