"""Every language EntryKit ships, as a user on that desktop sees it: `login`, `choose` and `pick`
show no English word in any name, label or button (except words GTK's own catalog for that
language keeps in English), their stock words (OK, Cancel, Username, Password) are exactly GTK's
(read here from /usr/share/locale/xx/LC_MESSAGES/gtk30.mo with Python's gettext module) where GTK
translates them and the table's own where it does not (Urdu, Amharic, Welsh, ...), a
language EntryKit does not ship takes GTK's words before English and a user's table before GTK's,
and right-to-left languages are mirrored.

Each shipped `Resources/xx.lproj` is one case per command, so every table added to the repository
is covered. One more language, `oc`, is a pseudo-translated fixture (every letter of every English
text replaced by an accented look-alike, the stock words left to GTK), so a string that does not
come from the tables shows as English here even before a real table exists.
"""
import functools
import gettext
import json
import pathlib
import re
import subprocess

import pyatspi
import pytest

from atspi_driver import RunningApp, descendants, find, on_wayland, states, wait_for
from conftest import REPO, entrykit_binary, run_cli

RESOURCES = REPO / "Resources"
SHIPPED = sorted(path.name[: -len(".lproj")] for path in RESOURCES.glob("*.lproj") if path.name != "en.lproj")
# Variants of the source language: every word is English, so only their stock words are checked
# here (and their spelling in test_british_english_spells_the_british_way).
ENGLISH_VARIANTS = {language for language in SHIPPED if language.startswith("en_")}
PSEUDO = "oc"
# EntryKit's keys shown by the dialogs that are GTK's words (DesktopTranslations.terms), each with
# GTK's msgid; the pseudo-translated table leaves them out so that GTK's catalog supplies them.
STOCK = {"OK": "_OK", "Cancel": "_Cancel", "Username": "_Username", "Password": "_Password",
         "_OK": "_OK", "_Cancel": "_Cancel", "_Username": "_Username", "_Password": "_Password",
         "Caps Lock is on": "Caps Lock is on", "_Close": "_Close", "_License": "_License",
         "C_redits": "C_redits", "Website": "Website", "Apply": "_Apply", "Quit": "_Quit"}
COMMANDS = {
    "login": ["login"],
    "choose": ["choose", "1", "2", "3"],
    "pick": ["pick", "1", "2", "3"],
}
# A word in Latin letters only, whole: "Doğrula" holds no English "Do", "_Cancel" is "Cancel".
WORD = re.compile(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])")


@functools.cache
def gtk_catalog(language):
    """GTK's catalog for `language`, or None when GTK has none."""
    path = pathlib.Path("/usr/share/locale") / language / "LC_MESSAGES" / "gtk30.mo"
    if not path.is_file():
        return None
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


def without_mnemonic(text):
    """`A_nnuler` → `Annuler`, `密码(_P)` → `密码`, as EntryKit shows a word where it has no mnemonic."""
    text = re.sub(r"\s*[(（]_.[)）]$", "", text)
    return re.sub(r"_(_?)", r"\1", text)


def gtk_word(language, key):
    """GTK's word for EntryKit's `key` in `language`, as EntryKit shows it."""
    catalog = gtk_catalog(language)
    msgid = STOCK[key]
    translated = (catalog.pgettext("Stock label", msgid) if key == "Quit" else catalog.gettext(msgid)) if catalog else msgid
    return translated if key.startswith("_") or "_" in key else without_mnemonic(translated)


def gtk_translates(language, key):
    catalog = gtk_catalog(language)
    return catalog is not None and STOCK[key] in catalog._catalog


@functools.cache
def table(language):
    return json.loads(run_cli(entrykit_binary(), "strings", "dump", RESOURCES / f"{language}.lproj" / "EntryKit.strings").stdout)


def stock_word(language, key):
    """What a dialog in `language` shows for the stock `key`: GTK's word where GTK's catalog
    translates it, else the shipped table's (never the English of a catalog without it)."""
    if gtk_translates(language, key) or language == PSEUDO:
        return gtk_word(language, key)
    return table(language)[key]


def english_table():
    return table("en")


def english_words():
    """Every word of EntryKit's English texts."""
    return {word for text in english_table().values() for word in WORD.findall(text)}


@functools.cache
def kept_in_english(language):
    """The words GTK's catalog for `language` writes in Latin letters in its translations ("OK"
    in German, "Caps Lock" in Japanese, the loanword "item" in Dutch and Indonesian), and the
    brand: words a user of that desktop reads in every GTK dialog."""
    kept = {"EntryKit"} | {word for key in STOCK for word in WORD.findall(gtk_word(language, key))}
    catalog = gtk_catalog(language)
    if catalog is not None:
        # GNUTranslations keeps every msgstr in _catalog; the module has no public way to list them.
        kept.update(word for text in catalog._catalog.values() for word in WORD.findall(text))
    return kept


PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥɋŕšţúʋŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚƲŴẊÝŽ")
CONVERSION = re.compile(r"(%(?:\d+\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j)?[@dDiuUxXoOfFeEgGaAcCsSp%])")


def pseudo_translated(text):
    """`Choose an item:` → `Çĥóóšé áñ íţéɱ:`; conversions (`%1$@`) and mnemonics stay."""
    return "".join(part if CONVERSION.fullmatch(part) else part.translate(PSEUDO_LETTERS) for part in CONVERSION.split(text))


@pytest.fixture(scope="module")
def pseudo_resources(tmp_path_factory):
    """A folder with the pseudo-translated `oc.lproj/EntryKit.strings`."""
    root = tmp_path_factory.mktemp("resources")
    lines = [f'"{escape(key)}" = "{escape(pseudo_translated(value))}";' for key, value in english_table().items() if key not in STOCK]
    (root / f"{PSEUDO}.lproj").mkdir()
    (root / f"{PSEUDO}.lproj" / "EntryKit.strings").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def shown_names(app):
    """(role, name) of every named accessible of the app that is on screen, and of its windows."""
    def collect():
        found = []
        for node in descendants(app.application):
            role = node.getRoleName()
            if node.name and (role in ("dialog", "frame") or "showing" in states(node)):
                found.append((role, node.name))
        return found if any(role == "push button" for role, _ in found) else None
    return wait_for(collect, what="the dialog's buttons on the accessibility bus")


def launch(binary, command, language, env=None):
    return RunningApp(binary, COMMANDS[command], env={"LANGUAGE": language, "LANG": "C.UTF-8", **(env or {})})


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("language", [*SHIPPED, PSEUDO])
def test_no_english_and_gtks_own_stock_words(binary, display, pseudo_resources, language, command):
    env = {"ENTRYKIT_RESOURCES": str(pseudo_resources)} if language == PSEUDO else {}
    app = launch(binary, command, language, env)
    try:
        names = shown_names(app)
    finally:
        app.close()
    # Words, not their case: Dutch "Item kiezen" starts a sentence with the "item" GTK's Dutch uses.
    english = {word.casefold() for word in english_words()} - {word.casefold() for word in kept_in_english(language)}
    if language in ENGLISH_VARIANTS:
        english = set()
    leaks = {(role, name): sorted({word.casefold() for word in WORD.findall(name)} & english) for role, name in names}
    assert not {shown: words for shown, words in leaks.items() if words}, f"{language} {command}: English on screen"
    buttons = {name for role, name in names if role == "push button"}
    assert {stock_word(language, "OK"), stock_word(language, "Cancel")} <= buttons, f"{language}: {buttons}"
    if command == "login":
        labels = {name for role, name in names if role == "label"}
        assert {stock_word(language, "Username"), stock_word(language, "Password")} <= labels, f"{language}: {labels}"
        assert ("dialog", table(language)["Sign In"] if language != PSEUDO else pseudo_translated("Sign In")) in names


def test_gtk_comes_before_english_and_a_users_table_before_gtk(binary, display, tmp_path):
    """Scottish Gaelic: EntryKit ships no table, GTK has one. The user's table (ENTRYKIT_RESOURCES)
    has only Cancel: it wins; OK, Username, Password come from GTK; the title stays English."""
    assert "gd" not in SHIPPED
    (tmp_path / "gd.lproj").mkdir()
    (tmp_path / "gd.lproj" / "EntryKit.strings").write_text('"Cancel" = "Leig seachad";\n', encoding="utf-8")
    app = launch(binary, "login", "gd", {"ENTRYKIT_RESOURCES": str(tmp_path)})
    try:
        names = set(shown_names(app))
    finally:
        app.close()
    assert ("push button", "Leig seachad") in names
    assert ("push button", gtk_word("gd", "OK")) in names and gtk_word("gd", "OK") == "Ceart ma-tha"
    assert ("label", gtk_word("gd", "Username")) in names and gtk_word("gd", "Username") == "Ainm-cleachdaiche"
    assert ("label", gtk_word("gd", "Password")) in names
    assert ("dialog", "Sign In") in names
    result = run_cli(binary, "strings", "lookup", "_Cancel", env={"LANGUAGE": "gd", "ENTRYKIT_RESOURCES": str(tmp_path)})
    assert result.stdout == gtk_catalog("gd").gettext("_Cancel") + "\n", "GTK's word, with its mnemonic"


