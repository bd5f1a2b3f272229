"""Shuffles, bilinear, embedding bags, gumbel_softmax, the deprecated upsample functions,
3d / lp pooling and the *_with_indices forms, and ParameterList / ParameterDict, against
torch: values, float64 gradients of inputs and module parameters, and errors naming the bad
value."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional
rng = np.random.default_rng(1)


def _run(lib, fn, arrays, diff):
    ts = [lib.tensor(a, requires_grad=(i in diff)) for i, a in enumerate(arrays)]
    out = fn(*ts)
    if isinstance(out, tuple):
        out, extra = out[0], out[1:]
    else:
        extra = ()
    weights = np.linspace(0.5, 1.5, out.numel()).reshape(tuple(out.shape))
    (out * lib.tensor(weights, dtype=out.dtype)).sum().backward()
    return (out.detach().numpy(), [ts[i].grad.numpy() for i in diff],
            [e.numpy() for e in extra])


def _compare(ours_fn, theirs_fn, arrays, diff=(0,)):
    ours = _run(al, ours_fn, arrays, diff)
    theirs = _run(torch, theirs_fn, arrays, diff)
    assert ours[0].shape == theirs[0].shape
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10, atol=1e-12)
    for g, h in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(g, h, rtol=1e-9, atol=1e-12)
    for e, f in zip(ours[2], theirs[2]):
        np.testing.assert_array_equal(e, f)
    return ours


# ---- shuffles ----

def test_pixel_and_channel_shuffles_match_torch():
    x = rng.standard_normal((2, 3, 8, 2, 3))
    _compare(lambda t: F.pixel_shuffle(t, 2), lambda t: TF.pixel_shuffle(t, 2), [x])
    _compare(lambda t: F.pixel_unshuffle(t, 2), lambda t: TF.pixel_unshuffle(t, 2),
             [rng.standard_normal((3, 4, 6))])
    _compare(lambda t: F.channel_shuffle(t, 4), lambda t: TF.channel_shuffle(t, 4),
             [rng.standard_normal((2, 8, 3))])
    z = rng.standard_normal((1, 6, 2, 2))  # torch's native_channel_shuffle has no gradient
    np.testing.assert_array_equal(F.native_channel_shuffle(al.tensor(z), 3).numpy(),
                                  TF.native_channel_shuffle(torch.tensor(z), 3).numpy())
    y = al.tensor(x)
    assert al.equal(F.pixel_unshuffle(F.pixel_shuffle(y, 2), 2), y)
    for cls, arg, shape in (("PixelShuffle", 2, (1, 8, 2, 3)), ("PixelUnshuffle", 2,
                                                                (1, 2, 4, 6)),
                            ("ChannelShuffle", 2, (1, 4, 3))):
        a = rng.standard_normal(shape)
        ours, theirs = getattr(al.nn, cls)(arg), getattr(torch.nn, cls)(arg)
        assert repr(ours) == repr(theirs)
        _compare(ours, theirs, [a])
    from aten_lite.nn.modules.channelshuffle import ChannelShuffle
    from aten_lite.nn.modules.pixelshuffle import PixelShuffle, PixelUnshuffle
    assert (PixelShuffle, PixelUnshuffle, ChannelShuffle) == (
        al.nn.PixelShuffle, al.nn.PixelUnshuffle, al.nn.ChannelShuffle)


@pytest.mark.parametrize("call,match", [
    (lambda: F.pixel_shuffle(al.ones(1, 7, 2, 2), 2), r"input.size\(-3\)=7 is not divisible by 4"),
    (lambda: F.pixel_shuffle(al.ones(4, 2), 2), "at least 3 dimensions, but got input with 2"),
    (lambda: F.pixel_shuffle(al.ones(1, 4, 2, 2), 0), "positive upscale_factor, but got 0"),
    (lambda: F.pixel_unshuffle(al.ones(1, 4, 3, 4), 2), r"input.size\(-2\)=3 is not divisible"),
    (lambda: F.pixel_unshuffle(al.ones(1, 4, 4, 4), -1), "downscale_factor, but got -1"),
    (lambda: F.channel_shuffle(al.ones(1, 5, 2), 2), "Got 5 channels and 2 groups"),
    (lambda: F.channel_shuffle(al.ones(1, 4, 2), 0), "Value of groups:0"),
    (lambda: F.channel_shuffle(al.ones(4, 2), 2), r"sizes \[4, 2\]"),
])
def test_shuffle_errors_name_the_bad_value(call, match):
    with pytest.raises(RuntimeError, match=match):
        call()


# ---- bilinear ----

def test_bilinear_matches_torch_with_gradients_of_inputs_weight_and_bias():
    x1, x2 = rng.standard_normal((2, 3, 4)), rng.standard_normal((2, 3, 5))
    w, b = rng.standard_normal((6, 4, 5)), rng.standard_normal(6)
    _compare(F.bilinear, TF.bilinear, [x1, x2, w, b], diff=(0, 1, 2, 3))
    _compare(F.bilinear, TF.bilinear, [x1[0, 0], x2[0, 0], w], diff=(0, 1, 2))  # unbatched


def test_bilinear_module_matches_torch():
    ours, theirs = al.nn.Bilinear(3, 4, 2), torch.nn.Bilinear(3, 4, 2)
    assert repr(ours) == repr(theirs)
    assert [n for n, _ in ours.named_parameters()] == ["weight", "bias"]
    assert tuple(ours.weight.shape) == (2, 3, 4)
    bound = 1 / np.sqrt(3)
    assert float(ours.weight.abs().max()) <= bound and float(ours.bias.abs().max()) <= bound
    ours.double()
    theirs.double()
    with torch.no_grad():
        theirs.weight.copy_(torch.tensor(ours.weight.detach().numpy()))
        theirs.bias.copy_(torch.tensor(ours.bias.detach().numpy()))
    x1, x2 = rng.standard_normal((5, 3)), rng.standard_normal((5, 4))
    a = ours(al.tensor(x1), al.tensor(x2))
    b = theirs(torch.tensor(x1), torch.tensor(x2))
    np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-12)
    a.sum().backward()
    b.sum().backward()
    for p, q in zip(ours.parameters(), theirs.parameters()):
        np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-12)
    assert al.nn.Bilinear(3, 4, 2, bias=False).bias is None


@pytest.mark.parametrize("args,match", [
    (((2, 3), (2, 4), (5, 3, 3)), "input2 size does not match weight size: got 4 but "
                                  "expected 3"),
    (((2, 3), (3, 4), (5, 3, 4)), "batch dimensions do not match at dim 0: got 2 and 3"),
    (((2, 3), (2, 2, 4), (5, 3, 4)), "input dimensions do not match: got 2 and 3"),
    (((2, 3), (2, 4), (5, 3, 4), (4,)), "bias size does not match weight size: got 4 but "
                                        "expected 5"),
])
def test_bilinear_errors_name_the_bad_sizes(args, match):
    with pytest.raises(RuntimeError, match=match):
        F.bilinear(*[al.ones(*s) for s in args])


# ---- embedding_bag ----

W = rng.standard_normal((7, 3))
BAG_CASES = [
    # (input, offsets, kwargs)
    (np.array([1, 2, 4, 5, 4, 3, 2, 6]), np.array([0, 3, 3, 6]), {}),
    (np.array([[1, 2, 0], [4, 4, 6]]), None, {}),
    (np.array([1, 2, 4, 5, 4]), np.array([0, 2, 5]), {"include_last_offset": True}),
    (np.array([0, 2, 0, 5, 0, 3]), np.array([0, 2, 4]), {"padding_idx": 0}),
    (np.array([0, 0, 1, 5]), np.array([0, 2]), {"padding_idx": -7}),
]


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
@pytest.mark.parametrize("case", range(len(BAG_CASES)))
def test_embedding_bag_matches_torch(case, mode):
    idx, offsets, kwargs = BAG_CASES[case]

    def call(lib, fn):
        def run(w):
            off = None if offsets is None else lib.tensor(offsets)
            return fn(lib.tensor(idx), w, off, mode=mode, **kwargs)
        return run
    _compare(call(al, F.embedding_bag), call(torch, TF.embedding_bag), [W])


def test_embedding_bag_per_sample_weights_get_torchs_gradient():
    idx, offsets = np.array([1, 2, 4, 5, 4, 3]), np.array([0, 1, 4])
    psw = rng.standard_normal(6)

    def call(lib, fn):
        return lambda w, s: fn(lib.tensor(idx), w, lib.tensor(offsets), mode="sum",
                               per_sample_weights=s, padding_idx=4)
    _compare(call(al, F.embedding_bag), call(torch, TF.embedding_bag), [W, psw], diff=(0, 1))


def test_embedding_bag_max_norm_renormalises_the_looked_up_rows_in_place():
    ours, theirs = al.tensor(W * 3), torch.tensor(W * 3)
    idx, off = [0, 2, 2, 5], [0, 1]
    a = F.embedding_bag(al.tensor(idx), ours, al.tensor(off), max_norm=1.5)
    b = TF.embedding_bag(torch.tensor(idx), theirs, torch.tensor(off), max_norm=1.5)
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
    np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-6)


def test_embedding_bag_module_matches_torch():
    kw = dict(mode="sum", padding_idx=2, include_last_offset=True)
    ours, theirs = al.nn.EmbeddingBag(7, 3, **kw), torch.nn.EmbeddingBag(7, 3, **kw)
    assert repr(ours) == repr(theirs)
    assert list(ours.state_dict()) == list(theirs.state_dict()) == ["weight"]
    assert float(ours.weight[2].abs().sum()) == 0.0  # the padding row starts at zero
    ours.double()
    theirs.double()
    with torch.no_grad():
        theirs.weight.copy_(torch.tensor(ours.weight.detach().numpy()))
    idx, off, psw = [1, 2, 4, 5, 6], [0, 2, 5], rng.standard_normal(5)
    a = ours(al.tensor(idx), al.tensor(off), al.tensor(psw))
    b = theirs(torch.tensor(idx), torch.tensor(off), torch.tensor(psw))
    np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-12)
    (a * al.tensor([[1.0, 2.0, 3.0]], dtype=al.float64)).sum().backward()
    (b * torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)).sum().backward()
    np.testing.assert_allclose(ours.weight.grad.numpy(), theirs.weight.grad.numpy(), rtol=1e-12)
    frozen = al.nn.EmbeddingBag.from_pretrained(al.tensor(W), mode="max")
    assert not frozen.weight.requires_grad and frozen.mode == "max"
    np.testing.assert_allclose(
        frozen(al.tensor([[0, 1], [2, 3]])).numpy(),
        torch.nn.EmbeddingBag.from_pretrained(torch.tensor(W), mode="max")(
            torch.tensor([[0, 1], [2, 3]])).numpy())
    from aten_lite.nn.modules.sparse import EmbeddingBag
    assert EmbeddingBag is al.nn.EmbeddingBag


@pytest.mark.parametrize("call,exc,match", [
    (lambda: F.embedding_bag(al.tensor([1, 2]), al.tensor(W), al.tensor([1])), RuntimeError,
     "offsets\\[0\\] has to be 0.*However, got 1"),
    (lambda: F.embedding_bag(al.tensor([1, 2]), al.tensor(W), al.tensor([0, 3])),
     RuntimeError, "offsets\\[-1\\] of 3"),
    (lambda: F.embedding_bag(al.tensor([1, 9]), al.tensor(W), al.tensor([0])), IndexError,
     "takes value 9 which is not in the valid range \\[0, 7\\)"),
    (lambda: F.embedding_bag(al.tensor([1, 2, 3]), al.tensor(W), al.tensor([0, 2, 1])),
     RuntimeError, "non-decreasing, got \\[0, 2, 1\\]"),
    (lambda: F.embedding_bag(al.tensor([1, 2]), al.tensor(W)), ValueError,
     "offsets has to be a 1D Tensor but got None"),
    (lambda: F.embedding_bag(al.tensor([[1, 2]]), al.tensor(W), al.tensor([0])), ValueError,
     "if input is 2D, then offsets has to be None"),
    (lambda: F.embedding_bag(al.tensor([[[1]]]), al.tensor(W)), ValueError,
     "dimension 3"),
    (lambda: F.embedding_bag(al.tensor([1]), al.tensor(W), al.tensor([0]), mode="min"),
     ValueError, "got 'min'"),
    (lambda: F.embedding_bag(al.tensor([1]), al.tensor(W), al.tensor([0]),
                             per_sample_weights=al.ones(1, dtype=al.float64)),
     NotImplementedError, "got mode='mean'"),
    (lambda: F.embedding_bag(al.tensor([1]), al.tensor(W), al.tensor([0]), mode="sum",
                             per_sample_weights=al.ones(2)), ValueError,
     "must have the same shape as the input"),
    (lambda: al.nn.EmbeddingBag(3, 2, mode="median"), ValueError, "got 'median'"),
    (lambda: al.nn.EmbeddingBag(3, 2, padding_idx=3), AssertionError, "padding_idx 3"),
])
def test_embedding_bag_errors_name_the_bad_value(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# ---- gumbel_softmax, upsample_* ----

def test_gumbel_softmax_samples_the_softmax_distribution():
    al.manual_seed(0)
    logits = al.tensor([[0.0, 1.0, 2.0]]).expand(4000, 3).contiguous()
    soft = F.gumbel_softmax(logits, tau=0.5)
    np.testing.assert_allclose(soft.sum(-1).numpy(), 1.0, rtol=1e-5)
    hard = F.gumbel_softmax(logits.requires_grad_(), hard=True)
    counts = hard.detach().numpy().sum(0) / 4000
    expected = np.exp([0.0, 1.0, 2.0]) / np.exp([0.0, 1.0, 2.0]).sum()
    np.testing.assert_allclose(counts, expected, atol=0.03)
    assert set(np.unique(hard.detach().numpy())) <= {0.0, 1.0}
    (hard * al.tensor([1.0, 2.0, 3.0])).sum().backward()  # straight-through gradient
    assert logits.grad is not None and float(logits.grad.abs().sum()) > 0
    with pytest.warns(UserWarning, match="`eps` parameter is deprecated"):
        F.gumbel_softmax(al.zeros(2, 3), eps=1e-3)


def test_deprecated_upsample_functions_and_layers_match_torch():
    x = rng.standard_normal((1, 2, 3, 4))
    for name, kw in (("upsample_nearest", {"scale_factor": 2}),
                     ("upsample_bilinear", {"size": (5, 7)})):
        with pytest.warns(UserWarning, match=f"{name}` is deprecated"):
            ours = _run(al, lambda t: getattr(F, name)(t, **kw), [x], (0,))
        with pytest.warns(UserWarning):
            theirs = _run(torch, lambda t: getattr(TF, name)(t, **kw), [x], (0,))
        np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-12)
        np.testing.assert_allclose(ours[1][0], theirs[1][0], rtol=1e-12)
    for cls, kw in (("UpsamplingNearest2d", {"size": 6}),
                    ("UpsamplingBilinear2d", {"scale_factor": 2.0})):
        ours, theirs = getattr(al.nn, cls)(**kw), getattr(torch.nn, cls)(**kw)
        assert repr(ours) == repr(theirs)
        _compare(ours, theirs, [x])


# ---- pooling ----

X3 = rng.standard_normal((2, 2, 5, 6, 4))
POOLS = [
    ("max_pool3d", X3, {"kernel_size": 2}),
    ("max_pool3d", X3[0], {"kernel_size": (3, 2, 2), "stride": (1, 2, 1), "padding": 1,
                           "dilation": (1, 2, 1), "ceil_mode": True}),
    ("max_pool3d_with_indices", X3, {"kernel_size": 2, "stride": 1}),
    ("max_pool1d_with_indices", X3[0, 0, 0], {"kernel_size": 2}),
    ("max_pool2d_with_indices", X3[0, 0], {"kernel_size": 3, "padding": 1}),
    ("avg_pool3d", X3, {"kernel_size": (2, 3, 2), "stride": 1, "padding": 1}),
    ("avg_pool3d", X3, {"kernel_size": 3, "padding": 1, "ceil_mode": True,
                        "count_include_pad": False}),
    ("avg_pool3d", X3, {"kernel_size": 2, "divisor_override": 3}),
    ("adaptive_avg_pool3d", X3, {"output_size": (3, 4, 3)}),
    ("adaptive_avg_pool3d", X3[0], {"output_size": (None, 2, 3)}),
    ("adaptive_max_pool3d", X3, {"output_size": 3}),
    ("adaptive_max_pool3d_with_indices", X3, {"output_size": (2, 4, 3)}),
    ("adaptive_max_pool1d_with_indices", X3[0, 0], {"output_size": 3}),
    ("adaptive_max_pool2d_with_indices", X3[0], {"output_size": (4, 3)}),
    ("lp_pool1d", X3[0, 0], {"norm_type": 2, "kernel_size": 2}),
    ("lp_pool1d", np.abs(X3[0, 0]), {"norm_type": 1.5, "kernel_size": 3, "stride": 1}),
    ("lp_pool2d", X3[0], {"norm_type": 2, "kernel_size": (2, 3), "ceil_mode": True}),
    ("lp_pool2d", X3[0], {"norm_type": float("inf"), "kernel_size": 2}),
    ("lp_pool3d", X3, {"norm_type": 2, "kernel_size": 2, "stride": 1}),
]


@pytest.mark.parametrize("case", range(len(POOLS)))
def test_pooling_matches_torch(case):
    name, x, kw = POOLS[case]
    _compare(lambda t: getattr(F, name)(t, **kw), lambda t: getattr(TF, name)(t, **kw), [x])


def test_max_unpool3d_inverts_max_pool3d_as_torchs():
    x = rng.standard_normal((1, 2, 4, 6, 4))
    v, i = F.max_pool3d(al.tensor(x), 2, return_indices=True)
    tv, ti = TF.max_pool3d(torch.tensor(x), 2, return_indices=True)
    np.testing.assert_array_equal(i.numpy(), ti.numpy())
    np.testing.assert_allclose(F.max_unpool3d(v, i, 2).numpy(),
                               TF.max_unpool3d(tv, ti, 2).numpy())
    unpool = al.nn.MaxUnpool3d(2)
    np.testing.assert_allclose(unpool(v, i).numpy(), torch.nn.MaxUnpool3d(2)(tv, ti).numpy())


@pytest.mark.parametrize("cls,args,kw", [
    ("MaxPool3d", (2,), {"stride": 1, "padding": 1}),
    ("AvgPool3d", (2,), {"stride": 1}),
    ("AdaptiveAvgPool3d", ((2, 3, 2),), {}),
    ("AdaptiveMaxPool3d", (2,), {}),
    ("LPPool1d", (2, 3), {}),
    ("LPPool2d", (2, (2, 2)), {"stride": 1}),
    ("LPPool3d", (3, 2), {}),
])
def test_pooling_layers_match_torch(cls, args, kw):
    ours, theirs = getattr(al.nn, cls)(*args, **kw), getattr(torch.nn, cls)(*args, **kw)
    assert repr(ours) == repr(theirs)
    x = {"LPPool1d": X3[0, 0], "LPPool2d": X3[0]}.get(cls, X3)
    _compare(ours, theirs, [np.abs(x) + 0.1])
    from aten_lite.nn.modules import pooling
    assert getattr(pooling, cls) is getattr(al.nn, cls)


def test_3d_pooling_errors_name_the_bad_input():
    with pytest.raises(RuntimeError, match=r"max_pool3d: expected a non-empty 4D.*\[2, 3\]"):
        F.max_pool3d(al.ones(2, 3), 2)
    with pytest.raises(RuntimeError, match="kernel_size=\\(0, 0, 0\\)"):
        F.avg_pool3d(al.ones(1, 2, 2, 2), 0)
    with pytest.raises(RuntimeError, match="output_size=\\(0, 1, 1\\)"):
        F.adaptive_avg_pool3d(al.ones(1, 2, 2, 2), (0, 1, 1))


# ---- ParameterList / ParameterDict ----

def test_parameter_list_registers_parameters_as_torchs():
    lists = []
    for lib in (al, torch):
        a = lib.nn.Parameter(lib.ones(2, 3))
        pl = lib.nn.ParameterList([a, lib.zeros(2)])
        pl.append(lib.ones(1))
        pl.extend([lib.ones(4)])
        pl += [lib.ones(5)]
        pl[1] = lib.full((2,), 3.0)
        assert isinstance(pl[1], lib.nn.Parameter) and pl[1].requires_grad
        assert pl[0] is a and pl[-1].shape == (5,)
        owner = lib.nn.Module()
        owner.params = pl
        lists.append((len(pl), [n for n, _ in owner.named_parameters()],
                      list(owner.state_dict()), [len(p) for p in pl[1:3]],
                      len(list(owner.parameters()))))
        assert isinstance(pl[1:3], lib.nn.ParameterList)
    assert lists[0] == lists[1]
    assert repr(al.nn.ParameterList([al.ones(2, 3)])) == \
        "ParameterList(\n    (0): Parameter containing: [aten_lite.float32 of size 2x3]\n)"
    with pytest.raises(IndexError, match="index 3 is out of range for ParameterList of "
                                         "length 1"):
        al.nn.ParameterList([al.ones(1)])[3]
    with pytest.raises(TypeError, match="iterable, but got int"):
        al.nn.ParameterList().extend(3)


def test_parameter_list_trains_and_moves_with_its_owner():
    pl = al.nn.ParameterList([al.ones(2), al.ones(3)])
    loss = sum((p * p).sum() for p in pl)
    loss.backward()
    assert pl[0].grad.tolist() == [2.0, 2.0]
    pl.double()
    assert pl[1].dtype == al.float64


def test_parameter_dict_registers_parameters_as_torchs():
    dicts = []
    for lib in (al, torch):
        pd = lib.nn.ParameterDict({"b": lib.ones(1), "a": lib.zeros(2)})  # a dict: sorted keys
        pd["c"] = lib.nn.Parameter(lib.ones(3))
        pd.update([("d", lib.ones(4))])
        assert isinstance(pd["a"], lib.nn.Parameter) and "c" in pd and "z" not in pd
        popped = pd.pop("d")
        assert popped.shape == (4,)
        owner = lib.nn.Module()
        owner.table = pd
        merged = pd | {"e": lib.ones(1)}
        dicts.append((list(pd.keys()), [n for n, _ in owner.named_parameters()],
                      list(owner.state_dict()), len(pd), list(merged.keys()),
                      pd.get("zz") is None, [tuple(v.shape) for v in pd.values()]))
        del pd["a"]
        assert list(pd) == ["b", "c"]
    assert dicts[0] == dicts[1]
    with pytest.raises(TypeError, match="not a string \\(type is 'int'\\)"):
        al.nn.ParameterDict()[3] = al.ones(1)
    with pytest.raises(ValueError, match="element #0 has length 3; 2 is required"):
        al.nn.ParameterDict([("a", al.ones(1), 1)])
    with pytest.raises(KeyError, match="missing"):
        al.nn.ParameterDict()["missing"]
    assert repr(al.nn.ParameterDict({"w": al.ones(2)})) == \
        "ParameterDict(\n    (w): Parameter containing: [aten_lite.float32 of size 2]\n)"
    from aten_lite.nn.modules.container import ParameterDict, ParameterList
    assert (ParameterDict, ParameterList) == (al.nn.ParameterDict, al.nn.ParameterList)


# ---- affine_grid, grid_sample, conv_tbc ----

@pytest.mark.parametrize("d", [2, 3])
@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding_mode", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [False, True])
def test_grid_sample_matches_torch_with_input_and_grid_gradients(d, mode, padding_mode,
                                                                 align_corners):
    x = rng.standard_normal((2, 3, 4, 5, 3)[:d + 2])
    grid = rng.uniform(-1.3, 1.3, (2,) + (3, 2, 4)[:d] + (d,))  # some positions outside
    kw = dict(mode=mode, padding_mode=padding_mode, align_corners=align_corners)
    seen = []
    for lib, fn in ((al, F.grid_sample), (torch, TF.grid_sample)):
        a, g = lib.tensor(x, requires_grad=True), lib.tensor(grid, requires_grad=True)
        out = fn(a, g, **kw)
        weights = np.linspace(0.5, 1.5, out.numel()).reshape(tuple(out.shape))
        (out * lib.tensor(weights)).sum().backward()
        grid_grad = np.zeros_like(grid) if g.grad is None else g.grad.numpy()
        seen.append((out.detach().numpy(), a.grad.numpy(), grid_grad))
    for ours, theirs in zip(*seen):
        np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("size,align_corners", [([2, 3, 4, 5], False), ([2, 3, 4, 5], True),
                                                ([2, 1, 3, 2, 4], False),
                                                ([2, 1, 3, 2, 4], True)])
def test_affine_grid_matches_torch_with_theta_gradient(size, align_corners):
    rows = len(size) - 2
    theta = rng.standard_normal((2, rows, rows + 1))
    _compare(lambda t: F.affine_grid(t, size, align_corners),
             lambda t: TF.affine_grid(t, size, align_corners), [theta])


def test_grid_functions_warn_without_align_corners_and_name_bad_arguments():
    theta = al.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
    with pytest.warns(UserWarning, match="align_corners=False since 1.3.0"):
        grid = F.affine_grid(theta, [1, 1, 2, 2])
    with pytest.warns(UserWarning, match="align_corners=False since 1.3.0"):
        F.grid_sample(al.ones(1, 1, 2, 2), grid)
    with pytest.raises(ValueError, match=r"Nx2x3 for size \[1, 1, 2, 2\]. Got \[1, 3, 4\]"):
        F.affine_grid(al.ones(1, 3, 4), [1, 1, 2, 2], False)
    with pytest.raises(NotImplementedError, match=r"Got size \[1, 2\]"):
        F.affine_grid(theta, [1, 2], False)
    with pytest.raises(ValueError, match="floating point type, but got int64"):
        F.affine_grid(al.ones(1, 2, 3, dtype=al.int64), [1, 1, 2, 2], False)
    with pytest.raises(ValueError, match="but got: 'cubic'"):
        F.grid_sample(al.ones(1, 1, 2, 2), grid, mode="cubic", align_corners=False)
    with pytest.raises(ValueError, match="but got: 'wrap'"):
        F.grid_sample(al.ones(1, 1, 2, 2), grid, padding_mode="wrap", align_corners=False)
    with pytest.raises(RuntimeError, match=r"grid of shape \[1, 2, 2, 3\]"):
        F.grid_sample(al.ones(1, 1, 2, 2), al.zeros(1, 2, 2, 3), align_corners=False)
    with pytest.raises(NotImplementedError, match="bicubic"):
        F.grid_sample(al.ones(1, 1, 2, 2), grid, mode="bicubic", align_corners=False)


def test_conv_tbc_matches_torch():
    x, w, b = rng.standard_normal((7, 2, 3)), rng.standard_normal((3, 3, 4)), \
        rng.standard_normal(4)
    for pad in (0, 1):
        _compare(lambda *t: F.conv_tbc(*t, pad), lambda *t: TF.conv_tbc(*t, pad), [x, w, b],
                 diff=(0, 1, 2))
    with pytest.raises(RuntimeError, match=r"is not == dim 1 in the weight tensor \(3 != 2\)"):
        F.conv_tbc(al.tensor(x), al.ones(3, 2, 4, dtype=al.float64), al.tensor(b))
    with pytest.raises(RuntimeError, match="Bias has wrong size: 4, expected 5"):
        F.conv_tbc(al.tensor(x), al.ones(3, 3, 5, dtype=al.float64), al.tensor(b))


# ---- fractional max pooling ----

@pytest.mark.parametrize("d,shape,kernel,kw", [
    (2, (2, 3, 9, 11), 2, {"output_size": (4, 5)}),
    (2, (3, 10, 7), (3, 2), {"output_size": 5}),
    (2, (1, 2, 8, 9), 2, {"output_ratio": (0.5, 0.6)}),
    (3, (2, 2, 7, 8, 9), 2, {"output_size": (3, 4, 5)}),
    (3, (2, 7, 8, 9), (2, 3, 2), {"output_ratio": (0.5, 0.5, 0.6)}),
])
def test_fractional_max_pool_matches_torch_for_given_samples(d, shape, kernel, kw):
    x = rng.standard_normal(shape)
    batch = shape[0] if len(shape) == d + 2 else 1
    samples = rng.random((batch, shape[-d - 1], d))
    for dtype in (np.float64, np.float32):  # the windows are computed in the input's dtype
        name = f"fractional_max_pool{d}d"

        def call(lib, fn):
            return lambda t: fn(t, kernel, return_indices=True,
                                _random_samples=lib.tensor(samples.astype(dtype)), **kw)
        if dtype is np.float64:
            _compare(call(al, getattr(F, name)), call(torch, getattr(TF, name)), [x])
        else:
            a = call(al, getattr(F, name))(al.tensor(x.astype(dtype)))
            b = call(torch, getattr(TF, name))(torch.tensor(x.astype(dtype)))
            np.testing.assert_array_equal(a[0].numpy(), b[0].numpy())
            np.testing.assert_array_equal(a[1].numpy(), b[1].numpy())
        with_idx = getattr(F, name + "_with_indices")(
            al.tensor(x), kernel, _random_samples=al.tensor(samples), **kw)
        assert isinstance(with_idx, tuple) and len(with_idx) == 2


def test_fractional_max_pool_layers_draw_their_windows_and_check_arguments():
    al.manual_seed(0)
    pool = al.nn.FractionalMaxPool2d(3, output_ratio=0.5)
    assert repr(pool) == repr(torch.nn.FractionalMaxPool2d(3, output_ratio=0.5))
    x = al.tensor(rng.standard_normal((2, 3, 10, 12)))
    y = pool(x)
    assert tuple(y.shape) == (2, 3, 5, 6)
    # every output is the max of some 3x3 window of its plane
    windows = F.max_pool2d(x, 3, stride=1).numpy()
    for b in range(2):
        for c in range(3):
            assert np.isin(y.numpy()[b, c], windows[b, c]).all()
    samples = al.tensor(rng.random((1, 2, 3)))
    fixed = al.nn.FractionalMaxPool3d(2, output_size=3, return_indices=True,
                                      _random_samples=samples)
    z = rng.standard_normal((1, 2, 6, 6, 6))
    ours = fixed(al.tensor(z))
    theirs = torch.nn.FractionalMaxPool3d(2, output_size=3, return_indices=True,
                                          _random_samples=torch.tensor(samples.numpy()))(
        torch.tensor(z))
    np.testing.assert_array_equal(ours[1].numpy(), theirs[1].numpy())
    for kw, match in (({}, "either an output size, or a pooling ratio"),
                      ({"output_size": 2, "output_ratio": 0.5}, "only one of output_size"),
                      ({"output_ratio": 1.5}, r"between 0 and 1 \(got 1.5\)")):
        with pytest.raises(ValueError, match=match):
            al.nn.FractionalMaxPool2d(2, **kw)
    with pytest.raises(RuntimeError, match="pool height 3 too large relative to input height 4"):
        F.fractional_max_pool2d(al.ones(1, 1, 4, 4), 3, output_size=3)
    with pytest.raises(ValueError, match="either an output_size or an output_ratio"):
        F.fractional_max_pool2d(al.ones(1, 1, 4, 4), 2)
    with pytest.raises(RuntimeError, match=r"_random_samples of shape \[1, 1, 2\], got \[1, 2\]"):
        F.fractional_max_pool2d(al.ones(1, 1, 4, 4), 2, 2, _random_samples=al.ones(1, 2))


def test_deprecated_container_holds_its_keyword_modules():
    for lib in (al, torch):
        with pytest.warns(FutureWarning, match="`nn.Container` is deprecated"):
            c = lib.nn.Container(a=lib.nn.Linear(2, 3), b=lib.nn.ReLU())
        assert [n for n, _ in c.named_children()] == ["a", "b"]
        assert list(c.state_dict()) == ["a.weight", "a.bias"]


# ---- lazy layers ----

@pytest.mark.parametrize("make,shape", [
    (lambda lib: lib.nn.LazyLinear(3), (2, 5)),
    (lambda lib: lib.nn.LazyLinear(3, bias=False), (4, 2, 5)),
    (lambda lib: lib.nn.LazyConv1d(4, 3, groups=2), (2, 6, 7)),
    (lambda lib: lib.nn.LazyConv2d(4, 3, padding=1), (3, 5, 5)),  # unbatched
    (lambda lib: lib.nn.LazyConv3d(2, 2, bias=False), (1, 2, 3, 4, 3)),
    (lambda lib: lib.nn.LazyConvTranspose1d(4, 3, stride=2), (2, 3, 5)),
    (lambda lib: lib.nn.LazyConvTranspose2d(2, 3, groups=2), (1, 4, 3, 3)),
    (lambda lib: lib.nn.LazyConvTranspose3d(2, 2), (1, 1, 2, 3, 2)),
])
def test_lazy_layers_become_their_eager_class_as_torchs(make, shape):
    ours, theirs = make(al), make(torch)
    assert repr(ours) == repr(theirs)
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    assert all(isinstance(p, al.nn.UninitializedParameter) for p in ours.parameters())
    before = list(ours.parameters())
    opt = al.optim.SGD(ours.parameters(), lr=0.1)  # made before the shapes are known
    x = rng.standard_normal(shape)
    ours(al.tensor(x, dtype=al.float32))
    theirs(torch.tensor(x, dtype=torch.float32))
    assert type(ours).__name__ == type(theirs).__name__ and repr(ours) == repr(theirs)
    assert [p is q for p, q in zip(ours.parameters(), before)] == [True] * len(before)
    for p, q in zip(ours.parameters(), theirs.parameters()):
        assert type(p) is al.nn.Parameter and tuple(p.shape) == tuple(q.shape)
        assert float(p.abs().max()) > 0  # started by reset_parameters
    with torch.no_grad():
        for p, q in zip(ours.parameters(), theirs.parameters()):
            q.copy_(torch.tensor(p.detach().numpy()))
    a = ours(al.tensor(x, dtype=al.float32))
    b = theirs(torch.tensor(x, dtype=torch.float32))
    np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-5, atol=1e-5)
    w0 = before[0].detach().numpy().copy()
    a.sum().backward()
    opt.step()
    assert not np.array_equal(before[0].detach().numpy(), w0)
    assert list(ours.state_dict()) == list(theirs.state_dict())


def test_lazy_layers_name_bad_first_inputs():
    with pytest.raises(RuntimeError, match=r"Expected 3D \(unbatched\) or 4D \(batched\) input "
                                           r"to LazyConv2d, but got input of size: \[2, 3\]"):
        al.nn.LazyConv2d(4, 3)(al.ones(2, 3))
    with pytest.raises(ValueError, match="in_channels=3, groups=2"):
        al.nn.LazyConv1d(4, 1, groups=2)(al.ones(1, 3, 4))
    from aten_lite.nn.parameter import UninitializedBuffer, UninitializedParameter
    buf = UninitializedBuffer()
    buf.materialize((2, 3))
    assert type(buf) is al.Tensor and tuple(buf.shape) == (2, 3)
    assert repr(UninitializedParameter()) == "<UninitializedParameter>"


@pytest.mark.parametrize("file", ["loss", "pooling", "distance", "linear", "sparse", "conv",
                                  "container", "pixelshuffle", "channelshuffle", "upsampling",
                                  "adaptive"])
def test_torch_module_files_export_every_layer_aten_lite_has(file):
    """torch.nn.modules.<file>.<Class> is importable from aten_lite.nn.modules.<file> for
    every class of that torch file that aten_lite.nn has, and is the same object."""
    import importlib
    import inspect
    ours = importlib.import_module(f"aten_lite.nn.modules.{file}")
    theirs = importlib.import_module(f"torch.nn.modules.{file}")
    names = [n for n, obj in vars(theirs).items() if inspect.isclass(obj)
             and obj.__module__ == theirs.__name__ and not n.startswith("_")
             and hasattr(al.nn, n)]
    assert names
    for name in names:
        assert getattr(ours, name, None) is getattr(al.nn, name), (file, name)


def test_data_parallel_runs_the_module_as_torchs_does_without_gpus():
    x = rng.standard_normal((4, 2))
    seen = []
    for lib in (al, torch):
        inner = lib.nn.Linear(2, 3).double()
        with lib.no_grad():
            inner.weight.copy_(lib.tensor(np.arange(6.0).reshape(3, 2)))
        dp = lib.nn.DataParallel(inner, device_ids=[0])
        out = dp(lib.tensor(x))
        out.sum().backward()
        seen.append((repr(dp), list(dp.state_dict()), dp.device_ids, dp.module is inner,
                     inner.weight.grad.tolist()))
        np.testing.assert_allclose(out.detach().numpy(), inner(lib.tensor(x)).detach().numpy())
    assert seen[0] == seen[1]
