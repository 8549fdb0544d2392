#!/usr/bin/python3
"""Runs the list, parser and start-up benchmarks under the current display and writes the results JSON.

Called by scripts/benchmark (which installs, builds and starts Xvfb); run alone it expects
DISPLAY set, a session bus, and the binaries built:

    benchmark.py --bin DIR --login-floor FILE --library DIR --polkit-subject FILE [--json FILE] [--quick] [--only prompts]

Each list measurement is a fresh process per subject and size (so its memory figure starts from a
clean heap): `list-benchmark` for the GTK 3 subjects it lists, gtk4_dropdown.py for GTK 4,
entrykit_python.py for DropDownField used from Python. Every
row has the same number of samples; a subject too slow for the run's time gets fewer items
(ITEM_LIMITS), never fewer samples. `strings-benchmark` measures the `.strings` parser and the
String Catalog reader beside Foundation's, in one process. A process that fails or hangs gives a
row with `error`.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import polkit_agents  # noqa: E402
import startup  # noqa: E402
import table  # noqa: E402
import wayland_startup  # noqa: E402

SAMPLES = 5
# The largest size each slow anchor runs at, so that the whole run stays within 20 minutes on
# two cores: GtkComboBoxText builds a menu item per row (10,000 items: about a minute per sample);
# GtkEntryCompletion refilters with its view attached (1,000,000 items: 5–11 s per keystroke).
ITEM_LIMITS = {"GtkComboBoxText": 1_000, "GtkEntryCompletion": 100_000}
# One process may take this long before it counts as hung.
PROCESS_TIMEOUT_S = 300
GTK4 = "GTK 4 GtkDropDown"
STARTUP_RUNS = 9
# Rounds of the parsers and catalog readers (a quick run: 5).
STRINGS_ROUNDS = 15


def list_subjects(binary, library):
    """(widget, match, command) for every subject: list-benchmark's own, GTK 4's, then
    DropDownField from Python through `library` (a folder with libentrykit-1.0 and its typelib)."""
    lines = subprocess.run([binary, "--list"], check=True, capture_output=True, text=True).stdout.splitlines()
    subjects = []
    for line in filter(None, lines):
        widget, match = line.split("\t")
        subjects.append((widget, match, [binary, "--widget", widget, "--match", match]))
    # GTK 3 paints with cairo in software; so must GTK 4 here (its GL renderer would run on
    # Mesa's software GL under Xvfb).
    subjects.append((GTK4, "substring", ["env", "GSK_RENDERER=cairo", "/usr/bin/python3",
                                         os.path.join(HERE, "gtk4_dropdown.py")]))
    subjects.append(("DropDownField from Python", "substring",
                     ["env", f"GI_TYPELIB_PATH={library}", f"LD_LIBRARY_PATH={library}", "/usr/bin/python3",
                      os.path.join(HERE, "entrykit_python.py")]))
    return subjects


def list_rows(binary, library, sizes, samples):
    rows = []
    for widget, match, command in list_subjects(binary, library):
        failed_at = None
        for size in sizes:
            row = {"widget": widget, "items": size}
            if match == "prefix" or widget.startswith("GtkEntryCompletion"):
                row["match"] = match
            limit = ITEM_LIMITS.get(widget)
            if limit and size > limit:
                row["capped"] = f"run up to {limit:,} items: larger sizes would not fit the run's time"
            elif failed_at:
                row["error"] = f"not run: the run at {failed_at:,} items failed"
            else:
                row.update(measure_list(command + ["--items", str(size), "--samples", str(samples)]))
                if "error" in row:
                    failed_at = size
            rows.append(row)
            print(f"  {table.describe(row)}", file=sys.stderr)
    return rows


def finished(command):
    """(the finished process, None), or (None, {"error": why}) when it hung, failed or printed nothing."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=PROCESS_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, {"error": f"hung: no result within {PROCESS_TIMEOUT_S} s"}
    reason = next((line for line in reversed(done.stderr.splitlines()) if line.strip()), "")
    if done.returncode != 0 or not done.stdout.strip():
        return None, {"error": f"failed (exit {done.returncode}): {reason}"}
    return done, None


def measure_list(command):
    """One process's row, or {"error": why}."""
    load = round(os.getloadavg()[0], 2)
    done, error = finished(command)
    if error:
        return {**error, "load": load}
    if "CRITICAL" in done.stderr:  # a GTK critical is a bug, in a subject or in GTK
        return {"error": "GTK critical: " + next(l for l in done.stderr.splitlines() if "CRITICAL" in l), "load": load}
    row = json.loads(done.stdout.strip().splitlines()[-1])
    del row["widget"], row["items"]
    row["load"] = load
    if row.get("filter_floor_ms"):
        row["filter_vs_floor"] = round(row["filter_ms"] / row["filter_floor_ms"], 1)
        if "filter_model_ms" in row:
            row["filter_model_vs_floor"] = round(row["filter_model_ms"] / row["filter_floor_ms"], 2)
    if row.get("copy_ms"):
        row["set_vs_copy"] = round(row["set_ms"] / row["copy_ms"], 1)
    return row


