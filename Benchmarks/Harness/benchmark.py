#!/usr/bin/python3
"""Runs the list and login benchmarks under the current display and writes issue 6's JSON.

Called by scripts/benchmark (which installs, builds and starts Xvfb); run alone it expects
DISPLAY set and the release binaries built:

    benchmark.py [--json FILE] [--quick] [--bin .build/release]

Each list measurement is a fresh `list-benchmark --widget W --items N` process (so its memory
figure starts from a clean heap); the subjects are whatever `list-benchmark --list` names.
"""
import argparse
import datetime
import json
import os
import platform
import select
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

# Competitors stop at the size where they pass the budget: a size that would take minutes tells
# nothing more than "over budget", and the run must stay short enough to repeat. The size that
# crosses the budget may take up to RUN_LIMIT budgets, so it still gets its figures.
BUDGET_S = 60
RUN_LIMIT = 4
OPEN_LIMIT_MS = 10_000


def list_rows(binary, sizes, reps, budget_s):
    widgets = subprocess.run([binary, "--list"], check=True, capture_output=True, text=True).stdout.split("\n")
    rows = []
    for widget in filter(None, widgets):
        spent = 0.0
        reason = None
        for size in sizes:
            if reason:
                rows.append({"widget": widget, "items": size, "skipped": reason})
                continue
            started = time.monotonic()
            command = [binary, "--widget", widget, "--items", str(size), "--reps", str(reps)]
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=budget_s * RUN_LIMIT)
            except subprocess.TimeoutExpired:
                reason = f"over the {budget_s} s budget at {size:,}"
                rows.append({"widget": widget, "items": size,
                             "skipped": f"did not finish within {budget_s * RUN_LIMIT} s"})
                print(f"  {widget} {size:,}: killed after {budget_s * RUN_LIMIT} s", file=sys.stderr)
                continue
            spent += time.monotonic() - started
            if done.returncode != 0:
                sys.stderr.write(done.stderr)
                raise SystemExit(f"benchmark: {' '.join(command)} failed ({done.returncode})")
            row = json.loads(done.stdout.strip().splitlines()[-1])
            rows.append(row)
            print(f"  {widget} {size:,}: {row}", file=sys.stderr)
            for line in done.stderr.splitlines():  # the samples behind each median
                if line.startswith(widget):
                    print(f"    {line}", file=sys.stderr)
            if spent > budget_s:
                reason = f"over the {budget_s} s budget at {size:,}"
            elif row.get("open_ms", 0) > OPEN_LIMIT_MS:
                reason = f"open took {row['open_ms'] / 1000:.0f} s at {size:,}"
    return rows


class MapWatcher:
    """Times spawn → X MapNotify of the process's first top-level window. Listening on the root
    window with SubstructureNotify sees the map as the server does it, with no polling."""

    def __init__(self):
        from Xlib import X, display
        self.X = X
        self.display = display.Display()
        self.display.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.pid_atom = self.display.intern_atom("_NET_WM_PID")
        self.display.sync()

    def startup_ms(self, command, timeout_s=20, stdin_path=None):
        """Milliseconds from spawning `command` (reading `stdin_path`, else nothing) to its map."""
        while self.display.pending_events():
            self.display.next_event()
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.monotonic_ns()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        if stdin_path:
            stdin.close()  # the child has its own descriptor
        try:
            while True:
                if not self.display.pending_events():
                    left = timeout_s - (time.monotonic_ns() - start) / 1e9
                    if left <= 0 or process.poll() is not None:
                        raise RuntimeError(f"{command[0]}: no window mapped (exit {process.poll()})")
                    select.select([self.display.fileno()], [], [], min(left, 0.2))
                    continue
                event = self.display.next_event()
                if event.type != self.X.MapNotify or event.override:
                    continue
                mapped = time.monotonic_ns()
                # GDK sets _NET_WM_PID before mapping; anything else mapped is not ours.
                prop = event.window.get_full_property(self.pid_atom, self.X.AnyPropertyType)
                if prop is None or prop.value[0] == process.pid:
                    return (mapped - start) / 1e6
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def login_rows(entrykit, runs):
    subjects = {"entrykit login": [entrykit, "login", "--title", "Sign in"],
                "zenity --password --username": ["zenity", "--password", "--username", "--title", "Sign in"]}
    try:  # the subcommand lands separately; until then the row says so
        help_ok = subprocess.run([entrykit, "login", "--help"], capture_output=True).returncode == 0
    except OSError:
        help_ok = False
    if not help_ok:
        del subjects["entrykit login"]
    watcher = MapWatcher()
    samples = {name: [] for name in subjects}
    # Interleaved, so a slow moment of the machine hits both alike; the first round warms caches.
    for round_ in range(runs + 1):
        for name, command in subjects.items():
            ms = watcher.startup_ms(command)
            if round_:
                samples[name].append(ms)
    rows = [{"widget": name, "startup_ms": round(statistics.median(values), 2)} for name, values in samples.items()]
    if not help_ok:
        rows.insert(0, {"widget": "entrykit login", "skipped": "not built yet"})
    for name, values in samples.items():
        print(f"  {name}: " + ", ".join(f"{v:.1f}" for v in values) + " ms", file=sys.stderr)
    return rows


