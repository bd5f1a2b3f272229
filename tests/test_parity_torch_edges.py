"""Edge cases where aten_lite once answered differently from torch without saying so: in-place
composite ops on an intermediate under autograd, the layout flip keeps, flip/roll of a 0-dim
tensor, the sign of a zero chosen by max/min, and errors from 1-D linear and mismatched
isclose shapes, and clamp's gradient at a bound (torch is the oracle)."""

import math

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as F

torch = pytest.importorskip("torch")


def _both(values, dtype="float32"):
    return (al.tensor(values, dtype=getattr(al, dtype)),
            torch.tensor(values, dtype=getattr(torch, dtype)))


# ---- in-place composite ops on an intermediate ----

# Each writes into y = x * 1 (or a view of it); the bounds are tensors requiring grad where
# named. torch saves what the backward needs; modifying y itself is fine.
INPLACE = {
    "clamp_ numbers": lambda lib, y, w: y.clamp_(-0.25, 0.5),
    "clamp_ min only": lambda lib, y, w: y.clamp_(min=0.1),
    "clamp_ tensor bounds": lambda lib, y, w: y.clamp_(lib.tensor(-0.1), lib.tensor(0.5)),
    "clamp_ bound requiring grad": lambda lib, y, w: y.clamp_(min=w - 2.1),
    "clamp_ on a view": lambda lib, y, w: y[1:].clamp_(-0.1, 0.1),
    "nan_to_num_": lambda lib, y, w: y.nan_to_num_(),
    "div_ floor": lambda lib, y, w: y.div_(w, rounding_mode="floor"),
    "addmm_": lambda lib, y, w: y.view(1, 3).addmm_(lib.ones(1, 2), lib.ones(2, 3) * w[0],
                                                    beta=0.5),
    "relu_": lambda lib, y, w: y.relu_(),
    "mul_ by a tensor requiring grad": lambda lib, y, w: y.mul_(w),
    # Random fills overwrite every value: nothing of the old ones reaches the result.
    "uniform_": lambda lib, y, w: y.uniform_(),
    "normal_": lambda lib, y, w: y.normal_(),
    "uniform_ on a view": lambda lib, y, w: y[1:].uniform_(-1.0, 1.0),
}


def _inplace_grads(lib, write):
    x = lib.tensor([0.3, -0.2, 0.7], requires_grad=True)
    w = lib.tensor([2.0, 2.0, 2.0], requires_grad=True)
    y = x * 1
    write(lib, y, w)
    (y * lib.tensor([1.0, 2.0, 3.0])).sum().backward()
    return x.grad.tolist(), None if w.grad is None else w.grad.tolist()


@pytest.mark.parametrize("name", list(INPLACE))
def test_inplace_on_intermediate_backward_as_torch(name):
    got = _inplace_grads(al, INPLACE[name])
    want = _inplace_grads(torch, INPLACE[name])
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    assert (got[1] is None) == (want[1] is None)
    if want[1] is not None:
        np.testing.assert_allclose(got[1], want[1], rtol=1e-6)


def test_inplace_composite_over_a_saved_result_still_refused():
    # exp saves its result y; clamp_ overwrites y, so backward through exp must refuse, as
    # torch does (the copy the in-place composite works on does not hide a real write).
    for lib in (torch, al):
        x = lib.tensor([0.3, -0.2, 0.7], requires_grad=True)
        y = x.exp()
        y.clamp_(-1.0, 1.2)
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            y.sum().backward()


# ---- flip and roll: layout and 0-dim tensors ----


def _layouts(lib):
    """Inputs in several layouts: permuted dense, transposed, strided (not dense), expanded,
    empty, with a size-1 dim, contiguous."""
    return {
        "permuted": lib.arange(24.0).view(2, 3, 4).permute(2, 0, 1),
        "transposed": lib.arange(12.0).view(3, 4).t(),
        "strided": lib.arange(48.0).view(4, 12)[:, ::2].t(),
        "expanded": lib.arange(12.0).view(3, 4).expand(2, 3, 4),
        "empty permuted": lib.ones(2, 0, 4).permute(2, 0, 1),
        "size-1 dim": lib.arange(12.0).view(3, 1, 4).permute(2, 1, 0),
        "contiguous": lib.arange(24.0).view(2, 3, 4),
    }


