"""Every file says under which licence it is (the REUSE convention, checked by Debian's `reuse lint`):
the project's own files MIT, each file of the .strings corpus and of the String Catalog corpus its
upstream licence and copyright as Tests/StringsCorpus/SOURCES and Tests/CatalogCorpus/SOURCES record
them, and debian/copyright says the same as .reuse/dep5.
"""
import fnmatch
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CORPUS = REPO / "Tests" / "StringsCorpus"
CORPORA = [CORPUS, REPO / "Tests" / "CatalogCorpus"]


def paragraphs(path):
    """The paragraphs of a Debian copyright-format file, as {field: value} (continuation lines
    joined with newlines, without their leading space)."""
    result = []
    for block in path.read_text().split("\n\n"):
        fields, name = {}, None
        for line in block.splitlines():
            if line.startswith((" ", "\t")) and name:
                fields[name] += "\n" + line[1:]
            elif ":" in line:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
        if fields:
            result.append(fields)
    return result


def files_paragraphs(path):
    return [p for p in paragraphs(path) if "Files" in p]


def licence_of(path, stanzas):
    """The (licence, copyright) of a repository path: the last Files paragraph matching it wins."""
    found = None
    for stanza in stanzas:
        if any(fnmatch.fnmatchcase(path, pattern) for pattern in stanza["Files"].split()):
            found = (stanza["License"].splitlines()[0], stanza["Copyright"])
    return found


def sources(corpus=CORPUS):
    rows = [line.split("\t") for line in (corpus / "SOURCES").read_text().splitlines() if not line.startswith("#")]
    assert rows and all(len(row) == 6 for row in rows), "SOURCES rows need six fields, the licence and copyright last"
    return rows


def test_reuse_lint_passes():
    if shutil.which("reuse") is None:
        pytest.fail("reuse is not installed: scripts/install-deps --test installs it")
    result = subprocess.run(["reuse", "--root", str(REPO), "lint"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.name)
def test_each_corpus_file_has_the_licence_and_copyright_sources_records(corpus):
    stanzas = files_paragraphs(REPO / ".reuse" / "dep5")
    for file, repository, _, _, licence, copyright in sources(corpus):
        path = f"Tests/{corpus.name}/{file}"
        assert licence_of(path, stanzas) == (licence, copyright), f"{path} (from {repository})"
    assert licence_of("Sources/EntryKit/EntryKit.swift", stanzas) == ("MIT", "2026 The EntryKit authors")


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.name)
def test_every_corpus_file_is_in_sources(corpus):
    listed = {row[0] for row in sources(corpus)}
    present = {str(path.relative_to(corpus)) for path in corpus.rglob("*") if path.is_file() and path.name != "SOURCES"}
    assert present == listed


def test_a_wrong_licence_would_be_noticed():
    stanzas = files_paragraphs(REPO / ".reuse" / "dep5")
    iina = [row for row in sources() if row[1].endswith("/iina")][0]
    assert licence_of(f"Tests/StringsCorpus/{iina[0]}", stanzas)[0] == "GPL-3.0-only"
    assert licence_of(f"Tests/StringsCorpus/{iina[0]}", stanzas[:1]) == ("MIT", "2026 The EntryKit authors")


def test_debian_copyright_says_what_dep5_says():
    def key(stanza):
        return (" ".join(stanza["Files"].split()), stanza["Copyright"], stanza["License"].splitlines()[0])
    dep5 = [key(stanza) for stanza in files_paragraphs(REPO / ".reuse" / "dep5")]
    debian = [key(stanza) for stanza in files_paragraphs(REPO / "debian" / "copyright")]
    assert debian == dep5
    # Each licence named has its text, as a paragraph of its own or from /usr/share/common-licenses.
    named = {name for stanza in files_paragraphs(REPO / "debian" / "copyright")
             for name in stanza["License"].splitlines()[0].replace(" OR ", " ").split()}
    texts = {p["License"].splitlines()[0] for p in paragraphs(REPO / "debian" / "copyright") if "Files" not in p and "License" in p}
    assert named <= texts, named - texts
    for name in named:
        assert (REPO / "LICENSES" / f"{name}.txt").exists(), name
