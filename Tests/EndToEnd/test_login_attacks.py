"""`entrykit login` against the second round of attacks: answers forged through grapheme clusters
and overlapping separators, GTK's password hint, a /proc/PID/mem opened before the dialog
protected itself, crash signals, and answers cut short by the file size limit or a closed pipe."""
import os
import re
import signal
import subprocess
import time

import pytest

from atspi_driver import EventLog, RunningApp, application_of, find, keys, on_wayland, press, type_text, wait_for
from test_login import focused, login  # noqa: F401  (login: the fixture)
from test_login_hardening import USERNAME_HAS_SEPARATOR, ok_refused_with

PASSWORD = "Zq7canXv93"


@pytest.mark.parametrize("username, separator", [
    ("root|\u0301hunter2", "|"), ("root|\u200dhunter2", "|"), ("root|\ufe0fhunter2", "|"),
    ("root\u0600|hunter2", "|"), ("root,\u0301hunter2", ","), ("ada:", "::"), ("ada|", "||"),
])
def test_a_name_a_script_would_split_elsewhere_is_refused(login, username, separator):  # noqa: F811
    """`root|` + a combining mark is one character to Swift but `|` to `read`; `ada:` before `::`
    prints `ada:::pw`, whose first `::` starts inside the name."""
    app = login("--username", username, "--separator", separator)
    dialog = app.dialog("Sign In")
    ok_refused_with(app, dialog, USERNAME_HAS_SEPARATOR)
    keys("Escape")
    status, stdout, _ = app.wait_for_exit()
    assert (status, stdout) == (1, b"")


def hint_settings(tmp_path):
    """A settings.ini asking GTK to show each typed password character for 5 s."""
    config = tmp_path / "config"
    (config / "gtk-3.0").mkdir(parents=True)
    (config / "gtk-3.0" / "settings.ini").write_text("[Settings]\ngtk-entry-password-hint-timeout=5000\n")
    return {"XDG_CONFIG_HOME": str(config)}


def test_the_password_hint_setting_shows_no_character_to_anyone(login, tmp_path):  # noqa: F811
    app = login("--username", "ada", env=hint_settings(tmp_path))
    dialog = app.dialog("Sign In")
    field = find(dialog, role="password text", name="Password")
    wait_for(lambda: focused(field), what="focus in the password field")
    log = EventLog(app.application, "object:text-changed:insert")
    try:
        type_text("secretW")
        wait_for(lambda: field.queryText().characterCount == 7, what="seven characters in the field")
        log.wait_until(lambda events: len(events) >= 7, what="an insert event per character")
        inserted = "".join(str(event.any_data) for event in log.events)
    finally:
        log.close()
    text = field.queryText()
    shown = text.getText(0, -1)
    assert not re.search(r"[secrtW]", shown + inserted), (shown, inserted)
    keys("ctrl+a")
    wait_for(lambda: text.getNSelections() == 1, what="everything selected")
    assert not re.search(r"[secrtW]", text.getSelection(0) and text.getText(0, -1)), text.getText(0, -1)
    if not on_wayland():
        primary = subprocess.run(["xclip", "-o", "-selection", "primary"], capture_output=True, timeout=10).stdout
        assert b"W" not in primary and b"secret" not in primary, primary
    keys("Escape")
    app.wait_for_exit()


def _readable_memory(pid, mem):
    """Every byte of the process's mappings that its /proc/PID/mem lets through."""
    found = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            start, end = (int(part, 16) for part in line.split()[0].split("-"))
            if "r" not in line.split()[1] or line.rstrip().endswith("[vsyscall]"):
                continue
            try:
                mem.seek(start)
                found.append(mem.read(end - start))
            except OSError:  # secret memory, or a mapping gone meanwhile
                pass
    return b"".join(found)


