"""cross_entropy's training-step case is log_softmax then nll_loss, each dispatched (Note [One
dispatch path] in aten_lite/dispatch/dispatcher.py decides their path): the same values, graph,
gradients and errors as the two ops called by hand and as torch, whatever watches them."""

import numpy as np
import pytest
import torch

import aten_lite as al

F = al.nn.functional


def _dispatched(x, y, ignore_index=-100):
    return al.nll_loss(x.log_softmax(1), y, None, 1, ignore_index)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ignore_index", [-100, 3])
def test_same_loss_graph_and_gradients_as_the_ops_and_torch(dtype, ignore_index):
    rs = np.random.RandomState(1)
    xs = (rs.randn(32, 27) * 3).astype(dtype)
    ys = rs.randint(0, 27, 32)
    ys[[2, 9]] = ignore_index if ignore_index >= 0 else -100
    x1, x2 = al.tensor(xs, requires_grad=True), al.tensor(xs, requires_grad=True)
    y = al.tensor(ys)
    direct = F.cross_entropy(x1, y, ignore_index=ignore_index)
    ops = _dispatched(x2, y, ignore_index)
    assert direct.detach().numpy().tobytes() == ops.detach().numpy().tobytes()
    node = direct.grad_fn
    assert node.name() == "NllLossBackward0"
    assert node.next_functions[0][0].name() == "LogSoftmaxBackward0"
    assert node.next_functions[0][0].next_functions[0][0].name() == "AccumulateGrad"
    direct.backward()
    ops.backward()
    assert x1.grad.numpy().tobytes() == x2.grad.numpy().tobytes()
    tx = torch.tensor(xs, requires_grad=True)
    want = torch.nn.functional.cross_entropy(tx, torch.tensor(ys), ignore_index=ignore_index)
    want.backward()
    tol = 1e-6 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(direct.item(), want.item(), rtol=tol * 10)
    np.testing.assert_allclose(x1.grad.numpy(), tx.grad.numpy(), rtol=tol * 10, atol=tol)


def test_second_backward_through_the_saved_values_refuses_as_the_ops_do():
    x = al.randn(4, 5, requires_grad=True)
    loss = F.cross_entropy(x, al.tensor([0, 4, 2, 1]))
    loss.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()


def test_trace_dispatch_sees_both_ops():
    x = al.randn(4, 5, requires_grad=True)
    y = al.tensor([0, 4, 2, 1])
    with al.trace_dispatch() as trace:
        F.cross_entropy(x, y)
    assert [r.op for r in trace.records if r.key == "CPU"] == ["log_softmax.int", "nll_loss"]


def test_a_target_out_of_range_raises_the_ops_error():
    x = al.randn(4, 5, requires_grad=True)
    bad = al.tensor([0, 9, 2, 1])
    with pytest.raises(IndexError) as direct:
        F.cross_entropy(x, bad)
    with pytest.raises(IndexError) as ops:
        _dispatched(x, bad)
    assert str(direct.value) == str(ops.value) == \
        "nll_loss: Target 9 is out of bounds for 5 classes"
    with pytest.raises(IndexError, match="Target -3 is out of bounds"):
        F.cross_entropy(x, al.tensor([0, -3, 2, 1]))


def test_other_cases_take_the_ops():
    rs = np.random.RandomState(2)
    xs = rs.randn(6, 4).astype(np.float32)
    x, y = al.tensor(xs), al.tensor([0, 1, 2, 3, 0, 1])
    with al.trace_dispatch() as trace:  # a watched call dispatches, so the trace sees both
        F.cross_entropy(x, y)
    assert [r.op for r in trace.records if r.key == "CPU"] == ["log_softmax.int", "nll_loss"]
    # A bad target: the CPU kernel's own error, named as the dispatched op's.
    with pytest.raises(ValueError) as direct:
        F.cross_entropy(x, y[:5])
    with pytest.raises(ValueError) as ops:
        _dispatched(x, y[:5])
    assert str(direct.value) == str(ops.value) and "target has shape [5]" in str(ops.value)
    with al.no_grad():  # no graph: nothing recorded
        xg = al.tensor(xs, requires_grad=True)
        assert F.cross_entropy(xg, y).grad_fn is None


