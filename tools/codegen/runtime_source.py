"""Where the runtime defines what the YAML names, for `aten-lite-gen show`: read from its source
files with ``ast`` (Python) and a line scanner (C++ headers), never imported.

Note [Finding hand-written definitions]
The generator never imports the runtime (Note [Runtime data files] in runtime_data.py), and
the runtime's module layout changes more often than the YAML: so nothing here names a module
file. A definition is searched for by its role, inside the runtime package (the ``aten_lite``
folder beside this generator, ``runtime_data.runtime_package``):

* a ``dispatch:`` kernel from the family modules the backend package of its key registers
  (``backends/<vocab.BACKEND_MODULES[key]>/__init__.py`` lists them in ``FAMILIES``, and its
  kernels are the union of their ``__all__``, as the runtime's ``backends/__init__.py`` says),
  else from the backend module itself; a generic kernel's factory
  (``make_elementwise``...) from that backend module, which imports it;
* a ``shape:`` rule from a package whose folder is named for shapes (``rules/shapes/``,
  ``rules/shapes/``);
* a formula helper from the modules the generated autograd nodes star-import (``from
  aten_lite.autograd.formulas import *`` in templates/autograd_nodes.py.j2).

From that module the name is followed as Python binds it: its own ``def``/``class``/assignment,
an explicit ``from .x import name``, or a ``from .x import *`` whose ``__all__`` (or, without
one, whose public names) holds it; so a name defined in several modules resolves to the one the
runtime uses, and ``show`` says which module exported it. When the chain cannot be followed,
every top-level definition of the name in the role's folder is a candidate, and all are named.
Parsed files are cached for the life of the process.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import vocab
from .runtime_data import runtime_package

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass(frozen=True)
class Definition:
    """One hand-written definition: ``path:line`` relative to the runtime package's parent."""

    name: str
    path: str  # "aten_lite/backends/cpu/linalg.py"
    line: int
    kind: str  # "def", "class", "assignment" (Python); "struct", "using", "function" (C++)
    via: str = ""  # the module the name was reached from, when it is not ``path``
    others: tuple[str, ...] = ()  # the other definitions of the name in the searched folder

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"

    def note(self) -> str:
        """" (exported by X; also defined at Y)": how it was chosen, when that is news."""
        parts = []
        if self.via and self.via != self.path:
            parts.append(f"exported by {self.via}")
        if self.others:
            parts.append(f"also defined at {', '.join(self.others)}")
        return f" ({'; '.join(parts)})" if parts else ""


# ---- Python ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Binding:
    line: int
    name: str  # the name bound ("*" for a star import)
    kind: str  # "def", "class", "assignment", "import", "star"
    module: str = ""  # for imports: the dotted module imported from
    original: str = ""  # for an explicit import: the name in that module


@dataclass(frozen=True)
class _Module:
    path: str  # relative to the package's parent
    dotted: str  # "aten_lite.backends.cpu"
    bindings: tuple[_Binding, ...]
    all_names: tuple[str, ...] | None  # __all__ when written as literals, else None
    all_from: tuple[str, ...]  # modules whose __all__ is added to this one's (`__all__ += x`)
    families: tuple[str, ...] = ()  # the names a backend package's `FAMILIES = (...)` lists