def strings_rows(binary, rounds):
    """`strings-benchmark`'s rows: EntryKit's `.strings` parser beside Foundation's
    PropertyListSerialization (kind "parser") and its String Catalog reader beside
    JSONSerialization (kind "catalog"), `rounds` interleaved rounds each in one process; if it
    fails, one "parser" row with the `error`."""
    load = round(os.getloadavg()[0], 2)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "strings.json")
        done, error = finished([binary, "--json", path, "--rounds", str(rounds)])
        rows = [{"parser": "strings-benchmark", **error}] if error else json.load(open(path))["results"]
    for row in rows:
        row["load"] = load
        print(f"  {table.describe(row)}", file=sys.stderr)
    return rows


def startup_rows(watcher, subjects, runs, label_key="widget"):
    """Interleaved rounds (a slow moment of the machine hits every subject alike); the first
    round warms caches and is not counted. `subjects` maps a label to (command, stdin, then);
    `then` gives the time everything was loaded (`loaded_ms`), or figures by name (the memory:
    `rss_kb`, `pss_kb`), each reported as the median with every sample under "raw"."""
    samples = {name: [] for name in subjects}
    extra = {name: [] for name in subjects}
    figures = {name: {} for name in subjects}
    errors = {}
    for round_ in range(runs + 1):
        for name, (command, stdin_path, then) in subjects.items():
            if name in errors:
                continue
            try:
                ms, more = watcher.measure(command, stdin_path=stdin_path, then=then)
            except (startup.StartupError, OSError) as error:
                errors[name] = str(error)
                continue
            if round_:
                samples[name].append(round(ms, 2))
                if isinstance(more, dict):
                    for key, value in more.items():
                        figures[name].setdefault(key, []).append(value)
                elif more is not None:
                    extra[name].append(round(more, 2))
    rows = []
    for name in subjects:
        row = {label_key: name} if label_key == "widget" else {"widget": "entrykit choose", label_key: name}
        if name in errors:
            row["error"] = errors[name]
        else:
            row.update(samples=len(samples[name]), startup_ms=round(statistics.median(samples[name]), 2),
                       startup_min_ms=min(samples[name]), startup_max_ms=max(samples[name]),
                       raw={"startup": samples[name]})
            if extra[name]:
                row.update(loaded_ms=round(statistics.median(extra[name]), 2), loaded_min_ms=min(extra[name]),
                           loaded_max_ms=max(extra[name]))
                row["raw"]["loaded"] = extra[name]
            for key, values in figures[name].items():
                row[key] = round(statistics.median(values))
                row["raw"][key] = values
        rows.append(row)
        print(f"  {table.describe(row)}", file=sys.stderr)
    return rows


# What ssh, sudo and git ask through their askpass program, and how gpg-agent asks a pinentry.
SSH_PROMPT = "Enter passphrase for key '/home/ada/.ssh/id_ed25519': "
GETPIN = "SETDESC Please enter the passphrase to unlock the OpenPGP secret key\nSETPROMPT Passphrase:\nGETPIN\n"
# The same, as gpg-agent lets a pinentry use the desktop's keyring: the pinentry looks the
# passphrase up (in an empty keyring: not found) before its dialog, which offers to save it.
GETPIN_KEYRING = ("OPTION allow-external-password-cache\nSETKEYINFO n/0123456789ABCDEF0123456789ABCDEF01234567\n"
                  + GETPIN)


class Keyring:
    """An empty, unlocked gnome-keyring on the benchmark's session bus, its keyrings in a folder of
    its own: what the prompts' keyring rows look up (the user's own keyring is never touched)."""

    def __enter__(self):
        self.folder = tempfile.TemporaryDirectory()
        runtime, data = (os.path.join(self.folder.name, name) for name in ("runtime", "data"))
        os.mkdir(runtime, 0o700)
        os.mkdir(data)
        self.process = subprocess.Popen(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                                        env={**os.environ, "XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": data},
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.process.stdin.write(b"benchmark keyring")
        self.process.stdin.close()
        # Asked before it is up, the bus would start the system's own gnome-keyring instead.
        for _ in range(100):
            if self._owns_the_name():
                break
            time.sleep(0.1)
        # A key file for the askpass's question: the prompt looks a passphrase up only for a key that exists.
        self.key = os.path.join(self.folder.name, "id_ed25519")
        with open(self.key, "w") as key:
            key.write("not a key: the askpass only checks that the file is there\n")
        return self

    def _owns_the_name(self):
        owner = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"],
                               capture_output=True, text=True)
        return "boolean true" in owner.stdout

    def __exit__(self, *exception):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.folder.cleanup()


