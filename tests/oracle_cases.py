"""Cases of the differential oracle (tests/test_oracle.py), generated from the op table the
runtime loaded from native_functions.yaml, and the worker that runs them.

A case is (op, dtype, variant); running it calls the op through its handle in aten_lite and
``torch.ops.aten.<op>`` in torch with the same arguments, and reports one line: both raised,
or which one raised, or the dtype, shape and values of each result. ``python
tests/oracle_cases.py FIRST [full|default [STOP]]`` runs the cases from index FIRST on (up to,
not including, STOP when given) and prints
``START i`` before and ``DONE i <json>`` after each, so that the parent can tell a crash (a
START without its DONE) from a result and blame that case alone.
"""

from __future__ import annotations

import json
import os
import sys
import warnings

import numpy as np

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64")
# Variants of the tensor arguments: shapes, layouts and values.
# "dim": a 3-D input, and dims that default to all of them (reductions) set to one dim;
# "wide out": out= of float64 whatever the inputs (which out= dtypes an op accepts).
VARIANTS = ("2d", "broadcast", "0-dim", "empty", "non-contiguous", "special", "dim",
            "wide out")
# Arguments whose value depends on the op (named by the argument); the rest follow their type.
_INT_BY_NAME = {"dim": -1, "dim0": 0, "dim1": -1, "k": 1, "diagonal": 0, "num_classes": 6,
                "split_size": 1, "chunks": 2, "start": 0, "length": 1, "index": 0,
                "padding_idx": -1, "start_dim": 0, "end_dim": -1}
_SKIP_TYPES = ("Device", "Tensor?[]", "Layout", "MemoryFormat", "Generator", "str", "str?")
_ONE_D_INDEX = ("index_select", "index_add", "embedding")


def _data(shape, dtype: str, variant: str, rng) -> np.ndarray:
    return np.asarray(_values(shape, dtype, variant, rng))


def _values(shape, dtype: str, variant: str, rng):
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype[0] == "f":
        x = rng.standard_normal(shape) * 2
        if variant == "special" and x.size >= 6:
            x.reshape(-1)[:6] = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e4]
        return x.astype(dtype)
    info = np.iinfo(dtype)
    x = rng.integers(max(info.min, -5), min(info.max, 6), shape)
    if variant == "special" and x.size >= 3:
        x.reshape(-1)[:3] = [info.min, info.max, 0]
    return x.astype(dtype)


def _shapes(variant: str):
    """(self's shape, another tensor's shape) for a variant."""
    return {"2d": ((2, 3), (2, 3)), "broadcast": ((2, 3), (3,)), "0-dim": ((), ()),
            "empty": ((0, 3), (0, 3)), "non-contiguous": ((2, 3), (2, 3)),
            "special": ((2, 3), (2, 3)), "dim": ((2, 3, 4), (2, 3, 4)),
            "wide out": ((2, 3), (2, 3))}[variant]


def _tensor(lib, a: np.ndarray, variant: str):
    if lib == "al":
        import aten_lite as al
        if variant == "non-contiguous" and a.ndim == 2:
            return al.tensor(a.T.copy()).t()
        return al.tensor(a)
    import torch
    if variant == "non-contiguous" and a.ndim == 2:
        return torch.from_numpy(a.T.copy()).t()
    return torch.from_numpy(a.copy())


def arguments(h, dtype: str, variant: str):
    """The op's arguments as (name, kind, value) where kind says how to build it in each
    library: 'tensor' (an array), 'tensors' (a list of arrays), 'value' (as is); None when
    the op takes an argument this generator does not make."""
    rng = np.random.default_rng(abs(hash((h.name, dtype, variant))) % 2**32)
    self_shape, other_shape = _shapes(variant)
    out = []
    first = True
    for a in h.args:
        if a.is_write and a.kwarg_only:
            # out=: an empty tensor of the case's dtype (float64 for "wide out")
            out.append((a.name, "out", "float64" if variant == "wide out" else dtype))
            continue
        if a.type in _SKIP_TYPES:
            return None
        if a.tensor_like:
            if a.type == "Tensor[]":
                out.append((a.name, "tensors", [_data(self_shape, dtype, variant, rng)] * 2))
            elif a.name in ("index", "indices"):
                shape = (2,) if h.base in _ONE_D_INDEX else self_shape
                out.append((a.name, "tensor", np.zeros(shape, np.int64)))
            elif a.name in ("mask", "condition"):
                out.append((a.name, "tensor", _data(other_shape, "bool", variant, rng)))
            elif a.optional or (a.has_default and a.default is None):
                out.append((a.name, "value", None))
            else:
                shape = self_shape if first else other_shape
                if h.base in ("index_add",) and a.name == "source":
                    shape = (2,) + self_shape[1:] if self_shape else (2,)
                out.append((a.name, "tensor", _data(shape, dtype, variant, rng)))
                first = False
            continue
        value = _value(h, a, dtype, self_shape)
        if variant == "dim" and a.name == "dim" and a.has_default and value in (None, ()):
            value = [1] if a.is_list else 1
        elif variant == "dim" and a.name == "keepdim":
            value = True
        out.append((a.name, "value", value))
    return out


