"""Autograd figures: overhead on tiny graphs, one SGD step of the digits MLP, and the
20-epoch digits run (the README's main job) side by side with torch from the same initial
weights and batch order, plus NumPy with gradients written by hand as the floor.
"""

from __future__ import annotations

import contextlib

import statistics
import sys
import time
from pathlib import Path

import numpy as np

from harness import Row, Target, compare

PEERS = ["numpy", "torch"]
ROOT = Path(__file__).resolve().parents[1]
CHAIN = 100  # chained 1-element adds
BATCH = 64
EPOCHS = 20
LR = 0.1


def _digits_module():
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import digits
    finally:
        sys.path.pop(0)
    return digits


# ---- tiny graphs ----

def chained_adds(al, torch, repeat: int, budget: float) -> list[Row]:
    def chain(lib, x):
        def run():
            y = x
            for _ in range(CHAIN):
                y = y + x
            y.backward()
            x.grad = None
        return run

    def chain_no_grad(lib, x):
        def run():
            with lib.no_grad():
                y = x
                for _ in range(CHAIN):
                    y = y + x
        return run

    def plain(x):
        def run():
            y = x
            for _ in range(CHAIN):
                y = y + x
        return run

    x = al.ones(1, requires_grad=True)
    fns = {"aten_lite": chain(al, x)}
    nograd = {"aten_lite": chain_no_grad(al, x), "numpy": plain(np.ones(1, np.float32))}
    y = al.ones(1, requires_grad=True)
    one = {"aten_lite": lambda: al.add(x, y)}
    # What the Autograd key costs a call that needs no gradient: grad mode on but no input
    # requiring grad, against the same call with grad mode off (switched off around the whole
    # measurement, so no context manager is timed). The two should match.
    a, b = al.ones(1), al.ones(1)
    plain_on = {"aten_lite": lambda: al.add(a, b)}
    libs = [al]
    if torch is not None:
        tx, ty = torch.ones(1, requires_grad=True), torch.ones(1, requires_grad=True)
        fns["torch"] = chain(torch, tx)
        nograd["torch"] = chain_no_grad(torch, tx)
        one["torch"] = lambda: torch.add(tx, ty)
        ta, tb = torch.ones(1), torch.ones(1)
        plain_on["torch"] = lambda: torch.add(ta, tb)
        libs.append(torch)
    rows = []
    for case, table, target in (
            ("add, 1 element, nothing requires grad, grad mode on", plain_on, None),
            ("add, 1 element, nothing requires grad, grad mode off", _GradOff(libs, plain_on), None),
            ("add, 1 element, inputs require grad (forward only)", one, None),
            (f"{CHAIN} chained 1-element adds + backward", fns, Target("torch", 1.5, False)),
            (f"same {CHAIN} adds under no_grad (numpy: plain adds)", nograd, None)):
        with table if isinstance(table, _GradOff) else contextlib.nullcontext():
            us = {k: t * 1e6 for k, t in compare(dict(table), repeat=repeat, budget=budget).items()}
        ours = us.pop("aten_lite")
        peers = {p: us.get(p) for p in PEERS}
        rows.append(target.row(case, "us", ours, peers) if target else
                    Row(case, "us", ours, peers))
    return rows


class _GradOff(dict):
    """A table of calls measured with every library's grad mode switched off throughout."""

    def __init__(self, libs, table):
        super().__init__(table)
        self.libs = libs

    def __enter__(self):
        self.saved = [lib.is_grad_enabled() for lib in self.libs]
        for lib in self.libs:
            lib.set_grad_enabled(False)

    def __exit__(self, *exc):
        for lib, was in zip(self.libs, self.saved):
            lib.set_grad_enabled(was)


# ---- the digits MLP ----

def _initial_weights(torch, seed: int = 0) -> list[np.ndarray]:
    """W1, b1, W2, b2: torch's own initial weights (torch.manual_seed(seed)), which aten_lite
    and NumPy copy; without torch, the same distribution (uniform +-1/sqrt(fan_in)) drawn by
    NumPy."""
    if torch is not None:
        torch.manual_seed(seed)
        model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                    torch.nn.Linear(128, 10))
        return [p.detach().numpy().copy() for p in model.parameters()]
    rng = np.random.default_rng(seed)
    out = []
    for fan_in, fan_out in ((64, 128), (128, 10)):
        bound = 1.0 / np.sqrt(fan_in)
        out.append(rng.uniform(-bound, bound, (fan_out, fan_in)).astype(np.float32))
        out.append(rng.uniform(-bound, bound, (fan_out,)).astype(np.float32))
    return out


def _al_model(al, weights):
    model = al.nn.Sequential(al.nn.Linear(64, 128), al.nn.ReLU(), al.nn.Linear(128, 10))
    with al.no_grad():
        for p, w in zip(model.parameters(), weights):
            p.copy_(al.from_numpy(w.copy()))
    return model


def _torch_model(torch, weights):
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 10))
    with torch.no_grad():
        for p, w in zip(model.parameters(), weights):
            p.copy_(torch.from_numpy(w.copy()))
    return model


