"""Pickling and copying tensors, and ``al.save``/``al.load`` in a format that loads without
running code.

Note [Tensor pickles]
A dense CPU tensor pickles as (its storage, byte offset, shape, byte strides, requires_grad),
where the storage is the NumPy array that owns the memory. As in torch, ``copy.deepcopy`` of
tensors that share a storage (a tensor and its views, in one call) gives copies that share
one new storage (deepcopy's memo copies the storage once), while ``pickle`` writes each
tensor with its own copy of its storage, so unpickled views no longer share (torch 2.13
does the same). Each rebuilt storage gets one base tensor that its views hang from, which
gives them one version counter. Like torch, a non-leaf that requires grad is refused
(autograd history does not cross a pickle), and deepcopy also copies ``.grad``.

Note [The save format]
``al.save(obj, f)`` writes a NumPy ``.npz`` file (a zip of ``.npy`` arrays): ``t0``, ``t1``...
hold the tensors' values (contiguous), and ``__meta__`` holds UTF-8 JSON describing ``obj``:
a tree of dicts (keys: strings, numbers or None, as an optimizer's ``state_dict`` has;
``{"dict": [[key, value], ...]}`` keeps order and the keys' types), lists, tuples,
numbers, strings, booleans and None, where ``{"tensor": i, "dtype": name,
"requires_grad": bool}`` stands for tensor i. ``al.load`` reads it with
``allow_pickle=False``: loading never executes code from the file. Tensors are stored each
with its own copy of its values (views of one storage are not shared after load).

Note [Load allocates what the file holds]
NumPy allocates an entry's array from the shape in its ``.npy`` header before reading its
values, so a file of a few MB declaring a shape of 4 GiB made a 4 GiB allocation (and then
failed, short of data). Before an entry is read, ``load`` checks the sizes it declares against
the file: the header's shape times the item size must equal the bytes the zip entry holds
after its header, and those (the zip's declared uncompressed size) must fit in what the file
has: for a stored entry (``al.save`` writes them) its bytes in the file, for a deflated one
(``np.savez_compressed``) at most deflate's largest ratio (1032 to 1) of them. Other
compressions, whose ratios have no useful bound, are refused. Every refusal names the entry.

>>> import aten_lite as al, io
>>> f = io.BytesIO(); al.save({"w": al.ones(2)}, f); _ = f.seek(0)
>>> al.load(f)
{'w': tensor([1., 1.])}
"""

from __future__ import annotations

import copy
import json
import math
import weakref
import zipfile

import numpy as np

from .vocab import dtype as _dtype
from .vocab.device import device
from ._ops import sparse_coo_tensor
from .tensors.tensor import Tensor

__all__ = ["save", "load"]

# ---- pickle and deepcopy (Note [Tensor pickles]) ----


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


# ---- save / load (Note [The save format]) ----


def save(obj, f) -> None:
    """Write `obj` (a tensor, or dicts/lists/tuples of tensors, numbers, strings: a
    module's or an optimizer's ``state_dict``) to the path or binary file `f` as described in Note [The save format]."""
    arrays: dict[str, np.ndarray] = {}
    meta = _encode(obj, arrays, "obj")
    arrays["__meta__"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    if isinstance(f, str) and not f.endswith(".npz"):
        with open(f, "wb") as fh:  # np.savez would append '.npz' to a path
            np.savez(fh, **arrays)
    else:
        np.savez(f, **arrays)


def _encode(x, arrays: dict, where: str):
    if isinstance(x, Tensor):
        if x.is_sparse or x._a is None:
            raise TypeError(f"save(): {where} is a {'sparse' if x.is_sparse else 'meta'} "
                            "tensor; only dense CPU tensors can be saved")
        name = f"t{len(arrays)}"
        arrays[name] = _compact(x.detach()._a)
        return {"tensor": name, "dtype": x._dtype.name, "requires_grad": x._requires_grad}
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, dict):
        for k in x:
            # Numbers too: an optimizer's state_dict keys its state by parameter index.
            if not isinstance(k, (str, int, float)) and k is not None:
                raise TypeError(f"save(): {where} has a key {k!r} of type {type(k).__name__}; "
                                "keys must be strings, numbers or None")
        return {"dict": [[k, _encode(v, arrays, f"{where}[{k!r}]")] for k, v in x.items()]}
    if isinstance(x, (list, tuple)):
        items = [_encode(v, arrays, f"{where}[{i}]") for i, v in enumerate(x)]
        return {"list" if isinstance(x, list) else "tuple": items}
    raise TypeError(f"save(): {where} is a {type(x).__name__}; savable: tensors, dicts with "
                    "string or number keys, lists, tuples, numbers, strings, None")


