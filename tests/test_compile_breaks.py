"""Split calls (Note [Split calls] in aten_lite/compile/segments.py): a graph break runs the
ops before it as one compiled graph, the break eagerly, and the ops after it as another. The
oracle is eager aten_lite (values and gradients), never the compiler itself."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile import GraphBreakError
from aten_lite.nn import functional as F


def _np(t):
    return t.detach().numpy()


def _same(got, want):
    np.testing.assert_allclose(_np(got), _np(want), rtol=1e-5, atol=1e-6)


def _line(fn, offset):
    return f"test_compile_breaks.py:{fn.__code__.co_firstlineno + offset}"


def mid(x, y):
    a = (x * 2 + y).relu()
    s = a.sum()
    k = s.item()  # the break: the fused graph above runs, then this reads its result
    return (a.exp() * k).sum() + s


def test_break_in_the_middle_splits_into_two_fused_graphs():
    x, y = al.randn(6, 5), al.randn(6, 5)
    cf = al.compile(mid)
    for _ in range(3):
        _same(cf(x, y), mid(x, y))
    assert cf.stats["split"] == 3 and cf.stats["eager"] == cf.stats["captures"] == 0
    assert cf.stats["segment_builds"] == 2 and cf.stats["segment_replays"] == 4
    g = cf.graph(x, y)
    assert g.summary() == f"split call: 2 graphs, 1 break at {_line(mid, 3)} (Tensor.item())"
    first, second = g.graphs
    assert len(first.groups) == 1 and [n.op for n in first.nodes] == \
        ["mul.Tensor", "add.Tensor", "relu", "sum"]
    assert len(second.groups) == 1 and "exp" in [n.op for n in second.nodes]
    text = str(g)
    assert "graph 1 of 2:" in text and "graph 2 of 2:" in text
    assert f"break at {_line(mid, 3)}: Tensor.item(): reads the data" in text


def test_breaks_at_the_start_at_the_end_and_several():
    def start(x):
        n = int(x.sum().item() > 0)  # nothing recorded before the read but the sum
        return (x + n).exp()

    def end(x):
        y = (x * 3).tanh()
        return y.numpy().copy()  # the read is the last thing

    def several(x):
        a = x * 2
        if a.sum() > 0:
            a = a + 1
        b = a.exp()
        c = float(b.max())
        return b / c + a.mean().item()

    x = al.randn(4, 3)
    for fn in (start, several):
        cf = al.compile(fn)
        for arg in (x, -x.abs(), x.abs()):
            _same(cf(arg), fn(arg))
    cf = al.compile(end)
    np.testing.assert_allclose(cf(x), end(x), rtol=1e-6)
    assert cf.graph(x).summary() == \
        f"split call: 1 graph, 1 break at {_line(end, 2)} (Tensor.numpy())"
    cf = al.compile(several)
    assert cf.graph(x.abs()).summary() == (
        f"split call: 4 graphs, 3 breaks at {_line(several, 2)} (Tensor.__bool__()), "
        f"{_line(several, 5)} (Tensor.__float__()), {_line(several, 6)} (Tensor.item())")


def test_data_dependent_branch_takes_each_path_and_reuses_built_segments():
    def branch(x):
        s = (x * x).sum()
        if s > 10:
            return (x / s).relu()
        return (x * s).sigmoid()

    cf = al.compile(branch)
    small, big = al.full((3,), 0.5), al.full((3,), 4.0)
    for arg in (small, big, small, big, big):
        _same(cf(arg), branch(arg))
    # first segment once, each branch's segment once; the rest replays the built plans
    assert cf.stats["segment_builds"] == 3 and cf.stats["segment_replays"] == 7


def test_ops_that_cannot_be_recorded_run_eagerly_between_graphs():
    def no_meta(x):
        y = x * 2
        u = al.unique(y)  # no Meta kernel
        return u.sum() * y

    def masked(x):
        m = x[x > 1.5]  # a shape that depends on the data
        return (m * 2).sum() + x.sum()

    def writes_input(x):
        y = x * 2
        x.add_(1)  # in place into an argument: runs on the real tensor
        return y + x

    x = al.tensor([3.0, 1.0, 3.0, 2.0])
    for fn, op, line in ((no_meta, "_unique2", 2), (masked, "index.Tensor", 1),
                         (writes_input, "add_.Tensor", 2)):
        cf = al.compile(fn)
        a, b = x.clone(), x.clone()
        _same(cf(a), fn(b))
        _same(a, b)
        assert cf.graph(x.clone()).breaks[0][:2] == (op, _line(fn, line))


def test_a_view_of_an_argument_written_in_place_writes_the_argument():
    def fn(x):
        v = x[0]
        w = v * 2
        v.mul_(10)  # in place into a view of x: the view is made real first
        return w + x.sum()

    a, b = al.arange(6.0).reshape(2, 3), al.arange(6.0).reshape(2, 3)
    _same(al.compile(fn)(a), fn(b))
    _same(a, b)


def test_print_and_format_inside_a_compiled_function_see_the_values(capsys):
    def fn(x):
        y = (x + 1).sum()
        print(y)
        print(f"{y:.2f}")
        return y * 2

    x = al.ones(3)
    assert al.compile(fn)(x).item() == 12.0
    assert capsys.readouterr().out == "tensor(6.)\n6.00\n"


def test_gradients_through_segments_equal_eager():
    def step(x, w1, b1, w2, b2, y):
        h = (x @ w1 + b1).relu()
        scale = 1.0 / max(h.mean().item(), 1e-3)  # data-dependent scale: a break
        logits = (h * scale) @ w2 + b2 + w1.sum()  # w1 again, after the break
        return F.cross_entropy(logits, y)

    def params(seed):
        al.manual_seed(seed)
        return [al.randn(8, 16, requires_grad=True), al.randn(16, requires_grad=True),
                al.randn(16, 4, requires_grad=True), al.randn(4, requires_grad=True)]

    x, y = al.randn(5, 8), al.randint(0, 4, (5,))
    cf = al.compile(step)
    for seed in (0, 1):
        pe, pc = params(seed), params(seed)
        le, lc = step(x, *pe, y), cf(x, *pc, y)
        _same(lc, le)
        le.backward()
        lc.backward()
        for a, b in zip(pc, pe):
            _same(a.grad, b.grad)
    # The second graph bakes in `scale`, a number read from the data: built again for the new
    # value, unfused (no C++ compilation) since its trace differs in a number only.
    assert cf.stats["segment_builds"] == 3 and cf.stats["segment_replays"] == 1
    assert not cf.graph(x, *params(2), y).graphs[1].groups
    assert cf.graph(x, *params(0), y).graphs[0].backward is not None


def test_gradients_through_an_eager_op_between_segments():
    def fn(x):
        y = x.exp()
        m = y[y > 1.0]  # no Meta rule for this shape: eager, with its own autograd
        return (m * y.sum()).sum()

    xe = al.tensor([-1.0, 0.5, 2.0], requires_grad=True)
    xc = al.tensor([-1.0, 0.5, 2.0], requires_grad=True)
    fn(xe).backward()
    al.compile(fn)(xc).backward()
    _same(xc.grad, xe.grad)


def test_fullgraph_still_raises_with_op_and_line():
    cf = al.compile(mid, fullgraph=True)
    with pytest.raises(GraphBreakError, match=rf"mid: graph break at Tensor.item\(\) "
                       rf"\({_line(mid, 3)}\)"):
        cf(al.ones(2), al.ones(2))


def _compare(fn, *args, grad=False):
    """fn compiled and eager on copies of args: same results, requires_grad and gradients."""
    ea = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
    ca = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
    al.manual_seed(0)
    want = fn(*ea)
    cf = al.compile(fn)
    al.manual_seed(0)
    got = cf(*ca)
    want, got = (list(r) if isinstance(r, (tuple, list)) else [r] for r in (want, got))
    for g, w in zip(got, want):
        _same(g, w)
        assert g.requires_grad == w.requires_grad
    if grad:
        sum(t.sum() for t in want).backward()
        sum(t.sum() for t in got).backward()
        for c, e in zip(ca, ea):
            if e.requires_grad:
                _same(c.grad, e.grad)
    assert cf.stats["split"] == 1
    return cf


def test_split_calls_keep_eager_semantics_in_corners():
    def multi_output(x):
        v, i = x.max(1)
        return v * i.sum().item(), i

    def in_place_on_intermediates(x):
        h = x * 2
        h.add_(1)
        h[0].fill_(0)
        return h + h.sum().item()

    def read_under_no_grad(x, w):
        h = x @ w
        with al.no_grad():
            m = h.abs().max().item()  # flushes while grad is off: h keeps its gradient
        return h / m

    def three_graphs(x, w):
        h = (x @ w).tanh()
        a = h.sum().item()
        h2 = (h * 2 + w.sum()).sigmoid()
        b = h2.mean().item()
        return (h2 * a + h * b + x @ w).sum()

    def dropout(x, w):
        h = F.dropout(x @ w, 0.5, training=True)  # a real draw, the same one as eager's
        return h * 2 if h.sum() > 0 else h

    x, w = al.randn(4, 5), al.randn(5, 3, requires_grad=True)
    _compare(multi_output, x)
    _compare(in_place_on_intermediates, x)
    for fn in (read_under_no_grad, three_graphs, dropout):
        _compare(fn, x, w, grad=True)


def test_tensors_that_escape_or_an_exception_leave_no_empty_tensor():
    kept = []

    def escapes(x):
        y = x.exp()
        kept.append(y * 2)
        return y if y.sum() > 0 else -y

    def raises(x):
        kept.append(x * 2)
        kept[-1].sum().item()
        kept.append(kept[-1] + 1)
        raise ValueError("boom")

    x = al.randn(3)
    compiled = al.compile(escapes), al.compile(raises)
    for _ in range(2):  # the first call's capture leaves its own data-less tensors in kept
        kept.clear()
        _same(compiled[0](x), escapes(x))
        kept.pop()  # the eager call's
        with pytest.raises(ValueError, match="boom"):
            compiled[1](x)
    assert len(kept) == 3
    _same(kept[0], x.exp() * 2)  # each kept tensor has eager's data, none is left empty
    _same(kept[1], x * 2)
    _same(kept[2], x * 2 + 1)


def test_training_a_module_through_a_split_step_matches_eager():
    from aten_lite import nn
    import copy

    def loss_of(m, x, y):
        loss = F.cross_entropy(m(x), y)
        return loss * 0 if loss.item() > 100 else loss  # a data-dependent guard

    al.manual_seed(0)
    eager = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 2))
    model = copy.deepcopy(eager)
    x, y = al.randn(4, 5), al.randint(0, 2, (4,))
    step = al.compile(loss_of)
    opts = [al.optim.SGD(m.parameters(), lr=0.1) for m in (eager, model)]
    for _ in range(4):
        for fn, m, opt in ((loss_of, eager, opts[0]), (step, model, opts[1])):
            opt.zero_grad()
            fn(m, x, y).backward()
            opt.step()
    for a, b in zip(model.parameters(), eager.parameters()):
        _same(a, b)
    assert step.stats["split"] == 4 and step.stats["segment_replays"] == 3


def test_hooks_and_retain_grad_on_intermediates_act_in_the_real_backward():
    calls = []

    def fn(x):
        y = x * 2
        y.register_hook(lambda g: calls.append(1) or g * 10)  # a break: y is made real first
        z = y.exp()
        z.retain_grad()
        return (z * 3).sum(), z

    grads = []
    for f in (fn, al.compile(fn)):
        calls.clear()
        x = al.tensor([0.1, 0.2, 0.3], requires_grad=True)
        loss, z = f(x)
        loss.backward()
        assert calls == [1]  # once, in this backward: not while capturing
        grads.append((x.grad, z.grad))
    for got, want in zip(grads[1], grads[0]):
        _same(got, want)


def test_recorded_geometry_follows_each_call_shapes_dtypes_and_numbers():
    # Note [Meta results] in aten_lite/compile/capture.py: a Meta answer kept from an earlier
    # call must serve only calls whose operands have the same geometry, dtype and numbers.
    def f(x, y, k):
        a = (x * k + y).relu()
        if a.sum() > 0:
            return a.sum(0), a * 2
        return a.sum(-1), a - 1

    cf = al.compile(f)
    rng = np.random.default_rng(3)
    cases = [((4, 3), (4, 3), np.float32, 2), ((4, 3), (3,), np.float32, 2),
             ((4, 3), (4, 3), np.float64, 2), ((4, 3), (4, 3), np.float32, 2.5),
             ((2, 5), (1, 5), np.float32, 2), ((4, 3), (3,), np.float32, -3)]
    for sx, sy, dt, k in cases * 2:
        x = al.from_numpy(rng.standard_normal(sx).astype(dt))
        y = al.from_numpy(rng.standard_normal(sy).astype(dt))
        for g, w in zip(cf(x, y, k), f(x, y, k)):
            assert g.shape == w.shape and g.dtype == w.dtype and g.stride() == w.stride()
            _same(g, w)
    x = al.from_numpy(rng.standard_normal((3, 3)).T.astype(np.float32))  # not contiguous
    for g, w in zip(cf(x, x, 2), f(x, x, 2)):
        assert g.shape == w.shape and g.stride() == w.stride()
        _same(g, w)
    # the dtype of a Python float follows the default dtype of each call
    n = al.from_numpy(np.arange(6, dtype=np.int64).reshape(2, 3))
    try:
        for d in (al.float32, al.float64, al.float32):
            al.set_default_dtype(d)
            for g, w in zip(cf(n, n, 2.5), f(n, n, 2.5)):
                assert g.dtype == w.dtype == d
                _same(g, w)
    finally:
        al.set_default_dtype(al.float32)
    # a shape that does not broadcast still raises eager's error, after cached answers
    with pytest.raises(RuntimeError) as want:
        f(al.ones(4, 3), al.ones(2), 2)
    with pytest.raises(RuntimeError) as got:
        cf(al.ones(4, 3), al.ones(2), 2)
    assert str(got.value) == str(want.value)


def test_break_lines_name_each_call_site_of_a_shared_helper():
    def helper(t):
        return t.sum().item()  # the break, reached from two lines of `two`

    def two(x):
        a = helper(x * 2)
        b = helper(x + 1)
        return x * (a + b)

    cf = al.compile(two)
    for _ in range(2):
        _same(cf(al.ones(3)), two(al.ones(3)))
        graph = cf.graph(al.ones(3))
        where = [w for _, w, _ in graph.breaks]
        assert where == [_line(helper, 1), _line(helper, 1)]
        assert [n.where for n in graph.graphs[0].nodes] == [_line(two, 1), _line(helper, 1)]
        assert [n.where for n in graph.graphs[1].nodes] == [_line(two, 2), _line(helper, 1)]
