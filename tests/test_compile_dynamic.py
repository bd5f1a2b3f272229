"""Shape-generic replays: one graph for every batch size (Note [Shape-generic replays] in
aten_lite/compile/symbolic.py)."""

import random

import numpy as np
import pytest

import aten_lite as al

F = al.nn.functional


def _mlp_params(inp=64):
    al.manual_seed(0)
    return [al.randn(inp, 32, requires_grad=True), al.zeros(32, requires_grad=True),
            al.randn(32, 10, requires_grad=True), al.zeros(10, requires_grad=True)]


def _step(x, w1, b1, w2, b2, y):
    h = (x.view(x.shape[0], -1) @ w1 + b1).relu()
    return F.cross_entropy(h @ w2 + b2, y)


def _same(a, b):
    return np.array_equal(a.detach().numpy(), b.detach().numpy())


@pytest.mark.parametrize("dynamic", [True, None])
def test_training_step_one_graph_for_many_batch_sizes(dynamic):
    params = _mlp_params()
    f = al.compile(_step, dynamic=dynamic)
    static = al.compile(_step, dynamic=False)
    for b in (64, 37, 50, 37, 64):
        x, y = al.randn(b, 8, 8), al.randint(0, 10, (b,))
        loss = f(x, *params, y)
        grads = al.autograd.grad(loss, params)
        ref = static(x, *params, y)
        ref_grads = al.autograd.grad(ref, params)
        eager = _step(x, *params, y)
        eager_grads = al.autograd.grad(eager, params)
        assert _same(loss, ref) and _same(loss, eager)  # bit for bit
        for g, r, e in zip(grads, ref_grads, eager_grads):
            assert _same(g, r) and _same(g, e)
    # dynamic=True: one capture; dynamic=None: a second size makes the generic graph
    assert f.stats["captures"] == (1 if dynamic else 2)
    assert f.stats["shapes_seen"] == 3
    assert f.stats["dynamic_replays"] == (4 if dynamic else 2)  # 64 replays its own graph
    assert static.stats["captures"] == 3


def test_sgd_training_loop_matches_eager():
    params = _mlp_params(16)
    eager_params = [p.detach().clone().requires_grad_(True) for p in params]
    f = al.compile(_step, dynamic=True)
    for b in (64, 37, 50):
        x, y = al.randn(b, 4, 4), al.randint(0, 10, (b,))
        for ps, fn in ((params, f), (eager_params, _step)):
            loss = fn(x, *ps, y)
            for p in ps:
                p.grad = None
            loss.backward()
            with al.no_grad():
                for p in ps:
                    p -= 0.1 * p.grad
    for p, q in zip(params, eager_params):
        assert _same(p, q)
    assert f.stats["captures"] == 1


def test_forward_mean_over_batch_broadcast_and_view_bit_identical():
    w = al.randn(12)

    def fn(x):
        h = (x * w + 1.5).tanh()
        return h.mean(0), h.view(x.shape[0], 3, 4).sum(-1), h.reshape(-1)

    f = al.compile(fn, dynamic=True)
    for b in (64, 37, 50, 2):
        x = al.randn(b, 12)
        for got, want in zip(f(x), fn(x)):
            assert got.shape == want.shape and _same(got, want)
    assert f.stats["captures"] == 1


def test_branch_on_the_size_recaptures():
    def fn(x):
        return x * 2 if x.shape[0] > 40 else x - 1

    f = al.compile(fn, dynamic=True)
    for b in (64, 50, 37, 12, 45):
        x = al.randn(b, 3)
        assert _same(f(x), fn(x))
    # 64 captured generic (50 and 45 replay it); 37 takes the other branch: a graph of its
    # own, which 12 may replay only when its check trace agrees
    assert f.stats["captures"] >= 2
    assert f.stats["size_checks"] >= 3


