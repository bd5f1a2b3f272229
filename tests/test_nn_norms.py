"""group_norm, instance_norm, local_response_norm, rms_norm, batch_norm over images and
volumes, their modules, and the channel-wise and alpha dropouts, against torch: values,
float64 gradients of the input and the affine parameters, running statistics, reprs and
errors. The dropouts' masks come from aten_lite's generator, so they are checked by their
statistics, their structure (whole channels) and eval mode, not by torch's random stream."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn
from aten_lite.nn import functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional


def _pair(values, grad=False):
    values = np.asarray(values, dtype=np.float64)
    return (al.tensor(values.tolist(), dtype=al.float64, requires_grad=grad),
            torch.tensor(values, requires_grad=grad))


def _np(t):
    return np.asarray(t.detach().numpy())


def _close(a, b, rtol=1e-9, atol=1e-11):
    np.testing.assert_allclose(_np(a), b.detach().numpy(), rtol=rtol, atol=atol)


def _check_with_grads(ours, theirs, shapes, seed=0):
    """ours(*al tensors) vs theirs(*torch tensors) on random float64 inputs of ``shapes``
    (None passes None): values and the gradients of every input under a random weighting."""
    rng = np.random.default_rng(seed)
    pairs = [None if s is None else _pair(rng.standard_normal(s) + 0.3, grad=True)
             for s in shapes]
    got = ours(*[p and p[0] for p in pairs])
    want = theirs(*[p and p[1] for p in pairs])
    assert tuple(got.shape) == tuple(want.shape)
    _close(got, want)
    w = rng.standard_normal(tuple(want.shape))
    (got * al.tensor(w.tolist(), dtype=al.float64)).sum().backward()
    (want * torch.tensor(w)).sum().backward()
    for p in pairs:
        if p is not None:
            _close(p[0].grad, p[1].grad, rtol=1e-8, atol=1e-10)


# ---- group_norm ----


@pytest.mark.parametrize("shape,groups", [((2, 6, 5), 3), ((3, 4, 2, 3), 2), ((2, 4), 4),
                                          ((1, 6, 2, 2, 2), 1)])
def test_group_norm_matches_torch(shape, groups):
    c = shape[1]
    _check_with_grads(lambda x, w, b: F.group_norm(x, groups, w, b, 1e-4),
                      lambda x, w, b: TF.group_norm(x, groups, w, b, 1e-4),
                      [shape, (c,), (c,)])
    _check_with_grads(lambda x: F.group_norm(x, groups), lambda x: TF.group_norm(x, groups),
                      [shape])


def test_group_norm_errors_and_module():
    with pytest.raises(RuntimeError, match=r"shape \[2, 5, 3\] and num_groups=2"):
        F.group_norm(al.ones(2, 5, 3), 2)
    with pytest.raises(ValueError, match="num_channels=5, num_groups=2"):
        nn.GroupNorm(2, 5)
    for args, kw in (((2, 4), {}), ((4, 4), {"eps": 1e-3, "affine": False}),
                     ((1, 4), {"bias": False})):
        ours, theirs = nn.GroupNorm(*args, **kw), torch.nn.GroupNorm(*args, **kw)
        assert repr(ours) == repr(theirs)
        assert [n for n, _ in ours.named_parameters()] == \
            [n for n, _ in theirs.named_parameters()]
        x = np.random.default_rng(4).standard_normal((3, 4, 5)).astype(np.float32)
        np.testing.assert_allclose(_np(ours(al.tensor(x))),
                                   theirs(torch.tensor(x)).detach().numpy(), rtol=1e-5,
                                   atol=1e-5)


# ---- instance_norm ----


@pytest.mark.parametrize("shape", [(2, 3, 5), (2, 3, 4, 3), (1, 2, 2, 3, 2)])
def test_instance_norm_matches_torch(shape):
    c = shape[1]
    _check_with_grads(lambda x, w, b: F.instance_norm(x, weight=w, bias=b, eps=1e-3),
                      lambda x, w, b: TF.instance_norm(x, weight=w, bias=b, eps=1e-3),
                      [shape, (c,), (c,)])


def test_instance_norm_running_statistics_follow_torch():
    x = np.random.default_rng(5).standard_normal((4, 3, 6)) * 2 + 1
    rm, rv = al.zeros(3, dtype=al.float64), al.ones(3, dtype=al.float64)
    trm, trv = torch.zeros(3, dtype=torch.float64), torch.ones(3, dtype=torch.float64)
    for _ in range(3):
        got = F.instance_norm(al.tensor(x.tolist(), dtype=al.float64), rm, rv, momentum=0.3)
        want = TF.instance_norm(torch.tensor(x), trm, trv, momentum=0.3)
    _close(got, want)
    np.testing.assert_allclose(_np(rm), trm.numpy(), rtol=1e-12)
    np.testing.assert_allclose(_np(rv), trv.numpy(), rtol=1e-12)
    # eval: the running statistics normalise
    _close(F.instance_norm(al.tensor(x.tolist(), dtype=al.float64), rm, rv, use_input_stats=False),
           TF.instance_norm(torch.tensor(x), trm, trv, use_input_stats=False))


@pytest.mark.parametrize("cls,shape", [("InstanceNorm1d", (2, 3, 5)),
                                       ("InstanceNorm1d", (3, 5)),
                                       ("InstanceNorm2d", (2, 3, 4, 4)),
                                       ("InstanceNorm2d", (3, 4, 4)),
                                       ("InstanceNorm3d", (2, 3, 2, 3, 2))])
@pytest.mark.parametrize("kw", [{}, {"affine": True, "track_running_stats": True},
                                {"affine": True, "bias": False, "momentum": None,
                                 "track_running_stats": True}])
def test_instance_norm_modules_match_torch(cls, shape, kw):
    ours, theirs = getattr(nn, cls)(3, **kw), getattr(torch.nn, cls)(3, **kw)
    assert repr(ours) == repr(theirs)
    assert [n for n, _ in ours.named_buffers()] == [n for n, _ in theirs.named_buffers()]
    ours.double()
    theirs.double()
    rng = np.random.default_rng(6)
    for _ in range(2):
        x = rng.standard_normal(shape) * 3 - 1
        a, t = _pair(x, grad=True)
        got, want = ours(a), theirs(t)
        _close(got, want)
        (got * got).sum().backward()
        (want * want).sum().backward()
        _close(a.grad, t.grad, rtol=1e-8, atol=1e-9)
    for name, buf in theirs.named_buffers():
        np.testing.assert_allclose(_np(getattr(ours, name)), buf.numpy(), rtol=1e-12)
    ours.eval()
    theirs.eval()
    x = rng.standard_normal(shape)
    _close(ours(al.tensor(x.tolist(), dtype=al.float64)), theirs(torch.tensor(x)))


def test_instance_norm_errors():
    with pytest.raises(ValueError, match=r"expected 2D or 3D input \(got 4D"):
        nn.InstanceNorm1d(3)(al.ones(2, 3, 4, 5))
    with pytest.raises(ValueError, match="match num_features \\(3\\), but got: 4"):
        nn.InstanceNorm1d(3, affine=True)(al.ones(2, 4, 5))
    with pytest.raises(ValueError, match="more than 1 spatial element"):
        F.instance_norm(al.ones(2, 3, 1))


# ---- batch_norm over images and volumes ----


@pytest.mark.parametrize("cls,shape", [("BatchNorm2d", (4, 3, 2, 3)),
                                       ("BatchNorm3d", (2, 3, 2, 2, 3)),
                                       ("BatchNorm1d", (5, 3, 4))])
@pytest.mark.parametrize("kw", [{}, {"momentum": None}, {"affine": False},
                                {"track_running_stats": False}])
def test_batch_norm_modules_match_torch(cls, shape, kw):
    ours, theirs = getattr(nn, cls)(3, **kw), getattr(torch.nn, cls)(3, **kw)
    assert repr(ours) == repr(theirs)
    ours.double()
    theirs.double()
    rng = np.random.default_rng(8)
    for _ in range(3):
        a, t = _pair(rng.standard_normal(shape) * 2 + 0.5, grad=True)
        got, want = ours(a), theirs(t)
        _close(got, want)
        (got * got * got).sum().backward()
        (want * want * want).sum().backward()
        _close(a.grad, t.grad, rtol=1e-8, atol=1e-9)
    for name, buf in theirs.named_buffers():
        np.testing.assert_allclose(_np(getattr(ours, name)), buf.numpy(), rtol=1e-12)
    ours.eval()
    theirs.eval()
    x = rng.standard_normal(shape)
    _close(ours(al.tensor(x.tolist(), dtype=al.float64)), theirs(torch.tensor(x)))


def test_batch_norm_modules_check_the_rank():
    with pytest.raises(ValueError, match=r"expected 4D input \(got 3D"):
        nn.BatchNorm2d(3)(al.ones(2, 3, 4))
    with pytest.raises(ValueError, match=r"expected 5D input \(got 4D"):
        nn.BatchNorm3d(3)(al.ones(2, 3, 4, 4))
    with pytest.raises(ValueError, match="expected 3 channels"):
        nn.BatchNorm2d(3)(al.ones(2, 4, 2, 2))


# ---- local_response_norm ----


@pytest.mark.parametrize("shape", [(2, 6, 5), (2, 5, 3, 4), (1, 4, 2, 3, 2)])
@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_local_response_norm_matches_torch(shape, size):
    _check_with_grads(lambda x: F.local_response_norm(x, size, 0.3, 0.6, 1.5),
                      lambda x: TF.local_response_norm(x, size, 0.3, 0.6, 1.5), [shape])


def test_local_response_norm_module_and_errors():
    ours, theirs = nn.LocalResponseNorm(3), torch.nn.LocalResponseNorm(3)
    assert repr(ours) == repr(theirs)
    x = np.random.default_rng(9).standard_normal((2, 4, 3)) * 10
    _close(ours(al.tensor(x.tolist(), dtype=al.float64)), theirs(torch.tensor(x)))
    with pytest.raises(ValueError, match="got 2 dimensions"):
        F.local_response_norm(al.ones(2, 3), 2)
    with pytest.raises(ValueError, match="size must be a positive int, got 0"):
        F.local_response_norm(al.ones(2, 3, 4), 0)


# ---- rms_norm ----


@pytest.mark.parametrize("shape,norm", [((3, 5), (5,)), ((2, 3, 4), (3, 4)), ((4,), (4,))])
def test_rms_norm_matches_torch(shape, norm):
    _check_with_grads(lambda x, w: F.rms_norm(x, norm, w), lambda x, w: TF.rms_norm(x, norm, w),
                      [shape, norm])
    _check_with_grads(lambda x: F.rms_norm(x, list(norm), eps=0.1),
                      lambda x: TF.rms_norm(x, list(norm), eps=0.1), [shape])


def test_rms_norm_default_eps_is_the_dtypes():
    x = np.array([[1e-5, -2e-5, 3e-6]], dtype=np.float32)
    np.testing.assert_allclose(_np(F.rms_norm(al.tensor(x), (3,))),
                               TF.rms_norm(torch.tensor(x), (3,)).numpy(), rtol=1e-5)


def test_rms_norm_module_and_errors():
    for args, kw in (((4,), {}), (([2, 4],), {"eps": 1e-3, "elementwise_affine": False})):
        ours, theirs = nn.RMSNorm(*args, **kw), torch.nn.RMSNorm(*args, **kw)
        assert repr(ours) == repr(theirs)
        x = np.random.default_rng(1).standard_normal((3, 2, 4)).astype(np.float32)
        np.testing.assert_allclose(_np(ours(al.tensor(x))),
                                   theirs(torch.tensor(x)).detach().numpy(), rtol=1e-5)
    with pytest.raises(RuntimeError, match=r"normalized_shape=\[5\].*size \[2, 3, 4\]"):
        F.rms_norm(al.ones(2, 3, 4), [5])


# ---- dropouts ----


def _drop_pattern(out, x):
    """Per (sample, channel): the fraction of elements kept."""
    kept = (_np(out) != 0).astype(float)
    return kept.reshape(x.shape[0], x.shape[1], -1).mean(-1)


@pytest.mark.parametrize("fn,shape", [(F.dropout1d, (40, 50, 3)), (F.dropout2d, (40, 50, 2, 3)),
                                      (F.dropout3d, (40, 50, 2, 2, 2))])
def test_channel_dropouts_drop_whole_channels_and_scale(fn, shape):
    al.manual_seed(0)
    x = al.ones(*shape, dtype=al.float64, requires_grad=True)
    out = fn(x, 0.3)
    pattern = _drop_pattern(out, x)
    assert set(np.unique(pattern)) <= {0.0, 1.0}  # a channel is kept or dropped whole
    assert abs(pattern.mean() - 0.7) < 0.03
    np.testing.assert_allclose(np.unique(_np(out)), [0.0, 1 / 0.7])
    out.sum().backward()
    np.testing.assert_array_equal(_np(x.grad), _np(out))  # the gradient is the same mask
    assert fn(x, 0.3, training=False) is x
    assert (_np(fn(x, 1.0)) == 0).all()
    with pytest.raises(ValueError, match="but got 1.5"):
        fn(x, 1.5)


def test_channel_dropouts_of_unbatched_inputs_and_inplace():
    al.manual_seed(1)
    for fn, shape in ((F.dropout1d, (200, 4)), (F.dropout3d, (200, 2, 2, 2))):
        x = al.ones(*shape)
        out = fn(x, 0.5)
        assert tuple(out.shape) == shape
        kept = (_np(out) != 0).reshape(shape[0], -1).mean(-1)
        assert set(np.unique(kept)) == {0.0, 1.0}
        y = al.ones(*shape)
        assert fn(y, 0.5, inplace=True) is y
        assert set(np.unique(_np(y))) == {0.0, 2.0}
    with pytest.raises(RuntimeError, match="received a 4D input"):
        F.dropout1d(al.ones(2, 3, 4, 5))
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        F.dropout2d(al.ones(2, 3, 4))
    assert any("dropout2d" in str(w.message) for w in seen)


def test_alpha_dropout_keeps_mean_and_variance():
    al.manual_seed(2)
    x = al.randn(200000, dtype=al.float64)
    for fn in (F.alpha_dropout, F.feature_alpha_dropout):
        inp = x.reshape(400, 500, 1) if fn is F.feature_alpha_dropout else x
        out = _np(fn(inp, 0.2, training=True))
        assert abs(out.mean()) < 0.02 and abs(out.std() - 1) < 0.02
        assert fn(inp, 0.2) is inp  # training defaults to False
    # Zeros become a * 0 + b where kept and a * (-alpha') + b where dropped, with
    # b = alpha' * a * p: two values, the dropped one in a fraction p of the places.
    p, alpha = 0.2, 1.7580993408473766
    a = 1 / np.sqrt((alpha ** 2 * p + 1) * (1 - p))
    out = _np(F.alpha_dropout(al.zeros(4000, dtype=al.float64), p, training=True))
    dropped, kept = alpha * a * (p - 1), alpha * a * p
    assert (np.isclose(out, dropped) | np.isclose(out, kept)).all()
    assert abs(np.isclose(out, dropped).mean() - p) < 0.03


def test_alpha_dropout_gradient_is_the_kept_scale():
    al.manual_seed(3)
    x = al.ones(2000, dtype=al.float64, requires_grad=True)
    F.alpha_dropout(x, 0.25, training=True).sum().backward()
    a = 1 / np.sqrt((1.7580993408473766 ** 2 * 0.25 + 1) * 0.75)
    grads = _np(x.grad)
    assert set(np.round(np.unique(grads), 12)) == {0.0, np.round(a, 12)}


def test_feature_alpha_dropout_drops_whole_channels():
    al.manual_seed(4)
    out = _np(F.feature_alpha_dropout(al.ones(50, 40, 6), 0.5, training=True))
    per_channel = out.reshape(50, 40, 6)
    assert (per_channel == per_channel[..., :1]).all()
    with pytest.raises(RuntimeError, match="at least 2 dimensions"):
        F.feature_alpha_dropout(al.ones(5), 0.5, training=True)


@pytest.mark.parametrize("cls", ["Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout",
                                 "FeatureAlphaDropout"])
def test_dropout_modules(cls):
    for args in ((), (0.2, True)):
        ours, theirs = getattr(nn, cls)(*args), getattr(torch.nn, cls)(*args)
        assert repr(ours) == repr(theirs)
    m = getattr(nn, cls)(0.4)
    x = al.ones(4, 6, 3, 2, 2) if cls == "Dropout3d" else al.ones(4, 6, 3)
    if cls == "Dropout2d":
        x = al.ones(4, 6, 3, 2)
    al.manual_seed(5)
    assert (_np(m(x)) != 1).any()
    m.eval()
    assert m(x) is x
    assert not isinstance(m, nn.Dropout)
    with pytest.raises(ValueError, match="but got -0.1"):
        getattr(nn, cls)(-0.1)


def test_dropout_inplace_writes_its_input():
    al.manual_seed(6)
    y = al.ones(1000)
    assert F.dropout(y, 0.5, inplace=True) is y
    assert set(np.unique(_np(y))) == {0.0, 2.0}
    m = nn.Dropout(0.5, inplace=True)
    z = al.ones(100)
    assert m(z) is z
