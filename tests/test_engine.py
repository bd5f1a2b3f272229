"""The backward walk in C++ (`_C.backward`, Note [The walk in C++] in
aten_lite/autograd/engine.py): what it owns must be released exactly (no graph, gradient or
leaf kept alive, none freed early), errors from Python code inside it must come out as they
were raised, and malformed input must be refused with an exception, never a crash.
Oracles: NumPy formulas, reference counts, weak references, torch for the results."""

from __future__ import annotations

import gc
import sys
import weakref

import numpy as np
import pytest

import aten_lite as al
from aten_lite.autograd import engine
from aten_lite.autograd.node import edge

pytest.importorskip("aten_lite._C")


def mlp_step(params, x):
    w1, b1, w2, b2 = params
    h = al.tanh(x @ w1 + b1)
    return ((h @ w2 + b2) ** 2).mean()


def make_params(seed=0):
    rng = np.random.default_rng(seed)
    shapes = [(6, 5), (5,), (5, 3), (3,)]
    return [al.tensor(rng.standard_normal(s).astype(np.float32), requires_grad=True)
            for s in shapes]


def test_the_walk_matches_torch_on_a_two_layer_step():
    torch = pytest.importorskip("torch")
    params = make_params()
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    mlp_step(params, al.tensor(x)).backward()
    tp = [torch.tensor(p.detach().numpy(), requires_grad=True) for p in params]
    w1, b1, w2, b2 = tp
    ((torch.tanh(torch.tensor(x) @ w1 + b1) @ w2 + b2) ** 2).mean().backward()
    for p, q in zip(params, tp):
        np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-5, atol=1e-6)


def test_a_backward_keeps_no_reference_to_the_graph_or_the_leaves():
    params = make_params()
    x = al.randn(4, 6)
    before = [sys.getrefcount(p) for p in params]
    loss = mlp_step(params, x)
    node = weakref.ref(loss.grad_fn)
    loss.backward()
    del loss
    gc.collect()
    assert node() is None  # the walk dropped every node it held
    assert [sys.getrefcount(p) for p in params] == before
    # A stolen gradient is referenced by its leaf alone (getrefcount's argument aside), and
    # its array by the gradient alone.
    # (counted outside the asserts, whose rewriting by pytest keeps the values it shows)
    counts = [(sys.getrefcount(p.grad), sys.getrefcount(p.grad._a)) for p in params]
    assert counts == [(2, 2)] * len(params)  # the slot (or the tensor), and the argument


def test_repeated_backwards_do_not_leak_gradients_or_nodes():
    params = make_params()
    x = al.randn(4, 6)
    loss = mlp_step(params, x)
    grads = []
    for _ in range(3):  # retain_graph: the same nodes run every time
        for p in params:
            p.grad = None
        loss.backward(retain_graph=True)
        grads.append([weakref.ref(p.grad) for p in params])
    for p in params:
        p.grad = None
    gc.collect()
    assert all(r() is None for step in grads for r in step)


