"""End-to-end checks of the desktop metadata and of a Meson install.

Run with Debian's interpreter (it has pytest):

    /usr/bin/python3 -m pytest Tests/EndToEnd/test_install.py

The Meson install builds the Swift binary once per test run (a module-scoped
fixture). It uses a SwiftPM debug build by default because that is much
faster; set ENTRYKIT_TEST_BUILDTYPE=release to test the optimised build.
Set ENTRYKIT_TEST_SWIFT to use a Swift driver that is not on PATH.
"""

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

SOURCE_ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.entrykit.EntryKit"
DESKTOP_FILE = SOURCE_ROOT / "Resources" / "desktop" / f"{APP_ID}.desktop"
METAINFO_FILE = SOURCE_ROOT / "Resources" / "desktop" / f"{APP_ID}.metainfo.xml"

BUILDTYPE = os.environ.get("ENTRYKIT_TEST_BUILDTYPE", "debug")
# A cold Swift build of the whole package on a small machine takes minutes.
BUILD_TIMEOUT = 60 * 60
RUN_TIMEOUT = 60

# Paths relative to the install prefix, as meson's default layout puts them.
INSTALLED_FILES = [
    "bin/entrykit",
    "bin/pinentry-entrykit",
    "bin/git-credential-entrykit",
    "libexec/entrykit/entrykit-askpass",
    "libexec/entrykit/entrykit-polkit-agent",
    f"etc/xdg/autostart/{APP_ID}.PolkitAgent.desktop",
    "lib/systemd/user/entrykit-polkit-agent.service",
    "share/entrykit/en.lproj/EntryKit.strings",
    "share/entrykit/ja.lproj/EntryKit.strings",
    f"share/applications/{APP_ID}.desktop",
    f"share/metainfo/{APP_ID}.metainfo.xml",
    f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
    f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
]


def require_tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: scripts/install-deps --test installs it")
    return path


