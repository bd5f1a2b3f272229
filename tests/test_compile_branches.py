"""Concurrent branches (Note [Concurrent branches] in aten_lite/compile/passes/branches.py):
which spans the pass marks, and that a replay running them on two threads gives eager's
results and gradients. The oracle is eager aten_lite."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile import concurrent
from aten_lite.compile.passes import branches


def two(x, y):
    return (x * 2 + 1).relu().exp().sum() + (y * 3 - 1).tanh().sigmoid().sum()


def _plan(cf):
    return next(iter(cf._cache.values())).forward_plan


@pytest.fixture
def threads(monkeypatch):
    """Small work counts as enough, and every replay runs marked branches on two threads."""
    monkeypatch.setattr(branches, "MIN_WORK", 1)
    monkeypatch.setattr(concurrent, "use_threads", lambda: True)


def test_two_independent_fused_branches_are_marked_and_listed(threads):
    x, y = al.randn(64), al.randn(64)
    g = al.compile(two).graph(x, y)
    assert [(b.helper, b.main) for b in g.branches] == [([0], [1])]
    assert "  branches: {g0} || {g1} (64 || 64 elements)" in str(g).splitlines()


def test_small_work_and_in_place_writes_are_not_marked(monkeypatch):
    x, y = al.randn(64), al.randn(64)
    assert al.compile(two).graph(x, y).branches == []  # far below MIN_WORK
    monkeypatch.setattr(branches, "MIN_WORK", 1)

    def writes(x, y):
        a = x * 2
        a.add_(1)  # an in-place write orders what no value links
        return a.exp().sum() + (y * 3).tanh().sum()

    assert al.compile(writes).graph(x, y).branches == []


def test_threaded_replay_equals_eager_and_serial(threads):
    def three(x, y, z):
        a = (x * 2).exp()
        b = (y - 1).tanh()
        c = z @ z.t()
        return a.sum() + b.sum(), a, c.relu(), b * 2

    x, y, z = al.randn(50), al.randn(30), al.randn(8, 5)
    cf = al.compile(three)
    assert cf.graph(x, y, z).branches
    plan = _plan(cf)
    assert "_submit(" in plan.concurrent_source
    want = three(x, y, z)
    for _ in range(3):
        got = cf(x, y, z)
        serial = plan.run([x, y, z])
        for g, s, w in zip(got, serial, want):
            np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-6)
            np.testing.assert_array_equal(g.numpy(), s.numpy())


def _two_branch_loss():
    """A loss of two independent branches, its input, weights whose eager gradients are
    computed, and fresh copies of them for the compiled run."""
    def loss(x, w1, w2):
        return (x @ w1).tanh().sum() + (x @ w2).sigmoid().sum()

    al.manual_seed(0)
    x = al.randn(16, 8)
    ws = [al.randn(8, 12, requires_grad=True), al.randn(8, 12, requires_grad=True)]
    wc = [w.detach().clone().requires_grad_() for w in ws]
    loss(x, *ws).backward()
    return loss, x, ws, wc


def test_threaded_backward_gives_eager_gradients(threads):
    loss, x, ws, wc = _two_branch_loss()
    cf = al.compile(loss)
    cf(x, *wc).backward()
    for a, b in zip(wc, ws):
        np.testing.assert_allclose(a.grad.numpy(), b.grad.numpy(), rtol=1e-5, atol=1e-6)
    g = cf.graph(x, *wc)
    assert g.branches and g.backward.branches  # both plans ran branches on two threads


@pytest.mark.parametrize("forward_threads", [True, False])
def test_a_threaded_plan_pairs_with_a_serial_one(monkeypatch, forward_threads):
    """use_threads() is asked per call, so a forward replayed on two threads may meet a serial
    backward (the thread count changed between them), and the other way round: the saved
    values must pass between them either way, and the gradients equal eager's."""
    monkeypatch.setattr(branches, "MIN_WORK", 1)

    loss, x, ws, wc = _two_branch_loss()
    cf = al.compile(loss)
    monkeypatch.setattr(concurrent, "use_threads", lambda: forward_threads)
    out = cf(x, *wc)
    monkeypatch.setattr(concurrent, "use_threads", lambda: not forward_threads)
    out.backward()
    for a, b in zip(wc, ws):
        np.testing.assert_allclose(a.grad.numpy(), b.grad.numpy(), rtol=1e-5, atol=1e-6)


def test_threads_are_used_only_when_kernels_leave_cores_idle(monkeypatch):
    import os

    n = al.get_num_threads()
    try:
        monkeypatch.setattr(os, "cpu_count", lambda: 4)
        al.set_num_threads(2)
        assert concurrent.use_threads()
        al.set_num_threads(3)
        assert not concurrent.use_threads()
    finally:
        al.set_num_threads(n)
