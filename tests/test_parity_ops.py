"""The op surface of real programs against torch: each call is made with the same arguments in
aten_lite and in torch, and values, dtypes and shapes must agree (NaN where torch has NaN, -0.0
where torch has -0.0); gradients of the ops where torch has them; errors where torch raises.

tests/op_table.py covers the same ops against NumPy on every dtype; this file covers the
torch-specific semantics (overloads, NaN order, tie order, defaults, keyword names);
tests/test_no_silent_wrong_answer.py the classes of answers that differed from torch's.
"""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from messages import named
from torch_compare import assert_same

torch = pytest.importorskip("torch")
# var of one element with correction 1 is NaN in both libraries; torch also warns.
pytestmark = pytest.mark.filterwarnings("ignore:.*degrees of freedom is <= 0:UserWarning")

_RNG = np.random.default_rng(9)
X = _RNG.standard_normal((3, 4))
XI = _RNG.integers(-5, 6, (3, 4))
XB = XI > 0
B1, B2 = _RNG.standard_normal((2, 3, 4)), _RNG.standard_normal((2, 4, 5))
SPECIAL = np.array([np.nan, 1.0, -np.inf, 0.0, -0.0, np.inf, -2.5, np.nan])
IDX = np.array([[0, 1, 2, 0], [2, 0, 1, 1]])


def _to(lib, x):
    """A NumPy argument as a tensor of lib (aten_lite or torch); lists element-wise."""
    if isinstance(x, np.ndarray):
        return al.tensor(x.copy()) if lib is al else torch.from_numpy(x.copy())
    if isinstance(x, list):
        return [_to(lib, e) for e in x]
    if isinstance(x, al.DType):
        return x if lib is al else getattr(torch, x.name)
    return x


def _call(lib, name, args, kwargs):
    args = [_to(lib, a) for a in args]
    kwargs = {k: _to(lib, v) for k, v in kwargs.items()}
    if name.startswith("."):
        return getattr(args[0], name[1:])(*args[1:], **kwargs)
    if lib is torch and name == "one_hot":
        return torch.nn.functional.one_hot(*args, **kwargs)
    return getattr(lib, name)(*args, **kwargs)


