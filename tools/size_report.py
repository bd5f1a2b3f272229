"""The largest modules and functions of the runtime and the generator, so that growth stays
visible (house style: modules around 400 lines, functions around 40). Printed at the end of
every whole-suite pytest run (``tests/conftest.py``) and by ``python -m tools.size_report``.

    >>> print(report(Path("."), top=1))  # doctest: +SKIP
    size report (aten_lite/, tools/codegen/; style: modules ~400 lines, functions ~40)
    largest modules (lines):
       728  tools/codegen/model.py
    largest functions (lines):
       101  aten_lite/backends/cpu/elementwise.py:46 make_elementwise
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

TREES = ("aten_lite", "tools/codegen")  # hand-written Python; generated/ is not ours to trim
TOP = 10


@dataclass(frozen=True)
class Sized:
    lines: int
    where: str  # 'tools/codegen/model.py', or 'aten_lite/dispatch/dispatcher.py:80 OpHandle.__init__'


def modules(root: Path) -> list[Sized]:
    """Every ``.py`` file of the trees with its line count, largest first."""
    found = [Sized(len(path.read_text(encoding="utf-8").splitlines()),
                   path.relative_to(root).as_posix()) for path in _files(root)]
    return sorted(found, key=lambda s: (-s.lines, s.where))


def functions(root: Path) -> list[Sized]:
    """Every function and method of the trees (nested ones too) with its line count, from
    ``def`` (decorators excluded) to its last line, largest first."""
    found = []
    for path in _files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root).as_posix()
        for qualname, node in _defs(tree.body, ""):
            end = node.end_lineno or node.lineno
            found.append(Sized(end - node.lineno + 1, f"{rel}:{node.lineno} {qualname}"))
    return sorted(found, key=lambda s: (-s.lines, s.where))


def _files(root: Path) -> list[Path]:
    return sorted(p for tree in TREES for p in (root / tree).rglob("*.py")
                  if "__pycache__" not in p.parts)


def _defs(body: list[ast.stmt],
          prefix: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from _defs(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _defs(node.body, f"{prefix}{node.name}.")
        else:  # defs inside if/try/with blocks at any level
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    stmts = [s for s in inner if isinstance(s, ast.stmt)]
                    stmts += [s for h in inner if isinstance(h, ast.ExceptHandler)
                              for s in h.body]
                    yield from _defs(stmts, prefix)


def report(root: Path, top: int = TOP) -> str:
    lines = [f"size report ({', '.join(t + '/' for t in TREES)}; style: modules ~400 lines, "
             "functions ~40)", "largest modules (lines):"]
    lines += [f"  {s.lines:>4}  {s.where}" for s in modules(root)[:top]]
    lines.append("largest functions (lines):")
    lines += [f"  {s.lines:>4}  {s.where}" for s in functions(root)[:top]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]))