def test_a_mem_descriptor_opened_at_the_start_finds_no_password(binary, display):
    """The attacker opens /proc/PID/mem the moment the process exists (before it can protect
    itself) and reads all its memory after the password is typed: the password is nowhere.
    (The test reads as root, who could open it at any time: the password's memory itself must be
    unreadable, not only the process undumpable.)"""
    process = subprocess.Popen([str(binary), "login", "--username", "ada"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "LANGUAGE": "en"})
    mem = open(f"/proc/{process.pid}/mem", "rb", buffering=0)
    try:
        app = wait_for(lambda: application_of(process), what="the dialog on the accessibility bus")
        field = find(find(app, role="dialog", name="Sign In"), role="password text", name="Password")
        wait_for(lambda: focused(field), what="focus in the password field")
        type_text(PASSWORD)
        wait_for(lambda: field.queryText().characterCount == len(PASSWORD), what="the password in the field")
        memory = _readable_memory(process.pid, mem)
        assert len(memory) > 10_000_000, "the descriptor reads the process's memory (the check is real)"
        assert b"ada" in memory, "what is not secret, the name, is found"
        assert PASSWORD.encode() not in memory, "the password was found through an early /proc/PID/mem"
        keys("Return")
        stdout, stderr = process.communicate(timeout=30)
        assert (process.returncode, stdout) == (0, f"ada|{PASSWORD}\n".encode()), stderr
    finally:
        mem.close()
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_the_password_memory_kind_is_named_in_help(binary):
    help_text = subprocess.run([str(binary), "login", "--help"], capture_output=True, text=True, timeout=30).stdout
    assert "Passwords are kept in secret memory (memfd_secret" in help_text, help_text[-600:]


def test_the_prompt_is_undumpable_from_its_first_instruction(binary):
    """Stopped at `main`, before the Swift runtime's own start and GTK, the process already
    refuses other processes of the user its memory (PR_GET_DUMPABLE is 0)."""
    gdb = subprocess.run(
        ["gdb", "-nx", "-batch", "-ex", "set startup-with-shell off", "-ex", "break main", "-ex", "run",
         "-ex", "print (int) prctl(3, 0, 0, 0, 0)", "-ex", "kill", "--args", str(binary), "login"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "DISPLAY": ""})
    values = re.findall(r"^\$1 = (\d+)$", gdb.stdout, re.MULTILINE)
    assert values == ["0"], gdb.stdout[-2000:] + gdb.stderr[-2000:]
    # The gallery, which holds no secret, stays dumpable: the check tells the two apart.
    gallery = subprocess.run(
        ["gdb", "-nx", "-batch", "-ex", "set startup-with-shell off", "-ex", "break main", "-ex", "run",
         "-ex", "print (int) prctl(3, 0, 0, 0, 0)", "-ex", "kill", "--args", str(binary), "--version"],
        capture_output=True, text=True, timeout=120)
    assert re.findall(r"^\$1 = (\d+)$", gallery.stdout, re.MULTILINE) == ["1"], gallery.stdout[-2000:]


@pytest.mark.parametrize("crash", [signal.SIGSEGV, signal.SIGQUIT, signal.SIGBUS, signal.SIGABRT, signal.SIGFPE])
def test_a_crash_signal_ends_the_prompt_at_once_with_no_memory_printed(login, crash):  # noqa: F811
    app = login("--username", "ada")
    field = find(app.dialog("Sign In"), role="password text", name="Password")
    wait_for(lambda: focused(field), what="focus in the password field")
    type_text(PASSWORD)
    wait_for(lambda: field.queryText().characterCount == len(PASSWORD), what="the password in the field")
    app.process.send_signal(crash)
    status, stdout, stderr = app.wait_for_exit(timeout=10)
    assert status == -crash, (status, stderr)
    assert stdout == b""
    assert stderr.decode().strip().splitlines()[-1:] == [f"entrykit: stopped by signal {int(crash)}; nothing was answered"], stderr
    assert not re.search(rb"0x[0-9a-f]{8,}|Crashed|Backtrace|rax|rip", stderr), stderr


def _answer_in_the_shell(binary, shell, env=None):
    """Runs `entrykit login` through `bash -c SHELL` (which execs it as "$0") and returns the app."""
    return RunningApp("bash", ["-c", shell, str(binary)], env={"LANGUAGE": "en", **(env or {})},
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=False)


