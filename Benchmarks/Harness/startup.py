"""Start-up timing from outside the process, on the X server's word.

`FirstFrame.measure` spawns a command and stops the clock at the first frame drawn into a top-level
window whose `_NET_WM_PID` is the spawned process: the X Damage extension reports drawing into
the window (watched from its creation, so nothing drawn is missed), and a frame counts once the
window holds more than one colour (a background cleared by the server is not a frame). Any other
process's windows are ignored.

`wait_for_sensitive` then watches, over AT-SPI, for a button of that process to become sensitive:
how `entrykit choose` shows from outside that its items are all in (OK waits insensitive until then).

`waiting_memory` reads what a dialog takes while it waits for a person: its resident and
proportional set sizes from /proc/PID/smaps_rollup, a few seconds after the start.
"""
import select
import subprocess
import time

from Xlib import X, display
from Xlib.ext import damage


class StartupError(RuntimeError):
    pass


class FirstFrame:
    def __init__(self):
        self.display = display.Display()
        if not self.display.has_extension("DAMAGE"):
            raise StartupError("the X server has no DAMAGE extension")
        self.display.damage_query_version()
        self.root = self.display.screen().root
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.pid_atom = self.display.intern_atom("_NET_WM_PID")
        # Damage on an input-only window (GDK's client leader) or one already gone is refused;
        # such windows never show a frame, so the refusal says nothing.
        self.display.set_error_handler(lambda error, request: None)
        self.display.sync()

    def measure(self, command, timeout_s=30, stdin_path=None, then=None, owner=None):
        """Milliseconds from spawning `command` (reading `stdin_path`, else nothing) to its first
        frame, and what `then(process, start_ns)` returns, called before the process is ended.
        With `owner`, the frame counted is the first of a window of that process instead (a
        polkit agent's dialog, shown because the spawned pkcheck asked)."""
        while self.display.pending_events():
            self.display.next_event()
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.monotonic_ns()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if stdin_path:
            stdin.close()  # the child has its own descriptor
        try:
            frame_ms = self._first_frame(process, start, timeout_s, owner or process.pid)
            return frame_ms, (then(process, start) if then else None)
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _first_frame(self, process, start, timeout_s, owner):
        watched = {}  # window id → window, for top-level windows created since the spawn
        while True:
            if not self.display.pending_events():
                left = timeout_s - (time.monotonic_ns() - start) / 1e9
                if left <= 0 or process.poll() is not None:
                    raise StartupError(f"{process.args[0]}: no frame drawn (exit {process.poll()})")
                select.select([self.display.fileno()], [], [], min(left, 0.2))
                continue
            event = self.display.next_event()
            if event.type == X.CreateNotify and not event.override:
                # Watched before anything can draw in it; the owner is known only later.
                event.window.damage_create(damage.DamageReportNonEmpty)
                watched[event.window.id] = event.window
            elif event.type == self.display.extension_event.DamageNotify and event.drawable.id in watched:
                drawn = time.monotonic_ns()
                self.display.sync()  # the round trip: the server has carried out the drawing
                synced = time.monotonic_ns()
                window = watched[event.drawable.id]
                if self._owner(window) == owner and self._has_pixels(window, event.drawable_geometry):
                    return (max(drawn, synced) - start) / 1e6
                self.display.damage_subtract(event.damage)  # report the next drawing too

    def _owner(self, window):
        try:
            prop = window.get_full_property(self.pid_atom, X.AnyPropertyType)
        except Exception:  # destroyed meanwhile
            return None
        return prop.value[0] if prop else None

    def _has_pixels(self, window, geometry):
        """More than one colour in the window: something was drawn, not just cleared."""
        try:
            image = window.get_image(0, 0, geometry.width, geometry.height, X.ZPixmap, 0xFFFFFFFF)
        except Exception:
            return False
        data = image.data
        return len({data[i:i + 4] for i in range(0, len(data) - 3, 4 * 7)}) > 1


def wait_for_sensitive(process, start, name, timeout_s=60):
    """Milliseconds from `start` until the push button `name` of `process` is sensitive, polled
    over AT-SPI every 2 ms."""
    import pyatspi
    button = None
    while True:
        elapsed = (time.monotonic_ns() - start) / 1e9
        if elapsed > timeout_s or process.poll() is not None:
            raise StartupError(f"{process.args[0]}: {name} not sensitive within {timeout_s} s")
        try:
            if button is None:
                button = _find_button(pyatspi, process.pid, name)
            if button is not None and button.getState().contains(pyatspi.STATE_SENSITIVE):
                return (time.monotonic_ns() - start) / 1e6
        except Exception:  # the tree changes while the window is built
            button = None
        time.sleep(0.002)


# When a waiting dialog's memory is read: after its start-up, once it has settled.
MEMORY_AFTER_S = 3


def waiting_memory(process, start):
    """{"rss_kb", "pss_kb"} of `process` MEMORY_AFTER_S after `start`: the resident set size, and
    the proportional one (shared pages divided among the processes sharing them, so a library
    every GTK program maps counts a fraction, the program's own pages in full). Reading another
    process's smaps needs the right to trace it: an undumpable prompt's are the owner's only if
    the reader may trace any process (root, as in the benchmark's container)."""
    time.sleep(max(0.0, MEMORY_AFTER_S - (time.monotonic_ns() - start) / 1e9))
    if process.poll() is not None:
        raise StartupError(f"{process.args[0]}: ended before its memory was read (exit {process.poll()})")
    return memory_of(process.pid, process.args[0])


def memory_of(pid, name):
    """{"rss_kb", "pss_kb"} of process `pid` now (`name` says whose in an error)."""
    fields = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                key, _, rest = line.partition(":")
                if key in ("Rss", "Pss"):
                    fields[key.lower() + "_kb"] = int(rest.split()[0])
    except PermissionError as error:
        raise StartupError(f"{name}: memory not readable ({error})")
    return fields


def _find_button(pyatspi, pid, name):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.get_process_id() == pid:
            return pyatspi.findDescendant(app, lambda node: node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name == name)
    return None
