"""torch's non-op Tensor surface that CPU-only programs use: Tensor.data,
legacy constructors, allclose/isclose/equal, device conventions, REPL habits, pickling,
save/load. torch 2.13 is the oracle where the behaviour is torch's."""

import copy
import io
import json
import pickle
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al

ROOT = Path(__file__).resolve().parent.parent


# ---- Tensor.data ----


def test_data_is_a_detached_alias_sharing_storage_not_version():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    d = x.data
    assert not d.requires_grad and d.grad_fn is None
    d.mul_(3)  # allowed: it is outside the graph, as the optimizer-style update in torch
    assert x.detach().tolist() == [3.0, 6.0]
    # As torch's: .data has a version counter of its own, .detach() shares x's.
    assert (x._version, d._version) == (0, 1)
    x.detach().mul_(2)
    assert x._version == 1


def test_setting_data_replaces_the_values_and_keeps_autograd_state():
    torch = pytest.importorskip("torch")
    x, tx = al.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    x.data = al.tensor([5.0, 6.0, 7.0])
    tx.data = torch.tensor([5.0, 6.0, 7.0])
    assert x.requires_grad and x.shape == tuple(tx.shape) == (3,)
    (x * x).sum().backward()
    (tx * tx).sum().backward()
    assert x.grad.tolist() == tx.grad.tolist()
    with pytest.raises(TypeError, match="data must be a Tensor, got list"):
        x.data = [1.0]


# ---- legacy constructors ----


@pytest.mark.parametrize("name", ["FloatTensor", "DoubleTensor", "LongTensor", "IntTensor",
                                  "ByteTensor", "BoolTensor", "HalfTensor", "ShortTensor",
                                  "CharTensor"])
def test_legacy_typed_constructors_match_torch(name):
    torch = pytest.importorskip("torch")
    ours, theirs = getattr(al, name)([1, 0, 1]), getattr(torch, name)([1, 0, 1])
    assert ours.dtype.name == str(theirs.dtype).removeprefix("torch.")
    assert ours.tolist() == theirs.tolist()
    assert getattr(al, name)(2, 3).shape == (2, 3)
    assert isinstance(ours, getattr(al, name)) and not isinstance(ours.double() if
                                                                  name != "DoubleTensor" else ours.float(), getattr(al, name))
    assert ours.type() == f"aten_lite.{name}"


# ---- comparisons ----


def test_isclose_allclose_equal_match_torch():
    torch = pytest.importorskip("torch")
    a = [1.0, float("nan"), float("inf"), -float("inf"), 1e-9, 100.0]
    b = [1.0 + 1e-6, float("nan"), float("inf"), float("inf"), 0.0, 100.01]
    for kw in ({}, {"equal_nan": True}, {"rtol": 1e-3, "atol": 0.0}, {"rtol": 0, "atol": 0}):
        ours = al.isclose(al.tensor(a), al.tensor(b), **kw)
        theirs = torch.isclose(torch.tensor(a), torch.tensor(b), **kw)
        assert ours.dtype is al.bool and ours.tolist() == theirs.tolist(), kw
    x = al.tensor([[1.0, 2.0]])
    assert al.allclose(x, x + 1e-9) and not al.allclose(x, x + 1)
    assert al.isclose(al.tensor([2**60 + 1]), al.tensor([2**60 + 1]), rtol=0, atol=0).item()
    assert al.equal(x, x.clone()) and not al.equal(x, x.t()) and not al.equal(x, x + 1)
    n = al.tensor([float("nan")])
    assert al.equal(n, n) == torch.equal(torch.tensor([float("nan")]), torch.tensor([float("nan")]))
    with pytest.raises(RuntimeError, match="isclose\\(\\): float32 did not match int64"):
        al.isclose(x, al.tensor([[1, 2]]))


# ---- device conventions ----


def test_cpu_only_device_conventions():
    assert al.cuda.is_available() is False and al.cuda.device_count() == 0
    al.set_default_device("cpu")
    assert al.get_default_device() == "cpu"
    x = al.ones(2)
    assert x.to("cpu") is x and x.cpu() is x and x.to(al.device("cpu")) is x
    assert al.zeros(1, device="meta").cpu  # exists on meta too
    device = al.device("cuda" if al.cuda.is_available() else "cpu")
    assert al.ones(2, device=device).device == "cpu"


