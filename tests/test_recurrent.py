"""Recurrent layers and packed sequences against torch (aten_lite/nn/recurrent.py,
aten_lite/nn/utils/rnn.py): RNN, LSTM (with proj_size) and GRU over a grid of layers,
directions, batch_first, initial states and unbatched input, in float32 values and float64
gradients of the input, the states and every weight, through both the fused node and the
op-by-op recurrence; the cells; packing and padding; double backward, forward mode; errors
and the parameter layout torch's state_dict needs."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest

import aten_lite as al
import aten_lite.autograd.forward_ad as fwAD
from aten_lite.nn import recurrent as recurrent_mod
from aten_lite.nn.utils import rnn as al_rnn

torch = pytest.importorskip("torch")
from torch.nn.utils import rnn as t_rnn  # noqa: E402

RNG = np.random.default_rng(7)


@pytest.fixture(params=["fused", "numpy", "ops"])
def path(request, monkeypatch):
    """Run a test through the fused node (its LSTM time loop in C++), the fused node with
    the loop in NumPy (as when the extension lacks the C++ loop, or with a projection), and
    the op-by-op recurrence."""
    monkeypatch.setattr(recurrent_mod, "_use_fused_layers", request.param != "ops")
    if request.param == "numpy":
        monkeypatch.setattr(recurrent_mod, "_KERNELS", {"_lstm_recurrence": False,
                                                        "_lstm_recurrence_backward": False})
    return request.param


def _pair_modules(cls: str, *args, dtype=torch.float64, **kwargs):
    torch.manual_seed(int(RNG.integers(1 << 30)))
    theirs = getattr(torch.nn, cls)(*args, **kwargs).to(dtype)
    ours = getattr(al.nn, cls)(*args, **kwargs).to(str(dtype).replace("torch.", ""))
    ours.load_state_dict({k: al.tensor(v.detach().numpy())
                          for k, v in theirs.state_dict().items()})
    return ours, theirs


def _pair(shape, dtype=np.float64, grad=True):
    a = RNG.standard_normal(shape).astype(dtype)
    return al.tensor(a, requires_grad=grad), torch.tensor(a, requires_grad=grad)


def _close(ours, theirs, tol=1e-10):
    assert tuple(ours.shape) == tuple(theirs.shape), (tuple(ours.shape), tuple(theirs.shape))
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=tol,
                               atol=tol)


def _flat(out):
    """The tensors of a recurrent layer's result, in order."""
    output, state = out
    if isinstance(output, (al_rnn.PackedSequence, t_rnn.PackedSequence)):
        output = output.data
    return [output] + (list(state) if isinstance(state, tuple) else [state])


def _compare(ours_out, theirs_out, leaves, tol=1e-10, grads=True):
    """Values of every result; then the gradients of ``leaves`` (pairs) and of the modules'
    weights, for random upstream gradients."""
    ours, theirs = _flat(ours_out), _flat(theirs_out)
    for a, t in zip(ours, theirs):
        _close(a, t, tol)
    if not grads:
        return
    gs = [RNG.standard_normal(tuple(t.shape)) for t in theirs]
    al.autograd.backward(ours, [al.tensor(g) for g in gs])
    torch.autograd.backward(theirs, [torch.tensor(g) for g in gs])
    for a, t in leaves:
        _close(a.grad, t.grad, tol)


def _compare_weights(ours_mod, theirs_mod, tol=1e-10):
    names = [n for n, _ in theirs_mod.named_parameters()]
    assert [n for n, _ in ours_mod.named_parameters()] == names
    ours_p, theirs_p = dict(ours_mod.named_parameters()), dict(theirs_mod.named_parameters())
    for n in names:
        _close(ours_p[n].grad, theirs_p[n].grad, tol)


# (layers, bidirectional, batch_first, proj_size, give initial states)
GRID = [(1, False, False, 0, False), (2, True, False, 0, True), (2, False, True, 0, True),
        (1, True, True, 0, False)]
LSTM_PROJ = [(2, True, False, 3, True), (1, False, True, 2, False)]
MODES = [("RNN", {}), ("RNN", {"nonlinearity": "relu"}), ("LSTM", {}), ("GRU", {})]


def _cases():
    for (cls, kw), cfg in itertools.product(MODES, GRID):
        yield cls, kw, cfg
    for cfg in LSTM_PROJ:
        yield "LSTM", {}, cfg


