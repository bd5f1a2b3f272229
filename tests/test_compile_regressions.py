"""Graph mode against eager in the corners of capture, split calls and compiled autograd:
views remade beside a built segment, ops that hand back their argument, failed captures,
output gradients the loss does not use, backward errors, forward-mode AD. The oracle is eager
aten_lite run on the same inputs, with NumPy for the values where a closed form exists."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile import GraphBreakError


def _np(t):
    return t.detach().numpy()


def _same(got, want):
    np.testing.assert_allclose(_np(got), _np(want), rtol=1e-5, atol=1e-6)


def _leaf(values):
    return al.tensor(values, requires_grad=True)


# ---- views of an argument beside a built segment ----


def test_views_of_an_argument_live_beside_a_computed_value_in_a_split_call():
    def fn(a):
        return a.t(), (a * 2).sum().item()

    def several(a):
        t1, t2 = a.t(), a.t()  # the same view twice: CSE would merge them
        s = (a * 2).sum().item()
        return t1, t2[0], a[1:], (t1 @ a).sum() * s  # a transpose folded into the product

    x = al.arange(6.0).reshape(2, 3)
    for f in (fn, several):
        cf = al.compile(f)
        for _ in range(2):  # built, then replayed from the segment cache
            got, want = cf(x), f(x)
            for g, w in zip(got, want):
                if isinstance(w, al.Tensor):
                    _same(g, w)
                else:
                    assert g == w
    t, s = al.compile(fn)(x)
    np.testing.assert_array_equal(_np(t), np.arange(6.0).reshape(2, 3).T)
    assert s == 30.0


def test_a_view_of_an_argument_beside_a_segment_carries_its_gradient():
    def fn(a):
        t = a.t()  # alive across the break: remade from the argument after the segment ran
        s = (a * 2).sum().item()
        return t * s, a.exp()

    xe, xc = _leaf([[1.0, 2.0], [3.0, 4.0]]), _leaf([[1.0, 2.0], [3.0, 4.0]])
    for x, f in ((xe, fn), (xc, al.compile(fn))):
        t, e = f(x)
        (t.sum() + e.sum()).backward()
    _same(xc.grad, xe.grad)
    np.testing.assert_allclose(_np(xc.grad), 20.0 + np.exp(_np(xe)), rtol=1e-6)


def _alias_beside_break(x):
    y = x * 2
    d = y.detach()  # an alias made without an op: the flush that fills y must fill it too
    k = y.sum().item()
    return d * k, y


def _alias_of_a_dead_view(x):
    d = (x * 2).t()[1].detach()  # the views it aliases are gone when the break fills x * 2
    k = x.sum().item()
    return d * k, d.tolist()


def _alias_returned_and_written(x):
    d = x.exp().data
    x.sum().item()
    d.add_(1)
    return d


@pytest.mark.parametrize("fn", [_alias_beside_break, _alias_of_a_dead_view,
                                _alias_returned_and_written])
def test_detached_aliases_of_values_computed_before_a_break(fn):
    results = []
    for f in (fn, al.compile(fn)):
        x = al.tensor([[0.5, 1.0, 2.0], [3.0, -1.0, 0.0]], requires_grad=True)
        out = f(x)
        outs = out if isinstance(out, tuple) else (out,)
        tensors = [o for o in outs if isinstance(o, al.Tensor)]
        live = [(o * (i + 2)).sum() for i, o in enumerate(tensors) if o.requires_grad]
        if live:
            sum(live).backward()
        results.append(([_np(o).tolist() if isinstance(o, al.Tensor) else o for o in outs],
                        [o.requires_grad for o in tensors],
                        None if x.grad is None else _np(x.grad).tolist()))
    assert results[1] == results[0]


# ---- ops that hand back their argument ----


@pytest.mark.parametrize("op", [
    lambda x: x.contiguous(), lambda x: x.float(), lambda x: x.to(al.float32),
    lambda x: x.type_as(x), lambda x: x.to(dtype=al.float32)])
def test_a_result_that_is_its_argument_keeps_the_arguments_gradient(op):
    a = al.ones(3, requires_grad=True)
    out = al.compile(op)(a)
    assert out is op(a) is a  # eager hands back the argument itself: so does the compiled call
    out.sum().backward()
    np.testing.assert_array_equal(_np(a.grad), np.ones(3))


@pytest.mark.parametrize("op", [
    lambda x: x.contiguous(), lambda x: x.float(), lambda x: x.to(al.float32),
    lambda x: x.type_as(x)])
def test_ops_that_hand_back_their_argument_inside_a_whole_graph(op):
    def fn(x):
        return (op(x) * 2).sum() + op(x.exp()).sum()

    xe, xc = _leaf([0.5, -1.0, 2.0]), _leaf([0.5, -1.0, 2.0])
    cf = al.compile(fn, fullgraph=True)
    for _ in range(2):
        xc.grad = None
        lc = cf(xc)
        lc.backward()
    fn(xe).backward()
    _same(lc, fn(xe))
    _same(xc.grad, xe.grad)
    assert cf.stats["captures"] == 1 and cf.stats["replays"] == 1 and cf.stats["eager"] == 0


@pytest.mark.parametrize("fn", [
    lambda x: x.detach(), lambda x: (x * 2, x.detach()),
    lambda x: (lambda y: (y, y.detach()))(x * 2), lambda x: (lambda y: (y.detach(), y))(x.exp())])
def test_a_detached_result_gets_no_gradient_even_beside_its_source(fn):
    results = []
    for f in (fn, al.compile(fn)):
        x = al.tensor([1.0, 2.0], requires_grad=True)
        out = f(x)
        outs = out if isinstance(out, tuple) else (out,)
        results.append([(o is x, o.requires_grad, o.grad_fn is None) for o in outs])
        live = [(o * (i + 2)).sum() for i, o in enumerate(outs) if o.requires_grad]
        if live:
            sum(live).backward()
        results[-1].append(None if x.grad is None else _np(x.grad).tolist())
    assert results[1] == results[0]


def test_an_op_handing_back_a_tensor_read_from_elsewhere():
    w = al.tensor([1.0, 2.0, 3.0])

    def fn(x):
        return w.float() is w, x * w.contiguous()

    same, y = al.compile(fn)(al.ones(3))
    assert same is True
    np.testing.assert_array_equal(_np(y), [1.0, 2.0, 3.0])


# ---- failed captures ----


def test_a_capture_that_fails_where_eager_works_is_remembered_and_named():
    runs = []

    def fn(a):  # the backward formula of exp reads v, which zero_ modified: capture fails
        runs.append(1)
        v = a.exp()
        v.zero_()
        return v * 3

    cf = al.compile(fn)
    a = al.ones(3, requires_grad=True)
    for _ in range(3):
        np.testing.assert_array_equal(_np(cf(a)), np.zeros(3))
    assert len(runs) == 4  # one capture, then three eager calls: never captured again
    assert cf.stats["eager"] == 3 and cf.stats["captures"] == 0
    with pytest.raises(GraphBreakError, match=r"capture failed: RuntimeError: .*modified by "
                       r"an inplace operation.*raised at "):
        al.compile(fn, fullgraph=True)(a)


# ---- output gradients the loss does not use ----


def _grads_of(fn, make_inputs, use, compiled):
    inputs = make_inputs()
    f = al.compile(fn) if compiled else fn
    outs = f(*inputs)
    sum(outs[i].sum() for i in use).backward()
    return [x.grad for x in inputs]


def _check_grads(fn, make_inputs, use):
    want = _grads_of(fn, make_inputs, use, compiled=False)
    got = _grads_of(fn, make_inputs, use, compiled=True)
    for g, w in zip(got, want):
        if w is None:
            assert g is None
        else:
            assert g is not None
            np.testing.assert_array_equal(_np(g), _np(w))  # nan where eager has nan
    return got


def test_an_unused_output_with_an_infinite_derivative_adds_nothing():
    def fn(a):
        return a.rsqrt(), a * 2

    got = _check_grads(fn, lambda: [_leaf([-1.0, 0.0, 4.0])], use=[1])
    np.testing.assert_array_equal(_np(got[0]), [2.0, 2.0, 2.0])
    # Both used: rsqrt's own nan and inf reach the gradient, in eager and compiled alike.
    _check_grads(fn, lambda: [_leaf([-1.0, 0.0, 4.0])], use=[0, 1])
    _check_grads(fn, lambda: [_leaf([-1.0, 0.0, 4.0])], use=[0])


def test_an_input_only_unused_outputs_reach_gets_no_gradient():
    def fn(a, b):
        return a.log(), b * 2, (a * b).sqrt()

    make = lambda: [_leaf([0.0, 1.0]), _leaf([3.0, 0.0])]  # noqa: E731
    got = _check_grads(fn, make, use=[1])
    assert got[0] is None  # as in eager: no gradient arrived at a
    np.testing.assert_array_equal(_np(got[1]), [2.0, 2.0])
    _check_grads(fn, make, use=[0])
    _check_grads(fn, make, use=[0, 1])


def test_an_unused_piece_of_a_multi_output_op_gets_zeros():
    def fn(a):
        y = a * a.rsqrt()
        p, q = y.chunk(2)
        return p, q

    got = _check_grads(fn, lambda: [_leaf([1.0, 4.0, 0.0, 9.0])], use=[0])
    np.testing.assert_allclose(_np(got[0])[:2], [0.5, 0.25])
    # Eager's engine runs chunk's backward with zeros for q, which meet rsqrt's inf at 0.
    assert np.isnan(_np(got[0])[2]) and _np(got[0])[3] == 0.0


def test_unused_locals_of_a_split_call_add_nothing():
    def fn(a):
        r = a.rsqrt()  # alive across the break: r and b are outputs of the first segment
        b = a * 3
        k = b.sum().item()
        return r, b * k

    got = _check_grads(fn, lambda: [_leaf([-1.0, 0.0, 4.0])], use=[1])
    np.testing.assert_array_equal(_np(got[0]), [27.0, 27.0, 27.0])


def _split_max_sum(a):
    m = a.amax(-1)
    a.amin().item()  # a graph break: every local alive after it is an output of the segment
    three = m * 3
    s = a.sum(0)  # an unused local: a view (expand) of its gradient sum is the input's
    return s * m, three, s


def _split_views(a):
    b = a * 2
    k = b.sum().item()
    r = b.reshape(-1)
    t = (b + k).exp()
    return r, t.reshape(2, 2), b.sum(0) * t[0], b


def _split_rsqrt(a):
    r = a.rsqrt()
    u = a.abs().sum()
    u.item()
    return r, u * a, (a * u).sum(0, keepdim=True).expand(3)


_SPLIT_FUNCTIONS = [(_split_max_sum, [0.5, -1.0, 2.0]),
                    (_split_views, [[0.5, -1.0], [2.0, 0.25]]),
                    (_split_rsqrt, [4.0, 0.0, 1.0])]


@pytest.mark.parametrize("fn,values", _SPLIT_FUNCTIONS, ids=lambda p: getattr(p, "__name__", ""))
def test_every_subset_of_a_split_calls_outputs_in_the_loss(fn, values):
    # Each used output weighted differently, so gradients mixed up between outputs show.
    n = len(fn(al.tensor(values, dtype=al.float64)))
    cf = al.compile(fn)
    for use in itertools.chain.from_iterable(itertools.combinations(range(n), k)
                                             for k in range(1, n + 1)):
        grads = []
        for f in (fn, cf, cf):  # the second compiled call replays the cached segments
            a = al.tensor(values, dtype=al.float64, requires_grad=True)
            outs = f(a)
            sum((outs[i] * (1.0 + 10 * i)).sum() for i in use).backward()
            grads.append(a.grad)
        for g in grads[1:]:
            assert (g is None) == (grads[0] is None), use
            if g is not None:
                np.testing.assert_array_equal(_np(g), _np(grads[0]), err_msg=str(use))


def test_one_call_backpropagated_through_different_outputs():
    def fn(a):
        return a.rsqrt(), a * 2, a.exp()

    cf = al.compile(fn)
    for _ in range(2):  # the second call finds the specialised backward plans cached
        a, ae = _leaf([0.0, 1.0]), _leaf([0.0, 1.0])
        outs, oe = cf(a), fn(ae)
        for use in ([1], [2], [1, 2], [0, 1, 2]):
            a.grad = ae.grad = None
            sum(outs[i].sum() for i in use).backward(retain_graph=True)
            sum(oe[i].sum() for i in use).backward(retain_graph=True)
            np.testing.assert_array_equal(_np(a.grad), _np(ae.grad))


# ---- errors of a backward formula ----


def test_a_saved_tensor_modified_in_place_fails_in_backward_as_in_eager():
    def fn(a):
        v = a.exp()
        v.zero_()
        return v, a[0]

    a, ae = al.ones(3, requires_grad=True), al.ones(3, requires_grad=True)
    v, first = al.compile(fn)(a)  # the forward works, as eager's does
    ve, fe = fn(ae)
    _same(v, ve)
    _same(first, fe)
    first.backward()
    fe.backward()
    _same(a.grad, ae.grad)
    with pytest.raises(RuntimeError) as eager_error:
        ve.sum().backward()
    with pytest.raises(RuntimeError) as compiled_error:
        v.sum().backward()
    assert str(compiled_error.value) == str(eager_error.value)
    assert "modified by an inplace operation" in str(eager_error.value)


# ---- forward-mode AD ----


def test_jvp_through_a_compiled_function_carries_the_tangent():
    x, v = al.tensor([0.0, 1.0, 2.0]), al.tensor([1.0, 0.5, -1.0])
    fn = lambda x: x.sin() * 2  # noqa: E731
    cf = al.compile(fn)
    _, t = al.func.jvp(cf, (x,), (v,))
    np.testing.assert_allclose(_np(t), 2 * np.cos(_np(x)) * _np(v), rtol=1e-6)
    _same(t, al.func.jvp(fn, (x,), (v,))[1])
    assert cf.stats["eager"] == 1
    _same(cf(x), fn(x))  # outside the dual level: captured as usual
    assert cf.stats["captures"] == 1


def test_jacfwd_hessian_and_hvp_through_a_compiled_function():
    x = al.tensor([0.3, -0.7, 1.1])
    xn = _np(x)
    fn = lambda x: (x.sin() * x).sum()  # noqa: E731
    cf = al.compile(fn)
    grad = np.cos(xn) * xn + np.sin(xn)
    hess = np.diag(-np.sin(xn) * xn + 2 * np.cos(xn))
    np.testing.assert_allclose(_np(al.func.jacfwd(cf)(x)), grad, rtol=1e-5)
    np.testing.assert_allclose(_np(al.func.hessian(cf)(x)), hess, rtol=1e-5, atol=1e-6)
    v = al.tensor([1.0, 2.0, 3.0])
    _, (hv,) = al.func.hvp(cf, (x,), (v,))
    np.testing.assert_allclose(_np(hv), hess @ _np(v), rtol=1e-5)
    np.testing.assert_allclose(_np(al.func.jacrev(cf)(x)), grad, rtol=1e-5)


def test_forward_over_a_compiled_backward_carries_the_cotangents_tangent():
    x = al.tensor([0.5, 1.0, 2.0])
    fn = lambda x: (x.exp() * 3, x.sin())  # noqa: E731
    cot = (al.tensor([1.0, -1.0, 2.0]), al.tensor([0.5, 0.5, 0.5]))
    dcot = (al.tensor([0.25, 1.0, -2.0]), al.tensor([1.0, 0.0, 3.0]))
    results = []
    for f in (fn, al.compile(fn)):  # the vjp runs outside any dual level: compiled
        _, vjp_fn = al.func.vjp(f, x)
        results.append(al.func.jvp(lambda *c: vjp_fn(c), cot, dcot))
    (pe, te), (pc, tc) = results
    _same(pc[0], pe[0])
    _same(tc[0], te[0])
    xn = _np(x)
    np.testing.assert_allclose(_np(tc[0]), 3 * np.exp(xn) * _np(dcot[0])
                               + np.cos(xn) * _np(dcot[1]), rtol=1e-5)


# ---- results written in place after the call ----


def _grads_after_write(fn, values, write, loss):
    """The argument's gradient, eager then compiled (built, then replayed), after ``write``
    ran on the results and ``loss`` of them was backpropagated."""
    grads = []
    cf = al.compile(fn)
    for f in (fn, cf, cf):
        a = al.tensor(values, dtype=al.float64, requires_grad=True)
        outs = f(a)
        write(outs)
        loss(outs).backward()
        grads.append(_np(a.grad))
    return grads


def test_a_view_result_follows_its_base_result_written_in_place():
    def fn(x):
        y = x * 2
        return y.reshape(-1), y

    grads = _grads_after_write(fn, [1.0, 2.0, 3.0], lambda o: o[1].mul_(3),
                               lambda o: o[0].sum() + 10 * o[1].sum())
    # v is y rebased on the write: d/dx (3 * 2x + 10 * 3 * 2x) = 66.
    for g in grads:
        np.testing.assert_array_equal(g, [66.0, 66.0, 66.0])


def test_a_transposed_result_replayed_on_arrays_keeps_its_base():
    # The replay runs mm and t on NumPy arrays (Note [Array-level replay]); the transposed
    # result is still a view of the product, so a write into either reaches the other's
    # gradient. Oracle: eager, and the closed form through the written product.
    def fn(a, b):
        p = a @ b
        return p.t(), p

    rng = np.random.default_rng(0)
    a0, b0, w = rng.standard_normal((2, 3)), rng.standard_normal((3, 2)), \
        rng.standard_normal((2, 2))
    cf = al.compile(fn)
    for written in (0, 1):
        grads = []
        for f in (fn, cf, cf):
            a = al.tensor(a0, requires_grad=True)
            b = al.tensor(b0, requires_grad=True)
            outs = f(a, b)
            outs[written].mul_(1.5)
            ((outs[0] * al.tensor(w)).sum() + 2 * (outs[1] * al.tensor(w)).sum()).backward()
            grads.append((_np(a.grad), _np(b.grad)))
        g = 1.5 * (w.T + 2 * w)  # the gradient of the product, written by 1.5 either way
        for ga, gb in grads:
            np.testing.assert_allclose(ga, g @ b0.T, rtol=1e-12)
            np.testing.assert_allclose(gb, a0.T @ g, rtol=1e-12)


def test_views_of_a_value_the_call_did_not_return_follow_a_write_into_one_of_them():
    def fn(x):
        y = x * 2
        return y[1:], y[:2]

    grads = _grads_after_write(fn, [1.0, 2.0, 3.0], lambda o: o[0].mul_(3),
                               lambda o: o[0].sum() + 10 * o[1].sum())
    # y[1] was tripled through the first view, which the second one sees.
    for g in grads:
        np.testing.assert_array_equal(g, [20.0, 66.0, 6.0])


def test_a_view_result_of_a_split_call_follows_its_base_written_in_place():
    def fn(x):
        y = x * 2
        v = y.reshape(-1)
        y.sum().item()  # a graph break: v and y are outputs of the first segment
        return v, y

    grads = _grads_after_write(fn, [1.0, 2.0, 3.0], lambda o: o[1].mul_(3),
                               lambda o: o[0].sum() + 10 * o[1].sum())
    for g in grads:
        np.testing.assert_array_equal(g, [66.0, 66.0, 66.0])


# ---- gradients that are zeros, not absent ----


def test_a_gradient_through_zero_is_zeros_in_a_split_call():
    def fn(x):
        if x.amax() > 0:  # a graph break
            v = x.tanh() * 2
        else:
            v = x * 2
        v.zero_()
        return (v.tanh() * 2).sum(0, keepdim=True)

    grads = _grads_after_write(fn, [1.0, -2.0, 3.0], lambda o: None, lambda o: o.sum())
    for g in grads:  # eager's engine runs zero_'s backward, which makes zeros
        np.testing.assert_array_equal(g, [0.0, 0.0, 0.0])


def test_a_gradient_through_zero_of_one_output_is_zeros_when_the_other_is_unused():
    def fn(x):
        v = x * 2
        v.zero_()
        return v.sum(0), x.rsqrt()

    for use in ([0], [1], [0, 1]):
        _check_grads(fn, lambda: [al.tensor([1.0, 4.0], dtype=al.float64,
                                            requires_grad=True)], use)


def test_zeros_made_from_a_gradient_meet_an_infinite_derivative_as_in_eager():
    # zero_'s backward makes zeros_like(grad), which log's backward divides by 0 at 0 (nan)
    # and relu's passes on: eager's engine runs both only when the zeroed output's gradient
    # arrives, whatever becomes of the other output's.
    def fn(x):
        v = x.relu().log()
        v.zero_()
        return v, x * 1

    make = lambda: [al.tensor([-1.0, 0.0, 2.0], dtype=al.float64,  # noqa: E731
                              requires_grad=True)]
    both = _check_grads(fn, make, use=[0, 1])
    np.testing.assert_array_equal(_np(both[0]), [np.nan, np.nan, 1.0])
    zeroed = _check_grads(fn, make, use=[0])
    np.testing.assert_array_equal(_np(zeroed[0]), [np.nan, np.nan, 0.0])
    other = _check_grads(fn, make, use=[1])
    np.testing.assert_array_equal(_np(other[0]), [1.0, 1.0, 1.0])


def test_zeros_made_from_a_gradient_read_a_value_written_in_place_as_in_eager():
    # div's backward reads v0 for c's gradient even where its own gradient is zero_'s
    # zeros_like: eager's engine runs it (the concatenation's gradient arrives), finds v0
    # written, and raises; so must the compiled call.
    c = al.tensor([0.5, -2.0, 1.0], dtype=al.float64, requires_grad=True)

    def fn(x):
        v0 = al.maximum(x, c)
        v1 = v0 / (c.abs() + 1)
        v1.zero_()
        return al.cat([v1, v0]), v0, x

    def error(f, use):
        a = al.tensor([0.5, -1.0, 2.0], dtype=al.float64, requires_grad=True)
        outs = f(a * 1)
        outs[1].mul_(1.5)
        try:
            sum(outs[i].sum() for i in use).backward()
        except RuntimeError as e:
            return str(e)
        return None

    cf = al.compile(fn)
    for use in ([0], [0, 1], [0, 2], [0, 1, 2], [1], [2], [1, 2]):
        want, got = error(fn, use), error(cf, use)
        assert (want is None) == (0 not in use)
        assert (got is None) == (want is None), (use, want, got)
        assert got is None or "modified by an inplace operation" in got


def _backward_error(f, write, use):
    """The error of backpropagating the results ``use`` after ``write``, or None."""
    a = al.tensor([0.5, -1.0, 2.0], dtype=al.float64, requires_grad=True)
    outs = f(a)
    write(outs)
    try:
        sum(outs[i].sum() for i in use).backward()
    except RuntimeError as e:
        return str(e)
    return None


def test_a_saved_value_whose_gradient_is_discarded_is_still_checked_as_in_eager():
    # maximum's backward reads v, then zero_'s backward discards its result (zeros_like):
    # eager's engine runs maximum's node all the same, which finds v written.
    def fn(x):
        v = x * 2
        v.zero_()
        return al.maximum(v, al.tensor([0.0, 1.0, -1.0], dtype=al.float64)), v

    cf = al.compile(fn)
    for f in (cf, cf):
        want = _backward_error(fn, lambda o: o[1].mul_(1.5), [0])
        got = _backward_error(f, lambda o: o[1].mul_(1.5), [0])
        assert want is not None and "modified by an inplace operation" in want
        assert got is not None and "modified by an inplace operation" in got


def test_a_saved_value_only_an_unused_output_reads_is_not_checked():
    def fn(x):
        a = x * 3
        return a, a.sin(), x * 2

    cf = al.compile(fn)
    for use in ([2], [1], [1, 2]):  # sin's backward reads a only when its gradient arrives
        want = _backward_error(fn, lambda o: o[0].mul_(1.5), use)
        got = _backward_error(cf, lambda o: o[0].mul_(1.5), use)
        assert (want is None) == (1 not in use)
        assert (got is None) == (want is None)
        assert got is None or "modified by an inplace operation" in got


def test_a_dead_write_into_an_expanded_tensor_raises_as_eagerly():
    # The write's result is never read, so DCE would drop it with the kernel's refusal; the
    # refusal is made at capture instead (Meta rules cannot see it).
    def f(x):
        v = (x + 1).unsqueeze(0).expand(2, 3)
        v.add_(1)
        return x * 2

    messages = []
    for g in (f, al.compile(f)):
        with pytest.raises(RuntimeError, match="refers to a single memory location") as info:
            g(al.ones(3))
        messages.append(str(info.value))
    assert messages[0] == messages[1]