@pytest.mark.parametrize("call", [lambda: al.device("mps"), lambda: al.ones(2).to("mps"),
                                  lambda: al.zeros(2, device="xpu:0"),
                                  lambda: al.set_default_device("mps")])
def test_an_absent_device_names_the_available_ones(call):
    with pytest.raises((ValueError, TypeError)) as e:
        call()
    assert "is not available: aten_lite runs on the CPU only" in str(e.value)
    assert "available devices: 'cpu', 'meta'" in str(e.value)


@pytest.mark.skipif(al.cuda.is_available(), reason="a CUDA GPU is present")
@pytest.mark.parametrize("call", [lambda: al.device("cuda"), lambda: al.ones(2).to("cuda"),
                                  lambda: al.zeros(2, device="cuda:0"),
                                  lambda: al.set_default_device("cuda")])
def test_cuda_without_a_driver_names_what_to_install(call):
    with pytest.raises((ValueError, TypeError)) as e:
        call()
    assert "device 'cuda' is not available: no CUDA driver" in str(e.value)
    assert "pip install 'aten_lite[cuda]'" in str(e.value)
    assert "available devices: 'cpu', 'meta'" in str(e.value)


# ---- REPL habits ----


def test_version_is_the_package_version():
    text = (ROOT / "pyproject.toml").read_text()
    assert al.__version__ == re.search(r'^version = "(.+)"$', text, re.M)[1]


def test_type_new_and_is_tensor_match_torch():
    torch = pytest.importorskip("torch")
    x, tx = al.ones(2, dtype=al.float64), torch.ones(2, dtype=torch.float64)
    assert x.type() == "aten_lite.DoubleTensor" and tx.type() == "torch.DoubleTensor"
    assert x.type(al.int32).dtype is al.int32 and x.type("torch.LongTensor").dtype is al.int64
    assert x.type(al.LongTensor).dtype is al.int64
    with pytest.raises(ValueError, match="type\\(\\): invalid type 'foo'"):
        x.type("foo")
    for name, args in (("new_zeros", ((2, 3),)), ("new_ones", ([4],)), ("new_full", ((2,), 7)),
                       ("new_empty", ((3,),))):
        ours, theirs = getattr(x, name)(*args), getattr(tx, name)(*args)
        assert ours.shape == tuple(theirs.shape) and ours.dtype is al.float64, name
        if name != "new_empty":
            assert ours.tolist() == theirs.tolist(), name
    assert x.new_zeros(2, dtype=al.int64).dtype is al.int64
    assert x.new_tensor([1, 2]).dtype is al.float64 and x.new_tensor([1, 2]).tolist() == [1, 2]
    assert al.is_tensor(x) and not al.is_tensor(np.ones(2)) and not al.is_tensor([1.0])


def test_inference_mode_turns_recording_off():
    x = al.ones(2, requires_grad=True)
    with al.inference_mode():
        assert al.is_inference_mode_enabled() and not (x * 2).requires_grad
    assert not al.is_inference_mode_enabled() and (x * 2).requires_grad

    @al.inference_mode()
    def f():
        return x * 2

    @al.inference_mode
    def g():
        return x * 2

    assert not f().requires_grad and not g().requires_grad
    with al.inference_mode(False):
        assert (x * 2).requires_grad


@pytest.mark.parametrize("name", ["complex64", "complex128", "uint16"])
def test_torch_dtypes_that_do_not_exist_are_explained(name):
    with pytest.raises(AttributeError) as e:
        getattr(al, name)
    assert str(e.value) == (
        f"aten_lite.{name} is not supported: aten_lite has no {name} dtype; supported dtypes: "
        "bool, uint8, int8, int16, int32, int64, float16, float32, float64, bfloat16")
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        al.no_such_name


# ---- pickle and deepcopy ----