def test_an_error_in_a_node_propagates_and_leaks_nothing():
    class Boom(al.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1.0

        @staticmethod
        def backward(ctx, grad):
            raise ValueError("boom in backward")

    x = al.tensor([1.0, 2.0], requires_grad=True)
    before = sys.getrefcount(x)
    y = (Boom.apply(x) * x).sum()
    with pytest.raises(ValueError, match="boom in backward"):
        y.backward(retain_graph=True)
    # the other branch delivered x's gradient only at the end, which the error prevented
    assert x.grad is None
    node = weakref.ref(y.grad_fn)
    del y
    gc.collect()
    assert node() is None
    assert sys.getrefcount(x) == before


def test_an_error_in_a_hook_propagates():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2.0

    def hook(g):
        raise KeyError("from the hook")

    y.register_hook(hook)
    with pytest.raises(KeyError, match="from the hook"):
        y.sum().backward()


def test_gradients_from_several_paths_sum_in_buffers_and_leaves():
    x = al.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x * x  # one node feeding three consumers
    z = (y * 2.0 + y.exp() + y).sum() + x.sum()
    z.backward()
    xv = np.array([1.0, -2.0, 3.0])
    np.testing.assert_allclose(x.grad.numpy(), (2 + np.exp(xv ** 2) + 1) * 2 * xv + 1,
                               rtol=1e-5)


def test_autograd_grad_captures_nodes_and_leaves_in_the_order_asked():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3.0
    out = (h * h).sum()
    gh, gx = al.autograd.grad(out, [h, x])
    np.testing.assert_allclose(gh.numpy(), [6.0, 12.0])
    np.testing.assert_allclose(gx.numpy(), [18.0, 36.0])
    assert x.grad is None


# ---- input the walk refuses (it is reachable from Python as _C.backward) ----


class _Fake:
    """A node-shaped object whose parts a test breaks one at a time."""

    _n_out = 1
    _hooks = None

    def __init__(self, next_edges=()):
        self._next = next_edges

    def apply(self, grads):
        return tuple(grads) * len(self._next)

    def release(self):
        pass

    def name(self):
        return "_Fake"


def call(roots, wanted=None, captured=None, callbacks=None):
    return engine._C.backward(roots, False, False, wanted, captured,
                              engine._CALLBACKS if callbacks is None else callbacks, None)


def grad_of(shape=(2,)):
    return al.ones(*shape)


@pytest.mark.parametrize("roots, message", [
    ((), "roots must be a list"),
    ([1], "a root must be"),
    ([(1, 2, 3)], "a root must be"),
    ([((None, 0), None)], "edge must be None or"),
    ([((None, "x", (2,), al.float32), None)], "integer"),
])
def test_malformed_roots_are_refused(roots, message):
    with pytest.raises(TypeError, match=message):
        call(roots)


def test_malformed_arguments_are_refused():
    x = al.tensor([1.0], requires_grad=True)
    roots = [(edge(x), grad_of((1,)))]
    with pytest.raises(TypeError, match="takes 7 arguments"):
        engine._C.backward(roots, False)
    with pytest.raises(TypeError, match="wanted must be a set"):
        call(roots, wanted=[])
    with pytest.raises(TypeError, match="captured must be a dict"):
        call(roots, captured=[])
    with pytest.raises(TypeError, match="callbacks must be"):
        call(roots, callbacks=(1, 2))
    assert x.grad is None


def test_malformed_nodes_are_refused():
    g = grad_of()
    bad_next = _Fake()
    bad_next._next = [None]
    with pytest.raises(TypeError, match="_next must be a tuple"):
        call([((bad_next, 0, (2,), al.float32), g)])
    with pytest.raises(TypeError, match="edge must be None or"):
        call([((_Fake(("edge",)), 0, (2,), al.float32), g)])
    child = _Fake()
    parent = _Fake(((child, 3, (2,), al.float32),))  # child has one output, not four
    with pytest.raises(IndexError, match="output 3"):
        call([((parent, 0, (2,), al.float32), g)])
    odd = _Fake()
    odd.apply = lambda grads: 5
    with pytest.raises(TypeError, match="must return a tuple or list, got int"):
        call([((_Fake(((odd, 0, (2,), al.float32),)), 0, (2,), al.float32), g)])
    not_a_tensor = _Fake(((child, 0, (2,), al.float32),))
    not_a_tensor.apply = lambda grads: (1.5,)
    with pytest.raises(AttributeError):
        call([((not_a_tensor, 0, (2,), al.float32), g)])


def test_a_leaf_edge_with_a_wrong_shape_is_reported_by_the_node():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    node = _Fake(((x, -1, (5,), al.float32),))
    with pytest.raises(RuntimeError, match=r"Function _Fake returned an invalid gradient at "
                                           r"index 0 - got \[2\] but expected shape"):
        call([((node, 0, (2,), al.float32), grad_of())])


def test_a_bias_gradient_is_summed_in_the_walk_only_when_unobserved(monkeypatch):
    # Note [Formulas without dispatch]: in a plain backward the walk sums a (B, N) gradient for
    # an (N,) float32/float64 input itself; recorded (create_graph), traced or in another
    # dtype, it goes through engine._matched and the sum op. Results agree bit for bit.
    seen = []
    matched = engine._matched

    def spy(node, i, e, g):
        seen.append(tuple(g.shape))
        return matched(node, i, e, g)

    monkeypatch.setattr(engine, "_CALLBACKS", (engine.Tensor, spy) + engine._CALLBACKS[2:])
    grads = {}
    for case in ("plain", "create_graph", "traced", "float16"):
        dtype = al.float16 if case == "float16" else al.float32
        x = al.ones(4, 3, dtype=dtype) * al.arange(3, dtype=dtype)
        b = al.tensor([1.0, 2.0, 3.0], dtype=dtype, requires_grad=True)
        loss = ((x + b) * x).sum()
        if case == "traced":
            with al.trace_dispatch() as trace:
                loss.backward()
            assert "sum" in [r.op for r in trace.records]
        else:
            loss.backward(create_graph=case == "create_graph")
        grads[case] = b.grad.detach().numpy().astype(np.float64)
        assert seen == ([] if case == "plain" else [(4, 3)]), case
        seen.clear()
    for case, g in grads.items():
        assert g.tolist() == [0.0, 4.0, 8.0], case


def test_a_node_may_return_its_gradients_as_a_list():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    node = _Fake(((x, -1, (2,), al.float32), None))
    node.apply = lambda grads: [grads[0] * 3.0]  # shorter than its edges: the rest is None
    call([((node, 0, (2,), al.float32), grad_of())])
    assert x.grad.tolist() == [3.0, 3.0]


def test_python_emptying_the_roots_during_the_walk_cannot_crash_it():
    # The walk runs Python (a node's _next) while it reads the roots: it works on a snapshot,
    # so a node that clears the caller's list changes nothing (it read freed tuples before).
    roots = []
    applied = []

    class Clearing:
        _n_out = 1
        _hooks = None

        @property
        def _next(self):
            roots.clear()
            return ()

        def apply(self, grads):
            applied.append(grads[0])
            return ()

        def release(self):
            pass

    for _ in range(64):
        roots.append(((Clearing(), 0, (2,), al.float32), al.ones(2)))
    engine._C.backward(roots, False, False, None, None, engine._CALLBACKS, None)
    assert len(applied) == 64 and all(g.tolist() == [1.0, 1.0] for g in applied)


def test_a_leafs_first_gradient_has_the_leafs_layout_as_torchs():
    # torch's layout contract: the first .grad of a dense leaf has the leaf's strides, whether
    # the gradient arrived row-major (it is not stolen then) or transposed (mm's weight).
    torch = pytest.importorskip("torch")
    got = []
    for lib in (al, torch):
        lib.manual_seed(0)
        w = lib.randn(3, 4).t().detach().requires_grad_()  # strides (1, 4)
        (w * 2.0).sum().backward()
        v = lib.randn(3, 4).t().detach().requires_grad_()
        (lib.randn(2, 4) @ v).sum().backward()  # its gradient arrives as a product's
        W = lib.randn(5, 4, requires_grad=True)
        (lib.randn(3, 5) @ W).sum().backward()
        np.testing.assert_allclose(w.grad.numpy(), np.full((4, 3), 2.0))
        got.append([tuple(t.grad.stride()) for t in (w, v, W)])
    assert got[0] == got[1] == [(1, 4), (1, 4), (4, 1)]
