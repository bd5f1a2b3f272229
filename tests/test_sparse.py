"""The sparse COO layout: the op table's sparse column against the dense results, the
constructor's checks, the accessors, autograd (gradcheck through the values), in-place ops,
meta sparse tensors and the messages of what is not supported.

Sparse inputs of the sparse column come in three forms, each compared with the op on the
equivalent dense arrays: coalesced; uncoalesced with every entry split into two duplicates,
listed in reverse order, plus an explicitly stored zero; and empty (nnz = 0, all zeros).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from op_table import CASES, DEVICE, FLOATING, case_id, result_dtype

ROOT = Path(__file__).resolve().parents[1]
FORMS = ("coalesced", "duplicates", "empty")


# ---- building sparse inputs ----


def _halves(v: np.ndarray):
    """(a, b) with a + b == v exactly, in v's dtype. For bool, b is False: True stored twice
    is True once coalesced but counts twice in torch's sum (tests/test_sparse_duplicates.py)."""
    if v.dtype == bool:
        return v, np.zeros_like(v)
    a = v * np.asarray(0.5, v.dtype) if v.dtype.kind == "f" else v // 2
    return a, (v - a).astype(v.dtype)


def sparse_of(a: np.ndarray, form: str) -> al.Tensor:
    """``a`` as a sparse tensor in one of FORMS (for "empty", ``a`` must be all zeros)."""
    if a.ndim == 0:
        vals = a.reshape(1)[: int(a != 0)]
        idx = np.zeros((0, vals.shape[0]), np.int64)
    else:
        idx = np.array(np.nonzero(a), dtype=np.int64)
        vals = a[tuple(idx)]
    if form == "duplicates":
        first, second = _halves(vals)
        idx = np.concatenate([idx, idx], axis=1)[:, ::-1]
        vals = np.concatenate([first, second])[::-1]
        zeros = np.argwhere(a == 0).T  # a stored zero must not count as an entry of the result
        if zeros.shape[1]:
            idx = np.concatenate([idx, zeros[:, :1]], axis=1)
            vals = np.concatenate([vals, np.zeros(1, a.dtype)])
    s = al.sparse_coo_tensor(al.from_numpy(np.ascontiguousarray(idx)),
                             al.from_numpy(np.ascontiguousarray(vals)), a.shape,
                             is_coalesced=form != "duplicates")
    assert s.is_coalesced() == (form != "duplicates" or s._nnz() <= 1)
    return s


def _array_args(sample):
    return [a for a in sample.args if isinstance(a, np.ndarray)]


def _runs(case, sample, positions) -> bool:
    """Whether the variant making ``positions`` sparse applies to this sample: a sparse
    operand does not broadcast, add/sub of a sparse tensor and a number is refused (it would
    fill the zeros), and the matrix products take a 2-D sparse matrix on the left."""
    args = sample.args
    if not all(isinstance(args[p], np.ndarray) for p in positions):
        return False
    h = next(h for h in al._dispatch.handles().values() if h.base == case.name)
    if h.elementwise:
        if case.name in ("add", "sub") and not all(isinstance(a, np.ndarray) for a in args):
            return False
        if case.name in ("div", "pow"):  # by a number only (tests/test_parity_sparse.py)
            return positions == (0,) and not isinstance(args[1], np.ndarray) and args[1] != 0
        shape = np.broadcast_shapes(*(a.shape for a in _array_args(sample)))
        return all(args[p].shape == shape for p in positions)
    if case.name in ("mm", "matmul"):
        return positions == (0,) and args[0].ndim == 2 and args[1].ndim in (1, 2)
    return True


# When the result is sparse: "any" sparse operand, "all" operands sparse, "never", or
# "partial": when some dims are left (torch.sparse.sum over all dims gives a strided 0-dim).
_SPARSE_RESULT = {"add": "all", "sub": "all", "sum": "partial", "mm": "never",
                  "_sparse_mm": "never", "matmul": "never", "to_dense": "never",
                  "_sparse_values_at": "never", "any": "never", "all": "never"}


