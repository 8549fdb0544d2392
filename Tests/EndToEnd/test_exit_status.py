"""One exit-status table for every dialog, the same in each --help: a script tells an answer (0)
from a cancel (1), a usage error (2), a session where no dialog can show (3) and a timeout (5)."""
import os
import subprocess

import pytest

from conftest import run_cli

TABLE = """Exit status:
  0  answered: the answer is on standard output
  1  cancelled or closed, or the answer could not be written (nothing printed)
  2  bad arguments or input (nothing shown)
  3  no dialog could be shown (no display, or it refused the connection)
  5  --timeout ran out"""

COMMANDS = [(), ("choose", "a", "b"), ("pick", "a", "b"), ("login",)]


@pytest.mark.parametrize("command", [(), ("choose",), ("pick",), ("login",)], ids=["entrykit", "choose", "pick", "login"])
def test_every_help_prints_the_same_table(binary, command):
    result = run_cli(binary, *command, "--help")
    assert result.returncode == 0, result.stderr
    assert TABLE in result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=["gallery", "choose", "pick", "login"])
def test_without_a_display_every_command_says_so_in_one_line_and_exits_3(binary, command):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([str(binary), *command], env=env, capture_output=True, text=True, timeout=30,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 3, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot open a display" in lines[0], result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", COMMANDS, ids=["gallery", "choose", "pick", "login"])
def test_a_display_that_refuses_the_connection_exits_3(binary, display, command, tmp_path):
    """The test's own X server, which is there but refuses a client without its cookie."""
    cookie = tmp_path / "empty-cookie"
    cookie.write_bytes(b"")
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
    env.update({"XAUTHORITY": str(cookie), "GDK_BACKEND": "x11"})
    result = subprocess.run([str(binary), *command], env=env, capture_output=True, text=True, timeout=30,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 3, result.stderr
    assert "cannot open a display" in result.stderr
    assert result.stdout == ""


def test_usage_errors_exit_2(binary):
    for command in (("choose", "--rows", "0", "a"), ("pick", "--index", "x", "a"), ("login", "--bogus"), ("--bogus",)):
        result = run_cli(binary, *command)
        assert result.returncode == 2, (command, result.stderr)
        assert result.stdout == ""


@pytest.mark.parametrize("command", ["choose", "pick"])
def test_endless_standard_input_stops_at_the_limit_with_status_2(binary, display, command):
    """`yes | entrykit choose` stopped only when memory ran out. Past --max-lines the dialog
    stops reading (choose: after its window came up, reading on while it shows) and exits 2."""
    endless = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        result = subprocess.run([str(binary), command, "--max-lines", "300000"], stdin=endless.stdout,
                                capture_output=True, text=True, timeout=60)
    finally:
        endless.kill()
        endless.wait()
    assert result.returncode == 2, result.stderr
    assert "standard input has more than 300000 lines (--max-lines raises the limit)" in result.stderr
    assert result.stdout == ""