@pytest.mark.skipif(on_wayland(), reason="GTK on Wayland cannot start under `ulimit -f 1`: its cursor and window "
                    "buffers are shared-memory files, which the limit stops at 1 KiB (GDK aborts); the X11 run covers it")
@pytest.mark.parametrize("mode", [(), ("--json",)])
def test_an_answer_over_the_file_size_limit_is_removed_and_reported(binary, display, tmp_path, mode):
    """`ulimit -f 1` (bash: 1,024 bytes) is less than a 1,020-character name and its password do not fit. The
    process is not killed by SIGXFSZ half way; the file is left empty, status 1, and stderr says so."""
    answer = tmp_path / "answer"
    name = "u" * 1020
    app = _answer_in_the_shell(binary, f'ulimit -f 1; exec "$0" login --username {name} {" ".join(mode)} > {answer}')
    try:
        dialog = find(app.application, role="dialog", name="Sign In")
        field = find(dialog, role="password text", name="Password")
        wait_for(lambda: focused(field), what="focus in the password field")
        type_text(PASSWORD)
        wait_for(lambda: field.queryText().characterCount == len(PASSWORD), what="the password in the field")
        keys("Return")
        status, _, stderr = app.wait_for_exit()
    finally:
        app.close()
    assert status == 1, stderr
    assert answer.read_bytes() == b"", "no partial answer stays in the file"
    assert b"the answer on standard output is incomplete" in stderr and b"removed from the file" in stderr, stderr


def test_an_answer_into_a_closed_pipe_is_reported_incomplete(login):  # noqa: F811
    app = login("--username", "ada")
    field = find(app.dialog("Sign In"), role="password text", name="Password")
    wait_for(lambda: focused(field), what="focus in the password field")
    app.process.stdout.close()  # the reader goes away before the answer
    type_text(PASSWORD)
    keys("Return")
    app.process.wait(timeout=30)
    stderr = app.process.stderr.read()
    assert app.process.returncode == 1, stderr
    assert b"the answer on standard output is incomplete (Broken pipe" in stderr, stderr


def test_a_full_non_blocking_pipe_gets_the_whole_answer_once_it_drains(binary, display):
    """The answer waits for room in a full non-blocking pipe instead of stopping after part of it."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    filled = 0
    try:
        while True:
            filled += os.write(write_end, b"x" * 4096)
    except BlockingIOError:
        pass
    app = RunningApp(binary, ["login", "--username", "ada"], env={"LANGUAGE": "en"}, stdout=write_end,
                     stderr=subprocess.PIPE, text=False)
    os.close(write_end)
    try:
        field = find(find(app.application, role="dialog", name="Sign In"), role="password text", name="Password")
        wait_for(lambda: focused(field), what="focus in the password field")
        type_text(PASSWORD)
        keys("Return")
        time.sleep(1)
        assert app.process.poll() is None, "the answer waits for room"
        received = b""
        os.set_blocking(read_end, True)
        while True:
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            received += chunk
        app.process.wait(timeout=30)
    finally:
        os.close(read_end)
        app.close()
    assert app.process.returncode == 0, app.process.stderr.read()
    assert received == b"x" * filled + f"ada|{PASSWORD}\n".encode()


@pytest.mark.parametrize("fd", [0, 1, 2])
def test_the_standard_descriptors_are_refused_for_the_password(binary, fd):
    result = subprocess.run([str(binary), "login", "--password-fd", str(fd)], capture_output=True, timeout=30)
    assert result.returncode == 2 and result.stdout == b""
    assert f"--password-fd {fd} is standard ".encode() in result.stderr, result.stderr


def test_an_overlong_name_and_a_name_that_is_not_utf8_are_refused(binary):
    long = subprocess.run([str(binary), "login", "--username", "a" * 65535], capture_output=True, timeout=30)
    assert long.returncode == 2 and b"the field holds at most 65534 bytes" in long.stderr, long.stderr
    latin1 = subprocess.run([str(binary).encode(), b"login", b"--username", b"r\xe9n\xe9"], capture_output=True, timeout=30)
    assert latin1.returncode == 2 and b"is not valid UTF-8 text" in latin1.stderr, latin1.stderr
