"""Op libraries outside the tree: a user's own YAML, loaded with aten_lite's checks,
rendered by aten_lite's emitters, under a namespace of its own.

    >>> lib = Library.at("myops", "myops")           # doctest: +SKIP
    >>> files = render(lib)                           # {path inside lib.out: text}

Note [Op library namespaces]
A library's ops are the ops of its YAML, named ``NS::op`` at run time (``myops::mish``; the
handle, the autograd recorder, the kernel tables), so they can never replace an aten_lite op:
overriding one of those stays ``al.library.impl``. Inside the library's files everything is
as in the main tree: the schemas, the Python names of the bindings (``<lib>/ops.py`` defines
``mish``), the C++ registry names (the library's extension holds only its own kernels, Note
[Library kernels] in aten_lite/vocab/library_kernels.py). Two things cross namespaces, and both
are checked: a derivative formula may call aten_lite's ops (a name the library declares
itself wins), and a ``method`` variant becomes a Tensor attribute, so it may not be one that
aten_lite (or, at load time, another library) already defines.

Note [The library's type stub]
The generated ``<lib>/__init__.pyi`` types the library's functions as aten_lite's stub types its
own, and its Tensor methods too. A type checker cannot see methods added to aten_lite's
``Tensor`` class from another package (typing has no way to extend a class declared elsewhere;
only a checker plugin could), so the stub declares them on ``NS.Tensor``, a subclass of
``aten_lite.Tensor`` for type checkers; at run time ``NS.Tensor`` is ``aten_lite.Tensor``
itself, which holds the methods. The library's functions and methods take any aten_lite
Tensor and give an ``NS.Tensor``, so ``myops.mish(x).mish()`` checks; on a tensor typed
``aten_lite.Tensor`` (``al.randn(3).mish()``) a checker reports the method as missing:
annotate or ``typing.cast`` it as ``myops.Tensor``.

Messages are the main tree's, ``FILE:LINE: OP: what; what to do``, with FILE the library's
own file as the user named it (``<folder>/native_functions.yaml``); ``dispatch:`` kernels
are functions of the library's ``<folder>/kernels.py`` and ``cpp:`` templates its
``<folder>/csrc/<name>.h``.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import keyword
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import api_autograd, api_cpp, api_forward, api_operators, api_pyi, api_python
from . import api_registry, emit_autograd, emit_forward
from . import emit_cpp, emit_python, gen, vocab  # noqa: F401 (emit_python: the `py` filter)
from . import emit_fusion
from .checks import Problems, check_derivatives, check_native
from .formula_calls import check_calls, helper_signatures
from .load import load
from .load_derivatives import derivative_entry
from .load_entries import Context, Runtime, read_entries
from .load_native import KERNEL_HOME_HINT, native_entry
from .names import Reserved, check_op_names, check_rendered
from .spec import Derivative, Spec, SpecError
from .templating import ENV

KERNELS = "kernels.py"  # the library's Python kernels, named by `dispatch:`
GENERATED = "_generated"  # the default output folder, inside the library's folder
MANIFEST = "manifest.py"  # what the loader checks before it loads anything
SHIPPED_NATIVE = "native_functions.yaml"  # the library's YAML, copied into its build
# The folder an installed aten_lite ships its own YAML in (setup.py copies it there).
SHIPPED_SPEC = "spec"
# Namespaces a library may not take: aten_lite's own, and Python's.
RESERVED_NAMESPACES = frozenset(("aten", "al", "aten_lite", "ops", "library", "torch"))


class LibraryError(SpecError):
    """A library that cannot be generated: its folder, name or output, not its YAML."""

    def __init__(self, message: str) -> None:
        super().__init__([message])


@dataclass(frozen=True)
class Library:
    """One op library: where its sources are, its namespace, and where its build goes."""

    folder: Path  # holds native_functions.yaml, and optionally derivatives.yaml, kernels.py, csrc/
    name: str  # the namespace: al.ops.<name>.op, al.<name>.op, handles '<name>::op'
    out: Path  # the generated package (default: <folder>/_generated)
    display: str  # the folder as messages show it: its name ('myops')

    @staticmethod
    def at(folder: str | os.PathLike[str], name: str | None = None,
           out: str | os.PathLike[str] | None = None) -> "Library":
        path = Path(folder)
        if not (path / gen.NATIVE).is_file():
            raise LibraryError(f"{os.fspath(folder)}: no {gen.NATIVE} there; an op library is "
                               f"a folder holding {gen.NATIVE} (and optionally "
                               f"{gen.DERIVATIVES}, {KERNELS}, csrc/*.h)")
        name = name if name is not None else path.resolve().name
        check_namespace(name)
        # Messages and headers name the library's files by the folder's own name, so that the
        # generated text does not depend on where the generator ran from.
        display = path.resolve().name
        target = Path(out) if out is not None else path / GENERATED
        return Library(path.resolve(), name, target.resolve(), display)

    def file(self, name: str) -> str:
        """How messages name one of the library's files: ``myops/native_functions.yaml``."""
        return f"{self.display}/{name}"


