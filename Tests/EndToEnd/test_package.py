"""The Debian packages dpkg-buildpackage makes from debian/ (the app, its tables, the library, its
typelib and its development files), through scripts/package: lintian-clean, installable, and
running with no Swift toolchain on the machine, the app, its man pages and a Python program on the
library alike.

The packages are built once per test session, by `dpkg-buildpackage -us -uc -b` in a copy of the
working tree (a release build: minutes the first time, less after, since scripts/package keeps
that copy's meson build in .build/package). It is installed with `dpkg --root` into a
temporary tree, so the test changes nothing on the machine; that its dependencies would be met
by a real `dpkg -i` is checked against this machine's package database. The installed binary
runs with a clean environment and, as root, with the toolchain's folder hidden under an empty
tmpfs in a mount namespace of its own.
"""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

import man_pages
from atspi_driver import RunningApp
from conftest import REPO
from test_login import PASSWORD, USERNAME, sign_in

BUILD_TIMEOUT = 60 * 60
RUN_TIMEOUT = 60


def run(args, **options):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=RUN_TIMEOUT, **options)
    assert result.returncode == 0, f"{args} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def require(*tools):
    for tool in tools:
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: scripts/install-deps --test installs it")


PACKAGES = ["entrykit", "entrykit-common", "libentrykit-1.0-0", "gir1.2-entrykit-1.0", "libentrykit-1.0-dev"]


@pytest.fixture(scope="session")
def debs(tmp_path_factory):
    """Every package built, by name."""
    require("dpkg-buildpackage", "dh", "meson", "ninja", "git", "swift")
    output = tmp_path_factory.mktemp("deb")
    result = subprocess.run([REPO / "scripts" / "package", output], capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert result.returncode == 0, result.stderr
    built = [pathlib.Path(line) for line in result.stdout.strip().splitlines()]
    names = {run(["dpkg-deb", "--field", path, "Package"]).stdout.strip(): path for path in built}
    assert sorted(names) == sorted(PACKAGES), result.stdout
    return names


@pytest.fixture(scope="session")
def deb(debs):
    """The app's package."""
    return debs["entrykit"]


def toolchain_folder():
    """The Swift toolchain's root (/opt/swift for /opt/swift/usr/bin/swift), or None."""
    swift = shutil.which("swift")
    return pathlib.Path(swift).resolve().parents[2] if swift else None


@pytest.fixture(scope="session")
def installed(debs, tmp_path_factory):
    """The packages installed by dpkg into a root of its own; returns that root."""
    root = tmp_path_factory.mktemp("root")
    for folder in ("var/lib/dpkg/info", "var/lib/dpkg/updates"):
        (root / folder).mkdir(parents=True)
    (root / "var/lib/dpkg/status").touch()
    (root / "home").mkdir()
    # The dependencies are the real system's (checked in test_dependencies_are_installable).
    # The root has no shell to chroot into: maintainer scripts run outside it with DPKG_ROOT
    # set, which update-alternatives honours (the alternative lands in the root, not here).
    run(["dpkg", f"--root={root}", "--force-depends", "--force-not-root", "--force-script-chrootless", "-i",
         *debs.values()])
    return root


def clean_command(root, *args, program=None, variables=()):
    """ARGS of the installed binary (or of `program`, with `variables` such as NAME=VALUE) with
    nothing from the build's environment: no Swift on the loader's or the shell's path, and as
    root the toolchain's folder hidden altogether."""
    environment = ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={root / 'home'}", "LANG=C.UTF-8", *variables]
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "GDK_BACKEND", "DBUS_SESSION_BUS_ADDRESS",
                 "AT_SPI_BUS_ADDRESS", "G_DEBUG", "GTK_USE_PORTAL", "XAUTHORITY", "LANGUAGE"):
        if name in os.environ:
            environment.append(f"{name}={os.environ[name]}")
    command = [*environment, program or root / "usr" / "bin" / "entrykit", *args]
    toolchain = toolchain_folder()
    if toolchain is None:
        return command
    if os.geteuid() != 0:
        # CI runs as root; elsewhere the clean environment and the ldd check must do.
        if os.environ.get("CI"):
            pytest.fail(f"hiding {toolchain} needs root (a mount namespace); CI runs the suite as root")
        return command
    # unshare and sh exec in turn, so the pid is entrykit's (the AT-SPI driver finds it by pid).
    return ["unshare", "--mount", "sh", "-c", 'mount -t tmpfs none "$0" && exec "$@"', toolchain, *command]


