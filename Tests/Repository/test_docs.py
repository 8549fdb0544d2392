"""The README and the manual (docs/, CONTRIBUTING.md) stay readable and true: the README short, every
link between the pages landing on a file and a heading that exist, and the architecture page naming
only paths that exist and every source folder there is.
"""
import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
README = REPO / "README.md"
ARCHITECTURE = REPO / "docs" / "architecture.md"
PAGES = [README, REPO / "CONTRIBUTING.md", REPO / "Examples" / "README.md", *sorted((REPO / "docs").glob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def prose(text):
    """The text without its fenced code blocks (a `# comment` in a shell example is no heading)."""
    return FENCE.sub("", text)


def anchors(page):
    """GitHub's anchor for each heading: lower case, punctuation dropped, spaces as hyphens,
    a repeated one numbered."""
    seen = {}
    result = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", prose(page.read_text()), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def links(page):
    for target in LINK.findall(prose(page.read_text())):
        if not re.match(r"[a-z]+:", target):
            yield target


def test_the_readme_is_short():
    lines = README.read_text().count("\n")
    assert lines <= 200, f"README.md has {lines} lines; the manual is docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(REPO)))
def test_every_link_lands_on_a_file_and_heading(page):
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor} in {destination.relative_to(REPO)}")
    assert not broken, f"{page.relative_to(REPO)}:\n" + "\n".join(broken)


def test_the_anchor_rule_is_githubs():
    page = REPO / "docs" / "commands.md"
    assert {"entrykit-login", "entrykit-the-gallery", "exit-status"} <= anchors(page)


def test_a_newcomer_reaches_login_python_and_packaging_in_one_hop():
    targets = set(links(README))
    assert "docs/commands.md#entrykit-login" in targets
    assert "CONTRIBUTING.md#debian-packages" in targets
    library = REPO / "docs" / "library.md"
    assert "docs/library.md" in targets and "gi.require_version(\"EntryKit\", \"1.0\")" in library.read_text()


def named_paths(page):
    """Every code span on the page that names a repository path (`Sources/EntryKit/`, `scripts/`)."""
    spans = re.findall(r"`([^`\n]+)`", prose(page.read_text()))
    spans += re.findall(r"\b((?:Sources|Tests|Benchmarks|Resources|Examples|Introspection|Fuzz|scripts|man|debian|docs|LICENSES)/[\w./+-]*)",
                        "\n".join(FENCE.findall(page.read_text())))
    for span in spans:
        span = span.strip()
        if "/" in span and " " not in span and "<" not in span and "://" not in span and "*" not in span:
            yield span


def test_every_path_the_architecture_page_names_exists():
    """A path is from the repository's top, or (a folder inside a target: `Dialogs/`, `include/`)
    from one of the targets' folders or Resources/."""
    missing = []
    for path in named_paths(ARCHITECTURE):
        if path.startswith("<lang>") or (REPO / path).exists():
            continue
        if "/" in path.rstrip("/") or not any((folder / path).exists() for folder in [*REPO.glob("Sources/*"), REPO / "Resources"]):
            missing.append(path)
    assert not missing, "docs/architecture.md names paths that do not exist: " + ", ".join(missing)


def test_the_check_finds_the_paths_it_is_meant_to():
    names = set(named_paths(ARCHITECTURE))
    assert {"Sources/EntryKitList/", "Sources/EntryKit/GObject/", "Tests/Repository/"} <= names, names


def test_every_source_folder_and_target_is_on_the_architecture_page():
    text = ARCHITECTURE.read_text()
    folders = [folder for folder in sorted((REPO / "Sources").iterdir()) if folder.is_dir()]
    missing = [f"Sources/{folder.name}/" for folder in folders if f"Sources/{folder.name}/" not in text]
    targets = re.findall(r'\.(?:target|executableTarget|systemLibrary)\(\s*name: "([^"]+)"', (REPO / "Package.swift").read_text())
    assert targets, "no targets read from Package.swift"
    missing += [target for target in targets if f"`{target}`" not in text]
    assert not missing, "docs/architecture.md does not name: " + ", ".join(missing)