class RuntimeSource:
    """The runtime package's source, parsed on demand."""

    def __init__(self, package: Path) -> None:
        self.package = package.resolve()
        self.base = self.package.parent  # paths are shown relative to this
        self._modules: dict[str, _Module | None] = {}

    # -- files and modules --

    def _rel(self, path: Path) -> str:
        return path.resolve().relative_to(self.base).as_posix()

    def file_of(self, dotted: str) -> Path | None:
        """The file of the runtime module ``dotted`` (aten_lite.backends.cpu), or None."""
        parts = dotted.split(".")
        if parts[0] != self.package.name:
            return None
        folder = self.package.joinpath(*parts[1:])
        for candidate in (folder.with_suffix(".py"), folder / "__init__.py"):
            if candidate.is_file():
                return candidate
        return None

    def module(self, path: Path) -> _Module | None:
        """The parsed module at ``path``; None when it cannot be read or parsed."""
        key = str(path.resolve())
        if key not in self._modules:
            self._modules[key] = self._parse(path)
        return self._modules[key]

    def _parse(self, path: Path) -> _Module | None:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except (OSError, SyntaxError, UnicodeDecodeError):
            return None
        rel = self._rel(path)
        parts = rel.removesuffix(".py").split("/")
        is_package = parts[-1] == "__init__"
        dotted = ".".join(parts[:-1] if is_package else parts)
        package = dotted if is_package else dotted.rpartition(".")[0]
        bindings: list[_Binding] = []
        all_names: list[str] | None = []
        all_from: list[str] = []
        all_aliases: dict[str, str] = {}  # `from .x import __all__ as y`: y -> x
        declared = False  # whether the module assigns __all__ at all
        families: list[str] = []
        for node in _top_level(tree.body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                bindings.append(_Binding(node.lineno, node.name, "def"))
            elif isinstance(node, ast.ClassDef):
                bindings.append(_Binding(node.lineno, node.name, "class"))
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(package, node.module, node.level)
                for alias in node.names:
                    if alias.name == "*":
                        bindings.append(_Binding(node.lineno, "*", "star", source))
                    elif alias.name == "__all__":
                        all_aliases[alias.asname or alias.name] = source
                    else:
                        bindings.append(_Binding(node.lineno, alias.asname or alias.name,
                                                 "import", source, alias.name))
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if "__all__" in names:
                    declared = True
                    all_names = _all_update(node, all_names, all_from, all_aliases)
                    continue
                if names == ["FAMILIES"] and isinstance(node.value, (ast.Tuple, ast.List)):
                    families = [e.id for e in node.value.elts if isinstance(e, ast.Name)]
                bindings.extend(_Binding(node.lineno, n, "assignment") for n in names)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                    and _is_all_call(node):
                all_names = _all_call(node.value, all_names)
        return _Module(rel, dotted, tuple(bindings),
                       tuple(all_names) if declared and all_names is not None else None,
                       tuple(all_from), tuple(families))

    def exports(self, dotted: str, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        """The names ``from dotted import *`` binds: its ``__all__``, else its public names."""
        path = self.file_of(dotted)
        mod = self.module(path) if path is not None else None
        if mod is None or dotted in seen:
            return frozenset()
        seen = seen | {dotted}
        if mod.all_names is not None:
            names = set(mod.all_names)
            for other in mod.all_from:
                names |= self.exports(other, seen)
            return frozenset(names)
        names = {b.name for b in mod.bindings if b.kind != "star" and not b.name.startswith("_")}
        for b in mod.bindings:
            if b.kind == "star":
                names |= self.exports(b.module, seen)
        return frozenset(names)

    def resolve(self, dotted: str, name: str,
                seen: frozenset[tuple[str, str]] = frozenset()) -> Definition | None:
        """Where ``name`` of the runtime module ``dotted`` is defined, followed through its
        imports as Python binds it (the last binding wins; a def or class of the module itself
        wins over a later assignment that rewraps it)."""
        path = self.file_of(dotted)
        mod = self.module(path) if path is not None else None
        if mod is None or (dotted, name) in seen:
            return None
        seen = seen | {(dotted, name)}
        own = [b for b in mod.bindings if b.name == name and b.kind in ("def", "class")]
        if own:
            return Definition(name, mod.path, own[0].line, own[0].kind)
        for b in sorted(mod.bindings, key=lambda b: b.line, reverse=True):
            if b.kind == "assignment" and b.name == name:
                return Definition(name, mod.path, b.line, b.kind)
            if b.kind == "import" and b.name == name:
                found = self.resolve(b.module, b.original, seen)
                if found is not None:
                    return found
            if b.kind == "star" and name in self.exports(b.module):
                found = self.resolve(b.module, name, seen)
                if found is not None:
                    return found
        return None

    def definitions(self, folder: Path, name: str) -> list[Definition]:
        """Every top-level def, class or assignment of ``name`` in the files under ``folder``."""
        found = []
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            mod = self.module(path)
            if mod is None:
                continue
            for b in mod.bindings:
                if b.name == name and b.kind in ("def", "class", "assignment"):
                    found.append(Definition(name, mod.path, b.line, b.kind))
        return found

    def find(self, name: str, entries: list[str], folder: Path) -> Definition | None:
        """``name`` as the first of the modules ``entries`` that binds it resolves it, naming
        the other definitions in ``folder``; else the definitions in ``folder`` (the first,
        naming the rest); None when there is none."""
        everywhere = self.definitions(folder, name) if folder.is_dir() else []
        for dotted in entries:
            found = self.resolve(dotted, name)
            if found is not None:
                path = self.file_of(dotted)
                others = tuple(str(d) for d in everywhere if str(d) != str(found))
                return Definition(found.name, found.path, found.line, found.kind,
                                  self._rel(path) if path is not None else "", others)
        if not everywhere:
            return None
        first = everywhere[0]
        return Definition(name, first.path, first.line, first.kind, "",
                          tuple(str(d) for d in everywhere[1:]))

    # -- roles (Note [Finding hand-written definitions]) --

    def backends_folder(self) -> Path:
        return self.package / "backends"

    def backend_modules(self, key: str) -> list[str]:
        """The dotted module of the backend of dispatch key ``key``."""
        module = vocab.BACKEND_MODULES.get(key)
        if module is None:
            return []
        return [f"{self.package.name}.backends.{module}"]

    def backend_folder(self, key: str) -> Path:
        """Where the backend's kernels live: its package when it is one, else backends/."""
        module = vocab.BACKEND_MODULES.get(key, "")
        folder = self.backends_folder() / module
        return folder if module and (folder / "__init__.py").is_file() else self.backends_folder()

    def family_modules(self, key: str) -> list[str]:
        """The dotted modules the backend package of ``key`` lists in ``FAMILIES``, as its
        imports bind them (``from . import views``, ``from .. import coo``)."""
        found = []
        for dotted in self.backend_modules(key):
            path = self.file_of(dotted)
            mod = self.module(path) if path is not None else None
            if mod is None:
                continue
            for family in mod.families:
                for b in mod.bindings:
                    if b.kind == "import" and b.name == family:
                        sub = f"{b.module}.{b.original}"
                        found.append(sub if self.file_of(sub) is not None else b.module)
        return found

    def kernel(self, key: str, name: str) -> Definition | None:
        """A ``dispatch:`` kernel (or a generic kernel's factory) of dispatch key ``key``. Its
        namesakes that other backends export (each backend's ``make_elementwise``) are theirs,
        not other candidates for this one."""
        registers = [m for m in self.family_modules(key) if name in self.exports(m)]
        found = self.find(name, registers + self.backend_modules(key), self.backend_folder(key))
        if found is None or not found.others:
            return found
        theirs = {str(d) for other in vocab.BACKEND_MODULES if other != key
                  for module in self.backend_modules(other)
                  for d in [self.resolve(module, name)] if d is not None}
        return dataclasses.replace(found, others=tuple(o for o in found.others
                                                       if o not in theirs))

    def has_kernel(self, key: str, name: str) -> bool:
        """Whether the backend module of ``key`` binds ``name`` (the runtime's hasattr)."""
        return any(self.resolve(m, name) is not None for m in self.backend_modules(key))

    @lru_cache(maxsize=None)
    def shape_packages(self) -> tuple[Path, ...]:
        """The packages that hold shape rules: folders named for shapes, with __init__.py."""
        return tuple(sorted(p.parent for p in self.package.rglob("__init__.py")
                            if "shape" in p.parent.name and "__pycache__" not in p.parts))

    def shape_rule(self, name: str) -> Definition | None:
        for folder in self.shape_packages():
            found = self.find(name, [self._dotted(folder / "__init__.py")], folder)
            if found is not None:
                return found
        return None

    @lru_cache(maxsize=None)
    def helper_modules(self) -> tuple[str, ...]:
        """The modules whose names the generated autograd nodes and forward rules star-import
        (where a formula's helpers come from)."""
        star = re.compile(rf"^from ({re.escape(self.package.name)}\.[\w.]+) import \*", re.M)
        found: list[str] = []
        for template in ("autograd_nodes.py.j2", "forward_rules.py.j2"):
            path = _TEMPLATES / template
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            found += [m for m in star.findall(text) if m not in found]
        return tuple(found)

    def helper(self, name: str) -> Definition | None:
        """A formula helper: a name the star-imported helper modules export."""
        for dotted in self.helper_modules():
            if name in self.exports(dotted):
                path = self.file_of(dotted)
                folder = path.parent if path is not None else self.package
                return self.find(name, [dotted], folder)
        return None

    def _dotted(self, path: Path) -> str:
        parts = self._rel(path).removesuffix(".py").split("/")
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The module's statements, those inside top-level if/try/with blocks included."""
    out: list[ast.stmt] = []
    for node in body:
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody"):
                out.extend(_top_level(getattr(node, block, [])))
            for handler in getattr(node, "handlers", []):
                out.extend(_top_level(handler.body))
        else:
            out.append(node)
    return out


def _absolute(package: str, module: str | None, level: int) -> str:
    """The dotted module a ``from`` import names, from inside ``package``."""
    if level == 0:
        return module or ""
    base = package.split(".")
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, module] if module else base)


