"""What comments and docstrings cite exists: a named file, a name in a file, a Note.

Each failure is one line, ``FILE:LINE: the reference as written: what is wrong``.

**Named files.** In the module docstrings and the Notes of aten_lite/ and tools/codegen/ (a Note
is the block that opens with a line ``Note [Title]``: the comment lines that follow it, or in a
docstring the lines up to the next blank one), a backticked name made only of path characters
(letters, digits, ``_ . - /``) names a file or folder of the repository when it ends in a file
extension of SOURCE_SUFFIXES or in ``/``, or starts with a top-level folder of the repository
and ``/``. It must exist relative to one of: the repository root, the citing file's folder,
aten_lite/, tools/codegen/, tools/codegen/templates/. A name holding a
placeholder (``<lib>/ops.py``, ``fused-*.so``, ``$AL_CACHE_DIR/kernels``) is a pattern and is
not checked: that is how to name a file outside the repository (a library's build, a cache).
Names under a root folder that .gitignore anchors (``/build/``) are build outputs, not checked.

**Names in files.** In the same docstrings and Notes, a backticked identifier followed by ``in``
or ``of`` and a file name (``ABI_VERSION`` in _library_kernels.py) must occur in that file, as a
word (the last part of a dotted name); the file is resolved as above.

**Notes.** ``Note [Title] in FILE`` anywhere in the sources (aten_lite/, tools/, tests/,
benchmarks/, examples/, docs/ and README.md) needs FILE, written with its extension and
resolved as above, to open that Note: a line that is ``Note [Title]``, or ``Note [Title]:``
and text, after an optional comment mark. A Note cited without a file must be opened in some
file of the sources. A citation may wrap across comment lines.

What exists is read from the tree when the test runs; nothing here lists modules.
"""

from __future__ import annotations

import ast
import bisect
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Extensions that make a backticked name a file name (the kinds of file the repository holds).
SOURCE_SUFFIXES = (".py", ".pyi", ".h", ".cpp", ".j2", ".yaml", ".md", ".toml", ".txt", ".json",
                   ".cfg", ".so")
# Where a name in a docstring or Note of aten_lite/ or tools/codegen/ is taken from.
CITING_FOLDERS = ("aten_lite", "tools/codegen")
# Where Notes are opened and cited.
NOTE_FOLDERS = ("aten_lite", "tools", "tests", "benchmarks", "examples", "docs")
# Folders a name is resolved against, besides the citing file's own.
BASES = ("", "aten_lite", "tools/codegen", "tools/codegen/templates")

_OPENING = re.compile(r"^\s*(#|//|/\*|\*)?\s*Note \[([^\]]+)\](?::|\s*$)")
_BACKTICKED = re.compile(r"``([^`]+?)``|`([^`]+)`")
_PATH_CHARS = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")
_NOTE = re.compile(r"Note \[([^\]]+)\]")
_NAME_IN_FILE = re.compile(r"`{1,2}([A-Za-z_][\w.]*)(?:\(\))?`{1,2}\s+(?:in|of)\s+`{0,2}"
                           r"([\w./-]+(?:%s))" % "|".join(map(re.escape, SOURCE_SUFFIXES)))
_IN_FILE = re.compile(r"[`'\"]?,?\s+in\s+`{0,2}([\w./-]+\w)")
# What continues a comment on the next line: leading space and a comment mark.
_WRAP = re.compile(r"^\s*(?:#|//|\*)?\s*")


def _files(root: Path, folders, suffixes) -> list[Path]:
    ignored = _ignored_roots(root)
    return [p for folder in folders for p in sorted((root / folder).rglob("*"))
            if p.suffix in suffixes and p.is_file() and "__pycache__" not in p.parts
            and not any(p.relative_to(root).as_posix().startswith(i) for i in ignored)]


def _ignored_roots(root: Path) -> tuple[str, ...]:
    """Paths that .gitignore anchors at the root (``/build/`` gives 'build/'): build outputs."""
    gitignore = root / ".gitignore"
    lines = gitignore.read_text().splitlines() if gitignore.is_file() else []
    return tuple(line[1:] for line in lines if line.startswith("/"))


def _title(text: str) -> str:
    return " ".join(text.split())


# ---- named files ----

def _module_docstring(path: Path, lines: list[str]) -> tuple[int, list[str]] | None:
    """(first line, lines) of the module docstring: a .py file's, or a .py.j2 template's
    leading string (the docstring of the module it renders); None without one."""
    if path.suffix == ".py":
        body = ast.parse("\n".join(lines)).body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            return body[0].lineno, lines[body[0].lineno - 1:body[0].end_lineno]
        return None
    if not path.name.endswith(".py.j2"):
        return None
    i = 0
    while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith("{#")):
        i += 1
    if i == len(lines) or not lines[i].lstrip().startswith('"""'):
        return None
    end = i if lines[i].count('"""') > 1 else next(
        (j for j in range(i + 1, len(lines)) if '"""' in lines[j]), len(lines) - 1)
    return i + 1, lines[i:end + 1]


