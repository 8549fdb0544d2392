"""Each property of EntryKit's GObject classes is declared once, in Swift; scripts/object-properties
writes everything else that names it, and fails in its --check mode when any of that is stale."""
import pathlib
import shutil
import subprocess

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO / "scripts" / "object-properties"


def check(root):
    return subprocess.run([root / "scripts" / "object-properties", "--check"], capture_output=True, text=True)


def test_what_the_declarations_say_is_written():
    done = check(REPO)
    assert done.returncode == 0, done.stderr


def copy_of_the_checkout(tmp_path):
    """The files the script reads and writes, in a folder of their own."""
    files = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        if name.startswith(("Sources/", "scripts/", "Introspection/", "docs/", "debian/")) or name in ("meson.build", ".swift-format"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, tmp_path / name)
    return tmp_path


def test_a_changed_declaration_makes_every_derived_file_stale(tmp_path):
    root = copy_of_the_checkout(tmp_path)
    declarations = root / "Sources" / "EntryKit" / "Chooser" / "ChooserFieldProperty.swift"
    text = declarations.read_text()
    declarations.write_text(text.replace("/// Whether the list is open.", "/// Whether the list is open now."))
    done = check(root)
    assert done.returncode != 0
    for stale in ["ChooserFieldProperty+Accessors.swift", "entrykit_chooser_field.h", "docs/library.md"]:
        assert stale in done.stderr, done.stderr
    # Written again, it is what the declaration says, in every file.
    subprocess.run([root / "scripts" / "object-properties"], check=True)
    assert check(root).returncode == 0
    assert "Whether the list is open now." in (root / "Sources" / "CEntryKit" / "include" / "entrykit" / "entrykit_chooser_field.h").read_text()


def test_a_new_property_reaches_the_header_map_symbols_and_metadata(tmp_path):
    root = copy_of_the_checkout(tmp_path)
    declarations = root / "Sources" / "EntryKit" / "Chooser" / "ChooserFieldProperty.swift"
    text = declarations.read_text().rstrip().removesuffix("}")
    declarations.write_text(text + '''
    /// A hint shown under the list.
    static let listHint = ObjectProperty.string("list-hint", \\ChooserFieldImplementation.listHint)
}
''')
    subprocess.run([root / "scripts" / "object-properties"], check=True)
    header = (root / "Sources" / "CEntryKit" / "include" / "entrykit" / "entrykit_chooser_field.h").read_text()
    assert "void ek_chooser_field_set_list_hint(EkChooserField *field, const gchar *hint);" in header
    assert " * EkChooserField:list-hint:\n *\n * A hint shown under the list.\n" in header
    assert "ek_chooser_field_get_list_hint;" in (root / "Introspection" / "libentrykit-1.0.map").read_text()
    assert " ek_chooser_field_get_list_hint@Base " in (root / "debian" / "libentrykit-1.0-0.symbols").read_text()
    assert "ChooserField.list_hint nullable" in (root / "Introspection" / "EntryKit-1.0.metadata").read_text()
    accessors = (root / "Sources" / "EntryKit" / "Chooser" / "ChooserFieldProperty+Accessors.swift").read_text()
    assert 'ChooserFieldProperty.listHint.set(value, of: field)' in accessors and "public var listHint: String?" in accessors


def test_a_declaration_the_script_cannot_read_is_an_error(tmp_path):
    root = copy_of_the_checkout(tmp_path)
    declarations = root / "Sources" / "EntryKit" / "PickerField" / "PickerFieldProperty.swift"
    declarations.write_text(declarations.read_text().replace('"picked-index", \\PickerFieldImplementation', '"picked-index", someKeyPath, \\X'))
    done = check(root)
    assert done.returncode != 0 and "pickedIndex's second argument is not a key path" in done.stderr