def _states(cls, layers, directions, batch, hidden, proj, unbatched=False):
    h_size = proj or hidden
    lead = (layers * directions,) + (() if unbatched else (batch,))
    h = _pair(lead + (h_size,))
    if cls != "LSTM":
        return h, [h]
    c = _pair(lead + (hidden,))
    return ((h[0], c[0]), (h[1], c[1])), [h, c]


@pytest.mark.parametrize("cls,kw,cfg", list(_cases()),
                         ids=lambda v: str(v).replace(" ", ""))
def test_layers_match_torch(cls, kw, cfg, path):
    layers, bidirectional, batch_first, proj, give_states = cfg
    steps, batch, inp, hidden = 5, 3, 4, 6
    extra = dict(kw, proj_size=proj) if proj else kw
    ours_mod, theirs_mod = _pair_modules(cls, inp, hidden, num_layers=layers,
                                         bidirectional=bidirectional, batch_first=batch_first,
                                         **extra)
    x = _pair((batch, steps, inp) if batch_first else (steps, batch, inp))
    leaves = [x]
    if give_states:
        (hs_al, hs_t), state_leaves = _states(cls, layers, 2 if bidirectional else 1, batch,
                                              hidden, proj)
        leaves += state_leaves
        ours, theirs = ours_mod(x[0], hs_al), theirs_mod(x[1], hs_t)
    else:
        ours, theirs = ours_mod(x[0]), theirs_mod(x[1])
    _compare(ours, theirs, leaves)
    _compare_weights(ours_mod, theirs_mod)


@pytest.mark.parametrize("cls", ["RNN", "LSTM", "GRU"])
def test_float32_values(cls, path):
    ours_mod, theirs_mod = _pair_modules(cls, 8, 16, num_layers=2, bidirectional=True,
                                         dtype=torch.float32)
    x = _pair((7, 4, 8), np.float32, grad=False)
    ours, theirs = ours_mod(x[0]), theirs_mod(x[1])
    assert ours[0].dtype == al.float32
    _compare(ours, theirs, [], tol=2e-5, grads=False)