def login_rows(watcher, entrykit, login_floor, runs):
    """The first frame, then the memory the dialog takes while it waits (startup.waiting_memory):
    the login dialog, and the password prompts beside Debian's own (pinentry-gtk2,
    ssh-askpass-gnome), each started as its client starts it; and the prompts that first ask the
    keyring (an empty one: the lookup is the cost), pinentry-gtk2 (built with libsecret) beside."""
    with tempfile.NamedTemporaryFile("w", suffix=".assuan") as getpin, \
            tempfile.NamedTemporaryFile("w", suffix=".assuan") as getpin_keyring, Keyring() as keyring:
        getpin.write(GETPIN)
        getpin.flush()
        getpin_keyring.write(GETPIN_KEYRING)
        getpin_keyring.flush()
        key_prompt = f"Enter passphrase for key '{keyring.key}': "
        return startup_rows(watcher, {
            "entrykit login": ([entrykit, "login", "--title", "Sign in"], None, startup.waiting_memory),
            "zenity --password --username": (["zenity", "--password", "--username", "--title", "Sign in"], None,
                                             startup.waiting_memory),
            "entrykit pinentry": ([entrykit, "pinentry"], getpin.name, startup.waiting_memory),
            "pinentry-gtk-2": (["pinentry-gtk-2"], getpin.name, startup.waiting_memory),
            "entrykit askpass": ([entrykit, "askpass", SSH_PROMPT], None, startup.waiting_memory),
            "ssh-askpass-gnome": (["/usr/lib/openssh/gnome-ssh-askpass", SSH_PROMPT], None, startup.waiting_memory),
            "C GTK 3 dialog": ([login_floor, "--title", "Sign in"], None, startup.waiting_memory),
            "entrykit pinentry, keyring": ([entrykit, "pinentry"], getpin_keyring.name, startup.waiting_memory),
            "pinentry-gtk-2, keyring": (["pinentry-gtk-2"], getpin_keyring.name, startup.waiting_memory),
            "entrykit askpass, keyring": ([entrykit, "askpass", key_prompt], None, startup.waiting_memory),
        }, runs)


def overlay_rows(entrykit, runs):
    """On sway: each prompt as a layer-shell overlay (its default there) and as a plain window
    (ENTRYKIT_NO_GRAB=1), to its first frame and to the screen, in interleaved rounds (five
    times the start-up rounds: the compositor's frame clock spreads single samples over tens of
    milliseconds), the first not counted."""
    subjects = {
        "entrykit pinentry": ([entrykit, "pinentry"], GETPIN),
        "entrykit askpass": ([entrykit, "askpass", SSH_PROMPT], None),
    }
    ways = {"overlay": {}, "plain window": {"ENTRYKIT_NO_GRAB": "1"}}
    try:
        sway = wayland_startup.sway()
    except (wayland_startup.WaylandStartupError, OSError) as error:
        return [{"widget": name, "compositor": "sway", "error": str(error)} for name in subjects]
    samples = {(name, way, moment): [] for name in subjects for way in ways for moment in ("frame", "shown")}
    errors = {}
    try:
        for round_ in range(5 * runs + 1):
            for name in subjects:
                for way in ways:
                    if name in errors:
                        continue
                    command, stdin_text = subjects[name]
                    try:
                        frame, shown = wayland_startup.first_frame(command, {**sway.environment, **ways[way]}, stdin_text)
                    except (wayland_startup.WaylandStartupError, OSError) as error:
                        errors[name] = str(error)
                        continue
                    if round_:
                        samples[(name, way, "frame")].append(round(frame, 2))
                        samples[(name, way, "shown")].append(round(shown, 2))
    finally:
        sway.stop()
    rows = []
    for name in subjects:
        row = {"widget": name, "compositor": "sway"}
        if name in errors:
            row["error"] = errors[name]
        else:
            for way, key in (("overlay", "overlay"), ("plain window", "plain")):
                for moment, suffix in (("frame", ""), ("shown", "_shown")):
                    values = samples[(name, way, moment)]
                    row.update({f"{key}{suffix}_ms": round(statistics.median(values), 2),
                                f"{key}{suffix}_min_ms": min(values), f"{key}{suffix}_max_ms": max(values)})
                    row.setdefault("raw", {})[key + suffix] = values
            row["samples"] = len(samples[(name, "overlay", "frame")])
            row["overlay_vs_plain"] = round(row["overlay_ms"] / row["plain_ms"], 3)
            row["overlay_shown_vs_plain_shown"] = round(row["overlay_shown_ms"] / row["plain_shown_ms"], 3)
        rows.append(row)
        print(f"  {name}: " + (row.get("error") or f"first frame: overlay {row['overlay_ms']} ms, plain "
                                f"{row['plain_ms']} ms; on the screen: overlay {row['overlay_shown_ms']} ms, plain "
                                f"{row['plain_shown_ms']} ms"), file=sys.stderr)
    return rows


