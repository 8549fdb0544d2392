"""The gallery window, driven over AT-SPI as a screen reader or test robot would."""
import json
import os
import subprocess

import pytest

from atspi_driver import RunningApp, find, find_all, on_wayland, press, states, wait_for
from atspi_driver import keys as driver_keys

ENGLISH = {"LANGUAGE": "en", "LANG": "C.UTF-8"}


@pytest.fixture
def launch(binary, display):
    """Starts `entrykit` with extra environment; every app started is closed afterwards."""
    started = []

    def start(*args, env=None):
        app = RunningApp(binary, args, env={**ENGLISH, **(env or {})})
        started.append(app)
        return app

    yield start
    for app in started:
        app.close()


def choose_language(app, window, button_name, language_name):
    press(find(window, role="toggle button", name=button_name))
    choice = find(app.application, role="radio button", name=language_name, showing=True)
    press(choice)
    wait_for(lambda: "checked" in states(choice), what=f"{language_name} to be checked")


def test_window_is_found_by_role_and_name(launch):
    app = launch()
    window = app.window("EntryKit")
    assert "showing" in states(window)
    overview = find(window, role="radio button", name="Overview")
    assert "checked" in states(overview)
    assert find(window, role="toggle button", name="Language")
    assert find(window, role="toggle button", name="Main Menu")
    assert find(window, role="label", name="Current language: English")


def test_language_menu_relabels_every_visible_string(launch):
    app = launch()
    window = app.window("EntryKit")
    choose_language(app, window, "Language", "日本語")

    assert find(window, role="radio button", name="概要")
    assert find(window, role="label", name="現在の言語: 日本語")
    assert find(window, role="label", name="Linux デスクトップのためのテキスト入力ウィジェットとログインダイアログ。")
    assert find(window, role="toggle button", name="言語")
    assert find(window, role="toggle button", name="メインメニュー")
    assert not find_all(window, role="label", name="Current language: English")
    english = find(app.application, role="radio button", name="English")
    assert "checked" not in states(english), "only the language in use is checked"

    choose_language(app, window, "言語", "English")
    assert find(window, role="radio button", name="Overview")
    assert find(window, role="label", name="Current language: English")


def test_starts_in_the_language_of_the_environment(launch):
    app = launch(env={"LANGUAGE": "", "LANG": "ja_JP.UTF-8"})
    window = app.window("EntryKit")
    assert find(window, role="radio button", name="概要")
    assert "checked" in states(find(app.application, role="radio button", name="日本語"))


def test_a_dropped_in_language_appears_in_the_menu(launch, tmp_path):
    folder = tmp_path / "xx.lproj"
    folder.mkdir()
    (folder / "EntryKit.strings").write_text('"LanguageName" = "Xish";\n"Overview" = "Xoverview";\n', encoding="utf-8")
    app = launch(env={"ENTRYKIT_RESOURCES": str(tmp_path)})
    window = app.window("EntryKit")
    choose_language(app, window, "Language", "Xish")
    assert find(window, role="radio button", name="Xoverview")
    # Keys the new table lacks fall back to English, never to nothing.
    assert find(window, role="label", name="Current language: Xish")


def test_a_string_catalog_is_a_table_in_each_of_its_languages(launch, tmp_path):
    # Apple's String Catalog: one JSON file for every language, its BCP 47 names matched to
    # LANGUAGE's (pt-PT is pt_PT); a language's untranslated ("new") text falls back to English.
    def unit(value, state="translated"):
        return {"stringUnit": {"state": state, "value": value}}
    catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {
        "LanguageName": {"localizations": {"pt-PT": unit("Português europeu")}},
        "Overview": {"localizations": {"pt-PT": unit("Vista geral")}},
        "Current language: %@": {"localizations": {"pt-PT": unit("Idioma atual: %@")}},
        "Language": {"localizations": {"pt-PT": unit("Language", state="new")}},
    }}
    (tmp_path / "EntryKit.xcstrings").write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    app = launch(env={"ENTRYKIT_RESOURCES": str(tmp_path)})
    window = app.window("EntryKit")
    choose_language(app, window, "Language", "Português europeu")
    assert find(window, role="radio button", name="Vista geral")
    assert find(window, role="label", name="Idioma atual: Português europeu")
    # Not translated in the catalog: Portugal's Portuguese falls back to pt.lproj, as for a missing key.
    assert find(window, role="toggle button", name="Idioma")


def test_a_table_written_by_genstrings_from_swift_still_translates(launch, tmp_path):
    # genstrings on Swift interpolation writes `\(name)`, an escape Apple reads as `(name)`; a
    # translator's `\E` typo likewise. Neither may cost the language its translations.
    folder = tmp_path / "de.lproj"
    folder.mkdir()
    (folder / "EntryKit.strings").write_text(
        '"LanguageName" = "Deutsch";\n'
        '"Hello, \\(name)" = "Hallo, \\(name)";\n'
        '"Overview" = "\\Eberblick";\n'
        '"Current language: %@" = "Aktuelle Sprache: %@";\n', encoding="utf-8")
    app = launch(env={"ENTRYKIT_RESOURCES": str(tmp_path), "LANGUAGE": "de"})
    window = app.window("EntryKit")
    assert find(window, role="radio button", name="Eberblick")
    assert find(window, role="label", name="Aktuelle Sprache: Deutsch")


