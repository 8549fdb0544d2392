"""What the PyGObject list subjects share (gtk4_dropdown.py, entrykit_python.py): list-benchmark's
items and geometry, its frame timing (an action, then the first frame painted once the result is
there, then a round trip to the display server) and its sequence of steps, so a subject in
another process or language is measured exactly as list-benchmark measures its own.

A subject is an object with `set_items(items)`, `open()`, `close()`, `type_query(text)`,
`page_down()`, `rows` (the rows the list shows now), `painted` (the widget whose frames count),
`is_shown()` (the list is on screen) and `retire()` (takes a warm-up subject out of the way); it
may have `set_parts`, the time its sets spent in steps of their own (see `measure`).
"""
import ctypes
import json
import os
import sys
import time

from gi.repository import GLib

WIDTH, ROWS, ROW_HEIGHT = 320, 15, 26
QUERY = "rang"
WORDS = [
    "apple", "orange", "banana", "cherry", "grape", "mango", "lemon", "melon", "peach", "pear",
    "plum", "strange", "ranger", "garden", "window", "button", "letter", "number", "station",
    "river", "mountain", "forest", "island", "harbour", "granite", "silver", "copper", "amber",
    "violet", "crimson", "scarlet", "indigo", "ocean", "desert", "meadow", "valley", "canyon",
    "glacier", "thunder", "breeze", "shadow", "lantern", "compass", "anchor", "arrange", "orbit",
    "planet", "comet", "rocket", "engine", "marble", "pebble", "candle", "feather", "ribbon",
    "puzzle", "riddle", "whisper", "harvest", "journey", "kingdom", "library", "museum", "theatre",
]
MASK = (1 << 64) - 1


def make_items(count, variant=0):
    """list-benchmark's makeItems: "Item 0000123 orange" and the like, the same LCG; `variant` > 0
    marks the last item (" #1"), so rounds set items that differ (a field given the same items
    again keeps them and does nothing), as list-benchmark's rounds do."""
    state = 0x9E3779B97F4A7C15
    items = []
    for index in range(count):
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK
        items.append(f"Item {index:07d} {WORDS[(state >> 33) % len(WORDS)]}")
    if variant > 0 and items:
        items[-1] += f" #{variant}"
    return items


def fail(status, reason):
    print(f"{os.path.basename(sys.argv[0])}: {reason}", file=sys.stderr)
    sys.exit(status)


def resident_bytes():
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGESIZE")


class Frames:
    """Action → first frame painted once the result was there → XSync, as Frames.swift does."""

    def __init__(self, display):
        self.display = display
        self.context = GLib.MainContext.default()

    def time_to_paint(self, widget, action, ready=lambda: True, timeout_s=60):
        start = time.monotonic_ns()
        action()
        wake = GLib.timeout_add(50, lambda: True)
        try:
            while not widget.get_mapped():
                if (time.monotonic_ns() - start) / 1e9 > timeout_s:
                    fail(3, "no mapped list after the action")
                self.context.iteration(True)
            painted = []
            clock = widget.get_frame_clock()
            handler = clock.connect("after-paint", lambda _clock: painted or painted.append(True))
            widget.queue_draw()
            done = False
            while not done and (time.monotonic_ns() - start) / 1e9 < timeout_s:
                was_ready = ready()
                self.context.iteration(True)
                if painted:
                    done = was_ready
                    if not done:
                        painted.clear()
                        widget.queue_draw()
            clock.disconnect(handler)
            if not done:
                fail(4, f"no frame showing the result within {timeout_s} s (result there: {ready()})")
            self.display.sync()
            return (time.monotonic_ns() - start) / 1e6
        finally:
            GLib.source_remove(wake)

    def settle(self, ms=100):
        end = time.monotonic() + ms / 1000
        wake = GLib.timeout_add(10, lambda: True)
        while time.monotonic() < end:
            self.context.iteration(True)
        GLib.source_remove(wake)


def scroll_by_page(adjustment):
    """One page down through the list's adjustment, as list-benchmark's scrollByPage."""
    page = adjustment.get_page_size()
    before = adjustment.get_value()
    adjustment.set_value(min(before + page, adjustment.get_upper() - page))
    if adjustment.get_value() <= before:
        fail(5, "page down did not scroll the list")