def _strings(node: ast.AST) -> list[str] | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _all_update(node: ast.stmt, names: list[str] | None, all_from: list[str],
                aliases: dict[str, str]) -> list[str] | None:
    """``__all__`` after an assignment to it (None once it is not literal data)."""
    value = getattr(node, "value", None)
    if value is None:
        return names
    if isinstance(node, ast.AugAssign) and isinstance(value, ast.Name) and value.id in aliases:
        all_from.append(aliases[value.id])
        return names
    new = _strings(value)
    if new is None or names is None:
        return None
    return names + new if isinstance(node, ast.AugAssign) else new


def _is_all_call(node: ast.Expr) -> bool:
    call = node.value
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and
            isinstance(call.func.value, ast.Name) and call.func.value.id == "__all__")


def _all_call(call: ast.Call, names: list[str] | None) -> list[str] | None:
    """``__all__.append("x")`` / ``__all__.extend([...])``."""
    if names is None or not call.args or not isinstance(call.func, ast.Attribute):
        return None
    if call.func.attr == "append" and isinstance(call.args[0], ast.Constant):
        return names + [str(call.args[0].value)]
    if call.func.attr == "extend":
        new = _strings(call.args[0])
        return None if new is None else names + new
    return None


@lru_cache(maxsize=4)
def source(package: Path | None = None) -> RuntimeSource:
    """The runtime package's source (the one beside this generator by default), one reader
    per process."""
    return RuntimeSource(package if package is not None else runtime_package())


