"""Legible in every theme, at any text size and in right-to-left locales, read from the screen's
pixels (not from the code's colour values): the lists of `entrykit pick` and `entrykit choose`, and
the labels of the dialogs.

Contrast is WCAG's ratio between a row's background (its most common colour) and the pixel of its
text farthest from it: every row that is not highlighted keeps 4.5:1, the picker's faded outer
rows included. The themes are GTK 3's own, chosen with GTK_THEME as a user does.
"""
import collections
import os
import tempfile

import pyatspi
import pytest
from PIL import Image

from atspi_driver import RunningApp, find, find_all, on_wayland, states, wait_for
from atspi_driver import keys as driver_keys
from screen import screenshot

THEMES = ["Adwaita", "Adwaita:dark", "HighContrast", "HighContrastInverse"]
FRUIT = ["apple", "banana", "cherry", "damson", "elderberry", "fig", "grape", "honeydew", "kiwi",
         "lemon", "mango", "nectarine", "orange", "papaya", "quince"]

pytestmark = pytest.mark.skipif(on_wayland(), reason="a Wayland client cannot learn where its "
                                "rows are on the screen; the themes draw alike on both backends")


def luminance(pixel):
    def linear(channel):
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in pixel[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def crop(image, extents, inset=1, vertical_inset=None):
    """The pixels inside `extents`, less `inset` on the sides (the list's border) and
    `vertical_inset` (default `inset`) above and below."""
    up = inset if vertical_inset is None else vertical_inset
    return image.crop((extents.x + inset, extents.y + up,
                       extents.x + extents.width - inset, extents.y + extents.height - up)).convert("RGB")


def background_and_text(area):
    """The area's most common colour and the pixel farthest from it in contrast."""
    pixels = list(area.getdata())
    background = collections.Counter(pixels).most_common(1)[0][0]
    text = max(pixels, key=lambda pixel: contrast(pixel, background))
    return background, text


def shown_rows(listbox):
    """(row, screen extents) for each row wholly inside the list on screen."""
    frame = listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    children = (listbox.getChildAtIndex(i) for i in range(min(listbox.childCount, 60)))
    rows = []
    for row in children:
        if "showing" not in states(row):
            continue
        box = row.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if box.y >= frame.y and box.y + box.height <= frame.y + frame.height:
            rows.append((row, box))
    return rows


def settled(listbox):
    """Waits until the list stops moving (it slides open) and returns its rows on screen."""
    last = []

    def still():
        nonlocal last
        now = [(row.name, box.y) for row, box in shown_rows(listbox)]
        same, last = now == last and now, now
        return same
    wait_for(still, interval=0.2, what="the list to come to rest")
    return shown_rows(listbox)


def row_contrasts(listbox):
    """{row name: (contrast, highlighted)} from a screenshot."""
    rows = settled(listbox)
    with tempfile.NamedTemporaryFile(suffix=".png") as shot:
        image = Image.open(screenshot(shot.name))
        image.load()
    figures = {}
    for row, box in rows:
        background, text = background_and_text(crop(image, box))
        figures[row.name] = (round(contrast(background, text), 2), "selected" in states(row))
    print("contrast:", figures)  # the figures docs/accessibility.md quotes (pytest -s)
    return figures


def start(binary, command, theme, *args, env=None):
    return RunningApp(binary, [command, *args],
                      env={"LANGUAGE": "en", "LANG": "C.UTF-8", "GTK_THEME": theme, **(env or {})})


@pytest.mark.parametrize("theme", THEMES)
def test_the_pickers_faded_rows_stay_legible(binary, display, theme):
    app = start(binary, "pick", theme, "--title", "Fruit", *FRUIT)
    try:
        field = find(app.application, role="combo box", name="Fruit")
        wait_for(lambda: "expanded" in states(field), what="the picker to open on focus")
        driver_keys("Down", "Down", "Down", "Down", "Down", delay_ms=80)  # rows above and below
        listbox = find(app.application, role="list", showing=True)
        figures = row_contrasts(listbox)
        plain = {name: ratio for name, (ratio, highlighted) in figures.items() if not highlighted}
        assert len(plain) >= 4, f"rows above and below the pick on screen: {figures}"
        assert min(plain.values()) >= 4.5, f"{theme}: {figures}"
        assert any(highlighted for _, highlighted in figures.values()), figures
    finally:
        app.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_drop_down_rows_and_border_follow_the_theme(binary, display, theme):
    app = start(binary, "choose", theme, *FRUIT)
    try:
        field = find(app.application, role="combo box", name="Choose an item:")
        wait_for(lambda: "focused" in states(field), what="the field to have focus")
        driver_keys("alt+Down", "Down", delay_ms=80)
        listbox = find(app.application, role="list", showing=True)
        figures = row_contrasts(listbox)
        plain = [ratio for ratio, highlighted in figures.values() if not highlighted]
        assert plain and min(plain) >= 4.5, f"{theme}: {figures}"
        highlighted = [ratio for ratio, highlighted in figures.values() if highlighted]
        assert highlighted and highlighted[0] >= 3.0, f"{theme}: the theme's selected colours {figures}"

        # The border is the theme's own border colour: read the list's outline from the screen
        # and the theme's "borders" colour from GTK itself, in a process of its own.
        frame = listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        with tempfile.NamedTemporaryFile(suffix=".png") as shot:
            image = Image.open(screenshot(shot.name)).convert("RGB")
        left_edge = image.getpixel((frame.x, frame.y + frame.height // 2))
        assert left_edge == theme_colour(theme, "borders"), theme
    finally:
        app.close()


def theme_colour(theme, name):
    import subprocess
    import sys
    program = (
        "import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk\n"
        "found, colour = Gtk.Entry().get_style_context().lookup_color(%r)\n"
        "print(*(round(c * 255) for c in (colour.red, colour.green, colour.blue)))" % name)
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                            env={**os.environ, "GTK_THEME": theme})
    return tuple(int(c) for c in result.stdout.split())


@pytest.mark.parametrize("scale", ["1", "1.25", "1.5", "2"])
def test_rows_keep_their_padding_at_every_text_size(binary, display, scale):
    app = start(binary, "choose", "Adwaita", *FRUIT, env={"GDK_DPI_SCALE": scale})
    try:
        field = find(app.application, role="combo box", name="Choose an item:")
        wait_for(lambda: "focused" in states(field), what="the field to have focus")
        driver_keys("alt+Down", delay_ms=80)
        listbox = find(app.application, role="list", showing=True)
        rows = settled(listbox)
        with tempfile.NamedTemporaryFile(suffix=".png") as shot:
            image = Image.open(screenshot(shot.name)).convert("RGB")
        for row, box in rows[1:6]:  # not the highlighted first row
            area = crop(image, box, inset=3, vertical_inset=0)
            background, _ = background_and_text(area)
            inked = [y for y in range(area.height)
                     if any(contrast(area.getpixel((x, y)), background) > 1.5 for x in range(area.width))]
            assert inked, f"{row.name}: no text drawn"
            above, below = inked[0], area.height - 1 - inked[-1]
            # The theme's padding (6 px at 1x) stays round the text; glyphs' own ascent and
            # descent room adds to it, so only a floor is asserted.
            assert min(above, below) >= 4, f"{scale}x {row.name}: {above} px above, {below} px below"
        ok = find(app.application, role="push button", name="OK").queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        frame = listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        assert frame.y + frame.height <= ok.y, f"{scale}x: the list covers OK ({frame.y + frame.height} > {ok.y})"
    finally:
        app.close()


@pytest.mark.parametrize("items", [["apple", "banana", "cherry"], ["תפוח", "בננה", "דובדבן"]],
                         ids=["latin", "hebrew"])
def test_right_to_left_field_and_rows_align_alike(binary, display, items):
    app = start(binary, "choose", "Adwaita", *items, env={"LANGUAGE": "he", "LANG": "he_IL.UTF-8"})
    try:
        dialog = find(app.application, role="dialog")
        field = find(dialog, role="combo box")
        wait_for(lambda: "focused" in states(field), what="the field to have focus")
        driver_keys("alt+Down", "Down", delay_ms=80)
        listbox = find(app.application, role="list", showing=True)
        rows = settled(listbox)
        with tempfile.NamedTemporaryFile(suffix=".png") as shot:
            image = Image.open(screenshot(shot.name)).convert("RGB")

        def side(box):
            """Where the text's ink sits in the box: "start" (left) or "end" (right)."""
            area = crop(image, box, inset=3)
            background, _ = background_and_text(area)
            columns = [x for x in range(area.width)
                       if any(contrast(area.getpixel((x, y)), background) > 1.5 for y in range(area.height))]
            assert columns, "no text drawn"
            return "left" if columns[0] < area.width - 1 - columns[-1] else "right"
        entry_box = field.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        expected = "left" if items[0].isascii() else "right"
        assert side(entry_box) == expected
        assert [side(box) for _, box in rows] == [expected] * len(rows)
    finally:
        app.close()


@pytest.mark.parametrize("theme", THEMES)
def test_no_matches_is_dim_but_legible(binary, display, theme):
    app = start(binary, "choose", theme, "--editable", *FRUIT)
    try:
        field = find(app.application, role="combo box", name="Choose an item:")
        wait_for(lambda: "focused" in states(field), what="the field to have focus")
        driver_keys("z", "z", "z", delay_ms=80)
        listbox = find(app.application, role="list", showing=True)
        wait_for(lambda: listbox.childCount == 0, what="no rows left")
        box = listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        wait_for(lambda: box.height > 0 and listbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).y == box.y,
                 interval=0.3, what="the list at rest")
        with tempfile.NamedTemporaryFile(suffix=".png") as shot:
            image = Image.open(screenshot(shot.name))
            image.load()
        background, text = background_and_text(crop(image, box, inset=2))
        ratio = contrast(background, text)
        print("contrast: no matches", theme, round(ratio, 2))
        assert 4.5 <= ratio, f"{theme}: 'No matches' at {ratio:.2f}:1"
    finally:
        app.close()


def label_contrasts(app, root):
    """{label name: contrast} of every named label of `root` on screen, from a screenshot."""
    labels = wait_for(lambda: [label for label in find_all(root, role="label", showing=True)
                               if label.name and label.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width > 0],
                      what="labels on screen")
    with tempfile.NamedTemporaryFile(suffix=".png") as shot:
        image = Image.open(screenshot(shot.name))
        image.load()
    figures = {}
    for label in labels:
        box = label.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        background, text = background_and_text(crop(image, box, inset=0))
        figures[label.name] = round(contrast(background, text), 2)
    return figures


@pytest.mark.parametrize("theme", THEMES)
def test_the_gallerys_overview_is_legible(binary, display, theme):
    """The overview's texts, the hint on adding a language (once dim-label) among them."""
    app = RunningApp(binary, [], env={"LANGUAGE": "en", "LANG": "C.UTF-8", "GTK_THEME": theme})
    try:
        window = app.window("EntryKit")
        find(window, role="label", name="To add a language, put xx.lproj/EntryKit.strings into one of them; no rebuild is needed.",
             showing=True)
        figures = label_contrasts(app, window)
        print("contrast: gallery", theme, figures)
        assert len(figures) >= 5, figures
        assert min(figures.values()) >= 4.5, f"{theme}: {figures}"
    finally:
        app.close()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("command", [
    ("choose", "--text", "Open which file?", *FRUIT),
    ("login", "--text", "Sign in to the example server"),
], ids=["choose", "login"])
def test_the_dialogs_labels_are_legible(binary, display, theme, command):
    """Every label on screen (the prompt, the message, the field labels) keeps 4.5:1 against
    the dialog's background; the prompt of `choose` was drawn dimmed, at 3.15:1 in Adwaita."""
    app = start(binary, command[0], theme, *command[1:])
    try:
        find(app.application, role="label", name=command[2], showing=True)
        figures = label_contrasts(app, app.application)
        print("contrast:", command[0], theme, figures)
        assert command[2] in figures
        if command[0] == "login":
            assert {"Username", "Password"} <= set(figures), figures
        assert min(figures.values()) >= 4.5, f"{theme}: {figures}"
    finally:
        app.close()
