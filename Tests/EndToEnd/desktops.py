"""Real desktops for the prompt tests, each headless and private to one test: i3 on an X server of
its own, sway on wlroots' headless backend. On each, a full-screen window that records every key it
gets stands for the browser or terminal the person was typing into when a background program
(gpg-agent, ssh, sudo) started a prompt."""
import json
import os
import pathlib
import select
import shutil
import subprocess
import tempfile

from atspi_driver import wait_for

# Magenta, so that no pixel of a dialog is mistaken for it.
FULL_SCREEN_WINDOW = """
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk
log = open(sys.argv[1], "a")
css = Gtk.CssProvider()
css.load_from_data(b"window { background: #ff00ff; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
window = Gtk.Window(title="Full screen")
def key_pressed(widget, event):
    log.write(event.string or "")
    log.flush()
    return True
window.connect("key-press-event", key_pressed)
window.connect("map-event", lambda *_: print("mapped", flush=True))
window.connect("destroy", Gtk.main_quit)
window.fullscreen()
window.show_all()
Gtk.main()
"""
DESKTOP_USER = "ek-desktop"


def require(*programs):
    for program in programs:
        assert shutil.which(program), f"{program} is not installed: scripts/install-deps --test installs it"


def end(processes):
    """Ends what a test started, the last started first: terminated, killed if it has not ended
    within 10 seconds."""
    for process in reversed(processes):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class Desktop:
    """What every desktop here offers a test: the environment a client needs to appear on it, a
    full-screen window, a screenshot, and keys typed as the person types them."""

    name = "desktop"

    def __init__(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix=f"ek-{self.name}-", dir="/tmp"))
        self.folder.chmod(0o755)
        self.processes = []
        self.typed_log = self.folder / "typed-into-the-full-screen-window.txt"
        self.typed_log.write_text("")
        try:
            self.start()
        except BaseException:
            self.stop()  # what had started before the failure
            raise

    environment = {}

    def start_process(self, argv, **popen):
        options = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, **popen}
        process = subprocess.Popen(argv, env={**os.environ, **self.environment}, **options)
        self.processes.append(process)
        return process

    def open_full_screen_window(self):
        """Opens the full-screen window, waits until it has the keyboard, and types into it."""
        program = self.folder / "full-screen-window.py"
        program.write_text(FULL_SCREEN_WINDOW)
        window = self.start_process(["/usr/bin/python3", str(program), str(self.typed_log)], stdout=subprocess.PIPE,
                                    stderr=None, text=True)
        ready, _, _ = select.select([window.stdout], [], [], 15)
        assert ready and window.stdout.readline().strip() == "mapped", "the full-screen window never came on screen"
        # The window manager gives it the focus in its own time (xfwm4 once its settings daemon answers).
        wait_for(lambda: self.focused_window_name() == "Full screen", what=f"{self.name} to focus the full-screen window")
        self.type_text("hello")
        wait_for(lambda: self.typed_log.read_text() == "hello", what="the full-screen window to get the keys typed")

    def typed_into_the_full_screen_window(self):
        return self.typed_log.read_text()

    def stop(self):
        end(self.processes)
        shutil.rmtree(self.folder, ignore_errors=True)


class X11Desktop(Desktop):
    """A window manager on an X server of its own; xdotool types through the X server, as a
    keyboard does."""

    programs = ()

    def start(self):
        require("Xvfb", "xdotool", "import", *self.programs)
        read, write = os.pipe()
        server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                                   "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        self.processes.append(server)
        with os.fdopen(read) as displayfd:
            number = displayfd.readline().strip()
        assert number, "Xvfb did not start"
        self.environment = {"DISPLAY": f":{number}", "GDK_BACKEND": "x11"}
        self.start_window_manager()
        wait_for(self.window_manager_is_running, what=f"{self.name} to manage the screen")

    def window_manager_is_running(self):
        """Whether a window manager has taken the screen (_NET_SUPPORTING_WM_CHECK on the root)."""
        result = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env={**os.environ, **self.environment},
                                capture_output=True, text=True)
        return result.returncode == 0 and "window id" in result.stdout

    def focused_window_name(self):
        result = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], env={**os.environ, **self.environment},
                                capture_output=True, text=True, timeout=30)
        return result.stdout.strip() if result.returncode == 0 else None

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env={**os.environ, **self.environment}, check=True, timeout=30)

    def type_text(self, text):
        self.xdotool("type", "--delay", "20", text)

    def press_return(self):
        self.xdotool("key", "Return")

    def screenshot(self, path):
        subprocess.run(["import", "-window", "root", str(path)], env={**os.environ, **self.environment}, check=True,
                       timeout=20)
        return path


