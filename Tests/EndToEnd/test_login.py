"""`entrykit login` driven as a user and a screen reader would: AT-SPI for what is on screen,
xdotool for the keyboard, stdout and the exit status for what a script receives."""
import json
import os
import subprocess
import time

import pyatspi
import pytest

from atspi_driver import RunningApp, find, keys, press, states, type_text, wait_for
from conftest import run_cli

USERNAME = "ada: lovelace 日本"  # a "|" is refused with the default separator (test_login_hardening)
PASSWORD = 'p|w d 語"\\'


class LoginApp(RunningApp):
    """`entrykit login ARGS`, optionally handing it extra file descriptors."""

    def __init__(self, binary, args=(), env=None, pass_fds=()):
        environment = dict(os.environ)
        environment.update(env or {})
        self.process = subprocess.Popen([str(binary), "login", *args], env=environment, pass_fds=pass_fds,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.application = wait_for(self._find_application, what=f"entrykit login (pid {self.process.pid}) on the accessibility bus")

    def dialog(self, title):
        return find(self.application, role="dialog", name=title)


def focused(accessible):
    return "focused" in states(accessible)


def sign_in(app, dialog, username, password, names=("Username", "Password")):
    """Types the name, Return, the password, Return, checking where focus is at each step."""
    user_field = find(dialog, role="text", name=names[0])
    password_field = find(dialog, role="password text", name=names[1])
    wait_for(lambda: focused(user_field), what="focus in the username field")
    if username:
        type_text(username)
    keys("Return")
    wait_for(lambda: focused(password_field), what="Return moving focus to the password field")
    assert app.process.poll() is None, "Return in the username field must not accept"
    if password:
        type_text(password)
    keys("Return")


@pytest.fixture
def login(binary, display):
    apps = []

    def start(*args, env=None, pass_fds=()):
        app = LoginApp(binary, args, env={"LANGUAGE": "en", **(env or {})}, pass_fds=pass_fds)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.close()


@pytest.mark.parametrize("options, expected", [
    ((), f"{USERNAME}|{PASSWORD}\n".encode()),
    (("--separator", "::"), f"{USERNAME}::{PASSWORD}\n".encode()),
    (("--separator=\t",), f"{USERNAME}\t{PASSWORD}\n".encode()),
    (("--null",), f"{USERNAME}\0{PASSWORD}\0".encode()),
])
def test_ok_prints_the_answer_in_each_format(login, options, expected):
    app = login("--title", "Mail", *options)
    sign_in(app, app.dialog("Mail"), USERNAME, PASSWORD)
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, expected), stderr


def test_json_escapes_every_field(login):
    app = login("--json", "--title", "Mail")
    sign_in(app, app.dialog("Mail"), USERNAME, PASSWORD)
    status, stdout, stderr = app.wait_for_exit()
    assert status == 0, stderr
    assert stdout.endswith(b"\n") and stdout.count(b"\n") == 1
    assert json.loads(stdout) == {"username": USERNAME, "password": PASSWORD}
    assert b'\\"' in stdout and b"\\\\" in stdout, "quote and backslash are escaped"


@pytest.mark.parametrize("mode, stdout_expected, fd_expected", [
    ((), f"{USERNAME}\n", f"{PASSWORD}\n"),
    (("--null",), f"{USERNAME}\0", f"{PASSWORD}\0"),
    (("--json",), json.dumps({"username": USERNAME}, ensure_ascii=False, separators=(",", ":")) + "\n",
     json.dumps(PASSWORD, ensure_ascii=False) + "\n"),
])
def test_password_fd_takes_the_password_and_stdout_only_the_name(login, mode, stdout_expected, fd_expected):
    status, stdout, stderr, secret = run_with_password_fd(
        login, mode, lambda app: sign_in(app, app.dialog("Sign In"), USERNAME, PASSWORD))
    assert status == 0, stderr
    assert stdout.decode() == stdout_expected
    assert secret.decode() == fd_expected


def run_with_password_fd(login, args, answer):
    """Starts `entrykit login --password-fd N ARGS` with N the write end of a pipe, lets
    `answer(app)` answer it, and returns (status, stdout, stderr, what came through the pipe)."""
    read_end, write_end = os.pipe()
    try:
        app = login("--password-fd", str(write_end), *args, pass_fds=(write_end,))
        os.close(write_end)
        write_end = None
        answer(app)
        status, stdout, stderr = app.wait_for_exit()
        with os.fdopen(read_end, "rb") as pipe:
            read_end = None
            secret = pipe.read()
    finally:
        for fd in (read_end, write_end):
            if fd is not None:
                os.close(fd)
    return status, stdout, stderr, secret


def test_japanese_labels_buttons_and_values(login):
    app = login(env={"LANGUAGE": "ja"})
    dialog = app.dialog("サインイン")
    find(dialog, role="push button", name="キャンセル")
    find(dialog, role="push button", name="OK")
    find(dialog, role="label", name="ユーザー名")
    sign_in(app, dialog, "山田 太郎", "ひみつ|鍵", names=("ユーザー名", "パスワード"))
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout.decode()) == (0, "山田 太郎|ひみつ|鍵\n"), stderr


def test_english_names_roles_and_bullets(login):
    app = login("--title", "Sign in to Mail", "--text", "imap.example.org")
    dialog = app.dialog("Sign in to Mail")
    find(dialog, role="label", name="imap.example.org")
    for name in ("OK", "Cancel"):
        find(dialog, role="push button", name=name)
    user_field = find(dialog, role="text", name="Username")
    password_field = find(dialog, role="password text", name="Password")
    for field, label in ((user_field, "Username"), (password_field, "Password")):
        targets = [target.name for relation in field.getRelationSet()
                   if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY
                   for target in (relation.getTarget(i) for i in range(relation.getNTargets()))]
        assert targets == [label], f"{label} field labelled by {targets}"
    keys("Tab")
    wait_for(lambda: focused(password_field), what="Tab to the password field")
    type_text("secret")
    text = password_field.queryText()
    wait_for(lambda: text.characterCount == 6, what="six characters in the password field")
    read = text.getText(0, -1)
    assert len(read) == 6 and "s" not in read and "secret" not in read, f"AT-SPI must read bullets, read {read!r}"