FLIP_ROLL = {
    "flip 0": lambda x: x.flip(0),
    "flip last two": lambda x: x.flip(-1, -2) if x.dim() > 1 else x.flip(-1),
    "flip all": lambda x: x.flip(list(range(x.dim()))),
    "flip none": lambda x: x.flip([]),
    "roll 1 on dim 0": lambda x: x.roll(1, 0),
    "roll 0 on dim 0": lambda x: x.roll(0, 0),
    "roll flattened": lambda x: x.roll(3),
    "roll two dims": lambda x: x.roll((1, -1), (0, 1)),
}


@pytest.mark.parametrize("layout", list(_layouts(al)))
@pytest.mark.parametrize("op", list(FLIP_ROLL))
def test_flip_roll_values_and_layout_as_torch(layout, op):
    x, tx = _layouts(al)[layout], _layouts(torch)[layout]
    got, want = FLIP_ROLL[op](x), FLIP_ROLL[op](tx)
    assert got.shape == tuple(want.shape)
    assert got.stride() == want.stride()
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_flip_keeps_layout_on_meta_and_under_autograd():
    m = al.ones(2, 3, 4, device="meta").permute(2, 0, 1)
    assert m.flip(0).stride() == torch.ones(2, 3, 4).permute(2, 0, 1).flip(0).stride()
    x = al.arange(24.0).view(2, 3, 4).requires_grad_()
    tx = torch.arange(24.0).view(2, 3, 4).requires_grad_()
    w = np.arange(24.0).reshape(4, 2, 3)
    (x.permute(2, 0, 1).flip(0, 2) * al.tensor(w)).sum().backward()
    (tx.permute(2, 0, 1).flip(0, 2) * torch.tensor(w, dtype=torch.float32)).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), tx.grad.numpy())


@pytest.mark.parametrize("call", [
    lambda lib, t: lib.flip(t, (0,)), lambda lib, t: lib.flip(t, (-1,)),
    lambda lib, t: lib.flip(t, ()), lambda lib, t: lib.flip(t, (1,)),
    lambda lib, t: lib.flip(t, (-2,)), lambda lib, t: lib.flip(t, (0, 0)),
    lambda lib, t: lib.roll(t, 1), lambda lib, t: lib.roll(t, (1,), (0,)),
    lambda lib, t: lib.roll(t, (1,), (-1,)), lambda lib, t: lib.roll(t, (2,), (1,)),
])
def test_flip_roll_of_a_0dim_tensor_as_torch(call):
    try:
        want = call(torch, torch.tensor(3.0))
    except Exception as exc:  # torch refuses: aten_lite refuses with the same type
        with pytest.raises(type(exc)):
            call(al, al.tensor(3.0))
        return
    got = call(al, al.tensor(3.0))
    assert got.shape == () and got.item() == want.item()


# ---- errors that must be aten_lite's own ----


@pytest.mark.parametrize("shapes", [
    ((4,), (4,), None), ((4,), (4,), ()), ((2, 5, 4), (4,), None), ((2, 5, 4), (4,), (2, 5)),
    ((4,), (3, 4), (3,)), ((2, 4), (3, 4), (3,)), ((2, 5, 4), (3, 4), (2, 5, 3)),
])
def test_linear_with_a_1d_weight_or_input_as_torch(shapes):
    shape_in, shape_w, shape_b = shapes
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal(shape_in), rng.standard_normal(shape_w)
    b = None if shape_b is None else rng.standard_normal(shape_b)
    got = F.linear(al.tensor(x), al.tensor(w), None if b is None else al.tensor(b))
    want = torch.nn.functional.linear(torch.tensor(x), torch.tensor(w),
                                      None if b is None else torch.tensor(b))
    assert got.shape == tuple(want.shape)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


