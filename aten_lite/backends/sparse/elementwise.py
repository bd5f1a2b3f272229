"""The SparseCPU backend's generic kernel of `elementwise:` ops, and the end of its "no kernel"
message (``miss_hint``).

An `elementwise:` op gets a sparse kernel when

* its functional entry names one (`dispatch: SparseCPU: add_sparse`): its in-place and out=
  siblings then run that kernel and store the result (``_derived``); or
* it declares ``keeps_zero: true`` (f(0) = 0) and takes one tensor: the op is applied to the
  values of the coalesced tensor, so a new op with that key works on sparse tensors without
  any code here (``_keeps_zero``).

Any other op has no sparse kernel, and its message says what to do instead (``miss_hint``).
"""

from __future__ import annotations

import numpy as np

from ...dispatch import dispatcher as _dispatch
from ...rules.kernel_rules import check_out_dtype, check_same_shape, resize_out
from ...tensors.sparse_tensor import make_sparse
from ..coo import below, cast
from .layout import coalesce
from ...vocab.dispatch_keys import SPARSE_CPU

KEY = SPARSE_CPU  # this backend's dispatch key


def make_elementwise(h, src):
    """The sparse kernel of elementwise op ``h`` (functional sibling ``src``), or None."""
    if h is not src and KEY in src.dispatch:
        return _derived(h, src)
    tensors = [a for a in src.args if a.tensor_like and not a.is_write]
    if not src.keeps_zero or len(tensors) != 1:
        return None
    return _keeps_zero(h, src)


def miss_hint(h) -> str:
    """The end of "al.exp: no kernel for layout 'sparse_coo'; registered: CPU, Meta; ..."."""
    src = _dispatch.handle(h.functional) if h.functional else h
    tensors = [a for a in src.args if a.tensor_like and not a.is_write]
    if src.elementwise and len(tensors) == 1 and not src.keeps_zero:
        return f"{src.base}(0) != 0, call .to_dense() first"
    return "call .to_dense() first"


# Ops with f(a + b) = f(a) + f(b): duplicates need not be summed first, and the result keeps
# the input's coalesced flag, as torch's neg does (and a product with a number, here and there).
_ADDITIVE = frozenset({"neg"})


def _keeps_zero(h, src):
    """f(0) = 0: f maps the values of the coalesced tensor (coalesced first, since f of a sum
    of duplicates is not the sum of f: relu(-1) + relu(2) != relu(1)), or of the tensor as it
    is for an additive f."""
    additive = src.name in _ADDITIVE

    def functional(self, *scalars):
        s = self if additive else coalesce(self)
        return make_sparse(s._idx, below(src.name, s._vals, *scalars), s._shape, s._coalesced)

    if h.kind == "functional":
        return functional
    if h.kind == "inplace":
        def inplace(self, *scalars):
            if not self._coalesced and not additive:
                store(h, self, coalesce(self))
            below(h.name, self._vals, *scalars)  # the dense in-place op on the values
            return self

        return inplace

    def out_kernel(*args):
        _check_some_input_sparse(h, args[:-1])
        store(h, args[-1], functional(*args[:-1]))
        return args[-1]

    return out_kernel


def _derived(h, src):
    """An in-place or out= sibling of an op with a named sparse kernel: run the functional
    kernel, store the result into self / out."""
    def derived(*args):
        kernel = src.table[KEY]
        if h.kind == "inplace":
            store(h, args[0], kernel(*args), inplace=True)
            return args[0]
        _check_some_input_sparse(h, args[:-1])
        store(h, args[-1], kernel(*args[:-1]))
        return args[-1]

    return derived


def _check_some_input_sparse(h, inputs) -> None:
    """A sparse out= alone selects the sparse kernels; with strided inputs the result is
    strided and cannot be written into it (the sparse kernels would misread the inputs)."""
    if not any(getattr(x, "is_sparse", False) for x in inputs):
        raise RuntimeError(
            f"al.{h.base}: out= is a sparse tensor but the inputs are strided; pass a strided "
            "out= (or convert an input with .to_sparse())")


def store(h, dest, result, inplace: bool = False) -> None:
    """Write ``result`` into ``dest``: a sparse destination takes the result's components
    (so its pattern may change), a strided one its values."""
    check_out_dtype(result._dtype, dest._dtype)
    if dest.is_sparse != result.is_sparse:
        have = "sparse" if dest.is_sparse else "strided"
        got = "sparse" if result.is_sparse else "strided"
        raise RuntimeError(f"al.{h.base}: the result is {got} and cannot be written into "
                           f"{have} {'self' if inplace else 'out'}; assign the result of "
                           f"al.{h.base.rstrip('_')}(...) instead")
    if inplace:
        check_same_shape(dest, result)
    if not dest.is_sparse:
        if dest._shape != result._shape:
            resize_out(dest, result._shape)
        if dest._a is not None:
            np.copyto(dest._a, result._a, casting="unsafe")
        return
    # Every result stored here is fresh (made by the kernel), so its values can be adopted.
    values = cast(result._vals, dest._dtype)
    values._vc = dest._version_counter  # the destination's counter keeps counting its writes
    dest._idx, dest._vals, dest._coalesced = result._idx, values, result._coalesced
    dest._shape = result._shape
