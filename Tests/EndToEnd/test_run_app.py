"""`scripts/run-app`, the README's first command, as a new user runs it: a release build that reads
EntryKit's own tables from the prefix it stages in the build folder, in every language.

The first run builds the release binary (minutes on a cold tree); the staged prefix is made anew
by every run, so what is checked here is what the script itself leaves, not an earlier run's.
"""
import json
import os
import subprocess

import pytest

from atspi_driver import RunningApp, find, find_all
from conftest import REPO, entrykit_binary, run_cli

RUN_APP = REPO / "scripts" / "run-app"
PREFIX = REPO / ".build" / "run-app"
TABLES = PREFIX / "share" / "entrykit"
BUILD_TIMEOUT = 60 * 60
PAGES = ("Overview", "Drop-Down Field", "Picker Field", "Account Panel")


def table(language):
    """The source tree's table for `language`, read by the debug build's `strings dump`."""
    dump = run_cli(entrykit_binary(), "strings", "dump", REPO / "Resources" / f"{language}.lproj" / "EntryKit.strings")
    assert dump.returncode == 0, dump.stderr
    return json.loads(dump.stdout)


def in_language(language):
    return {**os.environ, "LANGUAGE": language, "LANG": "C.UTF-8"}


@pytest.fixture(scope="module")
def run_app():
    """scripts/run-app run once to build and stage; returns its path."""
    result = subprocess.run([RUN_APP, "--version"], capture_output=True, text=True, timeout=BUILD_TIMEOUT,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.startswith("entrykit "), result.stdout
    return RUN_APP


def test_a_german_lookup_is_the_german_tables_word(run_app):
    result = subprocess.run([run_app, "strings", "lookup", "Drop-Down Field"], env=in_language("de"),
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert result.returncode == 0, result.stderr[-4000:]
    german = table("de")["Drop-Down Field"]
    assert german != "Drop-Down Field"
    assert result.stdout.strip() == german


def test_every_shipped_language_is_staged_and_found(run_app):
    """What run-app runs (the staged binary), in every language Resources/ ships."""
    languages = sorted(path.name[: -len(".lproj")] for path in (REPO / "Resources").glob("*.lproj"))
    assert len(languages) > 40
    staged = sorted(path.name[: -len(".lproj")] for path in TABLES.glob("*.lproj"))
    assert staged == languages
    for language in languages:
        expected = table(language)["Picker Field"]
        result = run_cli(PREFIX / "bin" / "entrykit", "strings", "lookup", "Picker Field", env=in_language(language))
        assert (result.returncode, result.stdout.strip()) == (0, expected), (language, result.stderr)


def test_the_gallery_shows_the_german_tables_page_names_and_the_folder_it_reads(run_app, display):
    german = table("de")
    app = RunningApp(run_app, env=in_language("de"))
    try:
        window = app.window("EntryKit")
        for page in PAGES:
            assert german[page] != page
            assert find(window, role="radio button", name=german[page])
        folders = [label.name for label in find_all(window, role="label") if str(TABLES) in label.name]
        assert folders, f"the Overview lists no {TABLES}"
        # A release build reads no table of the source tree.
        assert not any(str(REPO / "Resources") in label.name for label in find_all(window, role="label"))
    finally:
        app.close()
