"""Every repository path named in the runtime, the generator, README.md or docs/ exists.

Error hints and Notes send readers to files ("define it in aten_lite/rules/shapes/", "see
aten_lite/csrc/loops.h"); a file that moved leaves such a hint pointing nowhere. A path here is
a word starting with one of the repository's top folders; one with a placeholder in it
(``generated/csrc/<op>.cpp``, ``aten_lite/backends/{name}.py``, ``*.pyi``) names a pattern,
not a file, and is skipped. tests/test_doc_references.py checks the Notes cited and the files
that Notes and module docstrings name by their short names.
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
    """The runtime's and the generator's sources (templates included), README.md and the
    pages of docs/."""
    found = [*sorted((root / "aten_lite").rglob("*.py")), *sorted((root / "tools").rglob("*.py")),
             *sorted((root / "tools").rglob("*.j2"))]
    return found + [root / "README.md", *sorted((root / "docs").glob("*.md"))]


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