def test_integer_division_of_the_size_never_replays_wrong():
    def fn(x):
        return x.view(x.shape[0] // 2, -1).sum(1)

    f = al.compile(fn, dynamic=True)
    for b in (64, 38, 50, 66):
        x = al.randn(b, 3)
        assert _same(f(x), fn(x))


def test_structure_changes_recapture_and_sizes_0_1_specialise():
    f = al.compile(lambda x: (x + 1).sum(0), dynamic=True)
    x = al.randn(8, 3)
    f(x)
    f(al.randn(9, 3))
    assert f.stats["captures"] == 1
    f(al.randn(9, 4))  # another non-batch dim
    f(al.randn(9, 3, 1))  # another rank
    f(al.randn(9, 3, dtype=al.float64))  # another dtype
    f(al.randn(3, 9).t())  # another stride pattern
    assert f.stats["captures"] == 5
    before = f.stats["dynamic_replays"]
    for b in (1, 0):
        x = al.randn(b, 3)
        assert _same(f(x), (x + 1).sum(0))
    assert f.stats["dynamic_replays"] == before  # 0 and 1 are captured on their own


def test_broadcast_of_size_one_is_not_the_batch():
    f = al.compile(lambda x, y: x + y, dynamic=True)
    a, b = al.randn(5, 3), al.randn(5, 3)
    assert _same(f(a, b), a + b)
    a, b = al.randn(7, 3), al.randn(1, 3)  # y broadcasts: not the batch size
    assert _same(f(a, b), a + b)


def test_dynamic_false_specialises_and_validation():
    f = al.compile(lambda x: x * 2, dynamic=False)
    for b in (4, 5, 6):
        f(al.randn(b))
    assert f.stats["captures"] == 3 and f.stats["dynamic_replays"] == 0
    with pytest.raises(ValueError, match="dynamic must be True, False or None"):
        al.compile(lambda x: x, dynamic="yes")


def test_listing_shows_symbolic_sizes():
    f = al.compile(lambda x: (x * 2).relu(), dynamic=True)
    text = str(f.graph(al.randn(6, 5)))
    assert "float32[s0, 5]" in text


def test_module_parameters_are_constants_of_the_generic_graph():
    al.manual_seed(1)
    model = al.nn.Sequential(al.nn.Linear(6, 8), al.nn.ReLU(), al.nn.Linear(8, 3))
    f = al.compile(model)  # dynamic=None
    for b in (10, 7, 13):
        x = al.randn(b, 6)
        assert _same(f(x), model(x))
    assert f.stats["captures"] == 2 and f.stats["dynamic_replays"] == 1


def test_fuzz_random_batch_sizes_against_eager():
    rng = random.Random(7)
    params = _mlp_params(12)
    w = al.randn(12)

    def fn(x, y):
        h = (x @ params[0] + params[1]).relu() * 0.5
        s = (x * w).softmax(-1).sum(0)
        return F.cross_entropy(h @ params[2] + params[3], y), s, x.view(x.shape[0], 2, 6).amax(1)

    f = al.compile(fn, dynamic=True)
    for _ in range(20):
        b = rng.randint(2, 90)
        x, y = al.randn(b, 12), al.randint(0, 10, (b,))
        got, want = f(x, y), fn(x, y)
        assert _same(got[0], want[0])
        assert np.allclose(got[1].detach().numpy(), want[1].detach().numpy(), rtol=1e-6, atol=1e-6)
        assert _same(got[2], want[2])
        g = al.autograd.grad(got[0], params)
        e = al.autograd.grad(want[0], params)
        for a, c in zip(g, e):
            assert np.allclose(a.numpy(), c.numpy(), rtol=1e-5, atol=1e-6)
    assert f.stats["captures"] == 1


def test_fused_kernels_are_shared_by_every_size():
    from aten_lite.compile.kernels import _Built

    f = al.compile(lambda x, b: ((x * 2 + b).relu() * x).sum(-1), dynamic=True)
    b = al.randn(7)
    f(al.randn(5, 7), b)
    built = len(_Built.kernels)
    for n in (6, 9, 33, 128):
        x = al.randn(n, 7)
        assert _same(f(x, b), ((x * 2 + b).relu() * x).sum(-1))
    assert len(_Built.kernels) == built  # no kernel per size: sizes are run-time arguments
    assert f.stats["captures"] == 1 and f.stats["dynamic_replays"] == 4


def test_a_size_whose_generic_replay_fails_is_captured_on_its_own(monkeypatch):
    f = al.compile(lambda x: (x * 3).sum(1), dynamic=True)
    f(al.randn(8, 4))
    entry = f._generic[0].entry
    real = entry.forward_plan

    def failing(inputs):
        if inputs[0].shape[0] == 11:
            raise RuntimeError("a kernel refusing this size")
        return real(inputs)

    monkeypatch.setattr(entry, "forward_plan", failing)
    x = al.randn(11, 4)
    assert _same(f(x), (x * 3).sum(1))
    assert f.stats["captures"] == 2 and 11 in f._generic[0].refused
    assert _same(f(x), (x * 3).sum(1))  # its own graph from now on
    x = al.randn(12, 4)
    assert _same(f(x), (x * 3).sum(1)) and f.stats["captures"] == 2


def test_errors_at_the_captured_size_are_raised():
    f = al.compile(lambda x, y: F.cross_entropy(x, y), dynamic=True)
    x = al.randn(6, 5)
    f(x, al.randint(0, 5, (6,)))
    with pytest.raises(Exception):
        f(x, al.full((6,), 9, dtype=al.int64))


def test_random_programs_with_dynamic_true_match_eager(monkeypatch):
    """The differential fuzzer (tests/compile_fuzz.py: random programs whose free sizes change
    between calls) with every function compiled ``dynamic=True``."""
    import compile_fuzz

    made = []
    real = al.compile

    def generic(fn, **kw):
        made.append(real(fn, dynamic=True, **kw))
        return made[-1]

    monkeypatch.setattr(al, "compile", generic)
    stats = compile_fuzz.Stats()
    failures = compile_fuzz.fuzz(range(300, 400), calls=8, stats=stats)
    assert not failures, "\n\n".join(f.report() for f in failures[:3])
    assert sum(f.stats["dynamic_replays"] for f in made) > 50  # generic graphs were replayed
    assert sum(f.stats["size_checks"] for f in made) > 5


def test_concurrent_branches_of_a_generic_graph():
    def fn(x, y):
        return (x * 2 + 1).exp().sum(1), (y * 3 - 1).tanh().sum(1)

    threads = al.get_num_threads()
    al.set_num_threads(1)  # branches on two threads (Note [Concurrent branches])
    try:
        f = al.compile(fn, dynamic=True)
        for n in (1100, 1300, 1200):
            x, y = al.randn(n, 1024), al.randn(n, 1024)
            for got, want in zip(f(x, y), fn(x, y)):
                assert _same(got, want)
        assert f._generic[0].entry.graph.branches and f.stats["captures"] == 1
    finally:
        al.set_num_threads(threads)