class NumpyMLP:
    """The same network with its gradients written by hand: the floor for this workload."""

    def __init__(self, weights) -> None:
        self.w1, self.b1, self.w2, self.b2 = (w.copy() for w in weights)

    def logits(self, x):
        h = np.maximum(x @ self.w1.T + self.b1, 0)
        return h, h @ self.w2.T + self.b2

    def step(self, x, y, lr: float) -> float:
        h, z = self.logits(x)
        z = z - z.max(1, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(1, keepdims=True)
        n = len(y)
        loss = -float(np.log(p[np.arange(n), y]).mean())
        dz = p
        dz[np.arange(n), y] -= 1
        dz /= n
        dh = (dz @ self.w2) * (h > 0)
        self.w2 -= lr * (dz.T @ h)
        self.b2 -= lr * dz.sum(0)
        self.w1 -= lr * (dh.T @ x)
        self.b1 -= lr * dh.sum(0)
        return loss


def _steps(al, torch, weights):
    """One SGD step per library, on the first batch of the digits."""
    data = _digits_module().load_data(0)
    xb, yb = data.x_train[:BATCH], data.y_train[:BATCH]
    model = _al_model(al, weights)
    opt = al.optim.SGD(model.parameters(), lr=LR)
    ax, ay = al.from_numpy(xb), al.from_numpy(yb)

    def ours():
        loss = al.nn.functional.cross_entropy(model(ax), ay)
        opt.zero_grad()
        loss.backward()
        opt.step()

    ref = NumpyMLP(weights)
    fns = {"aten_lite": ours, "numpy": lambda: ref.step(xb, yb, LR)}
    if torch is not None:
        tmodel = _torch_model(torch, weights)
        topt = torch.optim.SGD(tmodel.parameters(), lr=LR)
        tx, ty = torch.from_numpy(xb), torch.from_numpy(yb)

        def theirs():
            loss = torch.nn.functional.cross_entropy(tmodel(tx), ty)
            topt.zero_grad()
            loss.backward()
            topt.step()

        fns["torch"] = theirs
    return fns


def _train_torch(torch, weights, data, seed: int = 0):
    model = _torch_model(torch, weights)
    opt = torch.optim.SGD(model.parameters(), lr=LR)
    rng = np.random.default_rng(seed)  # the batch order of examples/digits.py's train()
    n = len(data.x_train)
    start = time.perf_counter()
    for _ in range(EPOCHS):
        order = rng.permutation(n)
        for b in range(0, n, BATCH):
            idx = order[b:b + BATCH]
            loss = torch.nn.functional.cross_entropy(
                model(torch.from_numpy(data.x_train[idx])), torch.from_numpy(data.y_train[idx]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss.item()
    seconds = time.perf_counter() - start
    with torch.no_grad():
        predicted = model(torch.from_numpy(data.x_test)).argmax(1).numpy()
    return seconds, float((predicted == data.y_test).mean())


def _train_numpy(weights, data, seed: int = 0):
    model = NumpyMLP(weights)
    rng = np.random.default_rng(seed)
    n = len(data.x_train)
    start = time.perf_counter()
    for _ in range(EPOCHS):
        order = rng.permutation(n)
        for b in range(0, n, BATCH):
            idx = order[b:b + BATCH]
            model.step(data.x_train[idx], data.y_train[idx], LR)
    seconds = time.perf_counter() - start
    predicted = model.logits(data.x_test)[1].argmax(1)
    return seconds, float((predicted == data.y_test).mean())


def _train_ours(al, weights, data, digits, seed: int = 0):
    result = digits.train(_al_model(al, weights), data, EPOCHS, LR, BATCH, seed, out=None)
    return result.seconds, result.accuracy


def digits_runs(al, torch, runs: int) -> list[Row]:
    """The 20-epoch run, ``runs`` times per library in interleaved rounds (median time; the
    accuracy is the same every run)."""
    digits = _digits_module()
    data = digits.load_data(0)
    weights = _initial_weights(torch, 0)
    trainers = {"aten_lite": lambda: _train_ours(al, weights, data, digits),
                "numpy": lambda: _train_numpy(weights, data)}
    if torch is not None:
        trainers["torch"] = lambda: _train_torch(torch, weights, data)
    results: dict[str, list] = {k: [] for k in trainers}
    for _ in range(runs):
        for name, train in trainers.items():
            results[name].append(train())
    ms = {k: statistics.median(s for s, _ in v) * 1e3 for k, v in results.items()}
    acc = {k: v[-1][1] for k, v in results.items()}
    ours_ms, ours_acc = ms.pop("aten_lite"), acc.pop("aten_lite")
    rows = [Target("torch", 1.5, False).row(
        f"digits MLP, {EPOCHS} epochs ({EPOCHS * -(-len(data.x_train) // BATCH)} steps)", "ms",
        ours_ms, {p: ms.get(p) for p in PEERS})]
    torch_acc = acc.get("torch")
    ok = None if torch_acc is None else abs(ours_acc - torch_acc) <= 0.01
    rows.append(Row("digits test accuracy after those epochs (same init, batch order)",
                    "acc", ours_acc, {p: acc.get(p) for p in PEERS}, "torch +- 0.01", ok))
    return rows


def run(al, torch, *, repeat: int = 7, budget: float = 0.2, digits_runs_: int = 5,
        match: str = "") -> dict[str, list[Row]]:
    def wanted(words: str) -> bool:
        return match.lower() in words

    rows = []
    if wanted("add chained backward no_grad requires grad"):
        rows += chained_adds(al, torch, repeat, budget)
    if wanted("sgd step mlp digits"):
        weights = _initial_weights(torch, 0)
        us = {k: t * 1e6 for k, t in
              compare(_steps(al, torch, weights), repeat=repeat, budget=budget).items()}
        ours = us.pop("aten_lite")
        rows.append(Target("torch", 1.5, False).row(
            "one SGD step, MLP 64-128-10, batch 64, cross_entropy loss", "us", ours,
            {p: us.get(p) for p in PEERS}))
    if wanted("digits epochs accuracy"):
        rows += digits_runs(al, torch, digits_runs_)
    return {"autograd and the digits workload (one thread)": rows} if rows else {}
