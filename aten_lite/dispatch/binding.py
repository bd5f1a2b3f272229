"""The runtime half of the generated bindings: the full argument parser behind
``generated/ops.py`` (Note [Binding tiers] in tools/codegen/api_python.py).

A generated binding first tries its overloads behind cheap type guards (``int_seq``,
``varargs_ints``, ``NUMBER_TYPES``); what they do not accept goes to ``Binding.parse``, which
converts it per ``ArgSpec`` (tuples, NumPy numbers, one int for an int list, varargs sizes),
calls the matching overload's ``OpHandle`` (``dispatch/dispatcher.py``) and otherwise raises a TypeError
listing every schema it tried. The generated code imports this module as ``_b``. It sits just
above the dispatcher (docs/DESIGN.md, "Layers"), whose ``ArgSpec`` it converts by.
"""

from __future__ import annotations

import numpy as np

from ..vocab import dtype as _dtype
from ..vocab.device import Layout, device as _device_cls
from .dispatcher import ArgSpec, OpHandle, handle
from ..tensors.tensor import Tensor

__all__ = ["ArgSpec", "Binding", "MISSING", "NUMBER_TYPES", "int_seq", "varargs_ints"]

# Python numbers a `Scalar` (and a Tensor argument of a pointwise op) accepts on the fast path.
NUMBER_TYPES = frozenset((int, float, bool))

_SEQUENCES = frozenset((list, tuple))


def int_seq(x) -> bool:
    """Whether ``x`` is a tuple or list of plain ints: an int list the generated bindings may
    pass on without the parser (which converts NumPy ints and explains anything else)."""
    if x.__class__ is not tuple and x.__class__ is not list:
        return False
    for v in x:
        if v.__class__ is not int:
            return False
    return True


def varargs_ints(args: tuple):
    """The sizes a varargs-size method was given (``x.view(2, 3)``, ``x.view((2, 3))`` or
    ``x.view([2, 3])``) as a tuple of ints, or None when only the parser can tell."""
    if len(args) == 1 and args[0].__class__ in _SEQUENCES:
        args = args[0]
    elif not args:
        return None
    for v in args:
        if v.__class__ is not int:
            return None
    return args if args.__class__ is tuple else tuple(args)


