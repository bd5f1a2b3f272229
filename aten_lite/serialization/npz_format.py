"""Reading aten_lite's older checkpoint format, a NumPy ``.npz`` archive with JSON metadata.

Note [The npz format]
Before ``al.save`` wrote torch's format (Note [The torch format] in torch_format.py), it wrote
a NumPy ``.npz`` file (a zip of ``.npy`` arrays): ``t0``, ``t1``... hold the tensors' values
(contiguous), and ``__meta__`` holds UTF-8 JSON describing the saved object: a tree of dicts
(``{"dict": [[key, value], ...]}`` keeps order and the keys' types), lists, tuples, numbers,
strings, booleans and None, where ``{"tensor": name, "dtype": name, "requires_grad": bool}``
stands for a tensor. ``al.load`` still reads such files (it knows them by their ``__meta__.npy``
entry), with NumPy's ``allow_pickle=False``: nothing in them is executed.

Note [Load allocates what the file holds]
NumPy allocates an entry's array from the shape in its ``.npy`` header before reading its
values, so a file of a few MB declaring a shape of 4 GiB made a 4 GiB allocation (and then
failed, short of data). Before an entry is read, ``load`` checks the sizes it declares against
the file: the header's shape times the item size must equal the bytes the zip entry holds
after its header, and those (the zip's declared uncompressed size) must fit in what the file
has (``check_zip_entry``). Every refusal names the entry.
"""

from __future__ import annotations

import json
import math
import zipfile

import numpy as np

from ..vocab import dtype as _dtype
from ..tensors.tensor import Tensor

# deflate's largest expansion: 258 bytes per 2-bit code, about
_DEFLATE_MAX_RATIO = 1032


def check_zip_entry(info: zipfile.ZipInfo, what: str, name: str) -> None:
    """Refuse the zip entry `info` when the size it declares exceeds what its bytes in the
    file can hold: for a stored entry exactly its bytes, for a deflated one at most deflate's
    largest ratio of them; other compressions, whose ratios have no useful bound, are refused.
    `what` names the file kind in the message, `name` the entry."""
    if info.compress_type == zipfile.ZIP_STORED:
        if info.file_size != info.compress_size:
            raise ValueError(f"load(): entry {name!r} declares {info.file_size} bytes but "
                             f"holds {info.compress_size}; the file is damaged or not {what}")
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        if info.file_size > _DEFLATE_MAX_RATIO * info.compress_size + 1024:
            raise ValueError(f"load(): entry {name!r} declares {info.file_size} bytes, more "
                             f"than its {info.compress_size} compressed bytes can hold; the "
                             f"file is damaged or not {what}")
    else:
        raise ValueError(f"load(): entry {name!r} is compressed with zip method "
                         f"{info.compress_type}; only stored or deflated entries are read")


_WHAT = "written by aten_lite.save"


def load_npz(f):
    """The object an older ``al.save`` wrote to `f` (a path or a binary file at its start)."""
    with np.load(f, allow_pickle=False) as z:
        if "__meta__" not in z.files:
            raise ValueError("load(): not a file written by aten_lite.save (no '__meta__' entry)")
        for name in z.files:
            _check_entry(z.zip, name)
        meta = json.loads(z["__meta__"].tobytes().decode())
        return _decode(meta, z)


def _check_entry(archive: zipfile.ZipFile, name: str) -> None:
    """Refuse the entry ``name`` when the sizes it declares exceed what the file holds (Note
    [Load allocates what the file holds]), before anything is allocated for it."""
    info = archive.getinfo(f"{name}.npy")
    check_zip_entry(info, _WHAT, name)
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
