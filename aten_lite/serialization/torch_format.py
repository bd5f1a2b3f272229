"""Reading and writing torch's checkpoint format (what ``torch.save`` writes since torch 1.6).

Note [The torch format]
A checkpoint is a zip archive whose entries all sit in one folder, ``<archive>/``:
``data.pkl`` (the saved object, pickled with protocol 2), ``data/<key>`` (the raw bytes of each
storage, in the byte order named by ``byteorder``), ``version``, ``.format_version``,
``.storage_alignment`` and ``.data/serialization_id``. ``save`` writes the same entries, each
storage's bytes at a multiple of 64 bytes into the file as torch aligns them, so that
``torch.load(f, weights_only=True)`` reads it: tensors pickle as torch's rebuild calls over
persistent storage ids (Note [Torch's globals] in torch_names.py), and tensors sharing an
aten_lite storage share one entry, as views of one torch storage do.

Note [Loading without running code]
``load`` with ``weights_only=True`` (the default) unpickles ``data.pkl`` with
``WeightsOnlyUnpickler``: every global the pickle names must be in ``torch_names.GLOBALS``
(torch's own ``weights_only`` rule), else the load stops at that global, naming it, before any
code runs; calls, object creation, ``__setstate__`` and item stores are allowed only on the
types these globals make (the pure-Python unpickler's opcode table is what lets each be
checked). Every storage's declared size (its numel times the item size) must equal its archive
entry's size, and the entry's declared size must fit in the bytes the file holds for it, before
anything is allocated for it (``_Archive.storage``); every tensor must lie within its storage
(``torch_names._tensor``). ``weights_only=False`` unpickles anything (it runs what the file
names: only for files you trust), still with these size checks.

Note [The legacy format]
Before torch 1.6 (and with ``_use_new_zipfile_serialization=False`` since), ``torch.save`` wrote
one stream: four pickles (a magic number, the protocol version 1001, a dict of system info
saying the byte order, the object), a pickled list of storage keys, then for each key its
element count as 8 bytes and its raw values. The object's pickle names each storage before its
values are read, so ``load_legacy`` allocates a storage when named, once all storages named so
far fit in the bytes the file has left, and fills them after, checking each count against the
declared one; the same restricted unpickler reads every pickle. Storage views of torch < 1.0
and the tar format of torch < 0.4 are refused by name.
"""

from __future__ import annotations

import _compat_pickle
import io
import os
import pickle
import sys
import uuid
import zipfile
from collections import OrderedDict

import numpy as np

from ..vocab import dtype as _dtype
from ..vocab.device import device
from ..tensors.tensor import Tensor, Size
from ..nn.module import Parameter
from . import torch_names as names
from .npz_format import check_zip_entry
from .pickling import _reduce

_WHAT = "a torch checkpoint"

# ---- reading ----


