"""aten_lite.distributions against torch.distributions: log_prob, entropy, moments, cdf/icdf
and KL values and their gradients on the same parameters and values; shapes; validation
errors; samples checked statistically (aten_lite's generator draws other numbers than
torch's) and rsample's pathwise gradients against the analytic gradients of expectations."""

from __future__ import annotations

import math

import numpy as np
import pytest

import aten_lite as al
import aten_lite.distributions as ald
from aten_lite.distributions import _special

torch = pytest.importorskip("torch")
import torch.distributions as td  # noqa: E402

RNG = np.random.default_rng(11)


def pos(*shape, low=0.3, high=3.0):
    return RNG.uniform(low, high, shape)


def simplex(*shape):
    x = RNG.uniform(0.1, 1.0, shape)
    return x / x.sum(-1, keepdims=True)


def tril(*shape):
    x = np.tril(RNG.standard_normal(shape) * 0.4)
    n = shape[-1]
    x[..., np.arange(n), np.arange(n)] = RNG.uniform(0.5, 1.5, shape[:-1])
    return x


def spd(*shape):
    L = tril(*shape)
    return L @ np.swapaxes(L, -1, -2)


# name -> (constructor(lib, *params), parameter arrays, value array)
CASES = {
    "Normal": (lambda D, a, b: D.Normal(a, b), [RNG.standard_normal(3), pos(3)],
               RNG.standard_normal((4, 3))),
    "Uniform": (lambda D, a, b: D.Uniform(a, a + b), [RNG.standard_normal(3), pos(3) + 2],
                None),
    "Gamma": (lambda D, a, b: D.Gamma(a, b), [pos(2, 3), pos(3)], pos(4, 2, 3)),
    "Beta": (lambda D, a, b: D.Beta(a, b), [pos(3), pos(2, 1)], RNG.uniform(0.05, 0.95, (2, 3))),
    "Dirichlet": (lambda D, a: D.Dirichlet(a), [pos(2, 4)], simplex(5, 2, 4)),
    "Bernoulli_probs": (lambda D, p: D.Bernoulli(probs=p), [RNG.uniform(0.1, 0.9, (2, 3))],
                        RNG.integers(0, 2, (4, 2, 3)).astype(np.float64)),
    "Bernoulli_logits": (lambda D, x: D.Bernoulli(logits=x), [RNG.standard_normal(3)],
                         RNG.integers(0, 2, (4, 3)).astype(np.float64)),
    "Categorical_probs": (lambda D, p: D.Categorical(probs=p), [pos(2, 5)],
                          RNG.integers(0, 5, (4, 2))),
    "Categorical_logits": (lambda D, x: D.Categorical(logits=x), [RNG.standard_normal((2, 5))],
                           RNG.integers(0, 5, (3, 1))),
    "MVN_scale_tril": (lambda D, m, L: D.MultivariateNormal(m, scale_tril=L),
                       [RNG.standard_normal(3), tril(2, 3, 3)], RNG.standard_normal((4, 2, 3))),
    "MVN_covariance": (lambda D, m, S: D.MultivariateNormal(m, covariance_matrix=S),
                       [RNG.standard_normal((2, 3)), spd(3, 3)], RNG.standard_normal((4, 1, 3))),
    "MVN_precision": (lambda D, m, P: D.MultivariateNormal(m, precision_matrix=P),
                      [RNG.standard_normal(3), spd(2, 3, 3)], RNG.standard_normal((2, 3))),
    "Independent": (lambda D, a, b: D.Independent(D.Normal(a, b), 1),
                    [RNG.standard_normal((2, 3)), pos(2, 3)], RNG.standard_normal((4, 2, 3))),
}
CASES["Uniform"] = (CASES["Uniform"][0], CASES["Uniform"][1],
                    CASES["Uniform"][1][0] + RNG.uniform(0, 1.9, (4, 3)))


def build(name, grad=True):
    make, params, value = CASES[name]
    ours_p = [al.tensor(p, requires_grad=grad) for p in params]
    theirs_p = [torch.tensor(p, requires_grad=grad) for p in params]
    return (make(ald, *ours_p), ours_p, al.tensor(value),
            make(td, *theirs_p), theirs_p, torch.tensor(value))