class _Missing:
    """Default of a merged binding parameter that some overloads do not have."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()


# ---- the full argument parser (Note [Binding tiers] in tools/codegen/api_python.py) ----


class _NoMatch(Exception):
    """This overload does not take these arguments; the text says why."""


def _type_name(x) -> str:
    return "Tensor" if isinstance(x, Tensor) else type(x).__name__


def _is_int(x) -> bool:
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, np.integer)


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating, np.bool_))


def _convert_one(a: ArgSpec, x, numbers_ok: bool, name: str):
    base = a.base
    if base == "Tensor":
        if isinstance(x, Tensor):
            return x
        if numbers_ok and _is_number(x):
            return x.item() if isinstance(x, np.generic) else x
        what = "Tensor or a number" if numbers_ok else "Tensor"
    elif base in ("int", "SymInt"):
        if _is_int(x):
            return int(x)
        what = "int"
    elif base == "float":
        if _is_number(x) and not isinstance(x, (bool, np.bool_)):
            return float(x)
        what = "float"
    elif base == "bool":
        if isinstance(x, (bool, np.bool_)):
            return bool(x)
        what = "bool"
    elif base == "Scalar":
        if _is_number(x):
            return x.item() if isinstance(x, np.generic) else x
        # As torch: a 0-dim tensor with data stands for its value, unless it requires grad
        # (a Scalar is not differentiable, and dropping the gradient would be silent).
        if isinstance(x, Tensor) and not x._shape and x._a is not None and \
                not x._requires_grad:
            return x.item()
        what = "a number (bool, int or float), or a 0-dim cpu tensor that does not require grad"
    elif base == "str":
        if isinstance(x, str):
            return x
        what = "str"
    elif base == "ScalarType":
        # `is`, not `in`: `x in (...)` compares with ==, which an ndarray answers elementwise.
        if isinstance(x, (_dtype.DType, str, np.dtype)) or x is bool or x is int or x is float:
            try:
                return _dtype.parse(x)
            except ValueError as error:  # another overload may take the string
                raise _NoMatch(f"argument '{name}': {error}") from None
        what = "a dtype such as aten_lite.float32"
    elif base == "Device":
        if isinstance(x, (_device_cls, str)):
            try:
                return _device_cls(x)
            except ValueError as error:
                raise _NoMatch(f"argument '{name}': {error}") from None
        what = "a device such as 'cpu' or 'meta'"
    elif base == "Layout":
        if isinstance(x, Layout):
            return x
        what = "a layout (aten_lite.strided or aten_lite.sparse_coo)"
    else:  # Generator, MemoryFormat: passed through to the kernel
        return x
    raise _NoMatch(f"argument '{name}' must be {what}, not {_type_name(x)}")


def _convert(a: ArgSpec, x, numbers_ok: bool):
    if x is None:
        if a.optional or (a.has_default and a.default is None):
            return None
        raise _NoMatch(f"argument '{a.name}' ({a.type}) must not be None")
    if not a.is_list:
        return _convert_one(a, x, numbers_ok, a.name)
    if isinstance(x, (list, tuple)):
        if a.base == "Tensor":
            return [t if t is None and a.type == "Tensor?[]" else
                    _convert_one(a, t, False, f"{a.name}[{i}]") for i, t in enumerate(x)]
        if a.list_size is not None and len(x) != a.list_size and a.list_size != 1:
            raise _NoMatch(f"argument '{a.name}' must have {a.list_size} elements, "
                           f"not {len(x)}")
        return tuple(_convert_one(a, v, False, f"{a.name}[{i}]") for i, v in enumerate(x))
    if a.base in ("int", "SymInt") and _is_int(x):
        return (int(x),) * (a.list_size or 1)  # torch accepts one int for an int list
    what = "an int or a sequence of ints" if a.base in ("int", "SymInt") else "a sequence"
    raise _NoMatch(f"argument '{a.name}' ({a.type}) must be {what}, not {_type_name(x)}")


class Binding:
    """The overloads one Python name binds (a module function or a Tensor method), in YAML
    order; ``parse`` is the generated bindings' slow path: it converts what the guards did not
    accept (tuples, NumPy numbers, single ints for int lists, varargs sizes) and explains a
    failed match."""

    def __init__(self, qualname: str, ops: tuple[str, ...], method: bool = False) -> None:
        self.qualname = qualname  # 'al.add' / 'Tensor.add', for messages
        self.ops = ops  # full op names, in the order they are tried
        self.method = method  # args[0] is the receiver, bound to `self`
        self._handles = None
        self._layouts: dict = {}

    def handles(self) -> list[OpHandle]:
        if self._handles is None:
            self._handles = [handle(n) for n in self.ops]
        return self._handles

    def parse(self, args: tuple, kwargs: dict):
        if kwargs:
            kwargs = {k: v for k, v in kwargs.items() if v is not MISSING}
            if "keepdims" in kwargs or ("input" in kwargs and not self.method):
                kwargs = self._torch_names(kwargs)
        failures = []
        for h in self.handles():
            try:
                values = self._bind(h, args, kwargs)
            except _NoMatch as why:
                failures.append((h, str(why)))
                continue
            return h.call(values)
        raise TypeError(self._message(args, kwargs, failures))

    def _torch_names(self, kwargs: dict) -> dict:
        """torch's Python spellings (Note [Torch's Python names] in tools/codegen/api_python.py):
        `input=` is a module function's self, `keepdims=` is `keepdim=`."""
        out = dict(kwargs)
        for alias, name in (("input", "self"), ("keepdims", "keepdim")):
            if alias in out and not (alias == "input" and self.method):
                if name in out:
                    raise TypeError(f"{self.qualname}() got both {alias}= and {name}=; pass one")
                out[name] = out.pop(alias)
        return out

    def _layout(self, h: OpHandle):
        """(positional ArgSpecs in binding order, argument names): computed once per op."""
        found = self._layouts.get(h.name)
        if found is None:
            positional = [a for a in h.args if not a.kwarg_only]
            if self.method:
                receiver = next(a for a in positional if a.name == "self")
                positional = [receiver] + [a for a in positional if a is not receiver]
            found = self._layouts[h.name] = (positional, frozenset(a.name for a in h.args))
        return found

    def _bind(self, h: OpHandle, args: tuple, kwargs: dict) -> tuple:
        positional, names = self._layout(h)
        n = len(positional)
        if len(args) > n and n > int(self.method):
            last = positional[-1]
            if last.is_list and last.base in ("int", "SymInt"):
                # Varargs sizes: x.view(2, 3) means x.view((2, 3)).
                args = tuple(args[:n - 1]) + (tuple(args[n - 1:]),)
            elif last.type == "Tensor[]" and not last.has_default:
                # Varargs tensors: al.einsum('ij,jk', a, b), as torch's Python layer allows.
                args = tuple(args[:n - 1]) + (list(args[n - 1:]),)
        elif (len(args) == n and n and isinstance(args[-1], Tensor)
                and positional[-1].type == "Tensor[]" and not positional[-1].has_default):
            args = tuple(args[:n - 1]) + ([args[-1]],)  # al.einsum('ii', a): one tensor
        if len(args) > n:
            want, given = n - int(self.method), len(args) - int(self.method)
            raise _NoMatch(f"takes {want} positional argument{'s' if want != 1 else ''} but "
                           f"{given} {'were' if given != 1 else 'was'} given")
        values = {a.name: x for a, x in zip(positional, args)}
        for name, x in kwargs.items():
            if name not in names:
                if name == "out" and x is None:
                    continue  # the merged bindings pass out=None to every overload
                raise _NoMatch(f"unexpected keyword argument '{name}'")
            if name in values:
                raise _NoMatch(f"got multiple values for argument '{name}'")
            values[name] = x
        numbers_ok = h.numbers_ok
        result = []
        for a in h.args:
            if a.name in values:
                result.append(_convert(a, values[a.name], numbers_ok and not a.is_write))
            elif a.has_default:
                result.append(a.default)
            else:
                raise _NoMatch(f"missing argument '{a.name}'")
        return tuple(result)

    def _message(self, args, kwargs, failures) -> str:
        shown = list(args[1:] if self.method else args)
        got = [_type_name(x) for x in shown]
        # The merged bindings pass every keyword; those left at None say nothing.
        got += [f"{k}={_type_name(v)}" for k, v in kwargs.items() if v is not None]
        lines = [f"{self.qualname}() got ({', '.join(got)}); no overload matches. Tried in order:"]
        for h, why in failures:
            lines.append(f"  {h.schema}\n      {why}")
        return "\n".join(lines)