class _Archive:
    """The storages of one checkpoint, each read once, after its sizes are checked."""

    def __init__(self, zf: zipfile.ZipFile, prefix: str, file_size: int, big_endian: bool):
        self.zf, self.prefix, self.file_size, self.big_endian = zf, prefix, file_size, big_endian
        self.raw: dict[str, np.ndarray] = {}
        self.loaded: dict[tuple, names.LoadedStorage] = {}

    def persistent_load(self, pid):
        if not (isinstance(pid, tuple) and len(pid) == 5 and pid[0] == "storage"):
            raise names.LoadError(f"load(): unknown persistent id {pid!r:.80} in "
                                  f"{self.prefix}/data.pkl; expected ('storage', type, key, "
                                  "location, numel)")
        _, stype, key, location, numel = pid
        if not isinstance(stype, names.StorageType):
            raise names.LoadError(f"load(): storage {key!r:.40} has type {stype!r:.60}, not a "
                                  "torch storage class")
        if not isinstance(key, str) or not isinstance(location, str):
            raise names.LoadError(f"load(): storage key {key!r:.40} / location "
                                  f"{location!r:.40} must be strings")
        if type(numel) is not int or numel < 0:
            raise names.LoadError(f"load(): storage {key!r} declares {numel!r:.40} elements")
        dt = stype.dtype if stype.dtype is not None else _dtype.uint8
        return self.storage(key, dt, numel, untyped=stype.dtype is None)

    def storage(self, key: str, dt, numel: int, untyped: bool) -> names.LoadedStorage:
        hit = self.loaded.get((key, dt.name))
        if hit is not None:
            if hit.array.size != numel:
                raise names.LoadError(f"load(): storage {key!r} is declared with {numel} and "
                                      f"{hit.array.size} elements")
            return hit
        entry = f"{self.prefix}/data/{key}"
        nbytes = numel * dt.itemsize
        raw = self.raw.get(key)
        if raw is None:
            try:
                info = self.zf.getinfo(entry)
            except KeyError:
                raise names.LoadError(f"load(): the pickle refers to storage {key!r} but the "
                                      f"archive has no entry {entry!r}") from None
            check_zip_entry(info, _WHAT, entry)
            if info.compress_type == zipfile.ZIP_STORED and \
                    info.header_offset + info.compress_size > self.file_size:
                raise names.LoadError(f"load(): entry {entry!r} declares {info.compress_size} "
                                      f"bytes from offset {info.header_offset}, past the end of "
                                      f"the file ({self.file_size} bytes); it is truncated")
            if info.file_size != nbytes:
                raise names.LoadError(
                    f"load(): storage {key!r} declares {numel} {dt.name} values ({nbytes} bytes) "
                    f"but its entry {entry!r} holds {info.file_size} bytes; the file is damaged")
            raw = np.empty(numel, dt.np)
            view = memoryview(raw.reshape(-1).view(np.uint8))
            with self.zf.open(info) as fp:
                got = 0
                while got < nbytes:
                    n = fp.readinto(view[got:])
                    if not n:
                        raise names.LoadError(f"load(): entry {entry!r} ends after {got} of "
                                              f"its {nbytes} bytes; the file is truncated")
                    got += n
            if self.big_endian and dt.itemsize > 1:
                raw.byteswap(inplace=True)  # an untyped storage is swapped once typed
            self.raw[key] = raw
        elif raw.nbytes != nbytes:
            raise names.LoadError(f"load(): storage {key!r} is declared as {nbytes} and "
                                  f"{raw.nbytes} bytes")
        elif self.big_endian and any(s.array.itemsize != dt.itemsize
                                     for s in self.loaded.values() if s.key == key):
            raise names.LoadError(f"load(): storage {key!r} of a big-endian file is read as "
                                  "values of two sizes; its byte order cannot be fixed for both")
        arr = raw if raw.dtype == dt.np else raw.view(dt.np)
        hit = self.loaded[(key, dt.name)] = names.LoadedStorage(key, entry, arr,
                                                                  self.big_endian and untyped)
        return hit


def _refuse(full: str) -> pickle.UnpicklingError:
    specific = names.refusal(full)
    if specific is not None:
        return specific
    return pickle.UnpicklingError(
        f"load(): refused global {full!r}: with weights_only=True only tensors, Parameters, "
        "dicts (OrderedDict), lists, tuples, sets, numbers, strings, bytes, None, torch.Size, "
        "devices and dtypes are loaded, and nothing in the file runs; pass weights_only=False "
        "only if you trust the file (unpickling it can run any code)")


def _compat(proto: int, module: str, name: str) -> tuple[str, str]:
    """Python 2 names of protocol < 3 pickles (torch writes '__builtin__ set')."""
    if proto < 3:
        if (module, name) in _compat_pickle.NAME_MAPPING:
            return _compat_pickle.NAME_MAPPING[(module, name)]
        module = _compat_pickle.IMPORT_MAPPING.get(module, module)
    return module, name


def _allowed(obj, allowed: frozenset) -> bool:
    try:
        return obj in allowed
    except TypeError:  # unhashable: a container, never a callable allowed here
        return False


def _op(code: bytes) -> int:
    return code[0]