def test_pickle_keeps_values_and_requires_grad_and_copies_storages_as_torch():
    torch = pytest.importorskip("torch")
    x = al.arange(12.0).reshape(3, 4).requires_grad_()
    with al.no_grad():
        view = x[1:, ::2]
    a, b = pickle.loads(pickle.dumps((x, view)))
    assert a.requires_grad and not b.requires_grad and a.tolist() == x.tolist()
    assert b.tolist() == view.tolist() and b.stride() == view.stride()
    b.detach().fill_(-1)  # torch's pickle gives each tensor its own storage: no sharing
    tx = torch.arange(12.0).reshape(3, 4)
    ta, tb = pickle.loads(pickle.dumps((tx, tx[1:, ::2])))
    tb.fill_(-1)
    assert a.tolist() == ta.tolist()
    with pytest.raises(RuntimeError, match="Cowardly refusing to serialize non-leaf tensor"):
        pickle.dumps(x * 2)


def test_pickle_of_meta_sparse_and_integer_tensors():
    m = pickle.loads(pickle.dumps(al.zeros(2, 3, device="meta")))
    assert m.is_meta and m.shape == (2, 3)
    s = al.sparse_coo_tensor(al.tensor([[0, 1]]), al.tensor([3.0, 4.0]), (3,))
    assert pickle.loads(pickle.dumps(s)).to_dense().tolist() == [3.0, 4.0, 0.0]
    i = pickle.loads(pickle.dumps(al.tensor([[1, 2], [3, 4]]).t()))
    assert i.tolist() == [[1, 3], [2, 4]] and i.dtype is al.int64


def test_deepcopy_copies_data_grad_and_keeps_sharing():
    x = al.ones(3, requires_grad=True)
    (x * 2).sum().backward()
    c = copy.deepcopy(x)
    assert c.requires_grad and c.grad.tolist() == [2.0, 2.0, 2.0] and c.is_leaf
    c.detach().add_(1)
    assert x.tolist() == [1.0, 1.0, 1.0]
    with al.no_grad():
        v = x[:2]
    cx, cv = copy.deepcopy([x, v])
    cv.detach().zero_()
    assert cx.tolist() == [0.0, 0.0, 1.0]  # one deepcopy shares storages, as torch's
    torch = pytest.importorskip("torch")
    tx = torch.ones(3)
    tcx, tcv = copy.deepcopy([tx, tx[:2]])
    tcv.zero_()
    assert tcx.tolist() == cx.tolist()
    with pytest.raises(RuntimeError, match="Only Tensors created explicitly by the user"):
        copy.deepcopy(x * 2)