def _expect_sparse(case, positions, sample, want) -> bool:
    rule = _SPARSE_RESULT.get(case.name, "any")
    if rule == "all":
        return len(positions) == len(_array_args(sample))
    if rule == "partial":
        return want.ndim > 0
    return rule == "any"


def _variants():
    for case in CASES:
        for positions in case.sparse:
            for dtype in case.dtypes:
                which = "".join(map(str, positions))
                yield pytest.param(case, positions, dtype, id=f"{case_id(case, dtype)}-sparse{which}")


def _convert(x, device: str):
    if isinstance(x, np.ndarray):
        t = al.from_numpy(x)
        return t if device == "cpu" else t.to("meta")
    return device if x is DEVICE else x


def _call(case, sample, positions, form, device="cpu"):
    """(result, the dense arrays it stands for)."""
    arrays = [np.zeros_like(a) if form == "empty" and i in positions else a
              for i, a in enumerate(sample.args)]
    args = []
    for i, a in enumerate(arrays):
        if i in positions:
            s = sparse_of(a, form)
            args.append(s if device == "cpu" else s.to("meta"))
        else:
            args.append(_convert(a, device))
    kwargs = {k: _convert(v, device) for k, v in sample.kwargs.items()}
    return case.fn(*args, **kwargs), arrays


def _tolerance(case, dtype: str) -> float:
    base = {"float16": 2e-3, "float32": 2e-5, "float64": 1e-10}.get(dtype, 0.0)
    return max(base, case.tol or 0.0) if dtype == "float16" else base


@pytest.mark.parametrize("case,positions,dtype", list(_variants()))
def test_sparse_column_matches_the_dense_result(case, positions, dtype):
    for sample in case.samples(dtype):
        if not _runs(case, sample, positions):
            continue
        for form in FORMS:
            note = f"al.{case.name} {dtype} ({sample.note}, {form})"
            got, arrays = _call(case, sample, positions, form)
            want = np.asarray(case.ref(*arrays, **sample.kwargs))
            assert got.is_sparse == _expect_sparse(case, positions, sample, want), note
            dense = got.to_dense() if got.is_sparse else got
            expected = sample.result or result_dtype(case.result, dtype)
            assert (dense.dtype.name, tuple(dense.shape)) == (expected, want.shape), note
            if np.dtype(expected).kind == "f":
                tol = _tolerance(case, expected if dtype in FLOATING else "float32")
                np.testing.assert_allclose(dense.numpy().astype(np.float64),
                                           want.astype(np.float64), rtol=tol, atol=tol,
                                           err_msg=note)
            else:
                np.testing.assert_array_equal(dense.numpy(), want.astype(expected), err_msg=note)
            meta, _ = _call(case, sample, positions, form, "meta")
            assert (meta.is_meta, meta.is_sparse, meta.dtype, tuple(meta.shape)) == (
                True, got.is_sparse, got.dtype, tuple(got.shape)), note


def test_every_op_with_a_sparse_kernel_has_a_sparse_column():
    """A SparseCPU kernel in the YAML (named, or keeps_zero) without a sparse row fails here."""
    with_kernel = set()
    for h in al._dispatch.handles().values():
        if h.kind == "functional" and h.stacks.get("SparseCPU") and not h.name.startswith("_"):
            with_kernel.add(h.base)
    accessors = {"coalesce", "is_coalesced", "indices", "values", "sparse_mask",
                 "sparse_sampled_mm"}  # tested one by one below
    covered = {c.name for c in CASES if c.sparse}
    assert sorted(with_kernel - covered - accessors) == []


# ---- construction ----


def _idx(rows):
    return al.tensor(rows, dtype=al.int64)