class WeightsOnlyUnpickler(pickle._Unpickler):
    """Unpickles what torch's ``weights_only=True`` allows, and refuses the rest by name
    (Note [Loading without running code])."""

    dispatch = dict(pickle._Unpickler.dispatch)

    def __init__(self, file, persistent_load):
        super().__init__(file, encoding="utf-8")
        self._persistent = persistent_load

    def persistent_load(self, pid):
        return self._persistent(pid)

    def find_class(self, module, name):
        module, name = _compat(self.proto, module, name)
        full = f"{module}.{name}"
        found = names.GLOBALS.get(full)
        if found is None:
            raise _refuse(full)
        return found

    def _reduce(self):
        stack = self.stack
        args = stack.pop()
        func = stack[-1]
        if not _allowed(func, names.CALLABLES) or not isinstance(args, tuple):
            raise pickle.UnpicklingError(f"load(): the pickle calls {func!r:.60}, which "
                                         "weights_only=True does not allow")
        stack[-1] = func(*args)
    dispatch[_op(pickle.REDUCE)] = _reduce

    def _newobj(self):
        args = self.stack.pop()
        cls = self.stack.pop()
        if not _allowed(cls, names.CLASSES) or not isinstance(args, tuple):
            raise pickle.UnpicklingError(f"load(): the pickle makes a {cls!r:.60}, which "
                                         "weights_only=True does not allow")
        self.append(cls.__new__(cls, *args))
    dispatch[_op(pickle.NEWOBJ)] = _newobj

    def _newobj_ex(self):
        kwargs = self.stack.pop()
        if kwargs:
            raise pickle.UnpicklingError("load(): the pickle makes an object with keyword "
                                         "arguments, which weights_only=True does not allow")
        self._newobj()
    dispatch[_op(pickle.NEWOBJ_EX)] = _newobj_ex

    def _build(self):
        state = self.stack.pop()
        inst = self.stack[-1]
        # torch's state_dict carries `_metadata` as an attribute of its OrderedDict
        if type(inst) is not OrderedDict or not isinstance(state, dict) or \
                not all(type(k) is str for k in state):
            raise pickle.UnpicklingError(f"load(): the pickle sets the state of a "
                                         f"{type(inst).__name__}, which weights_only=True "
                                         "allows only for an OrderedDict")
        inst.__dict__.update(state)
    dispatch[_op(pickle.BUILD)] = _build

    def _setitems(self, items):
        target = self.stack[-1]
        if type(target) not in (dict, OrderedDict):
            raise pickle.UnpicklingError(f"load(): the pickle stores items into a "
                                         f"{type(target).__name__}; only into dicts")
        for i in range(0, len(items), 2):
            target[items[i]] = items[i + 1]

    def _setitem(self):
        value = self.stack.pop()
        key = self.stack.pop()
        self._setitems([key, value])
    dispatch[_op(pickle.SETITEM)] = _setitem

    def _setitems_op(self):
        self._setitems(self.pop_mark())
    dispatch[_op(pickle.SETITEMS)] = _setitems_op

    def _appends(self, items):
        target = self.stack[-1]
        if type(target) is not list:
            raise pickle.UnpicklingError(f"load(): the pickle appends to a "
                                         f"{type(target).__name__}; only to lists")
        target.extend(items)

    def _append(self):
        self._appends([self.stack.pop()])
    dispatch[_op(pickle.APPEND)] = _append

    def _appends_op(self):
        self._appends(self.pop_mark())
    dispatch[_op(pickle.APPENDS)] = _appends_op

    def _additems(self):
        items = self.pop_mark()
        target = self.stack[-1]
        if type(target) is not set:
            raise pickle.UnpicklingError(f"load(): the pickle adds items to a "
                                         f"{type(target).__name__}; only to sets")
        target.update(items)
    dispatch[_op(pickle.ADDITEMS)] = _additems

    def _extension(self):
        raise pickle.UnpicklingError("load(): the pickle names a global through the copyreg "
                                     "extension registry, which weights_only=True refuses")
    for _code in (pickle.EXT1, pickle.EXT2, pickle.EXT4):
        dispatch[_op(_code)] = _extension

    def _instance(self):
        raise pickle.UnpicklingError("load(): the pickle makes an object with the protocol-0 "
                                     "INST/OBJ opcodes, which weights_only=True refuses")
    for _code in (pickle.INST, pickle.OBJ):
        dispatch[_op(_code)] = _instance
    del _code


