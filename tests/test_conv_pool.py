"""Convolution, pooling, fold/unfold and interpolate against torch: values in float32 and
float64, float64 gradients, errors, layers' reprs and state_dicts (aten_lite/nn/convolution.py,
aten_lite/nn/pooling.py, the `convolution` / `im2col` / `col2im` ops)."""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
TF = torch.nn.functional
F = al.nn.functional

RNG = np.random.default_rng(1234)


def _pair(shape, dtype=np.float64, grad=True):
    a = RNG.standard_normal(shape).astype(dtype)
    return (al.tensor(a, requires_grad=grad and dtype == np.float64),
            torch.tensor(a, requires_grad=grad and dtype == np.float64))


def _close(ours, theirs, dtype=np.float64):
    tol = 1e-9 if dtype == np.float64 else 2e-5
    assert tuple(ours.shape) == tuple(theirs.shape)
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=tol,
                               atol=tol)


def _check(ours_fn, theirs_fn, shapes, dtype=np.float64, grads=True):
    """Run both on the same random inputs; compare the values and, in float64, the gradients
    of every input for a random upstream gradient."""
    pairs = [_pair(s, dtype, grads) if s is not None else (None, None) for s in shapes]
    ours = ours_fn(*[p[0] for p in pairs])
    theirs = theirs_fn(*[p[1] for p in pairs])
    _close(ours, theirs, dtype)
    if grads and dtype == np.float64:
        g = RNG.standard_normal(tuple(theirs.shape))
        ours.backward(al.tensor(g))
        theirs.backward(torch.tensor(g))
        for a, t in pairs:
            if a is not None:
                _close(a.grad, t.grad)


# ---- convolution ----

CONV_GRID = [  # (stride, padding, dilation, groups)
    (1, 0, 1, 1), (1, 1, 1, 1), (2, 1, 1, 1), (1, 2, 2, 1), (2, 0, 1, 2), (1, 1, 1, 4),
    (3, 2, 2, 2),
]