def _notes(lines: list[str]) -> list[tuple[int, list[str]]]:
    """(first line, lines) of each Note block."""
    blocks = []
    for i, line in enumerate(lines):
        opening = _OPENING.match(line)
        if opening is None:
            continue
        mark, j = opening.group(1), i + 1
        if mark in ("#", "//"):
            while j < len(lines) and lines[j].lstrip().startswith(mark):
                j += 1
        elif mark:  # a /* ... */ comment
            while j < len(lines) and lines[j].lstrip().startswith("*") \
                    and not lines[j].lstrip().startswith("*/"):
                j += 1
        else:  # in a docstring: the paragraph
            while j < len(lines) and lines[j].strip() and '"""' not in lines[j] \
                    and not _OPENING.match(lines[j]):
                j += 1
        blocks.append((i + 1, lines[i:j]))
    return blocks


def _named_files(line_no: int, lines: list[str], top_folders: set[str]):
    """(line, name) for each backticked name in ``lines`` that names a file or folder."""
    text = "\n".join(lines)
    for m in _BACKTICKED.finditer(text):
        name = (m.group(1) or m.group(2)).strip()
        if not _PATH_CHARS.fullmatch(name):
            continue  # code, prose, or a pattern with a placeholder
        if name.endswith(SOURCE_SUFFIXES) or name.endswith("/") \
                or name.split("/", 1)[0] in top_folders and "/" in name:
            yield line_no + text.count("\n", 0, m.start()), name


def _folders(root: Path, citer: Path) -> list[Path]:
    """Where a name cited in ``citer`` is looked for, in order."""
    return [root, citer.parent, *(root / b for b in BASES[1:])]


def _resolve(root: Path, citer: Path, name: str) -> Path | None:
    for folder in _folders(root, citer):
        found = folder / name
        if found.is_dir() if name.endswith("/") else found.exists():
            return found.resolve()
    return None


def _looked_in(root: Path, citer: Path) -> str:
    names = [f.relative_to(root).as_posix() + "/" for f in _folders(root, citer)]
    return "looked in " + ", ".join(dict.fromkeys(names))  # the citer's folder may be a base


