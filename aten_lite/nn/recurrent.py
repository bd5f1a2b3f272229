"""Recurrent layers, as torch.nn's: ``RNN`` (tanh or relu), ``LSTM`` (with ``proj_size``),
``GRU``, and the one-step cells ``RNNCell``, ``LSTMCell``, ``GRUCell``. Parameter names,
shapes, gate order (LSTM: input, forget, cell, output; GRU: reset, update, new) and initial
values' distribution are torch's, so a torch module's ``state_dict()`` loads and gives the
same outputs. Inputs are ``(T, B, input_size)`` (``(B, T, ...)`` with ``batch_first``), one
unbatched sequence ``(T, input_size)``, or a ``PackedSequence`` (nn/utils/rnn.py).

>>> import aten_lite as al
>>> _ = al.manual_seed(0)
>>> lstm = al.nn.LSTM(4, 8, num_layers=2, bidirectional=True)
>>> out, (h, c) = lstm(al.randn(5, 3, 4))
>>> out.shape, h.shape, c.shape
(aten_lite.Size([5, 3, 16]), aten_lite.Size([4, 3, 8]), aten_lite.Size([4, 3, 8]))

Note [Recurrent layers: one node per layer and direction]
Written op by op, a recurrence costs a dozen small ops per time step forward and as many
again backward, and for small layers their fixed costs, not the arithmetic, take the time.
So one layer in one direction over the whole sequence is one autograd node,
``_FusedLayer``, computed in NumPy: the input projection of every step is one matrix
product, each step then one product with the hidden weights and the gates' elementwise
work in place in preallocated arrays; backward walks the steps in reverse for the gate
gradients and then forms the weight gradients of all steps at once (one product each, not
one per step). Both directions share one code path over a *plan* of rows: the sequence is
always handled packed (a padded batch is the packed batch whose steps all have B rows), and
step ``t``'s previous hidden state is the first rows of the neighbouring step's output plus,
for rows that start there, rows of the initial state. An LSTM without projection runs its
time loop, forward and backward, as one C++ call each (Note [LSTM time loop in C++] in
aten_lite/csrc/lstm_recurrence.cpp); the other layers loop in NumPy.

The node is used when nothing would observe the ops it skips (no dispatch mode: forward
mode, graph capture, trace_dispatch; ``_dispatch.observed()``) and every tensor is a CPU
float32 / float64 one. Otherwise ``_layer_ops`` runs the same recurrence with aten_lite ops,
which every mode sees through. A backward asked to build a graph (``create_graph=True``:
double backward) reruns ``_layer_ops`` from the saved inputs and differentiates that, so
higher derivatives are exact as well. The two paths compute the same function; the tests
compare both with torch.
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from .. import _ops
from ..autograd import api as _autograd_api
from ..autograd.function import Function
from ..backends import creation as _creation
from ..dispatch import dispatcher as _dispatch
from ..rules import kernel_rules as _kernel_rules
from ..rules.stream_products import dot_into
from ..tensors.tensor import Tensor, empty_array, sync_stream
from ..vocab.dtype import float32, float64
from ..vocab.grad_mode import _state as _grad_state
from ..vocab.grad_mode import enable_grad
from . import functional as F
from . import init
from .module import Module, Parameter
from .utils.rnn import PackedSequence

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_NAMES = {"LSTM": "LSTM", "GRU": "GRU", "RNN_TANH": "RNN", "RNN_RELU": "RNN"}

# Whether the fused node may be used (tests turn it off to check the op-by-op path).
_use_fused_layers = True


# ---- plans: which rows each step reads and writes ----


class _Plan:
    """The steps of one direction over a packed sequence with ``batch_sizes``.

    ``steps`` lists, in processing order, ``(offset, rows, prev_offset, carried)``: the step
    reads and writes data rows ``offset : offset + rows``; its previous hidden state is rows
    ``prev_offset : prev_offset + carried`` of the output (the neighbouring step's) followed
    by rows ``carried : rows`` of the initial state. ``final`` holds, for each batch row, the
    data row of its last step in this direction (where ``h_n`` is read)."""

    __slots__ = ("steps", "step_array", "final", "batch", "reverse", "prev_index", "uniform")

    def __init__(self, batch_sizes: tuple, reverse: bool) -> None:
        self.reverse = reverse
        self.uniform = len(set(batch_sizes)) == 1
        offsets = np.concatenate([[0], np.cumsum(batch_sizes)]).astype(np.int64)
        n = len(batch_sizes)
        self.batch = batch_sizes[0]
        steps = []
        order = range(n - 1, -1, -1) if reverse else range(n)
        prev = None
        for t in order:
            rows = batch_sizes[t]
            if prev is None:
                steps.append((int(offsets[t]), rows, 0, 0))
            else:
                steps.append((int(offsets[t]), rows, int(offsets[prev]),
                              min(rows, batch_sizes[prev])))
            prev = t
        self.steps = steps
        self.step_array = np.array(steps, dtype=np.int64).reshape(len(steps), 4)
        # Row r's previous state as an index into [output rows; initial state rows].
        total = int(offsets[-1])
        prev_index = np.empty(total, dtype=np.int64)
        for offset, rows, prev, carried in steps:
            prev_index[offset:offset + carried] = np.arange(prev, prev + carried)
            prev_index[offset + carried:offset + rows] = total + np.arange(carried, rows)
        self.prev_index = prev_index
        if reverse:
            self.final = np.arange(self.batch, dtype=np.int64)
        else:
            sizes = np.asarray(batch_sizes)
            lengths = (sizes[None, :] > np.arange(self.batch)[:, None]).sum(1)
            self.final = offsets[lengths - 1] + np.arange(self.batch, dtype=np.int64)


_plans: dict = {}


def _plan(batch_sizes: tuple, reverse: bool) -> _Plan:
    key = (batch_sizes, reverse)
    plan = _plans.get(key)
    if plan is None:
        if len(_plans) > 256:
            _plans.clear()
        plan = _plans[key] = _Plan(batch_sizes, reverse)
    return plan


# ---- the recurrence with aten_lite ops (every mode sees these) ----


def _layer_ops(mode, x, plan, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr):
    """One layer, one direction, op by op: ``(output rows, h_n, c_n or None)``."""
    if mode == "GRU":
        proj_in = F.linear(x, w_ih, b_ih)
    else:
        bias = None if b_ih is None else b_ih + b_hh
        proj_in = F.linear(x, w_ih, bias)
    w_hh_t = w_hh.t()
    w_hr_t = None if w_hr is None else w_hr.t()
    outputs = [None] * len(plan.steps)
    cells = [None] * len(plan.steps)
    h = c = None
    for k, (offset, rows, _prev, carried) in enumerate(plan.steps):
        if h is None:
            h = h0.narrow(0, 0, rows)
            c = None if c0 is None else c0.narrow(0, 0, rows)
        else:
            h = h.narrow(0, 0, carried) if carried < h.shape[0] else h
            c = None if c is None else (c.narrow(0, 0, carried) if carried < c.shape[0] else c)
            if carried < rows:
                h = _ops.cat([h, h0.narrow(0, carried, rows - carried)])
                if c is not None:
                    c = _ops.cat([c, c0.narrow(0, carried, rows - carried)])
        xp = proj_in.narrow(0, offset, rows)
        if mode == "LSTM":
            gates = xp + h.mm(w_hh_t)
            i, f, g, o = gates.chunk(4, 1)
            c = f.sigmoid() * c + i.sigmoid() * g.tanh()
            h = o.sigmoid() * c.tanh()
            if w_hr_t is not None:
                h = h.mm(w_hr_t)
        elif mode == "GRU":
            gh = F.linear(h, w_hh, b_hh)
            xr, xz, xn = xp.chunk(3, 1)
            hr, hz, hn = gh.chunk(3, 1)
            r = (xr + hr).sigmoid()
            z = (xz + hz).sigmoid()
            n = (xn + r * hn).tanh()
            h = n + z * (h - n)
        else:
            pre = xp + h.mm(w_hh_t)
            h = pre.tanh() if mode == "RNN_TANH" else pre.relu()
        outputs[k] = h
        cells[k] = c
    # The rows in data order (time ascending); h_n is each sequence's last step in this
    # direction.
    steps_out = outputs[::-1] if plan.reverse else outputs
    out = _ops.cat(steps_out) if len(steps_out) > 1 else steps_out[0]
    final = _creation.tensor(plan.final)
    h_n = out.index_select(0, final)
    c_n = None
    if c0 is not None:
        steps_c = cells[::-1] if plan.reverse else cells
        c_all = _ops.cat(steps_c) if len(steps_c) > 1 else steps_c[0]
        c_n = c_all.index_select(0, final)
    return out, h_n, c_n


# ---- the fused node (Note [Recurrent layers: one node per layer and direction]) ----


def _sigmoid_(a: np.ndarray) -> None:
    """sigmoid in place, as 0.5 * tanh(a / 2) + 0.5 (no overflow for large |a|)."""
    a *= 0.5
    np.tanh(a, out=a)
    a *= 0.5
    a += 0.5


def _arr(t: Tensor | None):
    return None if t is None else t._a


_DTYPES = {np.dtype(np.float32): float32, np.dtype(np.float64): float64}


def _dot(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``a @ b`` (into ``out`` when given) by mm's own choice of kernel, the small-product
    kernel or OpenBLAS (Note [Small matrix products] in aten_lite/csrc/small_gemm.cpp),
    its result ready to read: the time loops' products and the gradients' sums over all steps
    (an LSTM language model's (700, 200) @ (200, 800) projection: 5-8% faster than np.dot's)."""
    if out is None:
        out = _empty((a.shape[0], b.shape[1]), np.result_type(a, b))
    dot_into(a, b, out)
    sync_stream()
    return out


def _empty(shape, dt) -> np.ndarray:
    """An uninitialised array from aten_lite's allocator, whose cache of freed large blocks
    spares the page faults a fresh NumPy array of a few MB takes on its first write."""
    return empty_array(shape, _DTYPES[np.dtype(dt)])


def _zeros(shape, dt) -> np.ndarray:
    a = _empty(shape, dt)
    a.fill(0)
    return a


def _copy(a: np.ndarray) -> np.ndarray:
    out = _empty(a.shape, a.dtype)
    np.copyto(out, a)
    return out


def _per_gate(w: np.ndarray, gates: int) -> np.ndarray:
    """Hidden weights (gates * H, H_in) as ``gates`` C-contiguous (H_in, H) right operands.
    A step's product ``h @ w.T`` is then one batched matmul writing each gate's columns:
    at these shapes (a few rows) OpenBLAS runs four (B, H_in) x (H_in, H) products about a
    quarter faster than one (B, H_in) x (H_in, 4H), and much faster than a product by the
    transposed view ``w.T``."""
    hidden = w.shape[0] // gates
    return np.ascontiguousarray(w.reshape(gates, hidden, w.shape[1]).transpose(0, 2, 1))


def _previous(out: np.ndarray, h0: np.ndarray, rows: int, prev: int, carried: int):
    """The previous hidden state of a step: rows of ``out`` (the neighbouring step's),
    completed by rows of ``h0`` where sequences start."""
    if carried == rows:
        return out[prev:prev + rows]
    if carried == 0:
        return h0[:rows]
    return np.concatenate([out[prev:prev + carried], h0[carried:rows]])


def _times_previous(plan: _Plan, grad: np.ndarray, out: np.ndarray, h0: np.ndarray):
    """``grad.T @ previous``, ``previous`` being every row's previous state (row for row
    with ``out``): two products over slices when all steps have the whole batch, else one
    over the gathered rows."""
    if not plan.uniform:
        return _dot(grad.T, np.concatenate([out, h0])[plan.prev_index])
    b, n = plan.batch, out.shape[0]
    if plan.reverse:
        return _dot(grad[:n - b].T, out[b:]) + _dot(grad[n - b:].T, h0)
    return _dot(grad[b:].T, out[:n - b]) + _dot(grad[:b].T, h0)


def _beside_previous(plan: _Plan, x: np.ndarray, out: np.ndarray, h0: np.ndarray):
    """[x | previous], previous as in ``_times_previous``: an LSTM's weight gradients from one
    product, dG.T @ [x | previous], whose one pass over dG.T (packed by the BLAS once, not
    twice) took 3.4 ms against 3.6-3.8 for the two at (800, 700)T @ (700, 200)."""
    n, width = x.shape[0], x.shape[1]
    both = _empty((n, width + out.shape[1]), x.dtype)
    both[:, :width] = x
    prev = both[:, width:]
    b = plan.batch
    if not plan.uniform:
        prev[:] = np.concatenate([out, h0])[plan.prev_index]
    elif plan.reverse:
        prev[:n - b], prev[n - b:] = out[b:], h0
    else:
        prev[b:], prev[:b] = out[:n - b], h0
    return both


def _scale_by_previous(plan: _Plan, a: np.ndarray, out: np.ndarray, h0: np.ndarray) -> None:
    """``a *= previous`` in place (``previous`` as in ``_times_previous``)."""
    if not plan.uniform:
        a *= np.concatenate([out, h0])[plan.prev_index]
        return
    b, n = plan.batch, out.shape[0]
    if plan.reverse:
        a[:n - b] *= out[b:]
        a[n - b:] *= h0
    else:
        a[b:] *= out[:n - b]
        a[:b] *= h0


def _route(grad: np.ndarray, into: np.ndarray, into0: np.ndarray, rows: int, prev: int,
           carried: int) -> None:
    """Add the gradient of a step's previous state to where that state came from."""
    if carried:
        into[prev:prev + carried] += grad[:carried]
    if carried < rows:
        into0[carried:rows] += grad[carried:rows]


# Note [LSTM gates in the fused node]
# Inside the fused node the gates are torch's blocks (i, f, g, o) reordered to (o, i, f, g), so
# that the three sigmoid gates are adjacent and so are the three the cell gradient scales, and
# the sigmoid gates' weights halved, so that one tanh over all four gives tanh(z / 2) for
# them, whose 0.5 * t + 0.5 is their sigmoid (halving is exact in binary floating point). The
# C++ time loop (aten_lite/csrc/lstm_recurrence.cpp) takes the gates in this form too.
_LSTM_SOURCE = (3, 0, 1, 2)
_LSTM_SCALE = (0.5, 0.5, 0.5, 1.0)


def _lstm_gates_in(w: np.ndarray, hidden: int) -> np.ndarray:
    """Weights or a bias in torch's gate order -> the node's (reordered, scaled)."""
    out = _empty(w.shape, w.dtype)  # the allocator's cached blocks: no fresh pages a step
    for k, (src, scale) in enumerate(zip(_LSTM_SOURCE, _LSTM_SCALE)):
        np.multiply(w[src * hidden:(src + 1) * hidden], scale,
                    out=out[k * hidden:(k + 1) * hidden])
    return out


def _lstm_gates_out(g: np.ndarray, hidden: int) -> np.ndarray:
    """The gradient of the node's reordered, scaled weights -> that of torch's."""
    out = _empty(g.shape, g.dtype)
    for k, (src, scale) in enumerate(zip(_LSTM_SOURCE, _LSTM_SCALE)):
        np.multiply(g[k * hidden:(k + 1) * hidden], scale,
                    out=out[src * hidden:(src + 1) * hidden])
    return out


# The C++ time loops (aten_lite/csrc/lstm_recurrence.cpp), looked up on first use; False when
# the extension lacks them (an older build), and the NumPy loop runs instead.
_KERNELS: dict = {}
_DTYPE_CODES = {np.dtype(np.float32): 7, np.dtype(np.float64): 8}


def _kernel(name: str):
    k = _KERNELS.get(name)
    if k is None:
        try:
            k = _kernel_rules.c_kernel(name)
        except (RuntimeError, KeyError):
            k = False
        _KERNELS[name] = k
    return k or None


def _lstm_forward(plan, X, h0, c0, Wih, Whh, bih, bhh, Whr, train):
    """The LSTM recurrence: (out, h_n, c_n, saved); ``saved`` (None unless ``train``) holds
    what backward reads. Without a projection the time loop is one C++ call (Note [LSTM time
    loop in C++] in aten_lite/csrc/lstm_recurrence.cpp); with one, NumPy calls per step."""
    n_rows, dt = X.shape[0], X.dtype
    hidden = Whh.shape[0] // 4
    h1, h2, h3 = hidden, 2 * hidden, 3 * hidden
    out_w = Whh.shape[1]
    Wih_, Whh_ = _lstm_gates_in(Wih, hidden), _lstm_gates_in(Whh, hidden)
    A = _dot(X, Wih_.T, out=_empty((n_rows, 4 * hidden), dt))  # projections, then gates
    bias = None if bih is None else _lstm_gates_in(bih + bhh, hidden)
    C = _empty((n_rows, hidden), dt)
    loop = _kernel("_lstm_recurrence") if Whr is None else None
    if loop is not None:
        TC = _empty((n_rows, hidden), dt)
        Out = _empty((n_rows, hidden), dt)
        h0, c0 = np.ascontiguousarray(h0), np.ascontiguousarray(c0)
        if bias is None:
            bias = np.zeros(4 * hidden, dt)
        # the loop adds the bias (Note [LSTM bias in the time loop])
        loop(_DTYPE_CODES[dt], Out, A, C, TC, h0, c0, Whh_, bias, plan.step_array)
        h_n, c_n = Out[plan.final], C[plan.final]
        if not train:
            return Out, h_n, c_n, None
        # Backward reads the outputs, which the caller may change in place: keep a copy.
        saved = {"A": A, "C": C, "TC": TC, "c0": c0, "Out": _copy(Out), "h0": h0,
                 "M": None, "Wih_": Wih_, "Whh_": Whh_}
        return Out, h_n, c_n, saved
    if bias is not None:
        A += bias
    WhhT = _per_gate(Whh_, 4)
    WhrT = None if Whr is None else np.ascontiguousarray(Whr.T)
    TC = _empty((n_rows, hidden), dt)
    Out = _empty((n_rows, out_w), dt)
    M = None if Whr is None else _empty((n_rows, hidden), dt)
    buf = np.empty((plan.batch, 4 * hidden), dt)
    tmp = np.empty((plan.batch, hidden), dt)
    for offset, rows, prev, carried in plan.steps:
        end = offset + rows
        hp = _previous(Out, h0, rows, prev, carried)
        cp = _previous(C, c0, rows, prev, carried)
        a = A[offset:end]
        g = buf[:rows]
        np.matmul(hp, WhhT, out=g.reshape(rows, 4, hidden).transpose(1, 0, 2))
        a += g
        np.tanh(a, out=a)
        s = a[:, :h3]                          # o, i, f: tanh(z / 2) -> sigmoid(z)
        s *= 0.5
        s += 0.5
        c = C[offset:end]
        np.multiply(a[:, h2:h3], cp, out=c)    # f * c_prev
        t = tmp[:rows]
        np.multiply(a[:, h1:h2], a[:, h3:], out=t)
        c += t                                 # + i * g
        tc = TC[offset:end]
        np.tanh(c, out=tc)
        if M is None:
            np.multiply(a[:, :h1], tc, out=Out[offset:end])
        else:
            m = M[offset:end]
            np.multiply(a[:, :h1], tc, out=m)
            _dot(m, WhrT, out=Out[offset:end])
    h_n, c_n = Out[plan.final], C[plan.final]
    if not train:
        return Out, h_n, c_n, None
    # d(loss)/d(the node's gate pre-activations): dm * K[o], dc * K[i, f, g]; dc gains
    # dm * KC; the previous cell's gradient is dc * f. A sigmoid gate s = 0.5 tanh(z') + 0.5
    # of the halved z' has ds/dz' = 2 s (1 - s).
    K = _empty((n_rows, 4 * hidden), dt)
    sig, k_g = K[:, :h3], K[:, h3:]
    np.subtract(1, A[:, :h3], out=sig)
    sig *= A[:, :h3]
    sig *= 2
    K[:, :h1] *= TC
    K[:, h1:h2] *= A[:, h3:]
    _scale_by_previous(plan, K[:, h2:h3], C, c0)
    np.multiply(A[:, h3:], A[:, h3:], out=k_g)
    np.subtract(1, k_g, out=k_g)
    k_g *= A[:, h1:h2]
    KC = np.multiply(TC, TC, out=_empty(TC.shape, dt))
    np.subtract(1, KC, out=KC)
    KC *= A[:, :h1]
    # Backward reads the outputs, which the caller may change in place: keep a copy.
    saved = {"K": K, "KC": KC, "F": A[:, h2:h3], "Out": _copy(Out), "h0": h0,
             "M": M, "Wih_": Wih_, "Whh_": Whh_}
    return Out, h_n, c_n, saved


def _lstm_backward(plan, saved, X, Whr, gOut, ghn, gcn, need):
    """Gradients of ``_lstm_forward``: name -> array for the names in ``need``."""
    M, Wih_, Whh_ = saved["M"], saved["Wih_"], saved["Whh_"]
    n_rows, hidden, out_w, dt = X.shape[0], Whh_.shape[0] // 4, Whh_.shape[1], X.dtype
    batch = plan.batch
    dOut = _zeros((n_rows, out_w), dt) if gOut is None else _copy(gOut)
    if ghn is not None:
        dOut[plan.final] += ghn
    dC = _zeros((n_rows, hidden), dt)
    if gcn is not None:
        dC[plan.final] += gcn
    dG = _empty((n_rows, 4 * hidden), dt)
    if "K" not in saved:  # the forward ran in C++: so does the backward loop
        dh0, dc0 = np.empty((batch, out_w), dt), np.empty((batch, hidden), dt)
        _kernel("_lstm_recurrence_backward")(_DTYPE_CODES[dt], dG, dOut, dC, dh0, dc0,
                                             saved["A"], saved["C"], saved["TC"], saved["c0"],
                                             Whh_, plan.step_array)
        return _lstm_grads(plan, saved, X, dG, dOut, dh0, dc0, need)
    K, KC, F = saved["K"], saved["KC"], saved["F"]
    dG3, K3 = dG.reshape(n_rows, 4, hidden), K.reshape(n_rows, 4, hidden)
    dh0, dc0 = np.zeros((batch, out_w), dt), np.zeros((batch, hidden), dt)
    dhp = np.empty((batch, out_w), dt)
    tmp = np.empty((batch, hidden), dt)
    dm_buf = None if M is None else np.empty((batch, hidden), dt)
    for offset, rows, prev, carried in reversed(plan.steps):
        end = offset + rows
        dh = dOut[offset:end]
        if M is None:
            dm = dh
        else:
            dm = dm_buf[:rows]
            _dot(dh, Whr, out=dm)
        dc = dC[offset:end]
        t = tmp[:rows]
        np.multiply(dm, KC[offset:end], out=t)
        dc += t
        np.multiply(dm, K[offset:end, :hidden], out=dG[offset:end, :hidden])
        np.multiply(K3[offset:end, 1:], dc[:, None, :], out=dG3[offset:end, 1:])
        np.multiply(dc, F[offset:end], out=t)
        _route(t, dC, dc0, rows, prev, carried)
        _dot(dG[offset:end], Whh_, out=dhp[:rows])
        _route(dhp, dOut, dh0, rows, prev, carried)
    return _lstm_grads(plan, saved, X, dG, dOut, dh0, dc0, need)


def _lstm_grads(plan, saved, X, dG, dOut, dh0, dc0, need):
    """The gradients of the inputs and weights from those of the gate pre-activations
    ``dG`` (every step's, so each weight's is one product over all steps)."""
    Wih_, M, hidden = saved["Wih_"], saved["M"], dG.shape[1] // 4
    grads = {}
    if "x" in need:
        grads["x"] = _dot(dG, Wih_)
    if "w_ih" in need and "w_hh" in need:  # one product: one pass over dG.T, not two
        both = _dot(dG.T, _beside_previous(plan, X, saved["Out"], saved["h0"]))
        grads["w_ih"] = _lstm_gates_out(both[:, :X.shape[1]], hidden)
        grads["w_hh"] = _lstm_gates_out(both[:, X.shape[1]:], hidden)
    elif "w_ih" in need:
        grads["w_ih"] = _lstm_gates_out(_dot(dG.T, X), hidden)
    elif "w_hh" in need:
        grads["w_hh"] = _lstm_gates_out(_times_previous(plan, dG, saved["Out"], saved["h0"]),
                                        hidden)
    if "b_ih" in need or "b_hh" in need:
        db = _lstm_gates_out(dG.sum(0), hidden)
        grads["b_ih"], grads["b_hh"] = db, db.copy()
    if "w_hr" in need:
        grads["w_hr"] = _dot(dOut.T, M)
    if "h0" in need:
        grads["h0"] = dh0
    if "c0" in need:
        grads["c0"] = dc0
    return grads


def _fused_forward(mode, plan, X, h0, Wih, Whh, bih, bhh, train):
    """The GRU and Elman recurrences in NumPy: (out, h_n, saved)."""
    n_rows, dt = X.shape[0], X.dtype
    gates_w = Whh.shape[0]
    hidden = gates_w // _GATES[mode]
    WhhT = _per_gate(Whh, _GATES[mode])
    A = _dot(X, Wih.T, out=_empty((n_rows, gates_w), dt))  # projections, then gates
    if bih is not None:
        A += bih if mode == "GRU" else bih + bhh
    Out = A if mode != "GRU" else _empty((n_rows, hidden), dt)
    buf = np.empty((plan.batch, gates_w), dt)
    GHn = _empty((n_rows, hidden), dt) if mode == "GRU" else None
    for offset, rows, prev, carried in plan.steps:
        end = offset + rows
        hp = _previous(Out, h0, rows, prev, carried)
        a = A[offset:end]
        g = buf[:rows]
        np.matmul(hp, WhhT, out=g.reshape(rows, -1, hidden).transpose(1, 0, 2))
        if mode == "GRU":
            if bhh is not None:
                g += bhh
            rz = a[:, :2 * hidden]
            rz += g[:, :2 * hidden]
            _sigmoid_(rz)
            ghn = GHn[offset:end]
            ghn[...] = g[:, 2 * hidden:]
            n = a[:, 2 * hidden:]
            np.multiply(a[:, :hidden], ghn, out=g[:, :hidden])
            n += g[:, :hidden]
            np.tanh(n, out=n)
            h = Out[offset:end]
            np.subtract(hp, n, out=h)
            h *= a[:, hidden:2 * hidden]
            h += n
        else:
            a += g
            if mode == "RNN_TANH":
                np.tanh(a, out=a)
            else:
                np.maximum(a, 0, out=a)
    h_n = Out[plan.final]
    if not train:
        return Out, h_n, None
    # Backward reads the outputs, which the caller may change in place: keep a copy.
    kept = _copy(Out)
    return Out, h_n, {"A": A if mode == "GRU" else kept, "GHn": GHn, "Out": kept, "h0": h0}


def _fused_backward(mode, plan, saved, X, Wih, Whh, gOut, ghn, need):
    """Gradients of ``_fused_forward``: name -> array for the names in ``need``."""
    A, Out, h0 = saved["A"], saved["Out"], saved["h0"]
    n_rows, gates_w = A.shape
    hidden = gates_w // _GATES[mode]
    dt = A.dtype
    batch = plan.batch
    dOut = _zeros((n_rows, hidden), dt) if gOut is None else _copy(gOut)
    if ghn is not None:
        dOut[plan.final] += ghn
    dG = _empty((n_rows, gates_w), dt)
    dh0 = np.zeros((batch, hidden), dt)
    dhp = np.empty((batch, hidden), dt)
    if mode == "GRU":
        GHn = saved["GHn"]
        dGH = _empty((n_rows, gates_w), dt)
        t1 = np.empty((batch, hidden), dt)
    for offset, rows, prev, carried in reversed(plan.steps):
        end = offset + rows
        dh = dOut[offset:end]
        a = A[offset:end]
        dg = dG[offset:end]
        if mode == "GRU":
            r, z, n = a[:, :hidden], a[:, hidden:2 * hidden], a[:, 2 * hidden:]
            hp = _previous(Out, h0, rows, prev, carried)
            dgh = dGH[offset:end]
            d_r, d_z, d_n = dg[:, :hidden], dg[:, hidden:2 * hidden], dg[:, 2 * hidden:]
            t = t1[:rows]
            # d_z = dh * (h_prev - n) * z * (1 - z)
            np.subtract(hp, n, out=d_z)
            d_z *= dh
            np.subtract(1, z, out=t)
            t *= z
            d_z *= t
            # d_n (pre-activation) = dh * (1 - z) * (1 - n^2)
            np.subtract(1, z, out=d_n)
            d_n *= dh
            np.multiply(n, n, out=t)
            np.subtract(1, t, out=t)
            d_n *= t
            # d_r = d_n * (W_hn h + b_hn) * r * (1 - r)
            np.multiply(d_n, GHn[offset:end], out=d_r)
            np.subtract(1, r, out=t)
            t *= r
            d_r *= t
            dgh[:, :2 * hidden] = dg[:, :2 * hidden]
            np.multiply(d_n, r, out=dgh[:, 2 * hidden:])
            _dot(dgh, Whh, out=dhp[:rows])
            np.multiply(dh, z, out=t)
            dhp[:rows] += t
        else:
            h = a  # the stored activations are the outputs
            if mode == "RNN_TANH":
                np.multiply(h, h, out=dg)
                np.subtract(1, dg, out=dg)
                dg *= dh
            else:
                np.multiply(dh, h > 0, out=dg)
            _dot(dg, Whh, out=dhp[:rows])
        _route(dhp, dOut, dh0, rows, prev, carried)
    grads = {}
    dI = dG
    dH = dGH if mode == "GRU" else dG
    if "x" in need:
        grads["x"] = _dot(dI, Wih)
    if "w_ih" in need:
        grads["w_ih"] = _dot(dI.T, X)
    if "w_hh" in need:
        grads["w_hh"] = _times_previous(plan, dH, Out, h0)
    if "b_ih" in need:
        grads["b_ih"] = dI.sum(0)
    if "b_hh" in need:
        grads["b_hh"] = dH.sum(0)
    if "h0" in need:
        grads["h0"] = dh0
    return grads


_ARG_NAMES = ("x", "h0", "c0", "w_ih", "w_hh", "b_ih", "b_hh", "w_hr")


class _FusedLayer(Function):
    """One recurrent layer in one direction over a whole (packed) sequence, one node
    (Note [Recurrent layers: one node per layer and direction])."""

    @staticmethod
    def forward(ctx, x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr, mode, plan, train):
        X, H0, C0, Wih, Whh, Bih, Bhh, Whr = (_arr(t) for t in (x, h0, c0, w_ih, w_hh, b_ih,
                                                                 b_hh, w_hr))
        wrap = Tensor._wrap
        if mode == "LSTM":
            out, h_n, c_n, saved = _lstm_forward(plan, X, H0, C0, Wih, Whh, Bih, Bhh, Whr,
                                                 train)
            result = wrap(out), wrap(h_n), wrap(c_n)
        else:
            out, h_n, saved = _fused_forward(mode, plan, X, H0, Wih, Whh, Bih, Bhh, train)
            result = wrap(out), wrap(h_n)
        if train:
            ctx.mode, ctx.plan, ctx.fused = mode, plan, saved
            ctx.save_for_backward(x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr)
        return result

    @staticmethod
    def backward(ctx, *grads):
        inputs = ctx.saved_tensors
        if _grad_state.enabled:
            # create_graph: differentiate the op-by-op recurrence, which records a graph.
            return _ops_backward(ctx.mode, ctx.plan, inputs, grads, ctx.needs_input_grad)
        need = {name for name, flag in zip(_ARG_NAMES, ctx.needs_input_grad) if flag}
        x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr = inputs
        if ctx.mode == "LSTM":
            result = _lstm_backward(ctx.plan, ctx.fused, x._a, _arr(w_hr), _arr(grads[0]),
                                    _arr(grads[1]), _arr(grads[2]), need)
        else:
            result = _fused_backward(ctx.mode, ctx.plan, ctx.fused, x._a, w_ih._a, w_hh._a,
                                     _arr(grads[0]), _arr(grads[1]), need)
        wrap = Tensor._wrap
        return tuple(wrap(result[name]) if name in result else None
                     for name in _ARG_NAMES) + (None, None, None)


def _ops_backward(mode, plan, inputs, grads, needs):
    """Gradients of the layer through ``_layer_ops`` with a graph (double backward)."""
    with enable_grad():
        outs = _layer_ops(mode, *_reorder(inputs, plan))
        outs = [o for o in outs if o is not None]
        wanted = [t for t, need in zip(inputs, needs) if need]
        got = _autograd_api.grad(outs, wanted, list(grads[:len(outs)]), create_graph=True,
                                 allow_unused=True)
    it = iter(got)
    result = []
    for t, need in zip(inputs, needs):
        g = next(it) if need else None
        if need and g is None:
            g = _creation.zeros_like(t)
        result.append(g)
    return tuple(result) + (None, None, None)


def _reorder(inputs, plan):
    x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr = inputs
    return x, plan, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr


_FUSED_DTYPES = (float32, float64)


def _fusable(tensors) -> bool:
    if not _use_fused_layers or _dispatch.observed():
        return False  # a mode is set: it must see every op
    dt = tensors[0]._dtype
    for t in tensors:
        if t is not None and (t._a is None or t._dtype is not dt or t.is_sparse):
            return False
    return dt in _FUSED_DTYPES


def _run_layer(mode, x, plan, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr):
    """``(output rows, h_n, c_n or None)`` of one layer in one direction."""
    tensors = (x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr)
    if _fusable(tensors):
        train = _grad_state.enabled and any(t is not None and t._requires_grad
                                            for t in tensors)
        outs = _FusedLayer.apply(x, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr, mode, plan, train)
        return outs if mode == "LSTM" else (outs[0], outs[1], None)
    return _layer_ops(mode, x, plan, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr)


# ---- the modules ----


def _check_int(name: str, value) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} should be of type int, got: {type(value).__name__}")