@pytest.mark.parametrize("shapes, match", [
    (((4,), (3,), None), r"input has 4 features .* weight expects 3"),
    (((), (1, 1), None), r"at least 1-D, but input has shape \[\]"),
    (((4,), (), None), r"at least 1-D, .* weight has shape \[\]"),
    (((4,), (2, 3, 4), None), r"weight must be 2-D .* got shape \[2, 3, 4\]"),
    (((4,), (3, 4), (2, 3)), r"bias of shape \[2, 3\] does not broadcast to the output's shape"
                             r" \[3\]"),
])
def test_linear_refusals_are_runtime_errors_naming_shapes(shapes, match):
    shape_in, shape_w, shape_b = shapes
    args = [torch.ones(shape_in), torch.ones(shape_w)]
    if shape_b is not None:
        args.append(torch.ones(shape_b))
    with pytest.raises(RuntimeError):  # torch refuses each too
        torch.nn.functional.linear(*args)
    with pytest.raises(RuntimeError, match=match):
        F.linear(*[al.ones(a.shape) for a in args])


def test_isclose_allclose_refuse_unbroadcastable_shapes_naming_both():
    for fn in ("isclose", "allclose"):
        with pytest.raises(RuntimeError):
            getattr(torch, fn)(torch.ones(3, 4), torch.ones(3, 5))
        with pytest.raises(RuntimeError, match=r"al.isclose: shapes \(3, 4\) and \(3, 5\) "
                                               r"cannot be broadcast"):
            getattr(al, fn)(al.ones(3, 4), al.ones(3, 5))
    assert al.equal(al.ones(3, 4), al.ones(3, 5)) is torch.equal(torch.ones(3, 4),
                                                                 torch.ones(3, 5))
    got = al.isclose(al.tensor([[1.0], [2.0]]), al.tensor([1.0, 2.0, 2.0]))
    want = torch.isclose(torch.tensor([[1.0], [2.0]]), torch.tensor([1.0, 2.0, 2.0]))
    np.testing.assert_array_equal(got.numpy(), want.numpy())


# ---- the sign of a zero that max/min pick ----


def _bits(t):
    """Values with the sign of zero made comparable: (value, signbit), or ('nan', None) (the
    sign and payload of a NaN are the SIMD unit's choice, not part of the answer)."""
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t, dtype=np.float64).reshape(-1)
    return [("nan", None) if math.isnan(v) else (v, bool(np.signbit(v))) for v in a]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn", ["max", "min"])
