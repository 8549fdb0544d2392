"""The command line: help, version, misuse, what every command does with its input and output, and
the `.strings` tools on files a user points at."""
import gettext
import json
import re
import subprocess

import pytest

from conftest import REPO, run_cli


def meson_version():
    match = re.search(r"version\s*:\s*'([^']+)'", (REPO / "meson.build").read_text())
    assert match, "meson.build names no project version"
    return match.group(1)


def test_help_lists_the_commands(binary):
    for flag in ("--help", "-h"):
        result = run_cli(binary, flag)
        assert result.returncode == 0
        assert result.stdout.startswith("Usage: entrykit")
        for word in ("strings lint", "strings dump", "strings lookup", "ENTRYKIT_RESOURCES", "LANGUAGE"):
            assert word in result.stdout


def test_version_matches_the_meson_project(binary):
    result = run_cli(binary, "--version")
    assert result.returncode == 0
    assert result.stdout == f"entrykit {meson_version()}\n"


def test_unknown_option_is_a_usage_error(binary):
    result = run_cli(binary, "--bogus")
    assert result.returncode == 2
    assert "unknown option '--bogus'" in result.stderr
    assert "entrykit --help" in result.stderr
    result = run_cli(binary, "frobnicate")
    assert result.returncode == 2
    assert "unknown command 'frobnicate'" in result.stderr


def test_lint_accepts_the_shipped_tables(binary):
    tables = sorted(REPO.glob("Resources/*.lproj/*.strings")) + sorted(REPO.glob("Resources/*.lproj/*.stringsdict"))
    assert len(tables) >= 4
    result = run_cli(binary, "strings", "lint", *tables)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"{table}: OK" for table in tables]


def test_lint_names_file_line_and_column_and_checks_every_file(binary, tmp_path):
    good = tmp_path / "good.strings"
    good.write_text('"OK" = "OK";\n', encoding="utf-8")
    bad = tmp_path / "bad.strings"
    bad.write_text('"OK" = "OK";\n"Cancel" = "キャンセル"\n"Next" = "次";\n', encoding="utf-8")
    missing = tmp_path / "missing.strings"
    result = run_cli(binary, "strings", "lint", bad, good, missing)
    assert result.returncode == 1
    assert f"{good}: OK" in result.stdout
    assert re.search(rf"^{re.escape(str(bad))}:[23]:\d+: error: .*';'", result.stderr, re.M), result.stderr
    assert f"{missing}: error: cannot read file" in result.stderr


def test_lint_warns_about_a_duplicate_key_but_passes(binary, tmp_path):
    table = tmp_path / "dup.strings"
    table.write_text('"A" = "1";\n"A" = "2";\n', encoding="utf-8")
    result = run_cli(binary, "strings", "lint", table)
    assert result.returncode == 0
    assert f"{table}:2:1: warning: duplicate key \"A\"" in result.stderr


def test_dump_prints_the_table_as_json(binary):
    result = run_cli(binary, "strings", "dump", REPO / "Resources/ja.lproj/EntryKit.strings")
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout)
    assert table["Cancel"] == "キャンセル"
    assert table["Username"] == "ユーザー名"
    assert table["Password"] == "パスワード"
    assert list(table)[0] == "LanguageName", "keys keep their order in the file"


def test_lookup_follows_the_language_environment(binary):
    assert run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "ja"}).stdout == "キャンセル\n"
    assert run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "", "LC_ALL": "ja_JP.UTF-8"}).stdout == "キャンセル\n"
    assert run_cli(binary, "strings", "lookup", "Sign In", env={"LANGUAGE": "fr:en"}).stdout == "Connexion\n"
    # No EntryKit table for Scottish Gaelic: GTK's own catalog has the stock word, without its
    # mnemonic; EntryKit's own words stay English.
    gtk = gettext.translation("gtk30", languages=["gd"]).gettext("_Cancel").replace("_", "")
    assert gtk != "Cancel" and run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "gd:en"}).stdout == gtk + "\n"
    assert run_cli(binary, "strings", "lookup", "Sign In", env={"LANGUAGE": "gd:en"}).stdout == "Sign In\n"
    # A modifier names a variant: Serbian in Latin letters, else in Cyrillic.
    assert run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "sr@latin"}).stdout == "Otkaži\n"
    assert run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "sr"}).stdout == "Откажи\n"
    # A language with no table at all (nor a GTK catalog) falls through to English.
    assert run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "tlh:en"}).stdout == "Cancel\n"
    unknown = run_cli(binary, "strings", "lookup", "No such key", env={"LANGUAGE": "ja"})
    assert unknown.stdout == "No such key\n"


