"""The raw kernels (aten_lite._C) refuse a written array whose elements share memory (Note
[Self-overlapping out] in aten_lite/csrc/kernel_object.cpp), whoever calls them."""

import numpy as np
import pytest

import aten_lite as al

try:
    from aten_lite import _C
except ImportError:
    _C = None

F64, I64 = 8, 5  # dtype codes (vocabulary order)
as_strided = np.lib.stride_tricks.as_strided


def kernel(name):
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    return _C.get_kernel(name)


def _self_overlap(name, which="out"):
    return pytest.raises(ValueError, match=f"^{name}: {which} has elements that share memory")


def _writable(shape, strides_in_elements, n=64, dtype=np.float64):
    buf = np.zeros(n, dtype)
    return as_strided(buf, shape, [s * buf.itemsize for s in strides_in_elements])


@pytest.mark.parametrize("shape, strides", [((4,), (0,)), ((3, 3), (1, 1)), ((2, 4), (2, 1)),
                                            ((4, 2), (0, 1))], ids=str)
def test_elementwise_kernels_refuse_an_out_that_overlaps_itself(shape, strides):
    out = _writable(shape, strides)
    before = out.copy()
    with _self_overlap("add.Tensor"):
        kernel("add.Tensor")(F64, out, np.ones(shape), np.ones(shape), 1)
    with _self_overlap("neg"):
        kernel("neg")(F64, out, np.ones(shape))
    np.testing.assert_array_equal(out, before)  # refused before anything was written


def test_reductions_and_custom_kernels_refuse_it_too():
    with _self_overlap("sum"):
        kernel("sum")(F64, _writable((4,), (0,)), np.ones((4, 3)))
    keys = np.arange(8, dtype=np.int64)
    where = _writable((8,), (0,), dtype=np.int64)
    with _self_overlap("sparse_coalesce", "tensor 'out_keys'"):
        kernel("sparse_coalesce")(I64, np.empty(8, np.int64), where, keys, np.ones(8, np.int64))


@pytest.mark.parametrize("make", [
    lambda: np.zeros(8)[::-1],                        # negative stride
    lambda: np.zeros(16)[::2],                        # gaps between elements
    lambda: np.zeros((4, 2)).T,                       # transposed
    lambda: _writable((2, 3), (1, 2)),                # interleaved without sharing
    lambda: _writable((3, 1, 2), (2, 0, 1)),          # a zero stride on a size-1 dim
    lambda: np.zeros((0, 3)),                         # nothing to write
], ids=["reversed", "gaps", "transposed", "interleaved", "size-1 zero stride", "empty"])
def test_outs_whose_elements_are_distinct_are_accepted(make):
    out = make()
    kernel("neg")(F64, out, np.ones(out.shape))
    np.testing.assert_array_equal(out, -np.ones(out.shape))


def test_the_public_api_refuses_an_expanded_destination_first():
    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
        al.neg(al.ones(4), out=al.zeros(1).expand(4))


def test_a_huge_zero_stride_output_is_refused_before_it_runs():
    out = as_strided(np.zeros(1, np.float32), shape=(1 << 40,), strides=(0,))
    x = as_strided(np.ones(1, np.float32), shape=(1 << 40,), strides=(0,))
    with _self_overlap("exp"):
        kernel("exp")(7, out, x)