class RNNBase(Module):
    """What ``RNN``, ``LSTM`` and ``GRU`` share: the stacked, optionally bidirectional,
    parameters (named ``weight_ih_l{k}``, ``weight_hh_l{k}``, ``bias_ih_l{k}``,
    ``bias_hh_l{k}``, ``weight_hr_l{k}`` with ``_reverse`` for the second direction), their
    initialisation (uniform in ``[-1/sqrt(hidden_size), 1/sqrt(hidden_size)]``) and the
    forward pass over padded, unbatched or packed input."""

    def __init__(self, mode: str, input_size: int, hidden_size: int, num_layers: int = 1,
                 bias: bool = True, batch_first: bool = False, dropout: float = 0.0,
                 bidirectional: bool = False, proj_size: int = 0, device=None,
                 dtype=None) -> None:
        super().__init__()
        if mode not in _GATES:
            raise ValueError(f"Unrecognized RNN mode: {mode} (expected one of "
                             f"{', '.join(_GATES)})")
        if (not isinstance(dropout, numbers.Number) or isinstance(dropout, bool)
                or not 0 <= dropout <= 1):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             f"probability of an element being zeroed, got {dropout!r}")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so "
                          "non-zero dropout expects num_layers greater than 1, but got "
                          f"dropout={dropout} and num_layers={num_layers}", stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f"bias should be of type bool, got: {type(bias).__name__}")
        if not isinstance(batch_first, bool):
            raise TypeError(f"batch_first should be of type bool, got: "
                            f"{type(batch_first).__name__}")
        _check_int("input_size", input_size)
        if input_size <= 0:
            raise ValueError(f"input_size must be greater than zero, got {input_size}")
        _check_int("hidden_size", hidden_size)
        if hidden_size <= 0:
            raise ValueError(f"hidden_size must be greater than zero, got {hidden_size}")
        _check_int("num_layers", num_layers)
        if num_layers <= 0:
            raise ValueError(f"num_layers must be greater than zero, got {num_layers}")
        _check_int("proj_size", proj_size)
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable "
                             f"projections, got {proj_size}")
        if proj_size >= hidden_size:
            raise ValueError(f"proj_size has to be smaller than hidden_size, got proj_size="
                             f"{proj_size} and hidden_size={hidden_size}")
        self.mode = mode
        self.input_size, self.hidden_size = input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional = float(dropout), bidirectional
        self.proj_size = proj_size
        directions = 2 if bidirectional else 1
        gate_size = _GATES[mode] * hidden_size
        real_hidden = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else real_hidden * directions
                suffix = "_reverse" if direction == 1 else ""
                shapes = [("weight_ih", (gate_size, layer_input)),
                          ("weight_hh", (gate_size, real_hidden))]
                if bias:
                    shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
                if proj_size > 0:
                    shapes.append(("weight_hr", (proj_size, hidden_size)))
                names = []
                for kind, shape in shapes:
                    name = f"{kind}_l{layer}{suffix}"
                    self.register_parameter(name, Parameter(
                        _creation.empty(*shape, dtype=dtype, device=device)))
                    names.append(name)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0.0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def flatten_parameters(self) -> None:
        """torch packs the weights into one buffer for cuDNN; on the CPU (here) the layers
        read the parameters as they are, so there is nothing to do."""

    @property
    def _flat_weights(self) -> list:
        return [getattr(self, name) for name in self._flat_weights_names]

    @property
    def all_weights(self) -> list:
        """The parameters grouped per layer and direction, as torch lists them."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def _layer_weights(self, index: int):
        """(w_ih, w_hh, b_ih, b_hh, w_hr) of layer-direction ``index`` (None where absent)."""
        p = self._parameters
        names = self._all_weights[index]
        w_ih, w_hh = p[names[0]], p[names[1]]
        b_ih = p[names[2]] if self.bias else None
        b_hh = p[names[3]] if self.bias else None
        w_hr = p[names[-1]] if self.proj_size > 0 else None
        return w_ih, w_hh, b_ih, b_hh, w_hr

    # ---- checks ----

    def _check_input(self, x: Tensor, packed: bool) -> None:
        weight = self._parameters[self._flat_weights_names[0]]
        if x.dtype != weight.dtype:
            raise ValueError(f"RNN input dtype ({x.dtype}) does not match weight dtype "
                             f"({weight.dtype}). Convert input: input.to({weight.dtype}), or "
                             f"convert model: model.to({x.dtype})")
        expected = 2 if packed else 3
        if x.ndim != expected:
            raise RuntimeError(f"input must have {expected} dimensions, got {x.ndim}")
        if x.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {x.shape[-1]}")

    def _expected_hidden(self, batch: int, cell: bool = False) -> tuple:
        size = self.proj_size if self.proj_size > 0 and not cell else self.hidden_size
        return (self.num_layers * (2 if self.bidirectional else 1), batch, size)

    @staticmethod
    def _check_hidden(hx: Tensor, expected: tuple, x: Tensor,
                      msg: str = "Expected hidden size {}, got {}") -> None:
        if tuple(hx.shape) != expected:
            raise RuntimeError(msg.format(expected, list(hx.shape)))
        if hx.dtype != x.dtype:
            raise RuntimeError(f"the hidden state's dtype ({hx.dtype}) does not match the "
                               f"input's ({x.dtype})")

    # ---- forward ----

    def _prepare(self, input, hx):
        """Normalise the input to packed rows. Returns (rows, batch_sizes, hx, how) where
        ``how`` tells ``_finish`` how to shape the results."""
        name = _NAMES[self.mode]
        lstm = self.mode == "LSTM"
        if isinstance(input, PackedSequence):
            data, sizes, sorted_indices, unsorted_indices = input
            self._check_input(data, packed=True)
            batch_sizes = tuple(int(v) for v in sizes.tolist())
            return data, batch_sizes, hx, ("packed", sizes, sorted_indices, unsorted_indices)
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}: input must be a Tensor or a PackedSequence, got "
                            f"{type(input).__name__}")
        if input.ndim not in (2, 3):
            tail = " tensor instead" if name == "RNN" else " instead"
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.ndim}D{tail}")
        batched = input.ndim == 3
        if not batched:
            input = input.unsqueeze(0 if self.batch_first else 1)
            if hx is not None:
                if lstm:
                    if hx[0].ndim != 2 or hx[1].ndim != 2:
                        raise RuntimeError(
                            "For unbatched 2-D input, hx and cx should also be 2-D but got "
                            f"({hx[0].ndim}-D, {hx[1].ndim}-D) tensors")
                    hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                else:
                    if hx.ndim != 2:
                        raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D "
                                           f"but got {hx.ndim}-D tensor")
                    hx = hx.unsqueeze(1)
        elif hx is not None:
            if lstm and (hx[0].ndim != 3 or hx[1].ndim != 3):
                raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but "
                                   f"got ({hx[0].ndim}-D, {hx[1].ndim}-D) tensors")
            if not lstm and hx.ndim != 3:
                raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got "
                                   f"{hx.ndim}-D tensor")
        self._check_input(input, packed=False)
        if self.batch_first:
            input = input.transpose(0, 1)
        steps, batch = input.shape[0], input.shape[1]
        if steps == 0:
            raise RuntimeError(f"{name}: Expected sequence length to be larger than 0 in "
                               f"RNN, got input of shape {list(input.shape)}")
        if batch == 0:
            raise RuntimeError(f"{name}: the batch is empty (input of shape "
                               f"{list(input.shape)})")
        rows = input.reshape(steps * batch, input.shape[2])
        return rows, (batch,) * steps, hx, ("padded", batched, steps, batch)

    def _states(self, x: Tensor, batch: int, hx):
        """(h0, c0 or None) of shape (layers * directions, batch, size), checked."""
        lstm = self.mode == "LSTM"
        h_shape = self._expected_hidden(batch)
        if hx is None:
            h0 = _creation.zeros(h_shape, dtype=x.dtype, device=x.device)
            c0 = (_creation.zeros(self._expected_hidden(batch, cell=True), dtype=x.dtype,
                                  device=x.device) if lstm else None)
            return h0, c0
        if lstm:
            if not isinstance(hx, (tuple, list)) or len(hx) != 2:
                raise TypeError(f"LSTM: hx must be a tuple (h_0, c_0), got "
                                f"{type(hx).__name__}")
            h0, c0 = hx
            self._check_hidden(h0, h_shape, x, "Expected hidden[0] size {}, got {}")
            self._check_hidden(c0, self._expected_hidden(batch, cell=True), x,
                               "Expected hidden[1] size {}, got {}")
            return h0, c0
        if not isinstance(hx, Tensor):
            raise TypeError(f"{_NAMES[self.mode]}: hx must be a Tensor, got "
                            f"{type(hx).__name__}")
        self._check_hidden(hx, h_shape, x)
        return hx, None

    def forward(self, input, hx=None):
        rows, batch_sizes, hx, how = self._prepare(input, hx)
        h0_all, c0_all = self._states(rows, batch_sizes[0], hx)
        if how[0] == "packed" and hx is not None and how[2] is not None:
            # The given states follow the caller's batch order; the packed rows are sorted.
            h0_all = h0_all.index_select(1, how[2])
            c0_all = None if c0_all is None else c0_all.index_select(1, how[2])
        directions = 2 if self.bidirectional else 1
        plans = [_plan(batch_sizes, reverse=d == 1) for d in range(directions)]
        layer_input = rows
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outs = []
            for d in range(directions):
                index = layer * directions + d
                c0 = None if c0_all is None else c0_all[index]
                out, h, c = _run_layer(self.mode, layer_input, plans[d], h0_all[index], c0,
                                       *self._layer_weights(index))
                outs.append(out)
                h_n.append(h)
                c_n.append(c)
            layer_input = outs[0] if directions == 1 else _ops.cat(outs, 1)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n = _ops.stack(h_n)
        c_n = _ops.stack(c_n) if self.mode == "LSTM" else None
        output = layer_input
        if how[0] == "packed":
            _, sizes, sorted_indices, unsorted_indices = how
            output = PackedSequence(output, sizes, sorted_indices, unsorted_indices)
            if unsorted_indices is not None:
                h_n = h_n.index_select(1, unsorted_indices)
                if c_n is not None:
                    c_n = c_n.index_select(1, unsorted_indices)
        else:
            _, batched, steps, batch = how
            output = output.view(steps, batch, output.shape[1])
            if self.batch_first:
                output = output.transpose(0, 1)
            if not batched:
                output = output.squeeze(0 if self.batch_first else 1)
                h_n = h_n.squeeze(1)
                if c_n is not None:
                    c_n = c_n.squeeze(1)
        return (output, (h_n, c_n)) if self.mode == "LSTM" else (output, h_n)

    def extra_repr(self) -> str:
        text = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size != 0:
            text += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            text += f", num_layers={self.num_layers}"
        if self.bias is not True:
            text += f", bias={self.bias}"
        if self.batch_first is not False:
            text += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            text += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            text += f", bidirectional={self.bidirectional}"
        return text


class RNN(RNNBase):
    """Elman RNN: ``h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)`` (``relu`` with
    ``nonlinearity='relu'``). ``rnn(input, h_0=None)`` returns ``(output, h_n)``."""

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' "
                             "or 'relu'.")
        super().__init__(mode, *args, **kwargs)
        self.nonlinearity = nonlinearity


class LSTM(RNNBase):
    """Long short-term memory: gates ``i, f, g, o`` from ``x_t W_ih^T + b_ih + h_{t-1}
    W_hh^T + b_hh``; ``c_t = f * c_{t-1} + i * g``, ``h_t = o * tanh(c_t)``, projected by
    ``W_hr`` when ``proj_size > 0``. ``lstm(input, (h_0, c_0)=None)`` returns ``(output,
    (h_n, c_n))``."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    """Gated recurrent unit: ``r, z`` sigmoid gates, ``n = tanh(x W_in^T + b_in + r * (h
    W_hn^T + b_hn))``, ``h_t = (1 - z) * n + z * h_{t-1}``. ``gru(input, h_0=None)``
    returns ``(output, h_n)``."""

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)


# ---- cells ----


class RNNCellBase(Module):
    """One step of a recurrence: ``weight_ih`` (gates * hidden, input), ``weight_hh`` (gates *
    hidden, hidden), ``bias_ih`` and ``bias_hh``, started as the layers' are."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool, num_chunks: int,
                 device=None, dtype=None) -> None:
        super().__init__()
        _check_int("input_size", input_size)
        _check_int("hidden_size", hidden_size)
        if input_size <= 0 or hidden_size <= 0:
            raise ValueError(f"{type(self).__name__}: input_size and hidden_size must be "
                             f"greater than zero, got {input_size} and {hidden_size}")
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        self.weight_ih = Parameter(_creation.empty(num_chunks * hidden_size, input_size,
                                                   dtype=dtype, device=device))
        self.weight_hh = Parameter(_creation.empty(num_chunks * hidden_size, hidden_size,
                                                   dtype=dtype, device=device))
        if bias:
            self.bias_ih = Parameter(_creation.empty(num_chunks * hidden_size, dtype=dtype,
                                                     device=device))
            self.bias_hh = Parameter(_creation.empty(num_chunks * hidden_size, dtype=dtype,
                                                     device=device))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0.0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self) -> str:
        text = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            text += f", bias={self.bias}"
        nonlinearity = getattr(self, "nonlinearity", "tanh")
        if nonlinearity != "tanh":
            text += f", nonlinearity={nonlinearity}"
        return text

    def _step(self, mode: str, input: Tensor, states: list):
        """Check and run one step; ``states`` are the (batched) hidden states given or None.
        Returns the new states (batched)."""
        name = type(self).__name__
        if input.shape[1] != self.input_size:
            raise RuntimeError(f"input has inconsistent input_size: got {input.shape[1]} "
                               f"expected {self.input_size}")
        batch = input.shape[0]
        full = []
        for k, s in enumerate(states):
            if s is None:
                s = _creation.zeros(batch, self.hidden_size, dtype=input.dtype,
                                    device=input.device)
            else:
                if s.shape[0] != batch:
                    raise RuntimeError(f"Input batch size {batch} doesn't match hidden{k} "
                                       f"batch size {s.shape[0]}")
                if s.shape[1] != self.hidden_size:
                    raise RuntimeError(f"hidden{k} has inconsistent hidden_size: got "
                                       f"{s.shape[1]}, expected {self.hidden_size}")
                if s.dtype != input.dtype:
                    raise RuntimeError(f"{name}: hidden{k} has dtype {s.dtype} but the input "
                                       f"has {input.dtype}")
            full.append(s)
        if input.dtype != self.weight_ih.dtype:
            raise RuntimeError(f"{name}: input dtype ({input.dtype}) does not match weight "
                               f"dtype ({self.weight_ih.dtype})")
        plan = _plan((batch,), False)
        h0, c0 = full[0], (full[1] if len(full) > 1 else None)
        _, h, c = _run_layer(mode, input, plan, h0, c0, self.weight_ih, self.weight_hh,
                             self.bias_ih, self.bias_hh, None)
        return (h, c) if mode == "LSTM" else h

    def _batched(self, input: Tensor) -> bool:
        name = type(self).__name__
        if input.ndim not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.ndim}D "
                             "instead")
        return input.ndim == 2


