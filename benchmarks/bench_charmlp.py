"""Training steps of real programs: one step of the character-level MLP that tutorials train
(makemore's: a 27-symbol vocabulary, a context of 3, 10-dim embeddings, 200 tanh units,
minibatches of 32 drawn from 200,000 examples), and one full-batch step of makemore's bigram
model (one_hot @ W over 228,146 pairs, counts normalised by their row sums, as
tests/programs/makemore_bigram.py trains it), each written as such programs write it, run by
aten_lite and torch in the same process from the same weights and data.

    python benchmarks/bench_charmlp.py          # prints the table
"""

from __future__ import annotations

import numpy as np

from harness import Row, Target, compare

PEERS = ["torch"]
VOCAB, BLOCK, EMB, HIDDEN, BATCH, EXAMPLES, LR = 27, 3, 10, 200, 32, 200_000, 0.1
BIGRAMS, BIGRAM_LR, BIGRAM_REG = 228_146, 50.0, 0.01  # makemore's names.txt gives 228,146 pairs


def data(seed: int = 0):
    """Synthetic contexts and next symbols with some structure (the next symbol depends on
    the context), from a fixed seed."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, VOCAB, (EXAMPLES, BLOCK))
    y = (x[:, 0] * 7 + x[:, 2] * 3 + rng.integers(0, 3, EXAMPLES)) % VOCAB
    return x.astype(np.int64), y.astype(np.int64)


def weights(seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    shapes = [(VOCAB, EMB), (BLOCK * EMB, HIDDEN), (HIDDEN,), (HIDDEN, VOCAB), (VOCAB,)]
    return [rng.standard_normal(s).astype(np.float32) * (0.1 if len(s) == 2 and s[0] > VOCAB
                                                            else 1.0) for s in shapes]


def make_step(lib, x_np, y_np, w_np):
    """A closure doing one minibatch step in ``lib`` (aten_lite or torch); returns
    (step, params) where step() returns the loss tensor."""
    F = lib.nn.functional
    X, Y = lib.tensor(x_np), lib.tensor(y_np)
    params = [lib.tensor(w, requires_grad=True) for w in w_np]
    C, W1, b1, W2, b2 = params

    def step():
        ix = lib.randint(0, X.shape[0], (BATCH,))
        emb = C[X[ix]]
        h = lib.tanh(emb.view(-1, BLOCK * EMB) @ W1 + b1)
        logits = h @ W2 + b2
        loss = F.cross_entropy(logits, Y[ix])
        for p in params:
            p.grad = None
        loss.backward()
        with lib.no_grad():
            for p in params:
                p.add_(p.grad, alpha=-LR)
        return loss

    return step, params


def same_trajectory(al, torch, x_np, y_np, w_np, steps: int = 20) -> float:
    """Largest parameter difference after ``steps`` steps on the same minibatches: the two
    libraries must be training the same model."""
    runs = []
    for lib in (al, torch):
        F = lib.nn.functional
        params = [lib.tensor(w, requires_grad=True) for w in w_np]
        C, W1, b1, W2, b2 = params
        rng = np.random.default_rng(1)
        for _ in range(steps):
            ix = rng.integers(0, len(x_np), BATCH)
            emb = C[lib.tensor(x_np[ix])]
            h = lib.tanh(emb.view(-1, BLOCK * EMB) @ W1 + b1)
            loss = F.cross_entropy(h @ W2 + b2, lib.tensor(y_np[ix]))
            for p in params:
                p.grad = None
            loss.backward()
            with lib.no_grad():
                for p in params:
                    p.add_(p.grad, alpha=-LR)
        runs.append([p.detach().numpy() for p in params])
    return max(float(np.abs(a - b).max()) for a, b in zip(*runs))


def bigram_data(seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Synthetic (previous, next) symbol pairs with structure, and the starting weights."""
    rng = np.random.default_rng(seed)
    xs = rng.integers(0, VOCAB, BIGRAMS)
    ys = (xs * 5 + rng.integers(0, 4, BIGRAMS)) % VOCAB
    w = rng.standard_normal((VOCAB, VOCAB)).astype(np.float32)
    return xs.astype(np.int64), ys.astype(np.int64), w


def make_bigram_step(lib, xs_np, ys_np, w_np):
    """A closure doing one full-batch gradient step of the bigram model in ``lib``, as
    makemore's notebook writes it; returns (step, W)."""
    F = lib.nn.functional
    xs, ys = lib.tensor(xs_np), lib.tensor(ys_np)
    W = lib.tensor(w_np, requires_grad=True)
    rows = lib.arange(len(xs_np))

    def step():
        xenc = F.one_hot(xs, num_classes=VOCAB).float()
        counts = (xenc @ W).exp()
        probs = counts / counts.sum(1, keepdims=True)
        loss = -probs[rows, ys].log().mean() + BIGRAM_REG * (W ** 2).mean()
        W.grad = None
        loss.backward()
        W.data += -BIGRAM_LR * W.grad
        return loss

    return step, W


def _bigram_row(al, torch, repeat: int, budget: float) -> Row:
    xs, ys, w = bigram_data()
    fns = {"aten_lite": make_bigram_step(al, xs, ys, w)[0]}
    if torch is not None:
        # Both libraries train the same model: same losses and weights after a few steps.
        runs = [make_bigram_step(lib, xs, ys, w) for lib in (al, torch)]
        losses = [[float(step().item()) for _ in range(3)] for step, _ in runs]
        diff = float(np.abs(runs[0][1].detach().numpy() - runs[1][1].detach().numpy()).max())
        if diff > 1e-3 or not np.allclose(losses[0], losses[1], rtol=1e-4):
            raise AssertionError(f"bigram: aten_lite and torch diverged: losses {losses}, "
                                 f"weights by {diff}")
        fns["torch"] = make_bigram_step(torch, xs, ys, w)[0]
    ms = {k: t * 1e3 for k, t in compare(fns, repeat=repeat, budget=budget).items()}
    ours = ms.pop("aten_lite")
    return Target("torch", 1.0, False).row(
        f"one full-batch step, bigram {VOCAB}x{VOCAB} over {BIGRAMS:,} pairs (one_hot @ W, "
        f"counts / row sums)", "ms", ours, {p: ms.get(p) for p in PEERS})


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    x_np, y_np = data()
    w_np = weights()
    fns = {"aten_lite": make_step(al, x_np, y_np, w_np)[0]}
    if torch is not None:
        fns["torch"] = make_step(torch, x_np, y_np, w_np)[0]
        diff = same_trajectory(al, torch, x_np, y_np, w_np)
        if diff > 1e-3:
            raise AssertionError(f"char-MLP: aten_lite and torch diverged by {diff}")
    us = {k: t * 1e6 for k, t in compare(fns, repeat=repeat, budget=budget).items()}
    ours = us.pop("aten_lite")
    return [Target("torch", 1.0, False).row(
        f"one SGD step, char-MLP {VOCAB}x{EMB} emb, {BLOCK * EMB}-{HIDDEN}-{VOCAB} tanh, "
        f"batch {BATCH}, cross_entropy", "us", ours, {p: us.get(p) for p in PEERS}),
        _bigram_row(al, torch, repeat, budget)]


if __name__ == "__main__":
    from harness import standalone, table

    al_mod, torch_mod = standalone()
    print(table(run(al_mod, torch_mod, repeat=9, budget=0.5), PEERS))
