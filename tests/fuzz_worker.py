"""Calls aten_lite ops with a fixed set of bad arguments; run by tests/test_fuzz.py in
subprocesses, so that a crash or a hang is reported as the op that caused it.

Usage: python tests/fuzz_worker.py OP [OP ...]. Prints ``start OP`` before each op (flushed, so
the parent knows which op a crash or hang happened in) and ``bad OP|ARGS|TYPE: MESSAGE`` for
every exception outside the documented set. ``Tensor.NAME`` is a method (a method-only op, or
a Tensor method that is not an op), called on each of a few fresh receivers.
"""

from __future__ import annotations

import sys
import warnings

import numpy as np

import aten_lite as al

# What a caller may see from a bad call (the documented set), and the ZeroDivisionError
# of an integer division by zero (docs/YAML.md, `int_operand: nonzero`).
DOCUMENTED = (TypeError, ValueError, RuntimeError, IndexError, NotImplementedError, MemoryError,
              ZeroDivisionError)


def bad_values() -> list:
    """A fixed set: wrong types, extreme numbers, and tensors of awkward shapes, dtypes,
    layouts and devices. Deterministic, so a failure reproduces."""
    f = al.ones(2, 3)
    i = al.tensor([1, 2, 3])
    return [None, "x", 1.5, -1, 2**70, float("nan"), [1, "a"], (), f, f.t(), al.ones(0, 3),
            al.tensor(3.0), i, al.tensor([True, False]), al.ones(2, 3, device="meta"),
            al.ones(5)[::2], al.empty(3, dtype=al.float16), al.ones(2, 2).to_sparse(),
            object(), np.ones(2), al.float32]


def receivers() -> list:
    """Fresh tensors to call a method on (an in-place method may change its receiver): float,
    int, 0-dim, empty, bool, non-contiguous, meta and sparse."""
    return [al.ones(2, 3), al.tensor([1, 2, 3]), al.tensor(3.0), al.ones(0, 3),
            al.tensor([True, False]), al.ones(3, 2).t(), al.ones(2, 3, device="meta"),
            al.ones(2, 2).to_sparse()]


def calls(values: list, method: bool = False):
    """Argument tuples: each value alone, with itself, beside a float and an int tensor, and
    as the out= of a float tensor call; a method is also called without arguments."""
    f, i = values[8], values[12]
    if method:
        yield (), {}
    for a in values:
        yield (a,), {}
        yield (a, a), {}
        yield (f, a), {}
        yield (a, i), {}
        yield (f, a, a), {}
        if isinstance(a, al.Tensor):
            yield (f,), {"out": a}


def main(names: list[str]) -> None:
    values = bad_values()
    warnings.simplefilter("ignore")
    for name in names:
        print(f"start {name}", flush=True)
        if name.startswith("Tensor."):
            for receiver in receivers():
                fn = getattr(receiver, name[len("Tensor."):])
                _try(name, fn, calls(values, method=True), f"{receiver._key} ")
        else:
            _try(name, getattr(al, name), calls(values))
    print("done", flush=True)


def _try(name: str, fn, argument_sets, on: str = "") -> None:
    for args, kwargs in argument_sets:
        try:
            fn(*args, **kwargs)
        except DOCUMENTED:
            pass
        except Exception as error:  # the point of the test: report anything else
            shown = ", ".join(type(a).__name__ for a in args) + "".join(
                f", {k}=" for k in kwargs)
            message = str(error).splitlines()[0][:120] if str(error) else ""
            print(f"bad {name}|{on}({shown})|{type(error).__name__}: {message}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
