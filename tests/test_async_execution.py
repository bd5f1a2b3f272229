"""Asynchronous execution on the CPU instruction stream (docs/ASYNC.md): the API, every sync
point, sticky kernel errors, Ctrl-C, the profiler's record hook, and async results bit for bit
equal to sync ones.

Most tests slow the worker down on purpose (``slow``: each instruction waits before it runs,
and fresh results are marked at issue), so a read that misses its sync sees the mark, not the
right value by luck.
"""

from __future__ import annotations

import io
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite import _C

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def slow():
    """Async execution on, each instruction delayed by 2 ms, fresh results marked at issue."""
    depth, slow_us, poison = _C.stream_configure()
    previous = al.is_async_enabled()
    al.set_async(True)
    _C.stream_configure(slow_us=2000, poison=True)
    try:
        yield
    finally:
        al.synchronize()
        _C.stream_configure(slow_us=slow_us, poison=poison, depth=depth)
        al.set_async(previous)


def _pending() -> int:
    return _C.stream_pending()


# ---- the API ----


def test_async_is_off_by_default_in_a_fresh_process():
    env = {k: v for k, v in os.environ.items() if k not in ("AL_ASYNC", "AL_LAUNCH_BLOCKING")}
    out = subprocess.run([sys.executable, "-c", "import aten_lite as al; print(al.is_async_enabled())"],
                         cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


def test_al_async_turns_it_on_and_launch_blocking_keeps_it_off():
    code = ("import aten_lite as al; print(al.is_async_enabled()); al.set_async(True); "
            "print(al.is_async_enabled())")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AL_ASYNC": "1"}
    env.pop("AL_LAUNCH_BLOCKING", None)
    on = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                        text=True, timeout=120)
    assert on.stdout.split() == ["True", "True"], on.stderr
    blocking = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                              env={**env, "AL_LAUNCH_BLOCKING": "1"}, capture_output=True,
                              text=True, timeout=120)
    assert blocking.stdout.split() == ["False", "False"], blocking.stderr


def test_set_async_takes_a_bool():
    with pytest.raises(TypeError, match="set_async: expected a bool, got int"):
        al.set_async(1)


def test_async_execution_restores_the_previous_setting():
    before = al.is_async_enabled()
    with al.async_execution():
        assert al.is_async_enabled()
        with al.async_execution(False):
            assert not al.is_async_enabled()
        assert al.is_async_enabled()
    assert al.is_async_enabled() == before


def test_a_call_returns_before_its_kernel_runs(slow):
    _C.stream_configure(slow_us=200_000)
    x = al.ones(64, 128)
    t0 = time.perf_counter()
    y = x + 1
    z = y * 2
    issued = time.perf_counter() - t0
    assert _pending() >= 1
    assert issued < 0.2  # two instructions of 200 ms each were not waited for
    assert z.shape == (64, 128) and z.dtype is al.float32  # the tensor exists at once
    assert z.sum().item() == 64 * 128 * 4.0
    assert _pending() == 0


def test_trace_dispatch_shows_queued(slow):
    x = al.ones(3)
    with al.trace_dispatch() as trace:
        x + x
        x.sort()  # a Python kernel: drained, in line
    add, sort = trace.records[0], trace.records[-1]
    assert add.queued and add.path == 3 and "queued" in str(trace)
    assert not sort.queued


def test_stream_configure_refuses_bad_values():
    with pytest.raises(ValueError, match=r"depth must be in \[1, 63\], got 0"):
        _C.stream_configure(depth=0)
    with pytest.raises(TypeError, match="unknown option 'deep'; valid: depth, slow_us, poison"):
        _C.stream_configure(deep=3)


# ---- sync points: every read of values waits for the kernels that write them ----


@pytest.mark.parametrize("read", [
    lambda t: t.item(),
    lambda t: t.tolist(),
    lambda t: t.numpy().copy(),
    lambda t: np.asarray(t).copy(),
    lambda t: float(t),
    lambda t: int(t),
    lambda t: bool(t > 0),
    lambda t: f"{t:.1f}",
    lambda t: repr(t),
    lambda t: np.from_dlpack(t).copy(),
    lambda t: pickle.loads(pickle.dumps(t)).tolist(),
], ids=["item", "tolist", "numpy", "__array__", "float", "int", "bool", "format", "repr",
        "dlpack", "pickle"])
