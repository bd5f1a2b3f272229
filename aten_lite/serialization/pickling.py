"""Pickling and copying tensors: ``Tensor.__reduce_ex__`` and ``Tensor.__deepcopy__``.

Note [Tensor pickles]
A dense CPU tensor pickles as (its storage, byte offset, shape, byte strides, requires_grad),
where the storage is the NumPy array that owns the memory. As in torch, ``copy.deepcopy`` of
tensors that share a storage (a tensor and its views, in one call) gives copies that share
one new storage (deepcopy's memo copies the storage once), while ``pickle`` writes each
tensor with its own copy of its storage, so unpickled views no longer share (torch 2.13
does the same). Each rebuilt storage gets one base tensor that its views hang from, which
gives them one version counter. Like torch, a non-leaf that requires grad is refused
(autograd history does not cross a pickle), and deepcopy also copies ``.grad``.
"""

from __future__ import annotations

import copy
import weakref

import numpy as np

from ..vocab import dtype as _dtype
from .._ops import sparse_coo_tensor
from ..tensors.tensor import Tensor, sync_stream


def _compact(a: np.ndarray) -> np.ndarray:
    """`a` C-contiguous and of the same shape: itself when it already is, else a copy
    (np.ascontiguousarray would make a 0-dim array 1-dim, and a 0-dim tensor would come back
    with shape [1]). Both callers only write it out, so no copy is needed to keep it apart."""
    return np.asarray(a, order="C")


def _storage(a: np.ndarray) -> np.ndarray:
    """The array owning `a`'s memory (the end of NumPy's chain of bases)."""
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


def _reduce_ex(self: Tensor, protocol):
    return _reduce(self, share=False)


def _reduce(self: Tensor, share: bool):
    """`share`: hand over the storage object itself (deepcopy, whose memo then copies it
    once for all its views) rather than a private copy of it (pickle)."""
    cls = type(self)
    if self._requires_grad and self.grad_fn is not None:
        raise RuntimeError(
            "Cowardly refusing to serialize non-leaf tensor which requires_grad, since "
            "autograd does not support crossing process boundaries. If you just want to "
            "transfer the data, call detach() on the tensor before serializing")
    if self.is_sparse:
        return (_rebuild_sparse, (self._indices(), self._values(), tuple(self._shape),
                                  self.is_coalesced(), self._requires_grad))
    if self._a is None:
        state = ("meta", self._shape, self._st, self._offset, self._dtype.name)
    else:
        sync_stream()  # saving reads the values (docs/ASYNC.md)
        own = _storage(self._a)
        if own.flags.c_contiguous and own.dtype == self._a.dtype:
            offset = self._a.__array_interface__["data"][0] - own.__array_interface__["data"][0]
            state = ("cpu", own if share else own.copy(), offset, self._a.shape, self._a.strides)
        else:  # memory NumPy cannot hand over as one buffer: pickle a compact copy
            state = ("cpu", _compact(self._a), 0, self._a.shape, None)
    return (_rebuild, (cls, state, self._requires_grad))


# The base tensor made for each unpickled storage, so views of one storage share it.
_BASES: dict[int, tuple] = {}


def _base_for(own: np.ndarray) -> Tensor:
    hit = _BASES.get(id(own))
    if hit is not None and hit[0]() is own:
        return hit[1]
    base = Tensor._wrap(own)
    # The callback holds the dict itself: at interpreter exit the module's globals may already
    # be None when the last arrays die.
    _BASES[id(own)] = (weakref.ref(own, lambda _, k=id(own), bases=_BASES: bases.pop(k, None)),
                       base)
    return base


def _rebuild(cls, state, requires_grad: bool) -> Tensor:
    if state[0] == "meta":
        _, shape, strides, offset, name = state
        t = Tensor._meta(shape, _dtype.parse(name), strides, offset=offset)
    else:
        _, own, offset, shape, strides = state
        if strides is None:
            t = Tensor._wrap(own)
        else:
            a = np.ndarray(shape, own.dtype, buffer=own, offset=offset, strides=strides)
            t = Tensor._wrap(a, base=_base_for(own))
    if cls is not Tensor:  # Parameter(data, requires_grad)
        return cls(t, requires_grad)
    if requires_grad:
        t.requires_grad = True
    return t


def _rebuild_sparse(indices, values, shape, coalesced: bool, requires_grad: bool):
    t = sparse_coo_tensor(indices, values, shape, is_coalesced=coalesced)
    return t.requires_grad_() if requires_grad else t


def _deepcopy(self: Tensor, memo: dict):
    if self.grad_fn is not None:
        raise RuntimeError(
            "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
            "protocol at the moment. If you were attempting to deepcopy a module, this may be "
            "because of a torch.nn.utils.weight_norm usage, see "
            "https://github.com/pytorch/pytorch/pull/103001")
    if id(self) in memo:
        return memo[id(self)]
    fn, args = _reduce(self, share=True)
    new = fn(*copy.deepcopy(args, memo))
    memo[id(self)] = new
    if self._grad is not None:
        new._grad = copy.deepcopy(self._grad, memo)
    return new
