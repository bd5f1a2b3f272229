"""The Tensor operators of ``generated/ops.py`` (``__add__``, ``__radd__``, ``__iadd__``, ...):
which declared overload each one calls, and its binding (Note [Binding tiers] in
``api_python.py``).

    >>> DUNDERS["__rsub__"]
    ('sub', True, 'binary')
"""

from __future__ import annotations

from typing import Any

from .api_python import (Binding, Candidate, accepts_numbers, fast_path, handle_var,
                         python_default)
from .model import SchemaKind
from .spec import Spec

# Python operators -> (Python name of the op they call, operands reflected, kind).
# kind: "binary" (self, other), "unary" (self), "inplace" (self, other). & | ^ ~ are the
# bitwise ops, as in torch: bitwise on integers, logical on bools. The reflected forms of the
# commutative ops (2 * x, 1 + x, True & x) call the op with the tensor first, as torch's do: the
# value is the same, and the node's next_functions list the tensor's edge first, (None, 0) after.
DUNDERS: dict[str, tuple[str, bool, str]] = {
    "__add__": ("add", False, "binary"), "__radd__": ("add", False, "binary"),
    "__iadd__": ("add_", False, "inplace"),
    "__sub__": ("sub", False, "binary"), "__rsub__": ("sub", True, "binary"),
    "__isub__": ("sub_", False, "inplace"),
    "__mul__": ("mul", False, "binary"), "__rmul__": ("mul", False, "binary"),
    "__imul__": ("mul_", False, "inplace"),
    "__truediv__": ("div", False, "binary"), "__rtruediv__": ("div", True, "binary"),
    "__itruediv__": ("div_", False, "inplace"),
    "__floordiv__": ("floor_divide", False, "binary"),
    "__rfloordiv__": ("floor_divide", True, "binary"),
    "__ifloordiv__": ("floor_divide_", False, "inplace"),
    "__mod__": ("remainder", False, "binary"), "__rmod__": ("remainder", True, "binary"),
    "__imod__": ("remainder_", False, "inplace"),
    "__pow__": ("pow", False, "binary"), "__rpow__": ("pow", True, "binary"),
    "__ipow__": ("pow_", False, "inplace"),
    "__matmul__": ("matmul", False, "binary"), "__rmatmul__": ("matmul", True, "binary"),
    "__eq__": ("eq", False, "binary"), "__ne__": ("ne", False, "binary"),
    "__lt__": ("lt", False, "binary"), "__le__": ("le", False, "binary"),
    "__gt__": ("gt", False, "binary"), "__ge__": ("ge", False, "binary"),
    "__and__": ("bitwise_and", False, "binary"), "__rand__": ("bitwise_and", False, "binary"),
    "__iand__": ("bitwise_and_", False, "inplace"),
    "__or__": ("bitwise_or", False, "binary"), "__ror__": ("bitwise_or", False, "binary"),
    "__ior__": ("bitwise_or_", False, "inplace"),
    "__xor__": ("bitwise_xor", False, "binary"), "__rxor__": ("bitwise_xor", False, "binary"),
    "__ixor__": ("bitwise_xor_", False, "inplace"),
    "__neg__": ("neg", False, "unary"), "__abs__": ("abs", False, "unary"),
    "__invert__": ("bitwise_not", False, "unary"),
}


def _operator_target(nfs: list[Any], n_tensors: int) -> Any | None:
    """The first overload an operator can call with `n_tensors` operands and defaults."""
    for nf in nfs:
        args = nf.func.arguments
        if nf.func.kind() is SchemaKind.out:
            continue
        positional = [a for a in args.positional if a.default is None]
        rest = [a for a in args.flat_all if a not in positional]
        if (len(positional) == n_tensors and all(str(a.type) == "Tensor" for a in positional)
                and all(a.default is not None for a in rest)):
            return nf
    return None


def dunder(name: str, spec_by_base: dict[str, list[Any]]) -> Binding | None:
    """The Tensor operator `name` (Note [Binding tiers]); None when its op is not declared."""
    target, reflected, kind = DUNDERS[name]
    unary = kind == "unary"
    nf = _operator_target(spec_by_base.get(target, []), 1 if unary else 2)
    if nf is None:
        return None
    args = nf.func.arguments.flat_all
    operands = ["self"] if unary else (["other", "self"] if reflected else ["self", "other"])
    values = {}
    for a in args:
        values[a.name] = operands.pop(0) if a.default is None else repr(
            python_default(a, f"{nf.loc}: {nf.func.name}"))
    numbers_ok = accepts_numbers(nf)
    inner = None if unary else f"isinstance(other, {'_TN' if numbers_ok else '_T'})"
    order = [values[a.name] for a in args]
    call_args = "(" + ", ".join(order) + ("," if len(order) == 1 else "") + ")"
    fast = fast_path(nf, values, "self")
    candidate = Candidate(str(nf.func.name), None, inner, handle_var(str(nf.func.name)),
                          call_args, *fast)
    fallback = "NotImplemented"
    sig = "self" if unary else "self, other"
    doc = f"Python operator for {target}: {nf.func}"
    return Binding(name, f"_op{name}", sig, (candidate,), fallback, doc)


def dunders(spec: Spec) -> list[Binding]:
    by_base: dict[str, list[Any]] = {}
    for nf in spec.native:
        by_base.setdefault(str(nf.func.name.name), []).append(nf)
    found = [dunder(name, by_base) for name in DUNDERS]
    return [b for b in found if b is not None]
