"""Names an op may not take, because its binding would replace something else.

Note [Names an op may not take]
An op's name becomes a Python name in three places: a function of generated/ops.py, a name of
the ``aten_lite`` namespace (``from ._ops import *``), and, when a formula calls it, an import
of generated/autograd_nodes.py; with ``variants: method`` also a Tensor attribute. Each place
already holds names of its own, and the op would silently replace them (an op named
``Tensor`` turned ``al.Tensor`` into a function; ``_d`` or ``_MISSING`` broke
``import aten_lite``). So ``check_op_names`` refuses, at the entry's line:

* dunder names (``__import__``): Tensor's operators are generated from plain ops (api_operators);
* the names the generated modules bind for themselves, read from the templates' own header
  (the code before the first template tag) with ``ast``, so the list is never a copy;
* the names the runtime's ``aten_lite`` namespace defines (``Tensor``, ``Size``, ``device``,
  dtype names, factories, submodules...), from its manifest (Note [The runtime manifest] in
  aten_lite/vocab/manifest.py);
* the helpers of aten_lite/autograd/formulas.py, which formulas would no longer reach;
* for a method, the attributes the runtime gives Tensor by hand (``shape``, ``grad``...).

Names the generator derives from op names (``_H_add``, ``_m_add``) are checked on the rendered
module instead (``check_rendered``): a name bound twice at the top of a generated module is
a clash, whatever produced it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterable

from .spec import NativeFunction

TEMPLATES = Path(__file__).resolve().parent / "templates"
# Generated Python modules whose top level an op's name may land in.
PYTHON_TEMPLATES = ("ops.py.j2", "autograd_nodes.py.j2", "registry.py.j2")


def template_names() -> dict[str, str]:
    """Name -> the generated module whose header binds it (``'_d': 'generated/ops.py'``)."""
    out: dict[str, str] = {}
    for template in PYTHON_TEMPLATES:
        text = (TEMPLATES / template).read_text(encoding="utf-8")
        for name in top_level_names(_parse_header(text)):
            out.setdefault(name, "generated/" + template.removesuffix(".j2"))
    return out


def _parse_header(template: str) -> ast.Module:
    """The complete statements before a template's first tag (a statement the tag cuts, like
    registry's ``OPS = (``, is dropped: what it binds is checked on the rendered module)."""
    lines = re.split(r"\{[{%]", template, maxsplit=1)[0].splitlines()
    while lines:
        try:
            return ast.parse("\n".join(lines))
        except SyntaxError:
            lines.pop()
    return ast.Module(body=[], type_ignores=[])


def top_level_names(tree: ast.Module) -> list[str]:
    """Every name a module binds at its top level, in order, repeats kept."""
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names += [(a.asname or a.name).split(".")[0] for a in node.names if a.name != "*"]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


class Reserved:
    """What each name is already used for (None parts: no runtime manifest to say)."""

    def __init__(self, namespace: frozenset[str] | None, tensor_attrs: frozenset[str] | None,
                 helpers: frozenset[str] | None) -> None:
        self.generated = template_names()
        self.namespace = namespace or frozenset()  # Note [The runtime manifest]
        self.helpers = helpers or frozenset()
        self.tensor_attrs = tensor_attrs or frozenset()

    def why_not(self, nf: NativeFunction) -> str | None:
        """Why ``nf``'s name may not be used, as the end of a message; None when it may."""
        name = nf.func.name.name
        python = str(name)
        if name.dunder_method:
            return (f"'{python}' is a Python special name; Tensor's operators (__add__...) are "
                    "generated from the plain ops they call, so give the op a plain name")
        if python in self.namespace:
            return (f"'{python}' would replace al.{python}, which aten_lite defines by hand; "
                    "rename the op")
        if python in self.generated:
            return (f"'{python}' is a name {self.generated[python]} uses for itself; "
                    "rename the op")
        if python in self.helpers:
            return (f"'{python}' would hide the formula helper {python} of "
                    "aten_lite/autograd/formulas.py; rename the op or the helper")
        if "method" in nf.variants and python in self.tensor_attrs:
            return (f"'{python}', as a method, would replace Tensor.{python}, which the runtime "
                    "defines by hand; rename the op, or drop 'method'")
        return None


def check_op_names(native: Iterable[NativeFunction], reserved: Reserved) -> list[tuple[NativeFunction, str]]:
    """(entry, why) for each entry whose name may not be used (Note [Names an op may not
    take]); one report per name, at its first entry."""
    out, seen = [], set()
    for nf in native:
        python = str(nf.func.name.name)
        why = reserved.why_not(nf)
        if why is not None and python not in seen:
            seen.add(python)
            out.append((nf, why))
    return out


# The statements that bind a name at the top of a generated module, which starts them in
# column 0 (its strings and docstrings are indented or on one line): `def f(`, `class C`,
# `x = ...`, and `from m import a, b as c` (in parentheses over several lines, too).
_BINDING = re.compile(r"^(?:(?:def|class)\s+(?P<def>\w+)|(?P<assign>\w+)\s*(?::[^=\n]*)?=(?!=)"
                      r"|(?:from\s+\S+\s+)?import\s+(?P<imports>\([^)]*\)|[^\n]*))",
                      re.MULTILINE)


def rendered_names(text: str) -> list[str]:
    r"""The top-level names a generated module binds, repeats kept: ``top_level_names`` by a
    line scan, since parsing the 4,000-line ops.py on every run would double --check's time.

        >>> rendered_names("from m import (\n    a,\n    b as c,\n)\nx = 1\ndef f():\n    y = 2\n")
        ['a', 'c', 'x', 'f']
    """
    names = []
    for m in _BINDING.finditer(text):
        if m["imports"] is not None:
            for part in re.sub(r"#[^\n]*", "", m["imports"]).strip("() \n").split(","):
                words = part.split()
                if words and words[0] != "*":
                    names.append(words[-1].split(".")[0])
        else:
            names.append(m["def"] or m["assign"])
    return names


def check_rendered(path: str, text: str, ops: Iterable[NativeFunction]) -> list[str]:
    """Messages for op names that collide with another top-level name of a rendered module."""
    seen: set[str] = set()
    twice = set()
    for name in rendered_names(text):
        if name in seen:
            twice.add(name)
        seen.add(name)
    messages = []
    for nf in ops:
        python = str(nf.func.name.name)
        if python in twice:
            messages.append(f"{nf.loc}: {nf.func.name}: the op name '{python}' is also a name "
                            f"{path} defines for its own use; rename the op")
            twice.discard(python)
    return messages