@pytest.mark.parametrize("cls", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("give_states", [False, True])
def test_unbatched(cls, batch_first, give_states, path):
    ours_mod, theirs_mod = _pair_modules(cls, 3, 5, num_layers=2, bidirectional=True,
                                         batch_first=batch_first)
    x = _pair((4, 3))
    leaves = [x]
    if give_states:
        (hs_al, hs_t), state_leaves = _states(cls, 2, 2, None, 5, 0, unbatched=True)
        leaves += state_leaves
        ours, theirs = ours_mod(x[0], hs_al), theirs_mod(x[1], hs_t)
    else:
        ours, theirs = ours_mod(x[0]), theirs_mod(x[1])
    _compare(ours, theirs, leaves)
    _compare_weights(ours_mod, theirs_mod)


# ---- packed sequences through the layers ----


@pytest.mark.parametrize("cls,proj", [("LSTM", 0), ("LSTM", 2), ("GRU", 0), ("RNN", 0)])
@pytest.mark.parametrize("enforce_sorted", [True, False])
def test_packed_input(cls, proj, enforce_sorted, path):
    lengths = [5, 4, 4, 2, 1] if enforce_sorted else [2, 5, 1, 4, 4]
    extra = {"proj_size": proj} if proj else {}
    ours_mod, theirs_mod = _pair_modules(cls, 3, 4, num_layers=2, bidirectional=True, **extra)
    x = _pair((5, len(lengths), 3))
    (hs_al, hs_t), state_leaves = _states(cls, 2, 2, len(lengths), 4, proj)
    p_al = al_rnn.pack_padded_sequence(x[0], lengths, enforce_sorted=enforce_sorted)
    p_t = t_rnn.pack_padded_sequence(x[1], lengths, enforce_sorted=enforce_sorted)
    ours, theirs = ours_mod(p_al, hs_al), theirs_mod(p_t, hs_t)
    assert isinstance(ours[0], al_rnn.PackedSequence)
    assert ours[0].batch_sizes.tolist() == theirs[0].batch_sizes.tolist()
    padded_al, len_al = al_rnn.pad_packed_sequence(ours[0], batch_first=True)
    padded_t, len_t = t_rnn.pad_packed_sequence(theirs[0], batch_first=True)
    _close(padded_al, padded_t)
    assert len_al.tolist() == len_t.tolist() == lengths
    _compare(ours, theirs, [x] + state_leaves)
    _compare_weights(ours_mod, theirs_mod)


def test_packed_matches_each_sequence_alone(path):
    """A packed batch gives each sequence what running it alone gives (no padding leaks in
    either direction)."""
    _ = al.manual_seed(3)
    lstm = al.nn.LSTM(3, 4, bidirectional=True).double()
    seqs = [al.tensor(RNG.standard_normal((n, 3))) for n in (4, 2, 3)]
    out, (h, c) = lstm(al_rnn.pack_sequence(seqs, enforce_sorted=False))
    padded, _ = al_rnn.pad_packed_sequence(out)
    for b, s in enumerate(seqs):
        alone, (h1, c1) = lstm(s)
        _close(padded[:len(s), b], alone)
        _close(h[:, b], h1)
        _close(c[:, b], c1)


# ---- cells ----


@pytest.mark.parametrize("cls,kw", [("RNNCell", {}), ("RNNCell", {"nonlinearity": "relu"}),
                                    ("LSTMCell", {}), ("GRUCell", {}),
                                    ("GRUCell", {"bias": False})])
@pytest.mark.parametrize("batched", [True, False])
@pytest.mark.parametrize("give_state", [True, False])
def test_cells_match_torch(cls, kw, batched, give_state, path):
    ours_mod, theirs_mod = _pair_modules(cls, 3, 5, **kw)
    lead = (4,) if batched else ()
    x = _pair(lead + (3,))
    leaves = [x]
    if give_state:
        h = _pair(lead + (5,))
        leaves.append(h)
        if cls == "LSTMCell":
            c = _pair(lead + (5,))
            leaves.append(c)
            ours, theirs = ours_mod(x[0], (h[0], c[0])), theirs_mod(x[1], (h[1], c[1]))
        else:
            ours, theirs = ours_mod(x[0], h[0]), theirs_mod(x[1], h[1])
    else:
        ours, theirs = ours_mod(x[0]), theirs_mod(x[1])
    ours = list(ours) if isinstance(ours, tuple) else [ours]
    theirs = list(theirs) if isinstance(theirs, tuple) else [theirs]
    for a, t in zip(ours, theirs):
        _close(a, t)
    gs = [RNG.standard_normal(tuple(t.shape)) for t in theirs]
    al.autograd.backward(ours, [al.tensor(g) for g in gs])
    torch.autograd.backward(theirs, [torch.tensor(g) for g in gs])
    for a, t in leaves:
        _close(a.grad, t.grad)
    _compare_weights(ours_mod, theirs_mod)


def test_cell_unrolled_equals_layer():
    """Stepping an LSTMCell with the layer's weights gives the layer's outputs."""
    _ = al.manual_seed(5)
    layer = al.nn.LSTM(3, 4).double()
    cell = al.nn.LSTMCell(3, 4).double()
    cell.load_state_dict({k[:-3]: v for k, v in layer.state_dict().items()})
    x = al.tensor(RNG.standard_normal((6, 2, 3)))
    out, (h_n, c_n) = layer(x)
    h = c = al.zeros(2, 4, dtype=al.float64)
    for t in range(6):
        h, c = cell(x[t], (h, c))
        _close(h, out[t].detach())
    _close(h, h_n[0])
    _close(c, c_n[0])


# ---- higher derivatives and forward mode ----


@pytest.mark.parametrize("cls", ["LSTM", "GRU", "RNN"])
def test_double_backward(cls, path):
    extra = {"proj_size": 2} if cls == "LSTM" else {}
    ours_mod, theirs_mod = _pair_modules(cls, 3, 4, num_layers=2, bidirectional=True, **extra)
    x = _pair((4, 2, 3))
    results = []
    for lib, mod, xx in ((al, ours_mod, x[0]), (torch, theirs_mod, x[1])):
        out = mod(xx)[0]
        (gx,) = lib.autograd.grad((out ** 2).sum(), [xx], create_graph=True)
        weight = dict(mod.named_parameters())["weight_hh_l0"]
        (gw,) = lib.autograd.grad((gx ** 2).sum(), [weight])
        results.append((gx, gw))
    _close(results[0][0], results[1][0])
    _close(results[0][1], results[1][1], 1e-9)


def test_forward_mode_through_lstm():
    """Inside a dual level the layer runs op by op; its tangent is the directional
    derivative (checked against a central difference)."""
    _ = al.manual_seed(11)
    lstm = al.nn.LSTM(3, 4, num_layers=2).double()
    x = al.tensor(RNG.standard_normal((5, 2, 3)))
    v = al.tensor(RNG.standard_normal((5, 2, 3)))
    with fwAD.dual_level():
        out = lstm(fwAD.make_dual(x, v))[0]
        tangent = fwAD.unpack_dual(out).tangent
    eps = 1e-6
    with al.no_grad():
        diff = (lstm(x + v * eps)[0] - lstm(x - v * eps)[0]) / (2 * eps)
    np.testing.assert_allclose(tangent.detach().numpy(), diff.numpy(), rtol=1e-6, atol=1e-7)


def test_output_changed_in_place_before_backward(path):
    """Backward differentiates the values the layer produced, whatever happened to its
    output tensor since (torch's float64 layers do the same)."""
    for cls in ("LSTM", "GRU", "RNN"):
        ours_mod, theirs_mod = _pair_modules(cls, 3, 4)
        x = _pair((5, 2, 3))
        for mod, xx in ((ours_mod, x[0]), (theirs_mod, x[1])):
            out = mod(xx)[0]
            out.mul_(2)
            (out ** 2).sum().backward()
        _close(x[0].grad, x[1].grad)


# ---- training, dropout, state_dict, init ----


def test_state_dict_layout_and_load():
    ours = al.nn.LSTM(5, 7, num_layers=2, bidirectional=True, proj_size=3)
    theirs = torch.nn.LSTM(5, 7, num_layers=2, bidirectional=True, proj_size=3)
    ours_sd, theirs_sd = ours.state_dict(), theirs.state_dict()
    assert list(ours_sd) == list(theirs_sd)
    assert [tuple(v.shape) for v in ours_sd.values()] == \
        [tuple(v.shape) for v in theirs_sd.values()]
    assert [[tuple(p.shape) for p in ws] for ws in ours.all_weights] == \
        [[tuple(p.shape) for p in ws] for ws in theirs.all_weights]
    assert repr(ours) == repr(theirs)
    for cls, kw in [("RNN", {"nonlinearity": "relu", "bias": False, "batch_first": True}),
                    ("GRU", {"dropout": 0.25, "num_layers": 3}), ("LSTMCell", {}),
                    ("RNNCell", {"nonlinearity": "relu", "bias": False})]:
        assert repr(getattr(al.nn, cls)(2, 3, **kw)) == repr(getattr(torch.nn, cls)(2, 3, **kw))


def test_torch_import_paths():
    import importlib

    import torch.nn.modules.rnn as theirs

    ours = importlib.import_module("aten_lite.nn.modules.rnn")
    for name in ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell",
                 "GRUCell"]:
        assert hasattr(theirs, name) and getattr(ours, name) is getattr(al.nn, name)
    for name in ["PackedSequence", "pack_padded_sequence", "pad_packed_sequence",
                 "pad_sequence", "pack_sequence", "unpack_sequence", "unpad_sequence"]:
        assert hasattr(t_rnn, name) and hasattr(al.nn.utils.rnn, name)