def close(ours, theirs, tol=1e-8):
    theirs = theirs.detach().numpy() if isinstance(theirs, torch.Tensor) else theirs
    np.testing.assert_allclose(np.asarray(ours.detach().numpy(), dtype=np.float64), theirs,
                               rtol=tol, atol=tol)


def same_grads(ours_out, ours_p, theirs_out, theirs_p, tol=1e-7):
    w = RNG.standard_normal(tuple(theirs_out.shape))
    ours_g = al.autograd.grad((ours_out * al.tensor(w)).sum(), ours_p, allow_unused=True,
                              retain_graph=True)
    theirs_g = torch.autograd.grad((theirs_out * torch.tensor(w)).sum(), theirs_p,
                                   allow_unused=True, retain_graph=True)
    for o, t in zip(ours_g, theirs_g):
        if t is None:
            assert o is None or float(o.abs().sum()) == 0
        else:
            close(o, t, tol)


@pytest.mark.parametrize("name", sorted(CASES))
def test_log_prob_entropy_and_moments_match_torch(name):
    ours, ours_p, value, theirs, theirs_p, tvalue = build(name)
    assert tuple(ours.batch_shape) == tuple(theirs.batch_shape)
    assert tuple(ours.event_shape) == tuple(theirs.event_shape)
    assert ours.has_rsample == theirs.has_rsample
    assert ours.has_enumerate_support == theirs.has_enumerate_support
    lp, tlp = ours.log_prob(value), theirs.log_prob(tvalue)
    assert tuple(lp.shape) == tuple(tlp.shape)
    close(lp, tlp)
    same_grads(lp, ours_p, tlp, theirs_p)
    if name != "Uniform":
        close(ours.entropy(), theirs.entropy())
        same_grads(ours.entropy(), ours_p, theirs.entropy(), theirs_p)
    for moment in ("mean", "mode", "variance", "stddev"):
        o, t = getattr(ours, moment), getattr(theirs, moment)
        assert tuple(o.shape) == tuple(t.shape), moment
        close(o, t)
    assert tuple(ours.sample((2,)).shape) == tuple(theirs.sample((2,)).shape)
    assert tuple(ours.sample().shape) == tuple(theirs.sample().shape)


def test_uniform_entropy_cdf_icdf():
    ours, ours_p, value, theirs, theirs_p, tvalue = build("Uniform")
    close(ours.entropy(), theirs.entropy())
    close(ours.cdf(value), theirs.cdf(tvalue))
    same_grads(ours.cdf(value), ours_p, theirs.cdf(tvalue), theirs_p)
    u = RNG.uniform(0, 1, (4, 3))
    close(ours.icdf(al.tensor(u)), theirs.icdf(torch.tensor(u)))


def test_normal_cdf_icdf_and_gradients():
    ours, ours_p, value, theirs, theirs_p, tvalue = build("Normal")
    close(ours.cdf(value), theirs.cdf(tvalue), 1e-12)
    same_grads(ours.cdf(value), ours_p, theirs.cdf(tvalue), theirs_p)
    u = RNG.uniform(0.001, 0.999, (4, 3))
    ui, tu = al.tensor(u, requires_grad=True), torch.tensor(u, requires_grad=True)
    close(ours.icdf(ui), theirs.icdf(tu), 1e-10)
    same_grads(ours.icdf(ui), ours_p + [ui], theirs.icdf(tu), theirs_p + [tu], 1e-6)


def test_gamma_cdf_against_torch_gammainc():
    ours, ours_p, value, theirs, theirs_p, tvalue = build("Gamma")
    close(ours.cdf(value), theirs.cdf(tvalue), 1e-10)
    x, tx = al.tensor(value.numpy(), requires_grad=True), torch.tensor(value.numpy(),
                                                                      requires_grad=True)
    ours_c = ald.Gamma(ours_p[0].detach(), ours_p[1].detach())
    theirs_c = td.Gamma(theirs_p[0].detach(), theirs_p[1].detach())
    same_grads(ours_c.cdf(x), [x], theirs_c.cdf(tx), [tx])
    with pytest.raises(NotImplementedError, match="concentration"):
        ours.cdf(value).sum().backward()