class FullUnpickler(pickle.Unpickler):
    """Unpickles anything (``weights_only=False``): torch's tensor globals become aten_lite's,
    every other global is imported as pickle does."""

    def __init__(self, file, persistent_load):
        super().__init__(file, encoding="utf-8")
        self._persistent = persistent_load

    def persistent_load(self, pid):
        return self._persistent(pid)

    def find_class(self, module, name):
        full = f"{module}.{name}"
        found = names.GLOBALS.get(full)
        if found is not None and (module.startswith("torch") or full == "_codecs.encode"):
            return found
        specific = names.refusal(full)
        if specific is not None:
            raise specific
        return super().find_class(module, name)


def find_archive(zf: zipfile.ZipFile) -> str | None:
    """The folder holding ``data.pkl`` in a torch checkpoint, or None when `zf` is not one."""
    for name in zf.namelist():
        prefix, _, rest = name.partition("/")
        if rest == "data.pkl":
            return prefix
    return None


def load_torch(zf: zipfile.ZipFile, prefix: str, file_size: int, weights_only: bool):
    """The object saved in the torch checkpoint `zf` (Note [Loading without running code])."""
    big = False
    if f"{prefix}/byteorder" in zf.namelist():
        order = zf.read(f"{prefix}/byteorder")
        if order not in (b"little", b"big"):
            raise names.LoadError(f"load(): entry '{prefix}/byteorder' holds {order[:20]!r}; "
                                  "expected b'little' or b'big'")
        big = (order == b"big") != (sys.byteorder == "big")
    pkl = zf.getinfo(f"{prefix}/data.pkl")
    check_zip_entry(pkl, _WHAT, pkl.filename)
    archive = _Archive(zf, prefix, file_size, big)
    cls = WeightsOnlyUnpickler if weights_only else FullUnpickler
    return cls(io.BytesIO(zf.read(pkl)), archive.persistent_load).load()


# ---- reading torch's legacy format ----

_LEGACY_MAGIC = 0x1950A86A20F9469CFC6C
_LEGACY_PROTOCOL = 1001


def _refuse_persistent(pid):
    raise names.LoadError(f"load(): a persistent id {pid!r:.60} in a legacy header pickle")


class _LegacyStorages:
    """The storages of a legacy checkpoint (Note [The legacy format]): allocated as the pickle
    names them, once their declared sizes fit in what the file has left, and filled after it."""

    def __init__(self, fh, end: int, big_endian: bool) -> None:
        self.fh, self.end, self.big_endian = fh, end, big_endian
        self.loaded: dict[str, names.LoadedStorage] = {}
        self.declared = 0

    def persistent_load(self, pid):
        if not (isinstance(pid, tuple) and len(pid) == 6 and pid[0] == "storage"):
            raise names.LoadError(f"load(): unknown persistent id {pid!r:.80} in a legacy "
                                  "checkpoint; expected ('storage', type, key, location, numel, "
                                  "view)")
        _, stype, key, location, numel, view = pid
        if not isinstance(stype, names.StorageType) or stype.dtype is None:
            raise names.LoadError(f"load(): storage {key!r:.40} has type {stype!r:.60}, not a "
                                  "typed torch storage class")
        if not isinstance(key, str) or type(numel) is not int or numel < 0:
            raise names.LoadError(f"load(): storage {key!r:.40} declares {numel!r:.40} elements")
        if view is not None:
            raise names.LoadError(f"load(): storage {key!r} is a view of another storage "
                                  "(torch < 1.0's storage views), which aten_lite does not read")
        hit = self.loaded.get(key)
        if hit is not None:
            if hit.array.size != numel or hit.array.dtype != stype.dtype.np:
                raise names.LoadError(f"load(): storage {key!r} is declared twice differently")
            return hit
        nbytes = numel * stype.dtype.itemsize
        left = self.end - self.fh.tell()
        if self.declared + nbytes > left:
            raise names.LoadError(f"load(): storage {key!r} declares {numel} "
                                  f"{stype.dtype.name} values ({nbytes} bytes); with the "
                                  f"storages before it that is more than the {left} bytes left "
                                  "in the file")
        self.declared += nbytes
        hit = self.loaded[key] = names.LoadedStorage(key, f"legacy storage {key}",
                                                     np.empty(numel, stype.dtype.np), False)
        return hit

    def fill(self, keys) -> None:
        if not isinstance(keys, list) or sorted(keys) != sorted(self.loaded) or \
                len(set(keys)) != len(keys):
            raise names.LoadError(f"load(): the legacy checkpoint lists storages {keys!r:.80} "
                                  f"but its pickle uses {sorted(self.loaded)!r:.80}")
        for key in keys:
            arr = self.loaded[key].array
            head = self.fh.read(8)
            order = "big" if self.big_endian else "little"
            count = int.from_bytes(head, order, signed=True) if len(head) == 8 else "nothing"
            if count != arr.size:
                raise names.LoadError(f"load(): legacy storage {key!r} is declared with "
                                      f"{arr.size} values but its data says {count}; the file "
                                      "is damaged or truncated")
            view = memoryview(arr.reshape(-1).view(np.uint8))
            got = 0
            while got < arr.nbytes:
                n = self.fh.readinto(view[got:])
                if not n:
                    raise names.LoadError(f"load(): legacy storage {key!r} ends after {got} of "
                                          f"its {arr.nbytes} bytes; the file is truncated")
                got += n
            if self.big_endian and arr.itemsize > 1:
                arr.byteswap(inplace=True)