@pytest.mark.parametrize("d", [1, 2])
@pytest.mark.parametrize("stride,padding,dilation,groups", CONV_GRID)
def test_conv_matches_torch(d, stride, padding, dilation, groups):
    ours_f, theirs_f = getattr(F, f"conv{d}d"), getattr(TF, f"conv{d}d")
    spatial = (9, 8)[:d]
    kernel = (3, 2)[:d]
    shapes = [(2, 4) + spatial, (8, 4 // groups) + kernel, (8,)]
    for dtype in (np.float32, np.float64):
        _check(lambda x, w, b: ours_f(x, w, b, stride, padding, dilation, groups),
               lambda x, w, b: theirs_f(x, w, b, stride, padding, dilation, groups), shapes,
               dtype)


@pytest.mark.parametrize("d", [1, 2])
@pytest.mark.parametrize("stride,padding,dilation,groups", CONV_GRID)
def test_conv_transpose_matches_torch(d, stride, padding, dilation, groups):
    ours_f, theirs_f = getattr(F, f"conv_transpose{d}d"), getattr(TF, f"conv_transpose{d}d")
    spatial = (5, 4)[:d]
    kernel = (3, 2)[:d]
    out_pad = stride - 1 if stride > 1 else 0
    shapes = [(2, 4) + spatial, (4, 8 // groups) + kernel, (8,)]
    for dtype in (np.float32, np.float64):
        _check(lambda x, w, b: ours_f(x, w, b, stride, padding, out_pad, groups, dilation),
               lambda x, w, b: theirs_f(x, w, b, stride, padding, out_pad, groups, dilation),
               shapes, dtype)


@pytest.mark.parametrize("padding", ["same", "valid", (1, 0), (0, 2)])
@pytest.mark.parametrize("kernel,dilation", [((3, 3), 1), ((2, 4), 1), ((2, 3), 2)])
def test_conv_padding_forms(padding, kernel, dilation):
    _check(lambda x, w: F.conv2d(x, w, None, 1, padding, dilation),
           lambda x, w: TF.conv2d(x, w, None, 1, padding, dilation),
           [(2, 3, 7, 6), (5, 3) + kernel])


def test_conv_unbatched_no_bias_and_3d():
    _check(lambda x, w: F.conv2d(x, w, padding=1), lambda x, w: TF.conv2d(x, w, padding=1),
           [(3, 6, 5), (4, 3, 3, 3)])
    _check(lambda x, w: F.conv1d(x, w), lambda x, w: TF.conv1d(x, w), [(3, 6), (4, 3, 2)])
    _check(lambda x, w, b: F.conv3d(x, w, b, stride=(1, 2, 1), padding=1),
           lambda x, w, b: TF.conv3d(x, w, b, stride=(1, 2, 1), padding=1),
           [(1, 2, 4, 5, 4), (3, 2, 2, 3, 2), (3,)])
    _check(lambda x, w: F.conv_transpose3d(x, w, stride=2),
           lambda x, w: TF.conv_transpose3d(x, w, stride=2), [(1, 2, 3, 2, 3), (2, 3, 2, 2, 2)])


def test_conv_gradcheck_and_double_backward():
    x = al.tensor(RNG.standard_normal((1, 2, 5, 4)), requires_grad=True)
    w = al.tensor(RNG.standard_normal((4, 1, 2, 3)), requires_grad=True)
    b = al.tensor(RNG.standard_normal(4), requires_grad=True)
    assert al.autograd.gradcheck(lambda x, w, b: F.conv2d(x, w, b, 2, 1, 1, 2), (x, w, b))
    assert al.autograd.gradgradcheck(lambda x, w: F.conv2d(x, w, None, 1, 1, 2, 2), (x, w))
    wt = al.tensor(RNG.standard_normal((2, 3, 2, 2)), requires_grad=True)
    assert al.autograd.gradgradcheck(
        lambda x, w: F.conv_transpose2d(x, w, None, 2, 0, 1), (x, wt))


def test_conv_int_and_float16_dtypes():
    x = RNG.integers(-5, 5, (2, 3, 6, 6))
    w = RNG.integers(-3, 3, (4, 3, 3, 3))
    ours = F.conv2d(al.tensor(x), al.tensor(w), padding=1)
    assert ours.dtype == al.int64
    np.testing.assert_array_equal(ours.numpy(),
                                  TF.conv2d(torch.tensor(x), torch.tensor(w), padding=1).numpy())
    xh, wh = RNG.standard_normal((1, 2, 5, 5)), RNG.standard_normal((3, 2, 3, 3))
    ours = F.conv2d(al.tensor(xh, dtype=al.float16), al.tensor(wh, dtype=al.float16))
    theirs = TF.conv2d(torch.tensor(xh, dtype=torch.float16), torch.tensor(wh,
                                                                          dtype=torch.float16))
    assert ours.dtype == al.float16
    np.testing.assert_allclose(ours.numpy().astype(np.float32), theirs.numpy(), atol=2e-2)


CONV_ERRORS = [  # (call kwargs as (input shape, weight shape, extra), words in the message)
    ((2, 4, 5, 5), (6, 3, 3, 3), {}, "expected input[2, 4, 5, 5] to have 3 channels, but got 4"),
    ((2, 4, 5, 5), (6, 2, 3, 3), {"groups": 4}, "expected weight to be divisible by 4"),
    ((2, 4, 5, 5), (6, 4, 7, 7), {}, "Kernel size can't be greater than actual input size"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"stride": 0}, "non-positive stride is not supported"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"padding": -1}, "negative padding is not supported"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"dilation": 0}, "non-positive dilation is not supported"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"groups": 0}, "non-positive groups is not supported"),
    ((5, 5), (6, 4, 3, 3), {}, "Expected 3D (unbatched) or 4D (batched) input to conv2d, but "
                               "got input of size: [5, 5]"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"stride": 2, "padding": "same"},
     "padding='same' is not supported for strided convolutions"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"padding": "foo"}, "Invalid padding string: 'foo'"),
    ((2, 4, 5, 5), (6, 4, 3, 3), {"stride": (1, 1, 1)},
     "expected stride to be a single integer value or a list of 2 values"),
]