def test_special_functions_against_torch():
    x = np.concatenate([pos(20, low=1e-3, high=0.5), pos(20, low=0.5, high=50), [1e4]])
    close(_special.lgamma(al.tensor(x)), torch.lgamma(torch.tensor(x)), 1e-11)
    close(_special.digamma(al.tensor(x)), torch.digamma(torch.tensor(x)), 1e-11)
    y = np.linspace(-0.999, 0.999, 21)
    close(_special.erfinv(al.tensor(y)), torch.erfinv(torch.tensor(y)), 1e-12)
    # The implicit reparameterisation gradient dx/dalpha of Gamma(alpha, 1) samples;
    # torch's is a ~1e-4 accurate approximation, ours is exact to ~1e-9.
    a = np.repeat([0.05, 0.4, 1.0, 3.0, 30.0], 5)
    xs = a * np.tile([0.05, 0.5, 1.0, 1.3, 2.5], 5)
    ours = _special.standard_gamma_grad(al.tensor(a), al.tensor(xs))
    theirs = torch._standard_gamma_grad(torch.tensor(a), torch.tensor(xs))
    close(ours, theirs.numpy(), 2e-3 * float(theirs.abs().max()))


@pytest.mark.parametrize("name", ["Bernoulli_probs", "Categorical_logits"])
def test_enumerate_support(name):
    ours, _, _, theirs, _, _ = build(name, grad=False)
    for expand in (True, False):
        close(ours.enumerate_support(expand).double(), theirs.enumerate_support(expand).double())


def test_expand_matches_torch():
    for name in ("Normal", "Gamma", "Dirichlet", "Categorical_probs", "MVN_scale_tril",
                 "Beta", "Bernoulli_logits", "Uniform"):
        ours, _, value, theirs, _, tvalue = build(name, grad=False)
        shape = (5,) + tuple(theirs.batch_shape)
        at = value.dim() - len(theirs.event_shape) - len(theirs.batch_shape)
        o, t = ours.expand(shape), theirs.expand(shape)
        assert tuple(o.batch_shape) == tuple(t.batch_shape)
        close(o.log_prob(value.unsqueeze(at)), t.log_prob(tvalue.unsqueeze(at)))
        assert tuple(o.sample((2,)).shape) == tuple(t.sample((2,)).shape)


KL_PAIRS = ["Normal", "MVN_scale_tril", "Categorical_probs", "Bernoulli_logits", "Beta",
            "Gamma", "Dirichlet", "Uniform", "Independent"]


@pytest.mark.parametrize("name", KL_PAIRS)
def test_kl_divergence_matches_torch(name):
    make, params, _ = CASES[name]
    other = [p + 0.2 * np.abs(RNG.standard_normal(p.shape)) for p in params]
    if name == "MVN_scale_tril":
        other[1] = tril(2, 3, 3)
    ours_pq = [al.tensor(p, requires_grad=True) for p in params + other]
    theirs_pq = [torch.tensor(p, requires_grad=True) for p in params + other]
    k = len(params)
    ours = ald.kl_divergence(make(ald, *ours_pq[:k]), make(ald, *ours_pq[k:]))
    theirs = td.kl_divergence(make(td, *theirs_pq[:k]), make(td, *theirs_pq[k:]))
    close(ours, theirs)
    same_grads(ours, ours_pq, theirs, theirs_pq)


def test_kl_infinite_where_supports_do_not_nest_and_missing_pairs_raise():
    close(ald.kl_divergence(ald.Uniform(0.0, 2.0), ald.Uniform(0.5, 3.0)), np.array(np.inf))
    p, q = al.tensor([0.5, 0.5, 0.0]), al.tensor([0.5, 0.0, 0.5])
    assert math.isinf(float(ald.kl_divergence(ald.Categorical(p), ald.Categorical(q))))
    with pytest.raises(NotImplementedError, match="p type Normal and q type Gamma"):
        ald.kl_divergence(ald.Normal(0.0, 1.0), ald.Gamma(1.0, 1.0))

    class MyNormal(ald.Normal):
        pass

    @ald.register_kl(MyNormal, ald.Normal)
    def _kl_mine(p, q):
        return al.tensor(-1.0)

    assert float(ald.kl_divergence(MyNormal(0.0, 1.0), ald.Normal(0.0, 1.0))) == -1.0
    assert float(ald.kl_divergence(ald.Normal(0.0, 1.0), MyNormal(0.0, 1.0))) == 0.0
    with pytest.raises(TypeError, match="Distribution subclass"):
        ald.register_kl(int, ald.Normal)


