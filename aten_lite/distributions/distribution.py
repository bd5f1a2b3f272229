"""``Distribution``, the base class, and the helpers the distributions share."""

from __future__ import annotations

import numbers

from . import _al as al

from . import constraints

__all__ = ["Distribution"]


class lazy_property:
    """Computed on first access and then stored on the instance (``probs`` from ``logits``)."""

    def __init__(self, fn):
        self.fn = fn
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.fn(instance)
        instance.__dict__[self.__name__] = value
        return value


def broadcast_shapes(*shapes) -> al.Size:
    """The broadcast of ``shapes`` by NumPy's rules, or torch's error text."""
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for shape in shapes:
        for i, size in enumerate(shape):
            j = ndim - len(shape) + i
            if size != 1:
                if out[j] != 1 and out[j] != size:
                    raise RuntimeError(
                        f"Shape mismatch: objects cannot be broadcast to a single shape: "
                        f"{[tuple(s) for s in shapes]}")
                out[j] = size
    return al.Size(out)


def broadcast_all(*values):
    """Tensors of one broadcast shape from tensors and numbers; numbers take the tensors'
    dtype (the default dtype when there is no tensor)."""
    tensors = [v for v in values if isinstance(v, al.Tensor)]
    for v in values:
        if not isinstance(v, (al.Tensor, numbers.Number)):
            raise ValueError(
                "Input arguments must all be instances of numbers.Number or aten_lite.Tensor, "
                f"got {type(v).__name__}")
    dtype = tensors[0].dtype if tensors else al.get_default_dtype()
    converted = [v if isinstance(v, al.Tensor) else al.tensor(float(v), dtype=dtype)
                 for v in values]
    shape = broadcast_shapes(*(t.shape for t in converted))
    # A tensor already of the broadcast shape is kept as it is, not viewed: a parameter is
    # then read directly, and two backward passes through one distribution work as in torch.
    return tuple(t if tuple(t.shape) == tuple(shape) else t.expand(shape) for t in converted)


def sum_rightmost(value, dim: int):
    """``value`` summed over its ``dim`` rightmost dims."""
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[:value.dim() - dim]) + (-1,)).sum(-1)


def as_size(shape) -> al.Size:
    if isinstance(shape, int):
        return al.Size([shape])
    return al.Size(list(shape))


class Distribution:
    """A probability distribution over events of ``event_shape``, batched over
    ``batch_shape``; samples have shape ``sample_shape + batch_shape + event_shape``."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value: bool) -> None:
        """Turn argument and sample validation on or off for distributions made afterwards
        without an explicit ``validate_args``."""
        if value not in (True, False):
            raise ValueError(f"set_default_validate_args expects True or False, got {value!r}")
        Distribution._validate_args = value

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        self._batch_shape = as_size(batch_shape)
        self._event_shape = as_size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in self.arg_constraints.items():
                if constraints.is_dependent(constraint):
                    continue
                if param not in self.__dict__ and isinstance(getattr(type(self), param, None),
                                                             lazy_property):
                    continue  # the other parametrisation was given; this one is derived
                value = getattr(self, param)
                valid = constraint.check(value)
                if not bool(valid.all()):
                    raise ValueError(
                        f"Expected parameter {param} ({type(value).__name__} of shape "
                        f"{tuple(value.shape)}) of distribution {self!r} to satisfy the "
                        f"constraint {constraint!r}, but found invalid values:\n{value}")

    # ---- shapes ----
    @property
    def batch_shape(self) -> al.Size:
        return self._batch_shape

    @property
    def event_shape(self) -> al.Size:
        return self._event_shape

    def _extended_shape(self, sample_shape=()) -> al.Size:
        return al.Size(list(as_size(sample_shape)) + list(self._batch_shape)
                       + list(self._event_shape))

    def expand(self, batch_shape, _instance=None):
        raise NotImplementedError(f"{type(self).__name__} does not implement expand()")

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                "__init__ method must also define a custom .expand() method.")
        return self.__new__(type(self)) if _instance is None else _instance

    # ---- what a subclass defines ----
    @property
    def arg_constraints(self) -> dict:
        raise NotImplementedError(f"{type(self).__name__} does not define arg_constraints")

    @property
    def support(self):
        raise NotImplementedError(f"{type(self).__name__} does not define support")

    @property
    def mean(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement mean")

    @property
    def mode(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement variance")

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=()):
        """Samples (no gradient); by default a detached ``rsample``."""
        with al.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=()):
        raise NotImplementedError(
            f"{type(self).__name__} has no reparameterised sampler (has_rsample is False)")

    def sample_n(self, n: int):
        return self.sample(al.Size([n]))

    def log_prob(self, value):
        raise NotImplementedError(f"{type(self).__name__} does not implement log_prob")

    def cdf(self, value):
        raise NotImplementedError(f"{type(self).__name__} does not implement cdf")

    def icdf(self, value):
        raise NotImplementedError(f"{type(self).__name__} does not implement icdf")

    def enumerate_support(self, expand=True):
        raise NotImplementedError(f"{type(self).__name__} does not implement enumerate_support")

    def entropy(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement entropy")

    def perplexity(self):
        return al.exp(self.entropy())

    # ---- validation ----
    def _validate_sample(self, value) -> None:
        if not isinstance(value, al.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        start = value.dim() - len(self._event_shape)
        if tuple(value.shape[start:]) != tuple(self._event_shape):
            raise ValueError("The right-most size of value must match event_shape: "
                             f"{value.shape} vs {self._event_shape}.")
        expected = self._batch_shape + tuple(self._event_shape)
        for i, j in zip(reversed(tuple(value.shape)), reversed(tuple(expected))):
            if i != 1 and j != 1 and i != j:
                raise ValueError("Value is not broadcastable with batch_shape+event_shape: "
                                 f"{value.shape} vs {al.Size(list(expected))}.")
        support = self.support
        valid = support.check(value)
        if not bool(valid.all()):
            raise ValueError(
                f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)})"
                f" to be within the support ({support!r}) of the distribution {self!r}, but "
                f"found invalid values:\n{value}")

    def __repr__(self):
        names = [k for k in self.arg_constraints if k in self.__dict__]
        parts = []
        for name in names:
            v = self.__dict__[name]
            parts.append(f"{name}: {v if v.numel() == 1 else v.shape}")
        return f"{type(self).__name__}({', '.join(parts)})"
