"""The char-GPT training step of bench_gpt.py (4 layers, 4 heads, 64-dim, block 32, batch 16,
AdamW) with the model compiled: ``al.compile(model)`` beside eager aten_lite, torch eager and
``torch.compile(model)``, in one process, one thread, from the same weights and batches.

    python benchmarks/bench_gpt_compiled.py           # the table (torch.compile: minutes cold)
    python benchmarks/bench_gpt_compiled.py --no-torch-compile
    python benchmarks/bench_gpt_compiled.py --graph   # the compiled graphs' listings

The forward and the loss run as one captured graph, the backward through its compiled
backward graph, the optimizer eagerly (as torch.compile(model) leaves it). Every library's
losses over the first steps must agree before anything is timed.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from harness import Target, compare
import bench_gpt

PEERS = ["aten_lite eager", "torch", "torch.compile"]
CHECK_STEPS = 5


def _step(lib, model, stream, forward=None, seed: int = 1):
    """step() -> loss: a batch drawn as bench_gpt draws it, forward (``forward``, a compiled
    ``model``, or ``model`` itself), backward and an AdamW update of ``model``'s parameters."""
    opt = lib.optim.AdamW(model.parameters(), lr=bench_gpt.LR)
    forward = model if forward is None else forward
    rng = np.random.default_rng(seed)
    B = bench_gpt.BLOCK

    def step():
        ix = rng.integers(0, len(stream) - B - 1, bench_gpt.BATCH)
        x = lib.tensor(np.stack([stream[i:i + B] for i in ix]))
        y = lib.tensor(np.stack([stream[i + 1:i + 1 + B] for i in ix]))
        loss = forward(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        return loss

    return step


def _model(lib, state):
    model = bench_gpt.build(lib)()
    model.load_state_dict({k: lib.tensor(v) for k, v in state.items()})
    return model


def steps(al, torch, *, torch_compile: bool = True) -> dict:
    """name -> (step function, the compiled model or None), each on fresh weights."""
    stream, state = bench_gpt.data(), bench_gpt.start_state(torch)
    out = {}
    model = _model(al, state)
    compiled = al.compile(model)
    out["aten_lite compiled"] = (_step(al, model, stream, compiled), compiled)
    out["aten_lite eager"] = (_step(al, _model(al, state), stream), None)
    out["torch"] = (_step(torch, _model(torch, state), stream), None)
    if torch_compile:
        model = _model(torch, state)
        out["torch.compile"] = (_step(torch, model, stream, torch.compile(model)), None)
    return out


def check(runs: dict) -> dict:
    """The losses of the first CHECK_STEPS steps of each run (they must agree: AssertionError
    otherwise); the runs have then taken those steps."""
    losses = {name: [float(step().item()) for _ in range(CHECK_STEPS)]
              for name, (step, _) in runs.items()}
    want = losses["torch"]
    for name, got in losses.items():
        if not np.allclose(got, want, rtol=2e-4):
            raise AssertionError(f"GPT: {name} diverged from torch: {got} vs {want}")
    return losses


def run(al, torch, *, repeat: int = 7, budget: float = 0.5, torch_compile: bool = True) -> list:
    if torch is None:
        return []
    runs = steps(al, torch, torch_compile=torch_compile)
    check(runs)
    ms = {k: t * 1e3 for k, t in
          compare({k: s for k, (s, _) in runs.items()}, repeat=repeat, budget=budget).items()}
    ours = ms.pop("aten_lite compiled")
    return [Target("torch", 0.6, False).row(
        f"one AdamW step, char GPT {bench_gpt.LAYERS} layers x {bench_gpt.HEADS} heads, "
        f"{bench_gpt.EMB}-dim, block {bench_gpt.BLOCK}, batch {bench_gpt.BATCH}, compiled",
        "ms", ours, {p: ms.get(p) for p in PEERS})]


def main(argv=None) -> int:
    from harness import standalone, table

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--no-torch-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--graph", action="store_true", help="print the compiled graphs")
    args = p.parse_args(argv)
    al, torch = standalone()
    if torch is None:
        print("bench_gpt_compiled needs torch (the weights start from torch's)")
        return 1
    if args.graph:
        stream = bench_gpt.data()
        compiled = al.compile(_model(al, bench_gpt.start_state(torch)))
        B = bench_gpt.BLOCK
        x = al.tensor(np.stack([stream[i:i + B] for i in range(bench_gpt.BATCH)]))
        y = al.tensor(np.stack([stream[i + 1:i + 1 + B] for i in range(bench_gpt.BATCH)]))
        print(compiled.graph(x, y))
        return 0
    print(table(run(al, torch, repeat=9, torch_compile=not args.no_torch_compile), PEERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