def test_init_is_uniform_in_torch_bound():
    _ = al.manual_seed(0)
    gru = al.nn.GRU(64, 100, num_layers=2)
    bound = 1 / math.sqrt(100)
    values = np.concatenate([p.detach().numpy().ravel() for p in gru.parameters()])
    assert np.abs(values).max() <= bound
    assert abs(values.std() - bound / math.sqrt(3)) < 0.05 * bound
    assert abs(values.mean()) < 0.02 * bound


def test_dropout_between_layers():
    _ = al.manual_seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours, theirs = _pair_modules("LSTM", 3, 8, num_layers=2, dropout=0.5)
    x = _pair((4, 2, 3), grad=False)
    train_a = ours(x[0])[0]
    train_b = ours(x[0])[0]
    assert not np.allclose(train_a.detach().numpy(), train_b.detach().numpy())
    ours.eval()
    theirs.eval()
    _compare(ours(x[0]), theirs(x[1]), [], grads=False)
    with pytest.warns(UserWarning, match="num_layers greater than 1"):
        al.nn.GRU(3, 4, dropout=0.2)


def test_training_loss_decreases_like_torch():
    """A few SGD steps of an LSTM regressor follow torch's losses step for step."""
    ours_mod, theirs_mod = _pair_modules("LSTM", 2, 6, num_layers=2, dtype=torch.float32)
    x = _pair((8, 4, 2), np.float32, grad=False)
    target = _pair((8, 4, 6), np.float32, grad=False)
    losses = []
    for lib, mod, xx, tt in ((al, ours_mod, x[0], target[0]),
                             (torch, theirs_mod, x[1], target[1])):
        run = []
        for _ in range(5):
            mod.zero_grad()
            loss = ((mod(xx)[0] - tt) ** 2).mean()
            loss.backward()
            with lib.no_grad():
                for p in mod.parameters():
                    p.add_(p.grad, alpha=-0.5)
            run.append(loss.item())
        losses.append(run)
    np.testing.assert_allclose(losses[0], losses[1], rtol=1e-4)
    assert losses[0][-1] < losses[0][0]


