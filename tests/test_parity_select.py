"""Selections, grids, diagonals, padding and two losses against torch: nonzero (as_tuple too),
masked_select (with its gradient), repeat_interleave's tensor forms, meshgrid, the diagonal view
(writes through it, its gradient), diag, F.pad in every mode with gradients, cosine_similarity,
kl_div (with 'batchmean' and log_target), huber_loss and their modules; and the dtype names and
version counter torch programs print. The op-table rows (tests/op_table.py) cover the forward
values against NumPy and the gradients of the meta-capable ops; tests/test_oracle.py their
errors and dtypes; this file what those cannot reach (ops sized by the values, keywords,
modules)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as F

torch = pytest.importorskip("torch")
import torch.nn.functional as TF  # noqa: E402

from torch_compare import assert_same  # noqa: E402

RNG = np.random.default_rng(0)


def _both(a: np.ndarray, requires_grad=False):
    return (al.tensor(a, requires_grad=requires_grad),
            torch.tensor(a, requires_grad=requires_grad))


def _grads_agree(ours, theirs, inputs, tinputs):
    w = RNG.standard_normal(tuple(theirs.shape))
    got = al.autograd.grad([ours], inputs, [al.tensor(w, dtype=ours.dtype)])
    want = torch.autograd.grad([theirs], tinputs, [torch.tensor(w, dtype=theirs.dtype)])
    for g, t in zip(got, want):
        np.testing.assert_allclose(g.numpy(), t.numpy(), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("a", [
    np.array([[1.0, 0.0, np.nan], [0.0, -0.0, 2.0]]), np.array(3), np.array(0.0),
    np.zeros((0, 3)), np.array([True, False, True]), np.arange(24).reshape(2, 3, 4) % 3,
], ids=["nan-and-signed-zero", "0-dim", "0-dim zero", "empty", "bool", "3-D"])
def test_nonzero_and_its_tuple_forms_are_torchs(a):
    x, t = _both(a)
    assert_same(al.nonzero(x), torch.nonzero(t))
    assert_same(x.nonzero(), t.nonzero())
    got, want = al.nonzero(x, as_tuple=True), torch.nonzero(t, as_tuple=True)
    assert isinstance(got, tuple)
    assert_same(got, want)
    assert_same(x.nonzero(as_tuple=False), t.nonzero(as_tuple=False))
    assert_same(al.nonzero_numpy(x), list(torch.ops.aten.nonzero_numpy(t)))
    if a.ndim:  # the usual idiom (indexing a 0-dim tensor with a tuple is frontend/indexing.py's)
        assert_same(x[x.nonzero(as_tuple=True)], t[t.nonzero(as_tuple=True)])


def test_masked_select_broadcasts_and_differentiates_as_torch():
    a = RNG.standard_normal((2, 3))
    m = np.array([True, False, True])
    x, t = _both(a, requires_grad=True)
    ours, theirs = al.masked_select(x, al.tensor(m)), torch.masked_select(t, torch.tensor(m))
    assert_same(ours.detach(), theirs.detach())
    _grads_agree(ours, theirs, [x], [t])
    mask2 = RNG.integers(0, 2, (4, 2, 3)).astype(bool)
    assert_same(x.detach().masked_select(al.tensor(mask2)),
                t.detach().masked_select(torch.tensor(mask2)))
    with pytest.raises(RuntimeError, match="expected BoolTensor for mask"):
        al.masked_select(x, al.tensor([1, 0, 1], dtype=al.uint8))
    with pytest.raises(RuntimeError):
        torch.masked_select(t, torch.tensor([1, 0, 1], dtype=torch.uint8))


@pytest.mark.parametrize("call", [
    lambda m, x, r: m.repeat_interleave(r(np.array([2, 0, 3]))),
    lambda m, x, r: m.repeat_interleave(x, r(np.array([1, 2])), dim=0),
    lambda m, x, r: m.repeat_interleave(x, r(np.array([3, 0, 1])), dim=1),
    lambda m, x, r: m.repeat_interleave(x, r(np.array(2))),
    lambda m, x, r: m.repeat_interleave(x, r(np.array([2])), dim=-1),
    lambda m, x, r: x.repeat_interleave(r(np.array([1, 2])), dim=0, output_size=3),
    lambda m, x, r: x.repeat_interleave(2, dim=0),
    lambda m, x, r: m.repeat_interleave(x, 0, dim=1),
], ids=["indices", "tensor dim 0", "tensor dim 1", "0-dim repeats flat", "one repeat",
        "output_size", "int method", "zero"])
def test_repeat_interleave_forms_are_torchs(call):
    a = RNG.standard_normal((2, 3))
    x, t = _both(a, requires_grad=True)
    ours = call(al, x, lambda v: al.tensor(v))
    theirs = call(torch, t, lambda v: torch.tensor(v))
    assert_same(ours.detach(), theirs.detach())
    if theirs.requires_grad and theirs.numel():
        _grads_agree(ours, theirs, [x], [t])


@pytest.mark.parametrize("bad", [
    lambda m: m.repeat_interleave(m.tensor([[1, 2]])),
    lambda m: m.repeat_interleave(m.tensor([1, -2])),
    lambda m: m.repeat_interleave(m.ones(2, 3), m.tensor([1, 2, 3]), dim=0),
    lambda m: m.repeat_interleave(m.ones(2, 3), -1),
    lambda m: m.meshgrid(m.ones(2, 2), indexing="ij"),
    lambda m: m.meshgrid(m.ones(2), m.ones(2, dtype=m.float64), indexing="ij"),
    lambda m: m.meshgrid(m.ones(2), indexing="yx"),
    lambda m: m.diag(m.ones(2, 2, 2)),
    lambda m: m.ones(2, 2).diagonal(0, 1, 1),
    lambda m: m.trace(m.ones(2, 2, 2)),
], ids=["2-D repeats", "negative", "wrong length", "negative int", "2-D grid", "mixed dtypes",
        "indexing", "3-D diag", "same dims", "3-D trace"])
def test_bad_arguments_raise_as_torch(bad):
    with pytest.raises(Exception) as theirs:
        bad(torch)
    with pytest.raises(Exception) as ours:
        bad(al)
    assert type(ours.value) is type(theirs.value), (ours.value, theirs.value)


@pytest.mark.parametrize("indexing", ["ij", "xy"])
@pytest.mark.parametrize("sizes", [(2, 3), (4,), (2, 0, 3), (2, 1, 3)])
def test_meshgrid_is_torchs(indexing, sizes):
    arrays = [RNG.standard_normal(n) for n in sizes]
    ours = al.meshgrid(*[al.tensor(a) for a in arrays], indexing=indexing)
    theirs = torch.meshgrid(*[torch.tensor(a) for a in arrays], indexing=indexing)
    assert_same(ours, list(theirs))
    assert_same(al.meshgrid([al.tensor(a) for a in arrays], indexing=indexing), list(theirs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(al.meshgrid(*[al.tensor(a) for a in arrays]),
                    list(torch.meshgrid(*[torch.tensor(a) for a in arrays])))


def test_diagonal_is_a_view_that_writes_through_and_differentiates():
    a = RNG.standard_normal((3, 4, 5))
    x, t = _both(a)
    for args in [(), (1,), (-2, 0, 2), (0, -1, 0), (7,)]:
        assert_same(x.diagonal(*args), t.diagonal(*args))
        assert x.diagonal(*args).stride() == t.diagonal(*args).stride(), args
    m, tm = _both(np.zeros((3, 3)))
    m.diagonal().fill_(1.0)
    tm.diagonal().fill_(1.0)
    m.diagonal(1).add_(al.tensor([2.0, 3.0]))
    tm.diagonal(1).add_(torch.tensor([2.0, 3.0]))
    assert_same(m, tm)
    assert m._version == tm._version == 2 and isinstance(m._version, int)
    w, tw = _both(RNG.standard_normal((3, 4)), requires_grad=True)
    _grads_agree(w.diagonal(-1) * 2, tw.diagonal(-1) * 2, [w], [tw])
    _grads_agree(al.diag(w, 1), torch.diag(tw, 1), [w], [tw])
    v, tv = _both(RNG.standard_normal(3), requires_grad=True)
    _grads_agree(al.diag(v, -2), torch.diag(tv, -2), [v], [tv])
    _grads_agree(al.trace(w).reshape(1), torch.trace(tw).reshape(1), [w], [tw])
    y = w * 2  # in place through a diagonal of a non-leaf: rebased as torch's CopySlices
    ty = tw * 2
    y.diagonal().mul_(3)
    ty.diagonal().mul_(3)
    _grads_agree(y, ty, [w], [tw])


@pytest.mark.parametrize("mode, shape, pad", [
    ("constant", (2, 3), (1, 2)), ("constant", (2, 3, 4), (1, 0, 2, 1, 0, 1)),
    ("constant", (2, 3), (-1, 1)), ("constant", (5,), (2, 2)),
    ("reflect", (1, 4), (2, 3)), ("reflect", (2, 3, 4, 5), (1, 2, 3, 0)),
    ("replicate", (2, 3), (2, 1)), ("replicate", (1, 2, 3, 3), (1, 1, 2, 0)),
    ("replicate", (1, 1, 2, 2, 3), (1, 1, 1, 1, 1, 1)),
    ("circular", (1, 2, 3), (2, 3)), ("circular", (1, 2, 3, 4), (1, 1, 3, 0)),
    # a negative amount crops before the wrap (it wrapped over the uncropped input)
    ("circular", (1, 1, 5), (-1, 2)), ("circular", (1, 1, 4, 5), (2, -1, 1, 0)),
    ("circular", (1, 1, 4, 5), (0, -3, 2, -1)),
])
def test_pad_is_torchs_with_gradients(mode, shape, pad):
    x, t = _both(RNG.standard_normal(shape), requires_grad=True)
    ours, theirs = F.pad(x, pad, mode=mode), TF.pad(t, pad, mode=mode)
    assert_same(ours.detach(), theirs.detach())
    _grads_agree(ours, theirs, [x], [t])
    if mode == "constant":
        assert_same(F.pad(x, pad, value=2.5).detach(), TF.pad(t, pad, value=2.5).detach())


@pytest.mark.parametrize("call", [
    lambda F_, m: F_.pad(m.ones(1, 3), (3, 3), mode="reflect"),
    lambda F_, m: F_.pad(m.ones(3), (1, 1), mode="reflect"),
    lambda F_, m: F_.pad(m.ones(1, 3), (1, 1), mode="foo"),
    lambda F_, m: F_.pad(m.ones(1, 3), (1, 1), mode="reflect", value=1),
    lambda F_, m: F_.pad(m.ones(1, 1, 3), (4, 4), mode="circular"),
    lambda F_, m: F_.pad(m.ones(2), (1, 1, 1)),
    lambda F_, m: F_.pad(m.ones(2), (1, 1, 1, 1)),
    lambda F_, m: F_.kl_div(m.ones(2), m.ones(2), reduction="foo"),
    lambda F_, m: F_.huber_loss(m.ones(2), m.ones(2), delta=-1.0),
    lambda F_, m: F_.cosine_similarity(m.ones(2, 3, dtype=m.int64), m.ones(2, 3, dtype=m.int64)),
], ids=["reflect too wide", "reflect 1-D", "mode", "value", "wraps twice", "odd", "too long",
        "reduction", "delta", "int cosine"])
def test_functional_errors_are_torchs(call):
    with pytest.raises(Exception) as theirs:
        call(TF, torch)
    with pytest.raises(Exception) as ours:
        call(F, al)
    assert type(ours.value) is type(theirs.value), (ours.value, theirs.value)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none", "batchmean"])
@pytest.mark.parametrize("log_target", [False, True])
def test_kl_div_is_torchs(reduction, log_target):
    logq = np.log(RNG.dirichlet(np.ones(5), 4))
    p = RNG.dirichlet(np.ones(5), 4)
    p[0, 1] = 0.0  # 0 * log 0 counts as 0
    target = np.log(p + 1e-3) if log_target else p
    x, t = _both(logq, requires_grad=True)
    y, ty = _both(target)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = F.kl_div(x, y, reduction=reduction, log_target=log_target)
        theirs = TF.kl_div(t, ty, reduction=reduction, log_target=log_target)
        module = al.nn.KLDivLoss(reduction=reduction, log_target=log_target)(x, y)
    assert_same(ours.detach(), theirs.detach())
    assert_same(module.detach(), theirs.detach())
    _grads_agree(ours.reshape(-1), theirs.reshape(-1), [x], [t])


def test_kl_div_target_gradient_is_torchs_where_the_target_is_zero():
    # torch's is NaN there (xlogy's gradient, 0/0); it was -input here.
    logq = np.log(RNG.dirichlet(np.ones(4), 3))
    p = RNG.dirichlet(np.ones(4), 3)
    p[0, 1] = p[2, 3] = 0.0
    grads = []
    for lib, fn in ((al, F), (torch, TF)):
        x = lib.tensor(logq, requires_grad=True)
        y = lib.tensor(p, requires_grad=True)
        fn.kl_div(x, y, reduction="sum").backward()
        grads.append((x.grad.numpy(), y.grad.numpy()))
    np.testing.assert_allclose(grads[0][0], grads[1][0], rtol=1e-12)
    np.testing.assert_allclose(grads[0][1], grads[1][1], rtol=1e-12)  # NaN where torch's is
    assert np.isnan(grads[0][1][0, 1]) and np.isnan(grads[0][1][2, 3])


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("delta", [1.0, 0.3, 2.5])
def test_huber_loss_and_module_are_torchs(reduction, delta):
    x, t = _both(RNG.standard_normal((4, 3)) * 2, requires_grad=True)
    y, ty = _both(RNG.standard_normal((4, 3)))
    ours = F.huber_loss(x, y, reduction=reduction, delta=delta)
    theirs = TF.huber_loss(t, ty, reduction=reduction, delta=delta)
    assert_same(ours.detach(), theirs.detach())
    assert_same(al.nn.HuberLoss(reduction, delta)(x, y).detach(),
                torch.nn.HuberLoss(reduction, delta)(t, ty).detach())
    _grads_agree(ours.reshape(-1), theirs.reshape(-1), [x], [t])


@pytest.mark.parametrize("shapes, dim", [(((4, 3), (4, 3)), 1), (((2, 3, 4), (3, 1)), 1),
                                         (((5,), (5,)), 0), (((2, 3), (2, 3)), -1)])
def test_cosine_similarity_and_module_are_torchs(shapes, dim):
    a, b = (RNG.standard_normal(s) for s in shapes)
    a.reshape(-1)[:3] = 0.0  # a zero vector: the eps clamp
    x, t = _both(a, requires_grad=True)
    y, ty = _both(b, requires_grad=True)
    ours, theirs = F.cosine_similarity(x, y, dim), TF.cosine_similarity(t, ty, dim)
    assert_same(ours.detach(), theirs.detach())
    assert_same(al.nn.CosineSimilarity(dim)(x, y).detach(),
                torch.nn.CosineSimilarity(dim)(t, ty).detach())
    assert_same(al.cosine_similarity(x, y, dim).detach(), torch.cosine_similarity(t, ty, dim).detach())
    _grads_agree(ours.reshape(-1), theirs.reshape(-1), [x, y], [t, ty])
    assert repr(al.nn.CosineSimilarity()) == repr(torch.nn.CosineSimilarity())


@pytest.mark.parametrize("name", ["float32", "float64", "float16", "int64", "int32", "int16",
                                  "int8", "uint8", "bool"])
def test_dtype_names_read_like_torchs(name):
    # torch prints torch.float32; aten_lite prints its own package name the same way
    ours, theirs = getattr(al, name), getattr(torch, name)
    assert str(ours) == repr(ours) == str(theirs).replace("torch.", "aten_lite.")
    assert str(al.tensor([1], dtype=ours).dtype) == str(ours)


@pytest.mark.parametrize("dtype", ["float64", "int64", "bool"])
def test_the_value_sized_rows_references_are_the_ops(dtype):
    # tests/op_table.py's VALUE_SIZED rows drive only gradient tests; their values here
    from op_table import VALUE_SIZED

    for case in VALUE_SIZED:
        for sample in case.samples(dtype):
            got = case.fn(*[al.tensor(a) if isinstance(a, np.ndarray) else a
                            for a in sample.args])
            want = case.ref(*sample.args)
            assert got.dtype.name == dtype and got.tolist() == want.tolist(), sample.note


@pytest.mark.parametrize("name, args, shape", [
    ("ZeroPad1d", (2,), (2, 3)), ("ZeroPad2d", ((1, 0, 2, 1),), (1, 2, 3)),
    ("ZeroPad3d", (1,), (1, 2, 2, 2)), ("ConstantPad1d", ((1, 2), 3.5), (2, 3)),
    ("ConstantPad2d", (1, -1.0), (2, 2, 3)), ("ConstantPad3d", (1, 2.0), (1, 2, 2, 2)),
    ("ReflectionPad1d", (2,), (2, 3)), ("ReflectionPad2d", ((1, 0, 2, 1),), (1, 3, 3)),
    ("ReflectionPad3d", (1,), (1, 1, 2, 2, 2)), ("ReplicationPad1d", ((3, 0),), (1, 2, 3)),
    ("ReplicationPad2d", (2,), (2, 3, 3)), ("ReplicationPad3d", (1,), (1, 2, 2, 2)),
    ("CircularPad1d", (1,), (1, 2, 3)), ("CircularPad2d", ((1, 2, 0, 1),), (1, 2, 3)),
    ("CircularPad3d", (1,), (1, 1, 2, 2, 2)),
])
def test_padding_modules_are_torchs(name, args, shape):
    x, t = _both(RNG.standard_normal(shape), requires_grad=True)
    ours, theirs = getattr(al.nn, name)(*args), getattr(torch.nn, name)(*args)
    assert repr(ours) == repr(theirs) and ours.padding == theirs.padding
    _grads_agree(ours(x), theirs(t), [x], [t])
    assert_same(ours(x).detach(), theirs(t).detach())
