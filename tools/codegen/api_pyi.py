"""What ``aten_lite/_ops.pyi`` needs: one annotated ``def`` per way a user can call a generated
module function, Tensor method or operator (Note [The type stub]).

Note [The type stub]
Editors and type checkers cannot see the generated bindings: ``generated/`` becomes
``aten_lite._generated`` only through pyproject's package-dir (an editable install maps it
with an import hook no static tool follows), and methods are attached with ``setattr`` at
import. So the generator also writes one stub inside the runtime package, ``aten_lite/_ops.pyi``,
the stub of the real module ``aten_lite/_ops.py`` (which re-exports the generated functions).
Its ``__all__`` names the module functions, which ``aten_lite/__init__.py`` star-imports; its
class ``TensorOps`` declares every generated method and operator, and ``aten_lite/tensors/tensor.py``
makes it a base of ``Tensor`` for type checkers only (at run time the base is ``object``, so a
tensor costs nothing more). pyproject ships ``*.pyi`` and ``py.typed`` with the package
(PEP 561), so an installed aten_lite is typed too. ``tests/test_stub.py`` checks that the stub
declares exactly what the runtime has, with the same parameter names, and runs mypy on it.

    >>> from tools.codegen.model import Type
    >>> py_type(Type.parse("int[1]?"))
    'int | Sequence[int] | None'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .api_operators import dunders
from .api_python import accepts_numbers, pair_out_overloads, py_name, py_params
from .model import Argument, BaseTy, BaseType, ListType, OptionalType, SchemaKind, Type
from .spec import NativeFunction, Spec

STUB_PATH = "aten_lite/_ops.pyi"

# Dunders that typeshed's `object` declares with another signature (`__eq__(object) -> bool`):
# a tensor's comparison returns a Tensor, which a type checker reports as an unsafe override
# unless told that it is meant.
_OBJECT_DUNDERS = frozenset(("__eq__", "__ne__"))


@dataclass(frozen=True)
class Stub:
    """One `def` of the stub."""

    name: str
    params: str  # annotated parameter list
    returns: str  # return annotation
    overload: bool  # decorated with @overload (the name has several)
    suffix: str = ""  # a trailing comment (`# type: ignore[override]`)

    @property
    def decorators(self) -> tuple[str, ...]:
        return ("@overload",) if self.overload else ()


_PY_TYPES = {
    BaseTy.Tensor: "Tensor", BaseTy.int: "int", BaseTy.SymInt: "int", BaseTy.float: "float",
    BaseTy.bool: "bool", BaseTy.str: "str", BaseTy.Scalar: "Number", BaseTy.ScalarType: "DType",
    BaseTy.Layout: "Layout", BaseTy.Device: "Device | str", BaseTy.Generator: "Any",
    BaseTy.MemoryFormat: "Any",
}


def py_type(t: Type, numbers_ok: bool = False) -> str:
    """The annotation of a schema type: `int[1]?` -> `int | Sequence[int] | None`."""
    if isinstance(t, OptionalType):
        return f"{py_type(t.elem, numbers_ok)} | None"
    if isinstance(t, ListType):
        elem = py_type(t.elem)
        if t.elem.is_tensor_like():
            return f"Sequence[{elem}]"
        return f"{elem} | Sequence[{elem}]"
    base = t.base_type().name
    if base is BaseTy.Tensor and numbers_ok:
        return "Tensor | Number"
    return _PY_TYPES.get(base, "Any")


def _stub_returns(nf: NativeFunction) -> str:
    rets = [f"list[{py_type(r.type.elem)}]" if isinstance(r.type, ListType) else py_type(r.type)
            for r in nf.func.returns]
    if not rets:
        return "None"
    return rets[0] if len(rets) == 1 else f"tuple[{', '.join(rets)}]"


def takes_varargs(positional: list[Argument], method: bool) -> bool:
    """Whether the runtime parser also takes the last positional, an int list, as varargs
    (``x.view(2, 3)`` for ``x.view((2, 3))``); the rule of ``Binding._bind`` in
    ``aten_lite/dispatch/binding.py``, so the stub accepts what the runtime does."""
    if len(positional) <= int(method):
        return False
    last = positional[-1]
    lst = last.type.is_list_like()
    if lst is not None and str(last.type) == "Tensor[]" and last.default is None:
        return True  # al.einsum('ij,jk', a, b)
    return (lst is not None and isinstance(lst.elem, BaseType)
            and lst.elem.name in (BaseTy.int, BaseTy.SymInt))


def _param(a: Argument, numbers_ok: bool, method: bool) -> str:
    ann = py_type(a.type, numbers_ok and not a.is_write)
    return f"{py_name(a.name, method)}: {ann}" + (" = ..." if a.default is not None else "")


def _stub(nf: NativeFunction, method: bool, with_out: bool, overload: bool, varargs: bool) -> Stub:
    """The `def` of one overload; ``varargs``: its form with the sizes as ``*size: int``."""
    positional, kw = py_params(nf, method)
    numbers_ok = accepts_numbers(nf)
    parts = ["self"] if method else []
    rest = positional[1:] if method else positional
    for a in rest:
        if varargs and a is rest[-1]:
            parts.append(f"*{a.name}: {'Tensor' if a.type.is_tensor_like() else 'int'}")
        else:
            parts.append(_param(a, numbers_ok, method))
    keepdims = any(a.name == "keepdim" for a in positional + kw)
    if (kw or with_out or keepdims) and not varargs:
        parts.append("*")  # after `*size` the rest is keyword-only already
    parts += [_param(a, numbers_ok, method) for a in kw]
    if with_out:
        parts.append("out: Tensor | None = ...")
    if keepdims:
        parts.append("keepdims: bool = ...")  # Note [Torch's Python names] in api_python.py
    return Stub(str(nf.func.name.name), ", ".join(parts), _stub_returns(nf), overload)


def _overloads(nfs: list[Any], method: bool) -> list[Stub]:
    """Every `def` of one Python name: each overload (its out= sibling folded in as `out=`),
    followed by its varargs form where the runtime takes one."""
    forms = []
    for e in pair_out_overloads(nfs):
        forms.append((e, False))
        if takes_varargs(py_params(e.main, method)[0], method):
            forms.append((e, True))
    several = len(forms) > 1
    return [_stub(e.main, method, e.out is not None, several, v) for e, v in forms]


def stubs(spec: Spec) -> tuple[list[Stub], list[Stub], list[Stub]]:
    """(module functions, Tensor methods, Tensor operators) for the stub: the public module
    functions (``generated/ops.py``'s ``__all__``) and every method and operator that the
    bindings attach to Tensor (its ``METHODS``), in the bindings' order."""
    functions: dict[str, list[Any]] = {}
    methods: dict[str, list[Any]] = {}
    for nf in spec.native:
        pyname = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(pyname, []).append(nf)
        if "method" in nf.variants and nf.func.kind() is not SchemaKind.out:
            methods.setdefault(pyname, []).append(nf)
    function_stubs = [s for name, nfs in functions.items() if not name.startswith("_")
                      for s in _overloads(nfs, False)]
    method_stubs = [s for nfs in methods.values() for s in _overloads(nfs, True)]
    ops = []
    for b in dunders(spec):
        other = "" if b.signature == "self" else ", other: Tensor | Number"
        suffix = "  # type: ignore[override]" if b.name in _OBJECT_DUNDERS else ""
        ops.append(Stub(b.name, f"self{other}", "Tensor", False, suffix))
    return function_stubs, method_stubs, ops