def test_each_read_is_a_sync_point(slow, read):
    x = al.full((), 3.0)
    y = (x * 2 + 1) - 4  # 3.0
    got = read(y)
    want = read(al.full((), 3.0))
    if isinstance(got, np.ndarray):
        np.testing.assert_array_equal(got, want)
    else:
        assert got == want


def test_saving_is_a_sync_point(slow):
    y = al.ones(4) * 5
    buf = io.BytesIO()
    al.save({"y": y}, buf)
    buf.seek(0)
    assert al.load(buf)["y"].tolist() == [5.0] * 4
    from aten_lite.serialization import safetensors
    z = al.ones(3) + 2
    assert safetensors.load(safetensors.save({"z": z}))["z"].tolist() == [3.0] * 3


def test_grad_values_after_backward(slow):
    w = al.ones(8, 4, requires_grad=True)
    x = al.full((2, 8), 0.5)
    (x @ w).relu().sum().backward()  # backward's kernels are queued too
    assert w.grad.tolist() == [[1.0] * 4] * 8


def test_reading_grad_is_a_sync_point(slow):
    # The gradient's array is read directly (as NumPy code holding it would), so only the
    # .grad read itself can have waited: a missed sync leaves the marker or a partial sum.
    w = al.ones(8, 4, requires_grad=True)
    x = al.full((2, 8), 0.5)
    (x @ w * 3).sum().backward()
    assert _pending() > 0  # backward's kernels are still queued behind the slow worker
    grad = w.grad
    assert _pending() == 0
    np.testing.assert_array_equal(grad._a, np.full((8, 4), 3.0, np.float32))
    # Accumulation into an existing .grad (an in-place add, queued) waits the same way.
    (x @ w * 3).sum().backward()
    assert _pending() > 0
    np.testing.assert_array_equal(w.grad._a, np.full((8, 4), 6.0, np.float32))


def test_optimizers_take_grad_without_waiting(slow):
    # The library's own readers queue their kernels behind backward's: no drain per parameter.
    w = al.ones(8, 4, requires_grad=True)
    opt = al.optim.SGD([w], lr=0.5)
    (al.full((2, 8), 0.5) @ w * 3).sum().backward()
    opt.step()
    opt.zero_grad()
    assert _pending() > 0 and w.grad is None
    np.testing.assert_array_equal(w.detach().numpy(), np.full((8, 4), -0.5, np.float32))


def test_python_kernels_that_read_arrays_drain_first(slow):
    x = al.tensor([3.0, 1.0, 2.0])
    y = x * 2  # queued
    values, _ = y.sort()  # NumPy reads y: the kernel drains the stream first
    assert values.tolist() == [2.0, 4.0, 6.0]
    mask = (y > 3)  # queued
    assert al.where(mask, y, al.zeros(3)).tolist() == [6.0, 0.0, 4.0]


def test_a_cast_inside_an_elementwise_kernel_reads_the_new_values(slow):
    x = al.ones(5, dtype=al.int32) * 3  # queued, int32
    y = x + al.ones(5)  # promotes: NumPy casts x to float32 first
    assert y.tolist() == [4.0] * 5


def test_in_place_writes_and_views_keep_program_order(slow):
    x = al.zeros(4)
    v = x[1:3]
    x.add_(1)
    v.mul_(10)
    x.add_(1)
    assert x.tolist() == [2.0, 11.0, 11.0, 2.0]


def test_buffers_stay_alive_until_their_instruction_ran(slow):
    x = al.ones(256, 256)
    y = x * 3
    del x  # the queued instruction keeps x's memory alive
    z = y + 1
    del y
    assert z.sum().item() == 256 * 256 * 4.0


