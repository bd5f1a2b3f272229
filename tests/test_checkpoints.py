"""Checkpoints: torch.save -> al.load, al.save -> torch.load(weights_only=True), refusals of
unsafe or damaged files, weights_only=False, aten_lite's older npz files, safetensors."""

from __future__ import annotations

import io
import json
import os
import pickle
import tracemalloc
import zipfile
from collections import OrderedDict

import numpy as np
import pytest

import aten_lite as al
from aten_lite.serialization import LoadError
from aten_lite.serialization.torch_format import TorchPickler
from aten_lite.serialization.torch_names import torch_name

torch = pytest.importorskip("torch")

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def _values(name: str, shape) -> np.ndarray:
    n = int(np.prod(shape))
    a = (np.arange(n) * 7 % 11 - 3).reshape(shape)
    return (a > 0) if name == "bool" else a.astype(name)


def _torch_roundtrip_file(obj) -> io.BytesIO:
    f = io.BytesIO()
    torch.save(obj, f)
    f.seek(0)
    return f


def _al_file(obj) -> io.BytesIO:
    f = io.BytesIO()
    al.save(obj, f)
    f.seek(0)
    return f


# ---- torch.save -> al.load ----


@pytest.mark.parametrize("name", DTYPES)
def test_torch_save_loads_in_aten_lite_for_every_shared_dtype(name):
    t = torch.from_numpy(_values(name, (3, 4)))
    obj = {"t": t, "zero_dim": t[1, 2].clone(), "empty": t[:0], "col": t[:, 1]}
    back = al.load(_torch_roundtrip_file(obj))
    for key, want in obj.items():
        got = back[key]
        assert got.dtype is getattr(al, name) if name != "bool" else got.dtype is al.bool
        assert tuple(got.shape) == tuple(want.shape)
        assert got.stride() == want.stride()
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_torch_views_of_one_storage_share_one_aten_lite_storage():
    base = torch.arange(24, dtype=torch.float32).reshape(4, 6)
    obj = {"base": base, "t": base.t(), "slice": base[1:, ::2], "row": base[2]}
    back = al.load(_torch_roundtrip_file(obj))
    assert back["t"].stride() == (1, 6) and back["slice"].stride() == (6, 2)
    assert back["slice"].storage_offset() == 6 and back["row"].storage_offset() == 12
    back["base"][2, 0] = -1.0  # a write through one is seen by every view
    assert back["t"][0, 2].item() == -1.0 and back["row"][0].item() == -1.0
    assert back["slice"][1, 0].item() == -1.0
    assert back["t"]._base is back["base"]._base is not None  # one base: one version counter


def test_torch_containers_parameters_and_values_load():
    p = torch.nn.Parameter(torch.ones(2))
    obj = {"p": p, "frozen": torch.nn.Parameter(torch.zeros(1), requires_grad=False),
           "g": torch.ones(3).requires_grad_(), "nested": [1, (2.5, None, "s"), {"k": [True]}],
           "size": torch.Size([2, 3]), "dtype": torch.float16, "bytes": b"\x00\xff",
           "set": {1, 2}, "complex": 1 + 2j, "od": OrderedDict(a=1), 3: "int key"}
    back = al.load(_torch_roundtrip_file(obj))
    assert isinstance(back["p"], al.nn.Parameter) and back["p"].requires_grad
    assert isinstance(back["frozen"], al.nn.Parameter) and not back["frozen"].requires_grad
    assert back["g"].requires_grad and back["g"].is_leaf
    assert back["nested"] == [1, (2.5, None, "s"), {"k": [True]}]
    assert back["size"] == al.Size([2, 3]) and isinstance(back["size"], al.Size)
    assert back["dtype"] is al.float16 and back["bytes"] == b"\x00\xff"
    assert back["set"] == {1, 2} and back["complex"] == 1 + 2j
    assert type(back["od"]) is OrderedDict and back[3] == "int key"


def _mlps():
    tm = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
    am = al.nn.Sequential(al.nn.Linear(4, 8), al.nn.ReLU(), al.nn.Linear(8, 3))
    return tm, am