def test_modules_pickle_and_deepcopy():
    m = al.nn.Sequential(al.nn.Linear(3, 2), al.nn.ReLU())
    x = al.randn(4, 3)
    for clone in (copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert al.equal(clone(x), m(x))
        p = next(iter(clone.parameters()))
        assert isinstance(p, al.nn.Parameter) and p.requires_grad
        with al.no_grad():
            p.zero_()
        assert not al.equal(clone(x), m(x))


# ---- save / load ----


def test_save_load_tensors_and_state_dicts(tmp_path):
    m = al.nn.Linear(3, 2)
    obj = {"model": m.state_dict(), "step": 7, "names": ["a", "b"], "t": (al.arange(3), None),
           "flag": True, "h": al.tensor([1.5], dtype=al.float16).requires_grad_()}
    for f in (tmp_path / "ckpt.pt", io.BytesIO()):
        al.save(obj, str(f) if isinstance(f, Path) else f)
        if isinstance(f, io.BytesIO):
            f.seek(0)
        back = al.load(str(f) if isinstance(f, Path) else f)
        assert list(back["model"]) == ["weight", "bias"]
        assert al.equal(back["model"]["weight"], m.weight.detach())
        assert back["step"] == 7 and back["names"] == ["a", "b"] and back["flag"] is True
        assert back["t"][0].dtype is al.int64 and back["t"][1] is None
        assert isinstance(back["t"], tuple) and back["h"].requires_grad
        assert back["h"].dtype is al.float16
    m2 = al.nn.Linear(3, 2)
    m2.load_state_dict(al.load(str(tmp_path / "ckpt.pt"))["model"])
    x = al.randn(5, 3)
    assert al.equal(m2(x), m(x))


def test_older_npz_checkpoints_load_without_pickle(tmp_path):
    # al.save once wrote an .npz of arrays plus JSON metadata; al.load still reads those files
    # with NumPy's allow_pickle=False (tests/test_checkpoints.py covers torch's format).
    meta = '{"dict": [["w", {"tensor": "t0", "dtype": "float32", "requires_grad": false}]]}'
    path = tmp_path / "t.npz"
    np.savez(path, __meta__=np.frombuffer(meta.encode(), np.uint8), t0=np.ones((2, 2), np.float32))
    assert al.load(str(path))["w"].tolist() == [[1.0, 1.0], [1.0, 1.0]]
    evil = tmp_path / "evil.npz"
    np.savez(evil, __meta__=np.array([{"x": 1}], dtype=object))
    with pytest.raises(ValueError, match="allow_pickle=False"):
        al.load(str(evil))


def _npz(entries: dict, compress: int = zipfile.ZIP_STORED) -> io.BytesIO:
    """An archive written by hand: entry name -> (.npy header dict, value bytes)."""
    f = io.BytesIO()
    with zipfile.ZipFile(f, "w", compress) as z:
        for name, (header, data) in entries.items():
            npy = io.BytesIO()
            np.lib.format.write_array_header_1_0(npy, header)
            z.writestr(f"{name}.npy", npy.getvalue() + data)
    f.seek(0)
    return f


def _meta(**tensors) -> tuple[dict, bytes]:
    text = json.dumps({"dict": [[k, {"tensor": v, "dtype": "float32", "requires_grad": False}]
                                for k, v in tensors.items()]}).encode()
    return {"descr": "|u1", "fortran_order": False, "shape": (len(text),)}, text


def test_load_refuses_an_entry_declaring_more_than_the_file_holds():
    # 16 bytes of values under a header declaring 2**30 float32 values (4 GiB): np.load would
    # allocate the 4 GiB before finding the data short.
    huge = {"descr": "<f4", "fortran_order": False, "shape": (2 ** 30,)}
    for compress in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        f = _npz({"__meta__": _meta(w="t0"), "t0": (huge, b"\0" * 16)}, compress)
        with pytest.raises(ValueError, match=r"load\(\): entry 't0' declares shape "
                           r"\(1073741824,\) of float32 \(4294967296 bytes\) but holds 16 bytes"):
            al.load(f)
    # The zip's own declared size, larger than its compressed bytes can inflate to.
    good = {"descr": "<f4", "fortran_order": False, "shape": (4,)}
    f = _npz({"__meta__": _meta(w="t0"), "t0": (good, b"\0" * 16)}, zipfile.ZIP_DEFLATED)
    data = bytearray(f.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo("t0.npy")
    for where in (info.header_offset + 22, data.rfind(b"t0.npy") - 46 + 24):  # local, central
        data[where:where + 4] = (2 ** 32 - 1).to_bytes(4, "little")
    with pytest.raises(ValueError, match=r"load\(\): entry 't0' declares 4294967295 bytes, more "
                       "than its"):
        al.load(io.BytesIO(bytes(data)))
    # The same entries with honest sizes load, stored or deflated (np.savez_compressed).
    want = np.arange(4, dtype=np.float32)
    for compress in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        back = al.load(_npz({"__meta__": _meta(w="t0"), "t0": (good, want.tobytes())}, compress))
        np.testing.assert_array_equal(back["w"].numpy(), want)
    f = io.BytesIO()
    np.savez_compressed(f, __meta__=np.frombuffer(_meta(w="t0")[1], np.uint8), t0=want)
    f.seek(0)
    np.testing.assert_array_equal(al.load(f)["w"].numpy(), want)
    with pytest.raises(ValueError, match="not a checkpoint"):
        al.load(io.BytesIO(b"\x93NUMPY" + b"\0" * 64))


def test_save_pickles_anything_and_load_refuses_what_is_not_weights():
    # al.save pickles any object as torch.save does; the default load refuses a global it met.
    f = io.BytesIO()
    al.save({"f": len, (1, 2): al.ones(1)}, f)
    f.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="refused global 'builtins.len'"):
        al.load(f)
    f.seek(0)
    back = al.load(f, weights_only=False)
    assert back["f"] is len and back[(1, 2)].tolist() == [1.0]


def test_save_keeps_zero_dim_shapes_and_number_keys():
    # An optimizer's state_dict keys its state by parameter index; a BatchNorm's
    # num_batches_tracked is 0-dim and must come back 0-dim (load_state_dict checks shapes).
    f = io.BytesIO()
    al.save({"state": {0: {"step": al.tensor(3.0)}, 1: {}}, "n": al.tensor(7)}, f)
    f.seek(0)
    back = al.load(f)
    assert list(back["state"]) == [0, 1] and back["state"][0]["step"].shape == ()
    assert back["n"].shape == () and back["n"].item() == 7
    assert pickle.loads(pickle.dumps(al.tensor(2.5))).shape == ()


# ---- random: generators ----


def test_generator_streams_are_reproducible_and_independent():
    g = al.Generator().manual_seed(5)
    a = al.randn(4, generator=g)
    state = g.get_state()
    b = al.rand(3, generator=g)
    g.set_state(state)
    assert al.equal(al.rand(3, generator=g), b)
    assert al.equal(al.randn(4, generator=al.Generator().manual_seed(5)), a)
    assert g.initial_seed() == 5 and al.Generator().initial_seed() == 67280421310721
    al.manual_seed(0)
    x = al.rand(2)
    al.manual_seed(0)
    al.rand(5, generator=g)  # another generator does not move the default stream
    assert al.equal(al.rand(2), x)
    s = g.seed()
    assert g.initial_seed() == s
    with pytest.raises(RuntimeError, match="set_state expects the uint8 tensor of shape"):
        g.set_state(al.zeros(3))
    with pytest.raises(TypeError, match="generator must be an aten_lite.Generator, got int"):
        al.rand(2, generator=3)


def test_same_seed_same_stream_in_another_process():
    code = ("import aten_lite as al; g = al.Generator().manual_seed(123); "
            "print([al.rand(2, generator=g).tolist(), al.randint(0, 100, (3,), generator=g).tolist(), "
            "al.randperm(5, generator=g).tolist(), al.multinomial(al.ones(6), 3, generator=g).tolist()])")
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           timeout=120) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    g = al.Generator().manual_seed(123)
    here = [al.rand(2, generator=g).tolist(), al.randint(0, 100, (3,), generator=g).tolist(),
            al.randperm(5, generator=g).tolist(), al.multinomial(al.ones(6), 3, generator=g).tolist()]
    assert runs[0].stdout == runs[1].stdout == f"{here}\n"


