"""Shared fixtures for the end-to-end tests: the real `entrykit` binary, driven over AT-SPI.

Run under `xvfb-run -a dbus-run-session -- ...` (scripts/test does). Tests that need a display
fail, never skip, when none is there.
"""
import os
import pathlib
import pwd
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def entrykit_binary() -> pathlib.Path:
    """The binary under test: $ENTRYKIT_BINARY, else the debug build."""
    path = pathlib.Path(os.environ.get("ENTRYKIT_BINARY", REPO / ".build" / "debug" / "entrykit"))
    assert path.is_file(), f"{path} does not exist: build it first (swift build)"
    return path


@pytest.fixture(scope="session")
def binary() -> pathlib.Path:
    path = entrykit_binary()
    if os.environ.get("CI") and os.geteuid() == 0 and not _private(path):
        pytest.fail(f"{path} is on a path every user may enter: scripts/test runs the suite through a "
                    "folder only root may enter, so that a test running it as another user without a copy "
                    "fails on every machine, not only where the checkout is private")
    return path


def _private(path: pathlib.Path) -> bool:
    """Whether some folder on `path` (as written, through its links) is closed to other users:
    one that neither its owner nor the world bits let `nobody` enter."""
    nobody = pwd.getpwnam("nobody").pw_uid
    return any(not folder.stat().st_mode & 0o001 and folder.stat().st_uid != nobody
               for folder in path.absolute().parents)


@pytest.fixture(scope="session")
def display() -> str:
    """The display the GUI tests use; a missing one is a failure. On Wayland (scripts/with-weston)
    that is weston's socket, and the X display weston is nested in brings the keyboard."""
    name = os.environ.get("DISPLAY", "")
    if not name:
        pytest.fail("no DISPLAY: run the end-to-end tests under xvfb-run -a dbus-run-session (scripts/test)")
    probe = subprocess.run(["xdpyinfo"], capture_output=True, text=True) if _has("xdpyinfo") else None
    if probe is not None and probe.returncode != 0:
        pytest.fail(f"DISPLAY={name} does not answer: {probe.stderr.strip()}")
    if os.environ.get("ENTRYKIT_TEST_BACKEND") == "wayland":
        socket = pathlib.Path(os.environ.get("XDG_RUNTIME_DIR", "/nonexistent")) / os.environ.get("WAYLAND_DISPLAY", "-")
        if os.environ.get("GDK_BACKEND") != "wayland" or not socket.is_socket():
            pytest.fail(f"the Wayland run has no compositor at {socket} (run it under scripts/with-weston)")
        return os.environ["WAYLAND_DISPLAY"]
    return name


def _has(program: str) -> bool:
    return any((pathlib.Path(d) / program).exists() for d in os.environ.get("PATH", "").split(":"))


def run_cli(binary, *args, env=None, input=None, timeout=30):
    """Runs `entrykit ARGS` to completion and returns the CompletedProcess (text mode)."""
    environment = dict(os.environ)
    environment.update(env or {})
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          env=environment, input=input, timeout=timeout)
