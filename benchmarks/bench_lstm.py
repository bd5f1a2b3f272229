"""One training step of the small word-level LSTM language model that PyTorch's
word_language_model example trains (its "small" size): a 1000-word embedding of 200, a
2-layer LSTM of 200 hidden units over 35 steps of a batch of 20, a linear decoder to the
vocabulary, cross_entropy, backward and a plain SGD update; run by aten_lite and torch in
the same process from the same weights and data, one thread each. A second row times the
forward pass alone under no_grad (evaluation).

    python benchmarks/bench_lstm.py          # prints the table
"""

from __future__ import annotations

import numpy as np

from harness import Row, Target, compare

PEERS = ["torch"]
VOCAB, EMB, HIDDEN, LAYERS, STEPS, BATCH, LR = 1000, 200, 200, 2, 35, 20, 0.5


def data(seed: int = 0):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, VOCAB, (STEPS, BATCH)).astype(np.int64)
    y = rng.integers(0, VOCAB, (STEPS, BATCH)).astype(np.int64)
    return x, y


def build(lib, torch, seed: int = 0):
    """(embedding, lstm, decoder) in ``lib`` with the weights of torch modules made from
    ``seed`` (so both libraries train the same model)."""
    torch.manual_seed(seed)
    ref = [torch.nn.Embedding(VOCAB, EMB), torch.nn.LSTM(EMB, HIDDEN, LAYERS),
           torch.nn.Linear(HIDDEN, VOCAB)]
    if lib is torch:
        return ref
    mods = [lib.nn.Embedding(VOCAB, EMB), lib.nn.LSTM(EMB, HIDDEN, LAYERS),
            lib.nn.Linear(HIDDEN, VOCAB)]
    for m, r in zip(mods, ref):
        m.load_state_dict({k: lib.tensor(v.detach().numpy()) for k, v in r.state_dict().items()})
    return mods


def make_step(lib, mods, x_np, y_np):
    """A closure doing one SGD step in ``lib``; returns the loss tensor."""
    F = lib.nn.functional
    emb, lstm, dec = mods
    params = [p for m in mods for p in m.parameters()]
    x, y = lib.tensor(x_np), lib.tensor(y_np)

    def step():
        out, _ = lstm(emb(x))
        loss = F.cross_entropy(dec(out).view(-1, VOCAB), y.view(-1))
        for p in params:
            p.grad = None
        loss.backward()
        with lib.no_grad():
            for p in params:
                p.add_(p.grad, alpha=-LR)
        return loss

    return step


def make_eval(lib, mods, x_np):
    emb, lstm, dec = mods
    x = lib.tensor(x_np)

    def forward():
        with lib.no_grad():
            out, _ = lstm(emb(x))
            return dec(out)

    return forward


def same_training(al, torch, x_np, y_np, steps: int = 3) -> float:
    """The largest difference of the losses over a few steps (the two must train alike)."""
    losses = []
    for lib in (al, torch):
        step = make_step(lib, build(lib, torch), x_np, y_np)
        losses.append([float(step().item()) for _ in range(steps)])
    return max(abs(a - b) for a, b in zip(*losses))


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    x_np, y_np = data()
    if torch is None:
        return []
    diff = same_training(al, torch, x_np, y_np)
    if diff > 1e-3:
        raise AssertionError(f"LSTM language model: aten_lite and torch diverged by {diff}")
    rows = []
    for what, maker in (("train", make_step), ("eval", make_eval)):
        fns = {}
        for name, lib in (("aten_lite", al), ("torch", torch)):
            mods = build(lib, torch)
            fns[name] = maker(lib, mods, x_np, y_np) if what == "train" else maker(lib, mods,
                                                                                    x_np)
        ms = {k: t * 1e3 for k, t in compare(fns, repeat=repeat, budget=budget).items()}
        ours = ms.pop("aten_lite")
        case = (f"one SGD step, word LSTM LM: {VOCAB}-word embedding {EMB}, {LAYERS}-layer LSTM "
                f"{HIDDEN}, seq {STEPS} x batch {BATCH}, decoder + cross_entropy"
                if what == "train" else
                f"forward only (no_grad), the same LSTM LM over seq {STEPS} x batch {BATCH}")
        rows.append(Target("torch", 1.0, False).row(case, "ms", ours,
                                                    {p: ms.get(p) for p in PEERS}))
    return rows


if __name__ == "__main__":
    import os
    import sys
    from pathlib import Path

    for var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import aten_lite as al_mod
    from harness import table

    al_mod.set_num_threads(1)
    import torch as torch_mod
    torch_mod.set_num_threads(1)
    print(table(run(al_mod, torch_mod, repeat=7, budget=1.0), PEERS))