def test_randperm_normal_bernoulli_distributions():
    g = al.Generator().manual_seed(1)
    p = al.randperm(1000, generator=g)
    assert sorted(p.tolist()) == list(range(1000)) and p.dtype is al.int64
    z = al.normal(2.0, 3.0, (20000,), generator=g)
    assert abs(z.mean().item() - 2.0) < 0.1 and abs(z.std().item() - 3.0) < 0.1 \
        if hasattr(z, "std") else abs(z.mean().item() - 2.0) < 0.1
    zt = al.normal(al.tensor([0.0, 100.0]), al.tensor([1.0, 0.0]), generator=g)
    assert zt[1].item() == 100.0 and zt.shape == (2,)
    b = al.bernoulli(al.full((20000,), 0.3), generator=g)
    assert b.dtype is al.float32 and set(np.unique(b.numpy())) <= {0.0, 1.0}
    assert abs(b.mean().item() - 0.3) < 0.02
    assert al.ones(3).bernoulli(0.0, generator=g).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(RuntimeError, match="expected all probabilities p to be in \\[0, 1\\]"):
        al.bernoulli(al.tensor([1.5]))
    with pytest.raises(RuntimeError, match="normal expects std >= 0.0"):
        al.normal(0.0, -1.0, (2,))


def test_multinomial_with_and_without_replacement():
    g = al.Generator().manual_seed(2)
    w = al.tensor([[0.0, 1.0, 3.0, 0.0], [5.0, 0.0, 0.0, 5.0]])
    draws = al.multinomial(w, 3000, replacement=True, generator=g)
    assert draws.shape == (2, 3000) and draws.dtype is al.int64
    counts = np.bincount(draws[0].numpy(), minlength=4)
    assert counts[0] == counts[3] == 0 and abs(counts[2] / 3000 - 0.75) < 0.03
    assert set(draws[1].tolist()) == {0, 3}
    for _ in range(20):
        row = w[0].multinomial(2, generator=g).tolist()
        assert sorted(row) == [1, 2]  # without replacement: each non-zero index once
    with pytest.raises(RuntimeError, match="row 0 has 2 non-zero weights, fewer than num_samples=3"):
        al.multinomial(w, 3)
    with pytest.raises(RuntimeError, match="cannot sample n_sample=5 > prob_dist.size\\(-1\\)=4"):
        al.multinomial(w, 5)
    with pytest.raises(RuntimeError, match="inf, nan or element < 0"):
        al.multinomial(al.tensor([1.0, -1.0]), 1)


