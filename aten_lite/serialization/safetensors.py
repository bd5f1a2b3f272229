"""Dicts of tensors in the safetensors format, as ``safetensors.torch`` does for torch.

The ``safetensors`` package (``pip install aten_lite[safetensors]``) reads and writes the
files (through its NumPy front end); this module hands it aten_lite tensors and wraps what it
reads. A safetensors file holds named contiguous tensors and string metadata and never
code, so these files are safe to load from anywhere; the format has no shared storages, so
tensors that share memory are each written with their own values (``safetensors.torch``
refuses them instead). bfloat16 tensors are 'BF16' entries, as safetensors.torch writes them:
the NumPy front end has no bfloat16, so they pass through it as their 16-bit patterns ('U16')
and the header is retagged on the way (``_retag``).

>>> import aten_lite as al
>>> from aten_lite.serialization import safetensors as st
>>> st.load(st.save({"w": al.ones(2)}))
{'w': tensor([1., 1.])}
"""

from __future__ import annotations

import os

import numpy as np

from ..vocab import dtype as _dtype
from ..tensors.tensor import Tensor, sync_stream

__all__ = ["save_file", "load_file", "save", "load"]

# safetensors' dtype names aten_lite has a dtype for
_DTYPES = {"BOOL": "bool", "U8": "uint8", "I8": "int8", "I16": "int16", "I32": "int32",
           "I64": "int64", "F16": "float16", "F32": "float32", "F64": "float64",
           "BF16": "bfloat16"}


def _numpy_api():
    try:
        import safetensors.numpy as api
    except ImportError:
        raise ImportError("aten_lite.serialization.safetensors needs the safetensors package: "
                          "pip install 'safetensors>=0.4' (or aten_lite[safetensors])") from None
    return api


def _arrays(tensors) -> dict[str, np.ndarray]:
    if not isinstance(tensors, dict):
        raise TypeError(f"safetensors: expected a dict of name -> tensor, got "
                        f"{type(tensors).__name__}")
    out = {}
    for name, t in tensors.items():
        if not isinstance(name, str):
            raise TypeError(f"safetensors: key {name!r} is a {type(name).__name__}; names must "
                            "be strings")
        if not isinstance(t, Tensor) or t.is_sparse or t._a is None:
            kind = type(t).__name__ if not isinstance(t, Tensor) else \
                "sparse tensor" if t.is_sparse else f"tensor on {t._device.type!r}"
            raise TypeError(f"safetensors: {name!r} is a {kind}; only dense CPU tensors are "
                            "saved")
        sync_stream()  # saving reads the values (docs/ASYNC.md)
        a = np.asarray(t.detach()._a, order="C")  # keeps 0-dim shapes
        out[name] = a.view(np.uint16) if t._dtype is _dtype.bfloat16 else a
    return out


def _bfloat16_names(tensors: dict) -> set:
    return {name for name, t in tensors.items() if t._dtype is _dtype.bfloat16}


def _retag(data: bytes, old: str, new: str, names=None) -> tuple[bytes, set]:
    """``data`` (safetensors bytes) with the dtype ``old`` of the tensors ``names`` (all
    tensors of that dtype when None) declared ``new``; and the names retagged. The header is
    rewritten, padded with spaces to 8 bytes as the format asks; the data is unchanged (its
    offsets count from the end of the header)."""
    import json

    n = int.from_bytes(data[:8], "little")
    header = json.loads(data[8:8 + n])
    done = set()
    for name, info in header.items():
        if name != "__metadata__" and isinstance(info, dict) and info.get("dtype") == old and \
                (names is None or name in names):
            info["dtype"] = new
            done.add(name)
    if not done:
        return data, done
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return len(text).to_bytes(8, "little") + text + data[8 + n:], done


def _check_header(head: bytes, total: int, where: str) -> None:
    """Refuse a file holding a dtype aten_lite lacks, naming the tensor and the dtype, before
    the safetensors package reads it (which would fail without naming the tensor)."""
    if len(head) < 8:
        raise ValueError(f"safetensors: {where} is too short to be a safetensors file")
    import json  # here, not at import: only reading a safetensors file needs it

    n = int.from_bytes(head[:8], "little")
    if n > total - 8:
        raise ValueError(f"safetensors: {where} declares a {n}-byte header but holds "
                         f"{total - 8} bytes after its size")
    try:
        header = json.loads(head[8:8 + n])
    except ValueError as exc:
        raise ValueError(f"safetensors: {where} has no valid JSON header ({exc})") from None
    if not isinstance(header, dict):
        raise ValueError(f"safetensors: {where} has a header that is not a JSON object")
    for name, info in header.items():
        if name == "__metadata__" or not isinstance(info, dict):
            continue
        if info.get("dtype") not in _DTYPES:
            raise TypeError(f"safetensors: tensor {name!r} in {where} has dtype "
                            f"{info.get('dtype')!r}, which aten_lite has no dtype for (it "
                            f"reads {', '.join(_DTYPES)}); convert it first")


def _tensors(arrays: dict, bfloat16_names=frozenset()) -> dict[str, Tensor]:
    out = {}
    for name, a in arrays.items():
        if not a.flags.writeable or not a.flags.c_contiguous:
            a = np.array(a, order="C")
        if name in bfloat16_names:
            a = a.view(_dtype.bfloat16.np)
        _dtype.from_numpy(a.dtype)
        out[name] = Tensor._wrap(a)
    return out


def save_file(tensors: dict, filename, metadata: dict | None = None) -> None:
    """Write the dict `tensors` (name -> tensor) to the file `filename` (str or path), with
    the optional string-to-string `metadata`."""
    data = save(tensors, metadata)
    with open(filename, "wb") as fh:
        fh.write(data)


def load_file(filename, device="cpu") -> dict[str, Tensor]:
    """The tensors of the safetensors file `filename`, by name (on the CPU)."""
    if str(device) != "cpu":
        raise ValueError(f"safetensors.load_file: device must be 'cpu', got {device!r}")
    with open(filename, "rb") as fh:
        size = fh.seek(0, 2)
        fh.seek(0)
        head = fh.read(8)
        n = int.from_bytes(head, "little") if len(head) == 8 else 0
        head += fh.read(min(n, max(size - 8, 0)))
    _check_header(head, size, repr(os.fspath(filename)))
    if b'"BF16"' in head:  # through the NumPy front end as 16-bit patterns (_retag)
        with open(filename, "rb") as fh:
            data, names = _retag(fh.read(), "BF16", "U16")
        return _tensors(_numpy_api().load(data), names)
    return _tensors(_numpy_api().load_file(filename))


def save(tensors: dict, metadata: dict | None = None) -> bytes:
    """The safetensors bytes of the dict `tensors` (name -> tensor)."""
    data = _numpy_api().save(_arrays(tensors), metadata=metadata)
    names = _bfloat16_names(tensors)
    return _retag(data, "U16", "BF16", names)[0] if names else data


def load(data: bytes) -> dict[str, Tensor]:
    """The tensors of safetensors bytes, by name."""
    data = bytes(data)
    _check_header(data, len(data), "the data")
    data, names = _retag(data, "BF16", "U16")
    return _tensors(_numpy_api().load(data), names)
