"""Calls aten_lite ops with a fixed set of bad arguments; run by tests/test_fuzz.py in
subprocesses, so that a crash or a hang is reported as the op that caused it.

Usage: python tests/fuzz_worker.py OP [OP ...]. Prints ``start OP`` before each op (flushed, so
the parent knows which op a crash or hang happened in) and ``bad OP|ARGS|TYPE: MESSAGE`` for
every exception outside the documented set.
"""

from __future__ import annotations

import sys
import warnings

import numpy as np

import aten_lite as al

# What a caller may see from a bad call (issue 14's documented set).
DOCUMENTED = (TypeError, ValueError, RuntimeError, IndexError, NotImplementedError, MemoryError)


def bad_values() -> list:
    """A fixed set: wrong types, extreme numbers, and tensors of awkward shapes, dtypes,
    layouts and devices. Deterministic, so a failure reproduces."""
    f = al.ones(2, 3)
    i = al.tensor([1, 2, 3])
    return [None, "x", 1.5, -1, 2**70, float("nan"), [1, "a"], (), f, f.t(), al.ones(0, 3),
            al.tensor(3.0), i, al.tensor([True, False]), al.ones(2, 3, device="meta"),
            al.ones(5)[::2], al.empty(3, dtype=al.float16), al.ones(2, 2).to_sparse(),
            object(), np.ones(2), al.float32]


def calls(values: list):
    """Argument tuples: each value alone, with itself, beside a float and an int tensor, and
    as the out= of a float tensor call."""
    f, i = values[8], values[12]
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
        fn = getattr(al, name)
        for args, kwargs in calls(values):
            try:
                fn(*args, **kwargs)
            except DOCUMENTED:
                pass
            except Exception as error:  # the point of the test: report anything else
                shown = ", ".join(type(a).__name__ for a in args) + "".join(
                    f", {k}=" for k in kwargs)
                message = str(error).splitlines()[0][:120] if str(error) else ""
                print(f"bad {name}|({shown})|{type(error).__name__}: {message}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