def choose_rows(watcher, entrykit, runs):
    """`entrykit choose` with three items as arguments and with a million lines on standard
    input: the first frame, and when OK turns sensitive (the items are all in the list)."""
    def loaded(process, start):
        return startup.wait_for_sensitive(process, start, "OK")
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as lines:
        lines.write("".join(f"{n}\n" for n in range(1, 1_000_001)))
        lines.flush()
        return startup_rows(watcher, {
            "3 arguments": ([entrykit, "choose", "apple", "banana", "cherry"], None, loaded),
            "1,000,000 lines on standard input": ([entrykit, "choose"], lines.name, loaded),
        }, runs, label_key="input")


def commit():
    """The commit measured, marked dirty when the tree differs from it (results aside)."""
    def git(*args):
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=HERE).stdout.strip()
    head = git("rev-parse", "HEAD") or "unknown"
    changes = [line for line in git("status", "--porcelain").splitlines() if not line.endswith("results.json")]
    return head + ("-dirty" if changes else "")


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
    gtk4 = subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk; "
                           "print(f'{Gtk.get_major_version()}.{Gtk.get_minor_version()}.{Gtk.get_micro_version()}')"],
                          capture_output=True, text=True).stdout.strip() or "?"
    return {"cpu": cpu, "cores": os.cpu_count(), "os": os_name, "swift": first_line(["swift", "--version"]),
            "gtk": first_line(["pkg-config", "--modversion", "gtk+-3.0"]), "gtk4": gtk4,
            "display": "Xvfb 1280x800x24"}


def main():
    # `choose`'s OK button is found over AT-SPI by its English name.
    os.environ["LANGUAGE"] = "en"
    parser = argparse.ArgumentParser()
    parser.add_argument("--json")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, fewer start-up and parser rounds: a smoke run (same list samples)")
    parser.add_argument("--bin", required=True, help="the folder holding list-benchmark, strings-benchmark and entrykit")
    parser.add_argument("--login-floor", required=True, help="the C GTK 3 login dialog")
    parser.add_argument("--library", required=True, help="the folder holding libentrykit-1.0.so.0 and its typelib")
    parser.add_argument("--polkit-subject", required=True,
                        help="Benchmarks/PolkitSubject/process-subject.c built: what lets Debian's polkit agents serve a process")
    parser.add_argument("--only", choices=["prompts"], help="only the login dialog's and the prompts' start-up")
    options = parser.parse_args()

    started = time.monotonic()
    load_before = os.getloadavg()
    measured = commit()  # what was built, before anything the run writes
    sizes = [1_000, 10_000] if options.quick else [1_000, 10_000, 100_000, 1_000_000]
    runs = 3 if options.quick else STARTUP_RUNS
    entrykit = os.path.join(options.bin, "entrykit")
    results = []
    if not options.only:
        print("Lists (one process per widget and size):", file=sys.stderr)
        results += list_rows(os.path.join(options.bin, "list-benchmark"), options.library, sizes, SAMPLES)
        print("The .strings parser and the String Catalog reader beside Foundation's (one process, interleaved rounds):",
              file=sys.stderr)
        results += strings_rows(os.path.join(options.bin, "strings-benchmark"), 5 if options.quick else STRINGS_ROUNDS)
    watcher = startup.FirstFrame()
    print("Login and prompt start-up (spawn to the first frame of its window):", file=sys.stderr)
    results += login_rows(watcher, entrykit, options.login_floor, runs)
    if not options.only:
        print("Choose start-up (first frame; OK sensitive):", file=sys.stderr)
        results += choose_rows(watcher, entrykit, runs)
        print("Prompt start-up on sway: overlay and plain window (first committed frame):", file=sys.stderr)
        results += overlay_rows(entrykit, runs)
        print("polkit agents (pkcheck to the dialog's first frame; memory and idle CPU before and after):", file=sys.stderr)
        results += polkit_agents.rows(entrykit, options.polkit_subject, 10 if options.quick else polkit_agents.ROUNDS)

    report = {"results": results, "commit": measured, "machine": machine(),
              "load": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]},
              "duration_s": round(time.monotonic() - started),
              "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")}
    print(table.markdown(report))
    if options.json:
        with open(options.json, "w") as out:
            json.dump(report, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
