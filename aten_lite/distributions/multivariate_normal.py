"""MultivariateNormal, parametrised by a covariance, a precision or a lower Cholesky factor."""

from __future__ import annotations

import math

from . import _al as al

from . import constraints
from .distribution import Distribution, as_size, broadcast_shapes, lazy_property

__all__ = ["MultivariateNormal"]


def batch_mv(matrix, vector):
    """matrix @ vector over broadcast batches."""
    return (matrix @ vector.unsqueeze(-1)).squeeze(-1)


def batch_mahalanobis(tril, diff):
    """|| tril^-1 diff ||^2 over broadcast batches (tril lower triangular)."""
    batch = broadcast_shapes(tril.shape[:-2], diff.shape[:-1])
    n = diff.shape[-1]
    tril = tril.expand(al.Size(list(batch) + [n, n]))
    diff = diff.expand(al.Size(list(batch) + [n]))
    solved = al.linalg.solve_triangular(tril, diff.unsqueeze(-1), upper=False).squeeze(-1)
    return solved.pow(2).sum(-1)


def _symmetrised(matrix):
    return (matrix + matrix.mT) / 2


def precision_to_scale_tril(precision):
    """The lower Cholesky factor L of precision^-1: L = (flip(chol(flip(P))))^-T, without
    inverting P."""
    flipped = al.linalg.cholesky(al.flip(precision, (-2, -1)))
    inverse_tril = al.flip(flipped, (-2, -1)).mT
    eye = al.eye(precision.shape[-1], dtype=precision.dtype)
    return al.linalg.solve_triangular(inverse_tril, eye.expand(inverse_tril.shape), upper=False)


class MultivariateNormal(Distribution):
    """The normal distribution over vectors of ``loc``'s last dim; exactly one of
    ``covariance_matrix``, ``precision_matrix`` and ``scale_tril`` gives its covariance."""

    arg_constraints = {"loc": constraints.real_vector,
                       "covariance_matrix": constraints.positive_definite,
                       "precision_matrix": constraints.positive_definite,
                       "scale_tril": constraints.lower_cholesky}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None,
                 validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        given = [m is not None for m in (covariance_matrix, precision_matrix, scale_tril)]
        if sum(given) != 1:
            raise ValueError("Exactly one of covariance_matrix or precision_matrix or "
                             "scale_tril may be specified.")
        name = ("covariance_matrix", "precision_matrix", "scale_tril")[given.index(True)]
        matrix = (covariance_matrix, precision_matrix, scale_tril)[given.index(True)]
        if matrix.dim() < 2:
            raise ValueError(f"{name} matrix must be at least two-dimensional, with optional "
                             "leading batch dimensions")
        n = loc.shape[-1]
        if tuple(matrix.shape[-2:]) != (n, n):
            raise ValueError(f"{name} must be a batch of {n} x {n} matrices to match loc's "
                             f"last dim {n}, got shape {tuple(matrix.shape)}")
        batch = broadcast_shapes(matrix.shape[:-2], loc.shape[:-1])
        setattr(self, name, matrix.expand(al.Size(list(batch) + [n, n])))
        self.loc = loc.expand(al.Size(list(batch) + [n]))
        super().__init__(batch, loc.shape[-1:], validate_args=validate_args)
        # The Cholesky factor reads one triangle; factoring the symmetrised matrix spreads the
        # gradient over both (torch's symmetric gradient) and changes no value.
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = al.linalg.cholesky(_symmetrised(covariance_matrix))
        else:
            self._unbroadcasted_scale_tril = precision_to_scale_tril(
                _symmetrised(precision_matrix))

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(MultivariateNormal, _instance)
        batch_shape = as_size(batch_shape)
        n = self.event_shape[0]
        new.loc = self.loc.expand(al.Size(list(batch_shape) + [n]))
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril
        for name in ("covariance_matrix", "precision_matrix", "scale_tril"):
            if name in self.__dict__:
                setattr(new, name, self.__dict__[name].expand(
                    al.Size(list(batch_shape) + [n, n])))
        Distribution.__init__(new, batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _matrix_shape(self):
        n = self.event_shape[0]
        return al.Size(list(self.batch_shape) + [n, n])

    @lazy_property
    def scale_tril(self):
        return self._unbroadcasted_scale_tril.expand(self._matrix_shape())

    @lazy_property
    def covariance_matrix(self):
        L = self._unbroadcasted_scale_tril
        return (L @ L.mT).expand(self._matrix_shape())

    @lazy_property
    def precision_matrix(self):
        return al.cholesky_inverse(self._unbroadcasted_scale_tril).expand(self._matrix_shape())

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @property
    def variance(self):
        return self._unbroadcasted_scale_tril.pow(2).sum(-1).expand(
            al.Size(list(self.batch_shape) + list(self.event_shape)))

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        noise = al.randn(shape, dtype=self.loc.dtype)
        return self.loc + batch_mv(self._unbroadcasted_scale_tril, noise)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        diff = value - self.loc
        mahalanobis = batch_mahalanobis(self._unbroadcasted_scale_tril, diff)
        half_log_det = al.log(self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1)).sum(-1)
        return -0.5 * (self.event_shape[0] * math.log(2 * math.pi) + mahalanobis) - half_log_det

    def entropy(self):
        n = self.event_shape[0]
        half_log_det = al.log(self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1)).sum(-1)
        h = 0.5 * n * (1.0 + math.log(2 * math.pi)) + half_log_det
        return h.expand(self.batch_shape) if len(self.batch_shape) else h