# (function or .method name, positional args, keyword args): same call in both libraries.
CALLS = [
    ("log10", (np.abs(X),), {}), ("log2", (np.abs(X),), {}), ("log2", (np.abs(XI) + 1,), {}),
    (".log10_", (np.abs(X),), {}),
    ("isnan", (SPECIAL,), {}), ("isinf", (SPECIAL,), {}), ("isfinite", (SPECIAL,), {}),
    ("isinf", (XI,), {}), ("isnan", (XB,), {}),
    ("isinf", (SPECIAL.astype(np.float16),), {}),
    ("nan_to_num", (SPECIAL,), {}), ("nan_to_num", (SPECIAL.astype(np.float16),), {}),
    ("nan_to_num", (SPECIAL.astype(np.float32),), {"nan": 1.0, "posinf": 9.0}),
    ("nan_to_num", (XI,), {}), (".nan_to_num_", (SPECIAL,), {"neginf": -1.0}),
    ("logical_xor", (XI, XB), {}), ("logical_xor", (X, SPECIAL[:4]), {}),
    ("bitwise_and", (XI, XI.T.copy().T), {}), ("bitwise_or", (XB, XB[::-1].copy()), {}),
    ("bitwise_xor", (XI, 3), {}), ("bitwise_not", (XI,), {}), ("bitwise_not", (XB,), {}),
    ("bitwise_not", (XI.astype(np.uint8),), {}),
    ("fmod", (X, 0.7), {}), ("fmod", (XI, -3), {}), ("fmod", (X, X[0]), {}),
    ("remainder", (XI, -3), {}), ("remainder", (X, 0.7), {}), ("remainder", (-X, X[1]), {}),
    ("lerp", (X, X * 2, 0.3), {}), ("lerp", (X, X[0], 0.9), {}),
    ("lerp", (X, X * 2, X), {}), (".lerp_", (X, X[1], 0.5), {}),
    ("sign", (SPECIAL,), {}), ("sign", (XI,), {}), ("sign", (XB,), {}),
    ("floor", (X * 3,), {}), ("ceil", (X * 3,), {}), ("trunc", (X * 3,), {}),
    ("round", (np.array([0.5, 1.5, 2.5, -0.5, -1.5, -0.2]),), {}), ("floor", (XI,), {}),
    ("cumsum", (X, 1), {}), ("cumsum", (XI, 0), {}), ("cumsum", (XB, -1), {}),
    ("cumsum", (XI, 1), {"dtype": al.float32}), ("cumsum", (SPECIAL, 0), {}),
    ("cumprod", (X, 0), {}), ("cumprod", (XI, 1), {}), (".cumsum_", (X, 0), {}),
    ("sort", (XI,), {}), ("sort", (XI, 0, True), {}), ("sort", (SPECIAL,), {}),
    ("sort", (SPECIAL,), {"descending": True}), ("sort", (XI,), {"stable": True, "dim": 0}),
    ("sort", (XB,), {"dim": 0, "descending": True, "stable": True}),
    ("argsort", (SPECIAL,), {"stable": True}),
    ("argsort", (XI,), {"stable": True, "dim": 0, "descending": True}),
    ("topk", (X, 2), {}), ("topk", (X, 3, 0, False), {}), ("topk", (SPECIAL, 3), {}),
    ("topk", (SPECIAL, 3), {"largest": False}),
    ("max", (X, 1), {}), ("min", (XI, 0, True), {}), ("max", (SPECIAL,), {}),
    ("max", (SPECIAL.reshape(2, 4), 1), {}), ("min", (SPECIAL.reshape(2, 4), 0), {}),
    ("argmax", (X,), {}), ("argmin", (X, 1, True), {}), ("argmax", (SPECIAL,), {}),
    ("clamp", (X, X[0], X[0] + 1), {}), ("clamp", (X,), {"min": X[1]}),
    ("clamp", (SPECIAL, -1.0, 1.0), {}), ("clamp", (XI, -2, 2), {}),
    ("where", (XB, 1.0, X), {}), ("where", (XB, X, 0.0), {}), ("where", (XB, 1.0, 0.0), {}),
    ("where", (XB, 1, XI), {}), ("masked_fill", (X, XB, 2.0), {}),
    ("gather", (X, 1, IDX[:, :3].T.copy()), {}), ("gather", (X, 0, IDX.astype(np.int32)), {}),
    ("scatter", (X, 0, IDX.astype(np.int32), X * 2), {}),
    ("index_select", (X, 1, np.array([3, 0, 3])), {}),
    ("scatter", (np.zeros((3, 4)), 0, IDX, X[:2].copy()), {}),
    ("scatter", (np.zeros((3, 4)), 1, IDX, 5.0), {}),
    ("scatter_add", (np.zeros((3, 4)), 0, IDX, X[:2].copy()), {}),
    (".scatter_", (np.zeros((3, 4)), 0, IDX, X[:2].copy()), {}),
    (".scatter_add_", (np.zeros((3, 4)), 0, IDX, X[:2].copy()), {}),
    ("index_add", (X, 0, np.array([0, 2, 0]), X), {}),
    ("index_add", (XI, 1, np.array([0, 0]), XI[:, :2].copy()), {"alpha": 3}),
    (".index_add_", (X, 1, np.array([3]), X[:, :1].copy()), {"alpha": 0.5}),
    ("one_hot", (np.array([0, 2, 1]),), {}), ("one_hot", (np.array([[0, 2], [1, 1]]), 5), {}),
    ("embedding", (X, np.array([[0, 2], [1, 1]])), {}),
    ("tril", (X,), {}), ("triu", (X, 1), {}), ("tril", (B1, -1), {}), (".triu_", (X, -1), {}),
    ("cat", ([X, X[:1]],), {}), ("cat", ([X, X],), {"dim": 1}), ("stack", ([X, X], 2), {}),
    ("split", (X, 2, 1), {}), ("split", (X, [1, 2], 0), {}), ("chunk", (X, 3, 1), {}),
    ("flatten", (B1, 1), {}), ("unflatten", (X, 1, (2, 2)), {}), ("unflatten", (X, 0, (-1, 1)), {}),
    ("var", (X,), {}), ("var", (X, 1), {}), ("var", (X, 0, False, True), {}),
    ("var", (X,), {"dim": 1, "correction": 0}), ("var", (X, [0, 1]), {"correction": 2}),
    ("std", (X,), {}), ("std", (X, 1, False), {}), ("std", (X,), {"dim": 0, "keepdim": True}),
    ("var_mean", (X, 1), {}), ("std_mean", (X,), {"dim": [0, 1], "keepdim": True}),
    ("var", (np.array([1.0]),), {}), ("logsumexp", (X, 1), {}),
    ("logsumexp", (np.array([[-np.inf, -np.inf], [np.inf, 1.0]]), 1), {}),
    ("outer", (X[0], X[1]), {}), ("outer", (XI[0], X[1]), {}),
    ("addmm", (X[0], X.T.copy(), X), {"beta": 0.5, "alpha": 2}),
    ("addmm", (np.full((4, 4), np.nan), X.T.copy(), X), {"beta": 0}),
    (".addmm_", (np.ones((4, 4)), X.T.copy(), X), {"alpha": -1}),
    ("baddbmm", (np.ones((3, 5)), B1, B2), {"alpha": 2}),
    ("baddbmm", (np.ones((2, 3, 5)), B1, B2), {"beta": 0.0}),
    ("einsum", ("ij,jk->ik", [X, X.T.copy()]), {}), ("einsum", ("ij,jk", X, X.T.copy()), {}),
    ("einsum", ("bij,bjk->bik", B1, B2), {}), ("einsum", ("ii->i", X[:, :3].copy()), {}),
    ("einsum", ("ii", X[:, :3].copy()), {}), ("einsum", ("ij->", X), {}),
    ("einsum", ("ij->ji", X), {}), ("einsum", ("i,j->ij", X[0], X[1]), {}),
    ("einsum", ("...ij,...jk->...ik", B1, B2), {}), ("einsum", ("bij,bjk->", B1, B2), {}),
    ("einsum", ("ij,ij->i", X, X), {}), ("einsum", ("i,i", X[0], X[1]), {}),
    ("einsum", ("a...,a->...", X, X[:, 0].copy()), {}), ("einsum", ("ij->j", XI), {}),
    ("einsum", ("ij , jk -> ki", X, X.T.copy()), {}), ("einsum", ("ij,jk", XI, XI.T.copy()), {}),
    ("einsum", ("a,b->", X[0], X[1]), {}), ("einsum", ("ab,ab,ab->", X, X, X), {}),
    ("einsum", ("bhqd,bhkd->bhqk", B1[None], B1[None]), {}), ("einsum", ("ji,ji->i", X[:1], X), {}),
    ("einsum", ("iji->j", B1[:, :2, :2].copy()), {}),
]