def test_constructor_infers_the_size_and_keeps_duplicates():
    s = al.sparse_coo_tensor(_idx([[0, 2, 0], [1, 0, 1]]), al.tensor([1.0, 2.0, 3.0]))
    assert (tuple(s.shape), s.layout, s._nnz(), s.is_coalesced()) == ((3, 2), al.sparse_coo, 3,
                                                                     False)
    assert s.to_dense().tolist() == [[0.0, 4.0], [0.0, 0.0], [2.0, 0.0]]
    assert s.is_sparse and s.sparse_dim() == 2 and s.dense_dim() == 0
    s64 = al.sparse_coo_tensor(_idx([[1]]), al.tensor([7]), (3,), dtype=al.float64)
    assert s64.dtype == al.float64 and s64.to_dense().tolist() == [0.0, 7.0, 0.0]
    # No index rows: a 0-dim tensor (its values add up), as torch infers it.
    s0 = al.sparse_coo_tensor(al.zeros(0, 2, dtype=al.int64), al.tensor([5.0, 2.0]))
    assert (tuple(s0.shape), s0._nnz(), s0.to_dense().item()) == ((), 2, 7.0)
    e = al.sparse_coo_tensor(al.zeros(2, 0, dtype=al.int64), al.ones(0))
    assert (tuple(e.shape), e._nnz(), e.is_coalesced()) == ((0, 0), 0, True)


BAD_CONSTRUCTIONS = [
    (lambda: al.sparse_coo_tensor(al.tensor([[0, 1]], dtype=al.int32), al.ones(2), (2,)),
     TypeError, "al.sparse_coo_tensor: indices must be an int64 tensor, got int32; convert "
                "them with indices.long()"),
    (lambda: al.sparse_coo_tensor(_idx([0, 1]), al.ones(2), (2,)),
     ValueError, "al.sparse_coo_tensor: indices must be 2-D (ndim, nnz), got shape (2,)"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1]]), al.ones(3), (2,)),
     ValueError, "al.sparse_coo_tensor: values has 3 elements but indices has 2 columns; give "
                 "one value per column"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1]]), al.ones(2, 4), (2,)),
     ValueError, "al.sparse_coo_tensor: values must be 1-D, one value per column of indices, "
                 "got shape (2, 4); dense dimensions inside values (hybrid sparse tensors) are "
                 "not supported"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1]]), al.ones(2), (2, 2)),
     ValueError, "al.sparse_coo_tensor: size (2, 2) has 2 dimensions but indices has 1 rows; "
                 "give one size per row of indices"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1]]), al.ones(2), (-2,)),
     ValueError, "al.sparse_coo_tensor: size (-2,) has a negative dimension"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1], [3, 4]]), al.ones(2), (2, 4)),
     IndexError, "al.sparse_coo_tensor: indices[1, 1] = 4 is out of bounds for dimension 1 of "
                 "size 4"),
    (lambda: al.sparse_coo_tensor(_idx([[0, -1]]), al.ones(2)),
     IndexError, "al.sparse_coo_tensor: indices[0, 1] = -1 is negative"),
    (lambda: al.sparse_coo_tensor(_idx([[1, 0]]), al.ones(2), (2,), is_coalesced=True),
     ValueError, "al.sparse_coo_tensor: is_coalesced=True, but the indices are not sorted "
                 "without duplicates; leave is_coalesced out, or call .coalesce() on the result"),
    (lambda: al.sparse_coo_tensor(_idx([[0]]).to("meta"), al.ones(1, device="meta")),
     ValueError, "al.sparse_coo_tensor: meta indices have no values to infer the size from; "
                 "pass size"),
    (lambda: al.sparse_coo_tensor(_idx([[0]]), al.ones(1, device="meta"), (1,)),
     RuntimeError, "al.sparse_coo_tensor: expected all tensors on one device, got cpu "
                   "(argument 'indices') and meta "
                   "(argument 'values')"),
    (lambda: al.sparse_coo_tensor(_idx([[0, 1]] * 3), al.ones(2), (2**21,) * 3),
     ValueError, "al.sparse_coo_tensor: size (2097152, 2097152, 2097152) has more than "
                 "2**63 - 1 elements, so positions do not fit in int64"),
]


