"""What is on the screen, read from its pixels: a window counts as shown when it is there, not
when AT-SPI says "showing" (on Wayland a dialog that never reached the screen said "showing").

On X11 the screen is the X root window (`import`). On Wayland it is weston's own screen, saved
by `weston-screenshooter` (weston runs with --debug; scripts/with-weston)."""
import glob
import os
import subprocess
import tempfile
import time

from atspi_driver import on_wayland

# Adwaita's window background: every EntryKit window and dialog is mostly this colour, and
# neither weston's desktop nor the bare X root is.
WINDOW_BACKGROUND = "#f6f5f4"
# The fewest window-background pixels that make a window: a quarter of the smallest dialog.
SMALLEST_WINDOW_AREA = 20_000


def screenshot(path):
    """Saves the whole screen as PNG at `path`."""
    if on_wayland():
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(["weston-screenshooter"], cwd=folder, check=True, timeout=20,
                           capture_output=True)
            saved = glob.glob(os.path.join(folder, "*.png"))
            assert saved, "weston-screenshooter saved nothing (is weston running with --debug?)"
            os.replace(saved[0], path)
    else:
        subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=20)
    return path


def pixels_of_colour(path, colour=WINDOW_BACKGROUND):
    """How many pixels of the image at `path` are exactly `colour`."""
    result = subprocess.run(["convert", str(path), "-alpha", "off", "-fill", "black", "+opaque", colour,
                             "-fill", "white", "-opaque", colour, "-format", "%[fx:round(mean*w*h)]", "info:"],
                            check=True, capture_output=True, text=True, timeout=20)
    return int(result.stdout.strip())


def window_pixels_now():
    with tempfile.NamedTemporaryFile(suffix=".png") as shot:
        return pixels_of_colour(screenshot(shot.name))


def settled_window_pixels(timeout=3.0):
    """The window-background pixels on screen once two screenshots in a row agree: a window of
    an app that just ended may still be on screen for a frame or two."""
    deadline = time.monotonic() + timeout
    last = window_pixels_now()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = window_pixels_now()
        if now == last:
            return now
        last = now
    return last


def wait_until_on_screen(baseline, started, process=None, timeout=10.0, area=SMALLEST_WINDOW_AREA):
    """Waits until the screen shows `area` more window-background pixels than `baseline`;
    returns the seconds since `started` (time.monotonic()) at the first screenshot that did."""
    deadline = time.monotonic() + timeout
    seen = baseline
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the app exited with {process.returncode} before a window was on screen")
        seen = window_pixels_now()
        if seen - baseline >= area:
            return time.monotonic() - started
        time.sleep(0.05)
    raise AssertionError(f"no window on screen after {timeout} s: {seen - baseline} new window-coloured pixels "
                         f"(a window has at least {area})")


def changed_pixels(before, after):
    """How many pixels differ between two screenshots of the same size."""
    result = subprocess.run(["compare", "-metric", "AE", str(before), str(after), "null:"],
                            capture_output=True, text=True, timeout=20)
    assert result.returncode in (0, 1), result.stderr  # 1: they differ
    return int(float(result.stderr.split()[0]))


class ScreenChange:
    """A screenshot now, to wait later for the screen to change from it by `area` pixels (a
    dialog opening over a window, a page switched)."""

    def __init__(self, folder):
        self.folder = folder
        self.before = screenshot(os.path.join(folder, f"before-{time.monotonic_ns()}.png"))

    def wait(self, area, timeout=10.0, what="the screen to change"):
        deadline = time.monotonic() + timeout
        changed = 0
        while time.monotonic() < deadline:
            after = screenshot(os.path.join(self.folder, f"after-{time.monotonic_ns()}.png"))
            changed = changed_pixels(self.before, after)
            if changed >= area:
                return changed
            time.sleep(0.05)
        raise AssertionError(f"timed out after {timeout} s waiting for {what}: {changed} pixels changed, "
                             f"expected at least {area}")


def cpu_seconds(pid):
    """CPU time (user + system) the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