def test_threads_running_it_at_once_each_get_their_own_graph():
    # Nothing is shared between calls: each thread's loss, graph and gradient are its own.
    import sys
    import threading
    rs = np.random.RandomState(5)
    data = [(rs.randn(16, 7).astype(np.float32), rs.randint(0, 7, 16)) for _ in range(6)]
    want = []
    for xs, ys in data:
        tx = torch.tensor(xs, requires_grad=True)
        torch.nn.functional.cross_entropy(tx, torch.tensor(ys)).backward()
        want.append(tx.grad.numpy())
    errors = []

    def work(k):
        try:
            xs, ys = data[k]
            for _ in range(200):
                x = al.tensor(xs, requires_grad=True)
                loss = F.cross_entropy(x, al.tensor(ys))
                assert loss.grad_fn.name() == "NllLossBackward0"
                loss.backward()
                np.testing.assert_allclose(x.grad.numpy(), want[k], rtol=1e-5, atol=1e-7)
        except Exception as e:  # reported below, with the thread that met it
            errors.append((k, repr(e)))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(len(data))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []


def test_an_autograd_hook_set_at_run_time_is_honoured():
    from aten_lite.dispatch import dispatcher as _dispatch
    from aten_lite.autograd.kernel import autograd_kernel
    x = al.randn(3, 4, requires_grad=True)
    y = al.tensor([0, 1, 3])
    seen = []

    def hook(op, args):
        seen.append(op.name)
        return autograd_kernel(op, args)

    _dispatch.set_autograd_kernel(hook)
    try:
        loss = F.cross_entropy(x, y)
    finally:
        _dispatch.set_autograd_kernel(autograd_kernel)
    assert seen == ["log_softmax.int", "nll_loss"] and loss.grad_fn.name() == "NllLossBackward0"
    F.cross_entropy(x, y)
    assert len(seen) == 2  # the hook is gone again


def test_a_library_autograd_kernel_is_honoured():
    x = al.randn(3, 4, requires_grad=True)
    y = al.tensor([0, 1, 3])
    seen = []

    def kernel(*args):
        seen.append(args[0].shape)
        with al.no_grad():
            return al.nll_loss(*args)

    with al.library.impl("nll_loss", "Autograd", kernel):
        F.cross_entropy(x, y)
    assert seen == [(3, 4)]
    assert F.cross_entropy(x, y).grad_fn.name() == "NllLossBackward0" and seen == [(3, 4)]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_backward_kernels_in_line_cases_against_numpy(dtype):
    # _log_softmax_backward and _nll_loss_backward take an in-line case for cross_entropy's
    # backward (mean, no weights, rows along the last dim); their values against NumPy's.
    from aten_lite._generated import ops
    rs = np.random.RandomState(3)
    y = al.tensor(rs.randn(8, 5).astype(dtype)).log_softmax(1)
    g = al.tensor(rs.randn(8, 5).astype(dtype))
    want = g.numpy() - np.exp(y.numpy()) * g.numpy().sum(1, keepdims=True)
    for dim in (1, -1):
        np.testing.assert_allclose(ops._log_softmax_backward(g, y, dim).numpy(), want,
                                   rtol=1e-5, atol=1e-6)
    target = np.array([0, 4, -100, 1, 2, 3, 3, 0])
    got = ops._nll_loss_backward(al.tensor(2.0, dtype=getattr(al, dtype)), y,
                                 al.tensor(target), None, 1, -100).numpy()
    want = np.zeros((8, 5), dtype)
    kept = target != -100
    want[np.arange(8)[kept], target[kept]] = -2.0 / kept.sum()
    np.testing.assert_array_equal(got, want)
    with pytest.raises(IndexError) as e:
        ops._nll_loss_backward(al.tensor(1.0, dtype=getattr(al, dtype)), y,
                               al.tensor([0, 9, 1, 1, 0, 0, 0, 0]), None, 1, -100)
    assert str(e.value) == \
        "al._nll_loss_backward: nll_loss: Target 9 is out of bounds for 5 classes"
    with pytest.raises(ValueError, match="must match log_probs"):
        ops._log_softmax_backward(g[:, :4], y, 1)
