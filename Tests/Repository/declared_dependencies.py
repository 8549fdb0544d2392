"""What the repository's programs use from Debian, and whether `scripts/install-deps --test` installs it.

A fresh Debian 12 machine has only its essential packages, the Swift toolchain and what
`install-deps --test` installs (with everything those depend on). A Python module, a GObject
typelib or a command that a test, a script, the benchmark harness or an example uses, and that
comes from any other package, works on the machine where someone installed it by hand and fails
everywhere else. This module finds such uses:

- Python modules imported by any Python file (and by Python programs written inside strings,
  `python3 -c "import gi; ..."`), read with `ast`;
- typelibs named by `gi.require_version("Ns", "V")`;
- commands: the first word of a list literal (`subprocess.run(["xdotool", ...])`), names passed
  to `shutil.which`, and the commands of the shell scripts.

Each is resolved on this machine to a file, the file to its package with `dpkg -S`, and the
package must be in the closure of what `install-deps --test` names (`apt-cache depends --recurse
--installed`, Depends and Pre-Depends only: a recommended package may be left out).
"""
from __future__ import annotations

import ast
import functools
import importlib.util
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass

REPO = pathlib.Path(__file__).resolve().parents[2]
INSTALL_DEPS = REPO / "scripts" / "install-deps"
# The one prerequisite not from Debian (README: "Swift 6 on PATH"); its commands are exempt.
SWIFT_TOOLCHAIN = pathlib.Path(shutil.which("swift") or "/opt/swift/usr/bin/swift").resolve().parents[2]
TYPELIB_DIRECTORIES = [pathlib.Path("/usr/lib/x86_64-linux-gnu/girepository-1.0"), pathlib.Path("/usr/lib/girepository-1.0")]
# Typelibs the project builds itself.
OWN_NAMESPACES = {"EntryKit"}
SHELL_KEYWORDS = {
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
    "function", "select", "time", "!", "{", "}", "[[", "]]", "((", "))",
}
# Words that run the next word as the command.
COMMAND_PREFIXES = {"exec", "command", "sudo", "env", "nice", "nohup", "timeout", "xargs", "then", "do", "else"}


@dataclass(frozen=True)
class Use:
    kind: str  # "module", "typelib" or "command"
    name: str
    file: str


@dataclass(frozen=True)
class Problem:
    use: Use
    reason: str

    def __str__(self) -> str:
        return f"{self.use.kind} {self.use.name!r} (used by {self.use.file}): {self.reason}"


def repository_files() -> list[pathlib.Path]:
    """The files git tracks, plus new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, capture_output=True, text=True, check=True).stdout.split("\n")
    return [REPO / name for name in listed if name and (REPO / name).is_file()]


def _interpreter(path: pathlib.Path) -> str:
    try:
        with path.open("rb") as file:
            first = file.readline().decode("utf-8", "replace")
    except OSError:
        return ""
    if path.suffix == ".py" or (first.startswith("#!") and "python" in first):
        return "python"
    if path.suffix == ".sh" or (first.startswith("#!") and re.search(r"\b(ba)?sh\b", first)):
        return "shell"
    return ""


# MARK: Python


def _python_sources(source: str) -> list[ast.AST]:
    """The module, and every string in it that is itself a Python program with imports."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    trees = [tree]
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "import " in node.value:
            try:
                trees.append(ast.parse(node.value))
            except SyntaxError:
                pass
    return trees


