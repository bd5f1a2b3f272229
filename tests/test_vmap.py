"""al.func.vmap against torch.func.vmap (float64): values, shapes, composition, errors."""

import warnings

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as AF

torch = pytest.importorskip("torch")
import torch.nn.functional as TF  # noqa: E402

RNG = np.random.default_rng(0)


def arr(*shape):
    return RNG.standard_normal(shape)


def both(*arrays):
    return [al.tensor(a) for a in arrays], [torch.tensor(a) for a in arrays]


def check(fn_al, fn_t, arrays, **kw):
    a, t = both(*arrays)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no fallback on these: every op has a rule
        got = al.vmap(fn_al, **kw)(*a)
    want = torch.vmap(fn_t, **kw)(*t)
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        assert tuple(g.shape) == tuple(w.shape)
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("f", [
    lambda x, y: x.sin() * y + x.exp() - y / (x * x + 1),
    lambda x, y: al.where(x > y, x, y) if isinstance(x, al.Tensor) else torch.where(x > y, x, y),
    lambda x, y: (x - y).abs().sqrt().tanh() ** 2,
    lambda x, y: x.sigmoid().clamp(0.2, 0.8) + y.relu(),
])
def test_elementwise(f):
    check(f, f, [arr(4, 3), arr(4, 3)])
    check(f, f, [arr(4, 3), arr(3)], in_dims=(0, None))
    check(f, f, [arr(3, 5), arr(2, 3, 5)], in_dims=(1, 2))


def test_broadcasting_ranks():
    f = lambda x, y: x + y  # noqa: E731
    check(f, f, [arr(4), arr(4, 2, 3)])  # scalar samples against matrices
    check(f, f, [arr(4, 3), arr(2, 3)], in_dims=(0, None))


@pytest.mark.parametrize("name", ["sum", "mean", "amax", "amin", "prod", "var", "std"])
def test_reductions(name):
    check(lambda x: getattr(x, name)(), lambda x: getattr(x, name)(), [arr(4, 3, 2)])
    check(lambda x: getattr(x, name)(-1), lambda x: getattr(x, name)(-1), [arr(4, 3, 2)],
          in_dims=1)
    if name not in ("prod",):
        check(lambda x: getattr(x, name)((0, 1), keepdim=True),
              lambda x: getattr(x, name)((0, 1), keepdim=True), [arr(4, 3, 2)])


def test_softmax_and_dims():
    check(lambda x: x.softmax(0) + x.log_softmax(-1), lambda x: x.softmax(0) + x.log_softmax(-1),
          [arr(3, 4, 5)], in_dims=1)
    check(lambda x: x.cumsum(1).transpose(0, 1)[1:, 2], lambda x: x.cumsum(1).transpose(0, 1)[1:, 2],
          [arr(2, 3, 4)])
    check(lambda x: x.max(0).values, lambda x: x.max(0).values, [arr(2, 3, 4)])


@pytest.mark.parametrize("op", ["matmul", "mm", "bmm", "dot"])
def test_matmul_family(op):
    shapes = {"matmul": ((3, 4), (4, 2)), "mm": ((3, 4), (4, 2)), "bmm": ((2, 3, 4), (2, 4, 5)),
              "dot": ((4,), (4,))}[op]
    f = lambda a, b: getattr(a, op)(b)  # noqa: E731
    for dims in [(0, 0), (0, None), (None, 0)]:
        xs = [arr(*((5,) + s if d is not None else s)) for s, d in zip(shapes, dims)]
        check(f, f, xs, in_dims=dims)


def test_linear_and_views():
    w, b = arr(5, 3), arr(5)

    def f(lib, F):
        def g(x):
            y = F.linear(x, lib.tensor(w), lib.tensor(b))
            return y.reshape(5, 1).expand(5, 2).permute(1, 0).unsqueeze(0).squeeze(0).flatten()
        return g
    check(f(al, AF), f(torch, TF), [arr(4, 3)])
    check(lambda x: al.cat([x, x * 2], 0).view(2, -1)[1],
          lambda x: torch.cat([x, x * 2], 0).view(2, -1)[1], [arr(4, 3)])
    check(lambda x: al.stack([x, -x], 1).t(), lambda x: torch.stack([x, -x], 1).t(), [arr(4, 3)])


def test_factories_inside():
    check(lambda x: x + al.zeros_like(x) + al.ones(3), lambda x: x + torch.zeros_like(x) +
          torch.ones(3, dtype=torch.float64), [arr(4, 3)])