# ---- C++ ------------------------------------------------------------------------------------

_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
_NAMESPACE = re.compile(r"^\s*namespace\s+([\w:]+)\s*\{")
_QUALIFIED = re.compile(r"(?:::)?(?:\w+::)+\w+")


@dataclass(frozen=True)
class CppDefinition:
    name: str  # qualified: "::al::scan::Kernel"
    path: str  # relative to the root the headers are included from
    line: int
    text: str  # the defining line, stripped

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


class CppSource:
    """Headers under ``root`` (the ``-I`` root: the checkout, or the package's parent), each
    scanned once: which names each line defines, in which namespace."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._scanned: dict[str, list[tuple[int, str, str, str]] | None] = {}

    def path(self, rel: str) -> Path:
        """The file an include-root relative name ``rel`` is."""
        return self.root / rel

    def _lines(self, rel: str) -> list[tuple[int, str, str, str]] | None:
        """(line, namespace, defined name, line text) of each definition in ``rel``."""
        if rel in self._scanned:
            return self._scanned[rel]
        path = self.path(rel)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            self._scanned[rel] = None
            return None
        found: list[tuple[int, str, str, str]] = []
        stack: list[tuple[str, int]] = []  # (namespace, brace depth it opened at)
        depth = 0
        for i, raw in enumerate(text.splitlines(), 1):
            line = _code(raw)
            m = _NAMESPACE.match(line)
            if m:
                stack.append((m.group(1), depth))
            space = "::".join(n for n, _ in stack)
            for name in _defined(line):
                found.append((i, space, name, raw.strip()))
            depth += line.count("{") - line.count("}")
            while stack and depth <= stack[-1][1]:
                stack.pop()
        self._scanned[rel] = found
        return found

    def includes(self, rel: str) -> list[str]:
        """``rel`` and every local header it includes, transitively (include-root relative or
        beside the including file)."""
        order: list[str] = []
        todo = [rel]
        while todo:
            current = todo.pop(0)
            if current in order:
                continue
            path = self.path(current)
            if not path.is_file():
                continue
            order.append(current)
            for raw in path.read_text(encoding="utf-8").splitlines():
                m = _INCLUDE.match(raw)
                if not m:
                    continue
                beside = (Path(current).parent / m.group(1)).as_posix()
                todo.append(beside if self.path(beside).is_file() else m.group(1))
        return order

    def find(self, start: str, qualified: str) -> CppDefinition | None:
        """Where ``qualified`` (``::al::scan::Kernel``) is defined in ``start`` or the headers
        it includes; a definition in its namespace is preferred."""
        space, _, name = qualified.lstrip(":").rpartition("::")
        loose = None
        for rel in self.includes(start):
            for line, ns, defined, text in self._lines(rel) or ():
                if defined != name:
                    continue
                if ns == space:
                    return CppDefinition(qualified, rel, line, text)
                loose = loose or CppDefinition(qualified, rel, line, text)
        return loose

    def chain(self, start: str, qualified: str) -> list[CppDefinition]:
        """``qualified``'s definition, then those of the names an alias of it names
        (``using Kernel = ::al::scan::Kernel<::al::scan::Sum>``), depth first, each once."""
        out: list[CppDefinition] = []
        todo = [qualified]
        while todo:
            name = todo.pop(0)
            found = self.find(start, name)
            if found is None or any(str(d) == str(found) for d in out):
                continue
            out.append(found)
            if re.match(r"using\s+\w+\s*=", found.text):
                rhs = found.text.partition("=")[2]
                todo.extend(q if q.startswith("::") else f"::{q}" for q in _QUALIFIED.findall(rhs))
        return out


def _code(line: str) -> str:
    """The line without its // comment and string literals."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def _defined(line: str) -> list[str]:
    """The names a line of C++ defines: a struct or class (not a declaration), an alias, a
    function (a name followed by its parameters and a body)."""
    names = []
    for found in re.finditer(r"\b(?:struct|class)\s+(\w+)\b(?!\s*;)", line):
        names.append(found.group(1))
    alias = re.match(r"\s*(?:template\s*<[^>]*>\s*)?using\s+(\w+)\s*=", line)
    if alias:
        names.append(alias.group(1))
    m = re.match(r"\s*(?:template\s*<[^>]*>\s*)?(?:(?:inline|static|constexpr)\s+)*"
                 r"[\w:<>]+[\s*&]+(\w+)\s*\([^;]*$", line)
    if m and m.group(1) not in ("if", "for", "while", "switch", "return"):
        names.append(m.group(1))
    return names
