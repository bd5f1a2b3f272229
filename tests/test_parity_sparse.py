"""Sparse COO results follow torch's: the coalesced flag after unary, sum and
product ops, division and powers by a number, and the any/all reductions, which read the
coalesced values (aten_lite/backends/sparse/reductions.py says why). Oracles: torch for what
torch computes, the dense op on ``to_dense()`` for any/all (torch has no sparse all, no any over
dims, and its any reads duplicates that cancel as nonzero)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
warnings.filterwarnings("ignore", message="Sparse invariant checks")

INDICES = [[0, 1, 1, 0, 1], [2, 0, 2, 2, 1]]  # (0, 2) stored twice
VALUES = [3.0, -4.0, 5.0, 1.0, 0.0]


def pair(coalesced: bool, values=VALUES, dtype="float32"):
    made = []
    for lib in (al, torch):
        s = lib.sparse_coo_tensor(lib.tensor(INDICES), lib.tensor(values, dtype=getattr(lib, dtype)),
                                  (2, 3))
        made.append(s.coalesce() if coalesced else s)
    return made


def same(ours, theirs):
    assert ours.is_sparse == theirs.is_sparse
    if ours.is_sparse:
        assert ours.is_coalesced() == theirs.is_coalesced()
        ours, theirs = ours.to_dense(), theirs.to_dense()
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-6, equal_nan=True)


UNARY = ["neg", "abs", "sign", "relu", "tanh", "expm1", "log1p", "sqrt", "sin", "floor",
         "ceil", "round", "trunc"]


@pytest.mark.parametrize("coalesced", [False, True])
@pytest.mark.parametrize("op", UNARY)
def test_unary_results_carry_torchs_coalesced_flag(op, coalesced):
    s, ts = pair(coalesced)
    same(getattr(al, op)(s), getattr(torch, op)(ts))


@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("second", [False, True])
@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_sparse_sparse_results_are_coalesced_when_both_operands_are(op, first, second):
    (a, ta), (b, tb) = pair(first), pair(second)
    same(getattr(al, op)(a, b), getattr(torch, op)(ta, tb))


@pytest.mark.parametrize("coalesced", [False, True])
@pytest.mark.parametrize("case", ["div2", "div0", "div_0dim", "pow2", "pow_half", "pow_neg",
                                  "int_pow", "int_div", "div_"])
def test_division_and_powers_by_a_number(case, coalesced):
    dtype = "int64" if case.startswith("int") else "float32"
    values = [3, -4, 5, 1, 0] if dtype == "int64" else VALUES
    s, ts = pair(coalesced, values, dtype)
    run = {"div2": lambda lib, x: x / 2, "div0": lambda lib, x: x / 0,
           "div_0dim": lambda lib, x: x / lib.tensor(4.0), "pow2": lambda lib, x: x ** 2,
           "pow_half": lambda lib, x: x.pow(0.5), "pow_neg": lambda lib, x: x.pow(-1),
           "int_pow": lambda lib, x: x ** 2, "int_div": lambda lib, x: lib.div(x, 2),
           "div_": lambda lib, x: x.clone().div_(8)}
    same(run[case](al, s), run[case](torch, ts))


def test_in_place_power_stores_the_power():  # torch has no sparse pow_
    s, _ = pair(False)
    t = s.clone()
    assert t.pow_(3) is t and t.is_coalesced()
    assert t.to_dense().tolist() == (s.to_dense() ** 3).tolist()


def test_what_a_sparse_division_or_power_refuses():
    s, ts = pair(False)
    with pytest.raises(RuntimeError, match="zeroth power"):
        ts.pow(0)
    with pytest.raises(RuntimeError, match="al.pow: a zeroth power of a sparse tensor"):
        s.pow(0)
    with pytest.raises(RuntimeError, match="al.div: a sparse tensor takes only a number .* "
                                           "got sparse \\(2, 3\\) and strided \\(3,\\)"):
        s / al.ones(3)
    with pytest.raises(RuntimeError, match="al.pow: .* got sparse \\(2, 3\\) and sparse"):
        s ** s


@pytest.mark.parametrize("coalesced", [False, True])
@pytest.mark.parametrize("dim,keepdim", [(None, False)] + [(d, k) for d in (0, 1, -1, (0, 1))
                                                              for k in (False, True)])
@pytest.mark.parametrize("values", [VALUES, [1.0, 2.0, -2.0, -1.0, 7.0], [0.0] * 5,
                                    [1.0, 1.0, 1.0, 1.0, 1.0]], ids=["mixed", "cancel", "zeros",
                                                                      "ones"])
def test_any_and_all_read_the_coalesced_values(values, dim, keepdim, coalesced):
    s, _ = pair(coalesced, values)
    dense = s.to_dense()
    kwargs = {} if dim is None else {"dim": dim, "keepdim": keepdim}
    for op in ("any", "all"):
        got, want = getattr(s, op)(**kwargs), getattr(dense, op)(**kwargs)
        assert not got.is_sparse and got.dtype == al.bool
        assert got.shape == want.shape and got.tolist() == want.tolist(), (op, values)


def test_any_of_a_full_sparse_tensor_agrees_with_torch_where_no_duplicates_cancel():
    s, ts = pair(False)
    assert s.any().item() == ts.any().item() is True
    full = al.tensor([[1.0, 2.0], [3.0, 4.0]]).to_sparse()
    assert full.all().item() and not (full * 0).any().item()


# ---- the layout of a sparse operand's gradient (Note in aten_lite/sparse.py) ----


def _leaf_pair(coalesced: bool):
    s, ts = pair(coalesced, dtype="float64")
    return s.detach().requires_grad_(), ts.detach().requires_grad_()


@pytest.mark.parametrize("coalesced", [False, True])
@pytest.mark.parametrize("product", ["mm", "matmul", "@", ".mm", "sparse.mm"])
def test_a_sparse_leaf_gets_the_gradient_layout_torch_gives(product, coalesced):
    s, ts = _leaf_pair(coalesced)
    d = np.random.default_rng(3).standard_normal((3, 4))
    g = np.random.default_rng(4).standard_normal((2, 4))
    grads = []
    for lib, x in ((al, s), (torch, ts)):
        y = lib.tensor(d.tolist(), dtype=lib.float64, requires_grad=True)
        run = {"mm": lambda: lib.mm(x, y), "matmul": lambda: lib.matmul(x, y),
               "@": lambda: x @ y, ".mm": lambda: x.mm(y),
               "sparse.mm": lambda: lib.sparse.mm(x, y)}[product]
        out = run()
        assert not out.is_sparse
        out.backward(lib.tensor(g.tolist(), dtype=lib.float64))
        grads.append((x.grad, y.grad))
    (sg, dg), (tsg, tdg) = grads
    assert sg.is_sparse == tsg.is_sparse == (product == "sparse.mm")
    if sg.is_sparse:
        # The same stored pattern (s's, coalesced) and values. torch flags its gradient
        # uncoalesced even so ("not known to be"); here it is flagged coalesced, which it is.
        assert sg.is_coalesced()
        assert sg.indices().tolist() == tsg._indices().tolist()
        np.testing.assert_allclose(sg.values().numpy(), tsg._values().numpy(), rtol=1e-12)
    else:
        same(sg, tsg)
    same(dg, tdg)


# ---- sum of stored duplicates: Tensor.sum casts each stored value, then adds ----
# torch's Tensor.sum (and torch.sum) of a sparse tensor casts the stored values to the result
# dtype before adding, duplicates included: True stored twice sums to 2, uint8 200 + 100 to
# 300 (Note [Casting duplicates] in aten_lite/backends/sparse/arithmetic.py). torch.sparse.sum, a
# different function (not in aten_lite), coalesces first in the input's dtype (True twice is
# True once; 200 + 100 wraps to 44) and keeps that dtype over some dims.

DUP_INDICES = [[0, 0, 1, 1, 0], [0, 0, 1, 2, 0]]  # (0, 0) stored three times
DUP_VALUES = {"bool": [True, True, True, False, True], "uint8": [200, 100, 5, 7, 1],
              "int8": [100, 100, -3, 2, 1], "float16": [60000.0, 60000.0, 1.0, 2.0, 3.0]}


@pytest.mark.parametrize("dtype", list(DUP_VALUES))
@pytest.mark.parametrize("kwargs", [{}, {"dim": 0}, {"dim": 1}, {"dim": (0, 1)},
                                    {"dim": 1, "keepdim": True}, {"dtype": "float64"},
                                    {"dim": 0, "dtype": "int32"}], ids=str)
def test_sum_of_uncoalesced_duplicates_matches_torchs_tensor_sum(dtype, kwargs):
    made = []
    for lib in (al, torch):
        s = lib.sparse_coo_tensor(lib.tensor(DUP_INDICES),
                                  lib.tensor(DUP_VALUES[dtype], dtype=getattr(lib, dtype)),
                                  (2, 3))
        kw = {k: getattr(lib, v) if k == "dtype" else v for k, v in kwargs.items()}
        made.append(s.sum(**kw))
    ours, theirs = made
    assert ours.is_sparse == theirs.is_sparse
    if ours.is_sparse:
        ours, theirs = ours.to_dense(), theirs.to_dense()
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    assert ours.tolist() == theirs.tolist()