def load(f, map_location=None, weights_only: bool = True):
    """Read what ``save`` wrote. `map_location` may be None or 'cpu' (tensors load on the
    CPU); nothing in the file is executed (NumPy reads it with allow_pickle=False)."""
    if map_location not in (None, "cpu") and str(map_location) != "cpu":
        if device(map_location).type != "cpu":
            raise ValueError(f"load(): map_location must be 'cpu', got {map_location!r}")
    if not _is_zip(f):  # np.load would read a bare .npy, allocating what its header declares
        raise ValueError("load(): not a file written by aten_lite.save (not an .npz archive)")
    with np.load(f, allow_pickle=False) as z:
        if "__meta__" not in z.files:
            raise ValueError("load(): not a file written by aten_lite.save (no '__meta__' entry)")
        for name in z.files:
            _check_entry(z.zip, name)
        meta = json.loads(z["__meta__"].tobytes().decode())
        return _decode(meta, z)


def _is_zip(f) -> bool:
    if hasattr(f, "read"):
        at = f.tell()
        head = f.read(4)
        f.seek(at)
    else:
        with open(f, "rb") as fh:
            head = fh.read(4)
    return head in (b"PK\x03\x04", b"PK\x05\x06")


_DEFLATE_MAX_RATIO = 1032  # deflate's largest expansion: 258 bytes per 2-bit code, about


def _check_entry(archive: zipfile.ZipFile, name: str) -> None:
    """Refuse the entry ``name`` when the sizes it declares exceed what the file holds (Note
    [Load allocates what the file holds]), before anything is allocated for it."""
    info = archive.getinfo(f"{name}.npy")
    if info.compress_type == zipfile.ZIP_STORED:
        if info.file_size != info.compress_size:
            raise ValueError(f"load(): entry {name!r} declares {info.file_size} bytes but "
                             f"holds {info.compress_size}; the file is damaged or not written "
                             "by aten_lite.save")
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        if info.file_size > _DEFLATE_MAX_RATIO * info.compress_size + 1024:
            raise ValueError(f"load(): entry {name!r} declares {info.file_size} bytes, more "
                             f"than its {info.compress_size} compressed bytes can hold; the "
                             "file is damaged or not written by aten_lite.save")
    else:
        raise ValueError(f"load(): entry {name!r} is compressed with zip method "
                         f"{info.compress_type}; only stored (al.save) or deflated "
                         "(np.savez_compressed) entries are read")
    with archive.open(info) as fp:
        try:
            version = np.lib.format.read_magic(fp)
            if version == (1, 0):
                shape, _, dtype = np.lib.format.read_array_header_1_0(fp)
            else:
                shape, _, dtype = np.lib.format.read_array_header_2_0(fp)
        except ValueError as exc:
            raise ValueError(f"load(): entry {name!r} has no valid .npy header ({exc})") from None
        header = fp.tell()
    if dtype.hasobject:  # np.load refuses it (allow_pickle=False) before reading any of it
        return
    declared = math.prod(shape) * dtype.itemsize
    if header + declared != info.file_size:
        raise ValueError(f"load(): entry {name!r} declares shape {tuple(shape)} of {dtype} "
                         f"({declared} bytes) but holds {info.file_size - header} bytes of "
                         "values; the file is damaged or not written by aten_lite.save")


def _decode(x, z):
    if isinstance(x, list):
        raise ValueError("load(): malformed metadata (a bare list)")
    if not isinstance(x, dict):
        return x
    if "tensor" in x:
        a = np.array(z[x["tensor"]])
        dt = _dtype.parse(x["dtype"])
        if a.dtype != dt.np:
            raise ValueError(f"load(): entry {x['tensor']} holds {a.dtype}, expected {dt.name}")
        t = Tensor._wrap(a)
        return t.requires_grad_() if x["requires_grad"] else t
    if "dict" in x:
        return {k: _decode(v, z) for k, v in x["dict"]}
    if "list" in x:
        return [_decode(v, z) for v in x["list"]]
    if "tuple" in x:
        return tuple(_decode(v, z) for v in x["tuple"])
    raise ValueError(f"load(): malformed metadata entry {sorted(x)}")