def check_namespace(name: str) -> None:
    if not (name.isidentifier() and name.isascii()) or name.startswith("_"):
        raise LibraryError(f"library name {name!r} is not a namespace; use a Python identifier "
                           "that does not start with '_', e.g. --name myops")
    if name in RESERVED_NAMESPACES or keyword.iskeyword(name):
        raise LibraryError(f"library name {name!r} is reserved; choose another --name")


def qualified(namespace: str, op: str) -> str:
    return f"{namespace}::{op}"


# ---- aten_lite itself: the runtime the library builds against ------------------------------

def aten_root() -> Path:
    """The folder holding the ``aten_lite`` package this generator belongs to: the checkout
    (tools/codegen/ here) or site-packages (installed as the package aten_lite.codegen)."""
    root = Path(__file__).resolve().parent.parent.parent
    if not (root / "aten_lite" / "csrc" / "kernel_api.h").is_file():
        raise LibraryError(f"{root}: no aten_lite/csrc/kernel_api.h beside this generator; the "
                           "aten_lite install is incomplete (its headers ship in the wheel), "
                           "reinstall it")
    return root


def _constant(path: Path, name: str) -> object:
    """The literal a runtime module assigns to ``name``, read with ast: the generator never
    imports the runtime."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name
                                                for t in node.targets):
            return ast.literal_eval(node.value)
    raise LibraryError(f"{path} defines no {name}; reinstall aten_lite")


def aten_version(root: Path) -> str:
    return str(_constant(root / "aten_lite" / "frontend/tensor_api.py", "__version__"))


def abi_tag(root: Path) -> int:
    """The runtime's ``ABI_VERSION`` (Note [The library ABI] in aten_lite/frontend/oplib.py)."""
    path = root / "aten_lite" / "vocab/library_kernels.py"
    tag = _constant(path, "ABI_VERSION")
    if not isinstance(tag, int) or isinstance(tag, bool):
        raise LibraryError(f"{path}: ABI_VERSION is {tag!r}, not an int; reinstall aten_lite")
    return tag


def main_spec(root: Path) -> Spec:
    """aten_lite's own ops, for formulas that call them and method names a library may not
    take: the checkout's YAML, or the copy an installed aten_lite ships."""
    for folder in (root, root / "aten_lite" / "codegen" / SHIPPED_SPEC):
        if (folder / gen.NATIVE).is_file():
            # Checked when aten_lite was built; read without the runtime checks, which in an
            # install would see the generated ops as names aten_lite defines by hand.
            return load(folder / gen.NATIVE, folder / gen.DERIVATIVES, runtime_root=None)
    raise LibraryError(f"{root}: aten_lite's own {gen.NATIVE} is not there nor in "
                       f"aten_lite/codegen/{SHIPPED_SPEC}/; reinstall aten_lite")


# ---- loading the library's YAML ------------------------------------------------------------