def _value(h, a, dtype, self_shape):
    base = a.base
    if a.name in _INT_BY_NAME and base in ("int", "SymInt") and not a.is_list:
        return _INT_BY_NAME[a.name]
    if a.has_default:
        return a.default
    if base == "Scalar":
        return 2.5 if dtype[0] == "f" else 2
    if base in ("int", "SymInt") and a.is_list:
        if a.name in ("dims",):
            return list(range(len(self_shape)))[::-1]
        if a.name in ("size", "shape", "sizes"):
            return [-1]
        return [0] if self_shape else []
    if base in ("int", "SymInt"):
        return 1
    if base == "ScalarType":
        import aten_lite as al
        return al.float64
    if base == "float":
        return 1.0
    if base == "bool":
        return False
    return None


def _build(lib, args, variant):
    values = {}
    for name, kind, v in args:
        if kind == "tensor":
            values[name] = _tensor(lib, v, variant)
        elif kind == "tensors":
            values[name] = [_tensor(lib, x, variant) for x in v]
        elif kind == "out":  # a fresh, resizable empty tensor
            mod = __import__("aten_lite" if lib == "al" else "torch")
            values[name] = mod.empty(0, dtype=getattr(mod, v))
        else:
            values[name] = v
    return values


def _summary(result):
    """A JSON-able description of a result: per tensor dtype, shape and values."""
    items = result if isinstance(result, (tuple, list)) else [result]
    out = []
    for r in items:
        if not hasattr(r, "dtype"):
            out.append({"python": repr(r)})
            continue
        a = r.detach().numpy() if hasattr(r, "detach") else r.numpy()
        out.append({"dtype": str(r.dtype).split(".")[-1], "shape": list(a.shape),
                    "values": [None if isinstance(x, float) and x != x else x
                               for x in a.astype(np.float64).reshape(-1).tolist()]
                    if a.dtype != bool else a.reshape(-1).tolist(),
                    "nan": np.isnan(a.astype(np.float64)).reshape(-1).tolist()
                    if a.dtype.kind == "f" else None})
    return out


def _call_al(h, args, variant):
    values = _build("al", args, variant)
    return h.call(tuple(values[a.name] if a.name in values else a.default for a in h.args))


def _torch_ops(h) -> list:
    """torch's overloads that may be the op: the one of the same name when its argument names
    are ours, then the others whose names are ours (our `all` with dims is torch's
    all.dims); the first that accepts the arguments is used."""
    import torch
    base, _, overload = h.name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    if packet is None:
        return []
    names = [a.name for a in h.args if not (a.is_write and a.kwarg_only)]
    preferred = overload or "default"
    found = []
    for name in [preferred] + [o for o in packet.overloads() if o != preferred]:
        op = getattr(packet, name, None)
        if op is None:
            continue
        args = op._schema.arguments
        has_out = any(a.is_out for a in args)
        if [a.name for a in args if not a.is_out] == names and has_out == (h.kind == "out"):
            found.append(op)
    return found


def _torch_value(v):
    import torch
    if v.__class__.__name__ == "DType":
        return getattr(torch, v.name)
    return v


def _call_torch(h, args, variant):
    values = {k: _torch_value(v) for k, v in _build("torch", args, variant).items()}
    positional = [values[a.name] for a in h.args if not a.kwarg_only and a.name in values]
    keywords = {a.name: values[a.name] for a in h.args if a.kwarg_only and a.name in values}
    ops = _torch_ops(h)
    for op in ops[:-1]:
        try:
            return op(*positional, **keywords)
        except RuntimeError as e:
            if "Expected a value of type" not in str(e):  # this overload took the arguments
                raise
    return ops[-1](*positional, **keywords)


def cases(full: bool = False):
    """Every (op name, dtype, variant) to run: functional, in-place and out= ops with a torch
    counterpart, on the dtypes they claim and two they do not (all of them when full)."""
    import aten_lite as al

    out = []
    for name, h in sorted(al._dispatch.handles().items()):
        if name.startswith("_") or not _torch_ops(h):
            continue
        claimed = [d for d in DTYPES if not h.dtypes or d in h.dtypes]
        unclaimed = [d for d in DTYPES if h.dtypes and d not in h.dtypes][:None if full else 2]
        for dtype in claimed + unclaimed:
            for variant in VARIANTS:
                if (variant == "special" and dtype == "bool") or (
                        variant == "wide out" and h.kind != "out"):
                    continue
                if arguments(h, dtype, variant) is not None:
                    out.append((name, dtype, variant))
    return out


def run_case(name, dtype, variant) -> dict:
    import aten_lite as al

    h = al._dispatch.handle(name)
    args = arguments(h, dtype, variant)
    report = {}
    for lib, call in (("al", _call_al), ("torch", _call_torch)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                report[lib] = {"ok": _summary(call(h, args, variant))}
        except Exception as e:  # the comparison decides; a crash is caught by the parent
            report[lib] = {"error": f"{type(e).__name__}: {str(e)[:200]}"}
    return report


def main(first: int, full: bool, stop: int | None = None) -> None:
    all_cases = cases(full)
    # Test hook: abort at this case, as a crashing kernel would (tests/test_oracle.py).
    crash_at = int(os.environ.get("ORACLE_CRASH_AT", "-1"))
    for i in range(first, len(all_cases) if stop is None else min(stop, len(all_cases))):
        print(f"START {i}", flush=True)
        if i == crash_at:
            os.abort()
        print(f"DONE {i} {json.dumps(run_case(*all_cases[i]))}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), len(sys.argv) > 2 and sys.argv[2] == "full",
         int(sys.argv[3]) if len(sys.argv) > 3 else None)