def test_nested_vmap_and_out_dims():
    f = lambda x, y: (x * y).sum()  # noqa: E731
    a, t = both(arr(2, 3, 4), arr(3, 4))
    got = al.vmap(al.vmap(f, in_dims=(0, 0)), in_dims=(0, None))(*a)
    want = torch.vmap(torch.vmap(f, in_dims=(0, 0)), in_dims=(0, None))(*t)
    np.testing.assert_allclose(got.numpy(), want.numpy())
    g = lambda x: (x * 2, x.sum())  # noqa: E731
    a, t = both(arr(4, 3))
    got = al.vmap(g, out_dims=(1, 0))(*a)
    want = torch.vmap(g, out_dims=(1, 0))(*t)
    for x, y in zip(got, want):
        assert tuple(x.shape) == tuple(y.shape)
        np.testing.assert_allclose(x.numpy(), y.numpy())


def test_pytree_in_dims_and_chunks():
    f = lambda d, s: d["a"] * s[0] + d["b"]  # noqa: E731
    x, y, z = arr(4, 3), arr(3), arr(4, 3)
    got = al.vmap(f, in_dims=({"a": 0, "b": None}, (1,)))(
        {"a": al.tensor(x), "b": al.tensor(y)}, (al.tensor(z.T),))
    want = torch.vmap(f, in_dims=({"a": 0, "b": None}, (1,)))(
        {"a": torch.tensor(x), "b": torch.tensor(y)}, (torch.tensor(z.T),))
    np.testing.assert_allclose(got.numpy(), want.numpy())
    got = al.vmap(lambda v: v.exp().sum(), chunk_size=3)(al.tensor(x))
    np.testing.assert_allclose(got.numpy(), np.exp(x).sum(1))


def _mlp_loss(lib, F):
    def loss(w1, b1, w2, b2, x, y):
        h = F.relu(F.linear(x.unsqueeze(0), w1, b1))
        return F.cross_entropy(F.linear(h, w2, b2), y.unsqueeze(0))
    return loss


def test_per_sample_gradients_of_an_mlp():
    params = [arr(16, 8) * 0.3, arr(16), arr(4, 16) * 0.3, arr(4)]
    x, y = arr(6, 8), RNG.integers(0, 4, 6)
    a, t = both(*params, x)
    dims = (None,) * 4 + (0, 0)
    fn = al.vmap(al.func.grad(_mlp_loss(al, AF), argnums=(0, 1, 2, 3)), in_dims=dims)
    got = fn(*a, al.tensor(y))
    want = torch.vmap(torch.func.grad(_mlp_loss(torch, TF), argnums=(0, 1, 2, 3)),
                      in_dims=dims)(*t, torch.tensor(y))
    for g, w in zip(got, want):
        assert tuple(g.shape) == tuple(w.shape)
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-9, atol=1e-12)
    assert fn.fallbacks == set()


def test_jacrev_uses_vmap_and_matches():
    f = lambda x: (x.sin()[None] * x[:, None]).sum(1)  # noqa: E731
    a, t = both(arr(5))
    np.testing.assert_allclose(al.func.jacrev(f)(*a).numpy(), torch.func.jacrev(f)(*t).numpy())
    np.testing.assert_allclose(al.func.hessian(lambda x: f(x).sum())(*a).numpy(),
                               torch.func.hessian(lambda x: f(x).sum())(*t).numpy())
    assert al.vmap is al.func.vmap


def test_fallback_op_runs_per_sample_and_is_reported():
    x = arr(3, 4, 2)
    fn = al.vmap(lambda v: al.linalg.inv(v.T @ v + al.eye(2)))
    with pytest.warns(RuntimeWarning, match="no batching rule"):
        got = fn(al.tensor(x))
    want = torch.vmap(lambda v: torch.linalg.inv(v.T @ v + torch.eye(2, dtype=torch.float64)))(
        torch.tensor(x))
    np.testing.assert_allclose(got.numpy(), want.numpy())
    assert fn.fallbacks == {"linalg_inv"}


def test_errors():
    x, y = al.tensor(arr(2, 3)), al.tensor(arr(3, 3))
    with pytest.raises(ValueError, match="same size in the mapped dimension, got sizes"):
        al.vmap(lambda a, b: a + b)(x, y)
    with pytest.raises(ValueError, match="in_dims is not compatible with the structure"):
        al.vmap(lambda a, b: a + b, in_dims=(0, 0, 0))(x, x)
    with pytest.raises(ValueError, match="expected in_dim to satisfy"):
        al.vmap(lambda a: a, in_dims=2)(x)
    with pytest.raises(ValueError, match="at least one Tensor to vmap over"):
        al.vmap(lambda a: a, in_dims=(None,))(x)
    with pytest.raises(RuntimeError, match="randomness error mode"):
        al.vmap(lambda a: a + al.rand(3))(x)
    same = al.vmap(lambda a: a * 0 + al.rand(3), randomness="same")(x)
    np.testing.assert_allclose(same[0].numpy(), same[1].numpy())
    with pytest.raises(RuntimeError, match=r"calling \.item\(\)"):
        al.vmap(lambda a: a.sum().item())(x)
    with pytest.raises(ValueError, match="must only return Tensors"):
        al.vmap(lambda a: 3)(x)
    with pytest.raises(RuntimeError, match="inplace"):
        al.vmap(lambda a, b: a.add_(b), in_dims=(None, 0))(al.tensor(arr(3)), x)