@pytest.mark.parametrize("language", ["sr@latin", "sr_RS.UTF-8@latin"])
def test_serbian_in_latin_letters_is_chosen_by_its_modifier(binary, display, language):
    """`LANGUAGE=sr@latin` (or a locale name with @latin) shows the Latin table, not the Cyrillic one."""
    app = launch(binary, "login", language)
    try:
        names = set(shown_names(app))
    finally:
        app.close()
    assert ("dialog", "Prijavljivanje") in names
    assert ("push button", "Otkaži") in names and ("label", "Korisničko ime") in names
    assert not any(re.search("[\u0400-\u04ff]", name) for _, name in names), names


def test_british_english_spells_the_british_way(binary):
    def lookup(language, key):
        return run_cli(binary, "strings", "lookup", key, env={"LANGUAGE": language}).stdout.rstrip("\n")
    assert lookup("en_GB", "Border _color") == "Border _colour"
    assert lookup("en_GB", "Canceled.") == "Cancelled."
    assert lookup("en_GB", "_License") == "_Licence"
    assert lookup("en", "Border _color") == "Border _color"
    assert lookup("en", "Canceled.") == "Canceled."


# --- right to left, and the glyphs of every shipped script ---------------------

def extents(accessible):
    return accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)


@pytest.mark.skipif(on_wayland(), reason="a Wayland client cannot learn where its widgets are on the screen")
@pytest.mark.parametrize("language,lang", [
    ("en", "C.UTF-8"), ("ar", "C.UTF-8"), ("fa", "C.UTF-8"), ("he", "he_IL.UTF-8"), ("ur", "C.UTF-8"), ("ps", "C.UTF-8")])
def test_right_to_left_dialogs_are_mirrored(binary, display, language, lang):
    mirrored = language != "en"
    app = RunningApp(binary, ["login"], env={"LANGUAGE": language, "LANG": lang})
    try:
        dialog = find(app.application, role="dialog")
        ok = extents(find(dialog, role="push button", name=stock_word(language, "OK") if mirrored else "OK"))
        cancel = extents(find(dialog, role="push button", name=stock_word(language, "Cancel") if mirrored else "Cancel"))
        label = extents(find(dialog, role="label", name=stock_word(language, "Username") if mirrored else "Username"))
        field = extents(find(dialog, role="text"))
        assert (ok.x < cancel.x) == mirrored, f"{language}: OK at {ok.x}, Cancel at {cancel.x}"
        assert (label.x > field.x) == mirrored, f"{language}: the label at {label.x}, its field at {field.x}"
    finally:
        app.close()
    app = RunningApp(binary, COMMANDS["choose"], env={"LANGUAGE": language, "LANG": lang})
    try:
        dialog = find(app.application, role="dialog")
        ok = extents(find(dialog, role="push button", name=stock_word(language, "OK") if mirrored else "OK"))
        cancel = extents(find(dialog, role="push button", name=stock_word(language, "Cancel") if mirrored else "Cancel"))
        field = extents(find(dialog, role="combo box"))
        assert (ok.x < cancel.x) == mirrored, f"{language}: OK at {ok.x}, Cancel at {cancel.x}"
        # The buttons sit at the end of the line: the right in English, the left when mirrored.
        assert (abs(ok.x - field.x) < abs(cancel.x + cancel.width - field.x - field.width)) == mirrored
    finally:
        app.close()


@pytest.mark.parametrize("script", [
    "ar", "he", "fa", "hi", "th", "zh-cn", "zh-tw", "ja", "ko", "el", "ru",
    # The second round's scripts: Bengali, Urdu and Pashto (Arabic), Marathi and Nepali
    # (Devanagari), Telugu, Tamil, Gujarati, Kannada, Ethiopic, Gurmukhi, Malayalam, Sinhala, Khmer,
    # Myanmar, Odia, Georgian, Cyrillic (be, mk, kk), Hong Kong's Chinese.
    "bn", "ur", "ps", "mr", "ne", "te", "ta", "gu", "kn", "am", "pa", "ml", "si", "km", "my", "or", "ka", "be", "mk", "kk", "zh-hk"])
def test_a_font_draws_every_shipped_script(script):
    fonts = subprocess.run(["fc-list", f":lang={script}", "family"], capture_output=True, text=True, check=True).stdout
    assert "Noto" in fonts or "DejaVu" in fonts, f"no font for {script}: scripts/install-deps --test installs fonts-noto-core, -cjk"
