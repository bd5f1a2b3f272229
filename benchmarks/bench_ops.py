"""Runtime figures: per-call cost on tiny tensors, throughput on large ones, page
faults of fresh results, and the two-thread speed-up.

aten_lite, NumPy and torch read the very same input memory (``al.from_numpy`` and
``torch.from_numpy`` share the NumPy arrays) and are timed in interleaved rounds
(``harness.compare``). Throughput counts the bytes read plus the bytes written per call.
"""

from __future__ import annotations

import operator
import resource
from dataclasses import dataclass
from typing import Callable

import numpy as np

from harness import Row, Target, compare

PEERS = ["numpy", "torch"]
BIG = 1 << 24  # 16M float32: 64 MB per operand, far beyond any cache
SMALL = 1 << 20  # 1M float32: 4 MB, fits in L2/L3
SIDE = 4096  # a.T + b and the broadcast add: 4096 x 4096 float32
MM = 1024  # matmul 1024^3

Fns = dict[str, Callable[[], object]]


@dataclass(frozen=True)
class Case:
    name: str  # the table's "case" column
    unit: str  # "us" (per call), "GB/s" (work = bytes) or "GFLOP/s" (work = flops)
    make: Callable[..., Fns]  # make(al, torch) -> {"aten_lite": fn, "numpy": fn, "torch": fn}
    work: float = 0.0  # bytes or flops per call, for the rate units
    target: Target | None = None


def _rand(*shape: int) -> np.ndarray:
    return np.random.default_rng(0).standard_normal(shape, dtype=np.float32)


def _three(al, torch, arrays, ours, theirs, ref) -> Fns:
    """fns for the three libraries from per-library lambdas over the shared input arrays."""
    fns = {"aten_lite": ours(*(al.from_numpy(a) for a in arrays)),
           "numpy": ref(*arrays) if ref is not None else None}
    if torch is not None:
        fns["torch"] = theirs(*(torch.from_numpy(a) for a in arrays))
    return {k: v for k, v in fns.items() if v is not None}


# ---- the cases ----

_NUMPY_NAMES = {"mul": "multiply"}


def _binary(op_name: str, n: int):
    def make(al, torch):
        a, b = _rand(n), _rand(n)
        ref = getattr(np, _NUMPY_NAMES.get(op_name, op_name))
        return _three(al, torch, (a, b),
                      lambda x, y: (lambda: getattr(al, op_name)(x, y)),
                      lambda x, y: (lambda: getattr(torch, op_name)(x, y)),
                      lambda x, y: (lambda: ref(x, y)))
    return make


def _unary(op_name: str, n: int, np_fn):
    def make(al, torch):
        a = _rand(n)
        return _three(al, torch, (a,),
                      lambda x: (lambda: getattr(al, op_name)(x)),
                      lambda x: (lambda: getattr(torch, op_name)(x)),
                      lambda x: (lambda: np_fn(x)))
    return make


def _sum(n: int):
    def make(al, torch):
        return _three(al, torch, (_rand(n),), lambda x: x.sum, lambda x: x.sum, lambda x: x.sum)
    return make


def _add_1(al, torch):
    a, b = np.ones(1, np.float32), np.ones(1, np.float32)
    return _three(al, torch, (a, b), lambda x, y: (lambda: al.add(x, y)),
                  lambda x, y: (lambda: torch.add(x, y)), lambda x, y: (lambda: np.add(x, y)))


def _add_method(al, torch):
    a, b = np.ones(1, np.float32), np.ones(1, np.float32)
    return _three(al, torch, (a, b), lambda x, y: (lambda: x.add(y)),
                  lambda x, y: (lambda: x.add(y)), None)


def _add_inplace(al, torch):
    # Three destinations, so that each library adds into its own.
    ours, theirs, ref = (np.zeros(1, np.float32) for _ in range(3))
    one = np.ones(1, np.float32)
    fns = {"aten_lite": (lambda x, y: lambda: x.add_(y))(al.from_numpy(ours), al.from_numpy(one)),
           "numpy": (lambda x, y: lambda: operator.iadd(x, y))(ref, one)}
    if torch is not None:
        fns["torch"] = (lambda x, y: lambda: x.add_(y))(torch.from_numpy(theirs),
                                                       torch.from_numpy(one))
    return fns