def test_lookup_reads_an_override_table_and_reports_a_broken_one(binary, tmp_path):
    folder = tmp_path / "ja.lproj"
    folder.mkdir()
    (folder / "EntryKit.strings").write_text('"Cancel" = "やめる"\n"Username" = ;\n', encoding="utf-8")  # no ';', no value
    result = run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "ja", "ENTRYKIT_RESOURCES": str(tmp_path)})
    assert result.stdout == "やめる\n", "a broken override is used with the entries that could be read"
    assert "ja.lproj/EntryKit.strings:2:1:" in result.stderr
    result = run_cli(binary, "strings", "lookup", "Username", env={"LANGUAGE": "ja", "ENTRYKIT_RESOURCES": str(tmp_path)})
    assert result.stdout == "ユーザー名\n", "a key the broken table lost falls back to the shipped table"
    (folder / "EntryKit.strings").write_text('"Cancel" = "やめる";\n', encoding="utf-8")
    result = run_cli(binary, "strings", "lookup", "Cancel", env={"LANGUAGE": "ja", "ENTRYKIT_RESOURCES": str(tmp_path)})
    assert result.stdout == "やめる\n"


@pytest.mark.parametrize("args", [("--help",), ("strings", "lookup", "OK"), ("strings", "dump", "TABLE")])
def test_output_that_cannot_be_written_is_an_error(binary, args):
    """A full disk under standard output: said on standard error, never exit status 0."""
    table = str(sorted(REPO.glob("Resources/en.lproj/*.strings"))[0])
    command = [str(binary), *(table if word == "TABLE" else word for word in args)]
    with open("/dev/full", "w") as full:
        result = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, timeout=30)
    assert result.returncode == 1
    assert "cannot write to standard output: No space left on device" in result.stderr


@pytest.mark.parametrize("command, writer", [
    ("choose", "exec sleep 30"),               # not one byte comes
    ("pick", "echo apple; exec sleep 30"),     # the input never ends
])
def test_the_timeout_counts_while_standard_input_is_still_coming(binary, command, writer):
    """--timeout counts from the start: input that is still coming does not hold the dialog."""
    source = subprocess.Popen(["sh", "-c", writer], stdout=subprocess.PIPE)
    try:
        result = subprocess.run([str(binary), command, "--timeout", "1"], stdin=source.stdout,
                                capture_output=True, text=True, timeout=20)
        assert source.poll() is None, "it waited for the input to end"
    finally:
        source.kill()
        source.wait()
    assert (result.returncode, result.stdout) == (5, "")


def test_coverage_counts_every_shipped_language_and_fails_strict_on_a_missing_key(binary, tmp_path):
    shipped = sorted(path.name[:-len(".lproj")] for path in REPO.glob("Resources/*.lproj") if path.name != "en.lproj")
    result = run_cli(binary, "strings", "coverage", "--json", "--strict", REPO / "Resources")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [language["language"] for language in report["languages"]] == shipped
    assert all(language["translated"] == report["english"] and not language["missing"] for language in report["languages"])
    # A language dropped in beside English that lacks a key fails the strict check, by name.
    for language, text in (("en", '"OK" = "OK";\n"Cancel" = "Cancel";\n'), ("eo", '"OK" = "Bone";\n')):
        (tmp_path / f"{language}.lproj").mkdir()
        (tmp_path / f"{language}.lproj" / "EntryKit.strings").write_text(text, encoding="utf-8")
    result = run_cli(binary, "strings", "coverage", "--strict", tmp_path)
    assert result.returncode == 1
    assert result.stderr == 'eo: missing "Cancel"\n'
    assert result.stdout.splitlines()[1].split() == ["eo", "1", "1", "0"]