def choose_rows(entrykit, runs):
    """`entrykit choose` start-up with three items as arguments and with a million lines on
    standard input: the dialog should appear as soon with either."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as lines:
        lines.write("".join(f"{n}\n" for n in range(1, 1_000_001)))
        lines.flush()
        subjects = {"3 arguments": ([entrykit, "choose", "apple", "banana", "cherry"], None),
                    "1,000,000 lines on standard input": ([entrykit, "choose"], lines.name)}
        watcher = MapWatcher()
        samples = {name: [] for name in subjects}
        for round_ in range(runs + 1):  # interleaved; the first round warms caches
            for name, (command, stdin_path) in subjects.items():
                ms = watcher.startup_ms(command, stdin_path=stdin_path)
                if round_:
                    samples[name].append(ms)
    for name, values in samples.items():
        print(f"  entrykit choose, {name}: " + ", ".join(f"{v:.1f}" for v in values) + " ms", file=sys.stderr)
    return [{"widget": "entrykit choose", "input": name, "startup_ms": round(statistics.median(values), 2)}
            for name, values in samples.items()]


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               platform.machine())
    os_name = next((line.split("=", 1)[1].strip().strip('"') for line in open("/etc/os-release")
                    if line.startswith("PRETTY_NAME=")), platform.system())

    def first_line(command):
        try:
            return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    return {"cpu": cpu, "cores": os.cpu_count(), "os": os_name, "swift": first_line(["swift", "--version"]),
            "gtk": first_line(["pkg-config", "--modversion", "gtk+-3.0"]), "display": "Xvfb 1280x800x24"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json")
    parser.add_argument("--quick", action="store_true", help="small sizes, few repetitions: a smoke run")
    parser.add_argument("--bin", default=".build/release")
    options = parser.parse_args()

    sizes = [1_000, 10_000] if options.quick else [1_000, 10_000, 100_000, 1_000_000]
    reps = 2 if options.quick else 5
    budget = 10 if options.quick else BUDGET_S
    print("Lists (one process per widget and size):", file=sys.stderr)
    results = list_rows(os.path.join(options.bin, "list-benchmark"), sizes, reps, budget)
    print("Login start-up (spawn to MapNotify):", file=sys.stderr)
    results += login_rows(os.path.join(options.bin, "entrykit"), 3 if options.quick else 9)
    print("Choose start-up (spawn to MapNotify):", file=sys.stderr)
    results += choose_rows(os.path.join(options.bin, "entrykit"), 3 if options.quick else 9)

    report = {"results": results, "machine": machine(),
              "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")}
    print(table.markdown(report))
    if options.json:
        with open(options.json, "w") as out:
            json.dump(report, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