def _mul_scalar(al, torch):
    return _three(al, torch, (_rand(100),), lambda x: (lambda: al.mul(x, 2.0)),
                  lambda x: (lambda: torch.mul(x, 2.0)), lambda x: (lambda: np.multiply(x, 2.0)))


def _matmul(n: int):
    def make(al, torch):
        a, b = _rand(n, n), _rand(n, n)
        return _three(al, torch, (a, b), lambda x, y: (lambda: al.matmul(x, y)),
                      lambda x, y: (lambda: torch.matmul(x, y)),
                      lambda x, y: (lambda: np.matmul(x, y)))
    return make


def _copy(al, torch):
    src = _rand(BIG)
    dsts = [np.empty(BIG, np.float32) for _ in range(3)]
    fns = {"aten_lite": (lambda d, s: lambda: d.copy_(s))(al.from_numpy(dsts[0]),
                                                          al.from_numpy(src)),
           "numpy": lambda: np.copyto(dsts[1], src)}
    if torch is not None:
        fns["torch"] = (lambda d, s: lambda: d.copy_(s))(torch.from_numpy(dsts[2]),
                                                         torch.from_numpy(src))
    return fns


def _add_out(al, torch):
    a, b = _rand(BIG), _rand(BIG)
    outs = [np.empty(BIG, np.float32) for _ in range(3)]
    fns = {"aten_lite": (lambda x, y, o: lambda: al.add(x, y, out=o))(
               al.from_numpy(a), al.from_numpy(b), al.from_numpy(outs[0])),
           "numpy": lambda: np.add(a, b, out=outs[1])}
    if torch is not None:
        fns["torch"] = (lambda x, y, o: lambda: torch.add(x, y, out=o))(
            torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(outs[2]))
    return fns


def _transposed_add(al, torch):
    return _three(al, torch, (_rand(SIDE, SIDE), _rand(SIDE, SIDE)),
                  lambda x, y: (lambda: x.T + y), lambda x, y: (lambda: x.T + y),
                  lambda x, y: (lambda: x.T + y))


def _broadcast_add(al, torch):
    return _three(al, torch, (_rand(SIDE, SIDE), _rand(SIDE)),
                  lambda x, y: (lambda: x + y), lambda x, y: (lambda: x + y),
                  lambda x, y: (lambda: x + y))


F32 = 4
TINY = [
    Case("add, 1 element", "us", _add_1, target=Target("torch", 2.0, False)),
    Case("x.add(y) method, 1 element", "us", _add_method),
    Case("x.add_(y) in place, 1 element (numpy: x += y)", "us", _add_inplace),
    Case("mul(x, 2.0), 100 elements", "us", _mul_scalar),
    Case("relu, 100 elements", "us", _unary("relu", 100, lambda x: np.maximum(x, 0))),
    Case("x.sum(), 100 elements", "us", _sum(100)),
    Case("matmul 8x8", "us", _matmul(8)),
]
THROUGHPUT = [
    Case("copy 16M float32 (the memory ceiling)", "GB/s", _copy, 2 * F32 * BIG),
    Case("add 16M, result allocated by the call", "GB/s", _binary("add", BIG), 3 * F32 * BIG,
         Target("numpy")),
    Case("add 16M into out=", "GB/s", _add_out, 3 * F32 * BIG),
    Case("mul 16M, result allocated by the call", "GB/s", _binary("mul", BIG), 3 * F32 * BIG,
         Target("numpy")),
    Case("relu 16M", "GB/s", _unary("relu", BIG, lambda x: np.maximum(x, 0)), 2 * F32 * BIG,
         Target("numpy")),
    Case("exp 16M", "GB/s", _unary("exp", BIG, np.exp), 2 * F32 * BIG, Target("numpy")),
    Case("sum 16M", "GB/s", _sum(BIG), F32 * BIG, Target("torch")),
    Case("add 1M (in cache)", "GB/s", _binary("add", SMALL), 3 * F32 * SMALL),
    Case("exp 1M (in cache)", "GB/s", _unary("exp", SMALL, np.exp), 2 * F32 * SMALL,
         Target("numpy")),
    Case("sum 1M (in cache)", "GB/s", _sum(SMALL), F32 * SMALL, Target("torch")),
    Case("a.T + b, 4096 x 4096", "GB/s", _transposed_add, 3 * F32 * SIDE * SIDE,
         Target("numpy", 2.0)),
    Case("(4096, 4096) + (4096,) broadcast", "GB/s", _broadcast_add,
         2 * F32 * SIDE * SIDE + F32 * SIDE, Target("numpy")),
    Case("matmul 1024^3 float32", "GFLOP/s", _matmul(MM), 2.0 * MM ** 3, Target("numpy", 0.9)),
]


