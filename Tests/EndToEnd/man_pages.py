"""What the man pages must say, read from the program itself: the commands `entrykit --help`
lists, the options and exit statuses each command's `--help` lists, and a page rendered as
`man` shows it. Used on the source pages (test_man_pages.py) and on the installed ones
(test_package.py)."""
import os
import re
import subprocess


def help_text(binary, words):
    result = subprocess.run([str(binary), *words, "--help"], capture_output=True, text=True, timeout=30,
                            env={**os.environ, "LANGUAGE": "en", "LANG": "C.UTF-8"})
    assert result.returncode == 0, f"entrykit {' '.join(words)} --help: {result.stderr}"
    return result.stdout


def commands(binary):
    """The commands `entrykit --help` lists, as the words that name them: (), ("login",),
    ("strings", "lint"), ... (a tool of a command is named by its first two words)."""
    listing = re.search(r"^Commands:\n(.*?)\n\n", help_text(binary, []), re.S | re.M)
    assert listing, "entrykit --help lists no commands"
    found = [()]
    for line in listing.group(1).splitlines():
        words = re.match(r"  (\w[\w-]*)(?: ([a-z][\w-]*)\b)?", line)
        if words:
            found.append(tuple(word for word in words.groups() if word))
    return found


def page_name(words):
    """entrykit(1) for the program itself, entrykit-COMMAND(1) for a command and its tools."""
    return "-".join(["entrykit", *words[:1]])


def options(help):
    """Every option name in the help's Options list: `--title`, `-h`, `--help`, ..."""
    listing = re.search(r"^Options:\n(.*?)(?:\n\n|\Z)", help, re.S | re.M)
    assert listing, help
    names = []
    for line in listing.group(1).splitlines():
        label = re.match(r"  (-[^ ]+(?:, -[^ ]+)*)", line)
        if label:
            names += label.group(1).split(", ")
    return names


def exit_statuses(help):
    listing = re.search(r"^Exit status:\n(.*?)(?:\n\n|\Z)", help, re.S | re.M)
    assert listing, help
    return re.findall(r"^  (\d+) ", listing.group(1), re.M)


def render(page):
    """The page as `man` shows it (no hyphenation or justification, so words stay whole), and
    what groff warned about."""
    result = subprocess.run(["man", "--warnings", "--nh", "--nj", "-E", "UTF-8", "-l", str(page)],
                            capture_output=True, text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "MANWIDTH": "100", "LANG": "C.UTF-8"})
    assert result.returncode == 0, result.stderr
    # groff may show \- as a minus sign and a hyphen as U+2010.
    return result.stdout.replace("\u2212", "-").replace("\u2010", "-"), result.stderr


def section(text, name):
    """One section of a rendered page, up to the next heading (a line starting in column 1)."""
    match = re.search(rf"^{name}\n(.*?)(?=^\S|\Z)", text, re.S | re.M)
    assert match, f"no {name} section"
    return match.group(1)


def problems(binary, page_for):
    """What the pages (`page_for(name)` gives a page's path) lack: a page per command, every
    option and exit status of each command's help, a clean rendering."""
    found = []
    rendered = {}
    for words in commands(binary):
        name = page_name(words)
        page = page_for(name)
        if not page.exists():
            found.append(f"{' '.join(['entrykit', *words])}: no page {page}")
            continue
        if name not in rendered:
            rendered[name] = render(page)
        text, warnings = rendered[name]
        if warnings:
            found.append(f"{name}(1): groff warns: {warnings}")
        help = help_text(binary, words)
        for option in options(help):
            if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", section(text, "OPTIONS")):
                found.append(f"{name}(1) does not describe {option} of `{' '.join(['entrykit', *words])} --help`")
        statuses = section(text, "EXIT STATUS")
        for status in exit_statuses(help):
            if not re.search(rf"^\s+{status}\s", statuses, re.M):
                found.append(f"{name}(1) does not list exit status {status}")
    return found
