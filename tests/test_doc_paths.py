"""Every repository path named in the runtime, the generator or docs/DESIGN.md exists.

Error hints and Notes send readers to files ("define it in aten_lite/rules/shapes/", "Note [X] in
aten_lite/csrc/loops.h"); a file that moved leaves such a hint pointing nowhere. A path here is
a word starting with one of the repository's top folders; one with a placeholder in it
(``generated/csrc/<op>.cpp``, ``aten_lite/backends/{name}.py``, ``*.pyi``) names a pattern,
not a file, and is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP_FOLDERS = ("aten_lite", "tools", "docs", "generated", "tests", "benchmarks", "examples",
               ".ci")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./<>{}*-]*[\w*>}])" % "|".join(
    re.escape(f) for f in TOP_FOLDERS))


def sources(root: Path) -> list[Path]:
    """The runtime's and the generator's sources (templates included), and DESIGN.md."""
    found = [*sorted((root / "aten_lite").rglob("*.py")), *sorted((root / "tools").rglob("*.py")),
             *sorted((root / "tools").rglob("*.j2"))]
    return found + [root / "docs" / "DESIGN.md"]


def _exists(root: Path, path: str) -> bool:
    # aten_lite/_C names the built extension, whose file carries a platform tag.
    return (root / path).exists() or any((root / path).parent.glob(Path(path).name + ".*"))


def missing_paths(root: Path, files: list[Path]) -> list[str]:
    """'FILE:LINE: names PATH, which does not exist' for each dangling path."""
    problems = []
    for file in files:
        for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            for m in PATH.finditer(line):
                path = m.group(1).rstrip(".")
                if any(c in path for c in "<{*") or _exists(root, path):
                    continue
                problems.append(f"{file.relative_to(root).as_posix()}:{n}: names {path}, "
                                "which does not exist")
    return problems


def test_every_named_path_exists():
    files = sources(ROOT)
    assert len(files) > 50  # the walk found the sources
    problems = missing_paths(ROOT, files)
    assert not problems, "\n".join(problems)


def test_a_dangling_path_is_reported_at_its_line(tmp_path):
    (tmp_path / "aten_lite").mkdir()
    (tmp_path / "aten_lite" / "rules.py").write_text("x = 1\n")
    hint = tmp_path / "aten_lite" / "hint.py"
    hint.write_text('ok = "see aten_lite/rules.py and generated/csrc/<op>.cpp"\n'
                    'bad = f"define it in aten_lite/rules/shapes.py."\n')
    assert missing_paths(tmp_path, [hint]) == [
        "aten_lite/hint.py:2: names aten_lite/rules/shapes.py, which does not exist"]


# "Note [Title] in FILE": the file named must hold that Note (files may be named as Python
# modules, without .py, and relative to the runtime, the generator, the C++ core or the citer).
NOTE_REF = re.compile(r"Note \[([^\]]+)\][`'\"]?,?\s+in\s+`{0,2}([\w./-]+\w)")


def _defines(file: Path, title: str) -> bool:
    """Whether a line of ``file`` opens Note [title] (a citation has text before it)."""
    opening = re.compile(r"^\s*(?:#|//|\*|/\*)?\s*Note \[%s\](?::|$)" % re.escape(title), re.M)
    return bool(opening.search(file.read_text(encoding="utf-8")))


def dangling_notes(root: Path, files: list[Path]) -> list[str]:
    """'FILE: Note [T] in WHERE: no such Note there' for each citation that leads nowhere."""
    problems = []
    for file in files:
        # Comments and docstrings wrap: read a reference across line breaks and '#' marks.
        text = re.sub(r"\s*\n\s*#?\s*", " ", file.read_text(encoding="utf-8"))
        for m in NOTE_REF.finditer(text):
            title, where = " ".join(m[1].split()), m[2]
            folders = (root, root / "aten_lite", root / "tools" / "codegen",
                       root / "aten_lite" / "csrc", file.parent)
            found = next((c for d in folders for c in (d / where, d / f"{where}.py")
                          if c.is_file()), None)
            if found is None or not _defines(found, title):
                problems.append(f"{file.relative_to(root).as_posix()}: Note [{title}] in "
                                f"{where}: no such Note there")
    return problems


def test_every_note_reference_finds_its_note():
    files = sources(ROOT) + sorted((ROOT / "aten_lite" / "csrc").glob("*.h"))
    text = " ".join(f.read_text(encoding="utf-8") for f in files)
    assert len(NOTE_REF.findall(text)) > 40  # the citations are found (74 when written)
    problems = dangling_notes(ROOT, files)
    assert not problems, "\n".join(problems)


def test_a_note_cited_in_the_wrong_file_is_reported(tmp_path):
    (tmp_path / "aten_lite").mkdir()
    (tmp_path / "aten_lite" / "rules.py").write_text("# Note [Plans]\n# what plans are\n")
    citer = tmp_path / "aten_lite" / "user.py"
    citer.write_text("# see Note [Plans] in rules.py, and Note [Plans] in\n# user.py\n")
    assert dangling_notes(tmp_path, [citer]) == [
        "aten_lite/user.py: Note [Plans] in user.py: no such Note there"]