def test_state_dicts_move_between_torch_and_aten_lite_modules(tmp_path):
    x = np.random.default_rng(0).standard_normal((5, 4)).astype(np.float32)
    tm, am = _mlps()
    torch.save(tm.state_dict(), tmp_path / "torch.pt")
    sd = al.load(tmp_path / "torch.pt")
    assert list(sd) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    am.load_state_dict(sd)
    np.testing.assert_allclose(am(al.tensor(x)).detach().numpy(),
                               tm(torch.tensor(x)).detach().numpy(), rtol=1e-5, atol=1e-6)
    tm2, am2 = _mlps()
    al.save(am2.state_dict(), str(tmp_path / "al.pt"))
    tm2.load_state_dict(torch.load(tmp_path / "al.pt", weights_only=True))
    np.testing.assert_allclose(am2(al.tensor(x)).detach().numpy(),
                               tm2(torch.tensor(x)).detach().numpy(), rtol=1e-5, atol=1e-6)
    lin = torch.nn.Linear(3, 2)
    al_lin = al.nn.Linear(3, 2)
    al_lin.load_state_dict(al.load(_torch_roundtrip_file(lin.state_dict())))
    assert np.array_equal(al_lin.weight.detach().numpy(), lin.weight.detach().numpy())


# ---- al.save -> torch.load(weights_only=True) ----


@pytest.mark.parametrize("name", DTYPES)
def test_al_save_loads_in_torch_for_every_shared_dtype(name):
    a = al.tensor(_values(name, (3, 4)))
    obj = {"t": a, "zero_dim": a[1, 2].clone(), "empty": a[:0], "col": a[:, 1], "tr": a.t()}
    back = torch.load(_al_file(obj), weights_only=True)
    for key, want in obj.items():
        got = back[key]
        assert got.dtype == getattr(torch, name)
        assert tuple(got.shape) == tuple(want.shape) and got.stride() == want.stride()
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    ptr = back["t"].untyped_storage().data_ptr()
    assert back["col"].untyped_storage().data_ptr() == ptr  # views share one torch storage
    assert back["tr"].untyped_storage().data_ptr() == ptr
    assert back["zero_dim"].untyped_storage().data_ptr() != ptr  # a clone has its own


def test_al_save_keeps_strides_offsets_and_sharing_in_torch():
    base = al.arange(24, dtype=al.float64).reshape(4, 6)
    obj = {"slice": base[1:, ::2], "t": base.t(), "base": base,
           "expanded": al.ones(1, 3).expand(4, 3), "flipped": al.flip(base, [0])}
    back = torch.load(_al_file(obj), weights_only=True)
    assert back["slice"].stride() == (6, 2) and back["slice"].storage_offset() == 6
    assert back["t"].stride() == (1, 6) and back["expanded"].stride() == (0, 1)
    for key, want in obj.items():
        np.testing.assert_array_equal(back[key].numpy(), want.numpy())
    back["base"][1, 0] = -5.0
    assert back["slice"][0, 0].item() == -5.0 and back["t"][0, 1].item() == -5.0
    # and back through aten_lite: still one storage
    again = al.load(_torch_roundtrip_file(back))
    again["base"][1, 2] = 9.0
    assert again["slice"][0, 1].item() == 9.0


def test_al_save_of_parameters_containers_and_values_loads_in_torch():
    obj = {"p": al.nn.Parameter(al.ones(2)), "g": al.ones(2).requires_grad_(),
           "nested": [1, (2.5, None, "s"), {"k": [True]}], "size": al.Size([2, 3]),
           "dtype": al.int16, "device": al.device("cpu"), "bytes": b"ab", 7: {0: "state"}}
    back = torch.load(_al_file(obj), weights_only=True)
    assert isinstance(back["p"], torch.nn.Parameter) and back["p"].requires_grad
    assert back["g"].requires_grad and back["nested"] == [1, (2.5, None, "s"), {"k": [True]}]
    assert back["size"] == torch.Size([2, 3]) and isinstance(back["size"], torch.Size)
    assert back["dtype"] == torch.int16 and back["device"] == torch.device("cpu")
    assert back["bytes"] == b"ab" and back[7] == {0: "state"}
    mine = al.load(_al_file(obj))
    assert isinstance(mine["p"], al.nn.Parameter) and mine["dtype"] is al.int16
    assert mine["size"] == al.Size([2, 3]) and mine[7] == {0: "state"}


