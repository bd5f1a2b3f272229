"""The runtime's imports obey the layers declared in docs/DESIGN.md ("Layers").

The table there assigns folders to layers: a row's ``aten_lite/vocab/`` owns every module in
that folder and below it, ``aten_lite/*.py`` the public modules at the top of the package (no
``*`` crosses a ``/``), and a few generated files are named one by one. Every module of
``aten_lite/`` and ``generated/`` must fall in exactly one row. Every
import (function-level ones too; not those under ``if TYPE_CHECKING:``, which never run) must go
to the importer's own layer or one below, no import cycle may exist, and the modules of a backend
package are its own: no other backend's module imports them, and a module outside the backends
imports only the package itself (its ``__init__.py``, the registration the install step reads).
Failures name the file and line of the import.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "docs" / "DESIGN.md"
# Source folder -> the package name it is imported as (pyproject.toml maps generated/ there).
PACKAGES = {"aten_lite": "aten_lite", "generated": "aten_lite._generated"}
# The public front: at most this many modules at the top of aten_lite/.
TOP_MODULES = 8


# ---- the declared table ----


def layer_table(design_text: str) -> list[tuple[int, str, list[str]]]:
    """(layer, name, path patterns) for each row of the table under '## Layers'."""
    section = design_text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        m = re.match(r"\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|(.*)\|\s*$", line)
        if m:
            rows.append((int(m[1]), m[2], re.findall(r"`([^`]+)`", m[3])))
    return rows


# ---- the modules and their imports ----


class Module:
    def __init__(self, name: str, path: str, file: Path | None) -> None:
        self.name = name  # 'aten_lite.backends.cpu'
        self.path = path  # 'aten_lite/backends/cpu/views.py', relative to the root
        self.file = file  # None for the C extension, which has no Python source
        self.is_package = file is not None and file.name == "__init__.py"


def discover(root: Path) -> dict[str, Module]:
    mods: dict[str, Module] = {"aten_lite._C": Module("aten_lite._C", "aten_lite/_C", None)}
    for folder, package in PACKAGES.items():
        for file in sorted((root / folder).rglob("*.py")):
            rel = file.relative_to(root / folder).with_suffix("")
            parts = list(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
            name = ".".join([package] + parts)
            mods[name] = Module(name, file.relative_to(root).as_posix(), file)
    return mods


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:`` (their imports never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def imports(mod: Module, mods: dict[str, Module]) -> list[tuple[int, str]]:
    """(line, imported module) for every import of a runtime module in ``mod``."""
    tree = ast.parse(mod.file.read_text(encoding="utf-8"), filename=mod.path)
    skip = _type_checking_nodes(tree)
    package = mod.name.split(".") if mod.is_package else mod.name.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # `from pkg import name` imports the module pkg.name when there is one.
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in mods else source
                       for a in node.names]
        else:
            continue
        for target in dict.fromkeys(targets):
            if target in mods and target != mod.name:
                found.append((node.lineno, target))
    return found


def matches(path: str, pattern: str) -> bool:
    """A folder pattern (``aten_lite/nn/``) owns everything below it; otherwise shell-style,
    with ``*`` inside one path component."""
    if pattern.endswith("/"):
        return path.startswith(pattern)
    return re.fullmatch(fnmatch.translate(pattern).replace(".*", "[^/]*"), path) is not None


def layer_of(mod: Module, table) -> list[int]:
    return [layer for layer, _, patterns in table
            if any(matches(mod.path, p) for p in patterns)]


def _owner(mod: Module) -> str | None:
    """The backend package (``aten_lite/backends/<name>/``) a module belongs to, or None: the
    modules directly in ``backends/`` are shared by every backend."""
    parts = mod.path.split("/")
    if parts[:2] != ["aten_lite", "backends"] or len(parts) < 4:
        return None
    return parts[2]


def check(root: Path, design_text: str) -> list[str]:
    """Every violation, as 'FILE:LINE: what; what to do'."""
    table = layer_table(design_text)
    mods = discover(root)
    problems, layers = [], {}
    for name, mod in mods.items():
        found = layer_of(mod, table)
        if len(found) != 1:
            where = "no row" if not found else f"rows {found}"
            problems.append(f"{mod.path}: matches {where} of the layer table in docs/DESIGN.md; "
                            "add it to exactly one")
        else:
            layers[name] = found[0]
    edges: dict[str, list[tuple[int, str]]] = {n: [] for n in mods}
    for name, mod in mods.items():
        if mod.file is None:
            continue
        for line, target in imports(mod, mods):
            edges[name].append((line, target))
            low, high = layers.get(target), layers.get(name)
            if low is not None and high is not None and low > high:
                problems.append(
                    f"{mod.path}:{line}: imports {mods[target].path} (layer {low}) from layer "
                    f"{high}; move the code down, or register it from above (docs/DESIGN.md, "
                    "Layers)")
            owner, other = _owner(mod), _owner(mods[target])
            # The package itself (its registration) is what the install step imports.
            entry = mods[target].is_package and not mod.path.startswith("aten_lite/backends/")
            if other is not None and owner != other and not entry:
                fix = ("move what both use to a shared module or the rules layer"
                       if mod.path.startswith("aten_lite/backends/") else
                       f"import the package aten_lite/backends/{other}/ (its registration)")
                problems.append(f"{mod.path}:{line}: imports {mods[target].path}, private to the "
                                f"{other} backend; {fix}")
    # Importing a submodule runs its packages' __init__ first: for cycles those are edges too.
    for name, found in edges.items():
        found += [(line, p) for line, t in list(found) for p in _packages_of(t)
                  if p in mods and p != name and not name.startswith(p + ".")]
    problems += [_describe(cycle, edges, mods) for cycle in cycles(edges)]
    return problems


def _packages_of(name: str) -> list[str]:
    """The packages above module ``name`` (``aten_lite.a.b`` -> ``aten_lite.a``), not the root."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(2, len(parts))]


