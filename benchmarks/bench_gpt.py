"""One training step of a small decoder-only transformer (a character-level GPT as
nanoGPT's shakespeare_char config shrinks it: 4 layers, 4 heads, 64-dim embeddings, a block of
32, batch 16, a 65-symbol vocabulary, AdamW), written once against the torch API and run by
aten_lite and torch eager in the same process from the same weights and data.

    python benchmarks/bench_gpt.py              # prints the table
    python -m cProfile -s tottime benchmarks/bench_gpt.py --profile   # aten_lite's steps only
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from harness import Row, Target, compare

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from gpt import gpt_class  # noqa: E402  (the model, written once against the torch API)

PEERS = ["torch"]
VOCAB, BLOCK, EMB, HEADS, LAYERS, BATCH, LR = 65, 32, 64, 4, 4, 16, 1e-3


def build(lib):
    """The GPT class (examples/gpt.py) at this benchmark's size, written with ``lib.nn``."""
    return gpt_class(lib, VOCAB, BLOCK, EMB, HEADS, LAYERS)


def data(seed: int = 0, n: int = 20_000) -> np.ndarray:
    """A synthetic symbol stream with some structure."""
    rng = np.random.default_rng(seed)
    s = np.cumsum(rng.integers(0, 3, n)) % VOCAB
    return s.astype(np.int64)


def make_step(lib, stream: np.ndarray, state: dict):
    """(step, model): step() draws a batch, runs forward, backward and an AdamW update."""
    model = build(lib)()
    model.load_state_dict({k: lib.tensor(v) for k, v in state.items()})
    opt = lib.optim.AdamW(model.parameters(), lr=LR)
    rng = np.random.default_rng(1)

    def step():
        ix = rng.integers(0, len(stream) - BLOCK - 1, BATCH)
        x = lib.tensor(np.stack([stream[i:i + BLOCK] for i in ix]))
        y = lib.tensor(np.stack([stream[i + 1:i + 1 + BLOCK] for i in ix]))
        loss = model(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        return loss

    return step, model


def start_state(torch) -> dict:
    torch.manual_seed(0)
    return {k: v.detach().numpy().copy() for k, v in build(torch)().state_dict().items()}


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    if torch is None:
        return []
    stream, state = data(), start_state(torch)
    # Both libraries train the same model: the same losses over a few steps.
    runs = [make_step(lib, stream, state)[0] for lib in (al, torch)]
    losses = [[float(step().item()) for _ in range(5)] for step in runs]
    if not np.allclose(losses[0], losses[1], rtol=1e-4):
        raise AssertionError(f"GPT: aten_lite and torch diverged: {losses}")
    fns = {"aten_lite": make_step(al, stream, state)[0],
           "torch": make_step(torch, stream, state)[0]}
    ms = {k: t * 1e3 for k, t in compare(fns, repeat=repeat, budget=budget).items()}
    ours = ms.pop("aten_lite")
    return [Target("torch", 1.0, False).row(
        f"one AdamW step, char GPT {LAYERS} layers x {HEADS} heads, {EMB}-dim, block "
        f"{BLOCK}, batch {BATCH}, vocab {VOCAB}", "ms", ours, {p: ms.get(p) for p in PEERS})]


if __name__ == "__main__":
    from harness import standalone, table

    al_mod, torch_mod = standalone()  # the step reads its start from torch: it needs torch
    if "--profile" in sys.argv:
        step, _ = make_step(al_mod, data(), start_state(torch_mod))
        for _ in range(60):
            step()
    else:
        print(table(run(al_mod, torch_mod, repeat=9, budget=0.5), PEERS))