def _first_line(exc):
    return str(exc).split("\n")[0].replace("torch.", "").replace("aten_lite.", "")


@pytest.mark.parametrize("make", [
    lambda D, T: D.Normal(T([0.0, 1.0]), T([1.0, -1.0])),
    lambda D, T: D.Bernoulli(probs=T([0.5, 1.5])),
    lambda D, T: D.Gamma(T([1.0]), T([0.0])),
    lambda D, T: D.Dirichlet(T([1.0, -2.0])),
    lambda D, T: D.Categorical(probs=T([-0.5, 1.5])),
    lambda D, T: D.Uniform(T([1.0]), T([0.0])),
    lambda D, T: D.MultivariateNormal(T([0.0, 0.0]), scale_tril=T([[1.0, 1.0], [0.0, 1.0]])),
    lambda D, T: D.MultivariateNormal(T([0.0, 0.0]), covariance_matrix=T([[1.0, 2.0],
                                                                          [2.0, 1.0]])),
])
def test_invalid_parameters_raise_torchs_message(make):
    with pytest.raises(ValueError) as theirs:
        make(td, torch.tensor)
    with pytest.raises(ValueError) as ours:
        make(ald, al.tensor)
    assert _first_line(ours.value) == _first_line(theirs.value)


def test_invalid_values_and_validation_switch():
    cases = [(lambda D: D.Normal(0.0, 1.0), [[math.nan]]),
             (lambda D: D.Gamma(1.0, 1.0), [-1.0]),
             (lambda D: D.Bernoulli(probs=0.3), [0.5]),
             (lambda D: D.Beta(2.0, 2.0), [1.5]),
             (lambda D: D.Categorical(probs=torch.ones(3) if D is td else al.ones(3)), [3])]
    for make, value in cases:
        with pytest.raises(ValueError) as theirs:
            make(td).log_prob(torch.tensor(value))
        with pytest.raises(ValueError) as ours:
            make(ald).log_prob(al.tensor(value))
        assert _first_line(ours.value) == _first_line(theirs.value)
    with pytest.raises(ValueError, match="right-most size of value must match event_shape"):
        ald.Dirichlet(al.ones(3)).log_prob(al.ones(2) / 2)
    with pytest.raises(ValueError, match="not broadcastable"):
        ald.Normal(al.zeros(3), al.ones(3)).log_prob(al.zeros(2))
    with pytest.raises(ValueError, match="Either `probs` or `logits`"):
        ald.Bernoulli()
    with pytest.raises(ValueError, match="Exactly one of covariance_matrix"):
        ald.MultivariateNormal(al.zeros(2))
    ald.Distribution.set_default_validate_args(False)
    try:
        assert math.isnan(float(ald.Normal(0.0, -1.0).log_prob(al.tensor(0.0))))
    finally:
        ald.Distribution.set_default_validate_args(True)
    assert ald.Normal(0.0, -1.0, validate_args=False).scale.item() == -1.0
    with pytest.raises(ValueError, match="GreaterThan"):
        ald.Normal(0.0, -1.0)


def _moments_close(samples, mean, var, n):
    s = np.asarray(samples.numpy(), dtype=np.float64)
    mean, var = np.asarray(mean.numpy()), np.asarray(var.numpy())
    assert np.all(np.abs(s.mean(0) - mean) < 5 * np.sqrt(var / n)), (s.mean(0), mean)
    np.testing.assert_allclose(s.var(0), var, rtol=0.1)


@pytest.mark.parametrize("name", ["Normal", "Uniform", "Gamma", "Beta", "Dirichlet",
                                  "Bernoulli_probs", "MVN_covariance", "Independent"])
def test_sample_moments(name):
    al.manual_seed(0)
    ours = build(name, grad=False)[0]
    n = 20000
    _moments_close(ours.sample((n,)), ours.mean, ours.variance, n)


