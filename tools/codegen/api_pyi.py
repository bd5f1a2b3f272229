"""What ``generated/aten_lite.pyi`` needs: one annotated ``def`` per overload a user can call,
for editors and type checkers.

    >>> from tools.codegen.model import Type
    >>> py_type(Type.parse("int[1]?"))
    'int | Sequence[int] | None'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .api_operators import dunders
from .api_python import accepts_numbers, pair_out_overloads, py_params
from .model import BaseTy, ListType, OptionalType, SchemaKind


@dataclass(frozen=True)
class Stub:
    """One `def` line of generated/aten_lite.pyi."""

    name: str
    params: str  # annotated parameter list
    returns: str  # return annotation
    overload: bool  # decorated with @overload (the name has several)

    @property
    def decorators(self) -> tuple[str, ...]:
        return ("@overload",) if self.overload else ()


_PY_TYPES = {
    BaseTy.Tensor: "Tensor", BaseTy.int: "int", BaseTy.SymInt: "int", BaseTy.float: "float",
    BaseTy.bool: "bool", BaseTy.str: "str", BaseTy.Scalar: "Number", BaseTy.ScalarType: "DType",
    BaseTy.Layout: "Layout", BaseTy.Device: "Device | str", BaseTy.Generator: "Any",
    BaseTy.MemoryFormat: "Any",
}


def py_type(t, numbers_ok: bool = False) -> str:
    """The annotation of a schema type: `int[1]?` -> `int | Sequence[int] | None`."""
    if isinstance(t, OptionalType):
        return f"{py_type(t.elem, numbers_ok)} | None"
    if isinstance(t, ListType):
        elem = py_type(t.elem)
        if t.elem.is_tensor_like():
            return f"Sequence[{elem}]"
        return f"{elem} | Sequence[{elem}]"
    if t.name is BaseTy.Tensor and numbers_ok:
        return "Tensor | Number"
    return _PY_TYPES.get(t.name, "Any")


def _stub_returns(nf) -> str:
    rets = [f"list[{py_type(r.type.elem)}]" if isinstance(r.type, ListType) else py_type(r.type)
            for r in nf.func.returns]
    if not rets:
        return "None"
    return rets[0] if len(rets) == 1 else f"tuple[{', '.join(rets)}]"


def _stub(nf, method: bool, with_out: bool, overload: bool) -> Stub:
    positional, kw = py_params(nf, method)
    numbers_ok = accepts_numbers(nf)
    parts = []
    for a in positional:
        if method and a is positional[0]:
            parts.append("self")
            continue
        ann = py_type(a.type, numbers_ok and not a.is_write)
        parts.append(f"{a.name}: {ann}" + (" = ..." if a.default is not None else ""))
    if kw or with_out:
        parts.append("*")
    for a in kw:
        ann = py_type(a.type, numbers_ok and not a.is_write)
        parts.append(f"{a.name}: {ann}" + (" = ..." if a.default is not None else ""))
    if with_out:
        parts.append("out: Tensor | None = ...")
    name = str(nf.func.name.name)
    return Stub(name, ", ".join(parts), _stub_returns(nf), overload)


def stubs(spec) -> tuple[list[Stub], list[Stub], list[Stub]]:
    """(module functions, Tensor methods, Tensor operators) for the .pyi."""
    functions: dict[str, list[Any]] = {}
    methods: dict[str, list[Any]] = {}
    for nf in spec.native:
        pyname = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(pyname, []).append(nf)
        if "method" in nf.variants and nf.func.kind() is not SchemaKind.out:
            methods.setdefault(pyname, []).append(nf)
    result: tuple[list[Stub], list[Stub]] = ([], [])
    for table, out, method in ((functions, result[0], False), (methods, result[1], True)):
        for pyname, nfs in table.items():
            if pyname.startswith("_"):
                continue
            entries = pair_out_overloads(nfs)
            for e in entries:
                out.append(_stub(e.main, method, e.out is not None, len(entries) > 1))
    ops = []
    for b in dunders(spec):
        unary = b.signature == "self"
        other = "" if unary else ", other: Tensor | Number"
        ops.append(Stub(b.name, f"self{other}", "Tensor", False))
    return result[0], result[1], ops
