"""`entrykit login` against a hostile caller or neighbour: an answer cannot be forged through
the separator, the password descriptor is checked before anything shows, and no other process
of the user can read the dialog's memory."""
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from atspi_driver import find, keys, on_wayland, press, type_text, wait_for
from test_login import focused, login, run_with_password_fd  # noqa: F401  (login: the fixture)


def ok_refused_with(app, dialog, message):
    press(find(dialog, role="push button", name="OK"))
    find(dialog, role="label", name=message, showing=True)
    assert app.process.poll() is None, "refused in the panel; the panel stays for a correction"


USERNAME_HAS_SEPARATOR = ("The username cannot contain the separator that divides it from the password; "
                          "use --json or --null.")


def test_a_username_holding_the_separator_is_refused_not_printed(login):  # noqa: F811
    """`root|hunter2` with an empty password would read back as user root, password hunter2."""
    app = login("--username", "root|hunter2")
    dialog = app.dialog("Sign In")
    ok_refused_with(app, dialog, USERNAME_HAS_SEPARATOR)
    press(find(dialog, role="push button", name="Cancel"))
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, b"")


def test_the_same_username_prints_exactly_with_json_and_null(login):  # noqa: F811
    for mode, expected in ((("--json",), b'{"username":"root|hunter2","password":""}\n'),
                           (("--null",), b"root|hunter2\0\0")):
        app = login("--username", "root|hunter2", *mode)
        press(find(app.dialog("Sign In"), role="push button", name="OK"))
        status, stdout, stderr = app.wait_for_exit()
        assert (status, stdout) == (0, expected), stderr


@pytest.mark.parametrize("field_role, field_name, value, message", [
    ("text", "Username", "ada\nroot", "The username cannot contain a line break."),
    ("password text", "Password", "pw\nroot|x", "The password cannot contain a line break; use --json or --null."),
    ("text", "Username", "ada::x", USERNAME_HAS_SEPARATOR),
])
def test_line_breaks_and_custom_separators_are_refused(login, field_role, field_name, value, message):  # noqa: F811
    app = login("--separator", "::")
    dialog = app.dialog("Sign In")
    field = find(dialog, role=field_role, name=field_name)
    assert field.queryEditableText().setTextContents(value)
    wait_for(lambda: field.queryText().characterCount == len(value), what="the pasted text in the field")
    ok_refused_with(app, dialog, message)
    keys("Escape")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, b"")


def test_a_separator_inside_the_password_reads_back_exactly(login):  # noqa: F811
    app = login("--username", "ada")
    dialog = app.dialog("Sign In")
    wait_for(lambda: focused(find(dialog, role="password text", name="Password")), what="focus in the password")
    type_text("a|b|c")
    keys("Return")
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) == (0, b"ada|a|b|c\n"), stderr
    read = subprocess.run(["bash", "-c", "IFS='|' read -r user pass; printf '%s\\n%s' \"$user\" \"$pass\""],
                          input=stdout, capture_output=True, check=True).stdout
    assert read == b"ada\na|b|c"


def _bad_fd_run(binary, fd, **popen):
    started = time.monotonic()
    result = subprocess.run([str(binary), "login", "--password-fd", str(fd)], capture_output=True, timeout=30,
                            **popen)
    return result, time.monotonic() - started


def test_a_read_only_password_fd_is_refused_before_anything_shows(binary, display, tmp_path):
    secret = tmp_path / "secret"
    secret.write_text("")
    fd = os.open(secret, os.O_RDONLY)
    try:
        result, _ = _bad_fd_run(binary, fd, pass_fds=(fd,))
    finally:
        os.close(fd)
    assert result.returncode == 2
    assert b"--password-fd %d is not open for writing" % fd in result.stderr
    assert result.stdout == b""


def test_a_password_fd_that_was_closed_at_start_is_refused(binary, display):
    """`--password-fd 2` with standard error closed: the password would go to the /dev/null put
    there at start. Refused (the message has nowhere to go), nothing printed, status 2."""
    result, _ = _bad_fd_run(binary, 2, stderr=None, preexec_fn=lambda: os.close(2))
    assert result.returncode == 2
    assert result.stdout == b""


def test_the_dialog_process_is_undumpable_and_writes_no_core(login):  # noqa: F811
    app = login()
    app.dialog("Sign In")
    with open(f"/proc/{app.process.pid}/limits") as limits:
        core = next(line for line in limits if line.startswith("Max core file size"))
    assert core.split()[4:6] == ["0", "0"], core


