"""Array-level replay (Note [Array-level replay] in aten_lite/compile/lower.py): the entries a
plan runs on NumPy arrays give eager's results bit for bit, on every layout and dtype they
accept, and the ones they decline still run (on Tensors). The oracle is eager aten_lite."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.nn import functional as F


def _same(compiled, eager):
    for c, e in zip(compiled, eager):
        assert c.dtype == e.dtype and tuple(c.shape) == tuple(e.shape)
        np.testing.assert_array_equal(c.detach().numpy(), e.detach().numpy())


def _run_both(fn, *args):
    cf = al.compile(fn, fullgraph=True)
    for _ in range(2):  # capture, then replay
        got = cf(*args)
    want = fn(*args)
    got, want = (got, want) if isinstance(got, tuple) else ((got,), (want,))
    _same(got, want)
    return cf


def _source(cf, *args) -> str:
    return cf._cache[next(reversed(cf._cache))].forward_plan.source


@pytest.mark.parametrize("dtype", [al.float32, al.float64])
def test_lowered_ops_equal_eager_on_strided_inputs(dtype):
    g = np.random.default_rng(1)
    a = al.from_numpy(g.standard_normal((6, 5))).to(dtype)
    b = al.from_numpy(g.standard_normal((6, 4))).to(dtype)
    bias = al.from_numpy(g.standard_normal(4)).to(dtype)

    def fn(a, b, bias):
        m = a.t() @ b                      # a transposed operand: BLAS flags, no copy
        s = (m + bias).sum(0)              # broadcast add (alpha), sum over a leading dim
        r = F.log_softmax(m.t(), dim=1)    # rows of a non-contiguous matrix
        return m, s, r, (m * 2).sum((0, 1)), m.sum(1, keepdim=True)

    cf = _run_both(fn, a, b, bias)
    src = _source(cf)
    assert "_dot(" in src and ".T" in src and "ck" in src  # they did run on arrays


def test_declined_entries_run_on_tensors():
    x = al.arange(12).reshape(3, 4)  # int64: matmul, sum and add stay eager kernels
    _run_both(lambda x: ((x @ x.t()) + 1).sum(0), x)
    h = al.randn(4, 5).to(al.float16)  # float16 log_softmax computes in float32
    _run_both(lambda h: F.log_softmax(h, dim=1), h)
    z = al.randn(2, 3, 4)  # a 3-D log_softmax, and an empty sum
    _run_both(lambda z: (F.log_softmax(z, dim=2), z[:, :0].sum(1)), z)


def test_a_returned_view_of_an_input_shares_its_storage_and_version():
    x = al.randn(3, 4)
    cf = al.compile(lambda x: (x.t(), x * 2))
    cf(x)
    v, _ = cf(x)
    assert v._version_counter is x._version_counter  # one storage, one counter, as eager's view
    x.add_(1)
    np.testing.assert_array_equal(v.numpy(), x.numpy().T)


def test_digits_step_equals_eager():
    from aten_lite import nn

    g = np.random.default_rng(0)
    x = al.from_numpy(g.random((16, 8), dtype=np.float32))
    y = al.from_numpy(g.integers(0, 4, 16))
    al.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 12), nn.ReLU(), nn.Linear(12, 4))
    params = list(model.parameters())

    def loss_of(a, b):
        return F.cross_entropy(model(a), b)

    def grads(fn):
        for p in params:
            p.grad = None
        loss = fn(x, y)
        loss.backward()
        return [loss] + [p.grad for p in params]

    want = grads(loss_of)
    cf = al.compile(loss_of, fullgraph=True)
    grads(cf)
    got = grads(cf)
    # The loss and the bias gradients run eager's kernels on the same arrays: bit for bit.
    # The weight gradients are products in the other order (Note [Folding transposes into
    # products]): equal within float32 rounding.
    _same([got[0], got[2], got[4]], [want[0], want[2], want[4]])
    for g, w in zip((got[1], got[3]), (want[1], want[3])):
        assert g.is_contiguous()
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("reduction", ["mean", "sum"])
def test_nll_loss_and_backward_equal_eager_with_ignored_rows_and_bad_targets(reduction):
    g = np.random.default_rng(2)
    logits = al.from_numpy(g.standard_normal((7, 5))).requires_grad_()

    def loss(a, t):
        return F.cross_entropy(a, t, reduction=reduction)

    cf = al.compile(loss, fullgraph=True)
    good = al.tensor([0, 4, 1, 2, 3, 3, 0])
    ignored = al.tensor([0, -100, 1, 2, -100, 3, 0])  # the default ignore_index
    for t in (good, ignored, good):  # the fast path, eager's kernel, the fast path again
        got = cf(logits, t)
        (gg,) = al.autograd.grad(got, [logits])
        want = loss(logits, t)
        (gw,) = al.autograd.grad(want, [logits])
        _same((got, gg), (want, gw))
    bad = al.tensor([0, 5, 1, 2, 3, 3, 0])
    with pytest.raises(IndexError) as eager_error:
        loss(logits, bad)
    with pytest.raises(IndexError) as compiled_error:
        cf(logits, bad)
    assert str(compiled_error.value) == str(eager_error.value)


def test_nll_loss_with_many_classes_still_ignores_rows():
    # With 150 classes, ignore_index=-100 is a valid NumPy index: the plan leaves the op to
    # eager's kernel, which ignores the row instead of reading class 50.
    logits = al.randn(4, 150)
    t = al.tensor([3, -100, 149, 0])
    _run_both(lambda a, t: F.cross_entropy(a, t), logits, t)


def test_a_replaced_constant_is_broadcast_afresh():
    bias = al.zeros(4)
    cf = al.compile(lambda x: (x + bias).relu() * 2, fullgraph=True)
    x = al.randn(3, 4)
    cf(x)
    bias.data = al.ones(4)  # a new array under the same tensor
    np.testing.assert_array_equal(cf(x).numpy(), np.maximum(x.numpy() + 1, 0) * 2)


def test_a_fused_kernel_on_arrays_writes_into_the_planned_dead_buffer():
    def g(x, w):
        a = (x * 2).exp()
        b = ((a @ w) + 1).relu()  # b takes a's buffer once the product has read a
        return b @ w

    x, w = al.randn(8, 8), al.randn(8, 8)
    cf = _run_both(g, x, w)
    entry = cf._cache[next(reversed(cf._cache))]
    ((b, a),) = entry.graph.memory.reuse.items()
    assert f"a{b.name[1:]} = a{a.name[1:]}" in entry.forward_plan.source