def summary(row, raw, step, samples):
    ordered = sorted(samples)
    middle = len(ordered) // 2
    row[f"{step}_ms"] = round(ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2, 2)
    row[f"{step}_min_ms"] = round(ordered[0], 2)
    row[f"{step}_max_ms"] = round(ordered[-1], 2)
    raw[step] = [round(value, 2) for value in samples]


def measure(name, make_subject, frames, count, samples):
    """Runs list-benchmark's steps on a fresh subject and prints its JSON row."""
    warm = make_subject()  # first popup, CSS and glyph caches, as list-benchmark warms up
    warm.set_items(make_items(200))
    frames.settle()
    frames.time_to_paint(warm.painted, warm.open)
    frames.time_to_paint(warm.painted, warm.page_down)
    frames.time_to_paint(warm.painted, lambda: warm.type_query("r"))
    warm.close()
    frames.settle()
    warm.retire()
    frames.settle()

    subject = make_subject()
    frames.settle()
    empty_bytes = resident_bytes()
    row = {"widget": name, "items": count, "samples": samples}
    raw = {}

    def open_timed():
        ms = frames.time_to_paint(subject.painted, subject.open, ready=subject.is_shown)
        if subject.rows != count:
            fail(6, f"open shows {subject.rows} rows, not {count}")
        return ms

    # Rounds of fresh items set with the list closed, then the first (cold) open; then re-opens.
    sets, colds, string_bytes, full_bytes = [], [], 0, 0
    for round_ in range(samples):
        items = make_items(count, variant=samples - 1 - round_)
        string_bytes = sum(len(item.encode()) for item in items)
        frames.settle()
        start = time.monotonic_ns()
        subject.set_items(items)
        sets.append((time.monotonic_ns() - start) / 1e6)
        del items
        frames.settle()
        colds.append(open_timed())
        if round_ == 0:
            full_bytes = resident_bytes()
        subject.close()
    summary(row, raw, "set", sets)
    # A subject may say what part of each set went to steps of its own (`set_parts`: name → the
    # samples in ms, one per set), reported beside it as `set_<name>_ms`.
    for part, part_samples in getattr(subject, "set_parts", {}).items():
        summary(row, raw, f"set_{part}", part_samples)
    summary(row, raw, "open_cold", colds)
    opens = []
    for _ in range(samples):
        frames.settle()
        opens.append(open_timed())
        subject.close()
    summary(row, raw, "open", opens)
    frames.settle()
    open_timed()  # open for the steps below
    frames.settle()

    folded = [item.lower() for item in make_items(count)]
    keystrokes = [QUERY[:length] for length in range(1, len(QUERY) + 1)]
    expected = [sum(1 for item in folded if typed in item) for typed in keystrokes]
    del folded
    row["match"], row["query"] = "substring", QUERY

    def filter_timed(typed, rows):
        return frames.time_to_paint(subject.painted, lambda: subject.type_query(typed),
                                    ready=lambda: subject.rows == rows)
    filters = []
    for _ in range(samples):
        for typed, rows in zip(keystrokes, expected):
            filters.append(filter_timed(typed, rows))
            frames.settle(30)
        filter_timed("", count)
        frames.settle()
    summary(row, raw, "filter", filters)
    row["filter_first_ms"] = round(filters[0], 2)  # the first key after the sets
    row["filter_rows"] = expected

    scrolls = []
    for _ in range(samples):
        scrolls.append(frames.time_to_paint(subject.painted, subject.page_down))
        frames.settle(30)
    summary(row, raw, "scroll", scrolls)
    repaints = []  # the open list painted again with nothing changed: the floor under each frame
    for _ in range(samples):
        repaints.append(frames.time_to_paint(subject.painted, lambda: None))
        frames.settle(30)
    summary(row, raw, "frame", repaints)
    subject.close()
    if count >= 10_000:
        row["bytes_per_item"] = round((full_bytes - empty_bytes - string_bytes) / count, 2)
    row["raw"] = raw
    print(json.dumps(row))

