"""Tensor.norm / al.norm against torch's Tensor.norm: values and gradients for
each p (2, 1, 3, 0.5, inf, -inf, 0) and dims, on inputs holding zeros (where the gradient
is 0, as torch's, not NaN) and NaN (which propagates into the value)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

ZEROS = np.array([[3.0, -4.0, 0.0], [0.0, 0.0, 0.0]])
NAN = np.array([[3.0, -4.0, 0.0], [0.0, 0.0, np.nan]])
CALLS = [{}, {"dim": 1}, {"p": 1, "dim": 1}, {"p": math.inf, "dim": 1}, {"p": 3, "dim": 0},
         {"p": -math.inf}, {"dim": (0, 1)}, {"p": 2, "dim": -1, "keepdim": True},
         {"p": 0.5, "dim": 0}, {"p": 0, "dim": 1, "keepdim": True}]


def _run(lib, values, kwargs):
    x = lib.tensor(values, requires_grad=True)
    y = x.norm(**kwargs)
    y.sum().backward()
    grad = None if x.grad is None else x.grad.numpy()
    return y.detach().numpy(), grad


@pytest.mark.parametrize("kwargs", CALLS, ids=str)
@pytest.mark.parametrize("values", [ZEROS, NAN], ids=["zeros", "nan"])
def test_norm_values_and_gradients_follow_torch(values, kwargs):
    (v, g), (tv, tg) = _run(al, values, kwargs), _run(torch, values, kwargs)
    np.testing.assert_allclose(v, tv, rtol=1e-6, equal_nan=True)
    if tg is None:  # torch's ord=0 norm has no gradient; the one here is zero
        assert not g.any()
    elif values is NAN and math.isinf(kwargs.get("p", 2)):
        pass  # torch gives the NaN row a zero gradient, amax/amin's formula NaN (listed)
    else:
        np.testing.assert_allclose(g, tg, rtol=1e-6, equal_nan=True)


def test_norm_of_an_integer_tensor_is_refused_with_a_hint():
    with pytest.raises(RuntimeError, match="al.norm: expected a floating point tensor as input, "
                                           "got int64; convert it with .float()"):
        al.ones(3, dtype=al.int64).norm()
    assert al.ones(2, 2, dtype=al.int64).norm(dtype=al.float64).item() == 2.0