def test_max_min_of_all_elements_pick_the_zero_torch_picks(dtype, fn):
    # The lanes reproduced are those of torch's x86 vector kernels (Note [The sign of a zero
    # extremum] in aten_lite/backends/composite/reductions.py).
    if torch.backends.cpu.get_cpu_capability() not in ("AVX2", "AVX512"):
        pytest.skip("torch's reduction lanes here are not its x86 ones")
    rng = np.random.default_rng(7)
    pool = np.array([0.0, -0.0, -1.5, 2.0] if fn == "min" else [0.0, -0.0, 1.5, -2.0])
    pool = -pool if fn == "min" else pool  # keep zero the extremum often
    for n in list(range(1, 40)) + [63, 64, 65, 100, 257]:
        for _ in range(6):
            values = rng.choice(pool, n)
            if not (values == 0).any():
                continue
            x, tx = _both(values.tolist(), dtype)
            assert _bits(getattr(x, fn)()) == _bits(getattr(tx, fn)()), (n, values.tolist())
            # a strided and a transposed view are read in logical order, as torch reads them
            x2, tx2 = _both(np.repeat(values, 2).tolist(), dtype)
            assert _bits(getattr(x2[::2], fn)()) == _bits(getattr(tx2[::2], fn)())
            if n % 4 == 0:
                m, tm = x.view(4, -1).t(), tx.view(4, -1).t()
                assert _bits(getattr(m, fn)()) == _bits(getattr(tm, fn)())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_small_ties_of_zeros_and_nan_as_torch(dtype):
    nan = float("nan")
    for values in ([0.0, -0.0], [-0.0, 0.0], [-0.0, -0.0, 0.0], [0.0, -0.0, 0.0],
                   [1.0, nan, 2.0, nan], [-0.0, nan, 0.0]):
        x, tx = _both(values, dtype)
        for fn in ("max", "min", "amax", "amin"):
            assert _bits(getattr(x, fn)()) == _bits(getattr(tx, fn)()), (fn, values)
        for fn in ("argmax", "argmin"):
            assert getattr(x, fn)().item() == getattr(tx, fn)().item(), (fn, values)
        for fn in ("max", "min"):
            got, want = getattr(x, fn)(0), getattr(tx, fn)(0)
            assert _bits(got.values) == _bits(want.values), (fn, values)
            assert got.indices.item() == want.indices.item()
        # element-wise (short inputs: torch's scalar loop keeps the first of a tie)
        y, ty = _both(values[::-1], dtype)
        for fn in ("maximum", "minimum"):
            assert _bits(getattr(al, fn)(x, y)) == _bits(getattr(torch, fn)(tx, ty)), fn
        for lo, hi in ((0.0, None), (-0.0, None), (None, 0.0), (None, -0.0), (-0.0, 0.0)):
            assert _bits(x.clamp(lo, hi)) == _bits(tx.clamp(lo, hi)), (lo, hi, values)
        if not any(math.isnan(v) for v in values):
            for desc in (False, True):
                got, want = x.sort(descending=desc), tx.sort(descending=desc)
                assert _bits(got.values) == _bits(want.values)
                assert got.indices.tolist() == want.indices.tolist()


def test_flip_roll_of_a_sparse_tensor_point_to_to_dense():
    s = al.tensor([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]).to_sparse()
    for call in (lambda: s.flip(0), lambda: s.roll(1, 0)):
        with pytest.raises(NotImplementedError, match="to_dense"):
            call()
    np.testing.assert_array_equal(s.roll(0, 0).to_dense().numpy(), s.to_dense().numpy())


# ---- clamp's gradient at a bound (Note [The gradient of clamp at a bound]) ----

# x holds elements equal to a bound, beyond one, inside, and NaN; the tensor bounds require
# grad, and one pair has min > max (torch then returns max).
CLAMP_X = [1.0, 2.0, 0.0, float("nan"), -3.0, 0.5, 4.0]
CLAMP_MIN = [1.0, 0.0, 0.5, 0.0, -5.0, 0.5, 3.0]
CLAMP_MAX = [1.0, 1.5, 2.0, 1.0, -4.0, 0.7, 2.0]
CLAMPS = {
    "numbers": lambda x, a, b: x.clamp(-1.0, 1.0),
    "min number": lambda x, a, b: x.clamp(min=0.0),
    "max number": lambda x, a, b: x.clamp(max=1.0),
    "tensor bounds": lambda x, a, b: x.clamp(a, b),
    "tensor min": lambda x, a, b: x.clamp(a, None),
    "tensor max": lambda x, a, b: x.clamp(None, b),
    "clamp_ on an intermediate": lambda x, a, b: (x * 1).clamp_(0.0, 1.0),
    "clip": lambda x, a, b: x.clip(0.5, 2.0),
    "clamp_min": lambda x, a, b: x.clamp_min(0.0),
}