def test_numpy_shared_storages_run_in_line(slow):
    a = np.ones(4, np.float32)
    t = al.from_numpy(a)
    y = t * 2  # t's memory is shared with NumPy: runs in the call
    a[:] = 100  # a write through NumPy right after must not reach the product
    assert y.tolist() == [2.0] * 4
    u = al.ones(4)
    b = u.numpy()  # shared from now on
    w = u + 1
    b[:] = 7
    assert w.tolist() == [2.0] * 4



def test_the_shared_mark_goes_with_an_owner_that_takes_no_weak_references():
    # bytes take no weak references: the mark lives as long as the array chain that holds them
    # (Note [The shared mark's lifetime]); a mark kept past the owner would leave its address
    # marked, and a later object there would run every call in line.
    owner = bytes(64)
    a = np.frombuffer(owner, np.float32)
    view = a[1:]
    _C.stream_share(view)
    assert _C.stream_is_shared(a) and _C.stream_is_shared(view)
    del view
    assert _C.stream_is_shared(a)  # a still holds the owner
    del a
    assert not _C.stream_is_shared(np.frombuffer(owner, np.float32))


# ---- kernel errors are sticky and raised at the next sync ----


def test_a_kernel_error_is_raised_at_the_next_sync_naming_the_op_and_line(slow):
    logits = al.randn(4, 5)
    bad = al.tensor([0, 9, 2, 1])
    loss = al.nn.functional.cross_entropy(logits, bad); line = sys._getframe().f_lineno  # noqa: E702
    after = loss * 2  # skipped: the stream is failed
    with pytest.raises(IndexError) as err:
        after.item()
    msg = str(err.value)
    assert msg.startswith(f"al.nll_loss (issued at {__file__}:{line}): Target 9 is out of "
                          "bounds for 5 classes"), msg
    assert msg.endswith("set AL_LAUNCH_BLOCKING=1 to raise at the call")
    # The error is raised once; the stream works again.
    assert (al.ones(2) + 1).tolist() == [2.0, 2.0]