def load_legacy(fh, end: int, weights_only: bool):
    """The object in `fh`, a checkpoint in torch's legacy format (Note [The legacy format])."""
    def header():
        return WeightsOnlyUnpickler(fh, _refuse_persistent).load()

    if header() != _LEGACY_MAGIC or header() != _LEGACY_PROTOCOL:
        raise names.LoadError("load(): not a torch legacy checkpoint (wrong magic number or "
                              "protocol version)")
    info = header()
    if not isinstance(info, dict):
        raise names.LoadError(f"load(): the legacy checkpoint's system info is {info!r:.60}")
    storages = _LegacyStorages(fh, end, big_endian=(info.get("little_endian", True) is False)
                               != (sys.byteorder == "big"))
    cls = WeightsOnlyUnpickler if weights_only else FullUnpickler
    result = cls(fh, storages.persistent_load).load()
    storages.fill(header())
    return result


# ---- writing ----


class _SavedStorage:
    """A storage being written: its archive key and the contiguous array holding its values."""

    __slots__ = ("key", "array")

    def __init__(self, key: str, array: np.ndarray) -> None:
        self.key, self.array = key, array


def _span_owner(a: np.ndarray) -> tuple[np.ndarray, int] | None:
    """The contiguous array of `a`'s dtype that `a` views (the deepest one along NumPy's chain
    of bases) and `a`'s element offset in it; None when `a` cannot be written as a strided
    view of it (negative strides or strides that are not whole elements)."""
    n = a.itemsize
    if any(s < 0 or s % n for s in a.strides):
        return None
    own = None
    x = a
    while isinstance(x, np.ndarray):
        if x.dtype == a.dtype and x.flags.c_contiguous:
            own = x
        x = x.base
    if own is None:
        return None
    delta = a.__array_interface__["data"][0] - own.__array_interface__["data"][0]
    if delta < 0 or delta % n:
        return None
    if a.size:
        last = delta // n + sum((d - 1) * s // n for d, s in zip(a.shape, a.strides))
        if last >= own.size:
            return None
    return own, delta // n