def test_no_grad_and_frozen_weights(path):
    ours_mod, theirs_mod = _pair_modules("GRU", 3, 4, bidirectional=True)
    ours_mod.requires_grad_(False)
    theirs_mod.requires_grad_(False)
    x = _pair((3, 2, 3))
    _compare(ours_mod(x[0]), theirs_mod(x[1]), [x])
    assert all(p.grad is None for p in ours_mod.parameters())
    with al.no_grad():
        out, h = ours_mod(x[0])
    assert not out.requires_grad and out.grad_fn is None


# ---- padding and packing ----


@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("padding_side", ["right", "left"])
def test_pad_sequence(batch_first, padding_side):
    seqs = [_pair((n, 2)) for n in (3, 1, 4)]
    ours = al_rnn.pad_sequence([s[0] for s in seqs], batch_first, -1.5, padding_side)
    theirs = t_rnn.pad_sequence([s[1] for s in seqs], batch_first, -1.5, padding_side)
    _close(ours, theirs)
    g = RNG.standard_normal(tuple(theirs.shape))
    ours.backward(al.tensor(g))
    theirs.backward(torch.tensor(g))
    for a, t in seqs:
        _close(a.grad, t.grad)


@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("lengths,enforce_sorted", [([4, 3, 3, 1], True),
                                                    ([1, 4, 3, 3], False),
                                                    ([2, 2, 2, 2], True)])
@pytest.mark.parametrize("as_tensor", [False, True])
def test_pack_pad_round_trip(batch_first, lengths, enforce_sorted, as_tensor):
    shape = (4, 4, 2) if batch_first else (4, 4, 2)
    x = _pair(shape)
    ls_al = al.tensor(lengths) if as_tensor else lengths
    ls_t = torch.tensor(lengths) if as_tensor else lengths
    p_al = al_rnn.pack_padded_sequence(x[0], ls_al, batch_first, enforce_sorted)
    p_t = t_rnn.pack_padded_sequence(x[1], ls_t, batch_first, enforce_sorted)
    _close(p_al.data, p_t.data)
    assert p_al.batch_sizes.tolist() == p_t.batch_sizes.tolist()
    assert p_al.batch_sizes.dtype == al.int64
    for a, t in ((p_al.sorted_indices, p_t.sorted_indices),
                 (p_al.unsorted_indices, p_t.unsorted_indices)):
        assert (a is None) == (t is None) and (a is None or a.tolist() == t.tolist())
    for total in (None, 6):
        pad_al, len_al = al_rnn.pad_packed_sequence(p_al, batch_first, 9.0, total)
        pad_t, len_t = t_rnn.pad_packed_sequence(p_t, batch_first, 9.0, total)
        _close(pad_al, pad_t)
        assert len_al.tolist() == len_t.tolist() and len_al.dtype == al.int64
    g = RNG.standard_normal(tuple(pad_t.shape))
    pad_al.backward(al.tensor(g))
    pad_t.backward(torch.tensor(g))
    _close(x[0].grad, x[1].grad)