def test_paths_and_file_objects(tmp_path):
    path = tmp_path / "w.pt"
    al.save({"w": al.arange(3)}, path)
    assert torch.load(str(path), weights_only=True)["w"].tolist() == [0, 1, 2]
    assert torch.load(str(path), weights_only=True, mmap=True)["w"].tolist() == [0, 1, 2]
    with zipfile.ZipFile(path) as z:  # torch names the archive folder after the file
        assert "w/data.pkl" in z.namelist() and z.read("w/byteorder") == b"little"
    with open(path, "rb") as fh:
        assert al.load(fh)["w"].tolist() == [0, 1, 2]
    buf = io.BytesIO(b"junk")  # a checkpoint after other bytes in one stream
    buf.seek(4)
    al.save(al.ones(2), buf)
    buf.seek(4)
    assert al.load(buf).tolist() == [1.0, 1.0]


def test_storages_are_aligned_as_torch_aligns_them():
    f = _al_file({"a": al.ones(3), "b": al.zeros(5, dtype=al.int64)})
    data = f.getvalue()
    with zipfile.ZipFile(f) as z:
        for info in z.infolist():
            if "/data/" in info.filename:
                name_len = int.from_bytes(data[info.header_offset + 26:info.header_offset + 28],
                                          "little")
                extra_len = int.from_bytes(data[info.header_offset + 28:info.header_offset + 30],
                                           "little")
                assert (info.header_offset + 30 + name_len + extra_len) % 64 == 0


def test_save_refuses_a_non_leaf_that_requires_grad_and_sparse_tensors():
    x = al.ones(2).requires_grad_()
    with pytest.raises(RuntimeError, match="non-leaf tensor which requires_grad"):
        al.save({"y": x * 2}, io.BytesIO())
    with pytest.raises(TypeError, match="sparse tensor"):
        al.save(al.ones(2).to_sparse(), io.BytesIO())


# ---- weights_only: refusals before anything runs ----


class _Call:
    """A call of torch's global `name` on `args`, for pickles written by hand."""

    def __init__(self, name: str, *args) -> None:
        self.name, self.args = name, args


class _Storage:
    def __init__(self, *pid) -> None:
        self.pid = pid


class _HandPickler(TorchPickler):
    def persistent_id(self, obj):
        return obj.pid if type(obj) is _Storage else super().persistent_id(obj)

    def reducer_override(self, obj):
        if type(obj) is _Call:
            return (torch_name(obj.name), obj.args)
        return super().reducer_override(obj)


def _checkpoint(obj=None, entries: dict | None = None, pkl: bytes | None = None) -> io.BytesIO:
    """A torch-format archive with data.pkl pickling `obj` (or the bytes `pkl`) and `entries`."""
    if pkl is None:
        buf = io.BytesIO()
        _HandPickler(buf).dump(obj)
        pkl = buf.getvalue()
    f = io.BytesIO()
    with zipfile.ZipFile(f, "w") as z:
        z.writestr("archive/data.pkl", pkl)
        z.writestr("archive/byteorder", "little")
        for name, data in (entries or {}).items():
            z.writestr(f"archive/{name}", data)
        z.writestr("archive/version", "3\n")
    f.seek(0)
    return f


def _tensor_call(numel, size, stride, offset=0, storage="torch.FloatStorage", key="0"):
    return _Call("torch._utils._rebuild_tensor_v2",
                 _Storage("storage", torch_name(storage), key, "cpu", numel),
                 offset, size, stride, False, OrderedDict())


def test_hand_written_pickles_load_like_torch_ones():
    f = _checkpoint({"w": _tensor_call(4, (2, 2), (2, 1))},
                    {"data/0": np.arange(4, dtype=np.float32).tobytes()})
    assert torch.load(io.BytesIO(f.getvalue()), weights_only=True)["w"].tolist() == \
        [[0.0, 1.0], [2.0, 3.0]]
    assert al.load(f)["w"].tolist() == [[0.0, 1.0], [2.0, 3.0]]