class TorchPickler(pickle._Pickler):
    """Pickles like ``torch.save``: tensors as torch's rebuild calls over storages (which
    ``storages`` collects), aten_lite's dtypes, sizes and devices as torch's; anything else as
    pickle does."""

    dispatch = dict(pickle._Pickler.dispatch)

    def __init__(self, file) -> None:
        super().__init__(file, protocol=2)
        self.storages: dict[int, _SavedStorage] = {}

    def persistent_id(self, obj):
        if type(obj) is _SavedStorage:
            dt = _dtype.from_numpy(obj.array.dtype)
            return ("storage", names.torch_name(f"torch.{names.STORAGE_OF_DTYPE[dt.name]}"),
                    obj.key, "cpu", obj.array.size)
        return None

    def _storage_of(self, a: np.ndarray) -> tuple[_SavedStorage, int]:
        found = _span_owner(a)
        if found is None:
            own, offset = np.array(a, order="C"), 0  # a private contiguous copy
        else:
            own, offset = found
        saved = self.storages.get(id(own))
        if saved is None:  # the dict keeps `own` alive, so its id stays its own
            saved = self.storages[id(own)] = _SavedStorage(str(len(self.storages)), own)
        return saved, offset

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return self._reduce_tensor(obj)
        t = type(obj)
        if t is Size:
            return (names.torch_name("torch.Size"), (tuple(obj),))
        if t is device:
            return (names.torch_name("torch.device"), (str(obj),))
        return NotImplemented

    def _reduce_tensor(self, t: Tensor):
        if t.is_sparse or t._a is None:
            kind = "sparse" if t.is_sparse else repr(t._device.type)
            raise TypeError(f"save(): cannot save a {kind} tensor in torch's format; only "
                            "dense CPU tensors (move it with .cpu() first)")
        _reduce(t, share=True)  # refuses a non-leaf that requires grad, as torch does
        if isinstance(t, Parameter):
            return (names.torch_name("torch._utils._rebuild_parameter"),
                    (t.detach(), t.requires_grad, OrderedDict()))
        if type(t) is not Tensor:
            raise TypeError(f"save(): cannot save a tensor of type {type(t).__name__}")
        saved, offset = self._storage_of(t._a)
        return (names.torch_name("torch._utils._rebuild_tensor_v2"),
                (saved, offset, tuple(t._shape), tuple(t.stride()), t.requires_grad,
                 OrderedDict()))

    def _save_torch_name(self, obj: names.TorchName) -> None:
        self.write(pickle.GLOBAL + f"{obj.module}\n{obj.name}\n".encode())
        self.memoize(obj)
    dispatch[names.TorchName] = _save_torch_name

    def _save_dtype(self, obj) -> None:
        self.save(names.torch_name(f"torch.{obj.name}"))
    dispatch[_dtype.DType] = _save_dtype


_ALIGN = 64  # torch aligns each storage's bytes to 64 bytes from the start of the file


def _write_entry(zf: zipfile.ZipFile, name: str, data) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    size = len(data)
    zip64 = 20 if size * 1.05 > zipfile.ZIP64_LIMIT else 0  # the extra zipfile adds then
    header = 30 + len(name.encode()) + 4 + zip64
    pad = (-(zf.fp.tell() + header)) % _ALIGN
    info.extra = b"FB" + pad.to_bytes(2, "little") + b"Z" * pad
    zf.writestr(info, data)


def save_torch(obj, fh, archive: str) -> None:
    """Write `obj` to the binary file `fh` in torch's format (Note [The torch format])."""
    buf = io.BytesIO()
    pickler = TorchPickler(buf)
    pickler.dump(obj)
    with zipfile.ZipFile(fh, "w", zipfile.ZIP_STORED, allowZip64=True) as zf:
        _write_entry(zf, f"{archive}/data.pkl", buf.getvalue())
        _write_entry(zf, f"{archive}/.format_version", b"1")
        _write_entry(zf, f"{archive}/.storage_alignment", str(_ALIGN).encode())
        _write_entry(zf, f"{archive}/byteorder", sys.byteorder.encode())
        for saved in pickler.storages.values():
            raw = saved.array.reshape(-1).view(np.uint8)
            _write_entry(zf, f"{archive}/data/{saved.key}", memoryview(raw))
        _write_entry(zf, f"{archive}/version", b"3\n")
        _write_entry(zf, f"{archive}/.data/serialization_id",
                     str(uuid.uuid4().int).zfill(40)[:40].encode())


def archive_name(f) -> str:
    """The archive folder torch names after the file (its stem), 'archive' for a stream."""
    if isinstance(f, (str, os.PathLike)):
        stem = os.path.splitext(os.path.basename(os.fspath(f)))[0]
        if stem and "/" not in stem:
            return stem
    return "archive"
