"""A small AT-SPI driver: launch the real binary, find accessibles by role and name, act on them.

Only what a screen reader or a test robot sees is used: roles, names, states and actions.
"""
import os
import subprocess
import time

import pyatspi
from gi.repository import Atspi, GLib

DEFAULT_TIMEOUT = 15.0


def wait_for(predicate, timeout=DEFAULT_TIMEOUT, interval=0.05, what="condition"):
    """Polls `predicate` until it returns something truthy; fails with `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except AssertionError:
            raise
        except Exception as error:  # an accessible can vanish while the tree changes
            last_error = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def states(accessible):
    return {pyatspi.stateToString(state) for state in accessible.getState().getStates()}


def descendants(root, max_depth=40):
    """Every accessible below `root`, depth first; as screen readers do, not the children of an
    object that manages its descendants (a list of a million rows has a million children)."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        yield node
        if depth >= max_depth or "manages descendants" in states(node):
            continue
        children = [node.getChildAtIndex(i) for i in range(node.childCount)]
        stack.extend((child, depth + 1) for child in reversed(children) if child is not None)


def find_all(root, role=None, name=None, showing=None):
    """Accessibles below `root` with the role name (`"push button"`) and name given."""
    found = []
    for node in descendants(root):
        if role is not None and node.getRoleName() != role:
            continue
        if name is not None and node.name != name:
            continue
        if showing is not None and ("showing" in states(node)) != showing:
            continue
        found.append(node)
    return found


def find(root, role=None, name=None, showing=None, timeout=DEFAULT_TIMEOUT):
    """The first accessible matching, waiting for it to appear."""
    return wait_for(lambda: next(iter(find_all(root, role, name, showing)), None), timeout,
                    what=f"{role or 'any role'} named {name!r}" + (" (showing)" if showing else ""))


def press(accessible, action="click"):
    """Performs the named action (`click`, `activate`) as an assistive technology would."""
    interface = accessible.queryAction()
    names = [interface.getName(i) for i in range(interface.nActions)]
    assert action in names, f"{accessible.getRoleName()} {accessible.name!r} has actions {names}, not {action!r}"
    assert interface.doAction(names.index(action))


class EventLog:
    """Records the AT-SPI events of the given types (`"object:active-descendant-changed"`) from one
    application, as a screen reader receives them. Events arrive through the main context, so
    `wait_until` runs it while polling."""

    def __init__(self, application, *event_types):
        self.events = []
        self._pid = application.get_process_id()
        self._listener = Atspi.EventListener.new(self._record)
        self._types = event_types
        for event_type in event_types:
            self._listener.register(event_type)

    def _record(self, event):
        try:
            if event.source.get_process_id() == self._pid:
                self.events.append(event)
        except Exception:  # the source died before its event was read
            pass

    def pump(self):
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def wait_until(self, predicate, timeout=DEFAULT_TIMEOUT, what="event"):
        def check():
            self.pump()
            return predicate(self.events)
        return wait_for(check, timeout, what=what)

    def close(self):
        for event_type in self._types:
            self._listener.deregister(event_type)


def application_with_pid(pid):
    """The AT-SPI application object of process `pid`, None while it is not on the bus."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        application = desktop.getChildAtIndex(index)
        if application is not None and application.get_process_id() == pid:
            return application
    return None


def application_of(process):
    """The AT-SPI application object of `process` (a Popen), None while it is not on the bus
    yet; a process that ended is a failure, with what it said."""
    if process.poll() is not None:
        stderr = process.stderr.read() if process.stderr else ""
        raise AssertionError(f"entrykit exited with {process.returncode}: {stderr}")
    return application_with_pid(process.pid)


class RunningApp:
    """The real `entrykit` process and its AT-SPI application object."""

    def __init__(self, binary, args=(), env=None, **popen):
        """`popen` overrides how the process starts (`stdout=` a file, `pass_fds=`...)."""
        environment = dict(os.environ)
        environment.update(env or {})
        options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, **popen}
        self.process = subprocess.Popen([str(binary), *args], env=environment, **options)
        self.application = wait_for(self._find_application, what=f"entrykit (pid {self.process.pid}) on the accessibility bus")

    def _find_application(self):
        return application_of(self.process)

    def window(self, name, role="frame"):
        return find(self.application, role=role, name=name)

    def wait_for_exit(self, timeout=DEFAULT_TIMEOUT):
        """Waits for the process to end; returns (status, stdout, stderr)."""
        stdout, stderr = self.process.communicate(timeout=timeout)
        return self.process.returncode, stdout, stderr

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.communicate()


def keys(*names, delay_ms=30):
    """Presses keys (`Down`, `Return`, `alt+Down`) through the X server, as a keyboard does."""
    subprocess.run(["xdotool", "key", "--delay", str(delay_ms), *names], check=True)


_spare_keycodes = {}  # character → the spare keycode it was given, for this X server


def _keycode_for(character):
    """A keycode that types `character`, giving it a spare key of its own the first time.

    xdotool would type a character the keyboard lacks (日, é) by remapping one spare key for a
    moment and mapping it back, and GTK, reading the keymap when it handles the key press, may
    find it mapped back already: the character is lost. A key of its own that stays mapped
    leaves nothing to race."""
    display = os.environ.get("DISPLAY", "")
    mapped = _spare_keycodes.setdefault(display, {})
    if character not in mapped:
        table = subprocess.run(["xmodmap", "-pke"], capture_output=True, text=True, check=True).stdout
        free = [int(line.split()[1]) for line in table.splitlines()
                if line.startswith("keycode") and line.split("=", 1)[1].strip() == ""]
        keycode = next(code for code in reversed(free) if code not in mapped.values())
        symbol = f"U{ord(character):04X}"
        subprocess.run(["xmodmap", "-e", f"keycode {keycode} = {symbol} {symbol}"], check=True)
        mapped[character] = keycode
        time.sleep(0.3)  # clients read the new map on its MappingNotify
    return mapped[character]


def on_wayland():
    """Whether the app under test runs on GTK's Wayland backend (scripts/with-weston)."""
    return os.environ.get("ENTRYKIT_TEST_BACKEND") == "wayland"


def _type_by_code_point(character):
    """Types `character` as a person without the key does: Ctrl+Shift+U, its hexadecimal code
    point, Space (GTK's own input method takes that on every backend). Used on Wayland, where
    weston read the keyboard's map once at start and never sees a key given a new symbol."""
    subprocess.run(["xdotool", "key", "--delay", "30", "ctrl+shift+u", *f"{ord(character):x}", "space"], check=True)


def type_text(text):
    """Types `text` through the X server, as a keyboard does: ASCII at typing speed, other
    characters on keys of their own (see _keycode_for), or by code point on Wayland."""
    run = ""
    for character in text + "\0":
        if character != "\0" and character.isascii():
            run += character
            continue
        if run:
            subprocess.run(["xdotool", "type", "--delay", "30", run], check=True)
            run = ""
        if character != "\0" and on_wayland():
            _type_by_code_point(character)
        elif character != "\0":
            keycode = _keycode_for(character)
            subprocess.run(["xdotool", "key", "--clearmodifiers", str(keycode)], check=True)
            time.sleep(0.03)


def text_of(accessible):
    """The whole text of an accessible with AT-SPI Text (an entry's value)."""
    text = accessible.queryText()
    return text.getText(0, -1)