def cycles(edges) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, it = work[-1]
            for _, nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    work.append((nxt, iter(edges[nxt])))
                    break
                if nxt in stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)
    return [_cycle_in(group, edges) for group in groups]


def _cycle_in(group: list[str], edges) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    members, start = set(group), sorted(group)[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for _, nxt in edges[node]:
            if nxt == start:
                return paths[node] + [start]
            if nxt in members and nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                todo.append(nxt)
    return [start, start]


def _describe(cycle: list[str], edges, mods) -> str:
    hops = []
    for a, b in zip(cycle, cycle[1:]):
        line = next(n for n, t in edges[a] if t == b)
        hops.append(f"{mods[a].path}:{line} imports {mods[b].path}")
    return ("import cycle: " + "; ".join(hops)
            + "; break it by registration (docs/DESIGN.md, Layers)")


# ---- the tests ----


def test_runtime_imports_obey_the_declared_layers():
    problems = check(ROOT, DESIGN.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_the_top_of_the_package_is_the_public_front():
    top = sorted(p.name for p in (ROOT / "aten_lite").glob("*.py"))
    assert len(top) <= TOP_MODULES, f"aten_lite/ holds {len(top)} modules: {top}; at most " \
        f"{TOP_MODULES}, the rest go into the folder of their layer"
    table = layer_table(DESIGN.read_text(encoding="utf-8"))
    assert [layer for layer, _, patterns in table if "aten_lite/*.py" in patterns] == [7]


def test_the_table_covers_every_layer_once_lowest_first():
    table = layer_table(DESIGN.read_text(encoding="utf-8"))
    assert [row[0] for row in table] == list(range(len(table)))
    assert len(table) == 8


# The checker itself, on a synthetic package with each kind of fault.
BAD_DESIGN = """
## Layers

| layer | name | modules |
|---|---|---|
| 0 | C core | `aten_lite/_C` |
| 1 | low | `aten_lite/low.py`, `aten_lite/twin_*.py` |
| 2 | backends | `aten_lite/backends/` |
| 3 | high | `aten_lite/__init__.py`, `aten_lite/high.py` |

## Next
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _bad_tree(tmp_path: Path, files: dict[str, str]) -> list[str]:
    base = {"aten_lite/__init__.py": "", "aten_lite/high.py": "", "aten_lite/low.py": "",
            "aten_lite/backends/__init__.py": ""}
    _write(tmp_path, {**base, **files})
    return check(tmp_path, BAD_DESIGN)


def test_checker_names_an_upward_import_inside_a_function(tmp_path):
    problems = _bad_tree(tmp_path, {
        "aten_lite/low.py": "x = 1\n\ndef f():\n    from . import high\n"})
    assert problems == [
        "aten_lite/low.py:4: imports aten_lite/high.py (layer 3) from layer 1; move the code "
        "down, or register it from above (docs/DESIGN.md, Layers)"]


def test_checker_names_a_cycle_within_one_layer(tmp_path):
    problems = _bad_tree(tmp_path, {
        "aten_lite/twin_a.py": "from . import twin_b\n",
        "aten_lite/twin_b.py": "import os\nfrom aten_lite.twin_a import x\n"})
    assert problems == [
        "import cycle: aten_lite/twin_a.py:1 imports aten_lite/twin_b.py; aten_lite/twin_b.py:2 "
        "imports aten_lite/twin_a.py; break it by registration (docs/DESIGN.md, Layers)"]


def test_checker_names_a_private_import_across_backends_and_an_unlisted_module(tmp_path):
    problems = _bad_tree(tmp_path, {
        "aten_lite/backends/meta/ops.py": "from ..cpu.ops import plan\nfrom ..shared import x\n",
        "aten_lite/backends/meta/__init__.py": "", "aten_lite/backends/cpu/__init__.py": "",
        "aten_lite/backends/cpu/ops.py": "", "aten_lite/backends/shared.py": "",
        "aten_lite/high.py": "from .backends import cpu\nfrom .backends.cpu import ops\n",
        "aten_lite/stray.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from . import high\n"})
    assert problems == [
        "aten_lite/stray.py: matches no row of the layer table in docs/DESIGN.md; add it to "
        "exactly one",
        "aten_lite/backends/meta/ops.py:1: imports aten_lite/backends/cpu/ops.py, private to "
        "the cpu backend; move what both use to a shared module or the rules layer",
        "aten_lite/high.py:2: imports aten_lite/backends/cpu/ops.py, private to the cpu "
        "backend; import the package aten_lite/backends/cpu/ (its registration)"]


def test_the_checker_keeps_star_inside_one_folder():
    assert matches("aten_lite/func.py", "aten_lite/*.py")
    assert not matches("aten_lite/nn/init.py", "aten_lite/*.py")
    assert matches("aten_lite/rules/shapes/core.py", "aten_lite/rules/")


def test_every_pattern_of_the_table_names_a_real_module():
    for layer, name, patterns in layer_table(DESIGN.read_text(encoding="utf-8")):
        for pattern in patterns:
            # aten_lite/_C is the built extension: _C.<platform tag>.so
            found = list(ROOT.glob(pattern)) or list(ROOT.glob(pattern + ".*"))
            assert found, f"docs/DESIGN.md's layer {layer} ({name}) names {pattern}; no such file"