def test_launch_blocking_raises_at_the_call():
    code = ("import aten_lite as al\nal.set_async(True)\ntry:\n"
            "    al.nn.functional.cross_entropy(al.randn(2, 3), al.tensor([0, 5]))\n"
            "except IndexError as e:\n    print('raised at the call:', e)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AL_LAUNCH_BLOCKING": "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert "raised at the call: nll_loss: Target 5 is out of bounds for 3 classes" in out.stdout, \
        out.stderr


_CTRL_C = """
import signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # even where the parent ignores it
import aten_lite as al
from aten_lite import _C
al.set_async(True)
_C.stream_configure(slow_us=100_000, depth=8)
x = al.ones(16)
ys = [x + i for i in range(8)]  # 8 instructions of 100 ms each
queued = _C.stream_pending()
threading.Timer(0.15, lambda: signal.pthread_kill(threading.main_thread().ident,
                                                  signal.SIGINT)).start()
t0 = time.perf_counter()
try:
    ys[-1].tolist()
    print("not interrupted")
except KeyboardInterrupt:
    print("interrupted", queued, time.perf_counter() - t0, _C.stream_pending())
_C.stream_configure(slow_us=0)
print((x + 1).tolist() == [2.0] * 16)  # the stream works again
"""


def test_ctrl_c_during_a_sync_stops_the_stream_cleanly():
    # In a fresh interpreter with Python's own SIGINT handler: a test runner's worker may
    # have another, and a shell's background job ignores the signal.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("AL_LAUNCH_BLOCKING", None)
    out = subprocess.run([sys.executable, "-c", _CTRL_C], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    first, works = out.stdout.split("\n")[:2]
    word, queued, seconds, pending = first.split()
    assert word == "interrupted" and int(queued) >= 7, out.stdout
    assert float(seconds) < 0.6  # not the 0.8 s the queue would take
    assert int(pending) == 0  # the rest was dropped
    assert works == "True"


# ---- the profiler's hook ----


def test_the_record_hook_times_each_instruction(slow):
    _C.stream_record(True)
    try:
        x = al.ones(8)
        y = x + 1; line = sys._getframe().f_lineno  # noqa: E702
        y.tolist()
        records = _C.stream_take_records()
    finally:
        _C.stream_record(False)
    op, file, lineno, t_enqueue, t_start, t_end, lane, skipped = records[0]
    assert (op, file, lineno, skipped) == ("add.Tensor", __file__, line, False)
    assert lane in ("worker", "caller")
    assert 0 < t_enqueue <= t_start <= t_end
    assert t_start - t_enqueue >= 2_000_000  # the slowed worker waited 2 ms before it ran
    assert abs(t_enqueue - time.perf_counter_ns()) < 10 * 10**9  # perf_counter's clock


# ---- counters, and a worker that is not scheduled ----


def test_stream_stats_count_where_instructions_ran(slow):
    before = _C.stream_stats()
    x = al.ones(16)
    for _ in range(20):
        x = x + 1  # the slowed worker falls behind: the ring fills
    assert x.tolist() == [21.0] * 16
    d = {k: v - before[k] for k, v in _C.stream_stats().items()}
    assert d["issued"] == 20 == d["run_by_worker"] + d["run_by_caller"]
    assert d["full"] > 0 and d["wait_ns"] > 0
    assert d["in_call"] == 0 and d["fallbacks"] == 0  # never with the test hook's delay on
    assert d["helped"] <= d["run_by_caller"]


def test_a_worker_sharing_the_callers_cpu_falls_back_to_calls():
    # Note [When the worker is not scheduled]: the worker thread inherits an affinity of one
    # CPU, so it runs only when the issuing thread is preempted; the issuing thread then runs
    # the instructions itself, and soon runs the calls in line. Results stay sync's bits.
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("needs os.sched_setaffinity (Linux)")
    code = (
        "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})\n"
        "import numpy as np, aten_lite as al\n"
        "from aten_lite import _C\n"
        "def chain():\n"
        "    x = al.full((64, 128), 1.5); w = al.full((64, 128), 0.25); y = x\n"
        "    for _ in range(500):\n"
        "        y = ((y * w + x).relu() - w) * 0.5\n"
        "    return y.numpy().copy()\n"
        "want = chain()\n"
        "al.set_async(True)\n"
        "got = chain()\n"
        "s = _C.stream_stats()\n"
        "print(s['fallbacks'] >= 1, s['in_call'] > 0, np.array_equal(got, want))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "AL_ASYNC": "0"},
                         capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == ["True", "True", "True"], out.stdout + out.stderr


# ---- async results are sync results, bit for bit ----


def _train(on: bool, steps: int = 5):
    rng = np.random.default_rng(0)
    al.manual_seed(0)
    model = al.nn.Sequential(al.nn.Linear(64, 128), al.nn.ReLU(), al.nn.Linear(128, 10))
    opt = al.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    x = al.tensor(rng.random((64, 64), dtype=np.float32))
    y = al.tensor(rng.integers(0, 10, 64))
    losses = []
    with al.async_execution(on):
        for _ in range(steps):
            loss = al.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss)
        al.synchronize()
    return [p.detach().numpy().copy() for p in model.parameters()], [l.item() for l in losses]


def test_training_async_is_bit_identical_to_sync():
    (sync_params, sync_losses), (async_params, async_losses) = _train(False), _train(True)
    assert sync_losses == async_losses
    for a, b in zip(sync_params, async_params):
        assert np.array_equal(a, b)


def test_an_elementwise_chain_is_bit_identical(slow):
    def chain():
        x = al.linspace(-2, 2, 64 * 128).reshape(64, 128)
        y = x
        for _ in range(10):
            y = (y * 1.1 + x).tanh() - y.exp() / 3
        return y.sum(1)
    got = chain().numpy().copy()
    with al.async_execution(False):
        want = chain().numpy().copy()
    assert np.array_equal(got, want)


def test_products_on_the_stream_match_np_dot_bits(slow):
    rng = np.random.default_rng(1)
    for dtype in (np.float32, np.float64):
        a = rng.standard_normal((37, 19)).astype(dtype)
        b = rng.standard_normal((19, 23)).astype(dtype)
        for x, y in ((a, b), (np.asfortranarray(a), b), (a, b.T.copy().T)):
            got = (al.tensor(x) @ al.tensor(y)).numpy()
            assert np.array_equal(got, np.dot(x, y))