def test_a_pickle_calling_os_system_is_refused_before_it_runs(tmp_path):
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    f = _checkpoint(pkl=pickle.dumps({"w": Evil()}, protocol=2))
    with pytest.raises(pickle.UnpicklingError, match=r"refused global 'posix\.system'.*"
                       r"pass weights_only=False only if you trust the file"):
        al.load(f)
    assert not marker.exists()
    # the same object saved by al.save (which pickles anything) is refused on load too
    g = _al_file({"w": al.ones(1), "evil": Evil()})
    with pytest.raises(pickle.UnpicklingError, match=r"refused global 'posix\.system'"):
        al.load(g)
    assert not marker.exists()


def test_weights_only_refuses_other_globals_by_name_and_false_opts_in(tmp_path):
    model = al.nn.Sequential(al.nn.Linear(3, 2), al.nn.ReLU())
    obj = {"model": model, "array": np.arange(3.0), "point": _Point(1, 2), "w": al.ones(2)}
    al.save(obj, tmp_path / "all.pt")
    with pytest.raises(pickle.UnpicklingError, match=r"refused global 'aten_lite\.nn\..*"
                       r"weights_only=False"):
        al.load(tmp_path / "all.pt")
    with pytest.raises(pickle.UnpicklingError):  # torch refuses it too
        torch.load(tmp_path / "all.pt", weights_only=True)
    back = al.load(tmp_path / "all.pt", weights_only=False)
    x = al.randn(4, 3)
    assert al.equal(back["model"](x), model(x))
    assert isinstance(next(iter(back["model"].parameters())), al.nn.Parameter)
    np.testing.assert_array_equal(back["array"], np.arange(3.0))
    assert back["point"] == _Point(1, 2) and back["w"].tolist() == [1.0, 1.0]


class _Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __eq__(self, other):
        return (self.x, self.y) == (other.x, other.y)


def test_state_setting_and_item_stores_are_refused_on_other_types():
    # BUILD on a tensor would set its slots; SETITEM on a tensor would write into it.
    t = _tensor_call(1, (1,), (1,))
    one = {"data/0": np.ones(1, np.float32).tobytes()}
    with pytest.raises(pickle.UnpicklingError, match="sets the state of a Tensor"):
        al.load(_checkpoint(pkl=_raw_pickle(t, (None, {"_shape": (5,)}), pickle.BUILD),
                            entries=one))
    with pytest.raises(pickle.UnpicklingError, match="stores items into a Tensor"):
        al.load(_checkpoint(pkl=_raw_pickle(t, 0, 5.0, pickle.SETITEM), entries=one))
    with pytest.raises(pickle.UnpicklingError, match="appends to a Tensor"):
        al.load(_checkpoint(pkl=_raw_pickle(t, 0, pickle.APPEND), entries=one))


def _raw_pickle(*parts) -> bytes:
    """A protocol-2 pickle of `parts` in order: objects are pickled, bytes are opcodes."""
    buf = io.BytesIO()
    p = _HandPickler(buf)
    p.write(pickle.PROTO + bytes([2]))
    for part in parts:
        if isinstance(part, bytes):
            p.write(part)
        else:
            p.save(part)
    p.write(pickle.STOP)
    return buf.getvalue()


def test_missing_dtypes_and_other_tensor_kinds_are_refused_by_name():
    with pytest.raises(LoadError, match="dtype torch.uint16, which aten_lite has no dtype"):
        al.load(_torch_roundtrip_file({"w": torch.ones(2, dtype=torch.uint16)}))
    with pytest.raises(LoadError, match="dtype torch.uint16"):
        al.load(_torch_roundtrip_file(torch.ones(2, dtype=torch.uint16)))
    with pytest.raises(LoadError, match="dtype torch.complex64"):
        al.load(_torch_roundtrip_file(torch.ones(2, dtype=torch.complex64)))
    with pytest.raises(LoadError, match="_rebuild_sparse_tensor; aten_lite reads dense"):
        al.load(_torch_roundtrip_file(torch.ones(2).to_sparse()))


