"""Start-up on a Wayland compositor with a layer shell: a prompt as an overlay surface (what it is
on sway, Hyprland or KWin) beside the same prompt as a plain window, on sway's headless backend.

`sway()` starts the compositor as the prompt tests do, as an unprivileged user (sway refuses
root; the clients, run as the benchmark, may use its socket). `first_frame` reads two moments
from the client's own protocol log (WAYLAND_DEBUG=client, whose timestamps are the microseconds
of CLOCK_REALTIME, modulo 2^32):
the first frame the client hands the compositor (its first `wl_surface.commit` after a buffer was
attached to that surface), and when the compositor puts that surface on an output
(`wl_surface.enter`): on the screen. The log costs both paths alike; what counts is their ratio,
taken in interleaved rounds.
"""
import os
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))
import desktops  # noqa: E402

# "[2154812.611]  -> wl_surface@20.attach(wl_buffer@37, 0, 0)" (a request; an event has no arrow)
MESSAGE = re.compile(r"^\[\s*(\d+)\.(\d{3})\]\s+(-> )?wl_surface@(\d+)\.(attach|commit|enter)\((wl_buffer@\d+)?")


class WaylandStartupError(RuntimeError):
    pass


def sway():
    """sway on its headless backend, as the prompt tests run it (Tests/EndToEnd/desktops.py)."""
    try:
        return desktops.Sway()
    except (AssertionError, OSError, subprocess.SubprocessError) as error:
        raise WaylandStartupError(f"sway did not start: {error}") from error


def _realtime_us():
    return (time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000) & 0xFFFFFFFF


def first_frame(command, environment, stdin_text=None, timeout_s=30):
    """Milliseconds from spawning `command` to its first committed buffer, and to that surface
    entering an output."""
    env = {**os.environ, **environment, "WAYLAND_DEBUG": "client", "NO_AT_BRIDGE": "1"}
    start = _realtime_us()
    process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE if stdin_text else subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if stdin_text:
            process.stdin.write(stdin_text.encode())
            process.stdin.flush()
        attached, framed = set(), {}
        deadline = time.monotonic() + timeout_s
        # Read from the descriptor itself: a buffered reader would hold lines that select()
        # no longer sees.
        pending = b""
        lines = []
        while time.monotonic() < deadline:
            if not lines:
                ready, _, _ = select.select([process.stderr], [], [], 0.5)
                if not ready:
                    if process.poll() is not None:
                        break
                    continue
                chunk = os.read(process.stderr.fileno(), 65536)
                if not chunk:
                    break
                *complete, pending = (pending + chunk).split(b"\n")
                lines.extend(complete)
                continue
            line = lines.pop(0).decode(errors="replace")
            match = MESSAGE.match(line)
            if not match:
                continue
            since_start = ((int(match[1]) * 1000 + int(match[2]) - start) & 0xFFFFFFFF) / 1000
            is_request, surface, message = bool(match[3]), match[4], match[5]
            if is_request and message == "attach" and match[6]:
                attached.add(surface)
            elif is_request and message == "commit" and surface in attached:
                framed.setdefault(surface, since_start)
            elif not is_request and message == "enter" and surface in framed:
                return framed[surface], since_start
        raise WaylandStartupError(f"{command[0]}: no frame on an output (exit {process.poll()})")
    finally:
        process.kill()
        process.wait()
