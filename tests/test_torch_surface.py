"""The small parts of torch's surface that real programs touch beyond the ops: torch's import
paths (utils.data submodules, nn.modules.<file>), a lazy RandomSampler, softmax's implicit
dim, the CUDA/cuDNN/MPS flags, amp (autocast, GradScaler), constants, print options,
new_* factories, grad_fn.next_functions order, Embedding.from_pretrained, gradient clipping
and nn.init; each compared with torch."""

from __future__ import annotations

import importlib
import itertools
import math
import warnings

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as F
from aten_lite.nn import init

torch = pytest.importorskip("torch")
TF = torch.nn.functional


# ---- import paths ----


@pytest.mark.parametrize("module, names", [
    ("utils.data.dataloader", ["DataLoader", "default_collate", "default_convert",
                               "get_worker_info"]),
    ("utils.data.dataset", ["Dataset", "TensorDataset", "Subset", "random_split",
                            "ConcatDataset", "IterableDataset"]),
    ("utils.data.sampler", ["Sampler", "SequentialSampler", "RandomSampler", "BatchSampler",
                            "SubsetRandomSampler", "WeightedRandomSampler"]),
    ("nn.modules.linear", ["Linear", "Identity"]),
    ("nn.modules.activation", ["ReLU", "LeakyReLU", "SiLU", "Tanh", "Sigmoid", "GELU",
                               "Softmax", "LogSoftmax"]),
    ("nn.modules.loss", ["CrossEntropyLoss", "MSELoss", "NLLLoss", "BCEWithLogitsLoss",
                         "L1Loss", "SmoothL1Loss", "HuberLoss", "KLDivLoss", "BCELoss"]),
    ("nn.modules.module", ["Module"]),
    ("nn.modules.container", ["Sequential", "ModuleList", "ModuleDict"]),
    ("nn.modules.dropout", ["Dropout"]),
    ("nn.modules.normalization", ["LayerNorm"]),
    ("nn.modules.batchnorm", ["BatchNorm1d"]),
    ("nn.modules.sparse", ["Embedding"]),
    ("nn.modules.flatten", ["Flatten", "Unflatten"]),
    ("nn.modules.padding", ["ZeroPad2d", "ReflectionPad1d"]),
    ("nn.modules.distance", ["CosineSimilarity"]),
    ("nn.modules.conv", ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
                         "ConvTranspose3d"]),
    ("nn.modules.fold", ["Fold", "Unfold"]),
    ("nn.modules.pooling", ["MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d",
                            "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d",
                            "AdaptiveMaxPool2d", "MaxUnpool1d", "MaxUnpool2d"]),
    ("nn.modules.upsampling", ["Upsample"]),
    ("nn.parameter", ["Parameter"]),
    ("cuda.amp", ["GradScaler", "autocast"]),
    ("backends.cudnn", ["benchmark", "deterministic", "allow_tf32", "enabled"]),
])
def test_torch_import_paths_name_the_same_objects(module, names):
    ours = importlib.import_module(f"aten_lite.{module}")
    theirs = importlib.import_module(f"torch.{module}")
    top_ours = importlib.import_module("aten_lite." + module.split(".")[0])
    for name in names:
        assert hasattr(theirs, name), (module, name)  # torch has it there too
        obj = getattr(ours, name)
        if isinstance(obj, type):
            # the same class as the one the package exports under its usual name
            parent = "aten_lite.nn" if module.startswith("nn.") else (
                "aten_lite.utils.data" if module.startswith("utils.") else None)
            if parent is not None:
                assert getattr(importlib.import_module(parent), name) is obj
    assert top_ours is not None


def test_utils_data_distributed_path():
    data = importlib.import_module("aten_lite.utils.data")
    if not hasattr(data, "DistributedSampler"):
        pytest.skip("DistributedSampler is not in aten_lite.utils.data on this branch")
    from aten_lite.utils.data.distributed import DistributedSampler
    assert DistributedSampler is data.DistributedSampler


def test_every_existing_utils_data_name_still_imports():
    from aten_lite.utils import data
    for name in data.__all__:
        assert getattr(data, name) is not None
    from aten_lite.utils.data import DataLoader, TensorDataset  # noqa: F401


# ---- RandomSampler ----


