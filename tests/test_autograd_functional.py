"""al.autograd.functional against torch.autograd.functional (float64): values, shapes and the
Tensor / tuple / tuple-of-tuples return structures."""

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
import torch.autograd.functional as TAF  # noqa: E402

AAF = al.autograd.functional
RNG = np.random.default_rng(1)


def arr(*shape):
    return RNG.standard_normal(shape)


def same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
        return
    assert isinstance(got, al.Tensor), type(got)
    assert tuple(got.shape) == tuple(want.shape)
    np.testing.assert_allclose(got.numpy(), want.detach().numpy(), rtol=1e-10, atol=1e-12)


def conv(arrays, lib):
    if isinstance(arrays, tuple):
        return tuple(lib.tensor(a) for a in arrays)
    return lib.tensor(arrays)


def one(x):
    return (x.sin() * x).sum()


def many(x, y):
    return (x.exp() * y[:, None]).sum() + (x * x).sum() * y.sum()


def vector(x):
    return x.sin() * x.sum()


def two_out(x, y):
    return x * y.sum(), (x[None] * y[:, None]).cos()


CASES = [(one, arr(3, 2)), (many, (arr(2, 3), arr(2))), (vector, arr(4)),
         (two_out, (arr(3), arr(2)))]


@pytest.mark.parametrize("vectorize", [False, True])
@pytest.mark.parametrize("fn,inputs", CASES)
def test_jacobian(fn, inputs, vectorize):
    got = AAF.jacobian(fn, conv(inputs, al), vectorize=vectorize)
    want = TAF.jacobian(fn, conv(inputs, torch), vectorize=vectorize)
    same(got, want)


@pytest.mark.parametrize("fn,inputs", CASES)
def test_jacobian_forward_mode(fn, inputs):
    got = AAF.jacobian(fn, conv(inputs, al), vectorize=True, strategy="forward-mode")
    want = TAF.jacobian(fn, conv(inputs, torch), vectorize=True, strategy="forward-mode")
    same(got, _tuples(want))  # torch gives lists here, tuples everywhere else; we give tuples


def _tuples(x):
    return tuple(_tuples(e) for e in x) if isinstance(x, (list, tuple)) else x


@pytest.mark.parametrize("vectorize", [False, True])
@pytest.mark.parametrize("fn,inputs", CASES[:2])
def test_hessian(fn, inputs, vectorize):
    same(AAF.hessian(fn, conv(inputs, al), vectorize=vectorize),
         TAF.hessian(fn, conv(inputs, torch), vectorize=vectorize))


@pytest.mark.parametrize("fn,inputs", CASES)
def test_vjp_and_jvp(fn, inputs):
    a, t = conv(inputs, al), conv(inputs, torch)
    out = fn(*(a if isinstance(a, tuple) else (a,)))
    outs = out if isinstance(out, tuple) else (out,)
    vs = tuple(arr(*o.shape) for o in outs)
    v = vs if isinstance(out, tuple) else vs[0]
    same(AAF.vjp(fn, a, conv(v, al)), TAF.vjp(fn, t, conv(v, torch)))
    us = tuple(arr(*x.shape) for x in (a if isinstance(a, tuple) else (a,)))
    u = us if isinstance(a, tuple) else us[0]
    same(AAF.jvp(fn, a, conv(u, al)), TAF.jvp(fn, t, conv(u, torch)))


@pytest.mark.parametrize("name", ["hvp", "vhp"])
@pytest.mark.parametrize("fn,inputs", CASES[:2])
def test_hvp_and_vhp(fn, inputs, name):
    a, t = conv(inputs, al), conv(inputs, torch)
    vs = tuple(arr(*x.shape) for x in (a if isinstance(a, tuple) else (a,)))
    v = vs if isinstance(a, tuple) else vs[0]
    same(getattr(AAF, name)(fn, a, conv(v, al)), getattr(TAF, name)(fn, t, conv(v, torch)))


def test_create_graph_keeps_history():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    j = AAF.jacobian(lambda v: v ** 3, x, create_graph=True)
    assert j.requires_grad
    (g,) = al.autograd.grad(j.sum(), x)
    np.testing.assert_allclose(g.numpy(), [6.0, 12.0])
    assert not AAF.jacobian(lambda v: v ** 3, x).requires_grad


def test_errors_and_strict():
    x = al.tensor(arr(3))
    with pytest.raises(RuntimeError, match="v can only be None"):
        AAF.vjp(lambda v: v * 2, x)
    with pytest.raises(RuntimeError, match="v has invalid size"):
        AAF.vjp(lambda v: v * 2, x, al.ones(4, dtype=al.float64))
    with pytest.raises(RuntimeError, match="should contain a single element"):
        AAF.hessian(lambda v: v * 2, x)
    with pytest.raises(RuntimeError, match="independent of input 1"):
        AAF.vjp(lambda a, b: a * 2, (x, x), al.ones(3, dtype=al.float64), strict=True)
    with pytest.raises(NotImplementedError, match="vectorize=True"):
        AAF.jacobian(lambda v: v, x, strategy="forward-mode")
    import aten_lite.autograd.functional as F

    assert F is AAF