def test_debian_control_builds_the_five_packages():
    listed = run(["dh_listpackages"], cwd=REPO).stdout.split()
    assert sorted(listed) == sorted(PACKAGES)


@pytest.mark.parametrize("name", PACKAGES)
def test_lintian_finds_no_errors_or_warnings(debs, name):
    require("lintian")
    result = subprocess.run(["lintian", "--pedantic", "--fail-on", "error,warning", "--tag-display-limit", "0", debs[name]],
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not [line for line in result.stdout.splitlines() if line.startswith(("E:", "W:"))], result.stdout


def meson_version():
    """The version meson.build declares, the one source the package takes it from."""
    match = re.search(r"^\s*version:\s*'([^']+)'", (REPO / "meson.build").read_text(), re.MULTILINE)
    assert match, "no version in meson.build"
    return match.group(1)


def test_fields_and_files(deb, debs):
    assert deb.name == f"entrykit_{meson_version()}_{run(['dpkg', '--print-architecture']).stdout.strip()}.deb"
    fields = run(["dpkg-deb", "--field", deb, "Package", "Version"]).stdout
    assert fields == f"Package: entrykit\nVersion: {meson_version()}\n"
    files = run(["dpkg-deb", "--contents", deb]).stdout
    for path in ("./usr/bin/entrykit", "./usr/share/man/man1/entrykit.1.gz",
                 "./usr/share/applications/io.github.entrykit.EntryKit.desktop",
                 "./usr/share/metainfo/io.github.entrykit.EntryKit.metainfo.xml",
                 "./usr/share/icons/hicolor/scalable/apps/io.github.entrykit.EntryKit.svg",
                 "./usr/share/doc/entrykit/copyright", "./usr/bin/pinentry-entrykit -> entrykit",
                 "./usr/bin/git-credential-entrykit -> entrykit",
                 "./usr/libexec/entrykit/entrykit-askpass -> ../../bin/entrykit",
                 "./usr/libexec/entrykit/entrykit-polkit-agent -> ../../bin/entrykit",
                 "./etc/xdg/autostart/io.github.entrykit.EntryKit.PolkitAgent.desktop",
                 "./usr/lib/systemd/user/entrykit-polkit-agent.service",
                 "./usr/share/man/man1/entrykit-polkit-agent.1.gz"):
        assert path in files, files
    tables = run(["dpkg-deb", "--contents", debs["entrykit-common"]]).stdout
    for lproj in sorted((REPO / "Resources").glob("*.lproj")):
        for table in lproj.glob("*.strings"):
            assert f"./usr/share/entrykit/{lproj.name}/{table.name}" in tables, tables


@pytest.mark.parametrize("name, paths", [
    ("libentrykit-1.0-0", ["/libentrykit-1.0.so.0"]),
    ("gir1.2-entrykit-1.0", ["/girepository-1.0/EntryKit-1.0.typelib"]),
    ("libentrykit-1.0-dev", ["./usr/include/entrykit-1.0/entrykit.h", "/libentrykit-1.0.so ->",
                             "/pkgconfig/entrykit-1.0.pc", "./usr/share/gir-1.0/EntryKit-1.0.gir",
                             "./usr/share/vala/vapi/entrykit-1.0.vapi", "./usr/share/doc/entrykit-1.0/index.html"]),
])
def test_library_packages_hold_their_files(debs, name, paths):
    files = run(["dpkg-deb", "--contents", debs[name]]).stdout
    for path in paths:
        assert path in files, files
    if name == "libentrykit-1.0-0":
        control = run(["dpkg-deb", "--info", debs[name], "shlibs"]).stdout
        assert control.startswith("libentrykit-1.0 0 libentrykit-1.0-0 (>= "), control
        # The symbols file (debian/libentrykit-1.0-0.symbols) names every exported function.
        symbols = run(["dpkg-deb", "--info", debs[name], "symbols"]).stdout
        assert symbols.startswith("libentrykit-1.0.so.0 libentrykit-1.0-0 #MINVER#"), symbols
        assert " ek_drop_down_field_get_type@Base " in symbols and " ek_account_panel_ask_finish@Base " in symbols


@pytest.mark.parametrize("package", ["entrykit", "libentrykit-1.0-0", "gir1.2-entrykit-1.0", "libentrykit-1.0-dev"])
def test_dependencies_are_installable(debs, package):
    """Every Depends group is met by a package installed here or built beside it, so `dpkg -i`
    would succeed; and nothing of Swift is among them."""
    depends = run(["dpkg-deb", "--field", debs[package], "Depends"]).stdout.strip()
    assert "gtk-3" in depends and "swift" not in depends.lower(), depends
    for group in depends.split(","):
        met = []
        for alternative in group.split("|"):
            match = re.fullmatch(r"\s*([^\s(]+)\s*(?:\((\S+)\s+(\S+)\))?\s*", alternative)
            assert match, alternative
            name, relation, version = match.groups()
            if name in debs:  # built in this run, at this version
                assert (relation, version) in ((None, None), ("=", meson_version()), (">=", meson_version())), group
                met.append(name)
                continue
            query = subprocess.run(["dpkg-query", "-W", "-f=${Status} ${Version}", name], capture_output=True, text=True)
            if query.returncode != 0 or not query.stdout.startswith("install ok installed"):
                continue
            installed_version = query.stdout.split()[-1]
            if relation is None or subprocess.run(["dpkg", "--compare-versions", installed_version, relation, version]).returncode == 0:
                met.append(name)
        assert met, f"nothing installed meets {group.strip()}"


def test_man_pages_are_installed_and_say_what_the_help_says(installed):
    """A page per command the installed program lists, each naming every option and exit status
    its --help lists, rendered without a warning, with the package's version."""
    man = installed / "usr/share/man/man1"
    found = man_pages.problems(installed / "usr/bin/entrykit", lambda name: man / f"{name}.1.gz")
    assert not found, "\n".join(found)
    login, _ = man_pages.render(man / "entrykit-login.1.gz")
    for text in ("--password-fd", "ENTRYKIT_RESOURCES", f"EntryKit {meson_version()}"):
        assert text in login, login
    prompts = "".join(man_pages.render(man / f"{name}.1.gz")[0] for name in ("entrykit-pinentry", "entrykit-askpass", "entrykit-credential"))
    for text in ("SSH_ASKPASS_PROMPT", "pinentry-entrykit", "credential.helper"):
        assert text in prompts, prompts
    # `man entrykit-login` finds it by name where the package put it.
    by_name = run(["man", "-M", installed / "usr/share/man", "entrykit-login"],
                  env={"PATH": "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8"}).stdout
    assert by_name.startswith("ENTRYKIT-LOGIN(1)") or "ENTRYKIT-LOGIN(1)" in by_name.splitlines()[0], by_name[:200]


def test_pinentry_entrykit_is_an_alternative_for_usr_bin_pinentry(installed):
    assert os.readlink(installed / "usr/bin/pinentry") == "/etc/alternatives/pinentry"
    assert os.readlink(installed / "etc/alternatives/pinentry") == "/usr/bin/pinentry-entrykit"


def test_installed_binary_stays_small(installed):
    """Issue 17's budget for the stripped binary. One `import Foundation` (not FoundationEssentials)
    anywhere in the app's modules links all of Foundation and ICU's data back in: about 59 MB."""
    size = (installed / "usr/bin/entrykit").stat().st_size
    assert size <= 20_000_000, f"usr/bin/entrykit is {size / 1e6:.1f} MB"


def test_installed_binary_links_no_swift_library(installed):
    libraries = run(["ldd", installed / "usr/bin/entrykit"], env={}).stdout
    assert "libgtk-3.so.0" in libraries
    assert "swift" not in libraries.lower() and "not found" not in libraries, libraries


def test_version_and_strings_without_the_toolchain(installed):
    assert run(clean_command(installed, "--version")).stdout == f"entrykit {meson_version()}\n"
    # The tables are found in the installed tree, relative to the binary.
    japanese = clean_command(installed, "strings", "lookup", "Cancel")
    japanese.insert(japanese.index("LANG=C.UTF-8"), "LANGUAGE=ja")
    assert run(japanese).stdout == "キャンセル\n"


def test_the_packaged_program_reads_no_table_from_its_build_tree(installed):
    """A table planted where the build machine's sources were must not relabel the installed
    program (it could swap OK and Cancel): only installed paths and ENTRYKIT_RESOURCES are read."""
    planted = REPO / "Resources" / "zz.lproj"
    planted.mkdir()
    try:
        (planted / "EntryKit.strings").write_text('"Cancel" = "PLANTED";\n')
        debug = subprocess.run([str(REPO / ".build" / "debug" / "entrykit"), "strings", "lookup", "Cancel"],
                               capture_output=True, text=True, env={**os.environ, "LANGUAGE": "zz"}, timeout=RUN_TIMEOUT)
        assert debug.stdout == "PLANTED\n", "a debug build reads its source tree: the plant is where a build would look"
        command = clean_command(installed, "strings", "lookup", "Cancel")
        command.insert(command.index("LANG=C.UTF-8"), "LANGUAGE=zz")
        assert run(command).stdout == "Cancel\n"
    finally:
        (planted / "EntryKit.strings").unlink(missing_ok=True)
        planted.rmdir()


def test_login_dialog_without_the_toolchain(installed, display):
    command = clean_command(installed, "login", "--title", "Mail")
    app = RunningApp(command[0], command[1:], text=False)
    try:
        sign_in(app, app.window("Mail", role="dialog"), USERNAME, PASSWORD)
        status, stdout, stderr = app.wait_for_exit()
        assert (status, stdout) == (0, f"{USERNAME}|{PASSWORD}\n".encode()), stderr
    finally:
        app.close()


def installed_library_dir(root):
    found = sorted(root.glob("usr/lib/*/libentrykit-1.0.so.0"))
    assert found, f"no usr/lib/<triplet>/libentrykit-1.0.so.0 under {root}"
    return found[0].parent


def test_installed_library_links_no_swift_and_exports_only_its_api(installed):
    library = installed_library_dir(installed) / "libentrykit-1.0.so.0"
    libraries = run(["ldd", library], env={}).stdout
    assert "libgtk-3.so.0" in libraries
    assert "swift" not in libraries.lower() and "libstdc++" not in libraries and "not found" not in libraries, libraries
    # "address type name"; an upper-case type is a global symbol, one other code can bind to.
    table = [line.split() for line in run(["nm", "-D", "--defined-only", library]).stdout.splitlines()]
    exported = [name for _, kind, name in table if kind.isupper()]
    assert [name for name in exported if not name.startswith("ek_")] == [], "only the C API is exported"
    # Every function of the version script, the accessors defined in Swift among them (an
    # optimized build hides what Swift does not make public, which no version script exports).
    declared = set(re.findall(r"^\s+(ek_\w+);", (REPO / "Introspection" / "libentrykit-1.0.map").read_text(), re.M))
    assert "ek_chooser_field_set_row_height" in declared and "ek_account_panel_get_title" in declared
    assert set(exported) == declared, f"missing: {sorted(declared - set(exported))}"


def test_python_example_on_the_installed_packages_without_the_toolchain(installed, display, tmp_path):
    """Examples/python on what the packages installed (library, typelib, tables), with the Swift
    toolchain hidden, driven as test_bindings drives it."""
    from test_bindings import Example, drive
    libdir = installed_library_dir(installed)
    command = clean_command(installed, REPO / "Examples" / "python" / "entrykit-example.py", program="/usr/bin/python3",
                            variables=[f"GI_TYPELIB_PATH={libdir / 'girepository-1.0'}", f"LD_LIBRARY_PATH={libdir}"])
    app = Example(command, {}, tmp_path / "stdout")
    try:
        drive(app, "EntryKit from Python", tmp_path)
    finally:
        app.close()
