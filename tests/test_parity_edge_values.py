"""Answers at edge values that once differed from torch's without an error: the gradient of a
standard deviation that is 0, running sums and products over many float32 values, and unique
with NaN or a 0-dim input. Oracles: torch (the same call), and float64 NumPy for the scans."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
# var of one element with correction 1 is NaN in both libraries; torch also warns.
pytestmark = pytest.mark.filterwarnings("ignore:.*degrees of freedom is <= 0:UserWarning")

_RNG = np.random.default_rng(21)


def _pair(data, dtype=np.float64):
    a = np.asarray(data, dtype=dtype)
    return (al.tensor(a.copy(), requires_grad=True),
            torch.from_numpy(a.copy()).requires_grad_())


# ---- the gradient of std where std is 0 ----

# One constant row (std 0), one ordinary row; the 0-dim and one-element cases divide by
# N - correction <= 0 (std NaN or inf, gradient NaN in both libraries).
CONSTANT_ROW = [[2.0, 2.0, 2.0], [1.0, -3.0, 0.5]]
STD_CALLS = [
    ("std dim", lambda lib, x: lib.std(x, 1), CONSTANT_ROW),
    ("std all constant", lambda lib, x: lib.std(x), [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
    ("std correction 0 keepdim", lambda lib, x: lib.std(x, 1, correction=0, keepdim=True),
     CONSTANT_ROW),
    ("std unbiased False", lambda lib, x: lib.std(x, 1, False), CONSTANT_ROW),
    ("std method", lambda lib, x: x.std(dim=(0, 1)), [[0.0, 0.0], [0.0, 0.0]]),
    ("std over dim 0", lambda lib, x: lib.std(x, 0), CONSTANT_ROW),
    ("std_mean", lambda lib, x: lib.std_mean(x, 1)[0] * 3 + lib.std_mean(x, 1)[1],
     CONSTANT_ROW),
    ("std_mean correction", lambda lib, x: lib.std_mean(x, 1, correction=2)[0], CONSTANT_ROW),
    ("std_mean all", lambda lib, x: lib.std_mean(x)[0], [[4.0, 4.0], [4.0, 4.0]]),
    ("var_mean", lambda lib, x: lib.var_mean(x, 1)[0] + lib.var_mean(x, 1)[1], CONSTANT_ROW),
    ("var", lambda lib, x: lib.var(x, 1), CONSTANT_ROW),
    ("std of one element", lambda lib, x: lib.std(x, 1), [[5.0], [1.0]]),
    ("std correction above N", lambda lib, x: lib.std(x, 1, correction=3), CONSTANT_ROW),
    ("std of a 0-dim tensor", lambda lib, x: lib.std(x, correction=0), 3.0),
]


@pytest.mark.parametrize("name, fn, data", STD_CALLS, ids=[c[0] for c in STD_CALLS])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_std_gradient_where_std_is_zero_matches_torch(name, fn, data, dtype):
    ours_x, theirs_x = _pair(data, dtype)
    ours, theirs = fn(al, ours_x), fn(torch, theirs_x)
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=1e-6,
                               equal_nan=True)
    ours.sum().backward()
    theirs.sum().backward()
    got, want = ours_x.grad.numpy(), theirs_x.grad.numpy()
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-12, equal_nan=True)


def test_a_constant_row_leaves_the_other_rows_gradient_finite():
    x = al.ones(2, 3, dtype=al.float64, requires_grad=True)
    al.std(x, 1).sum().backward()
    assert x.grad.tolist() == [[0.0] * 3] * 2
    y = al.tensor([[1.0, 1.0], [0.0, 2.0]], dtype=al.float64, requires_grad=True)
    (al.std(y, 1) * al.tensor([5.0, 1.0], dtype=al.float64)).sum().backward()
    np.testing.assert_allclose(y.grad.numpy(), [[0.0, 0.0], [-0.5 ** 0.5, 0.5 ** 0.5]])


def test_std_tangent_where_std_is_zero_matches_torch():
    data = np.array(CONSTANT_ROW)
    tangent = _RNG.standard_normal(data.shape)
    _, ours = al.func.jvp(lambda x: al.std(x, 1), (al.tensor(data),), (al.tensor(tangent),))
    _, theirs = torch.func.jvp(lambda x: torch.std(x, 1), (torch.from_numpy(data),),
                               (torch.from_numpy(tangent),))
    np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-12, atol=1e-12)
    assert ours.numpy()[0] == 0.0


def test_std_second_derivative_at_a_constant_row_matches_torch():
    ours_x, theirs_x = _pair(CONSTANT_ROW)
    (g,) = al.autograd.grad(al.std(ours_x, 1).sum(), (ours_x,), create_graph=True)
    (tg,) = torch.autograd.grad(torch.std(theirs_x, 1).sum(), (theirs_x,), create_graph=True)
    (g * g).sum().backward()
    (tg * tg).sum().backward()
    np.testing.assert_allclose(ours_x.grad.numpy(), theirs_x.grad.numpy(), rtol=1e-9,
                               atol=1e-12)


# ---- scans accumulate as torch's CPU kernels: float32 in float64, float16 in float32 ----


def _long_values(n=100_003):
    return np.random.default_rng(5).uniform(-0.9, 0.9, n)


def test_float32_cumsum_is_float64_accurate_and_torchs():
    x = _long_values().astype(np.float32)
    ours = al.cumsum(al.tensor(x), 0).numpy()
    truth = np.cumsum(x.astype(np.float64))
    # One rounding to float32 at the end: within half an ulp of the float64 running sum.
    assert np.abs(ours - truth).max() <= np.spacing(np.abs(truth).max().astype(np.float32))
    np.testing.assert_array_equal(ours, torch.cumsum(torch.from_numpy(x), 0).numpy())


@pytest.mark.parametrize("op", ["cumsum", "cumprod"])
@pytest.mark.parametrize("dtype, out", [(np.float32, None), (np.float16, None),
                                        (np.float16, "float32"), (np.float32, "float64")])
def test_scans_round_as_torchs(op, dtype, out):
    x = _long_values(20_001)
    x = (1 + x / 500 if op == "cumprod" else x).astype(dtype)
    kwargs_al = {} if out is None else {"dtype": getattr(al, out)}
    kwargs_t = {} if out is None else {"dtype": getattr(torch, out)}
    ours = getattr(al, op)(al.tensor(x), 0, **kwargs_al).numpy()
    theirs = getattr(torch, op)(torch.from_numpy(x), 0, **kwargs_t).numpy()
    assert ours.dtype == theirs.dtype
    np.testing.assert_array_equal(ours, theirs)


def test_float32_scans_along_an_inner_dim_of_a_transposed_tensor():
    x = _long_values(3 * 4001).astype(np.float32).reshape(4001, 3)
    ours = al.tensor(x).t().cumsum(1).numpy()
    np.testing.assert_array_equal(ours, torch.from_numpy(x).t().cumsum(1).numpy())
    np.testing.assert_array_equal(
        al.tensor(x).cumsum_(0).numpy(), torch.from_numpy(x).cumsum_(0).numpy())
    # A middle dim of a 3-D tensor, lines longer and shorter than a block, and an int32 input
    # (accumulated in int64).
    y = _long_values(3 * 5000 * 2).astype(np.float32).reshape(3, 5000, 2)
    for d in (0, 1, 2):
        for op in ("cumsum", "cumprod"):
            np.testing.assert_array_equal(getattr(al, op)(al.tensor(y), d).numpy(),
                                          getattr(torch, op)(torch.from_numpy(y), d).numpy())
    z = (y * 10).astype(np.int32)
    np.testing.assert_array_equal(al.cumsum(al.tensor(z), 1).numpy(),
                                  torch.cumsum(torch.from_numpy(z), 1).numpy())


# ---- unique: every NaN is a value of its own; a 0-dim input's inverse is 0-dim ----

NAN = float("nan")
UNIQUE_DATA = [
    [1.0, NAN, 2.0, NAN, 1.0],
    [[NAN, 0.5], [NAN, NAN]],
    [0.0, -0.0, 1.0, 0.0],
    [-0.0, 0.0, NAN, -1.0],
    [NAN],
    [],
    3.0,
    NAN,
]


def _unique_both(data, dtype, kwargs):
    a = np.asarray(data, dtype=dtype)
    ours = al.unique(al.tensor(a), **kwargs)
    theirs = torch.unique(torch.from_numpy(a), **kwargs)
    pack = (lambda r: r if isinstance(r, tuple) else (r,))
    return pack(ours), pack(theirs)


@pytest.mark.parametrize("data", UNIQUE_DATA, ids=[str(d) for d in UNIQUE_DATA])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
@pytest.mark.parametrize("kwargs", [{}, {"return_inverse": True}, {"return_counts": True},
                                    {"sorted": False, "return_inverse": True,
                                     "return_counts": True}])
def test_unique_of_nan_signed_zeros_and_0_dim_matches_torch(data, dtype, kwargs):
    ours, theirs = _unique_both(data, dtype, kwargs)
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        got, want = o.numpy(), t.numpy()
        assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
        np.testing.assert_array_equal(got, want)  # NaN positions equal
        if got.dtype.kind == "f":
            assert (np.signbit(got) == np.signbit(want)).all(), (got, want)


@pytest.mark.parametrize("data", [[[3, 1, 3], [2, 1, 7]], 4, [True, False, True], []])
def test_unique_of_integers_and_bools_matches_torch(data):
    a = np.asarray(data, dtype=bool if isinstance(data, list) and data
                   and isinstance(data[0], bool) else np.int64)
    kwargs = {"return_inverse": True, "return_counts": True}
    ours, theirs = al.unique(al.tensor(a), **kwargs), torch.unique(torch.from_numpy(a), **kwargs)
    for o, t in zip(ours, theirs):
        assert o.numpy().shape == t.numpy().shape
        np.testing.assert_array_equal(o.numpy(), t.numpy())


def test_unique_of_a_transposed_tensor_with_nan_matches_torch():
    x = np.array([[1.0, NAN, 2.0], [NAN, 1.0, -0.0]])
    kwargs = {"return_inverse": True, "return_counts": True}
    ours = al.unique(al.tensor(x).t(), **kwargs)
    theirs = torch.unique(torch.from_numpy(x).t(), **kwargs)
    for o, t in zip(ours, theirs):
        assert o.numpy().shape == t.numpy().shape
        np.testing.assert_array_equal(o.numpy(), t.numpy())
