"""Probability distributions with torch.distributions' classes, shapes, constraints and
error texts (docs/DISTRIBUTIONS.md); samples come from aten_lite's generator
(``al.manual_seed``)."""

from . import constraints
from .continuous import Beta, Dirichlet, Gamma, Normal, Uniform
from .discrete import Bernoulli, Categorical
from .distribution import Distribution
from .independent import Independent
from .kl import kl_divergence, register_kl
from .multivariate_normal import MultivariateNormal

__all__ = [
    "Bernoulli", "Beta", "Categorical", "Dirichlet", "Distribution", "Gamma", "Independent",
    "MultivariateNormal", "Normal", "Uniform", "constraints", "kl_divergence", "register_kl",
]