def test_dropout_scales_the_kept_elements_and_its_gradient():
    g = al.Generator().manual_seed(3)
    x = al.ones(10000, requires_grad=True)
    y = al.dropout(x, 0.25, generator=g)
    kept = y.detach().numpy() != 0
    assert np.allclose(y.detach().numpy()[kept], 1 / 0.75) and abs(kept.mean() - 0.75) < 0.02
    y.sum().backward()
    assert np.array_equal(x.grad.numpy(), y.detach().numpy())
    assert al.dropout(x, 0.5, train=False) is x
    same = al.dropout(x, 0.25, generator=al.Generator().manual_seed(3))
    assert al.equal(same, y)
    with pytest.raises(ValueError, match="between 0 and 1, but got 1.5"):
        al.dropout(x, 1.5)


def test_uniform_and_normal_fill_in_place_under_no_grad():
    w = al.empty(1000, requires_grad=True)
    with al.no_grad():
        w.uniform_(-2, 2, generator=al.Generator().manual_seed(0))
    assert -2 <= w.min().item() and w.max().item() < 2
    with pytest.raises(RuntimeError, match="leaf Variable that requires grad"):
        w.normal_()


# ---- repeat, flip, roll, unique (ops declared in native_functions.yaml) ----


def _both(torch, data):
    a = np.array(data, dtype=np.float64)
    return al.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)


@pytest.mark.parametrize("op", [
    lambda t, x: x.repeat(2, 3), lambda t, x: x.repeat(2, 1, 2), lambda t, x: x.t().repeat(1, 2),
    lambda t, x: t.flip(x, [0]), lambda t, x: x.flip([0, 1]), lambda t, x: x.flip([-1]),
    lambda t, x: t.roll(x, 1), lambda t, x: x.roll(-4), lambda t, x: x.roll([1, -1], [0, 1]),
    lambda t, x: x.roll(5, 1), lambda t, x: x[:, :0].roll(1, 1),
])
def test_repeat_flip_roll_values_and_gradients_match_torch(op):
    torch = pytest.importorskip("torch")
    x, tx = _both(torch, np.arange(6.0).reshape(2, 3))
    y, ty = op(al, x), op(torch, tx)
    assert y.tolist() == ty.tolist() and y.shape == tuple(ty.shape)
    w = np.arange(y.numel(), dtype=np.float64).reshape(y.shape) + 1
    (y * al.tensor(w)).sum().backward()
    (ty * torch.tensor(w)).sum().backward()
    assert x.grad.tolist() == tx.grad.tolist()


def test_repeat_flip_roll_errors():
    x = al.ones(2, 3)
    with pytest.raises(RuntimeError, match="number of repeat dims \\(1\\) can not be smaller"):
        x.repeat(2)
    with pytest.raises(RuntimeError, match="dims has duplicates: \\[0, 0\\]"):
        x.flip([0, -2])
    with pytest.raises(RuntimeError, match="shifts and dimensions must align"):
        x.roll([1, 2], [0])


def test_unique_matches_torch():
    torch = pytest.importorskip("torch")
    data = [[3, 1, 3], [2, 1, 7]]
    for kw in ({}, {"return_inverse": True}, {"return_counts": True},
               {"return_inverse": True, "return_counts": True}):
        ours, theirs = al.tensor(data).unique(**kw), torch.tensor(data).unique(**kw)
        ours = ours if isinstance(ours, tuple) else (ours,)
        theirs = theirs if isinstance(theirs, tuple) else (theirs,)
        assert [o.tolist() for o in ours] == [t.tolist() for t in theirs], kw
        assert [o.dtype.name for o in ours] == [str(t.dtype)[6:] for t in theirs], kw
    x = al.tensor([2.0, 1.0, 2.0], requires_grad=True)
    assert not al.unique(x).requires_grad
    with pytest.raises(NotImplementedError, match="unique\\(dim=0\\) is not supported"):
        al.unique(x, dim=0)