def _regions(path: Path) -> list[tuple[int, list[str]]]:
    """(first line, lines) of the module docstring and of each Note of ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    regions = _notes(lines)
    docstring = _module_docstring(path, lines)
    return [docstring, *regions] if docstring else regions


def missing_files(root: Path, files: list[Path]) -> list[str]:
    """'FILE:LINE: `NAME`: no such file ...' for each named file that does not exist."""
    top_folders = {p.name for p in root.iterdir() if p.is_dir()}
    ignored = _ignored_roots(root)
    problems: dict[str, None] = {}  # ordered and without repeats (a Note inside a docstring)
    for path in files:
        for first, block in _regions(path):
            for line, name in _named_files(first, block, top_folders):
                if name.startswith(ignored) or _resolve(root, path, name) is not None:
                    continue
                problems[f"{path.relative_to(root).as_posix()}:{line}: `{name}`: no such "
                         f"file ({_looked_in(root, path)})"] = None
    return list(problems)


def missing_names(root: Path, files: list[Path]) -> list[str]:
    """'FILE:LINE: `NAME` in WHERE: ...' for each name said to be in a file that lacks it."""
    problems: dict[str, None] = {}
    for path in files:
        for first, block in _regions(path):
            text, starts = _flatten("\n".join(block))
            for m in _NAME_IN_FILE.finditer(text):
                name, where = m.group(1), m.group(2)
                n = first - 1 + bisect.bisect_right(starts, m.start())
                line = f"{path.relative_to(root).as_posix()}:{n}"
                found = _resolve(root, path, where)
                if found is None or not found.is_file():
                    problems[f"{line}: `{name}` in {where}: no such file "
                             f"({_looked_in(root, path)})"] = None
                elif not re.search(r"\b%s\b" % re.escape(name.rsplit(".", 1)[-1]),
                                   found.read_text(encoding="utf-8")):
                    problems[f"{line}: `{name}` in {where}: {where} has no "
                             f"{name.rsplit('.', 1)[-1]}"] = None
    return list(problems)


# ---- Notes ----

def _flatten(text: str) -> tuple[str, list[int]]:
    """``text`` with each line break and the comment mark after it made one space (a citation
    may wrap), and the offset in it where each line starts."""
    starts, parts, offset = [], [], 0
    for n, line in enumerate(text.splitlines()):
        piece = line if n == 0 else _WRAP.sub("", line, count=1)
        starts.append(offset)
        parts.append(piece)
        offset += len(piece) + 1
    return " ".join(parts), starts


def opened_notes(files: list[Path]) -> dict[Path, set[str]]:
    """The Notes each file opens."""
    found = {}
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        found[path.resolve()] = {_title(m.group(2)) for m in map(_OPENING.match, lines) if m}
    return found


def dangling_notes(root: Path, files: list[Path]) -> list[str]:
    """'FILE:LINE: Note [T] in WHERE: ...' for each citation that leads nowhere."""
    opened = opened_notes(files)
    everywhere = set().union(*opened.values()) if opened else set()
    problems = []
    for path in files:
        text, starts = _flatten(path.read_text(encoding="utf-8"))
        for m in _NOTE.finditer(text):
            title = _title(m.group(1))
            line = bisect.bisect_right(starts, m.start())
            where = f"{path.relative_to(root).as_posix()}:{line}"
            cited_in = _IN_FILE.match(text, m.end())
            if cited_in is None:
                if title not in everywhere:
                    problems.append(f"{where}: Note [{title}]: no file opens this Note")
                continue
            name = cited_in.group(1).rstrip(".")
            found = _resolve(root, path, name)
            if found is None or not found.is_file():
                problems.append(f"{where}: Note [{title}] in {name}: no such file "
                                f"({_looked_in(root, path)})")
            elif title not in (opened.get(found) or opened_notes([found])[found]):
                problems.append(f"{where}: Note [{title}] in {name}: {name} does not open "
                                "this Note")
    return problems


# ---- the checks ----

def _citing_files(root: Path) -> list[Path]:
    return _files(root, CITING_FOLDERS, (".py", ".j2", ".h", ".cpp"))


def _note_files(root: Path) -> list[Path]:
    """The sources, less this file: its examples of broken references are broken on purpose."""
    files = _files(root, NOTE_FOLDERS, (".py", ".j2", ".h", ".cpp", ".md")) + [root / "README.md"]
    return [f for f in files if f.resolve() != Path(__file__).resolve()]


def test_every_named_file_exists():
    files = _citing_files(ROOT)
    assert len(files) > 100  # the walk found the sources
    problems = missing_files(ROOT, files)
    assert not problems, "\n".join(problems)


def test_every_name_said_to_be_in_a_file_is_there():
    problems = missing_names(ROOT, _citing_files(ROOT))
    assert not problems, "\n".join(problems)


def test_every_cited_note_is_opened_where_cited():
    files = _note_files(ROOT)
    assert sum(len(t) for t in opened_notes(files).values()) > 100  # the Notes are found
    problems = dangling_notes(ROOT, files)
    assert not problems, "\n".join(problems)


def test_a_stale_file_name_is_reported_at_its_line(tmp_path):
    (tmp_path / "aten_lite" / "backends").mkdir(parents=True)
    (tmp_path / "tools" / "codegen" / "templates").mkdir(parents=True)
    (tmp_path / "tools" / "codegen" / "templates" / "ops.py.j2").write_text("")
    (tmp_path / "aten_lite" / "backends" / "cpu.py").write_text("")
    (tmp_path / "aten_lite" / "rules.py").write_text(
        '"""Rules.\n\nSee ``backends/cpu.py``, `ops.py.j2`, ``<lib>/ops.py``, ``x.relu()``\n'
        'and ``aten_lite/_gone.py``."""\n\n'
        "x = 1  # `gone.py` in a plain comment is not checked\n\n"
        "# Note [Rules]\n# the kernels live in `backends/gpu.py`\n")
    looked = "(looked in ./, aten_lite/, tools/codegen/, tools/codegen/templates/)"
    assert missing_files(tmp_path, _citing_files(tmp_path)) == [
        f"aten_lite/rules.py:4: `aten_lite/_gone.py`: no such file {looked}",
        f"aten_lite/rules.py:9: `backends/gpu.py`: no such file {looked}"]


def test_a_name_missing_from_its_file_is_reported(tmp_path):
    (tmp_path / "aten_lite" / "rules").mkdir(parents=True)
    (tmp_path / "aten_lite" / "rules" / "shapes.py").write_text("def broadcast(a, b): ...\n")
    (tmp_path / "aten_lite" / "user.py").write_text(
        '"""User."""\n\n# Note [Use]\n# ``broadcast`` in rules/shapes.py and\n'
        "# ``shapes.expand()`` of\n# rules/shapes.py; `gone` in nowhere.py\n")
    assert missing_names(tmp_path, _citing_files(tmp_path)) == [
        "aten_lite/user.py:5: `shapes.expand` in rules/shapes.py: rules/shapes.py has no expand",
        "aten_lite/user.py:6: `gone` in nowhere.py: no such file (looked in ./, aten_lite/, "
        "tools/codegen/, tools/codegen/templates/)"]


def test_a_note_cited_in_the_wrong_file_or_nowhere_is_reported(tmp_path):
    (tmp_path / "aten_lite").mkdir()
    (tmp_path / "aten_lite" / "rules.py").write_text("# Note [Plans]\n# what plans are\n")
    (tmp_path / "aten_lite" / "user.py").write_text(
        "# see Note [Plans] in rules.py, and Note [Plans] in\n# user.py; Note [Plans],\n"
        "# Note [Plots]; Note [Plans] in rules\n")
    (tmp_path / "README.md").write_text("")
    assert dangling_notes(tmp_path, _note_files(tmp_path)) == [
        "aten_lite/user.py:1: Note [Plans] in user.py: user.py does not open this Note",
        "aten_lite/user.py:3: Note [Plots]: no file opens this Note",
        "aten_lite/user.py:3: Note [Plans] in rules: no such file (looked in ./, aten_lite/, "
        "tools/codegen/, tools/codegen/templates/)"]