class RNNCell(RNNCellBase):
    """One Elman step: ``h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (or relu)."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True,
                 nonlinearity: str = "tanh", device=None, dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        batched = self._batched(input)
        if hx is not None and hx.ndim not in (1, 2):
            raise ValueError(f"RNNCell: Expected hidden to be 1D or 2D, got {hx.ndim}D "
                             "instead")
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        if not batched:
            input = input.unsqueeze(0)
            hx = None if hx is None else hx.unsqueeze(0)
        h = self._step("RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU", input, [hx])
        return h if batched else h.squeeze(0)


class LSTMCell(RNNCellBase):
    """One LSTM step: ``(h', c') = cell(x, (h, c))``, states zero when ``hx`` is None."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device=None,
                 dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input: Tensor, hx=None):
        batched = self._batched(input)
        if hx is not None:
            for k, value in enumerate(hx):
                if value.ndim not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{k}] to be 1D or 2D, got "
                                     f"{value.ndim}D instead")
        states = [None, None] if hx is None else list(hx)
        if not batched:
            input = input.unsqueeze(0)
            states = [None if s is None else s.unsqueeze(0) for s in states]
        h, c = self._step("LSTM", input, states)
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    """One GRU step: ``h' = cell(x, h)``, ``h`` zero when None."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device=None,
                 dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        batched = self._batched(input)
        if hx is not None and hx.ndim not in (1, 2):
            raise ValueError(f"GRUCell: Expected hidden to be 1D or 2D, got {hx.ndim}D "
                             "instead")
        if not batched:
            input = input.unsqueeze(0)
            hx = None if hx is None else hx.unsqueeze(0)
        h = self._step("GRU", input, [hx])
        return h if batched else h.squeeze(0)