def run(args, *, env=None, cwd=None, timeout=RUN_TIMEOUT, check=True):
    result = subprocess.run(
        [str(arg) for arg in args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )
    if check and result.returncode != 0:
        pytest.fail(
            f"{' '.join(str(a) for a in args)} exited {result.returncode}\n"
            f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
        )
    return result


def entrykit_env(**overrides):
    """A clean environment for running the installed binary.

    ENTRYKIT_RESOURCES and the locale variables are removed so only what a test
    sets explicitly decides which tables are found and which language is used.
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("ENTRYKIT_RESOURCES", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env["LANG"] = "C.UTF-8"
    env.update(overrides)
    return env


# --- metadata validation ---------------------------------------------------


def test_desktop_file_validates_cleanly():
    tool = require_tool("desktop-file-validate")
    result = run([tool, DESKTOP_FILE], check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    # Warnings and hints do not change the exit status; none are accepted.
    assert result.stdout == "" and result.stderr == ""


def test_metainfo_validates():
    tool = require_tool("appstreamcli")
    result = run([tool, "validate", "--no-net", METAINFO_FILE], check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for line in result.stdout.splitlines():
        assert not line.strip().startswith(("E:", "W:")), result.stdout


# --- translated name and summary ---------------------------------------------

SUMMARY_KEY = "Text-entry widgets and a login dialog for the Linux desktop."
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def table(binary, path):
    return json.loads(run([binary, "strings", "dump", path]).stdout)


def desktop_entries(path):
    return dict(line.split("=", 1) for line in path.read_text(encoding="utf-8").splitlines() if "=" in line)


def metainfo_texts(path, tag):
    """{language: text} of the metainfo's <tag> elements; English under None."""
    root = ElementTree.parse(path).getroot()
    return {element.get(XML_LANG): element.text for element in root.findall(tag)}


def test_desktop_metadata_carries_each_tables_summary_and_validates(binary, tmp_path):
    resources = tmp_path / "Resources"
    shutil.copytree(SOURCE_ROOT / "Resources", resources)
    # A language that also writes the name in its own script.
    (resources / "ar.lproj").mkdir(exist_ok=True)
    (resources / "ar.lproj" / "EntryKit.strings").write_text(
        f'"{SUMMARY_KEY}" = "عناصر إدخال النص ونافذة تسجيل الدخول لسطح مكتب لينكس.";\n"EntryKit" = "إنتري كِت";\n', encoding="utf-8")
    outputs = {}
    for template in (DESKTOP_FILE, METAINFO_FILE):
        outputs[template.suffix] = tmp_path / template.name
        run([SOURCE_ROOT / "scripts" / "localize-desktop", binary, resources, template, outputs[template.suffix]])
    languages = sorted(path.name[: -len(".lproj")] for path in resources.glob("*.lproj") if path.name != "en.lproj")
    summaries = {language: table(binary, resources / f"{language}.lproj" / "EntryKit.strings")[SUMMARY_KEY] for language in languages}

    # British English says it as the source does: a copy of English is no translation.
    assert summaries.pop("en_GB") == SUMMARY_KEY
    desktop = desktop_entries(outputs[".desktop"])
    assert "Comment[en_GB]" not in desktop
    for language, summary in summaries.items():
        assert desktop[f"Comment[{language}]"] == summary
    assert desktop["Name[ar]"] == "إنتري كِت"
    assert "Name[ja]" not in desktop, "a table without its own name keeps the brand"
    metainfo_summaries = metainfo_texts(outputs[".xml"], "summary")
    for language, summary in summaries.items():
        assert metainfo_summaries[language] == summary.rstrip(".。।۔።။។"), "no closing full stop, in any script"
    assert metainfo_texts(outputs[".xml"], "name") == {None: "EntryKit", "ar": "إنتري كِت"}

    result = run([require_tool("desktop-file-validate"), outputs[".desktop"]], check=False)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
    result = run([require_tool("appstreamcli"), "validate", "--no-net", outputs[".xml"]], check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not [line for line in result.stdout.splitlines() if line.strip().startswith(("E:", "W:"))], result.stdout


def test_the_polkit_agents_autostart_entry_carries_each_tables_name_and_summary_and_validates(binary, tmp_path):
    template = tmp_path / f"{APP_ID}.PolkitAgent.desktop.in"
    template.write_text((SOURCE_ROOT / "Resources" / "desktop" / template.name).read_text().replace("@LIBEXECDIR@", "/usr/libexec"))
    output = tmp_path / f"{APP_ID}.PolkitAgent.desktop"
    run([SOURCE_ROOT / "scripts" / "localize-desktop", binary, SOURCE_ROOT / "Resources", template, output])
    entry = desktop_entries(output)
    for lproj in sorted((SOURCE_ROOT / "Resources").glob("*.lproj")):
        language = lproj.name[: -len(".lproj")]
        if language == "en":
            continue
        strings = table(binary, lproj / "EntryKit.strings")
        if language == "en_GB":
            # British English says it as the source does: a copy of English is no translation.
            assert (strings[entry["Name"]], strings[entry["Comment"]]) == (entry["Name"], entry["Comment"])
            assert f"Name[{language}]" not in entry and f"Comment[{language}]" not in entry
            continue
        assert entry[f"Name[{language}]"] == strings[entry["Name"]], language
        assert entry[f"Comment[{language}]"] == strings[entry["Comment"]], language
    assert entry["Exec"] == "/usr/libexec/entrykit/entrykit-polkit-agent"
    assert "GNOME" in entry["NotShowIn"].split(";") and "KDE" in entry["NotShowIn"].split(";")
    result = run([require_tool("desktop-file-validate"), output], check=False)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


# --- meson install -----------------------------------------------------------


class Install:
    def __init__(self, build, prefix, stage_root):
        self.build = build
        self.prefix = prefix
        self.stage_root = stage_root
        # DESTDIR is prepended to the absolute prefix.
        self.staged_prefix = stage_root / prefix.relative_to(prefix.anchor)

    @property
    def binary(self):
        return self.prefix / "bin" / "entrykit"


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    meson = require_tool("meson")
    require_tool("ninja")
    root = tmp_path_factory.mktemp("meson")
    build = root / "build"
    prefix = root / "prefix"
    stage = root / "stage"

    setup = [meson, "setup", build, SOURCE_ROOT, f"--prefix={prefix}", f"-Dbuildtype={BUILDTYPE}"]
    if os.environ.get("ENTRYKIT_TEST_SWIFT"):
        setup.append(f"-Dswift={os.environ['ENTRYKIT_TEST_SWIFT']}")
    run(setup, timeout=BUILD_TIMEOUT)
    run([meson, "compile", "-C", build], timeout=BUILD_TIMEOUT)
    run([meson, "install", "-C", build], timeout=BUILD_TIMEOUT)
    run(
        [meson, "install", "-C", build],
        env=dict(os.environ, DESTDIR=str(stage)),
        timeout=BUILD_TIMEOUT,
    )
    return Install(build, prefix, stage)


@pytest.mark.parametrize("relative", INSTALLED_FILES)
def test_install_layout(install, relative):
    assert (install.prefix / relative).is_file()


@pytest.mark.parametrize("relative", INSTALLED_FILES)
def test_destdir_install_layout(install, relative):
    assert (install.staged_prefix / relative).is_file()


def test_installed_binary_is_executable(install):
    assert os.access(install.binary, os.X_OK)
    assert os.access(install.staged_prefix / "bin" / "entrykit", os.X_OK)


def test_every_lproj_in_the_source_tree_is_installed(install):
    # The staged tree, because a later test appends a probe to the prefix's ja table.
    for lproj in sorted((SOURCE_ROOT / "Resources").glob("*.lproj")):
        for table in [*lproj.glob("*.strings"), *lproj.glob("*.stringsdict")]:
            installed = install.staged_prefix / "share" / "entrykit" / lproj.name / table.name
            assert installed.is_file(), installed
            assert installed.read_bytes() == table.read_bytes()


def test_installed_metadata_tree_validates(install):
    """The installed metainfo validates together with the installed desktop file."""
    tool = require_tool("appstreamcli")
    result = run([tool, "validate-tree", "--no-net", install.prefix], check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for line in result.stdout.splitlines():
        assert not line.strip().startswith(("E:", "W:")), result.stdout


def test_installed_desktop_file_and_metainfo_are_translated(install):
    ja = table(install.binary, SOURCE_ROOT / "Resources" / "ja.lproj" / "EntryKit.strings")[SUMMARY_KEY]
    assert desktop_entries(install.prefix / f"share/applications/{APP_ID}.desktop")["Comment[ja]"] == ja
    assert metainfo_texts(install.prefix / f"share/metainfo/{APP_ID}.metainfo.xml", "summary")["ja"] == ja.rstrip("。")


def test_meson_tests_pass(install):
    meson = require_tool("meson")
    run([meson, "test", "-C", install.build, "--print-errorlogs"], timeout=BUILD_TIMEOUT)


# --- the installed binary ----------------------------------------------------


def project_version(build):
    meson = require_tool("meson")
    info = json.loads(run([meson, "introspect", "--projectinfo", build]).stdout)
    return info["version"]


def find_pair(document, key, value):
    """Whether `key: value` appears in any object of a JSON document."""
    if isinstance(document, dict):
        if document.get(key) == value:
            return True
        return any(find_pair(item, key, value) for item in document.values())
    if isinstance(document, list):
        return any(find_pair(item, key, value) for item in document)
    return False


def test_the_prompt_names_run_their_commands(install):
    """gpg-agent, git and ssh call the binary by these names, without a command word."""
    pinentry = run([install.prefix / "bin/pinentry-entrykit"], env=dict(os.environ, DISPLAY=""),
                   check=False)
    assert pinentry.stdout.startswith("OK Pleased to meet you\n")
    # git's store with nothing to keep: the credential command's own refusal.
    stored = run([install.prefix / "bin/git-credential-entrykit", "store"], check=False)
    assert (stored.returncode, stored.stdout) == (2, ""), stored.stderr
    assert "credential store: git's request needs" in stored.stderr
    askpass = run([install.prefix / "libexec/entrykit/entrykit-askpass", "Password:"],
                  env={k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}, check=False)
    assert askpass.returncode == 3, askpass.stderr
    assert askpass.stderr.startswith("askpass: ")


def test_the_polkit_agent_starts_from_its_autostart_entry_and_its_unit(install):
    """Both name the installed libexec program, which runs the agent (here it finds the process
    it is given missing: a usage error, nothing shown)."""
    autostart = desktop_entries(install.prefix / f"etc/xdg/autostart/{APP_ID}.PolkitAgent.desktop")
    program = install.prefix / "libexec/entrykit/entrykit-polkit-agent"
    assert autostart["Exec"] == str(program)
    unit = (install.prefix / "lib/systemd/user/entrykit-polkit-agent.service").read_text()
    assert f"ExecStart={program}\n" in unit and "WantedBy=graphical-session.target" in unit
    settings = [line for line in unit.splitlines() if line and not line.startswith("#")]
    # The setuid helper must gain root: nothing that sets no_new_privs or a user namespace.
    assert not [line for line in settings if line.startswith(("NoNewPrivileges", "SystemCallFilter", "RestrictSUIDSGID",
                                                              "PrivateTmp", "ProtectSystem", "PrivateUsers"))]
    agent = run([program, "--process", "999999"], check=False)
    assert (agent.returncode, agent.stderr.splitlines()[0]) == (2, "entrykit polkit-agent: --process 999999: no such process")


def test_version(install):
    result = run([install.binary, "--version"], env=entrykit_env(), cwd=install.prefix)
    assert result.stdout.strip() == f"entrykit {project_version(install.build)}"


def test_strings_dump_of_installed_table(install):
    table = install.prefix / "share" / "entrykit" / "ja.lproj" / "EntryKit.strings"
    result = run([install.binary, "strings", "dump", table], env=entrykit_env(), cwd=install.prefix)
    document = json.loads(result.stdout)
    assert find_pair(document, "Cancel", "キャンセル"), result.stdout


def test_installed_binary_finds_installed_tables(install):
    env = entrykit_env(LANGUAGE="ja")
    result = run([install.binary, "strings", "lookup", "Cancel"], env=env, cwd=install.prefix)
    assert result.stdout.strip() == "キャンセル"


def test_installed_lookup_reads_the_installed_copy(install):
    """The binary also knows its source tree; prove the installed data wins.

    A key that exists only in the installed ja table must be found.
    """
    table = install.prefix / "share" / "entrykit" / "ja.lproj" / "EntryKit.strings"
    text = table.read_text(encoding="utf-8")
    if "EntryKitInstallProbe" not in text:
        with table.open("a", encoding="utf-8") as handle:
            if not text.endswith("\n"):
                handle.write("\n")
            handle.write('"EntryKitInstallProbe" = "installed";\n')
    env = entrykit_env(LANGUAGE="ja")
    result = run([install.binary, "strings", "lookup", "EntryKitInstallProbe"], env=env, cwd=install.prefix)
    assert result.stdout.strip() == "installed"


def test_staged_binary_with_entrykit_resources(install):
    staged = install.staged_prefix
    env = entrykit_env(LANGUAGE="ja", ENTRYKIT_RESOURCES=str(staged / "share" / "entrykit"))
    result = run([staged / "bin" / "entrykit", "strings", "lookup", "Cancel"], env=env, cwd=staged)
    assert result.stdout.strip() == "キャンセル"


def test_user_added_language_without_rebuild(install, tmp_path):
    lproj = tmp_path / "xx.lproj"
    lproj.mkdir()
    (lproj / "EntryKit.strings").write_text('"Cancel" = "Nope";\n', encoding="utf-8")
    env = entrykit_env(LANGUAGE="xx", ENTRYKIT_RESOURCES=str(tmp_path))
    result = run([install.binary, "strings", "lookup", "Cancel"], env=env, cwd=tmp_path)
    assert result.stdout.strip() == "Nope"


# --- the library for C, Python, JavaScript and Vala ---------------------------

LIBRARY_FILES = [  # relative to the library folder (lib/<triplet> on Debian)
    "libentrykit-1.0.so.0",
    "libentrykit-1.0.so",
    "pkgconfig/entrykit-1.0.pc",
    "girepository-1.0/EntryKit-1.0.typelib",
]
LIBRARY_DATA = [  # relative to the prefix
    "include/entrykit-1.0/entrykit.h",
    "include/entrykit-1.0/entrykit_drop_down_field.h",
    "share/gir-1.0/EntryKit-1.0.gir",
    "share/vala/vapi/entrykit-1.0.vapi",
    "share/vala/vapi/entrykit-1.0.deps",
    "share/doc/entrykit-1.0/index.html",
    "share/doc/entrykit-1.0/class.DropDownField.html",
    "include/entrykit-1.0/entrykit_chooser_field.h",
    "share/devhelp/books/entrykit-1.0/entrykit-1.0.devhelp2",
]


def library_dir(install):
    found = sorted(install.prefix.glob("lib*/**/libentrykit-1.0.so.0")) or sorted(install.prefix.glob("lib*/libentrykit-1.0.so.0"))
    assert found, f"no libentrykit-1.0.so.0 under {install.prefix}"
    return found[0].parent


@pytest.mark.parametrize("relative", LIBRARY_FILES)
def test_library_installed(install, relative):
    assert (library_dir(install) / relative).exists()


@pytest.mark.parametrize("relative", LIBRARY_DATA)
def test_library_headers_gir_vapi_and_reference_installed(install, relative):
    assert (install.prefix / relative).is_file()


def test_a_c_program_builds_against_the_installed_library(install, tmp_path):
    libdir = library_dir(install)
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    flags = run(["pkg-config", "--cflags", "--libs", "entrykit-1.0"], env=env).stdout.split()
    assert f"-I{install.prefix}/include/entrykit-1.0" in flags and "-lentrykit-1.0" in flags
    run(["cc", SOURCE_ROOT / "Examples" / "c" / "entrykit-example.c", "-o", tmp_path / "example", *flags], env=env)
    linked = run(["readelf", "-d", tmp_path / "example"]).stdout
    assert "libentrykit-1.0.so.0" in linked


def test_the_installed_typelib_loads(install):
    libdir = library_dir(install)
    swift_runtime = Path(shutil.which("swift")).resolve().parent.parent / "lib" / "swift" / "linux"  # a debug build's
    env = dict(os.environ, GI_TYPELIB_PATH=str(libdir / "girepository-1.0"),
               LD_LIBRARY_PATH=f"{libdir}:{swift_runtime}")
    program = ("import gi; gi.require_version('EntryKit', '1.0'); from gi.repository import EntryKit; "
               "print(EntryKit.DropDownField.__gtype__.name, EntryKit.PickerField.__gtype__.name, "
               "EntryKit.AccountPanel(title='t').props.title, EntryKit.Password.new(b'abc').get_length())")
    result = run(["/usr/bin/python3", "-c", program], env=env)
    assert result.stdout.split() == ["EkDropDownField", "EkPickerField", "t", "3"]


def test_the_library_exports_exactly_its_public_headers(install):
    """The version script made from the headers (scripts/export-map) is what the linker used:
    no Swift entry point, test hook or helper is exported."""
    loader = importlib.machinery.SourceFileLoader("export_map", str(SOURCE_ROOT / "scripts" / "export-map"))
    export_map = importlib.util.module_from_spec(importlib.util.spec_from_loader("export_map", loader))
    loader.exec_module(export_map)
    symbols = run(["nm", "-D", "--defined-only", library_dir(install) / "libentrykit-1.0.so.0"]).stdout
    # Global symbols have an upper-case type; the linker may keep local ones in the table.
    exported = {name for _, kind, name in (line.split() for line in symbols.splitlines()) if kind.isupper()}
    assert exported == set(export_map.exported())


def test_the_reference_gives_the_release_version(install):
    index = (install.prefix / "share" / "doc" / "entrykit-1.0" / "index.html").read_text()
    assert project_version(install.build) in index
