"""No Python code, however wrong, corrupts memory through aten_lite.

Two holes are covered: a second thread rewriting a sparse tensor's indices while a C++ kernel
uses them (the kernels re-check each index as they read it, Note [Indices read once] in
aten_lite/csrc/sparse_common.h), and raw kernels of ``aten_lite._C`` handed an ``out`` that
overlaps an input (refused, Note [Out overlap] in aten_lite/csrc/kernel_object.cpp). The races
run in a subprocess, so that a crash fails the test instead of ending the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al

try:
    from aten_lite import _C
except ImportError:
    _C = None

REPO = Path(__file__).resolve().parents[1]
F32, F64, I64 = 7, 8, 5  # dtype codes (vocabulary order), as in test_cpp_core.py


def kernel(name):
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    return _C.get_kernel(name)


def run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout)


# ---- indices rewritten by another thread during the kernel --------------------------------

_RACE = """
    import threading, time
    import numpy as np
    import aten_lite as al

    rng = np.random.default_rng(0)
    M, K, N, nnz = 3000, 3000, 128, 30000
    idx = al.tensor(np.stack([np.sort(rng.integers(0, M, nnz)), rng.integers(0, K, nnz)]))
    s = al.sparse_coo_tensor(idx, al.randn(nnz), (M, K)).coalesce()
    shared = s.indices()                    # shares storage with s
    good = int(shared[0, 100])
    d, a, b = al.randn(K, N), al.randn(M, N), al.randn(K, N)
    stop = False

    def writer():
        while not stop:
            shared[0, 100] = 1 << 40        # far outside any row
            shared[1, 200] = -(1 << 40)
            shared[0, 100] = good
            shared[1, 200] = 0

    t = threading.Thread(target=writer)
    t.start()
    calls = refused = 0
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        try:
            if "{op}" == "mm":
                s @ d
            else:
                al.sparse_sampled_mm(s, a, b.t())
        except (RuntimeError, ValueError) as e:
            assert "index" in str(e), e
            refused += 1
        calls += 1
    stop = True
    t.join()
    print("survived", calls, refused)
"""


@pytest.mark.parametrize("op", ["mm", "sampled"])
def test_indices_rewritten_during_a_sparse_kernel_do_not_crash(op):
    done = run_child(_RACE.replace("{op}", op))
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "survived" in done.stdout


def test_coalesce_sees_one_consistent_set_of_keys():
    # Keys flip between two values while the kernel runs; whatever it read, its result must
    # be sorted and free of duplicates (it sorts and merges one private reading of the keys).
    done = run_child("""
        import threading, time
        import numpy as np
        from aten_lite import _C

        k = _C.get_kernel("sparse_coalesce")
        n = 200_000
        keys = np.random.default_rng(1).permutation(n).astype(np.int64) * 7
        vals = np.ones(n, np.float64)
        stop = False

        def writer():
            while not stop:
                keys[5000:5010] = 10**12
                keys[5000:5010] = 3

        t = threading.Thread(target=writer)
        t.start()
        bad = 0
        end = time.monotonic() + 2.0
        while time.monotonic() < end:
            out_v, out_k = np.empty(n), np.empty(n, np.int64)
            u = k(8, out_v, out_k, keys, vals)
            bad += not (np.diff(out_k[:u]) > 0).all() or out_v[:u].sum() != n
        stop = True
        t.join()
        print("bad", bad)
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["bad", "0"]


# ---- raw kernels refuse an out that overlaps an input --------------------------------------

def _overlap_error(name):
    return pytest.raises(ValueError, match=f"^{name}: .*overlaps")


def test_sparse_mm_refuses_out_over_its_indices():
    buf = np.zeros(64, np.float64)
    rows = buf.view(np.int64)[:8]           # the same bytes as out's first row
    cols = np.arange(8, dtype=np.int64)
    out = buf.reshape(8, 8)
    with _overlap_error("sparse_mm"):
        kernel("sparse_mm")(F64, out, rows, cols, np.ones(8), np.ones((8, 8)))


def test_sparse_sampled_mm_refuses_out_over_its_indices():
    rows = np.zeros(8, np.int64)
    out = rows.view(np.float64)
    with _overlap_error("sparse_sampled_mm"):
        kernel("sparse_sampled_mm")(F64, out, rows, np.zeros(8, np.int64), np.ones((4, 3)),
                                    np.ones((4, 3)))


def test_sparse_coalesce_refuses_written_arrays_over_its_inputs():
    keys = np.arange(8, dtype=np.int64)
    with _overlap_error("sparse_coalesce"):
        kernel("sparse_coalesce")(I64, np.empty(8, np.int64), keys, keys, np.ones(8, np.int64))
    both = np.empty(8, np.int64)
    with _overlap_error("sparse_coalesce"):  # the two outputs over each other
        kernel("sparse_coalesce")(I64, both, both, keys, np.ones(8, np.int64))


def test_elementwise_refuses_a_shifted_out():
    a = np.arange(10, dtype=np.float64)
    with _overlap_error("add.Tensor"):
        kernel("add.Tensor")(F64, a[1:], a[:-1], np.ones(9), 1)
    with _overlap_error("neg"):               # same start, other strides
        kernel("neg")(F64, a[:5], a[::2])
    with _overlap_error("neg"):               # reversed view of the same memory
        kernel("neg")(F64, a, a[::-1])


def test_elementwise_exact_alias_is_in_place():
    a = np.arange(10, dtype=np.float64)
    b = np.arange(10, dtype=np.float64)
    kernel("add.Tensor")(F64, a, a, b, 2)
    np.testing.assert_array_equal(a, np.arange(10) * 3)
    m = np.arange(12, dtype=np.float64).reshape(3, 4).T   # non-contiguous, still exact
    kernel("neg")(F64, m, m)
    np.testing.assert_array_equal(m, -np.arange(12).reshape(3, 4).T)


def test_interleaved_views_are_refused_as_numpy_may_share_memory_would():
    # A bounds check, like np.may_share_memory: even and odd elements share no byte, but
    # their extents overlap, so the kernel asks for a copy.
    a = np.arange(10, dtype=np.float64)
    assert np.may_share_memory(a[::2], a[1::2])
    with _overlap_error("neg"):
        kernel("neg")(F64, a[::2], a[1::2])


def test_reduction_refuses_out_inside_its_input():
    a = np.ones((4, 4), np.float64)
    with _overlap_error("sum"):
        kernel("sum")(F64, a[:, 0], a)


def test_disjoint_views_of_one_buffer_are_accepted():
    a = np.arange(20, dtype=np.float64)
    kernel("add.Tensor")(F64, a[10:], a[:10], a[:10], 1)
    np.testing.assert_array_equal(a[10:], 2 * np.arange(10))


def test_public_in_place_ops_on_overlapping_views_still_work():
    # The public API refuses a partial overlap of dense operands, as torch does, and copies
    # any other overlapping input first (Note [Partial overlap]), so the kernel sees no
    # overlap; the answer is NumPy's with a copy.
    x = al.arange(10.0)
    with pytest.raises(RuntimeError, match="some elements of the input tensor and the "
                                           "written-to tensor refer to a single memory"):
        x[1:].add_(x[:-1])
    np.testing.assert_array_equal(x.numpy(), np.arange(10.0))
    y = al.arange(10.0)
    y[::2].mul_(y[1::2])
    ref = np.arange(10.0)
    ref[::2] *= ref[1::2].copy()
    np.testing.assert_array_equal(y.numpy(), ref)
    z = al.arange(6.0)
    al.neg(z, out=z)
    np.testing.assert_array_equal(z.numpy(), -np.arange(6.0))