@pytest.mark.parametrize("make,error,message", BAD_CONSTRUCTIONS)
def test_constructor_refuses_bad_components(make, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        make()


def test_repr_shows_the_components():
    s = al.sparse_coo_tensor(_idx([[0, 1], [2, 0]]), al.tensor([3.0, 4.0]), (2, 3))
    assert repr(s) == (
        "tensor(indices=tensor([[0, 1],\n"
        "                       [2, 0]]),\n"
        "       values=tensor([3., 4.]),\n"
        "       size=(2, 3), nnz=2, layout=aten_lite.sparse_coo)")
    assert repr(s.to("meta")) == (
        "tensor(indices=tensor(..., device='meta', size=(2, 2), dtype=aten_lite.int64),\n"
        "       values=tensor(..., device='meta', size=(2,)),\n"
        "       size=(2, 3), nnz=2, device='meta', layout=aten_lite.sparse_coo)")


# ---- coalesce and the accessors ----


def test_coalesce_sorts_and_sums_duplicates_in_cpp():
    s = al.sparse_coo_tensor(_idx([[1, 0, 1, 0], [0, 2, 0, 1]]), al.tensor([1, 2, 3, 4]), (2, 3))
    with al.trace_dispatch() as trace:
        c = s.coalesce()
    assert [r.kernel for r in trace] == ["sparse.coalesce"]
    assert c.is_coalesced() and c.indices().tolist() == [[0, 0, 1], [1, 2, 0]]
    assert c.values().tolist() == [4, 2, 4] and c._nnz() == 3
    assert c.coalesce() is c
    # The same entries shuffled (beyond the size where the radix sort takes over) coalesce
    # to the same tensor.
    rng = np.random.default_rng(0)
    keys = rng.integers(0, 300 * 400, 5000)
    idx = np.stack([keys // 400, keys % 400])
    vals = rng.standard_normal(5000)
    big = al.sparse_coo_tensor(al.from_numpy(idx), al.from_numpy(vals), (300, 400)).coalesce()
    want = np.zeros(300 * 400)
    np.add.at(want, keys, vals)
    nz = np.unique(keys)
    assert big.indices().tolist() == [list(nz // 400), list(nz % 400)]
    np.testing.assert_allclose(big.values().numpy(), want[nz], rtol=1e-12)


def test_indices_and_values_need_a_coalesced_tensor():
    s = al.sparse_coo_tensor(_idx([[1, 0]]), al.tensor([1.0, 2.0]), (2,))
    with pytest.raises(RuntimeError, match=re.escape(
            "al.values: the sparse tensor is not coalesced (its entries may be unsorted or "
            "repeated); call .coalesce() first, or ._values() for the stored values")):
        s.values()
    with pytest.raises(RuntimeError, match=re.escape("._indices() for the stored indices")):
        s.indices()
    assert s._indices().tolist() == [[1, 0]] and s._values().tolist() == [1.0, 2.0]


def test_values_is_a_view_that_bumps_the_tensor_version():
    s = al.ones(3).to_sparse()
    v = s.values()
    before = s._version
    v.mul_(2)
    assert s._version == before + 1 and s.to_dense().tolist() == [2.0, 2.0, 2.0]


def test_what_a_sparse_tensor_does_not_have():
    s = al.ones(2).to_sparse()
    for fn, message in [
            (s.numpy, "Tensor.numpy(): a sparse tensor has no strided data; call .to_dense() "
                      "first"),
            (s.stride, "sparse tensors do not have strides"),
            (s.is_contiguous, "is_contiguous is not defined for sparse tensors; call "
                              ".to_dense() first")]:
        with pytest.raises(RuntimeError, match=f"^{re.escape(message)}$"):
            fn()


# ---- ops without a sparse kernel, and what a kernel refuses ----


@pytest.mark.parametrize("call,message", [
    (lambda s: al.exp(s), "al.exp: no kernel for layout 'sparse_coo'; registered: CPU, Meta; "
                          "exp(0) != 0, call .to_dense() first"),
    (lambda s: s.fmod_(s), "al.fmod_: no kernel for layout 'sparse_coo'; registered: CPU, "
                           "Meta; call .to_dense() first"),
    (lambda s: al.amax(s), "al.amax: no kernel for layout 'sparse_coo'; registered: CPU, Meta; "
                           "call .to_dense() first"),
    (lambda s: al.fmod(s, s), "al.fmod: no kernel for layout 'sparse_coo'; registered: CPU, "
                              "Meta; call .to_dense() first"),
])
def test_a_missing_sparse_kernel_suggests_to_dense(call, message):
    with pytest.raises(NotImplementedError, match=f"^{re.escape(message)}$"):
        call(al.ones(2).to_sparse())


def test_keeps_zero_belongs_on_an_elementwise_op_of_one_tensor(tmp_path):
    """Elsewhere the key would give no sparse kernel, silently; the loader says so."""
    from test_yaml_errors import ADD, errors

    native = ADD + "  keeps_zero: true\n- func: f(Tensor self) -> Tensor\n" \
        "  dispatch: {CPU: f_cpu}\n  keeps_zero: true\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: add.Tensor: 'keeps_zero: true' gives an 'elementwise:' op of "
        "one tensor a sparse kernel for free, and this op takes 2 tensors (self, other); "
        "remove it, or name its sparse kernel under 'dispatch: SparseCPU:'",
        "native_functions.yaml:8: f: 'keeps_zero: true' gives an 'elementwise:' op a sparse "
        "kernel for free, and this op has no 'elementwise:'; remove it, or name its sparse "
        "kernel under 'dispatch: SparseCPU:'"]


@pytest.mark.parametrize("call,error,message", [
    (lambda s, d: s + 1, RuntimeError,
     "al.add: add of a sparse tensor and a number would change its zeros; call .to_dense() "
     "first"),
    (lambda s, d: s + al.ones(3, 2), RuntimeError,
     "al.add: the strided operand of shape (3, 2) must broadcast to the sparse operand's "
     "shape (2, 3)"),
    (lambda s, d: s * s.t(), RuntimeError,
     "al.mul: sparse operands must have the same shape, got (2, 3) and (3, 2)"),
    (lambda s, d: al.mm(d.t(), s), RuntimeError,
     "al.mm: strided @ sparse is not supported; the sparse operand goes first and the second "
     "must be strided (call .to_dense() on it, or use (b.t() @ a.t()).t())"),
    (lambda s, d: al.matmul(s, al.ones(2, 3, 4)), RuntimeError,
     "al.matmul: a sparse operand must be a 2-D matrix on the left of a strided 1-D or 2-D "
     "one; got sparse (2, 3) @ strided (2, 3, 4)"),
    (lambda s, d: d.add_(s.t()), RuntimeError,
     "al.add: the strided operand of shape (2, 3) must broadcast to the sparse operand's "
     "shape (3, 2)"),
    (lambda s, d: s.add_(d), RuntimeError,
     "al.add_: the result is strided and cannot be written into sparse self; assign the "
     "result of al.add(...) instead"),
])
def test_sparse_kernels_refuse_with_a_reason(call, error, message):
    s = al.sparse_coo_tensor(_idx([[0, 1], [2, 0]]), al.tensor([3.0, 4.0]), (2, 3))
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        call(s, al.ones(2, 3))


def test_mm_and_matmul_sparse_times_dense():
    s = al.sparse_coo_tensor(_idx([[0, 1, 1], [2, 0, 2]]), al.tensor([3.0, 4.0, 5.0]), (2, 3))
    d = al.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    want = s.to_dense().numpy() @ d.numpy()
    assert (al.mm(s, d).numpy() == want).all() and (s @ d).tolist() == want.tolist()
    assert al.matmul(s, al.tensor([1.0, 0.0, 1.0])).tolist() == [3.0, 9.0]
    # A strided (transposed) dense operand and an unsorted sparse one.
    dt = al.from_numpy(np.ascontiguousarray(d.numpy().T)).t()
    assert (al.mm(s.t().t(), dt).numpy() == want).all()


# ---- in place ----


def test_in_place_ops_on_sparse_tensors():
    s = al.sparse_coo_tensor(_idx([[1, 0, 1]]), al.tensor([-1.0, 2.0, 3.0]), (3,))
    before = s._version
    s.relu_()  # coalesces first: relu(-1 + 3), not relu(-1) + relu(3)
    assert s.is_coalesced() and s.to_dense().tolist() == [2.0, 2.0, 0.0]
    s.add_(al.tensor([0.0, 0.0, 5.0]).to_sparse(), alpha=2)
    assert s.to_dense().tolist() == [2.0, 2.0, 10.0] and s._nnz() == 3
    s.mul_(al.tensor([1.0, 0.0, 2.0]).to_sparse())
    assert s.to_dense().tolist() == [2.0, 0.0, 20.0] and s._nnz() == 2
    assert s._version == before + 3
    d = al.ones(3)
    d.add_(s)
    assert d.tolist() == [3.0, 1.0, 21.0]
    out = al.ones(1).to_sparse()
    al.neg(s, out=out)
    assert out.is_sparse and out.to_dense().tolist() == [-2.0, 0.0, -20.0]


# ---- autograd ----


def _pattern():
    return _idx([[0, 1, 1, 0, 2], [2, 0, 2, 2, 1]])


def test_gradcheck_through_the_values():
    i = _pattern()
    v = al.tensor([3.0, 4.0, 5.0, 1.0, -2.0], dtype=al.float64, requires_grad=True)
    d = al.randn(3, 4, dtype=al.float64, requires_grad=True)
    gc = al.autograd.gradcheck
    assert gc(lambda v: al.sparse_coo_tensor(i, v, (3, 3)).to_dense(), (v,))
    assert gc(lambda v, d: al.mm(al.sparse_coo_tensor(i, v, (3, 3)), d), (v, d))
    assert gc(lambda v, d: al.sparse.mm(al.sparse_coo_tensor(i, v, (3, 3)), d), (v, d))
    assert gc(lambda v, d: al.sparse_coo_tensor(i, v, (3, 3)) @ d[:, 0], (v, d))
    assert gc(lambda v: al.sparse_coo_tensor(i, v, (3, 3)).coalesce().values(), (v,))
    assert gc(lambda v: al.sparse_coo_tensor(i, v, (3, 3)).t().relu() * 2, (v,))
    assert gc(lambda d: d[:, :3].sparse_mask(al.sparse_coo_tensor(i, al.ones(5), (3, 3))), (d,))
    assert gc(lambda v: (al.sparse_coo_tensor(i, v, (3, 3)) * al.arange(9.0).reshape(3, 3)
                         .double()).sum(), (v,))


def test_every_sparse_only_differentiable_op_is_gradchecked_here():
    from test_gradcheck_ops import sparse_only_ops
    from tools.codegen.load import load

    spec = load(ROOT / "native_functions.yaml", ROOT / "derivatives.yaml", runtime_root=ROOT)
    with_formula = {str(d.func.name) for d in spec.derivatives if d.formulas}
    # coalesce, values and sparse_mask appear in test_gradcheck_through_the_values.
    assert sorted(sparse_only_ops(spec) & with_formula) == ["coalesce", "sparse_mask", "values"]


def _op(name: str):
    """The op's function: al's, or for a private op (`_gelu_tanh`) the generated module's."""
    from aten_lite._generated import ops

    return getattr(al, name) if hasattr(al, name) else getattr(ops, name)


def _keeps_zero_ops_with_formula() -> list[str]:
    """Every one-tensor keeps_zero op whose derivatives.yaml entry has a formula."""
    from aten_lite.autograd.kernel import _RECORDERS

    return [n for n, h in al._dispatch.handles().items()
            if h.keeps_zero and h.kind == "functional" and n in _RECORDERS]


# Mixed signs, none near a jump of floor/round, an explicit duplicate (0, 2): 0.3 + 0.15.
_KZ_VALUES = [0.3, -0.7, 1.2, 0.15, -0.4]
# torch 2.x differentiates these keeps_zero ops on a sparse input; the others raise there.
_KZ_IN_TORCH = {"neg", "abs", "sign", "relu", "log1p", "floor", "ceil", "round", "trunc"}


def _f64(x) -> al.Tensor:
    """Exact float64 numbers (from NumPy), so torch sees the very same inputs."""
    return al.from_numpy(np.array(x, dtype=np.float64))


def _kz_values(name: str) -> list[float]:
    """_KZ_VALUES, made positive for an op undefined on negatives (sqrt)."""
    if np.isnan(_op(name)(_f64(_KZ_VALUES)).numpy()).any():
        return [abs(x) for x in _KZ_VALUES]
    return _KZ_VALUES


def test_the_keeps_zero_table_is_not_empty():
    assert {"tanh", "expm1", "log1p", "sqrt", "sin", "relu"} <= set(_keeps_zero_ops_with_formula())


@pytest.mark.parametrize("name", _keeps_zero_ops_with_formula())
def test_gradcheck_keeps_zero_ops_on_a_sparse_input(name):
    """Through the values of the coalesced input (Note [Sparse input to a keeps_zero op]),
    with the duplicate entry of _pattern(), so the dense formula applies."""
    i = _pattern()
    v = _f64(_kz_values(name)).requires_grad_()
    f = _op(name)
    assert al.autograd.gradcheck(lambda v: f(al.sparse_coo_tensor(i, v, (3, 3))).to_dense(), (v,))
    assert al.autograd.gradgradcheck(
        lambda v: f(al.sparse_coo_tensor(i, v, (3, 3))).to_dense(), (v,))


@pytest.mark.parametrize("name", _keeps_zero_ops_with_formula())
def test_keeps_zero_ops_give_a_sparse_leaf_a_gradient_with_its_pattern(name):
    vals = _kz_values(name)
    s = al.sparse_coo_tensor(_pattern(), _f64(vals), (3, 3))
    s.requires_grad_()  # an uncoalesced leaf: (0, 2) is stored twice
    out = _op(name)(s)
    assert out.is_sparse and out.requires_grad
    g = _f64([[1.0, 2.0, -1.0], [0.5, 3.0, 1.5], [-2.0, 1.0, 4.0]])
    (out * g).sum().backward()
    assert s.grad.is_sparse and s.grad.is_coalesced()
    assert s.grad.indices().tolist() == s.detach().coalesce().indices().tolist()
    # The dense derivative at the coalesced values, by finite differences of the dense op.
    c = s.detach().coalesce()
    x, eps = c.values().numpy(), 1e-6
    f = _op(name)
    def df(t):
        return f(_f64(t)).numpy()
    slope = (df(x + eps) - df(x - eps)) / (2 * eps)
    idx = tuple(c.indices().numpy())
    expected = np.zeros((3, 3))
    expected[idx] = slope * g.numpy()[idx]
    np.testing.assert_allclose(s.grad.to_dense().numpy(), expected, rtol=1e-6, atol=1e-8)


@pytest.mark.filterwarnings("ignore:Sparse invariant checks")
@pytest.mark.filterwarnings("ignore:log1p_backward")  # torch warns it makes a dense tensor
@pytest.mark.parametrize("name", _keeps_zero_ops_with_formula())
def test_keeps_zero_sparse_gradients_match_torch(name):
    torch = pytest.importorskip("torch")
    if name not in _KZ_IN_TORCH:
        pytest.skip(f"torch {torch.__version__} has no sparse backward for {name}")
    vals = _kz_values(name)
    s = al.sparse_coo_tensor(_pattern(), _f64(vals), (3, 3))
    s.requires_grad_()
    ts = torch.sparse_coo_tensor(torch.tensor(_pattern().tolist()),
                                 torch.tensor(vals, dtype=torch.float64), (3, 3))
    ts.requires_grad_()
    g = [[1.0, 2.0, -1.0], [0.5, 3.0, 1.5], [-2.0, 1.0, 4.0]]
    (_op(name)(s).to_dense() * _f64(g)).sum().backward()
    (getattr(torch, name)(ts).to_dense() * torch.tensor(g, dtype=torch.float64)).sum().backward()
    assert ts.grad.is_sparse and s.grad.is_sparse
    np.testing.assert_allclose(s.grad.to_dense().numpy(), ts.grad.to_dense().numpy(),
                               rtol=1e-12, atol=1e-12)


def test_sparse_mm_gives_a_sparse_leaf_a_gradient_with_its_pattern():
    s = al.sparse_coo_tensor(_pattern(), al.tensor([3.0, 4.0, 5.0, 1.0, -2.0]), (3, 3))
    s.requires_grad_()
    d = al.randn(3, 4)
    g = al.randn(3, 4)
    al.sparse.mm(s, d).backward(g)
    assert s.grad.is_sparse and s.grad.is_coalesced()
    full = g.numpy() @ d.numpy().T  # the dense gradient, read at the pattern only
    mask = s.detach().to_dense().numpy() != 0
    np.testing.assert_allclose(s.grad.to_dense().numpy(), np.where(mask, full, 0), rtol=1e-5)
    assert s.grad.indices().tolist() == s.detach().coalesce().indices().tolist()
    al.sparse.mm(s, d).backward(g)  # a second backward accumulates, sparse + sparse
    np.testing.assert_allclose(s.grad.to_dense().numpy(), 2 * np.where(mask, full, 0),
                               rtol=1e-5)
    assert d.grad is None


@pytest.mark.parametrize("product", [al.mm, al.matmul, lambda s, d: s @ d,
                                     lambda s, d: s.mm(d)], ids=["mm", "matmul", "@", ".mm"])
def test_mm_gives_a_sparse_leaf_a_strided_gradient_everywhere(product):
    s = al.sparse_coo_tensor(_pattern(), al.tensor([3.0, 4.0, 5.0, 1.0, -2.0]), (3, 3))
    s.requires_grad_()
    d = al.randn(3, 4)
    g = al.randn(3, 4)
    product(s, d).backward(g)
    assert not s.grad.is_sparse and s.grad.shape == (3, 3)
    np.testing.assert_allclose(s.grad.numpy(), g.numpy() @ d.numpy().T, rtol=1e-5)


def test_dense_operand_gets_a_dense_gradient():
    s = al.sparse_coo_tensor(_pattern(), al.tensor([3.0, 4.0, 5.0, 1.0, -2.0]), (3, 3))
    d = al.randn(3, 4, requires_grad=True)
    (s @ d).sum().backward()
    assert not d.grad.is_sparse
    np.testing.assert_allclose(d.grad.numpy(), s.to_dense().numpy().T @ np.ones((3, 4)),
                               rtol=1e-6)


# ---- meta ----


def test_meta_sparse_tensors_run_every_kernel_without_data():
    i = _idx([[0, 1, 1], [2, 0, 2]]).to("meta")
    s = al.sparse_coo_tensor(i, al.ones(3, device="meta"), (2, 3))
    assert (s.is_meta, s.is_sparse, s._nnz()) == (True, True, 3)
    d = al.ones(3, 5, device="meta")
    assert (al.mm(s, d).shape, al.mm(s, d).is_meta) == ((2, 5), True)
    assert s.coalesce()._nnz() == 3  # an upper bound: what duplicates there are is unknown
    assert (s + s)._nnz() == 6 and (s * s)._nnz() == 3 and s.sum(1).shape == (2,)
    assert al.ones(2, 3, device="meta").to_sparse()._nnz() == 0
    with pytest.raises(RuntimeError, match="expected all tensors on one device"):
        al.mm(s, al.ones(3, 5))


def test_dense_gradient_accumulates_into_a_sparse_grad():
    i = al.tensor([[0, 1, 1], [2, 0, 2]])
    v = al.tensor([3.0, 4.0, 5.0], dtype=al.float64)
    s = al.sparse_coo_tensor(i, v, (2, 3)).coalesce().requires_grad_()
    d = al.ones(3, 2, dtype=al.float64)
    al.sparse.mm(s, d).sum().backward()  # a sparse .grad with s's pattern
    assert s.grad.layout == al.sparse_coo
    g = al.ones(2, 3, dtype=al.float64)
    (s * g).sum().backward()  # then a dense one (mul with a strided operand): the sum replaces it
    expected = np.ones((2, 3))
    expected[[0, 1, 1], [2, 0, 2]] += 2.0  # the row sums of d, on s's pattern
    np.testing.assert_array_equal(s.grad.to_dense().numpy(), expected)


def test_gradcheck_explains_a_sparse_input():
    s = al.sparse_coo_tensor(al.tensor([[0]]), al.tensor([1.0], dtype=al.float64), (2,))
    s.requires_grad_()
    with pytest.raises(ValueError) as e:
        al.autograd.gradcheck(lambda t: t.to_dense(), (s,))
    assert str(e.value) == ("gradcheck: input 0 is a sparse tensor; pass its values and build "
                            "the sparse tensor inside fn")