def test_pack_sequence_and_unpack():
    seqs = [_pair((n, 3)) for n in (2, 5, 3)]
    p_al = al_rnn.pack_sequence([s[0] for s in seqs], enforce_sorted=False)
    p_t = t_rnn.pack_sequence([s[1] for s in seqs], enforce_sorted=False)
    _close(p_al.data, p_t.data)
    back = al_rnn.unpack_sequence(p_al)
    for b, (a, _) in zip(back, seqs):
        _close(b, a.detach())
    padded = al_rnn.pad_sequence([s[0] for s in seqs], batch_first=True)
    for b, (a, _) in zip(al_rnn.unpad_sequence(padded, al.tensor([2, 5, 3]), True), seqs):
        _close(b, a.detach())
    assert isinstance(p_al, tuple) and p_al._fields == p_t._fields
    data, batch_sizes, sorted_indices, unsorted_indices = p_al
    assert p_al.to(al.float32).data.dtype == al.float32
    assert p_al.double() is p_al and not p_al.is_cuda
    rebuilt = al_rnn.PackedSequence(data, batch_sizes, sorted_indices)
    assert rebuilt.unsorted_indices.tolist() == unsorted_indices.tolist()


# ---- errors ----


def _same_error(ours_fn, theirs_fn):
    """The same exception type, and torch's message (our dtypes print as aten_lite.*); ours
    may go on to name the bad value where torch's does not."""
    with pytest.raises(Exception) as theirs:
        theirs_fn()
    with pytest.raises(type(theirs.value)) as ours:
        ours_fn()
    assert str(ours.value).replace("aten_lite.", "torch.").startswith(str(theirs.value))


def test_layer_errors_match_torch():
    ours, theirs = _pair_modules("LSTM", 3, 4, num_layers=2)
    x = _pair((5, 2, 3), grad=False)
    bad = _pair((5, 2, 6), grad=False)
    _same_error(lambda: ours(bad[0]), lambda: theirs(bad[1]))
    h, c = _pair((2, 2, 4), grad=False), _pair((2, 2, 4), grad=False)
    wrong = _pair((1, 2, 4), grad=False)
    _same_error(lambda: ours(x[0], (wrong[0], c[0])), lambda: theirs(x[1], (wrong[1], c[1])))
    _same_error(lambda: ours(x[0], (h[0], wrong[0])), lambda: theirs(x[1], (h[1], wrong[1])))
    flat = _pair((2, 4), grad=False)
    _same_error(lambda: ours(x[0], (flat[0], flat[0])), lambda: theirs(x[1], (flat[1], flat[1])))
    four = _pair((1, 5, 2, 3), grad=False)
    _same_error(lambda: ours(four[0]), lambda: theirs(four[1]))
    _same_error(lambda: ours(x[0].float()), lambda: theirs(x[1].float()))
    g_ours, g_theirs = _pair_modules("GRU", 3, 4)
    _same_error(lambda: g_ours(x[0], h[0]), lambda: g_theirs(x[1], h[1]))
    _same_error(lambda: g_ours(x[0], flat[0]), lambda: g_theirs(x[1], flat[1]))
    _same_error(lambda: g_ours(four[0]), lambda: g_theirs(four[1]))


def test_constructor_errors_match_torch():
    for cls, args, kw in [("LSTM", (3, 4), {"proj_size": 4}), ("LSTM", (3, 4), {"proj_size": -1}),
                          ("GRU", (3, 4), {"proj_size": 2}), ("RNN", (3, 4), {"dropout": 1.5}),
                          ("RNN", (3, 4), {"nonlinearity": "gelu"}), ("RNN", (3, 0), {}),
                          ("LSTM", (0, 4), {}), ("GRU", (3, 4.0), {}), ("GRU", (3, 4, 0), {}),
                          ("LSTM", (3, 4), {"bias": 1}), ("LSTM", (3, 4), {"batch_first": 1})]:
        _same_error(lambda: getattr(al.nn, cls)(*args, **kw),
                    lambda: getattr(torch.nn, cls)(*args, **kw))