def test_declared_sizes_are_checked_before_allocating():
    values = np.arange(4, dtype=np.float32).tobytes()
    # a storage declaring 2**28 floats (1 GiB) over an entry of 16 bytes
    f = _checkpoint({"w": _tensor_call(2 ** 28, (2 ** 28,), (1,))}, {"data/0": values})
    tracemalloc.start()
    try:
        with pytest.raises(LoadError, match=r"storage '0' declares 268435456 float32 values "
                           r"\(1073741824 bytes\) but its entry 'archive/data/0' holds 16"):
            al.load(f)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2 ** 20
    # a truncated storage: the entry holds fewer bytes than the storage's numel
    f = _checkpoint({"w": _tensor_call(4, (4,), (1,))}, {"data/0": values[:10]})
    with pytest.raises(LoadError, match="entry 'archive/data/0' holds 10 bytes"):
        al.load(f)
    # a missing entry
    f = _checkpoint({"w": _tensor_call(4, (4,), (1,), key="7")}, {"data/0": values})
    with pytest.raises(LoadError, match="no entry 'archive/data/7'"):
        al.load(f)
    # a tensor reaching past its storage
    f = _checkpoint({"w": _tensor_call(4, (2, 3), (3, 1))}, {"data/0": values})
    with pytest.raises(LoadError, match=r"size \(2, 3\), stride \(3, 1\) and offset 0 reaches "
                       "element 5 of storage '0'"):
        al.load(f)
    f = _checkpoint({"w": _tensor_call(4, (2,), (-1,), offset=2)}, {"data/0": values})
    with pytest.raises(LoadError, match="negative size, stride or offset"):
        al.load(f)