def open_about(app, window, menu_name="Main Menu", about_name="About EntryKit"):
    """Opens About from the main menu and returns the dialog, found by role and name."""
    press(find(window, role="toggle button", name=menu_name))
    press(find(app.application, role="push button", name=about_name, showing=True))
    return find(app.application, role="dialog", name=about_name)


def test_about_dialog_opens_from_the_main_menu(launch):
    app = launch()
    dialog = open_about(app, app.window("EntryKit"))
    assert find(dialog, role="label", name="0.1.0")
    press(find(dialog, role="push button", name="Close"))
    wait_for(lambda: "showing" not in states(dialog), what="the About dialog to close")


def test_quit_from_the_main_menu_exits_cleanly(launch):
    app = launch()
    window = app.window("EntryKit")
    press(find(window, role="toggle button", name="Main Menu"))
    press(find(app.application, role="push button", name="Quit", showing=True))
    status, _, stderr = app.wait_for_exit()
    assert status == 0, stderr
    assert "CRITICAL" not in stderr and "WARNING" not in stderr, stderr


def send_keys(app, keys):
    """Types `keys` (xdotool syntax) into the app's window, as a keyboard user would. On Wayland
    the app has no X window to focus: the compositor gave the new window the keyboard."""
    if on_wayland():
        driver_keys(keys)
        return
    windows = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.process.pid)],
                             capture_output=True, text=True, timeout=20).stdout.split()
    assert windows, "the app has no visible X window"
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1], "key", keys], check=True, timeout=20)


@pytest.mark.parametrize("keys", ["ctrl+q", "ctrl+w"], ids=["quit", "close-window"])
def test_keyboard_shortcut_ends_the_app_cleanly(launch, keys):
    app = launch()
    app.window("EntryKit")
    send_keys(app, keys)
    status, _, stderr = app.wait_for_exit()
    assert status == 0, stderr


def test_closing_the_window_exits_cleanly(launch):
    app = launch()
    window = app.window("EntryKit")
    press(find(window, role="push button", name="Close"))
    status, _, stderr = app.wait_for_exit()
    assert status == 0, stderr


def test_second_launch_presents_the_running_window(launch, binary):
    app = launch()
    app.window("EntryKit")
    second = subprocess.run([str(binary)], env={**os.environ, **ENGLISH}, capture_output=True, text=True, timeout=30)
    assert second.returncode == 0, second.stderr
    assert app.process.poll() is None, "the first instance keeps running"
    assert len(find_all(app.application, role="frame", name="EntryKit")) == 1


def test_f10_opens_the_main_menu(launch):
    app = launch()
    window = app.window("EntryKit")
    send_keys(app, "F10")
    assert find(app.application, role="push button", name="About EntryKit", showing=True)
    assert "checked" in states(find(window, role="toggle button", name="Main Menu"))


def test_about_dialog_follows_a_language_chosen_at_run_time(launch):
    app = launch()
    window = app.window("EntryKit")
    choose_language(app, window, "Language", "日本語")
    dialog = open_about(app, window, "メインメニュー", "EntryKit について")
    assert find(dialog, role="label", name="Linux デスクトップのためのテキスト入力ウィジェットとログインダイアログ。")
    # GTK made this button; its text comes from EntryKit's table, not from GTK's catalog
    # (which stays in the language the app started in).
    press(find(dialog, role="push button", name="閉じる(C)"))
    wait_for(lambda: "showing" not in states(dialog), what="the About dialog to close")


def test_drop_down_page_fields_and_item_count(launch):
    app = launch()
    window = app.window("EntryKit")
    press(find(window, role="radio button", name="Drop-Down Field"))
    top = find(window, role="combo box", name="Near the top", showing=True)
    assert "expandable" in states(top)
    assert find(window, role="combo box", name="Near the bottom", showing=True)

    # The item count is a drop-down too: choose 1,000,000 through AT-SPI Selection.
    count = find(window, role="combo box", name="Items")
    count.queryComponent().grabFocus()
    send_keys(app, "alt+Down")
    wait_for(lambda: "expanded" in states(count), what="the item count list to open")
    choices = find(app.application, role="list", showing=True)
    assert [choices.getChildAtIndex(i).name for i in range(choices.childCount)] == ["5", "100", "10,000", "1,000,000"]
    assert choices.querySelection().selectChild(3)
    wait_for(lambda: count.queryText().getText(0, -1) == "1,000,000", what="1,000,000 to be chosen")

    top.queryComponent().grabFocus()
    wait_for(lambda: "focused" in states(top), what="the top field to have focus")
    send_keys(app, "alt+Down")
    wait_for(lambda: "expanded" in states(top), what="the top field to open")
    rows = find(app.application, role="table", showing=True)  # above 100 rows, a one-column table
    assert rows.childCount == rows.queryTable().nRows == 1_000_000
    first = rows.getChildAtIndex(0)
    assert first.name == "apple"
    assert "setsize:1000000" in first.getAttributes()
    for key in ["Down", "Down", "Return"]:
        send_keys(app, key)
    wait_for(lambda: top.queryText().getText(0, -1) == "apricot", what="apricot to be picked")
    assert find(window, role="label", name="Picked: apricot (2 of 1,000,000)")