@pytest.mark.parametrize("xs,ws,kw,words", CONV_ERRORS)
def test_conv_errors_like_torch(xs, ws, kw, words):
    with pytest.raises(RuntimeError, match=re.escape(words)):
        TF.conv2d(torch.zeros(xs), torch.zeros(ws), **kw)
    with pytest.raises(RuntimeError, match=re.escape(words)):
        F.conv2d(al.zeros(*xs), al.zeros(*ws), **kw)


def test_conv_more_errors():
    x = al.zeros(2, 4, 5, 5)
    with pytest.raises(RuntimeError, match=r"expected bias to be 1-dimensional with 6 "
                                           r"elements, but got bias of size \[5\]"):
        F.conv2d(x, al.zeros(6, 4, 3, 3), al.zeros(5))
    with pytest.raises(RuntimeError, match=r"Input type \(float64\) and weight type "
                                           r"\(float32\) should be the same"):
        F.conv2d(x.double(), al.zeros(6, 4, 3, 3))
    with pytest.raises(RuntimeError, match=r"Given transposed=1, weight of size \[3, 4, 3, 3\], "
                                           r"expected input\[2, 4, 5, 5\] to have 3 channels"):
        F.conv_transpose2d(x, al.zeros(3, 4, 3, 3))
    with pytest.raises(RuntimeError, match="output padding must be smaller than either stride "
                                           "or dilation, but got output_padding_height: 1"):
        F.conv_transpose2d(x, al.zeros(4, 4, 3, 3), output_padding=1)
    with pytest.raises(RuntimeError, match="Output size is too small"):
        F.conv_transpose2d(x, al.zeros(4, 4, 3, 3), padding=5)


# ---- layers ----


@pytest.mark.parametrize("cls,args,kwargs", [
    ("Conv1d", (3, 6, 3), {"stride": 2, "padding": 1}),
    ("Conv2d", (4, 6, (3, 2)), {"padding": "same", "dilation": 2, "groups": 2}),
    ("Conv2d", (3, 5, 3), {"padding": 1, "bias": False}),
    ("Conv2d", (3, 5, 3), {"padding": 2, "padding_mode": "reflect"}),
    ("Conv2d", (3, 5, 4), {"padding": "same", "padding_mode": "replicate"}),
    ("Conv1d", (3, 5, 3), {"padding": 2, "padding_mode": "circular"}),
    ("ConvTranspose1d", (3, 6, 3), {"stride": 2, "output_padding": 1}),
    ("ConvTranspose2d", (4, 6, 3), {"stride": 2, "padding": 1, "groups": 2, "dilation": 2}),
])
def test_layers_load_torch_weights(cls, args, kwargs):
    theirs = getattr(torch.nn, cls)(*args, **kwargs).double()
    ours = getattr(al.nn, cls)(*args, **kwargs, dtype=al.float64)
    assert repr(ours) == repr(theirs)
    state = {k: al.tensor(v.detach().numpy()) for k, v in theirs.state_dict().items()}
    ours.load_state_dict(state)
    assert list(ours.state_dict()) == list(theirs.state_dict())
    d = int(cls[-2])
    x = RNG.standard_normal((2, args[0]) + (7, 6)[:d])
    _close(ours(al.tensor(x)), theirs(torch.tensor(x)))
    _close(ours(al.tensor(x[0])), theirs(torch.tensor(x[0])))  # unbatched


