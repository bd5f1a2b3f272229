"""Bernoulli and Categorical, parametrised by ``probs`` or by ``logits`` (exactly one)."""

from __future__ import annotations

import math
import numbers

from . import _al as al

from . import constraints
from ._special import eps, max_value
from .distribution import (Distribution, as_size, broadcast_all, broadcast_shapes,
                           lazy_property)

__all__ = ["Bernoulli", "Categorical"]


def _clamp_probs(probs):
    e = eps(probs.dtype)
    return probs.clamp(min=e, max=1 - e)


def _softplus(x):
    return al.relu(x) + al.log1p(al.exp(-x.abs()))


def _bce_with_logits(logits, target):
    """-[t log sigmoid(l) + (1 - t) log(1 - sigmoid(l))], elementwise and stable."""
    return _softplus(logits) - target * logits


def _one_of(probs, logits):
    if (probs is None) == (logits is None):
        raise ValueError("Either `probs` or `logits` must be specified, but not both.")


class Bernoulli(Distribution):
    """1 with probability ``probs`` (= sigmoid(``logits``)), else 0."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        _one_of(probs, logits)
        given = probs if probs is not None else logits
        if probs is not None:
            (self.probs,) = broadcast_all(probs)
        else:
            (self.logits,) = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        shape = al.Size([]) if isinstance(given, numbers.Number) else self._param.shape
        super().__init__(shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Bernoulli, _instance)
        batch_shape = as_size(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        Distribution.__init__(new, batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @lazy_property
    def logits(self):
        p = _clamp_probs(self.probs)
        return al.log(p) - al.log1p(-p)

    @lazy_property
    def probs(self):
        return al.sigmoid(self.logits)

    @property
    def param_shape(self):
        return self._param.shape

    @property
    def mean(self):
        return self.probs

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs.dtype)
        return al.where(self.probs == 0.5, al.full_like(mode, math.nan), mode)

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        with al.no_grad():
            return al.bernoulli(self.probs.expand(shape).contiguous())

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -_bce_with_logits(logits, value)

    def entropy(self):
        return _bce_with_logits(self.logits, self.probs)

    def enumerate_support(self, expand=True):
        values = al.arange(2, dtype=self._param.dtype)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand(al.Size([2] + list(self._batch_shape)))
        return values


class Categorical(Distribution):
    """One of ``K`` categories (the last dim of ``probs`` or ``logits``) with probabilities
    ``probs`` (normalised to sum to 1) or ``softmax(logits)``."""

    arg_constraints = {"probs": constraints.simplex,
                       "logits": constraints.independent(constraints.real, 1)}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        _one_of(probs, logits)
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(-1, keepdim=True)
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.shape[-1]
        super().__init__(self._param.shape[:-1], validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Categorical, _instance)
        batch_shape = as_size(batch_shape)
        full = al.Size(list(batch_shape) + [self._num_events])
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(full)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(full)
            new._param = new.logits
        new._num_events = self._num_events
        Distribution.__init__(new, batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    @lazy_property
    def logits(self):
        return al.log(_clamp_probs(self.probs))

    @lazy_property
    def probs(self):
        return al.softmax(self.logits, -1)

    @property
    def param_shape(self):
        return self._param.shape

    @property
    def mean(self):
        return al.full(tuple(self._extended_shape()), math.nan, dtype=self.probs.dtype)

    @property
    def mode(self):
        return self.probs.argmax(-1)

    @property
    def variance(self):
        return al.full(tuple(self._extended_shape()), math.nan, dtype=self.probs.dtype)

    def sample(self, sample_shape=()):
        sample_shape = as_size(sample_shape)
        with al.no_grad():
            probs_2d = self.probs.reshape(-1, self._num_events)
            n = math.prod(sample_shape)
            drawn = al.multinomial(probs_2d, n, True).T
            return drawn.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        shape = list(broadcast_shapes(value.shape, self.logits.shape))
        value = value.expand(al.Size(shape[:-1] + [1]))
        log_pmf = self.logits.expand(al.Size(shape))
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        lowest = -max_value(self.logits.dtype)
        logits = self.logits.clamp(min=lowest)
        return -(logits * self.probs).sum(-1)

    def enumerate_support(self, expand=True):
        values = al.arange(self._num_events, dtype=al.int64)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand(al.Size([self._num_events] + list(self._batch_shape)))
        return values