@pytest.mark.parametrize("name, args, kwargs", CALLS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_same_result_as_torch(name, args, kwargs):
    ours = _call(al, name, args, kwargs)
    theirs = _call(torch, name, args, kwargs)
    assert_same(ours, theirs, f"{name}{args}{kwargs}")


def test_in_place_forms_modify_self():
    x = al.tensor([4.0, 8.0])
    assert x.log2_() is x and x.tolist() == [2.0, 3.0]
    y = al.tensor([[1, 2], [3, 4]])
    assert y.tril_() is y and y.tolist() == [[1, 0], [3, 4]]


def test_sorted_results_are_named_tuples():
    values, indices = al.sort(al.tensor([3, 1, 2]))
    r = al.topk(al.tensor([3.0, 1.0, 2.0]), 2)
    assert r.values.tolist() == [3.0, 2.0] and r.indices.tolist() == [0, 2]
    assert al.sort(al.tensor([2, 1]), stable=True).indices.tolist() == [1, 0]
    assert values.tolist() == [1, 2, 3] and indices.tolist() == [1, 2, 0]


# ---- gradients, against torch's ----

GRADS = [
    ("cumsum", lambda lib, x: lib.cumsum(x, 1), X),
    ("cumprod", lambda lib, x: lib.cumprod(x, 1), X),
    ("cumprod with zeros", lambda lib, x: lib.cumprod(x, 1),
     np.array([[1.5, 0.0, 2.0, -1.0], [0.0, 3.0, 0.0, 2.0]])),
    ("sort", lambda lib, x: lib.sort(x, 0, True)[0], X),
    ("topk", lambda lib, x: lib.topk(x, 2)[0], X),
    ("var", lambda lib, x: lib.var(x, 1), X), ("std", lambda lib, x: lib.std(x), X),
    ("var_mean", lambda lib, x: lib.var_mean(x, 0)[0] * lib.var_mean(x, 0)[1], X),
    ("log10", lambda lib, x: lib.log10(x), np.abs(X) + 0.5),
    ("fmod", lambda lib, x: lib.fmod(x, x[0] + 3), X),
    ("lerp", lambda lib, x: lib.lerp(x, x * x, x[0]), X),
    ("nan_to_num", lambda lib, x: lib.nan_to_num(x / x.sum(0)), X),
    ("tril", lambda lib, x: lib.tril(x, 1), X),
    ("outer", lambda lib, x: lib.outer(x[0], x[1]), X),
    ("addmm", lambda lib, x: lib.addmm(x[0], x.t(), x, beta=0.5, alpha=2), X),
    ("einsum", lambda lib, x: lib.einsum("ij,kj->ik", x, x * x), X),
    ("einsum diagonal", lambda lib, x: lib.einsum("ii->i", x[:, :3]), X),
    ("scatter_add", lambda lib, x: lib.scatter_add(x, 0, lib.tensor(IDX[:, :3].tolist()),
                                                   x[1:, :3] * 2), X),
    ("index_add", lambda lib, x: lib.index_add(x, 1, lib.tensor([3, 0]), x[:, :2], alpha=3), X),
]


@pytest.mark.parametrize("name, fn, data", GRADS, ids=[g[0] for g in GRADS])
def test_gradient_matches_torch(name, fn, data):
    ours_x = al.tensor(data.copy(), requires_grad=True)
    theirs_x = torch.from_numpy(data.copy()).requires_grad_()
    ours, theirs = fn(al, ours_x), fn(torch, theirs_x)
    weights = _RNG.standard_normal(tuple(theirs.shape))
    ours.backward(al.tensor(weights))
    theirs.backward(torch.from_numpy(weights))
    np.testing.assert_allclose(ours_x.grad.numpy(), theirs_x.grad.numpy(), rtol=1e-7,
                               atol=1e-12)


@pytest.mark.parametrize("padding_idx, scale", [(None, False), (1, False), (None, True),
                                                 (2, True)])
def test_embedding_gradient_matches_torch(padding_idx, scale):
    indices = [[0, 1, 1], [3, 1, 2]]
    w = _RNG.standard_normal((4, 3))
    ours_w = al.tensor(w.copy(), requires_grad=True)
    theirs_w = torch.from_numpy(w.copy()).requires_grad_()
    pad = -1 if padding_idx is None else padding_idx
    out = al.embedding(ours_w, al.tensor(indices), pad, scale)
    want = torch.embedding(theirs_w, torch.tensor(indices), pad, scale)
    g = _RNG.standard_normal((2, 3, 3))
    out.backward(al.tensor(g))
    want.backward(torch.from_numpy(g))
    np.testing.assert_allclose(ours_w.grad.numpy(), theirs_w.grad.numpy(), rtol=1e-12)


# ---- errors where torch raises ----

ERRORS = [
    ("one_hot", (np.array([0, -1]),), {}, "Class values must be non-negative."),
    ("one_hot", (np.array([0, 3]), 3), {}, "Class values must be smaller than num_classes."),
    ("one_hot", (np.array([], dtype=np.int64),), {},
     "Can not infer total number of classes from empty tensor."),
    ("topk", (X, 5), {}, "topk: k=5 is out of range for dimension 1 of size 4"),
    ("outer", (X, X[0]), {}, "outer: Expected 1-D argument self, but got 2-D"),
    ("unflatten", (X, 1, (3, 2)), {},
     "unflatten: Provided sizes [3, 2] don't multiply up to the size of dim 1 (4) in the "
     "input tensor"),
    ("var", (XI,), {}, "std and var only support floating point and complex dtypes; got int64: "
     "convert first, e.g. x.double()"),
    ("einsum", ("ij,jk", X, X), {},
     "einsum(): operands do not broadcast with remapped shapes: subscript j has sizes 4 and 3"),
    ("einsum", ("ijk", X), {}, "einsum(): the number of subscripts in the equation (3) does "
     "not match the number of dimensions (2) for operand 0"),
    ("scatter", (X, 0, IDX.astype(np.float32), X), {},
     "scatter(): Expected dtype int32/int64 for index, got float32"),
    ("gather", (X, 1, np.array([[4]])), {}, "index 4 is out of bounds for dimension 1 with size 4"),
    ("index_add", (X, 0, np.array([3]), X[:1].copy()), {},
     "index 3 is out of bounds for dimension 0 with size 3"),
    ("tril", (X[0],), {}, "tril/triu: input tensor must have at least 2 dimensions, got shape [4]"),
]


@pytest.mark.parametrize("name, args, kwargs, message", ERRORS,
                         ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_raises_where_torch_raises(name, args, kwargs, message):
    with pytest.raises((RuntimeError, IndexError, ValueError)):
        _call(torch, name, args, kwargs)
    with pytest.raises((RuntimeError, IndexError, ValueError)) as error:
        _call(al, name, args, kwargs)
    assert named(str(error.value), message)


def test_integer_addmm_refuses_float_factors():
    # torch 2.13 truncates alpha=0.5 to 0 for integer tensors and returns beta * self: a silent
    # wrong answer, so aten_lite refuses the float (as its elementwise ops refuse alpha=2.5).
    x = al.tensor([[1, 2], [3, 4]])
    with pytest.raises(RuntimeError) as error:
        al.addmm(x[0], x, x, alpha=0.5)
    assert str(error.value) == ("addmm: for integral input tensors, argument alpha must not be "
                                "a floating point number (got 0.5)")
    assert al.addmm(x[0], x, x, beta=2, alpha=-1).tolist() == [[-5, -6], [-13, -18]]


def test_embedding_index_out_of_range():
    with pytest.raises(IndexError, match="index out of range"):
        torch.embedding(torch.zeros(3, 2), torch.tensor([3]))
    with pytest.raises(IndexError) as error:
        al.embedding(al.zeros(3, 2), al.tensor([3]))
    assert str(error.value) == "embedding: index 3 is out of range for weight with 3 rows"


def test_one_hot_on_meta_needs_num_classes():
    x = al.tensor([0, 2]).to("meta")
    assert al.one_hot(x, 4).shape == (2, 4)
    with pytest.raises(RuntimeError, match="pass num_classes"):
        al.one_hot(x)


def _in_order(names, among) -> bool:
    rest = iter(among)
    return all(n in rest for n in names)  # each found after the previous one


# Overloads whose arguments are those of torch's Python binding, which aten has no overload
# for: the names are still torch's, as users pass them.
_PYTHON_BINDING_ONLY = {"nonzero.as_tuple": "torch.nonzero(input, *, as_tuple=False)"}


def test_yaml_argument_names_are_torchs():
    # Keywords users pass (other=, dim=, keepdim=, mat2=, exponent=...) are torch's names: the
    # arguments of each op are those of a torch overload of the same name, in its order
    # (torch's may have more keyword options: memory_format, layout, pin_memory).
    mismatched = []
    for name, h in sorted(al._dispatch.handles().items()):
        packet = getattr(torch.ops.aten, h.base, None)
        if name.startswith("_") or packet is None or name in _PYTHON_BINDING_ONLY:
            continue
        ours = [a.name for a in h.args]
        theirs = [[a.name for a in getattr(packet, o)._schema.arguments]
                  for o in packet.overloads()]
        if not any(_in_order(ours, t) for t in theirs):
            mismatched.append(f"{name}{tuple(ours)}")
    assert not mismatched, mismatched