def test_conv_transpose_output_size():
    theirs = torch.nn.ConvTranspose2d(2, 3, 3, stride=2).double()
    ours = al.nn.ConvTranspose2d(2, 3, 3, stride=2, dtype=al.float64)
    ours.load_state_dict({k: al.tensor(v.detach().numpy()) for k, v in
                          theirs.state_dict().items()})
    x = RNG.standard_normal((1, 2, 4, 4))
    _close(ours(al.tensor(x), output_size=[10, 9]), theirs(torch.tensor(x), output_size=[10, 9]))
    with pytest.raises(ValueError, match="requested an output size of"):
        ours(al.tensor(x), output_size=[12, 12])


def test_layer_init_matches_torch_bounds():
    _ = al.manual_seed(0)
    conv = al.nn.Conv2d(8, 16, 3)
    bound = 1 / math.sqrt(8 * 9)  # kaiming_uniform(a=sqrt(5)) gives the same bound as the bias
    w, b = conv.weight.detach().numpy(), conv.bias.detach().numpy()
    assert w.shape == (16, 8, 3, 3) and np.abs(w).max() <= bound and np.abs(w).max() > 0.8 * bound
    assert np.abs(b).max() <= bound
    assert al.nn.ConvTranspose2d(8, 4, 3, groups=2).weight.shape == (8, 2, 3, 3)


