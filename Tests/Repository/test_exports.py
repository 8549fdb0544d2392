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
    for header in [export_map.INCLUDE / "test_hooks.h", export_map.INCLUDE / "entrykit_field_implementation.h",
                   REPO / "Sources" / "CEntryKit" / "field_private.h"]:
        private |= export_map.declared_functions(header)
    assert private, "the private headers declare functions"
    assert not exported & private, f"private functions exported: {sorted(exported & private)}"
    # Every function of the public headers is there, the types' _get_type with them.
    assert {"ek_chooser_field_set_items", "ek_drop_down_field_get_type", "ek_password_peek"} <= exported
    assert all(re.fullmatch(r"ek_\w+", name) for name in exported)
