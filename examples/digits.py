"""Train a small network on scikit-learn's handwritten digits with aten_lite alone.

Linear(64, 128) -> ReLU -> Linear(128, 10), cross-entropy, plain SGD (lr 0.1, batch 64) for
20 epochs over a stratified 75/25 split of ``sklearn.datasets.load_digits`` (pixels / 16).
Every op that runs, forward and backward, comes out of native_functions.yaml and
derivatives.yaml. Prints a progress bar per epoch, the loss, the test accuracy (about 0.95)
and the time; saves the loss curve as a PNG when matplotlib is installed.

    python examples/digits.py                      # the defaults above
    python examples/digits.py --epochs 5 --plot loss.png
    python examples/digits.py --no-plot
    python examples/digits.py --compile            # also train with al.compile; both times

Needs scikit-learn (``pip install -e ".[demo]"`` installs it, with matplotlib).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field

# The matrices here are tiny (64 x 128): BLAS threads only add hand-offs, and on a busy
# machine their spin-waits cost milliseconds per product. Set before NumPy loads its BLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import aten_lite as al  # noqa: E402
from aten_lite import nn  # noqa: E402
from aten_lite.nn import functional as F  # noqa: E402


@dataclass
class Data:
    x_train: np.ndarray  # float32 (n, 64), pixels scaled to [0, 1]
    y_train: np.ndarray  # int64 (n,)
    x_test: np.ndarray
    y_test: np.ndarray


@dataclass
class Run:
    step_losses: list[float] = field(default_factory=list)  # one per SGD step
    epoch_losses: list[float] = field(default_factory=list)  # mean over each epoch
    accuracy: float = 0.0  # on the test split, after the last epoch
    seconds: float = 0.0  # training time (data loading and evaluation excluded)
    first_epoch_seconds: float = 0.0  # of which the first epoch (al.compile captures there)


def load_data(seed: int = 0) -> Data:
    """The digits, scaled to [0, 1], split 75/25 stratified by class with ``seed``."""
    try:
        from sklearn.datasets import load_digits
        from sklearn.model_selection import train_test_split
    except ImportError:
        raise SystemExit("the digits demo needs scikit-learn: pip install -e \".[demo]\" "
                         "(or: pip install scikit-learn)") from None
    digits = load_digits()
    x = (digits.data / 16.0).astype(np.float32)
    y = digits.target.astype(np.int64)
    x_tr, x_te, y_tr, y_te = train_test_split(x, y, test_size=0.25, stratify=y,
                                              random_state=seed)
    return Data(x_tr, y_tr, x_te, y_te)


def build_model(seed: int = 0) -> nn.Module:
    al.manual_seed(seed)
    return nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))


def train(model: nn.Module, data: Data, epochs: int = 20, lr: float = 0.1,
          batch_size: int = 64, seed: int = 0, out=sys.stdout, compiled: bool = False) -> Run:
    """SGD over shuffled batches (the order comes from a NumPy generator seeded by
    ``seed``); prints one progress bar per epoch to ``out`` (None: silent). ``compiled``:
    the forward and loss run through ``al.compile`` (graph mode), backward included."""
    opt = al.optim.SGD(model.parameters(), lr=lr)

    def loss_of(xb, yb):
        return F.cross_entropy(model(xb), yb)

    if compiled:
        loss_of = al.compile(loss_of)
    rng = np.random.default_rng(seed)
    n = len(data.x_train)
    n_batches = (n + batch_size - 1) // batch_size
    run = Run()
    start = time.perf_counter()
    for epoch in range(1, epochs + 1):
        order = rng.permutation(n)
        total = 0.0
        for b in range(n_batches):
            idx = order[b * batch_size:(b + 1) * batch_size]
            xb = al.from_numpy(data.x_train[idx])
            yb = al.from_numpy(data.y_train[idx])
            loss = loss_of(xb, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            value = loss.item()
            run.step_losses.append(value)
            total += value
            if out is not None and out.isatty():
                _bar(out, epoch, epochs, b + 1, n_batches, total / (b + 1), end="\r")
        run.epoch_losses.append(total / n_batches)
        if epoch == 1:
            run.first_epoch_seconds = time.perf_counter() - start
        if out is not None:
            _bar(out, epoch, epochs, n_batches, n_batches, total / n_batches, end="\n")
    run.seconds = time.perf_counter() - start
    run.accuracy = accuracy(model, data.x_test, data.y_test)
    return run


def accuracy(model: nn.Module, x: np.ndarray, y: np.ndarray) -> float:
    with al.no_grad():
        predicted = model(al.from_numpy(x)).argmax(1).numpy()
    return float((predicted == y).mean())


def _per_step(run: Run, after_first: bool = False) -> float:
    """Microseconds per SGD step, over all epochs or over those after the first."""
    seconds = run.seconds - (run.first_epoch_seconds if after_first else 0.0)
    steps = len(run.step_losses) - (len(run.step_losses) // len(run.epoch_losses)
                                    if after_first else 0)
    return seconds / steps * 1e6


def _bar(out, epoch: int, epochs: int, done: int, total: int, loss: float, end: str) -> None:
    width = 30
    filled = width * done // total
    bar = "#" * filled + "." * (width - filled)
    out.write(f"epoch {epoch:>{len(str(epochs))}}/{epochs} [{bar}] {done}/{total} "
              f"loss {loss:.4f}{end}")
    out.flush()


def save_plot(run: Run, path: str) -> bool:
    """Save the loss per step as a PNG; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(run.step_losses, linewidth=0.8)
    ax.set_xlabel("SGD step")
    ax.set_ylabel("cross-entropy loss")
    ax.set_title("aten_lite: digits MLP")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--seed", type=int, default=0, help="split, initial weights, batch order")
    p.add_argument("--plot", default="digits_loss.png", help="where to save the loss curve")
    p.add_argument("--no-plot", action="store_true", help="do not save the loss curve")
    p.add_argument("--compile", action="store_true",
                   help="train eagerly, then again from the same start with al.compile; report both")
    args = p.parse_args(argv)
    if args.epochs < 1 or args.batch_size < 1 or args.lr <= 0:
        p.error("--epochs and --batch-size must be at least 1 and --lr positive")
    data = load_data(args.seed)
    model = build_model(args.seed)
    print(f"digits: {len(data.x_train)} train / {len(data.x_test)} test images; "
          f"MLP 64-128-10, SGD lr {args.lr}, batch {args.batch_size}, {args.epochs} epochs")
    run = train(model, data, args.epochs, args.lr, args.batch_size, args.seed)
    print(f"final loss {run.epoch_losses[-1]:.4f}  test accuracy {run.accuracy:.4f}  "
          f"time {run.seconds:.2f} s ({run.seconds / len(run.step_losses) * 1e6:.0f} us/step)")
    if args.compile:
        model = build_model(args.seed)
        fast = train(model, data, args.epochs, args.lr, args.batch_size, args.seed,
                     compiled=True)
        print(f"compiled: final loss {fast.epoch_losses[-1]:.4f}  test accuracy "
              f"{fast.accuracy:.4f}  time {fast.seconds:.2f} s "
              f"({_per_step(fast):.0f} us/step; eager {_per_step(run):.0f} us/step)")
        if args.epochs > 1:
            print(f"after the first epoch (where al.compile captures and builds): compiled "
                  f"{_per_step(fast, True):.0f} us/step, eager {_per_step(run, True):.0f} us/step")
    if not args.no_plot:
        if save_plot(run, args.plot):
            print(f"loss curve saved to {args.plot}")
        else:
            print("matplotlib is not installed; no loss curve saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