def _as_nobody():
    nobody = pwd.getpwnam("nobody")

    def drop():
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)
    return drop


@pytest.mark.skipif(on_wayland(), reason="runs the dialog as another user, who may open the X display with its "
                    "cookie but not the session's private Wayland socket; the X11 run covers it")
def test_another_process_of_the_same_user_cannot_read_its_memory(binary, display):
    """The dialog runs as an ordinary user (nobody); a second process of that user, the attacker,
    tries /proc/PID/mem. Root can always read; a process of the same user must not."""
    if os.geteuid() != 0:
        pytest.fail("this test switches users: run the suite as root (CI does)")
    xauthority = os.environ.get("XAUTHORITY")
    shared = tempfile.mkdtemp(prefix="entrykit-nobody-")  # pytest's own folders are root's alone
    os.chmod(shared, 0o755)
    cookie = os.path.join(shared, "Xauthority")
    if xauthority:
        with open(xauthority, "rb") as source, open(cookie, "wb") as copy:
            copy.write(source.read())
        os.chmod(cookie, 0o644)
    env = {"DISPLAY": os.environ["DISPLAY"], "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GTK_USE_PORTAL": "0",
           "HOME": "/tmp", "LANGUAGE": "en", "PATH": os.environ["PATH"]}
    if xauthority:
        env["XAUTHORITY"] = str(cookie)
    # The user runs a copy in the shared folder: the checkout may lie in a folder only its owner
    # may enter (a home folder, /root, a mktemp -d folder), which nobody cannot.
    program = shutil.copy2(binary, os.path.join(shared, "entrykit"))
    dialog = subprocess.Popen([program, "login"], env=env, preexec_fn=_as_nobody(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and dialog.poll() is None:
            window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Sign In"], capture_output=True)
            if window.stdout.strip():
                break
            time.sleep(0.1)
        assert dialog.poll() is None, dialog.stderr.read()
        attack = subprocess.run(["/usr/bin/python3", "-c", f"open('/proc/{dialog.pid}/mem', 'rb')"],
                                preexec_fn=_as_nobody(), capture_output=True, text=True, timeout=30)
        assert attack.returncode != 0 and "PermissionError" in attack.stderr, attack.stderr
        # The attacker opens the memory of a process of its own that did not protect itself:
        # the check is real.
        control = subprocess.Popen(["sleep", "30"], preexec_fn=_as_nobody())
        try:
            readable = subprocess.run(["/usr/bin/python3", "-c", f"open('/proc/{control.pid}/mem', 'rb')"],
                                      preexec_fn=_as_nobody(), capture_output=True, text=True, timeout=30)
            assert readable.returncode == 0, readable.stderr
        finally:
            control.kill()
            control.wait()
    finally:
        dialog.terminate()
        dialog.communicate(timeout=10)
        shutil.rmtree(shared, ignore_errors=True)


def test_with_a_password_fd_the_name_is_alone_on_its_line_and_may_hold_the_separator(login):  # noqa: F811
    status, stdout, stderr, secret = run_with_password_fd(
        login, ("--username", "root|x"), lambda app: press(find(app.dialog("Sign In"), role="push button", name="OK")))
    assert (status, stdout, secret) == (0, b"root|x\n", b"\n"), stderr


def test_an_answer_and_a_timeout_in_the_same_instant_give_one_outcome(login):  # noqa: F811
    """The dialog is frozen past its timeout while Return waits in its queue: when it runs
    again, the key and the timeout are due in the same main-loop pass. Either the answer wins
    (printed, status 0) or the timeout does (nothing printed, status 5); never an answer with 5."""
    app = login("--username", "ada", "--timeout", "1.5")
    dialog = app.dialog("Sign In")
    field = find(dialog, role="password text", name="Password")
    wait_for(lambda: focused(field), what="focus in the password field")
    os.kill(app.process.pid, signal.SIGSTOP)
    try:
        time.sleep(2.0)  # past the timeout
        keys("Return")
        time.sleep(0.3)  # the key is in the app's queue
    finally:
        os.kill(app.process.pid, signal.SIGCONT)
    status, stdout, stderr = app.wait_for_exit()
    assert (status, stdout) in ((0, b"ada|\n"), (5, b"")), (status, stdout, stderr)
