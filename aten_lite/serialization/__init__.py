"""Checkpoints: ``al.save``/``al.load`` in torch's format, safetensors files, and pickling.

``save(obj, f)`` writes what ``torch.save`` writes (Note [The torch format] in
torch_format.py), so ``torch.load(f, weights_only=True)`` reads a checkpoint of tensors and
containers and gives torch tensors; ``load(f)`` reads ``torch.save``'s files, and aten_lite's
older ``.npz`` checkpoints (Note [The npz format] in npz_format.py), without running anything
in the file unless ``weights_only=False`` is passed (Note [Loading without running code]).
``safetensors`` holds ``save_file``/``load_file`` for the safetensors format; ``pickling``
is how tensors pickle and deepcopy (Note [Tensor pickles]).

>>> import aten_lite as al, io
>>> f = io.BytesIO(); al.save({"w": al.ones(2)}, f); _ = f.seek(0)
>>> al.load(f)
{'w': tensor([1., 1.])}
"""

from __future__ import annotations

import os
import zipfile

from ..vocab.device import device
from . import safetensors
from .npz_format import load_npz
from .torch_format import archive_name, find_archive, load_legacy, load_torch, save_torch
from .torch_names import LoadError

__all__ = ["save", "load", "LoadError", "safetensors"]


def save(obj, f) -> None:
    """Write `obj` to `f` (a path or a binary file object) as ``torch.save`` does: tensors,
    Parameters, state dicts and containers of them load in torch with ``weights_only=True``;
    any other picklable object is pickled too (such files load with ``weights_only=False``).
    Tensors that share a storage share it in the file."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as fh:
            save_torch(obj, fh, archive_name(f))
    elif hasattr(f, "write"):
        save_torch(obj, f, archive_name(f))
    else:
        raise TypeError(f"save(): f must be a path or a binary file object, got "
                        f"{type(f).__name__}")


def _check_map_location(map_location) -> None:
    if map_location is None:
        return
    targets = map_location.values() if isinstance(map_location, dict) else [map_location]
    for target in targets:
        if not isinstance(target, (str, device)) or device(target).type != "cpu":
            raise ValueError(f"load(): map_location must be None, 'cpu', a cpu device or a "
                             f"dict mapping to 'cpu' (tensors load on the CPU), got "
                             f"{map_location!r}")


def load(f, map_location=None, weights_only: bool | None = True):
    """Read a checkpoint from `f` (a path or a binary file object): what ``torch.save`` or
    ``al.save`` wrote, or aten_lite's older ``.npz`` checkpoints. With ``weights_only=True``
    (the default) nothing in the file runs: only tensors, Parameters, containers, numbers,
    strings, sizes, devices and dtypes load, and any other global in the file is refused by
    name; ``weights_only=False`` unpickles anything, which runs the code the file names: pass
    it only for files you trust. Tensors load on the CPU."""
    _check_map_location(map_location)
    if weights_only is None:  # torch's default
        weights_only = True
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as fh:
            return _load_from(fh, weights_only)
    if not hasattr(f, "read"):
        raise TypeError(f"load(): f must be a path or a binary file object, got "
                        f"{type(f).__name__}")
    return _load_from(f, weights_only)


_LEGACY_MAGIC = (0x1950A86A20F9469CFC6C).to_bytes(10, "little")


def _load_from(fh, weights_only: bool):
    start = fh.tell()
    head = fh.read(512)
    end = fh.seek(0, 2)
    fh.seek(start)
    if head[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        try:
            zf = zipfile.ZipFile(fh)
        except zipfile.BadZipFile as exc:
            raise LoadError(f"load(): the file is a damaged zip archive ({exc})") from None
        with zf:
            if "__meta__.npy" in zf.namelist():
                fh.seek(start)
                return load_npz(fh)
            prefix = find_archive(zf)
            if prefix is None:
                raise LoadError("load(): a zip archive with neither '<archive>/data.pkl' "
                                "(torch.save's format) nor '__meta__.npy' (aten_lite's older "
                                "npz format); not a checkpoint")
            return load_torch(zf, prefix, end - start, weights_only)
    if head[:1] == b"\x80" and _LEGACY_MAGIC in head[:32]:
        return load_legacy(fh, end, weights_only)  # torch < 1.6's stream
    if len(head) > 262 and head[257:262] == b"ustar":
        raise LoadError("load(): this is torch's tar checkpoint format (torch < 0.4), which "
                        "aten_lite does not read; re-save it with a current torch.save")
    raise LoadError(f"load(): not a checkpoint: the file starts with {head[:8]!r}, neither a "
                    "zip archive (torch.save, al.save) nor torch's legacy format")