def test_prefilled_username_starts_in_the_password(login):
    app = login("--username", "ada@example.org")
    dialog = app.dialog("Sign In")
    password_field = find(dialog, role="password text", name="Password")
    wait_for(lambda: focused(password_field), what="focus in the password field")
    type_text("pw")
    keys("Return")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (0, b"ada@example.org|pw\n")


def test_empty_fields_print_empty_values(login):
    app = login()
    sign_in(app, app.dialog("Sign In"), "", "")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, b"|\n"), stderr


def test_cancel_button_prints_nothing(login):
    app = login()
    dialog = app.dialog("Sign In")
    type_text("ada")
    press(find(dialog, role="push button", name="Cancel"))
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, b"")


def test_escape_prints_nothing(login):
    app = login()
    user_field = find(app.dialog("Sign In"), role="text", name="Username")
    wait_for(lambda: focused(user_field), what="focus in the username field")
    type_text("ada")
    keys("Escape")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, b"")


def test_timeout_exits_5(login):
    started = time.monotonic()
    app = login("--timeout", "1.5")
    app.dialog("Sign In")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (5, b"")
    assert time.monotonic() - started >= 1.5


def test_caps_lock_warning_shows_while_caps_lock_is_on(login):
    app = login()
    dialog = app.dialog("Sign In")
    find(dialog, role="text", name="Username")
    keys("Caps_Lock")
    try:
        find(dialog, role="label", name="Caps Lock is on", showing=True)
    finally:
        keys("Caps_Lock")
    wait_for(lambda: not [label for label in [find(dialog, role="label", name="Caps Lock is on")] if "showing" in states(label)],
             what="the warning hiding again")


def test_caps_lock_warning_shows_when_the_panel_opens_with_caps_lock_on(login):
    """The panel reads the keyboard once its first frame is out: a Caps Lock already on is
    warned about without any key being pressed in the panel."""
    keys("Caps_Lock")
    try:
        app = login()
        dialog = app.dialog("Sign In")
        find(dialog, role="label", name="Caps Lock is on", showing=True)
    finally:
        keys("Caps_Lock")
    wait_for(lambda: not [label for label in [find(dialog, role="label", name="Caps Lock is on")] if "showing" in states(label)],
             what="the warning hiding again")


def test_unlockable_memory_still_works_and_warns_once(binary, display):
    # Root is exempt from RLIMIT_MEMLOCK through CAP_IPC_LOCK: drop it so `ulimit -l 0` bites.
    drop = "setpriv --inh-caps=-ipc_lock --bounding-set=-ipc_lock " if os.geteuid() == 0 else ""
    command = f'ulimit -l 0 && exec {drop}"$0" login --title Unlocked'
    process = subprocess.Popen(["sh", "-c", command, str(binary)], env={**os.environ, "LANGUAGE": "en"},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    app = LoginApp.__new__(LoginApp)
    app.process = process
    try:
        app.application = wait_for(app._find_application, what="entrykit login without lockable memory")
        sign_in(app, app.dialog("Unlocked"), "ada", "a long password, longer than nothing")
        status, stdout, stderr = app.wait_for_exit()
    finally:
        app.close()
    assert (status, stdout) == (0, b"ada|a long password, longer than nothing\n")
    assert stderr.decode().count("cannot lock password memory") == 1, stderr.decode()


def test_help_lists_every_option(binary):
    result = run_cli(binary, "login", "--help")
    assert result.returncode == 0
    for option in ("--title", "--text", "--username", "--separator", "--null", "--json", "--password-fd", "--timeout"):
        assert option in result.stdout
    assert "login" in run_cli(binary, "--help").stdout


@pytest.mark.parametrize("args, message", [
    (("--bogus",), "unknown option '--bogus'"),
    (("--title",), "--title needs a value"),
    (("--null", "--json"), "--null and --json cannot be used together"),
    (("--separator", ":", "--null"), "--separator and --null cannot be used together"),
    (("--timeout", "soon"), "--timeout needs a positive number"),
    (("--timeout", "-1"), "--timeout needs a positive number"),
    (("--password-fd", "x"), "--password-fd needs a file descriptor number"),
    (("--password-fd", "99"), "--password-fd 99 is not an open file descriptor"),
    (("--password", "hunter2"), "never taken from arguments"),
    (("stray",), "unexpected argument 'stray'"),
])
def test_bad_arguments_exit_2_with_a_message(binary, args, message):
    result = run_cli(binary, "login", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_gallery_page_signs_in_and_shows_only_the_password_length(binary, display):
    app = RunningApp(binary, (), env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
    try:
        window = app.window("EntryKit")
        press(find(window, role="radio button", name="Account Panel"))
        press(find(window, role="check box", name="Reject the first password"))
        press(find(window, role="push button", name="Sign in…", showing=True))
        dialog = find(app.application, role="dialog", name="Sign In")
        sign_in(app, dialog, "ada", "first")
        find(dialog, role="label", name="Wrong password, try again.", showing=True)
        password_field = find(dialog, role="password text", name="Password")
        wait_for(lambda: focused(password_field), what="focus back in the password field")
        type_text("second")
        keys("Return")
        result = find(window, role="label", name="Accepted: username ada, password of 6 characters.")
        assert "second" not in result.name
    finally:
        app.close()
