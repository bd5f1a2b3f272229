"""The places docs/READING.md cites, checked and kept current.

A step of the guide cites ``path:LINE`` followed by the symbol defined there, as
`` `aten_lite/dispatch/dispatcher.py:152` (`OpHandle`) ``, or a range ``path:LINE-END`` for
text that is not a Python definition (a YAML entry, a C++ loop). What "defined there" means:

* ``.py``: a ``def``/``class`` (dotted for methods: ``OpHandle.call``) or a module-level
  assignment, whose lines are the definition's; a symbol that is not a name (a comment
  heading a block) is found as text, like C++.
* ``native_functions.yaml`` / ``derivatives.yaml``: the entry of that op (``- func: relu(`` /
  ``- name: relu(``).
* anything else (C++, templates): the first line that contains the symbol's text.

``check()`` lists every citation whose line does not hold its symbol, and counts the lines a
reader reads (each cited definition or range once); ``python -m tools.reading_guide --fix``
rewrites the line numbers after code moved.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = "docs/READING.md"
CITE = re.compile(r"`(?P<path>[\w./-]+):(?P<line>\d+)(?:-(?P<end>\d+))?` \(`(?P<sym>[^`]+)`\)")


@dataclass(frozen=True)
class Cite:
    path: str
    line: int
    end: int | None
    symbol: str
    guide_line: int


def cites(text: str) -> list[Cite]:
    found = []
    for n, row in enumerate(text.splitlines(), 1):
        for m in CITE.finditer(row):
            found.append(Cite(m["path"], int(m["line"]), int(m["end"]) if m["end"] else None,
                              m["sym"], n))
    return found


def _python_defs(tree: ast.Module) -> dict[str, tuple[int, int]]:
    """qualified name -> (first line, last line) of each def, class and top-level assignment."""
    out: dict[str, tuple[int, int]] = {}

    def walk(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.setdefault(prefix + node.name, (node.lineno, node.end_lineno or node.lineno))
                if isinstance(node, ast.ClassDef):
                    walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and not prefix:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        out.setdefault(t.id, (node.lineno, node.end_lineno or node.lineno))
    walk(tree.body, "")
    return out


def locate(root: Path, path: str, symbol: str) -> tuple[int, int] | None:
    """(first, last) line of ``symbol`` in ``path``, or None."""
    file = root / path
    if not file.is_file():
        return None
    text = file.read_text(encoding="utf-8")
    if path.endswith(".py") and re.fullmatch(r"[\w.]+", symbol):
        return _python_defs(ast.parse(text)).get(symbol)
    lines = text.splitlines()
    if path.endswith("native_functions.yaml") or path.endswith("derivatives.yaml"):
        key = "- func: " if path.endswith("native_functions.yaml") else "- name: "
        for n, row in enumerate(lines, 1):
            if row.startswith(f"{key}{symbol}("):
                end = n
                while end < len(lines) and lines[end].startswith((" ", "\t")):
                    end += 1
                return n, end
        return None
    for n, row in enumerate(lines, 1):
        if symbol in row:
            return n, n
    return None


def check(root: Path = ROOT) -> tuple[list[str], int]:
    """(problems as 'docs/READING.md:N: ...', lines a reader reads)."""
    problems, spans = [], set()
    for c in cites((root / GUIDE).read_text(encoding="utf-8")):
        where = locate(root, c.path, c.symbol)
        if where is None:
            problems.append(f"{GUIDE}:{c.guide_line}: {c.path} defines no `{c.symbol}`")
            continue
        if where[0] != c.line:
            problems.append(f"{GUIDE}:{c.guide_line}: `{c.symbol}` is at {c.path}:{where[0]}, "
                            f"not {c.line}; run `python -m tools.reading_guide --fix`")
        end = c.end if c.end is not None else where[1]
        spans.add((c.path, c.line, end))
    read = sum(max(0, e - s + 1) for _, s, e in spans)
    return problems, read


def fix(root: Path = ROOT) -> int:
    """Rewrite each citation's line (and a range's end, keeping its length); the count fixed."""
    guide = root / GUIDE
    text = guide.read_text(encoding="utf-8")
    fixed = 0

    def repl(m: re.Match) -> str:
        nonlocal fixed
        where = locate(root, m["path"], m["sym"])
        if where is None or where[0] == int(m["line"]):
            return m[0]
        fixed += 1
        span = f"-{where[0] + int(m['end']) - int(m['line'])}" if m["end"] else ""
        return f"`{m['path']}:{where[0]}{span}` (`{m['sym']}`)"

    guide.write_text(CITE.sub(repl, text), encoding="utf-8")
    return fixed


if __name__ == "__main__":
    if "--fix" in sys.argv[1:]:
        print(f"{GUIDE}: {fix()} citation(s) moved")
    problems, read = check()
    print("\n".join(problems) or f"{GUIDE}: every citation holds its symbol; {read} lines to read")
    sys.exit(1 if problems else 0)