@pytest.mark.parametrize("kwargs,words", [
    ({"groups": 3}, "in_channels must be divisible by groups"),
    ({"groups": 0}, "groups must be a positive integer"),
    ({"padding_mode": "foo"}, "padding_mode must be one of"),
    ({"padding": "same", "stride": 2}, "padding='same' is not supported for strided"),
    ({"padding": "full"}, "Invalid padding string 'full'"),
])
def test_layer_errors_like_torch(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        torch.nn.Conv2d(4, 6, 3, **kwargs)
    with pytest.raises(ValueError, match=re.escape(words)):
        al.nn.Conv2d(4, 6, 3, **kwargs)


# ---- pooling ----

MAX_GRID = [  # kernel, stride, padding, dilation, ceil_mode
    (2, None, 0, 1, False), (3, 2, 1, 1, False), (3, 2, 1, 1, True), (2, 1, 1, 2, False),
    (3, 3, 0, 1, True), ((2, 3), (1, 2), (1, 1), (1, 1), True),
]


@pytest.mark.parametrize("kernel,stride,padding,dilation,ceil_mode", MAX_GRID)
def test_max_pool_matches_torch(kernel, stride, padding, dilation, ceil_mode):
    for d in (1, 2):
        if d == 1 and isinstance(kernel, tuple):
            continue
        ours_f, theirs_f = getattr(F, f"max_pool{d}d"), getattr(TF, f"max_pool{d}d")
        shape = (2, 3) + (9, 8)[:d]
        for dtype in (np.float32, np.float64):
            _check(lambda x: ours_f(x, kernel, stride, padding, dilation, ceil_mode),
                   lambda x: theirs_f(x, kernel, stride, padding, dilation, ceil_mode),
                   [shape], dtype)
        x = RNG.standard_normal(shape)
        ov, oi = ours_f(al.tensor(x), kernel, stride, padding, dilation, ceil_mode, True)
        tv, ti = theirs_f(torch.tensor(x), kernel, stride, padding, dilation, ceil_mode, True)
        np.testing.assert_array_equal(oi.numpy(), ti.numpy())
        assert oi.dtype == al.int64
        if dilation != 1:  # max_unpool has no dilation: the default size differs
            continue
        unpool_o = getattr(F, f"max_unpool{d}d")(ov, oi, kernel, stride, padding,
                                                 output_size=x.shape[-d:])
        unpool_t = getattr(TF, f"max_unpool{d}d")(tv, ti, kernel, stride, padding,
                                                  output_size=x.shape[-d:])
        _close(unpool_o, unpool_t)


def test_max_pool_integers_and_unbatched():
    x = RNG.integers(-100, 100, (3, 7, 6))
    np.testing.assert_array_equal(F.max_pool2d(al.tensor(x), 3, 2, 1).numpy(),
                                  TF.max_pool2d(torch.tensor(x), 3, 2, 1).numpy())
    _check(lambda x: F.max_pool1d(x, 2), lambda x: TF.max_pool1d(x, 2), [(3, 7)])


AVG_GRID = [  # kernel, stride, padding, ceil_mode, count_include_pad
    (2, None, 0, False, True), (3, 2, 1, False, True), (3, 2, 1, True, False),
    (3, 2, 1, True, True), ((2, 3), (2, 1), (1, 1), False, False),
]


@pytest.mark.parametrize("kernel,stride,padding,ceil_mode,include", AVG_GRID)
def test_avg_pool_matches_torch(kernel, stride, padding, ceil_mode, include):
    for dtype in (np.float32, np.float64):
        _check(lambda x: F.avg_pool2d(x, kernel, stride, padding, ceil_mode, include),
               lambda x: TF.avg_pool2d(x, kernel, stride, padding, ceil_mode, include),
               [(2, 3, 9, 8)], dtype)
        if not isinstance(kernel, tuple):
            _check(lambda x: F.avg_pool1d(x, kernel, stride, padding, ceil_mode, include),
                   lambda x: TF.avg_pool1d(x, kernel, stride, padding, ceil_mode, include),
                   [(2, 3, 9)], dtype)
    _check(lambda x: F.avg_pool2d(x, kernel, stride, padding, ceil_mode, include, 5),
           lambda x: TF.avg_pool2d(x, kernel, stride, padding, ceil_mode, include, 5),
           [(3, 9, 8)])


@pytest.mark.parametrize("out", [1, 3, (2, 5), (4, None), 7])
def test_adaptive_pools_match_torch(out):
    for dtype in (np.float32, np.float64):
        _check(lambda x: F.adaptive_avg_pool2d(x, out), lambda x: TF.adaptive_avg_pool2d(x, out),
               [(2, 3, 7, 5)], dtype)
        _check(lambda x: F.adaptive_max_pool2d(x, out), lambda x: TF.adaptive_max_pool2d(x, out),
               [(2, 3, 7, 5)], dtype)
    if not isinstance(out, tuple):
        _check(lambda x: F.adaptive_avg_pool1d(x, out), lambda x: TF.adaptive_avg_pool1d(x, out),
               [(2, 3, 10)])
        _check(lambda x: F.adaptive_max_pool1d(x, out), lambda x: TF.adaptive_max_pool1d(x, out),
               [(3, 10)])
    x = RNG.standard_normal((2, 3, 7, 5))
    _, oi = F.adaptive_max_pool2d(al.tensor(x), out, return_indices=True)
    _, ti = TF.adaptive_max_pool2d(torch.tensor(x), out, return_indices=True)
    np.testing.assert_array_equal(oi.numpy(), ti.numpy())


def test_pool_errors_like_torch():
    x = al.zeros(2, 4, 5, 5)
    with pytest.raises(RuntimeError, match="pad should be at most half of effective kernel "
                                           "size, but got pad=2, kernel_size=3"):
        F.max_pool2d(x, 3, padding=2)
    with pytest.raises(RuntimeError, match=r"Given input size: \(4x5x5\). Calculated output "
                                           r"size: \(4x0x0\). Output size is too small"):
        F.max_pool2d(x, 7)
    with pytest.raises(RuntimeError, match="stride must be greater than zero"):
        F.max_pool2d(x, 2, stride=0)
    with pytest.raises(RuntimeError, match=r"Expected 3D or 4D tensor, but got: \[5, 5\]"):
        F.adaptive_max_pool2d(al.zeros(5, 5), 2)
    with pytest.raises(RuntimeError, match=r"input of size: \[5, 5\]"):
        F.max_pool2d(al.zeros(5, 5), 2)


@pytest.mark.parametrize("cls,args,kwargs,shape", [
    ("MaxPool2d", (3,), {"stride": 2, "padding": 1, "ceil_mode": True}, (2, 3, 8, 8)),
    ("MaxPool1d", (2,), {}, (2, 3, 8)),
    ("AvgPool2d", ((2, 3),), {"count_include_pad": False, "padding": 1}, (2, 3, 8, 8)),
    ("AvgPool1d", (3,), {"stride": 2}, (2, 3, 8)),
    ("AdaptiveAvgPool2d", ((3, 2),), {}, (2, 3, 8, 8)),
    ("AdaptiveAvgPool1d", (3,), {}, (2, 3, 8)),
    ("AdaptiveMaxPool2d", (3,), {}, (2, 3, 8, 8)),
    ("AdaptiveMaxPool1d", (5,), {}, (2, 3, 8)),
    ("Upsample", (), {"scale_factor": 2, "mode": "nearest"}, (2, 3, 4, 4)),
    ("Upsample", (), {"size": (5, 7), "mode": "bilinear", "align_corners": True}, (2, 3, 4, 4)),
    ("Unfold", (3,), {"padding": 1, "stride": 2}, (2, 3, 8, 8)),
    ("Fold", ((5, 6), 2), {"stride": 1}, (2, 12, 20)),
    ("MaxUnpool2d", (2,), {}, None),
])
def test_pool_layers_match_torch(cls, args, kwargs, shape):
    ours, theirs = getattr(al.nn, cls)(*args, **kwargs), getattr(torch.nn, cls)(*args, **kwargs)
    assert repr(ours) == repr(theirs)
    if shape is not None:
        x = RNG.standard_normal(shape)
        _close(ours(al.tensor(x)), theirs(torch.tensor(x)))


# ---- unfold / fold ----


@pytest.mark.parametrize("kernel,dilation,padding,stride", [
    (2, 1, 0, 1), (3, 1, 1, 2), ((2, 3), (2, 1), (1, 0), (1, 2)),
])
def test_unfold_fold_match_torch(kernel, dilation, padding, stride):
    for dtype in (np.float32, np.float64):
        _check(lambda x: F.unfold(x, kernel, dilation, padding, stride),
               lambda x: TF.unfold(x, kernel, dilation, padding, stride), [(2, 3, 7, 6)], dtype)
    cols = TF.unfold(torch.zeros(2, 3, 7, 6), kernel, dilation, padding, stride).shape
    _check(lambda c: F.fold(c, (7, 6), kernel, dilation, padding, stride),
           lambda c: TF.fold(c, (7, 6), kernel, dilation, padding, stride), [tuple(cols)])
    _check(lambda c: F.fold(c, (7, 6), kernel, dilation, padding, stride),
           lambda c: TF.fold(c, (7, 6), kernel, dilation, padding, stride), [tuple(cols)[1:]])


def test_fold_errors_like_torch():
    with pytest.raises(RuntimeError, match=r"input.size\(1\)=5 and kernel_size=\(2, 2\)"):
        F.fold(al.zeros(2, 5, 9), (4, 4), 2)
    with pytest.raises(RuntimeError, match=r"calculated number of sliding blocks 3 \* 3 = 9, "
                                           r"but got input.size\(2\)=8"):
        F.fold(al.zeros(2, 8, 8), (4, 4), 2)
    with pytest.raises(RuntimeError, match=r"Only 3D or 4D input Tensors are supported"):
        F.unfold(al.zeros(5, 5), 2)


# ---- interpolate ----


@pytest.mark.parametrize("mode,d", [("nearest", 1), ("nearest", 2), ("linear", 1),
                                    ("bilinear", 2)])
@pytest.mark.parametrize("size,scale", [((7, 3), None), (None, 2.0), (None, (0.5, 1.7)),
                                        ((4, 4), None)])
def test_interpolate_matches_torch(mode, d, size, scale):
    if d == 1:
        size = size[:1] if size else None
        scale = scale[0] if isinstance(scale, tuple) else scale
    shape = (2, 3) + (5, 4)[:d]
    corners = (None,) if mode == "nearest" else (False, True)
    for align in corners:
        for dtype in (np.float32, np.float64):
            _check(lambda x: F.interpolate(x, size, scale, mode, align),
                   lambda x: TF.interpolate(x, size, scale, mode, align), [shape], dtype)


def test_interpolate_errors_like_torch():
    x = al.zeros(2, 3, 4, 4)
    with pytest.raises(NotImplementedError, match="Got 3D input, but bilinear mode needs 4D"):
        F.interpolate(al.zeros(2, 3, 4), size=3, mode="bilinear")
    with pytest.raises(ValueError, match="only one of size or scale_factor should be defined"):
        F.interpolate(x, size=3, scale_factor=2.0)
    with pytest.raises(ValueError, match="either size or scale_factor should be defined"):
        F.interpolate(x)
    with pytest.raises(ValueError, match="align_corners option can only be set"):
        F.interpolate(x, size=3, align_corners=True)


def test_cnn_trains_like_torch():
    """A small CNN (conv, pool, conv, adaptive pool, linear) with torch's weights: same loss
    and same gradients."""
    def build(nn):
        return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                             nn.Conv2d(8, 8, 3, padding=1, groups=2), nn.ReLU(),
                             nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))
    theirs = build(torch.nn)
    ours = build(al.nn)
    ours.load_state_dict({k: al.tensor(v.detach().numpy()) for k, v in
                          theirs.state_dict().items()})
    x = RNG.standard_normal((4, 3, 8, 8)).astype(np.float32)
    y = np.array([0, 1, 2, 3])
    lt = TF.cross_entropy(theirs(torch.tensor(x)), torch.tensor(y))
    lo = F.cross_entropy(ours(al.tensor(x)), al.tensor(y))
    _close(lo, lt, np.float32)
    lt.backward()
    lo.backward()
    for (name, p), (_, q) in zip(ours.named_parameters(), theirs.named_parameters()):
        _close(p.grad, q.grad, np.float32)