def measure(case: Case, al, torch, repeat: int, budget: float) -> Row:
    fns = case.make(al, torch)
    seconds = compare(fns, repeat=repeat, budget=budget)
    if case.unit == "us":
        figures = {k: t * 1e6 for k, t in seconds.items()}
    else:
        figures = {k: case.work / t / 1e9 for k, t in seconds.items()}
    ours = figures.pop("aten_lite")
    peers = {p: figures.get(p) for p in PEERS}
    if case.target is None:
        return Row(case.name, case.unit, ours, peers)
    return case.target.row(case.name, case.unit, ours, peers)


# ---- page faults and threads ----

def _minor_faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def faults_per_call(fn: Callable[[], object], calls: int) -> float:
    """Minor page faults per call of ``fn``, whose result is dropped at once (as a loop over
    fresh results would)."""
    fn()
    before = _minor_faults()
    for _ in range(calls):
        fn()
    return (_minor_faults() - before) / calls


def page_faults(al, torch, calls: int) -> Row:
    fns = _binary("add", BIG)(al, torch)
    figures = {k: faults_per_call(fn, calls) for k, fn in fns.items()}
    ours = figures.pop("aten_lite")
    # "Does not happen": a tenth of torch's ~16,000 faults per 64 MB result at most.
    return Target("torch", 0.1, False).row(
        "page faults per fresh 64 MB result (a + b, 16M)", "faults", ours,
        {p: figures.get(p) for p in PEERS})


def thread_speedup(al, torch, repeat: int, budget: float) -> Row:
    """Time with one thread / time with two, on the in-cache 1M add (ANCHORS: two-thread
    figures on large sizes swing with where the host places the two cores).

    Each thread count keeps its fastest of many short interleaved rounds: on this shared
    2-core machine the second core is often busy with someone else's process, and a round in
    which it was busy measures that process, not the kernel (interference only adds time)."""
    from aten_lite import _C

    a, b = _rand(SMALL), _rand(SMALL)
    x, y = al.from_numpy(a), al.from_numpy(b)
    ratios = {"aten_lite": _ratio(lambda: al.add(x, y), _C.set_num_threads, repeat, budget)}
    if torch is not None:
        tx, ty = torch.from_numpy(a), torch.from_numpy(b)
        ratios["torch"] = _ratio(lambda: torch.add(tx, ty), torch.set_num_threads, repeat,
                                 budget)
    ours = ratios.pop("aten_lite")
    ok = ours >= 1.5
    return Row("2 threads vs 1 on add 1M (speed-up, best rounds)", "x", ours,
               {"numpy": None, "torch": ratios.get("torch")}, ">= 1.5x", ok)


def _ratio(fn, set_threads, repeat: int, budget: float) -> float:
    times: dict[int, list[float]] = {1: [], 2: []}
    # Many short rounds (a few ms each) for the same total time as a row of the tables: a
    # short round more often falls in a moment when the other core is free.
    rounds = max(20, int(budget / 0.004))
    try:
        for _ in range(rounds):  # interleaved, as in harness.compare
            for n in (1, 2):
                set_threads(n)
                times[n].append(compare({"f": fn}, repeat=1, budget=budget / rounds)["f"])
    finally:
        set_threads(1)
    return min(times[1]) / min(times[2])


def run(al, torch, *, repeat: int = 7, budget: float = 0.2, match: str = "",
        fault_calls: int = 20) -> dict[str, list[Row]]:
    """The tables of this section: {"per call, tiny tensors": rows, ...}."""
    def wanted(name: str) -> bool:
        return match.lower() in name.lower()

    tables = {
        "per call on tiny tensors (one thread)": [
            measure(c, al, torch, repeat, budget) for c in TINY if wanted(c.name)],
        "throughput on large tensors (one thread; bytes read + written)": [
            measure(c, al, torch, repeat, budget) for c in THROUGHPUT if wanted(c.name)],
    }
    extra = []
    if wanted("page faults"):
        extra.append(page_faults(al, torch, fault_calls))
    if wanted("threads"):
        extra.append(thread_speedup(al, torch, repeat, 3 * budget))
    tables["allocation and threads"] = extra
    return {k: v for k, v in tables.items() if v}
