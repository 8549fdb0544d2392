"""Everything the repository's programs import or run is installed by `scripts/install-deps --test`.

The README promises two commands on a fresh Debian 12 machine. A module, typelib or command that
only this machine has (installed by hand, or by an earlier run of something) keeps the suite green
here and red there; these tests make that mistake fail everywhere.
"""
import re

import declared_dependencies as deps

INSTALL_DEPS = deps.INSTALL_DEPS.read_text()


def test_everything_imported_or_run_comes_from_a_declared_package():
    found = deps.problems(deps.uses_in_repository(), INSTALL_DEPS)
    assert not found, "add these to scripts/install-deps --test:\n" + "\n".join(map(str, found))


def test_the_check_sees_what_each_kind_of_file_uses():
    uses = deps.uses_in_repository()
    seen = {(use.kind, use.name) for use in uses}
    # One of each kind, from each kind of file: an import, a typelib, a command a Python test
    # runs, one a shell script runs, one behind `exec`, one a `python3 -c` program imports.
    for expected in [("module", "pyatspi"), ("module", "Xlib"), ("typelib", "Gtk-3.0"), ("command", "xdotool"),
                     ("command", "dbus-run-session"), ("command", "clang-format"), ("command", "weston")]:
        assert expected in seen, f"{expected} not found among the repository's uses"
    python_c = [use for use in uses if use.kind == "typelib" and use.name == "Gtk-4.0"]
    assert any("benchmark.py" in use.file for use in python_c), "a typelib required inside a `python3 -c` string was missed"


def test_a_package_left_out_of_install_deps_is_named_with_its_users():
    """The check fails, naming module, files and package, when python3-xlib is not declared."""
    without_xlib = re.sub(r"\bpython3-xlib\b", "", INSTALL_DEPS)
    assert without_xlib != INSTALL_DEPS
    found = [problem for problem in deps.problems(deps.uses_in_repository(), without_xlib) if problem.use.name == "Xlib"]
    assert found, "removing python3-xlib from install-deps went unnoticed"
    message = str(found[0])
    assert "Tests/EndToEnd/test_on_screen.py" in message and "python3-xlib" in message, message


def test_a_command_from_an_undeclared_package_is_named():
    without_xdotool = re.sub(r"\bxdotool\b", "", INSTALL_DEPS)
    found = [problem for problem in deps.problems(deps.uses_in_repository(), without_xdotool) if problem.use.name == "xdotool"]
    assert found and "add xdotool" in str(found[0]), found


def test_shell_commands_are_read_through_prefixes_and_lists():
    words = deps._shell_words('FOO=1 exec timeout 30 xvfb-run -a dbus-run-session -- x || { echo "a|b"; }; $(command -v weston)')
    assert words[:1] == ["xvfb-run"] and "echo" in words and "weston" in words, words
    assert deps.declared_packages('packages=(a b)\nif x; then\n  packages+=(\n    c d  # why\n    e\n  )\nfi') == list("abcde")
