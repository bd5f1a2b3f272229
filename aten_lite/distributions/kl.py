"""kl_divergence(p, q) and register_kl: closed forms looked up by the pair of types."""

from __future__ import annotations

import math

from . import _al as al

from ._special import digamma, lgamma
from .continuous import Beta, Dirichlet, Gamma, Normal, Uniform
from .discrete import Bernoulli, Categorical, _softplus
from .distribution import Distribution, broadcast_shapes, sum_rightmost
from .independent import Independent
from .multivariate_normal import MultivariateNormal, batch_mahalanobis

__all__ = ["kl_divergence", "register_kl"]

_REGISTRY: dict = {}
_CACHE: dict = {}


def register_kl(type_p, type_q):
    """Decorator: ``fn(p, q)`` computes KL(p || q) for p of ``type_p`` and q of ``type_q``
    (and their subclasses, the most specific registration winning)."""
    for name, t in (("type_p", type_p), ("type_q", type_q)):
        if not isinstance(t, type) or not issubclass(t, Distribution):
            raise TypeError(f"Expected {name} to be a Distribution subclass but got {t}")

    def decorator(fn):
        _REGISTRY[type_p, type_q] = fn
        _CACHE.clear()
        return fn

    return decorator


def _dispatch(type_p, type_q):
    matches = [(type_p.__mro__.index(p), type_q.__mro__.index(q), p, q)
               for p, q in _REGISTRY if issubclass(type_p, p) and issubclass(type_q, q)]
    if not matches:
        return None
    rank_p, rank_q, p, q = min(matches, key=lambda m: (m[0] + m[1], m[0]))
    return _REGISTRY[p, q]


def kl_divergence(p, q):
    """KL(p || q) = E_p[log p(x) - log q(x)], batched over the broadcast of both batch shapes."""
    key = (type(p), type(q))
    if key not in _CACHE:
        _CACHE[key] = _dispatch(*key)
    fn = _CACHE[key]
    if fn is None:
        raise NotImplementedError(f"No KL(p || q) is implemented for p type "
                                  f"{type(p).__name__} and q type {type(q).__name__}")
    return fn(p, q)


def _inf_where(mask, t):
    return al.where(mask, al.full_like(t, math.inf), t)


def _zero_where(mask, t):
    return al.where(mask, al.zeros_like(t), t)


@register_kl(Normal, Normal)
def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - al.log(var_ratio))


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_mvn_mvn(p, q):
    if tuple(p.event_shape) != tuple(q.event_shape):
        raise ValueError("KL-divergence between two Multivariate Normals with different event "
                         "shapes cannot be computed")
    p_tril, q_tril = p._unbroadcasted_scale_tril, q._unbroadcasted_scale_tril
    half_log_det_ratio = (al.log(q_tril.diagonal(dim1=-2, dim2=-1)).sum(-1)
                          - al.log(p_tril.diagonal(dim1=-2, dim2=-1)).sum(-1))
    n = p.event_shape[0]
    batch = list(broadcast_shapes(q_tril.shape[:-2], p_tril.shape[:-2]))
    q_full = q_tril.expand(al.Size(batch + [n, n]))
    p_full = p_tril.expand(al.Size(batch + [n, n]))
    # trace(Sigma_q^-1 Sigma_p) = || L_q^-1 L_p ||_F^2
    trace = al.linalg.solve_triangular(q_full, p_full, upper=False).pow(2).sum((-2, -1))
    mahalanobis = batch_mahalanobis(q_tril, q.loc - p.loc)
    return half_log_det_ratio + 0.5 * (trace + mahalanobis - n)


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t = _inf_where((q.probs == 0).expand_as(t), t)
    t = _zero_where((p.probs == 0).expand_as(t), t)
    return t.sum(-1)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p, q):
    t1 = p.probs * (_softplus(-q.logits) - _softplus(-p.logits))
    t1 = _zero_where(p.probs == 0, _inf_where(q.probs == 0, t1))
    t2 = (1 - p.probs) * (_softplus(q.logits) - _softplus(p.logits))
    t2 = _zero_where(p.probs == 1, _inf_where(q.probs == 1, t2))
    return t1 + t2


@register_kl(Beta, Beta)
def _kl_beta_beta(p, q):
    p1, p0, q1, q0 = p.concentration1, p.concentration0, q.concentration1, q.concentration0
    p_sum, q_sum = p1 + p0, q1 + q0
    t1 = lgamma(q1) + lgamma(q0) + lgamma(p_sum)
    t2 = lgamma(p1) + lgamma(p0) + lgamma(q_sum)
    t3 = (p1 - q1) * digamma(p1)
    t4 = (p0 - q0) * digamma(p0)
    t5 = (q_sum - p_sum) * digamma(p_sum)
    return t1 - t2 + t3 + t4 + t5


@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(p, q):
    t1 = q.concentration * al.log(p.rate / q.rate)
    t2 = lgamma(q.concentration) - lgamma(p.concentration)
    t3 = (p.concentration - q.concentration) * digamma(p.concentration)
    t4 = (q.rate - p.rate) * (p.concentration / p.rate)
    return t1 + t2 + t3 + t4


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p, q):
    p_sum = p.concentration.sum(-1)
    q_sum = q.concentration.sum(-1)
    t1 = lgamma(p_sum) - lgamma(q_sum)
    t2 = (lgamma(p.concentration) - lgamma(q.concentration)).sum(-1)
    t3 = p.concentration - q.concentration
    t4 = digamma(p.concentration) - digamma(p_sum).unsqueeze(-1)
    return t1 - t2 + (t3 * t4).sum(-1)


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p, q):
    result = al.log((q.high - q.low) / (p.high - p.low))
    return _inf_where((q.low > p.low) | (q.high < p.high), result)


@register_kl(Independent, Independent)
def _kl_independent_independent(p, q):
    if p.reinterpreted_batch_ndims != q.reinterpreted_batch_ndims:
        raise NotImplementedError(
            "KL(Independent || Independent) needs the same reinterpreted_batch_ndims, got "
            f"{p.reinterpreted_batch_ndims} and {q.reinterpreted_batch_ndims}")
    return sum_rightmost(kl_divergence(p.base_dist, q.base_dist), p.reinterpreted_batch_ndims)