def _first_string(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def python_uses(path: pathlib.Path, source: str) -> list[Use]:
    name = str(path.relative_to(REPO))
    uses = []
    for tree in _python_sources(source):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                uses += [Use("module", alias.name.split(".")[0], name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                uses.append(Use("module", node.module.split(".")[0], name))
            elif isinstance(node, (ast.List, ast.Tuple)) and node.elts:
                command = _first_string(node.elts[0])
                if command and re.fullmatch(r"[\w.+-]+", command):
                    uses.append(Use("command", command, name))
            elif isinstance(node, ast.Call):
                function = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                arguments = [_first_string(argument) for argument in node.args]
                if function == "require_version" and len(arguments) == 2 and all(arguments):
                    uses.append(Use("typelib", f"{arguments[0]}-{arguments[1]}", name))
                elif function in ("which", "_has") and arguments and arguments[0]:
                    uses.append(Use("command", arguments[0], name))
    return uses


# MARK: Shell


def _shell_words(line: str) -> list[str]:
    """The first word of each simple command on one line of a shell script."""
    line = re.sub(r"(^|\s)#.*$", "", line)
    # Command boundaries: pipes, lists, substitutions, subshells, groups.
    parts = re.split(r"\|\||&&|[|;&`]|\$\(|\(|\)", line)
    words = []
    for part in parts:
        try:
            tokens = shlex.split(part, posix=True)
        except ValueError:
            tokens = part.split()
        while tokens:
            token = tokens[0]
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\+)?=.*", token) or token in SHELL_KEYWORDS or token.startswith("-"):
                tokens = tokens[1:]
                continue
            if token in COMMAND_PREFIXES:
                tokens = tokens[1:]
                # `timeout 30 cmd`, `command -v cmd`: the command is the next plain word.
                while tokens and (tokens[0].startswith("-") or tokens[0].isdigit()):
                    tokens = tokens[1:]
                continue
            break
        if tokens and re.fullmatch(r"[\w.+-]+", tokens[0]):
            words.append(tokens[0])
    return words


def shell_uses(path: pathlib.Path, source: str) -> list[Use]:
    name = str(path.relative_to(REPO))
    uses = []
    in_heredoc = None
    in_array = False
    for line in source.splitlines():
        if in_heredoc:
            if line.strip() == in_heredoc:
                in_heredoc = None
            continue
        if in_array:
            # The words of a multi-line `name=( … )` are data, not commands.
            in_array = ")" not in re.sub(r"(^|\s)#.*$", "", line)
            continue
        if re.match(r"\s*[A-Za-z_]\w*\+?=\([^)]*$", line):
            in_array = True
            continue
        heredoc = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", line)
        if heredoc:
            in_heredoc = heredoc.group(1)
        uses += [Use("command", word, name) for word in _shell_words(line)]
    return uses


@functools.lru_cache(maxsize=None)
def uses_in_repository() -> tuple[Use, ...]:
    uses = []
    for path in repository_files():
        kind = _interpreter(path)
        if not kind:
            continue
        source = path.read_text(encoding="utf-8", errors="replace")
        uses += python_uses(path, source) if kind == "python" else shell_uses(path, source)
    return tuple(uses)


# MARK: Packages


def declared_packages(install_deps: str) -> list[str]:
    """The package names in install-deps' `packages=(…)` and `packages+=(…)` arrays."""
    text = "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in install_deps.splitlines())
    names = []
    for array in re.findall(r"\bpackages\+?=\(([^)]*)\)", text):
        names += array.split()
    return names


def _run(*command: str) -> str:
    return subprocess.run(command, capture_output=True, text=True).stdout


@functools.lru_cache(maxsize=None)
def base_packages() -> frozenset[str]:
    """What every Debian 12 system has: the essential and the required packages (debootstrap's
    minimal base)."""
    rows = _run("dpkg-query", "-W", "-f", "${Package} ${Essential} ${Priority} ${Status}\n").splitlines()
    return frozenset(row.split()[0] for row in rows
                     if row.endswith("install ok installed") and (" yes " in row or " required " in row))


@functools.lru_cache(maxsize=None)
def closure(declared: tuple[str, ...]) -> frozenset[str]:
    """Everything installing `declared` installs on a fresh machine (with the base system)."""
    roots = sorted(set(declared) | base_packages())
    installed = {line.split()[0] for line in _run("dpkg-query", "-W", "-f", "${Package} ${Status}\n", *roots).splitlines()
                 if line.endswith("install ok installed")}
    found = set(installed)
    if not installed:
        return frozenset(found)
    output = _run("apt-cache", "depends", "--recurse", "--installed", "--no-recommends", "--no-suggests",
                  "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", *sorted(installed))
    for line in output.splitlines():
        dependency = re.match(r"\s*\|?(?:Depends|PreDepends): <?([^ >]+)>?", line)
        if dependency:
            found.add(dependency.group(1).split(":")[0])
        elif line.strip() and not line.strip().endswith(":"):
            # A package heading, or (indented) a package that provides a virtual one.
            found.add(line.strip().strip("<>").split(":")[0])
    return frozenset(found)


@functools.lru_cache(maxsize=None)
def _owner(path: pathlib.Path) -> str | None:
    """The package that installed `path` (usr-merged paths tried both ways)."""
    candidates = [str(path)]
    text = str(path)
    for merged, plain in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"), ("/usr/lib/", "/lib/")):
        if text.startswith(merged):
            candidates.append(plain + text[len(merged):])
        elif text.startswith(plain):
            candidates.append(merged + text[len(plain):])
    for candidate in candidates:
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":")[0].split(",")[0].strip()
    return None


def _module_file(name: str) -> pathlib.Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.origin and spec.origin not in ("built-in", "frozen"):
        return pathlib.Path(spec.origin)
    locations = list(spec.submodule_search_locations or [])
    return pathlib.Path(locations[0]) if locations else None


def _command_files(name: str) -> list[pathlib.Path]:
    """Every executable called `name` on PATH, in PATH's order."""
    found = []
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        candidate = pathlib.Path(directory or ".") / name
        if candidate.is_file() and os.access(candidate, os.X_OK) and candidate.resolve() not in found:
            found.append(candidate.resolve())
    return found


def _resolve(use: Use) -> tuple[list[pathlib.Path], str]:
    """The files a use may load or run (for a command, every one on PATH: a wrapper of this
    machine's may stand in front of the packaged one), or none with why."""
    if use.kind == "module":
        file = _module_file(use.name)
        return ([file] if file else []), f"not importable by {sys.executable} here: install its Debian package (python3-{use.name.lower()}?)"
    if use.kind == "typelib":
        files = [directory / f"{use.name}.typelib" for directory in TYPELIB_DIRECTORIES]
        return [file for file in files if file.exists()], f"no {use.name}.typelib here: install its gir1.2-* package"
    return _command_files(use.name), "not on PATH here"


def local_module_names() -> set[str]:
    names = set()
    for path in repository_files():
        if path.suffix == ".py":
            names.add(path.stem)
            if path.name == "__init__.py":
                names.add(path.parent.name)
    return names


def problems(uses: tuple[Use, ...], install_deps: str) -> list[Problem]:
    """Each thing used whose file comes from no package that `install_deps` (the script's text)
    installs, named with every file that uses it.

    A command that is not on PATH is not judged (it may be the project's own, or one a test
    installs); a module or typelib that is missing is, since nothing else can provide it. A
    command is judged by the first of its files on PATH that a package installed."""
    declared = tuple(sorted(set(declared_packages(install_deps))))
    available = closure(declared)
    ignored_modules = set(sys.stdlib_module_names) | local_module_names() | {"__future__"}
    users: dict[tuple[str, str], list[str]] = {}
    for use in uses:
        if use.kind == "module" and use.name in ignored_modules:
            continue
        if use.kind == "typelib" and use.name.split("-")[0] in OWN_NAMESPACES:
            continue
        files = users.setdefault((use.kind, use.name), [])
        if use.file not in files:
            files.append(use.file)
    found = []
    for (kind, name), files in sorted(users.items()):
        use = Use(kind, name, ", ".join(files))
        paths, missing = _resolve(use)
        if not paths:
            if kind != "command":
                found.append(Problem(use, missing))
            continue
        if kind == "command" and any(SWIFT_TOOLCHAIN in path.parents or REPO in path.parents for path in paths[:1]):
            continue
        owners = [(path, _owner(path)) for path in paths]
        packaged = [(path, package) for path, package in owners if package]
        if not packaged:
            found.append(Problem(use, f"{paths[0]} comes from no Debian package (installed by hand?)"))
            continue
        path, package = packaged[0]
        if package not in available:
            found.append(Problem(use, f"{path} is in package {package}, which scripts/install-deps --test does not install: add {package}"))
    return found