@pytest.mark.parametrize("name", list(CLAMPS))
def test_clamp_gives_an_element_at_a_bound_the_whole_gradient_as_torch(name):
    grads = []
    for lib in (al, torch):
        x, a, b = (lib.tensor(v, dtype=lib.float64, requires_grad=True)
                   for v in (CLAMP_X, CLAMP_MIN, CLAMP_MAX))
        y = CLAMPS[name](x, a, b)
        (y * lib.arange(1.0, 8.0, dtype=lib.float64)).sum().backward()
        grads.append([y.detach().numpy()]
                     + [t.grad.numpy() if t.grad is not None else None for t in (x, a, b)])
    for ours, theirs in zip(*grads):
        if theirs is None:
            assert ours is None or not ours.any()
        else:
            np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("name", ["numbers", "min number", "tensor bounds"])
def test_clamp_tangent_at_a_bound_matches_torch_func_jvp(name):
    import torch.func

    tangent = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    # At the NaN element (index 3) the value is NaN either way and torch's own overloads
    # disagree on the tangent (the number overload gives 0, the tensor one passes it).
    keep = [i for i, v in enumerate(CLAMP_X) if v == v]
    out = []
    for lib, jvp in ((al, al.func.jvp), (torch, torch.func.jvp)):
        x, a, b, t = (lib.tensor(v, dtype=lib.float64)
                      for v in (CLAMP_X, CLAMP_MIN, CLAMP_MAX, tangent))
        out.append(jvp(lambda x: CLAMPS[name](x, a, b), (x,), (t,))[1].numpy()[keep])
    np.testing.assert_array_equal(*out)


# ---- an operand written after a product whose gradient does not read it ----

# One operand needs a gradient; one is written in place after the op. torch raises at
# backward only when a value the backward reads was modified: mm's first operand's gradient
# reads mat2, not self, so writing self is fine when mat2 needs no gradient.
PRODUCTS = {
    "mm": (lambda lib, a, b: lib.mm(a, b), (2, 3), (3, 2)),
    "matmul": (lambda lib, a, b: lib.matmul(a, b), (2, 3), (3, 2)),
    "matmul 1-d": (lambda lib, a, b: lib.matmul(a, b), (3,), (3, 2)),
    "bmm": (lambda lib, a, b: lib.bmm(a, b), (2, 2, 3), (2, 3, 2)),
    "dot": (lambda lib, a, b: lib.dot(a, b), (3,), (3,)),
    "addmm": (lambda lib, a, b: lib.addmm(lib.ones(2, 2, dtype=lib.float64), a, b), (2, 3),
              (3, 2)),
    "linear": (lambda lib, a, b: lib.nn.functional.linear(a, b), (2, 3), (4, 3)),
    "mul": (lambda lib, a, b: lib.mul(a, b), (3,), (3,)),
    "pow": (lambda lib, a, b: lib.pow(a, b), (3,), (3,)),
}


@pytest.mark.parametrize("written", [0, 1], ids=["first written", "second written"])
@pytest.mark.parametrize("needs", [0, 1], ids=["first needs grad", "second needs grad"])
@pytest.mark.parametrize("name", list(PRODUCTS))
def test_writing_an_operand_the_backward_does_not_read_is_no_error_as_in_torch(name, needs,
                                                                              written):
    op, shape_a, shape_b = PRODUCTS[name]
    outcome = []
    for lib in (al, torch):
        a = lib.tensor(np.linspace(0.5, 1.5, math.prod(shape_a)).reshape(shape_a))
        b = lib.tensor(np.linspace(0.7, 1.9, math.prod(shape_b)).reshape(shape_b))
        leaf = (a, b)[needs].requires_grad_()
        a2, b2 = a * 1, b * 1
        y = op(lib, a2, b2)
        (a2, b2)[written].mul_(2)
        try:
            y.sum().backward()
            outcome.append(leaf.grad.numpy())
        except RuntimeError as e:
            assert "modified by an inplace operation" in str(e)
            outcome.append("raises")
    if isinstance(outcome[1], str):
        assert outcome[0] == "raises"
    else:
        np.testing.assert_allclose(outcome[0], outcome[1], rtol=1e-12)