def _cmp(got, want):
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        assert tuple(g.shape) == tuple(w.shape)
        np.testing.assert_allclose(g.numpy(), w.detach().numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("transform", ["jacrev", "jacfwd", "hessian"])
def test_vmap_of_jacobians(transform):
    f = (lambda v: (v.sin() * v).sum()) if transform == "hessian" else \
        (lambda v: v.sin() * v.sum())
    a, t = both(arr(4, 3))
    _cmp(al.vmap(getattr(al.func, transform)(f))(*a),
         torch.vmap(getattr(torch.func, transform)(f))(*t))


def test_grad_of_vmap_and_nested_per_sample_grads():
    f = lambda v: (v * v).sum().sqrt()  # noqa: E731
    a, t = both(arr(4, 3))
    _cmp(al.func.grad(lambda v: al.vmap(f)(v).sum())(*a),
         torch.func.grad(lambda v: torch.vmap(f)(v).sum())(*t))
    g = lambda w, v: (v * w).tanh().sum()  # noqa: E731
    a, t = both(arr(3), arr(2, 4, 3))
    _cmp(al.vmap(al.vmap(al.func.grad(g), (None, 0)), (None, 0))(*a),
         torch.vmap(torch.vmap(torch.func.grad(g), (None, 0)), (None, 0))(*t))


def test_vjp_and_jvp_inside_vmap():
    a, t = both(arr(4, 3))
    _cmp(al.vmap(lambda v: al.func.vjp(lambda u: u.exp() * u, v)[1](al.ones_like(v))[0])(*a),
         torch.vmap(lambda v: torch.func.vjp(lambda u: u.exp() * u, v)[1](
             torch.ones_like(v))[0])(*t))
    _cmp(al.vmap(lambda v: al.func.jvp(al.sin, (v,), (v,))[1])(*a),
         torch.vmap(lambda v: torch.func.jvp(torch.sin, (v,), (v,))[1])(*t))


def test_in_place_and_tensor_indexing():
    def fill(v):
        y = v.clone()
        y.mul_(2)
        y[0] = 5.0
        return y
    a, t = both(arr(4, 3))
    _cmp(al.vmap(fill)(*a), torch.vmap(fill)(*t))
    _cmp(al.vmap(lambda v: v[al.tensor([2, 0])] * 2)(*a),
         torch.vmap(lambda v: v[torch.tensor([2, 0])] * 2)(*t))
    _cmp(al.vmap(lambda v: v.index_select(0, al.tensor([1, 1])))(*a),
         torch.vmap(lambda v: v.index_select(0, torch.tensor([1, 1])))(*t))
    _cmp(al.vmap(lambda v: v.sort(0).values + v.argmax())(*a),
         torch.vmap(lambda v: v.sort(0).values + v.argmax())(*t))


def test_jacobians_map_over_the_identity_with_vmap(monkeypatch):
    import aten_lite.func as func

    seen = []
    real = func._by_vmap

    def spy(fn, n, like):
        result = real(fn, n, like)
        seen.append(result is not None)
        return result
    monkeypatch.setattr(func, "_by_vmap", spy)
    f = lambda v: v.exp() * v.sum()  # noqa: E731
    a, t = both(arr(4))
    _cmp(al.func.jacrev(f)(*a), torch.func.jacrev(f)(*t))
    _cmp(al.func.jacfwd(f)(*a), torch.func.jacfwd(f)(*t))
    assert seen == [True, True]  # batched, not the loop


def test_hvp_inside_vmap_and_hand_opened_dual_levels():
    import aten_lite.autograd.forward_ad as fwAD

    f = lambda v: (v.sin() * v).sum()  # noqa: E731
    a, t = both(arr(3, 4))
    u = arr(4)
    _cmp(al.vmap(lambda v: al.func.jvp(al.func.grad(f), (v,), (al.tensor(u),))[1])(*a),
         torch.vmap(lambda v: torch.func.jvp(torch.func.grad(f), (v,), (torch.tensor(u),))[1])(*t))

    def by_hand(v):
        with fwAD.dual_level():
            return fwAD.unpack_dual(al.func.grad(f)(fwAD.make_dual(v, al.tensor(u)))).tangent
    with pytest.raises(NotImplementedError, match="use al.func.jvp inside vmap"):
        al.vmap(by_hand)(*a)