def _runtime(lib: Library, root: Path, problems: Problems) -> Runtime:
    """aten_lite's shape rules, formula helpers and Tensor attributes; the library's kernels."""
    base = Runtime.read(root, problems)
    kernels_py = lib.folder / KERNELS
    names = _top_level_names(kernels_py) if kernels_py.is_file() else frozenset()
    headers = frozenset(h.stem for h in (lib.folder / "csrc").glob("*.h"))
    return dataclasses.replace(base, kernels={k: names for k in vocab.BACKEND_MODULES},
                               headers=headers)


def _top_level_names(path: Path) -> frozenset[str]:
    """The names a library's ``kernels.py`` binds at its top level (functions, classes,
    assignments, imports; inside top-level ``if``/``try``/``with`` blocks too), read with
    ``ast``: the generator runs none of the library's code. Raises SyntaxError."""
    names: set[str] = set()
    todo: list[ast.stmt] = list(ast.parse(path.read_text(encoding="utf-8"), str(path)).body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody"):
                todo.extend(getattr(node, block, []))
            for handler in getattr(node, "handlers", []):
                todo.extend(handler.body)
    return frozenset(names)


def _relocated(lib: Library, message: str) -> str:
    """A loader message about a kernel or header names the library's file, not aten_lite's."""
    for package in set(vocab.BACKEND_MODULES.values()):
        message = message.replace(f"aten_lite/backends/{package}/", lib.file(KERNELS))
    message = message.replace(KERNEL_HOME_HINT, "define it there")
    return message.replace("'aten_lite/csrc/", f"'{lib.display}/csrc/")


def load_spec(lib: Library, root: Path, main: Spec) -> Spec:
    """The library's checked spec; SpecError lists every problem, at the library's lines."""
    problems = Problems()
    runtime = _runtime(lib, root, problems)
    ctx = Context(lib.file(gen.NATIVE), problems, runtime, frozenset())
    entries = read_entries(lib.folder / gen.NATIVE, ctx, native_entry)
    if entries is None:
        raise SpecError([_relocated(lib, m) for m in problems.messages()])
    native = check_native([w for w in entries if w is not None], problems)
    reserved = Reserved(None, runtime.tensor_attrs, runtime.helpers)
    for nf, why in check_op_names(native, reserved):
        problems.add(nf.loc, str(nf.func.name), f"the op name {why}")
    main_methods = {str(nf.func.name.name): nf for nf in main.native if "method" in nf.variants}
    for nf in native:
        taken = main_methods.get(str(nf.func.name.name))
        if "method" in nf.variants and taken is not None:
            problems.add(nf.loc, str(nf.func.name),
                         f"as a method, '{taken.func.name.name}' would replace Tensor."
                         f"{taken.func.name.name}, aten_lite's op ({taken.loc}); a library "
                         "cannot replace aten_lite's ops: drop 'method' from variants, or "
                         "override that op's kernel with al.library.impl")
    own = frozenset(nf.func.name.name.base for nf in native)
    visible = tuple(native) + tuple(nf for nf in main.native if nf.func.name.name.base not in own)
    op_names = frozenset(nf.func.name.name.base for nf in visible)
    methods = frozenset(str(nf.func.name.name) for nf in visible if "method" in nf.variants)
    derivatives: tuple[Derivative, ...] = ()
    if (lib.folder / gen.DERIVATIVES).is_file():
        ctx = Context(lib.file(gen.DERIVATIVES), problems, runtime, op_names, methods)
        derivatives = tuple(d for d in read_entries(lib.folder / gen.DERIVATIVES, ctx,
                                                    derivative_entry) or () if d)
    check_derivatives(derivatives, native, problems)
    if not problems:
        helpers = helper_signatures(runtime.helper_params)
        for loc, op, text in check_calls(derivatives, visible, runtime.tensor_attrs or frozenset(),
                                         helpers):
            problems.add(loc, op, text)
    if problems:
        raise SpecError([_relocated(lib, m) for m in problems.messages()])
    return Spec(tuple(native), derivatives)


# ---- rendering ---------------------------------------------------------------------------

def _qualify_record(ns: str, r: api_registry.Record) -> api_registry.Record:
    fields = []
    for key, value in r.fields:
        if key == "name" or (key == "functional" and value != "None"):
            value = repr(qualified(ns, ast.literal_eval(value)))
        fields.append((key, value))
    return dataclasses.replace(r, name=qualified(ns, r.name), fields=tuple(fields))


def _qualify_group(ns: str, g: api_python.Group) -> api_python.Group:
    qualname = g.qualname if g.method else f"al.{ns}.{g.qualname.removeprefix('al.')}"
    return dataclasses.replace(g, qualname=qualname,
                               ops=tuple(qualified(ns, op) for op in g.ops))


def _python(lib: Library, spec: Spec) -> dict[str, str]:
    records = api_registry.records(spec)
    functions, methods, groups = api_python.bindings(spec)
    operators = api_operators.dunders(spec)
    public = [b.name for b in functions if not b.name.startswith("_")]
    records = [_qualify_record(lib.name, r) for r in records]
    groups = [_qualify_group(lib.name, g) for g in groups]
    return {
        "registry.py": ENV.get_template("registry.py.j2").render(records=records),
        "ops.py": ENV.get_template("ops.py.j2").render(
            records=records, groups=groups, functions=functions, methods=methods,
            operators=operators, public=public),
    }


def _autograd(spec: Spec, main: Spec) -> str:
    """autograd_nodes.py: emit_autograd's nodes, with formulas that may call aten_lite's ops
    (imported from aten_lite) besides the library's own (imported from .ops)."""
    own = frozenset(nf.func.name.name.base for nf in spec.native)
    op_names = own | frozenset(nf.func.name.name.base for nf in main.native)
    names = api_autograd.node_class_names(spec.derivatives)
    nodes: dict[str, api_autograd.BackwardNode] = {}
    problems: list[str] = []
    for d in spec.derivatives:
        try:
            nodes[str(d.func.name)] = api_autograd.backward_node(d, names[str(d.func.name)],
                                                                 op_names)
        except SpecError as exc:
            problems.extend(exc.messages)
    recorders = []
    try:
        recorders = api_autograd.recorders(spec.native, spec.derivatives, nodes)
    except SpecError as exc:
        problems.extend(exc.messages)
    if problems:
        raise SpecError(problems)
    used = {op for n in nodes.values() for op in n.ops_used}
    return ENV.get_template("autograd_nodes.py.j2").render(
        ops_import=_ops_import(used, own),
        nodes=[emit_autograd._node_view(n) for n in nodes.values()],
        recorders=[emit_autograd._recorder_view(r) for r in recorders])


def _forward(lib: Library, spec: Spec, main: Spec) -> str:
    """forward_rules.py: emit_forward's module, with the rules the main tree's ops get (Note
    [Forward rules] in api_forward.py), keyed by the library's run-time names (``NS::op``);
    formulas may call aten_lite's ops besides the library's own."""
    own = frozenset(nf.func.name.name.base for nf in spec.native)
    rules = api_forward.rules(spec, own | frozenset(nf.func.name.name.base for nf in main.native))
    used = {op for r in rules for op in r.ops_used}
    return emit_forward.render(rules, _ops_import(used, own), lambda op: qualified(lib.name, op))


def _ops_import(used: set[str], own: frozenset[str]) -> list[str]:
    """The lines importing the ops formulas call: aten_lite's, then the library's (.ops)."""
    lines = []
    for module, ops in (("aten_lite._generated.ops", sorted(used - own)),
                        (".ops", sorted(used & own))):
        if ops:
            lines += [f"from {module} import (  # the ops the formulas call",
                      *(f"    {op}," for op in ops), ")"]
    return lines


def _cpp(lib: Library, spec: Spec) -> dict[str, str]:
    """csrc/<op>.cpp per kernel; a `cpp:` template includes the library's own header, which
    is copied beside it."""
    out = {}
    for k in api_cpp.cpp_kernels(spec):
        text = emit_cpp.render_kernel(k)
        name = k.path.rsplit("/", 1)[1]
        if k.kind == "custom":
            text = text.replace(f'#include "{k.header}"', f'#include "{Path(k.header).name}"')
            header = lib.folder / "csrc" / Path(k.header).name
            out[f"csrc/{header.name}"] = header.read_text(encoding="utf-8")
        text = text.replace(f'"{k.path}"', f'"csrc/{name}"')
        out[f"csrc/{name}"] = text
    return out


def _header(lib: Library, digest: str) -> list[str]:
    sources = f"{lib.file(gen.NATIVE)} and {lib.file(gen.DERIVATIVES)}"
    return [f"@generated from {sources} (sha256 {digest}), op library '{lib.name}'.",
            f"Do not edit: change the YAML and run `aten-lite-gen library {lib.display} "
            f"--name {lib.name}`."]


def source_digest(lib: Library) -> str:
    """A hash of everything a build is made from: the library's files and aten_lite's ABI."""
    h = hashlib.sha256(lib.name.encode() + b"\0")
    for name in (gen.NATIVE, gen.DERIVATIVES, KERNELS):
        path = lib.folder / name
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"") + b"\0")
    for header in sorted((lib.folder / "csrc").glob("*.h")):
        h.update(header.name.encode() + b"\0" + header.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def render(lib: Library, root: Path | None = None, main: Spec | None = None) -> dict[str, str]:
    """Every file of the library's generated package but its extension module, in memory:
    {path relative to ``lib.out``: text}. Raises SpecError (all problems, located)."""
    root = root if root is not None else aten_root()
    main = main if main is not None else main_spec(root)
    spec = load_spec(lib, root, main)
    files: dict[str, str] = {}
    problems: list[str] = []
    parts: tuple[Callable[[], dict[str, str]], ...] = (
        lambda: _python(lib, spec), lambda: {"autograd_nodes.py": _autograd(spec, main)},
        lambda: {"forward_rules.py": _forward(lib, spec, main)}, lambda: _cpp(lib, spec),
        lambda: {"fusion_table.py": emit_fusion.render(spec)})
    for part in parts:
        try:
            files.update(part())
        except SpecError as exc:
            problems += exc.messages
    for path in ("ops.py", "autograd_nodes.py", "forward_rules.py", "registry.py"):
        if path in files:
            problems += check_rendered(path, files[path], spec.native)
    if problems:
        raise SpecError([_relocated(lib, m) for m in dict.fromkeys(problems)])
    digest = source_digest(lib)
    if (lib.folder / KERNELS).is_file():
        files[KERNELS] = (lib.folder / KERNELS).read_text(encoding="utf-8")
    # The YAML ships with the build, unchanged (its lines are what messages and #line name;
    # graph mode's fused kernels read the build's fusion_table.py, Note [The fusion table]).
    files[SHIPPED_NATIVE] = (lib.folder / gen.NATIVE).read_text(encoding="utf-8")
    files["__init__.py"] = ENV.get_template("library_init.py.j2").render(
        name=lib.name, public=_public(files["ops.py"]))
    stub_functions, stub_methods, _ = api_pyi.stubs(spec)
    files["__init__.pyi"] = ENV.get_template("library_init.pyi.j2").render(
        name=lib.name, functions=[_stub(s) for s in stub_functions],
        methods=[_stub(s) for s in stub_methods], public=[*_public(files["ops.py"]), "Tensor"])
    files["py.typed"] = ""
    files[MANIFEST] = ENV.get_template("library_manifest.py.j2").render(
        name=lib.name, version=aten_version(root), abi=abi_tag(root), digest=digest,
        native=lib.file(gen.NATIVE))
    header = _header(lib, digest)
    return {path: (text if path in (KERNELS, "py.typed", SHIPPED_NATIVE) or path.endswith(".h")
                   else gen._with_header(path, text, header))
            for path, text in sorted(files.items())}


def _stub(s: api_pyi.Stub) -> api_pyi.Stub:
    """A stub `def` of the library (Note [The library's type stub]): its parameters take any
    aten_lite Tensor (``_Tensor``), its results are the library's Tensor (``Tensor``)."""
    return dataclasses.replace(s, params=re.sub(r"\bTensor\b", "_Tensor", s.params))


def _public(ops_text: str) -> list[str]:
    """The names of ops.py's ``__all__``, for the package's own ``__all__``."""
    tree = ast.parse(ops_text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__":
            return list(ast.literal_eval(node.value))
    return []

