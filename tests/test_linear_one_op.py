"""nn.functional.linear as one op (`_linear`, Note [Linear as one op] in
aten_lite/nn/functional.py): the same bits as the composed matmul and add, forward and every
gradient; one autograd node; the composed ops wherever a dispatch mode watches; torch's
values; its own errors."""

from __future__ import annotations

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite._generated.ops import _linear

F = al.nn.functional
RNG = np.random.default_rng(11)


def composed(x, w, b):
    out = x.mm(w.t()) if x.ndim == 2 else x.matmul(w.t())
    return out if b is None else out + b


def leaves(shape, out_features, dtype, bias=True):
    def make(*s):
        return al.tensor(RNG.standard_normal(s).astype(dtype), requires_grad=True)

    return (make(*shape), make(out_features, shape[-1]),
            make(out_features) if bias else None)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, out_features, bias", [
    ((5, 7), 3, True), ((4, 6, 8), 10, True), ((2, 3, 4, 8), 5, False),
    ((300, 64), 192, True),  # products large enough for the small-product kernel
    ((16, 32, 64), 256, True), ((0, 4), 3, True),
])
def test_one_op_gives_the_composed_bits_forward_and_backward(dtype, shape, out_features, bias):
    x, w, b = leaves(shape, out_features, dtype, bias)
    grad = al.tensor(RNG.standard_normal(shape[:-1] + (out_features,)).astype(dtype))
    got = F.linear(x, w, b)
    assert type(got.grad_fn).__name__ == "LinearBackward0"  # the one op ran
    got.backward(grad)
    ours = [got.detach().numpy()] + [t.grad.numpy() for t in (x, w, b) if t is not None]
    for t in (x, w, b):
        if t is not None:
            t.grad = None
    ref = composed(x, w, b)
    ref.backward(grad)
    theirs = [ref.detach().numpy()] + [t.grad.numpy() for t in (x, w, b) if t is not None]
    for a, c in zip(ours, theirs):
        assert a.shape == c.shape and np.array_equal(a, c)


def test_a_one_dimensional_input():
    x, w, b = leaves((4,), 3, np.float64)
    out = _linear(x, w, b)
    out.backward(al.ones(3))
    np.testing.assert_allclose(out.detach().numpy(),
                               w.detach().numpy() @ x.detach().numpy() + b.detach().numpy())
    np.testing.assert_allclose(x.grad.numpy(), w.detach().numpy().sum(0))
    np.testing.assert_array_equal(b.grad.numpy(), np.ones(3))
    assert al.autograd.gradcheck(_linear, (x, w, b))


def test_one_node_each_way_and_second_derivatives():
    x, w, b = leaves((3, 4), 2, np.float64)
    y = F.linear(x, w, b)
    assert [type(f).__name__ for f, _ in y.grad_fn.next_functions] == ["AccumulateGrad"] * 3
    assert al.autograd.gradcheck(_linear, (x, w, b))
    assert al.autograd.gradgradcheck(_linear, (x, w, b))


def test_watched_calls_see_the_composed_ops():
    x, w, b = leaves((3, 4), 2, np.float32)
    with al.trace_dispatch() as trace:
        F.linear(x, w, b)
    assert "mm" in trace.ops() and "_linear" not in trace.ops()
    step = al.compile(lambda x, w, b: F.linear(x, w, b).relu().sum())
    np.testing.assert_array_equal(step(x, w, b).detach().numpy(),
                                  F.linear(x, w, b).relu().sum().detach().numpy())


def test_forward_mode_through_linear():
    import aten_lite.autograd.forward_ad as fwAD

    x, w, b = (t.detach() for t in leaves((3, 4), 2, np.float64))
    tx, tw, tb = (al.tensor(RNG.standard_normal(t.shape)) for t in (x, w, b))
    with fwAD.dual_level():
        for fn in (F.linear, _linear):  # the composed ops (watched), and the op's own rule
            out = fn(fwAD.make_dual(x, tx), fwAD.make_dual(w, tw), fwAD.make_dual(b, tb))
            tangent = fwAD.unpack_dual(out).tangent.numpy()
            want = tx.numpy() @ w.numpy().T + x.numpy() @ tw.numpy().T + tb.numpy()
            np.testing.assert_allclose(tangent, want, rtol=1e-12, atol=1e-12)


