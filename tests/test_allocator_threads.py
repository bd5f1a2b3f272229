"""The large-block cache and the thread pool change speed, never results."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

_C = pytest.importorskip("aten_lite._C", reason="the C++ extension is not built")

N = (1 << 20) + 3  # above the cache's 64 KB threshold, and not a multiple of any piece size


def test_reused_block_gives_correct_results():
    x = al.full((N,), 7.0)
    for k in range(4):  # each result is freed and its block taken by the next one
        y = x * float(k)
        np.testing.assert_array_equal(y.numpy(), np.full(N, 7.0 * k, dtype=np.float32))
        del y
    z = al.zeros(N)  # a reused (dirty) block must still come back as zeros
    assert not z.numpy().any()


def test_freed_blocks_are_cached_and_released():
    al.empty_cache()
    y = al.ones(N) + 1
    nbytes = y.numpy().nbytes
    del y
    cached_bytes, cached_blocks, _ = _C.cache_info()
    assert cached_blocks >= 1 and cached_bytes >= nbytes
    assert al.empty_cache() == cached_bytes
    assert _C.cache_info()[:2] == (0, 0)


def test_mid_sized_blocks_are_cached_in_whole_grains():
    # A small model's activations (128-512 KB) are cached too: glibc maps or trims blocks of
    # that size, so each training step faulted them in afresh.
    x = al.ones(50_000)  # 200,000 bytes
    al.empty_cache()
    y = x + 1
    del y
    cached_bytes, cached_blocks, _ = _C.cache_info()
    assert cached_blocks == 1 and cached_bytes == 4 * 65536  # whole 64 KB grains
    z = x * 3  # the same size: takes the block back
    assert _C.cache_info()[:2] == (0, 0)
    np.testing.assert_array_equal(z.numpy(), np.full(50_000, 3.0, dtype=np.float32))


def test_cached_block_outlives_nothing_it_should_not():
    y = al.ones(N) + 1
    v = y[10:20]  # a view keeps the block alive after the tensor goes
    del y
    w = al.full((N,), 3.0) + 0  # may not take v's block
    np.testing.assert_array_equal(v.numpy(), np.full(10, 2.0, dtype=np.float32))
    assert float(w[0]) == 3.0


@pytest.mark.parametrize("threads", [2, 3, 8])
def test_results_do_not_depend_on_the_thread_count(threads):
    rng = np.random.default_rng(0)
    a = al.from_numpy(rng.standard_normal(N).astype(np.float32))
    m = al.from_numpy(rng.standard_normal((1031, 1029)).astype(np.float32))
    b = al.from_numpy(rng.standard_normal((1029, 1031)).astype(np.float32))
    ops = {
        "add": lambda: a + a * 2,
        "exp": lambda: a.exp(),
        "sum": lambda: a.sum(),
        "sum dim 0": lambda: m.sum(0),
        "T + b": lambda: m.t() + b,
    }
    before = al.get_num_threads()
    try:
        al.set_num_threads(1)
        one = {k: f().numpy().copy() for k, f in ops.items()}
        al.set_num_threads(threads)
        many = {k: f().numpy().copy() for k, f in ops.items()}
    finally:
        al.set_num_threads(before)
    for k in ops:
        np.testing.assert_array_equal(one[k], many[k], err_msg=k)
    np.testing.assert_allclose(one["T + b"], m.numpy().T + b.numpy(), rtol=0, atol=0)