def test_random_sampler_with_replacement_is_lazy():
    from aten_lite.utils.data.sampler import RandomSampler
    s = RandomSampler(range(7), replacement=True, num_samples=10**10)
    assert len(s) == 10**10
    first = list(itertools.islice(iter(s), 100))  # would need 74 GiB if drawn at once
    assert len(first) == 100 and all(0 <= i < 7 for i in first)
    t = torch.utils.data.RandomSampler(range(7), replacement=True, num_samples=10**10)
    assert len(list(itertools.islice(iter(t), 100))) == 100


@pytest.mark.parametrize("replacement, n", [(True, 70), (True, 32), (True, 5), (False, 17)])
def test_random_sampler_counts_and_generator(replacement, n):
    from aten_lite.utils.data import RandomSampler
    draw = lambda: list(RandomSampler(range(5), replacement, n,  # noqa: E731
                                      generator=al.Generator().manual_seed(4)))
    a = draw()
    assert a == draw() and len(a) == n and set(a) <= set(range(5))
    if not replacement:  # each full pass is a permutation, as torch's
        assert sorted(a[:15]) == sorted(list(range(5)) * 3)


def test_random_sampler_draws_its_seed_at_the_first_index_as_torch():
    from aten_lite.utils.data import RandomSampler
    for lib, sampler in ((al, RandomSampler), (torch, torch.utils.data.RandomSampler)):
        lib.manual_seed(0)
        it = iter(sampler(range(4)))  # draws nothing from the global stream yet
        after_iter = lib.randint(0, 1000, (1,)).item()
        lib.manual_seed(0)
        assert after_iter == lib.randint(0, 1000, (1,)).item(), lib.__name__
        assert next(it) in range(4)


# ---- softmax without dim ----


@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 3, 4), (1, 2, 3, 4)])
@pytest.mark.parametrize("name", ["softmax", "log_softmax", "softmin"])
def test_softmax_implicit_dim_matches_torch(shape, name):
    x = np.asarray(np.random.RandomState(0).randn(*shape), np.float32)
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        a = getattr(F, name)(al.tensor(x))
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        t = getattr(TF, name)(torch.tensor(x))
    np.testing.assert_allclose(a.numpy(), t.numpy(), rtol=1e-6, atol=1e-6)
    assert [str(w.message) for w in ours] == [str(w.message) for w in theirs]
    assert ours[0].category is UserWarning and ours[0].filename == __file__