def test_categorical_sample_frequencies_and_mvn_covariance():
    al.manual_seed(1)
    probs = simplex(2, 4)
    d = ald.Categorical(al.tensor(probs))
    s = d.sample((20000,)).numpy()
    freq = np.stack([(s == k).mean(0) for k in range(4)], -1)
    assert np.all(np.abs(freq - probs) < 0.02)
    cov = spd(3, 3)
    x = ald.MultivariateNormal(al.zeros(3, dtype=al.float64),
                               covariance_matrix=al.tensor(cov)).sample((40000,)).numpy()
    np.testing.assert_allclose(np.cov(x.T), cov, atol=0.05 * np.abs(cov).max())


def test_rsample_pathwise_gradients_match_gradients_of_expectations():
    al.manual_seed(2)
    n = 40000
    # Normal: E[x^2] = loc^2 + scale^2.
    loc, scale = al.tensor([0.5, -1.0], requires_grad=True), al.tensor([1.5, 0.7],
                                                                        requires_grad=True)
    (ald.Normal(loc, scale).rsample((n,)) ** 2).mean(0).sum().backward()
    close(loc.grad, 2 * loc.detach().numpy(), 0.05)
    close(scale.grad, 2 * scale.detach().numpy(), 0.05)
    # Gamma: E[x] = c / r, E[x^2] = c (c + 1) / r^2.
    c, r = al.tensor([0.4, 2.0, 7.0], requires_grad=True), al.tensor([1.0, 2.0, 0.5],
                                                                     requires_grad=True)
    x = ald.Gamma(c, r).rsample((n,))
    (x.mean(0).sum() + (x ** 2).mean(0).sum() * 0.1).backward()
    cn, rn = c.detach().numpy(), r.detach().numpy()
    np.testing.assert_allclose(c.grad.numpy(), 1 / rn + 0.1 * (2 * cn + 1) / rn ** 2, rtol=0.05)
    np.testing.assert_allclose(r.grad.numpy(), -cn / rn ** 2 - 0.2 * cn * (cn + 1) / rn ** 3,
                               rtol=0.05)
    # Dirichlet: E[x_i] = c_i / sum(c).
    alpha = np.array([0.5, 2.0, 4.0])
    ca = al.tensor(alpha, requires_grad=True)
    w = np.array([1.0, -2.0, 0.5])
    (ald.Dirichlet(ca).rsample((n,)).mean(0) * al.tensor(w)).sum().backward()
    total = alpha.sum()
    expected = w / total - (w * alpha).sum() / total ** 2
    np.testing.assert_allclose(ca.grad.numpy(), expected, atol=0.03 * np.abs(expected).max())
    # Beta: E[x] = a / (a + b).
    a, b = al.tensor(1.5, requires_grad=True), al.tensor(3.0, requires_grad=True)
    ald.Beta(a, b).rsample((n,)).mean().backward()
    np.testing.assert_allclose([a.grad.item(), b.grad.item()], [3 / 4.5 ** 2, -1.5 / 4.5 ** 2],
                               rtol=0.05)
    # MultivariateNormal: E[x x^T] = L L^T + m m^T; d trace / dL = 2 L.
    m = al.tensor([0.3, -0.2], requires_grad=True)
    L = al.tensor([[1.0, 0.0], [0.4, 0.8]], requires_grad=True)
    (ald.MultivariateNormal(m, scale_tril=L).rsample((n,)) ** 2).sum(-1).mean().backward()
    close(m.grad, 2 * m.detach().numpy(), 0.05)
    close(L.grad, np.tril(2 * L.detach().numpy()), 0.05)


def test_repr_and_support():
    d = ald.Normal(al.zeros(2), al.ones(2))
    assert repr(d) == "Normal(loc: aten_lite.Size([2]), scale: aten_lite.Size([2]))"
    assert repr(ald.constraints.positive) == repr(td.constraints.positive)
    assert repr(ald.Independent(d, 1).support) == repr(td.Independent(
        td.Normal(torch.zeros(2), torch.ones(2)), 1).support)
    assert repr(ald.Categorical(al.ones(3)).support) == repr(td.Categorical(
        torch.ones(3)).support)