class I3(X11Desktop):
    """i3, the tiling window manager: it never maps a new window behind a full-screen one unless
    the window asks to be activated."""

    name = "i3"
    programs = ("i3",)

    def start_window_manager(self):
        config = self.folder / "i3.config"
        config.write_text("# i3 config file (v4)\nfont pango:monospace 8\n")
        self.start_process(["i3", "-c", str(config)])


class Openbox(X11Desktop):
    name = "openbox"
    programs = ("openbox",)

    def start_window_manager(self):
        self.start_process(["openbox", "--sm-disable"])


class Xfwm4(X11Desktop):
    """xfwm4, whose focus-stealing prevention is on by default."""

    name = "xfwm4"
    programs = ("xfwm4",)

    def start_window_manager(self):
        self.start_process(["xfwm4", "--compositor=off", "--sm-client-disable"])


class Sway(Desktop):
    """sway on wlroots' headless backend, run as an unprivileged user (sway refuses root); the
    clients run as the test (root may use the user's socket). Keys come from a virtual keyboard:
    wtype, whose first key of each call is lost on a seat with no keyboard, so every call starts
    with a Shift that is lost instead."""

    name = "sway"

    def start(self):
        require("sway", "grim", "wtype", "swaymsg", "runuser")
        if subprocess.run(["id", DESKTOP_USER], capture_output=True).returncode != 0:
            subprocess.run(["useradd", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin",
                            DESKTOP_USER], check=True)
        runtime = self.folder / "sway-runtime"
        runtime.mkdir(mode=0o700)
        shutil.chown(runtime, DESKTOP_USER)
        client_runtime = self.folder / "client-runtime"
        client_runtime.mkdir(mode=0o700)
        config = self.folder / "sway.config"
        config.write_text("output HEADLESS-1 resolution 1280x800\n")
        config.chmod(0o644)
        self.start_process(["runuser", "-u", DESKTOP_USER, "--", "env", "-i", "PATH=/usr/bin:/bin", "HOME=/nonexistent",
                            f"XDG_RUNTIME_DIR={runtime}", "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1",
                            "WLR_RENDERER=pixman", "sway", "-c", str(config)])
        socket = wait_for(lambda: next(runtime.glob("wayland-*[0-9]"), None), what="sway's Wayland socket")
        ipc = wait_for(lambda: next(runtime.glob("sway-ipc.*.sock"), None), what="sway's IPC socket")
        self.environment = {"WAYLAND_DISPLAY": str(socket), "XDG_RUNTIME_DIR": str(client_runtime), "GDK_BACKEND": "wayland",
                            "SWAYSOCK": str(ipc), "DISPLAY": ""}

    def focused_window_name(self):
        tree = subprocess.run(["swaymsg", "-t", "get_tree"], env={**os.environ, **self.environment},
                              capture_output=True, text=True, timeout=30)
        nodes = [json.loads(tree.stdout)] if tree.returncode == 0 else []
        while nodes:
            node = nodes.pop()
            if node.get("focused"):
                return node.get("name")
            nodes += node.get("nodes", []) + node.get("floating_nodes", [])
        return None

    def wtype(self, *args):
        subprocess.run(["wtype", "-k", "Shift_L", *args], env={**os.environ, **self.environment}, check=True, timeout=30)

    def type_text(self, text):
        self.wtype(text)

    def screenshot(self, path):
        subprocess.run(["grim", str(path)], env={**os.environ, **self.environment}, check=True, timeout=20)
        return path


DESKTOPS = {desktop.name: desktop for desktop in (I3, Openbox, Xfwm4, Sway)}
