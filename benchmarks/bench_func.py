"""Forward-mode figures: and the function transforms next to torch.func.

* ``jvp`` of a 100-op element-wise chain on a 100-element vector: the per-op cost of pushing
  a tangent (the rule runs as ordinary ops), target <= 1.5x torch.func.jvp;
* a Hessian-vector product of the digits MLP loss (Linear(64,128) -> ReLU -> Linear(128,10),
  cross-entropy, a batch of 64 digits) with respect to all four parameters, by forward over
  reverse in both libraries (al.func.hvp; torch.func.jvp of torch.func.grad), target <= 1.5x;
* per-sample gradients of that MLP's loss over the batch of 64: ``vmap(grad)`` (one batched
  forward and backward) against a Python loop of 64 ``grad`` calls, in both libraries
  (torch.func.vmap of torch.func.grad as the peer), target <= 2x torch.func.

    python benchmarks/bench_func.py        # prints the table
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import numpy as np  # noqa: E402

from harness import Row, Target, compare, table  # noqa: E402

# torch.func (the target's peer) and, for reference, torch's dual tensors used directly
# (torch.autograd.forward_ad, without torch.func's wrapping).
PEERS = ["torch", "torch forward_ad"]
CHAIN = 100
SIZE = 100
BATCH = 64


def _chain(x):
    """100 element-wise ops, kept in range: sin, scale, tanh, shift."""
    y = x
    for i in range(CHAIN // 4):
        y = ((y.sin() * 1.5).tanh() + 0.25)
    return y


def chain_rows(al, torch, repeat: int, budget: float) -> list[Row]:
    rng = np.random.default_rng(0)
    x, v = rng.standard_normal(SIZE), rng.standard_normal(SIZE)
    ax, av = al.tensor(x), al.tensor(v)
    fns = {"aten_lite": lambda: al.func.jvp(_chain, (ax,), (av,))}
    if torch is not None:
        import torch.func

        import torch.autograd.forward_ad as fwAD

        tx, tv = torch.tensor(x), torch.tensor(v)
        fns["torch"] = lambda: torch.func.jvp(_chain, (tx,), (tv,))

        def duals():
            with fwAD.dual_level():
                return fwAD.unpack_dual(_chain(fwAD.make_dual(tx, tv))).tangent
        fns["torch forward_ad"] = duals
    t = compare(fns, repeat=repeat, budget=budget)
    us = {k: v * 1e6 for k, v in t.items()}
    return [Target("torch", 1.5, False).row(
        f"jvp of a {CHAIN}-op element-wise chain ({SIZE} float64)", "us", us["aten_lite"],
        {p: us.get(p) for p in PEERS})]


def _digits_batch():
    from sklearn.datasets import load_digits

    d = load_digits()
    return (d.data[:BATCH] / 16).astype(np.float32), d.target[:BATCH].astype(np.int64)


def _params(rng):
    """Weights of Linear(64,128) and Linear(128,10), float32, with a tangent of each."""
    shapes = [(128, 64), (128,), (10, 128), (10,)]
    ps = [(rng.standard_normal(s) * 0.1).astype(np.float32) for s in shapes]
    vs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    return ps, vs


def hvp_rows(al, torch, repeat: int, budget: float) -> list[Row]:
    x, y = _digits_batch()
    ps, vs = _params(np.random.default_rng(1))
    ax, ay = al.tensor(x), al.tensor(y)
    aps, avs = tuple(al.tensor(p) for p in ps), tuple(al.tensor(v) for v in vs)

    def al_loss(w1, b1, w2, b2):
        h = al.nn.functional.linear(ax, w1, b1).relu()
        return al.nn.functional.cross_entropy(al.nn.functional.linear(h, w2, b2), ay)

    fns = {"aten_lite": lambda: al.func.hvp(al_loss, aps, avs)}
    if torch is not None:
        import torch.func

        tx, ty = torch.tensor(x), torch.tensor(y)
        tps, tvs = tuple(torch.tensor(p) for p in ps), tuple(torch.tensor(v) for v in vs)

        def t_loss(w1, b1, w2, b2):
            h = torch.nn.functional.linear(tx, w1, b1).relu()
            return torch.nn.functional.cross_entropy(torch.nn.functional.linear(h, w2, b2), ty)

        grad = torch.func.grad(t_loss, argnums=(0, 1, 2, 3))
        fns["torch"] = lambda: torch.func.jvp(lambda *p: grad(*p), tps, tvs)
        _check_same(al, fns["aten_lite"](), fns["torch"]())
    t = compare(fns, repeat=repeat, budget=budget)
    us = {k: v * 1e6 for k, v in t.items()}
    return [Target("torch", 1.5, False).row(
        f"HVP of the digits MLP loss (batch {BATCH}, forward over reverse)", "us",
        us["aten_lite"], {"torch": us.get("torch")})]


def _per_sample_loss(lib):
    F = lib.nn.functional

    def loss(w1, b1, w2, b2, x, y):
        h = F.linear(x.unsqueeze(0), w1, b1).relu()
        return F.cross_entropy(F.linear(h, w2, b2), y.unsqueeze(0))
    return loss


def per_sample_rows(al, torch, repeat: int, budget: float) -> list[Row]:
    x, y = _digits_batch()
    ps, _ = _params(np.random.default_rng(2))
    dims = (None,) * 4 + (0, 0)

    def setup(lib, tensor):
        params = tuple(tensor(p) for p in ps)
        xs, ys = tensor(x), tensor(y)
        grad = lib.func.grad(_per_sample_loss(lib), argnums=(0, 1, 2, 3))
        batched = lib.func.vmap(grad, in_dims=dims)
        return (lambda: batched(*params, xs, ys)), \
            (lambda: [grad(*params, xs[i], ys[i]) for i in range(BATCH)])

    al_vmap, al_loop = setup(al, al.tensor)
    fns_vmap, fns_loop = {"aten_lite": al_vmap}, {"aten_lite": al_loop}
    if torch is not None:
        import torch.func

        t_vmap, t_loop = setup(torch, torch.tensor)
        fns_vmap["torch"], fns_loop["torch"] = t_vmap, t_loop
        for a, b in zip(al_vmap(), t_vmap()):  # the same gradients, else nothing is compared
            np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=2e-3, atol=2e-5)
    rows = []
    for how, fns in (("vmap(grad)", fns_vmap), (f"a loop of {BATCH} grad calls", fns_loop)):
        us = {k: v * 1e6 for k, v in compare(fns, repeat=repeat, budget=budget).items()}
        rows.append(Target("torch", 2.0, False).row(
            f"per-sample grads of the digits MLP (batch {BATCH}), {how}", "us",
            us["aten_lite"], {"torch": us.get("torch")}))
    return rows


def _check_same(al, ours, theirs) -> None:
    """The two libraries compute the same product (else the timing compares nothing)."""
    for a, b in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(a.numpy(), b.detach().numpy(), rtol=2e-3, atol=2e-5)


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    if torch is not None:
        torch.set_num_threads(1)
    return chain_rows(al, torch, repeat, budget) + hvp_rows(al, torch, repeat, budget) + \
        per_sample_rows(al, torch, repeat, budget)


if __name__ == "__main__":
    import aten_lite as al

    try:
        import torch
    except ImportError:
        torch = None
    al.set_num_threads(1)
    print(table(run(al, torch), PEERS))
