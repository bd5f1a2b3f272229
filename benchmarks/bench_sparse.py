"""Sparse figures: sparse @ dense, 20000 x 20000 at 0.05% density (200,000 entries) times a
dense 20000 x 64, float32, one thread, next to torch.sparse.mm and SciPy's CSR product.

All three read the same entries: one coalesced pattern (sorted by row, no duplicates) built
once with NumPy, given to aten_lite and torch as COO and to SciPy as CSR (its own format for a
product). The result is allocated by each call, as a user's call would. A second row times
coalesce itself on the same entries shuffled, against torch's.

    python benchmarks/bench_sparse.py
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from harness import Row, Target, compare  # noqa: E402

PEERS = ["torch", "scipy"]
N = 20000  # rows and columns of the sparse matrix
DENSITY = 0.0005  # 0.05%
COLS = 64  # columns of the dense operand


def _pattern(rng) -> tuple[np.ndarray, np.ndarray]:
    """(indices (2, nnz), values (nnz,)): distinct positions, sorted row-major."""
    nnz = int(N * N * DENSITY)
    keys = np.unique(rng.integers(0, N * N, size=int(nnz * 1.01)))
    rng.shuffle(keys)
    keys = np.sort(keys[:nnz])
    indices = np.stack([keys // N, keys % N]).astype(np.int64)
    return indices, rng.standard_normal(keys.shape[0], dtype=np.float32)


def _libraries():
    import aten_lite as al

    try:
        import torch
    except ImportError:
        torch = None
    try:
        import scipy.sparse as sp
    except ImportError:
        sp = None
    al.set_num_threads(1)
    if torch is not None:
        torch.set_num_threads(1)
    return al, torch, sp


def _spmm_fns(al, torch, sp, indices, values, dense) -> dict:
    s = al.sparse_coo_tensor(al.from_numpy(indices), al.from_numpy(values), (N, N),
                             is_coalesced=True)
    d = al.from_numpy(dense)
    fns = {"aten_lite": lambda: al.mm(s, d)}
    if torch is not None:
        ts = torch.sparse_coo_tensor(torch.from_numpy(indices), torch.from_numpy(values),
                                     (N, N), check_invariants=False).coalesce()
        td = torch.from_numpy(dense)
        fns["torch"] = lambda: torch.sparse.mm(ts, td)
    if sp is not None:
        csr = sp.csr_matrix((values, (indices[0], indices[1])), shape=(N, N))
        fns["scipy"] = lambda: csr @ dense
    return fns


def _coalesce_fns(al, torch, indices, values, rng) -> dict:
    order = rng.permutation(values.shape[0])
    idx, val = np.ascontiguousarray(indices[:, order]), values[order]
    s = al.sparse_coo_tensor(al.from_numpy(idx), al.from_numpy(val), (N, N))
    fns = {"aten_lite": lambda: s.coalesce()}
    if torch is not None:
        ts = torch.sparse_coo_tensor(torch.from_numpy(idx), torch.from_numpy(val), (N, N),
                                     check_invariants=False)
        fns["torch"] = lambda: ts.coalesce()
    return fns


def _check(al, torch, fns) -> None:
    """The three products agree before anything is timed."""
    ours = fns["aten_lite"]().numpy()
    for name in ("torch", "scipy"):
        if name in fns:
            theirs = fns[name]()
            theirs = theirs.numpy() if name == "torch" else np.asarray(theirs)
            np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-4)


def run(repeat: int = 7, budget: float = 0.5) -> list[Row]:
    al, torch, sp = _libraries()
    rng = np.random.default_rng(0)
    indices, values = _pattern(rng)
    dense = rng.standard_normal((N, COLS), dtype=np.float32)
    fns = _spmm_fns(al, torch, sp, indices, values, dense)
    _check(al, torch, fns)
    ms = {k: v * 1e3 for k, v in compare(fns, repeat=repeat, budget=budget).items()}
    nnz = values.shape[0]
    rows = [Target("torch", 1.5, higher_is_better=False).row(
        f"sparse @ dense: {N}x{N} at {DENSITY:.2%} ({nnz:,} nnz) @ {N}x{COLS} float32",
        "ms", ms["aten_lite"], {p: ms.get(p) for p in PEERS})]
    fns = _coalesce_fns(al, torch, indices, values, rng)
    ms = {k: v * 1e3 for k, v in compare(fns, repeat=repeat, budget=budget).items()}
    rows.append(Target("torch", 1.5, higher_is_better=False).row(
        f"coalesce of the same {nnz:,} entries, shuffled", "ms", ms["aten_lite"],
        {p: ms.get(p) for p in PEERS}))
    return rows


if __name__ == "__main__":
    from harness import table

    print(table(run(), PEERS))