def test_a_zip_declaring_more_bytes_than_it_holds_is_refused():
    f = _checkpoint({"w": _tensor_call(4, (4,), (1,))},
                    {"data/0": np.arange(4, dtype=np.float32).tobytes()})
    data = bytearray(f.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo("archive/data/0")
    central = data.rfind(b"archive/data/0") - 46
    data[central + 24:central + 28] = (2 ** 31).to_bytes(4, "little")  # uncompressed size
    with pytest.raises(ValueError, match="entry 'archive/data/0' declares 2147483648 bytes but "
                       "holds 16"):
        al.load(io.BytesIO(bytes(data)))
    assert info.file_size == 16


def test_big_endian_files_are_byteswapped():
    # torch.save's file with every storage rewritten big-endian and byteorder 'big'
    obj = {"f": torch.arange(6, dtype=torch.float32).reshape(2, 3), "i": torch.tensor([1, -2]),
           "h": torch.tensor([0.5], dtype=torch.float16), "b": torch.tensor([True, False])}
    itemsize = {"0": 4, "1": 8, "2": 2, "3": 1}  # keys in the order torch.save meets storages
    f = io.BytesIO()
    with zipfile.ZipFile(_torch_roundtrip_file(obj)) as src, zipfile.ZipFile(f, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "archive/byteorder":
                data = b"big"
            elif "/data/" in info.filename:
                n = itemsize[info.filename.rsplit("/", 1)[1]]
                data = np.frombuffer(data, f"<u{n}").astype(f">u{n}").tobytes()
            out.writestr(info.filename, data)
    f.seek(0)
    back = al.load(f)
    for key, want in obj.items():
        np.testing.assert_array_equal(back[key].numpy(), want.numpy())


def _legacy(obj) -> bytes:
    f = io.BytesIO()
    torch.save(obj, f, _use_new_zipfile_serialization=False)
    return f.getvalue()


def test_torch_legacy_checkpoints_load_with_the_same_checks():
    base = torch.arange(12, dtype=torch.float64).reshape(3, 4)
    tm, am = _mlps()
    obj = {"base": base, "t": base.t(), "i": torch.tensor([1, -2]), "sd": tm.state_dict(),
           "p": torch.nn.Parameter(torch.ones(2)), "misc": [1, "s", None]}
    back = al.load(io.BytesIO(_legacy(obj)))
    np.testing.assert_array_equal(back["t"].numpy(), base.t().numpy())
    back["base"][0, 1] = -1.0
    assert back["t"][1, 0].item() == -1.0  # views still share
    assert back["i"].dtype is al.int64 and isinstance(back["p"], al.nn.Parameter)
    am.load_state_dict(back["sd"])
    assert back["misc"] == [1, "s", None]
    data = _legacy({"w": torch.ones(4)})
    with pytest.raises(LoadError, match="ends after 8 of its 16 bytes; the file is truncated"):
        al.load(io.BytesIO(data[:-8]))
    # a storage declaring more values than the file has bytes left is refused before allocating
    at = data.index(b"FloatStorage")
    numel = data.index(b"K\x04", at)  # BININT1 4: the storage's element count
    big = data[:numel] + b"J" + (2 ** 30).to_bytes(4, "little") + data[numel + 2:]
    with pytest.raises(LoadError, match=r"declares 1073741824 float32 values \(4294967296 bytes\)"):
        al.load(io.BytesIO(big))
    with pytest.raises(pickle.UnpicklingError, match="refused global 'posix.system'"):
        al.load(io.BytesIO(data[:data.index(b"\x80\x02}")] + pickle.dumps(_Evil(), protocol=2)))


class _Evil:
    def __reduce__(self):
        return (os.system, ("true",))


def test_foreign_files_are_refused_by_kind(tmp_path):
    with pytest.raises(LoadError, match="not a checkpoint"):
        al.load(io.BytesIO(b"\x93NUMPY" + b"\0" * 64))
    with pytest.raises(LoadError, match="neither '<archive>/data.pkl'"):
        z = io.BytesIO()
        with zipfile.ZipFile(z, "w") as zz:
            zz.writestr("x.txt", "hi")
        z.seek(0)
        al.load(z)
    with pytest.raises(ValueError, match="map_location must be"):
        al.load(_al_file(al.ones(1)), map_location="meta")
    assert al.load(_al_file(al.ones(1)), map_location={"cuda:0": "cpu"}).tolist() == [1.0]


# ---- aten_lite's older npz checkpoints ----


def test_older_npz_checkpoints_still_load(tmp_path):
    meta = {"dict": [["w", {"tensor": "t0", "dtype": "float32", "requires_grad": True}],
                     ["n", {"list": [1, {"tuple": ["a", None]}]}]]}
    path = tmp_path / "old.al"
    with open(path, "wb") as fh:
        np.savez(fh, __meta__=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                 t0=np.arange(3, dtype=np.float32))
    back = al.load(path)
    assert back["w"].tolist() == [0.0, 1.0, 2.0] and back["w"].requires_grad
    assert back["n"] == [1, ("a", None)]


# ---- safetensors ----


def test_safetensors_files_interchange_with_safetensors_torch(tmp_path):
    pytest.importorskip("safetensors")
    from safetensors.torch import load_file as torch_load_file, save_file as torch_save_file
    from aten_lite.serialization import safetensors as st

    tensors = {name: al.tensor(_values(name, (2, 3))) for name in DTYPES}
    tensors["scalar"] = al.tensor(2.5)
    tensors["view"] = al.arange(12.0).reshape(3, 4).t()  # written as its values
    st.save_file(tensors, tmp_path / "a.safetensors", metadata={"format": "pt"})
    back = torch_load_file(str(tmp_path / "a.safetensors"))
    for name, t in tensors.items():
        assert back[name].dtype == getattr(torch, t.dtype.name)
        np.testing.assert_array_equal(back[name].numpy(), t.numpy())
    torch_save_file({"w": torch.arange(6.0).reshape(2, 3), "z": torch.tensor(3)},
                    str(tmp_path / "t.safetensors"))
    mine = st.load_file(tmp_path / "t.safetensors")
    assert mine["w"].tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] and mine["z"].shape == ()
    mine["w"][0, 0] = 7.0  # writable
    again = st.load(st.save({"w": mine["w"]}))
    assert again["w"][0, 0].item() == 7.0
    torch_save_file({"b": torch.ones(2, dtype=torch.uint16)}, str(tmp_path / "u16.safetensors"))
    with pytest.raises(TypeError, match="tensor 'b' .* has dtype 'U16', which aten_lite has no"):
        st.load_file(tmp_path / "u16.safetensors")
    with pytest.raises(TypeError, match="only dense CPU tensors"):
        st.save({"s": al.ones(2).to_sparse()})


def test_protocol_zero_object_opcodes_and_unhashable_calls_are_refused():
    inst = b"(ccollections\nOrderedDict\no."  # OBJ: makes an object from a class on the stack
    with pytest.raises(pickle.UnpicklingError, match="INST/OBJ"):
        al.load(_checkpoint(pkl=inst))
    with pytest.raises(pickle.UnpicklingError, match="calls"):  # REDUCE on a list
        al.load(_checkpoint(pkl=b"\x80\x02](tR."))