def test_softmax_module_without_dim_warns_as_torch():
    with pytest.warns(UserWarning, match="Implicit dimension choice for softmax"):
        out = al.nn.Softmax()(al.ones(2, 3))
    assert out.sum(1).tolist() == pytest.approx([1.0, 1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        F.softmax(al.ones(2, 3), dim=1)  # an explicit dim does not warn


# ---- backend flags ----


def test_backend_flags_have_torchs_defaults_and_are_settable():
    for path in ("cuda.matmul.allow_tf32", "cudnn.allow_tf32", "cudnn.benchmark",
                 "cudnn.deterministic", "cudnn.enabled"):
        ours, theirs = al.backends, torch.backends
        for part in path.split("."):
            ours, theirs = getattr(ours, part), getattr(theirs, part)
        assert ours == theirs, path
    assert al.backends.mps.is_available() is torch.backends.mps.is_available() is False
    assert al.backends.cudnn.is_available() is False and al.backends.cudnn.version() is None
    assert al.backends.cuda.is_built() is False
    assert al.backends.cpu is not None  # the CPU kernel package
    import aten_lite.backends.cudnn as cudnn
    cudnn.benchmark, cudnn.deterministic = True, True
    try:
        assert al.backends.cudnn.benchmark and al.backends.cudnn.deterministic
    finally:
        cudnn.benchmark, cudnn.deterministic = False, False
    try:
        al.backends.cuda.matmul.allow_tf32 = True
        assert al.get_float32_matmul_precision() == "high"
        al.set_float32_matmul_precision("highest")
        assert al.backends.cuda.matmul.allow_tf32 is False
    finally:
        al.set_float32_matmul_precision("highest")
    with pytest.raises(ValueError, match="'low' is not one of"):
        al.set_float32_matmul_precision("low")
    with pytest.raises(AttributeError, match="allow_tf32"):
        al.backends.cuda.matmul.allow_tf23 = True


# ---- amp ----


def test_disabled_grad_scaler_passes_through_as_torch():
    for lib in (al, torch):
        scaler = lib.amp.GradScaler(enabled=False)
        w = lib.nn.Parameter(lib.ones(2))
        opt = lib.optim.SGD([w], lr=0.5)
        loss = (w * 3).sum()
        assert scaler.scale(loss) is loss
        scaler.scale(loss).backward()
        scaler.unscale_(opt)
        scaler.step(opt)
        scaler.update()
        assert w.tolist() == [-0.5, -0.5]
        assert scaler.state_dict() == {} and scaler.get_scale() == 1.0
        assert not scaler.is_enabled()


@pytest.mark.parametrize("make", [lambda lib: lib.amp.GradScaler(),
                                  lambda lib: lib.amp.GradScaler("cuda"),
                                  lambda lib: lib.cuda.amp.GradScaler()])
def test_cuda_grad_scaler_without_cuda_warns_and_disables(make):
    for lib in (al, torch):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            scaler = make(lib)
        assert not scaler.is_enabled()
        assert any(w.category is UserWarning and "Disabling" in str(w.message) for w in seen)


def _scaled_training(lib, grads_blow_up_at):
    w = lib.nn.Parameter(lib.tensor([1.0, -2.0]))
    opt = lib.optim.SGD([w], lr=0.1)
    scaler = lib.amp.GradScaler("cpu", init_scale=8.0, growth_interval=2)
    scales, values = [], []
    for step in range(6):
        opt.zero_grad()
        loss = (w * w).sum() * (math.inf if step in grads_blow_up_at else 1.0)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        scales.append(scaler.get_scale())
        values.append(w.detach().tolist())
    return scales, values, scaler.state_dict()


def test_enabled_cpu_grad_scaler_matches_torch():
    ours = _scaled_training(al, {2})
    theirs = _scaled_training(torch, {2})
    assert ours[0] == theirs[0]  # the scale: grown every 2 good steps, halved on the inf
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-6)
    assert ours[2] == theirs[2]


def test_grad_scaler_misuse_errors():
    w = al.nn.Parameter(al.ones(2))
    opt = al.optim.SGD([w], lr=0.1)
    scaler = al.amp.GradScaler("cpu")
    scaler.scale(w.sum()).backward()
    scaler.unscale_(opt)
    with pytest.raises(RuntimeError, match="already been called"):
        scaler.unscale_(opt)
    scaler.step(opt)
    with pytest.raises(RuntimeError, match="step\\(\\) has already been called"):
        scaler.step(opt)
    scaler.update()
    with pytest.raises(RuntimeError, match="empty"):
        scaler.load_state_dict({})


def test_autocast_regions():
    for lib in (al, torch):
        with lib.autocast("cpu", enabled=False):
            y = lib.ones(2, 2) @ lib.ones(2, 2)
        assert y.dtype == lib.float32
        with lib.amp.autocast("cuda", enabled=False):
            pass
        with pytest.warns(UserWarning, match="Disabling autocast"):
            region = lib.autocast("cuda")
        with region:
            assert (lib.ones(2) * 2).dtype == lib.float32
        with pytest.warns(FutureWarning):
            lib.cuda.amp.autocast(enabled=False)
        with pytest.raises(ValueError, match="Expected `device_type` of type `str`"):
            lib.autocast(device_type=1)
        with pytest.raises(RuntimeError, match="Expected one of cpu, cuda"):
            lib.autocast("tpu")
        with pytest.warns(UserWarning, match="target dtype is not supported"):
            lib.autocast("cpu", dtype=lib.float64)

    @al.autocast("cpu", enabled=False)
    def f(x):
        return x + 1

    assert f(al.ones(1)).tolist() == [2.0]
    # CPU autocast casts products (its behaviour is tested in tests/test_bfloat16.py)
    for lib in (al, torch):
        with lib.autocast("cpu"):
            assert (lib.ones(2, 2) @ lib.ones(2, 2)).dtype == lib.bfloat16
        with lib.autocast("cpu", dtype=lib.float16):
            assert (lib.ones(2, 2) @ lib.ones(2, 2)).dtype == lib.float16


# ---- constants and print options ----


def test_constants():
    assert (al.inf, al.pi, al.e) == (torch.inf, torch.pi, torch.e)
    assert math.isnan(al.nan) and math.isnan(torch.nan)


_PRINT_VALUES = [np.array([1.23456, 2.5]), np.array([[1.0, 2.0], [3.0, 4.0]]),
                 np.array([1e-5, 1.0]), np.arange(2000.0).reshape(40, 50) / 7,
                 np.array([1.0, 1e6]), np.arange(30.0) / 3, np.array([1, 2, 3]),
                 np.array([0.1234, np.nan, np.inf])]


@pytest.mark.parametrize("options", [
    dict(precision=2), dict(sci_mode=True), dict(sci_mode=False),
    dict(threshold=5, edgeitems=2), dict(linewidth=40), dict(profile="short"),
    dict(profile="full"), dict(precision=6, sci_mode=True), dict(profile="short", precision=5)])
def test_set_printoptions_changes_repr_as_torch(options):
    try:
        al.set_printoptions(**options)
        torch.set_printoptions(**options)
        for v in _PRINT_VALUES:
            v = v.astype(np.float32) if v.dtype.kind == "f" else v
            assert repr(al.tensor(v)) == repr(torch.tensor(v)), (options, v)
    finally:
        al.set_printoptions(profile="default")
        torch.set_printoptions(profile="default")
    assert repr(al.tensor([1.23456])) == "tensor([1.2346])"


def test_set_printoptions_errors():
    with pytest.raises(ValueError, match="profile must be one of"):
        al.set_printoptions(profile="long")
    with pytest.raises(ValueError, match="precision must be a non-negative int"):
        al.set_printoptions(precision=-1)
    assert al.get_printoptions()["precision"] == 4


# ---- new_* factories ----


@pytest.mark.parametrize("name", ["new_zeros", "new_ones", "new_empty"])
@pytest.mark.parametrize("sizes", [(2, 3), ((2, 3),), ([4],), (5,), ((),)])
def test_new_factories_take_sizes_as_torch(name, sizes):
    ours = getattr(al.zeros(1, dtype=al.float64), name)(*sizes)
    theirs = getattr(torch.zeros(1, dtype=torch.float64), name)(*sizes)
    assert tuple(ours.shape) == tuple(theirs.shape) and ours.dtype == al.float64
    if name != "new_empty":
        np.testing.assert_array_equal(ours.numpy(), theirs.numpy())
    s = getattr(al.zeros(1), name)(al.Size([2, 2]), dtype=al.int64, requires_grad=False)
    assert s.dtype == al.int64 and tuple(s.shape) == (2, 2)
    g = getattr(al.zeros(1), name)(2, requires_grad=True)
    assert g.requires_grad and g.is_leaf


def test_new_full_and_new_tensor():
    for lib in (al, torch):
        x = lib.zeros(1, dtype=lib.float64)
        assert x.new_full((2, 1), 7).tolist() == [[7.0], [7.0]]
        assert x.new_full([2], 3, dtype=lib.int64).dtype == lib.int64
        assert x.new_tensor([1, 2]).dtype == lib.float64
        assert x.new_tensor([1.5], requires_grad=True).requires_grad
    with pytest.raises(TypeError, match="both as a sequence"):
        al.zeros(1).new_zeros((2, 3), 4)


# ---- grad_fn.next_functions ----


def _shape_of(fn):
    if fn is None:
        return None
    return tuple((_shape_of(n)[0] if n is not None else None, i)
                 for n, i in fn.next_functions), type(fn).__name__


def _edges(fn):
    return [(None if n is None else type(n).__name__, i) for n, i in fn.next_functions]


@pytest.mark.parametrize("expr", ["2 * b", "b * 2", "1 + b", "b + 1", "c * b", "b * c",
                                  "c + b", "b - c", "b / 2", "c @ W", "True & m"])
def test_next_functions_match_torch(expr):
    out = {}
    for lib in (al, torch):
        env = dict(b=lib.ones(2, requires_grad=True), c=lib.ones(2),
                   W=lib.ones(2, 2, requires_grad=True), m=lib.tensor([True]))
        y = eval(expr, env)
        if y.grad_fn is None:
            out[lib.__name__] = None
            continue
        fn = y.grad_fn
        while len(fn.next_functions) == 1 and fn.next_functions[0][0] is not None \
                and type(fn.next_functions[0][0]).__name__ != "AccumulateGrad":
            fn = fn.next_functions[0][0]  # through a view node (squeeze): torch's has another
        out[lib.__name__] = (type(fn).__name__, _edges(fn))
    assert out["aten_lite"] == out["torch"]


# ---- Embedding ----


def test_embedding_from_pretrained_and_max_norm_match_torch():
    W = np.random.RandomState(1).randn(5, 3).astype(np.float32) * 3
    idx = [[0, 2], [2, 4]]
    ea = al.nn.Embedding.from_pretrained(al.tensor(W), max_norm=1.0)
    et = torch.nn.Embedding.from_pretrained(torch.tensor(W), max_norm=1.0)
    np.testing.assert_allclose(ea(al.tensor(idx)).numpy(), et(torch.tensor(idx)).numpy(),
                               rtol=1e-6)
    np.testing.assert_allclose(ea.weight.numpy(), et.weight.detach().numpy(), rtol=1e-6)
    assert ea.weight.requires_grad is et.weight.requires_grad is False
    assert repr(ea) == repr(et)
    fa = al.nn.Embedding.from_pretrained(al.tensor(W), freeze=False, padding_idx=0)
    ft = torch.nn.Embedding.from_pretrained(torch.tensor(W), freeze=False, padding_idx=0)
    fa(al.tensor([0, 1, 0])).sum().backward()
    ft(torch.tensor([0, 1, 0])).sum().backward()
    np.testing.assert_array_equal(fa.weight.grad.numpy(), ft.weight.grad.numpy())
    assert repr(fa) == repr(ft)
    with pytest.raises(ValueError, match="2-dimensional"):
        al.nn.Embedding.from_pretrained(al.ones(3))


def test_embedding_padding_idx_row_starts_zero():
    e = al.nn.Embedding(4, 2, padding_idx=-1)
    assert e.padding_idx == 3 and e.weight[3].tolist() == [0.0, 0.0]
    assert repr(e) == repr(torch.nn.Embedding(4, 2, padding_idx=-1))
    with pytest.raises(AssertionError, match="padding_idx 4"):
        al.nn.Embedding(4, 2, padding_idx=4)


# ---- gradient clipping ----


@pytest.mark.parametrize("norm_type", [2.0, 1.0, math.inf, 3])
def test_clip_grad_norm_matches_torch(norm_type):
    g = np.random.RandomState(2).randn(2, 3).astype(np.float32) * 5
    out = {}
    for lib in (al, torch):
        ps = [lib.nn.Parameter(lib.zeros(2, 3)), lib.nn.Parameter(lib.zeros(3))]
        ps[0].grad, ps[1].grad = lib.tensor(g), lib.tensor(g[0])
        total = lib.nn.utils.clip_grad_norm_(ps, 1.5, norm_type=norm_type)
        out[lib] = (total.item(), [p.grad.numpy().copy() for p in ps])
    assert out[al][0] == pytest.approx(out[torch][0], rel=1e-6)
    for a, t in zip(out[al][1], out[torch][1]):
        np.testing.assert_allclose(a, t, rtol=1e-5)


def test_clip_grad_nonfinite_and_value():
    for lib in (al, torch):
        p = lib.nn.Parameter(lib.zeros(2))
        p.grad = lib.tensor([math.inf, 1.0])
        with pytest.raises(RuntimeError, match="non-finite"):
            lib.nn.utils.clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
        p.grad = lib.tensor([-3.0, 0.5])
        lib.nn.utils.clip_grad_value_([p], 1.0)
        assert p.grad.tolist() == [-1.0, 0.5]


# ---- nn.init ----


def test_every_torch_init_function_exists():
    import torch.nn.init as ti
    wanted = [n for n in dir(ti) if n.endswith("_") and not n.startswith("_")]
    assert wanted and [n for n in wanted if not hasattr(init, n)] == []


@pytest.mark.parametrize("name, shape, kwargs", [
    ("eye_", (3, 5), {}), ("eye_", (4, 2), {}),
    ("dirac_", (4, 2, 3), {}), ("dirac_", (6, 3, 3, 3), {"groups": 2}),
    ("dirac_", (2, 2, 1, 3, 3), {}), ("constant_", (2, 2), {"val": 0.5}),
    ("ones_", (3,), {}), ("zeros_", (3,), {})])
def test_deterministic_inits_match_torch(name, shape, kwargs):
    a, t = al.empty(*shape), torch.empty(*shape)
    getattr(init, name)(a, **kwargs)
    getattr(torch.nn.init, name)(t, **kwargs)
    np.testing.assert_array_equal(a.numpy(), t.numpy())


def test_random_inits_have_torchs_properties():
    a = al.empty(3, 7)
    init.orthogonal_(a, gain=2.0)
    np.testing.assert_allclose(a.numpy() @ a.numpy().T, 4 * np.eye(3), atol=1e-5)
    b = al.empty(8, 3, 2)
    init.orthogonal_(b)
    m = b.numpy().reshape(8, 6)
    np.testing.assert_allclose(m.T @ m, np.eye(6), atol=1e-5)
    s = al.empty(10, 4)
    init.sparse_(s, 0.25, std=0.5)
    assert ((s.numpy() == 0).sum(0) == 3).all()  # ceil(0.25 * 10) zeros per column
    g1, g2 = al.Generator().manual_seed(5), al.Generator().manual_seed(5)
    x, y = al.empty(4, 4), al.empty(4, 4)
    init.kaiming_uniform_(x, a=math.sqrt(5), generator=g1)
    init.kaiming_uniform_(y, a=math.sqrt(5), generator=g2)
    assert x.tolist() == y.tolist()
    for nl in ("conv3d", "conv_transpose2d", "selu", "tanh", "relu", "sigmoid"):
        assert init.calculate_gain(nl) == torch.nn.init.calculate_gain(nl)
    with pytest.raises(ValueError, match="2 dimensions"):
        init.eye_(al.empty(2, 2, 2))
    with pytest.raises(ValueError, match="divisible by groups"):
        init.dirac_(al.empty(3, 2, 3), groups=2)


# ---- a torch training script with only its imports changed ----

_TORCH_SCRIPT = '''
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data.dataloader import DataLoader
from torch.utils.data.dataset import TensorDataset, random_split
from torch.utils.data.sampler import RandomSampler
from torch.nn.modules.linear import Linear
from torch.nn.modules.loss import CrossEntropyLoss

torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True
torch.backends.cudnn.benchmark = True
device = "cuda" if torch.cuda.is_available() else (
    "mps" if torch.backends.mps.is_available() else "cpu")

torch.manual_seed(0)
x = torch.randn(64, 4)
y = (x[:, 0] + x[:, 1] > 0).long()
train, val = random_split(TensorDataset(x, y), [48, 16])
loader = DataLoader(train, batch_size=16,
                    sampler=RandomSampler(train, replacement=True, num_samples=10**10))
net = nn.Sequential(Linear(4, 16), nn.ReLU(), Linear(16, 2)).to(device)
nn.init.orthogonal_(net[0].weight)
opt = torch.optim.SGD(net.parameters(), lr=0.5)
scaler = torch.cuda.amp.GradScaler(enabled=False)
loss_fn = CrossEntropyLoss()
losses = []
for step, (xb, yb) in enumerate(loader):
    with torch.autocast(device_type=device, enabled=device == "cuda"):
        loss = loss_fn(net(xb.to(device)), yb.to(device))
    opt.zero_grad()
    scaler.scale(loss).backward()
    scaler.unscale_(opt)
    nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    scaler.step(opt)
    scaler.update()
    losses.append(loss.item())
    if step == 60:
        break
probs = F.softmax(net(x[:3]))
assert probs.shape == (3, 2) and abs(probs.sum().item() - 3) < 1e-5
result = (losses[0], sum(losses[-10:]) / 10)
'''


def test_torch_training_script_runs_with_only_imports_changed():
    text = _TORCH_SCRIPT.replace("torch", "aten_lite")
    env: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # torch.cuda.amp's deprecation
        warnings.simplefilter("ignore", UserWarning)  # softmax's implicit dim
        exec(compile(text, "<torch script>", "exec"), env)
    first, last = env["result"]
    assert last < first * 0.7  # it trained
    try:
        al.backends.cudnn.benchmark = False
    finally:
        al.set_float32_matmul_precision("highest")
    # the same text runs under torch (the reference the script was written for)
    torch_env: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(_TORCH_SCRIPT, "<torch script>", "exec"), torch_env)
    torch.backends.cudnn.benchmark = False
    torch.backends.cuda.matmul.allow_tf32 = False
    assert torch_env["result"][1] < torch_env["result"][0] * 0.7
