"""A conv2d training step's convolution: forward and backward of F.conv2d (batch 32, 3 -> 16
channels, 32x32 images, 3x3 kernel, padding 1, bias; gradients of input, weight and bias),
aten_lite beside torch in the same process, from the same data, on one thread. See
docs/CONVOLUTION.md for how the convolution is computed.

    python benchmarks/bench_conv.py             # prints the table
"""

from __future__ import annotations

import numpy as np

from harness import Row, Target, compare

PEERS = ["torch"]
BATCH, IN, OUT, SIZE, K = 32, 3, 16, 32, 3


def data(seed: int = 0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((BATCH, IN, SIZE, SIZE)).astype(np.float32),
            rng.standard_normal((OUT, IN, K, K)).astype(np.float32) * 0.2,
            rng.standard_normal(OUT).astype(np.float32))


def make_step(lib, x_np, w_np, b_np):
    x = lib.tensor(x_np, requires_grad=True)
    w = lib.tensor(w_np, requires_grad=True)
    b = lib.tensor(b_np, requires_grad=True)
    conv2d = lib.nn.functional.conv2d

    def step():
        x.grad = w.grad = b.grad = None
        conv2d(x, w, b, padding=1).sum().backward()
        return x.grad, w.grad, b.grad

    return step


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    x_np, w_np, b_np = data()
    fns = {"aten_lite": make_step(al, x_np, w_np, b_np)}
    if torch is not None:
        fns["torch"] = make_step(torch, x_np, w_np, b_np)
        # Both compute the same gradients before either is timed.
        for ours, theirs in zip(fns["aten_lite"](), fns["torch"]()):
            if not np.allclose(ours.numpy(), theirs.numpy(), rtol=1e-4, atol=1e-3):
                raise AssertionError("conv2d: aten_lite's and torch's gradients differ")
    ms = {k: t * 1e3 for k, t in compare(fns, repeat=repeat, budget=budget).items()}
    ours = ms.pop("aten_lite")
    return [Target("torch", 1.2, False).row(
        f"conv2d forward + backward, batch {BATCH}, {IN}->{OUT} channels, {SIZE}x{SIZE}, "
        f"{K}x{K}, padding 1", "ms", ours, {p: ms.get(p) for p in PEERS})]


if __name__ == "__main__":
    from harness import standalone, table

    al_mod, torch_mod = standalone()
    print(table(run(al_mod, torch_mod, repeat=9, budget=0.5), PEERS))
