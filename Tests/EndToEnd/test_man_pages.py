"""The man pages in man/ (installed by meson, one per command) are real man pages and say what the
program says: each command `entrykit --help` lists has one, naming every option and exit status
its `--help` lists, rendered by man with no groff warning and indexed by lexgrog (what mandb and
lintian read). Needs only the built binary; test_package.py checks the installed pages."""
import re
import subprocess

import man_pages
from conftest import REPO

MAN = REPO / "man"
SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"]


def meson_pages():
    listed = re.search(r"^man_pages = \[(.*?)\]", (REPO / "meson.build").read_text(), re.M | re.S)
    assert listed, "meson.build has no man_pages list"
    return re.findall(r"'([^']+)'", listed.group(1))


def configured(tmp_path):
    """The pages as meson installs them: @VERSION@ filled in."""
    version = re.search(r"^\s*version:\s*'([^']+)'", (REPO / "meson.build").read_text(), re.M).group(1)
    for source in MAN.glob("*.1"):
        (tmp_path / source.name).write_text(source.read_text().replace("@VERSION@", version))
    return version


def test_every_page_is_installed_and_every_command_has_one(binary, tmp_path):
    assert sorted(meson_pages()) == sorted(page.stem for page in MAN.glob("*.1"))
    configured(tmp_path)
    found = man_pages.problems(binary, lambda name: tmp_path / f"{name}.1")
    assert not found, "\n".join(found)


def test_pages_have_the_sections_of_a_man_page_and_their_name_for_the_index(tmp_path):
    version = configured(tmp_path)
    for page in sorted(tmp_path.glob("*.1")):
        text, warnings = man_pages.render(page)
        assert not warnings, f"{page.name}: {warnings}"
        headings = re.findall(r"^([A-Z][A-Z ]+)$", text, re.M)
        in_order = iter(headings)
        assert all(wanted in in_order for wanted in SECTIONS), f"{page.name}: {headings}, not {SECTIONS} in order"
        assert f"EntryKit {version}" in text
        index = subprocess.run(["lexgrog", str(page)], capture_output=True, text=True, timeout=30)
        assert index.returncode == 0 and f'"{page.stem} - ' in index.stdout, index.stdout + index.stderr
        for other in re.findall(r"\b(entrykit(?:-[a-z]+)?)\(1\)", man_pages.section(text, "SEE ALSO")):
            assert (MAN / f"{other}.1").exists(), f"{page.name} refers to {other}(1), which does not exist"


def test_the_check_reads_options_and_finds_what_a_page_lacks(binary, tmp_path):
    """The option list comes from --help, and a page without one of them is reported."""
    assert "--password-fd" in man_pages.options(man_pages.help_text(binary, ["login"]))
    assert ("strings", "lint") in man_pages.commands(binary)
    configured(tmp_path)
    page = tmp_path / "entrykit-login.1"
    page.write_text(page.read_text().replace(".BI \\-\\-password\\-fd \" N\"", ".BI \\-\\-descriptor \" N\""))
    found = man_pages.problems(binary, lambda name: tmp_path / f"{name}.1")
    assert found == ["entrykit-login(1) does not describe --password-fd of `entrykit login --help`"], found
