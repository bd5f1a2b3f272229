"""Row fusion figures (docs/GRAPH_MODE.md, "Row fusion"): layer_norm then gelu(tanh), and
softmax over the last dim, built in and written out (exp over the row's sum), on (4096, 1024)
float32 inputs without gradients, compiled by al.compile (one row kernel each; a built-in
softmax alone runs its one-pass kernel, Note [Decomposing softmax]) beside eager aten_lite,
torch eager (torch.softmax for both softmax rows) and torch.compile, all in this process, one
thread each.

    python benchmarks/bench_row_fusion.py            # prints the table
    python benchmarks/bench_row_fusion.py --quick    # shorter timings, no torch.compile
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import Target, compare, standalone, table  # noqa: E402

PEERS = ["eager aten_lite", "torch", "torch.compile"]
SHAPE = (4096, 1024)


def run(al, torch, quick: bool = False, repeat: int = 7, budget: float = 1.0) -> list:
    import numpy as np

    rng = np.random.default_rng(0)
    xn = rng.standard_normal(SHAPE, dtype=np.float32)
    wn = rng.standard_normal(SHAPE[-1:], dtype=np.float32)
    bn = rng.standard_normal(SHAPE[-1:], dtype=np.float32)
    x, w, b = al.tensor(xn), al.tensor(wn), al.tensor(bn)
    F = al.nn.functional

    def ln_gelu(x, w, b):
        return F.gelu(F.layer_norm(x, (x.shape[-1],), w, b), approximate="tanh")

    def softmax(x):
        return x.softmax(-1)

    def written_softmax(x):
        e = (x - x.amax(-1, keepdim=True)).exp()
        return e / e.sum(-1, keepdim=True)

    cases = {"layer_norm + gelu(tanh), (4096, 1024) float32": (ln_gelu, (x, w, b)),
             "softmax(-1), (4096, 1024) float32": (softmax, (x,)),
             "softmax written out, (4096, 1024) float32": (written_softmax, (x,))}
    rows = []
    for case, (fn, args) in cases.items():
        compiled = al.compile(fn)
        graph = compiled.graph(*args)
        # one row kernel, or (a built-in softmax alone) eager's one-pass kernel
        assert (len(graph.groups) == 1 and all(n.group is not None for n in graph.nodes)) or \
            [n.op for n in graph.nodes] == ["softmax.int"], graph
        np.testing.assert_allclose(compiled(*args).numpy(), fn(*args).numpy(), rtol=1e-4,
                                   atol=1e-5)
        fns = {"compiled": lambda: compiled(*args), "eager aten_lite": lambda: fn(*args)}
        if torch is not None:
            targs = [torch.from_numpy(a.numpy()) for a in args]
            tf = torch.nn.functional
            if fn is ln_gelu:
                def tfn(x, w, b):
                    return tf.gelu(tf.layer_norm(x, (x.shape[-1],), w, b), approximate="tanh")
            else:
                def tfn(x):
                    return torch.softmax(x, -1)
            with torch.no_grad():
                np.testing.assert_allclose(compiled(*args).numpy(), tfn(*targs).numpy(),
                                           rtol=1e-4, atol=1e-5)
            fns["torch"] = lambda: tfn(*targs)
            if not quick:
                tc = torch.compile(tfn)
                tc(*targs)
                fns["torch.compile"] = lambda: tc(*targs)
        with (torch.no_grad() if torch is not None else _Nothing()):
            times = compare(fns, repeat=3 if quick else repeat, budget=0.3 if quick else budget)
        ms = {k: v * 1e3 for k, v in times.items()}
        peers = {p: ms.get(p) for p in PEERS}
        rows.append(Target("torch", factor=0.6, higher_is_better=False).row(
            case, "ms", ms["compiled"], peers))
        rows.append(Target("torch.compile", factor=0.6, higher_is_better=False).row(
            case, "ms", ms["compiled"], peers))
    return rows


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings, no torch.compile")
    args = parser.parse_args()
    al, torch = standalone()
    rows = run(al, torch, args.quick)
    print("row fusion, time per call, one thread; peers measured in the same run")
    print(table(rows, PEERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