def test_cell_errors_match_torch():
    ours, theirs = _pair_modules("LSTMCell", 3, 4)
    x, bad_x = _pair((2, 3), grad=False), _pair((2, 5), grad=False)
    h, h_batch, h_size = (_pair(s, grad=False) for s in ((2, 4), (3, 4), (2, 5)))
    _same_error(lambda: ours(bad_x[0]), lambda: theirs(bad_x[1]))
    _same_error(lambda: ours(x[0], (h_batch[0], h_batch[0])),
                lambda: theirs(x[1], (h_batch[1], h_batch[1])))
    _same_error(lambda: ours(x[0], (h_size[0], h[0])), lambda: theirs(x[1], (h_size[1], h[1])))
    _same_error(lambda: ours(x[0], (h[0], h_size[0])), lambda: theirs(x[1], (h[1], h_size[1])))
    three = _pair((1, 2, 3), grad=False)
    _same_error(lambda: ours(three[0]), lambda: theirs(three[1]))
    g_ours, g_theirs = _pair_modules("GRUCell", 3, 4)
    _same_error(lambda: g_ours(x[0], three[0]), lambda: g_theirs(x[1], three[1]))
    r_ours, r_theirs = _pair_modules("RNNCell", 3, 4, nonlinearity="gelu")
    _same_error(lambda: r_ours(x[0]), lambda: r_theirs(x[1]))


def test_packing_errors_match_torch():
    x = _pair((4, 3, 2), grad=False)
    for lengths, kw in [([2, 4, 3], {}), ([4, 0, 1], {}), ([4, 3], {})]:
        _same_error(lambda: al_rnn.pack_padded_sequence(x[0], lengths, **kw),
                    lambda: t_rnn.pack_padded_sequence(x[1], lengths, **kw))
    p_al = al_rnn.pack_padded_sequence(x[0], [4, 3, 1])
    p_t = t_rnn.pack_padded_sequence(x[1], [4, 3, 1])
    _same_error(lambda: al_rnn.pad_packed_sequence(p_al, total_length=3),
                lambda: t_rnn.pad_packed_sequence(p_t, total_length=3))
    _same_error(lambda: al_rnn.pad_sequence([x[0]], padding_side="middle"),
                lambda: t_rnn.pad_sequence([x[1]], padding_side="middle"))
    _same_error(lambda: al_rnn.pad_sequence([]), lambda: t_rnn.pad_sequence([]))
    # torch reads past the input here; aten_lite names the lengths and the input's steps.
    with pytest.raises(RuntimeError, match=r"lengths \[5, 3, 1\] go past the input's 4 time"):
        al_rnn.pack_padded_sequence(x[0], [5, 3, 1])
    with pytest.raises(RuntimeError, match="sequence 1 has shape \\[2, 3\\] but sequence 0"):
        al_rnn.pad_sequence([al.ones(3, 2), al.ones(2, 3)])


def test_hidden_dtype_mismatch_is_named():
    lstm = al.nn.GRU(3, 4).double()
    with pytest.raises(RuntimeError, match=r"hidden state's dtype \(aten_lite.float32\) does "
                                           r"not match the input's \(aten_lite.float64\)"):
        lstm(al.zeros(2, 1, 3, dtype=al.float64), al.zeros(1, 1, 4))


def test_lstm_time_loop_kernel_refuses_bad_steps():
    """The C++ loop checks the steps it is given (a direct caller of _C gets an error, not a
    stray write)."""
    from aten_lite import _C

    k = _C.get_kernel("_lstm_recurrence")
    n, b, h = 6, 2, 3
    arrays = [np.zeros(s, np.float32) for s in ((n, h), (n, 4 * h), (n, h), (n, h), (b, h),
                                                 (b, h), (4 * h, h))]
    good = np.array([[0, 2, 0, 0], [2, 2, 0, 2], [4, 2, 2, 2]], np.int64)
    bias = np.zeros(4 * h, np.float32)
    assert k(7, *arrays, bias, good) == 0
    for bad in ([[0, 3, 0, 0]], [[5, 2, 0, 0]], [[0, 2, 5, 2]], [[0, 2, 0, 3]]):
        with pytest.raises(ValueError, match="a step .* reaches outside"):
            k(7, *arrays, bias, np.array(bad, np.int64))
    with pytest.raises(ValueError, match="expected C-contiguous"):
        k(7, *arrays[:6], np.zeros((4 * h, h + 1), np.float32), bias, good)
    with pytest.raises(ValueError, match="expected C-contiguous"):
        k(7, *arrays, np.zeros(4 * h + 1, np.float32), good)
