"""Sparse COO tensors that store one position several times (uncoalesced) give torch's answers
for sum (values, layout, dtype) and for masks; torch is the oracle."""

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

INDICES = [[0, 0, 1, 1, 0], [1, 1, 0, 2, 1]]  # (0, 1) three times
VALUES = {
    "bool": [True, True, False, True, True],
    "uint8": [200, 100, 3, 4, 1],
    "int8": [100, 100, -3, 4, 1],
    "int64": [1, 2, 3, 4, 5],
    "float32": [1.0, -1.0, 2.0, 3.0, 0.5],
    "float64": [1.0, 2.5, 2.0, 3.0, -0.5],
}


def _sparse(lib, dtype):
    values = lib.tensor(VALUES[dtype]).to(getattr(lib, dtype))
    return lib.sparse_coo_tensor(lib.tensor(INDICES), values, (2, 3))


def _seen(t):
    """(layout, dtype name, dense values, coalesced or None) of a result of either library."""
    dtype = str(t.dtype).split(".")[-1]
    if t.is_sparse:
        return "sparse", dtype, t.to_dense().tolist(), t.is_coalesced()
    return "strided", dtype, t.tolist(), None


@pytest.mark.parametrize("dtype", list(VALUES))
@pytest.mark.parametrize("args", [{}, {"dim": 0}, {"dim": 1}, {"dim": (0, 1)}, {"dim": -1},
                                  {"dim": 0, "keepdim": True}, {"dim": 1, "dtype": "float64"}],
                         ids=repr)
def test_sum_of_duplicates_follows_torch(dtype, args):
    def run(lib):
        kw = dict(args)
        if "dtype" in kw:
            kw["dtype"] = getattr(lib, kw["dtype"])
        s = _sparse(lib, dtype)
        return _seen(lib.sum(s, **kw) if kw else s.sum())

    assert run(al) == run(torch)


@pytest.mark.parametrize("args", [{}, {"dim": 0}, {"dim": 1, "keepdim": True}], ids=repr)
def test_sum_of_meta_sparse_has_the_cpu_layout_dtype_and_shape(args):
    cpu = _sparse(al, "uint8").sum(**args)
    meta = _sparse(al, "uint8").to("meta").sum(**args)
    assert (meta.is_sparse, meta.dtype, meta.shape) == (cpu.is_sparse, cpu.dtype, cpu.shape)


@pytest.mark.parametrize("mask_dtype", ["bool", "float32"])
def test_sparse_mask_keeps_the_masks_duplicates_as_torch_does(mask_dtype):
    def run(lib):
        dense = lib.arange(6.0).reshape(2, 3) + 1
        return _seen(dense.sparse_mask(_sparse(lib, mask_dtype)))

    assert run(al) == run(torch)
    coalesced = _sparse(al, mask_dtype).coalesce()
    assert al.ones(2, 3).sparse_mask(coalesced).is_coalesced()


def test_gradient_of_an_uncoalesced_input_follows_torch():
    def grads(lib):
        v = lib.tensor(VALUES["float64"], dtype=lib.float64, requires_grad=True)
        s = lib.sparse_coo_tensor(lib.tensor(INDICES), v, (2, 3))
        w = lib.arange(6.0, dtype=lib.float64).reshape(2, 3)
        (s.to_dense() * w).sum().backward()
        return v.grad.tolist()

    np.testing.assert_allclose(grads(al), grads(torch))


@pytest.mark.parametrize("name, call", [
    ("bool to float", lambda lib, s: s("bool").to(lib.float32)),
    ("bool .float()", lambda lib, s: s("bool").float()),
    ("uint8 to int64", lambda lib, s: s("uint8").to(lib.int64)),
    ("int8 to float", lambda lib, s: s("int8").to(lib.float32)),
    ("bool * 2", lambda lib, s: s("bool") * 2),
    ("bool * float sparse", lambda lib, s: s("bool") * s("float32")),
    ("bool * dense float", lambda lib, s: s("bool") * lib.ones(2, 3)),
    ("dense float + int8", lambda lib, s: lib.ones(2, 3) + s("int8")),
    ("bool * bool", lambda lib, s: s("bool") * s("bool")),
    ("uint8 * uint8", lambda lib, s: s("uint8") * s("uint8")),
], ids=lambda x: x if isinstance(x, str) else "")
def test_casts_and_promotion_keep_duplicates_as_torch_does(name, call):
    # Note [Casting duplicates]: each stored value is cast, so True stored three times is 3.0.
    def run(lib):
        return _seen(call(lib, lambda dtype: _sparse(lib, dtype)))[:3]

    assert run(al) == run(torch)


@pytest.mark.parametrize("dim", [0, 1, None])
def test_gradient_through_a_sparse_sum_follows_torch(dim):
    def grads(lib):
        v = lib.tensor(VALUES["float64"], dtype=lib.float64, requires_grad=True)
        s = lib.sparse_coo_tensor(lib.tensor(INDICES), v, (2, 3))
        # torch differentiates a sparse sum over some dims only through torch.sparse.sum
        r = s.sum() if dim is None else (lib.sparse.sum if lib is torch else lib.sum)(s, dim)
        r = r.to_dense() if r.is_sparse else r
        (r * (lib.arange(r.numel(), dtype=lib.float64).reshape(r.shape) + 1)).sum().backward()
        return v.grad.tolist()

    np.testing.assert_allclose(grads(al), grads(torch))
