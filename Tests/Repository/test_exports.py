"""libentrykit-1.0 exports exactly what its public headers declare.

The version script is generated from the headers (scripts/export-map); these tests fail when a
header changes without it, and when a function only EntryKit itself or its tests call (the Swift
entry points, test hooks) would be exported.
"""
import importlib.machinery
import importlib.util
import pathlib
import re

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
loader = importlib.machinery.SourceFileLoader("export_map", str(REPO / "scripts" / "export-map"))
export_map = importlib.util.module_from_spec(importlib.util.spec_from_loader("export_map", loader))
loader.exec_module(export_map)


def test_the_version_script_is_the_public_headers():
    assert export_map.MAP.read_text() == export_map.version_script(export_map.exported()), \
        "Introspection/libentrykit-1.0.map is stale: run scripts/export-map"


def test_only_public_functions_are_exported():
    exported = set(export_map.exported())
    private = set()
    for header in sorted(export_map.PRIVATE.glob("*.h")):
        private |= export_map.declared_functions(header)
    assert private, "the private headers declare functions"
    assert not exported & private, f"private functions exported: {sorted(exported & private)}"
    # Every function of the public headers is there, the types' _get_type with them.
    assert {"ek_chooser_field_set_items", "ek_drop_down_field_get_type", "ek_password_peek"} <= exported
    assert all(re.fullmatch(r"ek_\w+", name) for name in exported)


def test_the_debian_symbols_file_is_the_map():
    """debian/libentrykit-1.0-0.symbols names exactly the exported functions, each once."""
    symbols = re.findall(r"^ (ek_\w+)@Base \S+$", export_map.SYMBOLS.read_text(), re.M)
    assert symbols == export_map.exported()
    assert export_map.SYMBOLS.read_text() == export_map.symbols_file(export_map.exported()), \
        "debian/libentrykit-1.0-0.symbols is stale: run scripts/export-map"


def test_the_public_folder_holds_the_public_headers_alone():
    """include/entrykit/ is what meson installs: the one header list names every header in it,
    and the private headers live elsewhere (Sources/CEntryKit/private/)."""
    listed = {header.name for header in export_map.public_headers.public_headers()}
    assert listed == {header.name for header in export_map.INCLUDE.glob("*")}
    outside = {path.name for path in export_map.INCLUDE.parent.iterdir()} - {"entrykit", "module.modulemap", "CEntryKit.h"}
    assert not outside, f"headers beside the public folder, neither public nor private: {sorted(outside)}"
    assert (export_map.PRIVATE / "swift_entry_points.h").is_file()


def test_nothing_exported_is_called_by_nothing():
    """Every exported function that is no property's accessor (those are written with the
    property's declaration) or type's _get_type is called somewhere: by EntryKit's Swift code,
    its C sources, its tests, benchmarks or examples."""
    accessors = set()
    for path in (REPO / "Sources").rglob("*+Accessors.swift"):
        accessors |= set(re.findall(r'@_cdecl\("(ek_\w+)"\)', path.read_text()))
    calls = set()
    for folder in ("Sources", "Tests", "Examples", "Benchmarks"):
        for path in (REPO / folder).rglob("*"):
            if path.suffix not in (".swift", ".c", ".h", ".py", ".js", ".vala") or path.parent == export_map.INCLUDE:
                continue
            for line in path.read_text(errors="replace").splitlines():
                code = line.strip()
                # A comment, or a definition (C's start at the line's start, Swift's after `func`).
                if code.startswith(("*", "/*", "//")) or not line[:1].isspace() and not path.suffix == ".py":
                    continue
                calls |= set(re.findall(r"(?<!func )\b(ek_\w+)\s*\(", line))
    uncalled = [name for name in export_map.exported()
                if name not in accessors and not name.endswith("_get_type") and name not in calls]
    assert not uncalled, f"exported and called by nothing: {uncalled}"
