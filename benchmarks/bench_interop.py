"""DLPack interop figures: moving a 16M-element float32 tensor (64 MB) between aten_lite and
torch / NumPy without copying.

* al -> torch -> al: ``al.from_dlpack(torch.from_dlpack(x))``, next to torch's own round trip
  through NumPy (``torch.from_dlpack(np.from_dlpack(t))``) and to one copy of the data
  (``x.clone()``); the target, <= 0.01x the copy, is what "zero copy" means at this size;
* al -> numpy: ``np.from_dlpack(x)``, next to ``np.from_dlpack(t)`` for a torch tensor.

Each case first checks that the result shares the source's memory (else it measures a copy).

    python benchmarks/bench_interop.py        # prints the table
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import numpy as np  # noqa: E402

from harness import Row, Target, compare, table  # noqa: E402

PEERS = ["torch", "copy 16M"]
N = 16 * 1024 * 1024


def run(al, torch, *, repeat: int = 7, budget: float = 0.2) -> list[Row]:
    x = al.ones(N)
    copy = {"copy 16M": lambda: x.clone()}
    round_trip = {"aten_lite": lambda: al.from_dlpack(torch.from_dlpack(x))} if torch else {}
    to_numpy = {"aten_lite": lambda: np.from_dlpack(x)}
    if torch is not None:
        torch.set_num_threads(1)
        t = torch.ones(N)
        round_trip["torch"] = lambda: torch.from_dlpack(np.from_dlpack(t))
        to_numpy["torch"] = lambda: np.from_dlpack(t)
        assert round_trip["aten_lite"]().data_ptr() == x.data_ptr()
        assert round_trip["torch"]().data_ptr() == t.data_ptr()
        assert to_numpy["torch"]().ctypes.data == t.data_ptr()
    assert to_numpy["aten_lite"]().ctypes.data == x.data_ptr()
    copy_us = compare(copy, repeat=repeat, budget=budget)["copy 16M"] * 1e6
    zero_copy = Target("copy 16M", 0.01, False)
    rows = []
    if torch is not None:
        us = {k: v * 1e6 for k, v in compare(round_trip, repeat=repeat, budget=budget).items()}
        rows.append(zero_copy.row("DLPack al -> torch -> al, 16M float32", "us", us["aten_lite"],
                                  {"torch": us["torch"], "copy 16M": copy_us}))
    us = {k: v * 1e6 for k, v in compare(to_numpy, repeat=repeat, budget=budget).items()}
    rows.append(zero_copy.row("DLPack al -> numpy (np.from_dlpack), 16M float32", "us",
                              us["aten_lite"], {"torch": us.get("torch"), "copy 16M": copy_us}))
    return rows


if __name__ == "__main__":
    import aten_lite as al

    try:
        import torch
    except ImportError:
        torch = None
    al.set_num_threads(1)
    print(table(run(al, torch), PEERS))