def test_conv_wide_sweep():
    """Every combination of transposed, stride, dilation and groups in 2-D against torch
    (float64 values): the cheap wide sweep beside the detailed tests above."""
    for transposed, s, dl, g in itertools.product((False, True), (1, 2), (1, 3), (1, 3)):
        x = RNG.standard_normal((1, 6, 7, 7))
        if transposed:
            w = RNG.standard_normal((6, 2, 2, 3))
            ours = F.conv_transpose2d(al.tensor(x), al.tensor(w), None, s, 1, 0, g, dl)
            theirs = TF.conv_transpose2d(torch.tensor(x), torch.tensor(w), None, s, 1, 0, g, dl)
        else:
            w = RNG.standard_normal((3 * g, 6 // g, 2, 3))
            ours = F.conv2d(al.tensor(x), al.tensor(w), None, s, 1, dl, g)
            theirs = TF.conv2d(torch.tensor(x), torch.tensor(w), None, s, 1, dl, g)
        _close(ours, theirs)


def test_conv_empty_batch_and_expanded_gradient():
    x = al.zeros(0, 3, 5, 5, requires_grad=True)
    w = al.tensor(RNG.standard_normal((4, 3, 3, 3)), dtype=al.float32, requires_grad=True)
    y = F.conv2d(x, w, padding=1)
    assert tuple(y.shape) == (0, 4, 5, 5)
    y.sum().backward()
    assert tuple(x.grad.shape) == (0, 3, 5, 5) and float(w.grad.abs().sum()) == 0.0
    assert tuple(F.conv_transpose2d(al.zeros(0, 3, 5, 5), al.zeros(3, 2, 3, 3),
                                    stride=2).shape) == (0, 2, 11, 11)
    # sum()'s gradient reaches the convolution as an expanded (stride-0) tensor
    _check(lambda x, w: F.conv2d(x, w, padding=1).sum() * 1,
           lambda x, w: TF.conv2d(x, w, padding=1).sum() * 1, [(2, 3, 5, 5), (4, 3, 3, 3)])