def test_matches_torch():
    torch = pytest.importorskip("torch")
    x, w, b = leaves((4, 5, 6), 3, np.float64)
    g = RNG.standard_normal((4, 5, 3))
    F.linear(x, w, b).backward(al.tensor(g))
    tx, tw, tb = (torch.tensor(t.detach().numpy(), requires_grad=True) for t in (x, w, b))
    out = torch.nn.functional.linear(tx, tw, tb)
    out.backward(torch.tensor(g))
    for ours, theirs in ((x, tx), (w, tw), (b, tb)):
        np.testing.assert_allclose(ours.grad.numpy(), theirs.grad.numpy(), rtol=1e-12)


@pytest.mark.parametrize("args, error, words", [
    (lambda: (al.ones(2, 3, dtype=al.int64), al.ones(4, 3, dtype=al.int64), None),
     NotImplementedError, "not implemented for 'int64'"),
    (lambda: (al.ones(2, 3), al.ones(4, 5), None), RuntimeError, "must be (*, in_features)"),
    (lambda: (al.ones(2, 3), al.ones(4, 3, dtype=al.float64), None), RuntimeError,
     "weight must have input's dtype float32, got float64"),
    (lambda: (al.ones(2, 3), al.ones(4, 3), al.ones(3)), RuntimeError,
     "bias must be (out_features,) = [4], got [3]"),
])
def test_direct_calls_get_clear_errors(args, error, words):
    with pytest.raises(error, match=re.escape(words)):
        _linear(*args())





@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_weights_gradient_comes_in_the_weights_layout_and_is_not_copied_again(dtype):
    # The weight gradient of a layer is laid out (out, in) as the weight is, so the engine
    # makes it the parameter's .grad as it is (Note [Stealing the gradient]); its values are
    # x.T @ g's, transposed, to the bit.
    from aten_lite.autograd import engine

    x, w, b = leaves((300, 64), 96, dtype)
    g = al.tensor(RNG.standard_normal((300, 96)).astype(dtype))
    calls, saved = [], engine._CALLBACKS
    try:
        engine._CALLBACKS = tuple(
            (lambda *a: calls.append(a[0]) or engine._accumulate(*a))
            if c is engine._accumulate else c for c in saved)
        _linear(x, w, b).backward(g)
        assert not any(leaf is w for leaf in calls)
        first = w.grad
        _linear(x, w, b).backward(g)  # the second is added to the first, through the callback
        assert any(leaf is w for leaf in calls) and w.grad is first
    finally:
        engine._CALLBACKS = saved
    assert w.grad.is_contiguous() and w.grad.shape == (96, 64)
    expect = 2 * (x.detach().numpy().T @ g.numpy()).T
    tol = 1e-4 if dtype == np.float32 else 1e-10
    np.testing.assert_allclose(w.grad.numpy(), expect, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("depth, out_features, in_features", [
    (512, 192, 64), (700, 64, 256), (129, 128, 64), (7, 64, 64), (1024, 256, 128)])
def test_the_weight_gradient_has_the_transposed_products_bits(dtype, depth, out_features,
                                                               in_features):
    # Note [Weight gradients in the weight's layout]: g.T @ x stands for (x.T @ g).T only
    # where the two give the same bits.
    from aten_lite.autograd._formulas_linalg import _either_way
    from aten_lite.rules.stream_products import matmul_into

    x = RNG.standard_normal((depth, in_features)).astype(dtype)
    g = RNG.standard_normal((depth, out_features)).astype(dtype)
    direct, product = np.empty((out_features, in_features), dtype), np.empty(
        (in_features, out_features), dtype)
    matmul_into(direct, g.T, x)
    matmul_into(product, x.T, g)
    assert _either_way(depth, out_features, in_features, x.itemsize)
    np.testing.assert_array_equal(direct, product.T)
