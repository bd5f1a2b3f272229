"""A value a compiled call's backward reads, written in place after the call: the backward
raises eager's error instead of differentiating with the new data (a silent wrong gradient,
found by tests/compile_fuzz.py). The oracle is eager aten_lite."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al


def _outcome(fn, write):
    x = al.tensor([0.5, 1.0, -2.0], dtype=al.float64, requires_grad=True)
    y = fn(x)
    write(y, x)
    try:
        y.sum().backward()
    except RuntimeError as e:
        return "raises", str(e)
    return "grad", x.grad.numpy().copy()


def _whole(x):
    return x.tanh()  # tanh's backward reads its result


def _split(x):
    y = x.tanh()
    y.sum().item()  # a graph break: the call runs split, y filled by the segment
    return y


def _split_then_write(x):
    y = x.tanh()
    y.sum().item()
    y.mul_(2.0)  # the write is inside the function, after the break
    return y


@pytest.mark.parametrize("fn", [_whole, _split])
def test_writing_a_saved_result_after_the_call_raises_at_backward(fn):
    def double(y, x):
        y.mul_(2.0)

    want = _outcome(fn, double)
    got = _outcome(al.compile(fn), double)
    assert want[0] == got[0] == "raises"
    assert "modified by an inplace operation" in got[1]
    assert "CompiledFunctionBackward" in got[1]


def test_writing_a_saved_result_after_a_break_raises_at_backward():
    def nothing(y, x):
        pass

    want = _outcome(_split_then_write, nothing)
    cf = al.compile(_split_then_write)
    got = _outcome(cf, nothing)
    assert want[0] == got[0] == "raises" and cf.stats["split"] == 1


def test_unwritten_results_and_writes_to_unsaved_values_keep_their_gradients():
    def g(x):
        return x * 3, x.tanh()  # mul by a number saves nothing of its result

    def first_doubled(y, x):
        y.mul_(2.0)

    cf = al.compile(g)
    for f in (g, cf, cf):  # capture, then replay
        x = al.tensor([0.5, 1.0], dtype=al.float64, requires_grad=True)
        a, b = f(x)
        a.mul_(2.0)
        (a.sum() + b.sum()).backward()
        np.testing.assert_allclose(x.grad.numpy(), 6 + 1 - np.tanh([0.5, 1.0]) ** 2)


def test_a_saved_value_only_an_unused_result_needs_may_be_written():
    def g(x):
        a = x.log_softmax(-1)  # its backward reads a
        b = x + 0.5
        b.sum().item()  # a break: a and b come from one segment with one backward node
        a.mul_(2.0)
        return a, b

    for f in (g, al.compile(g)):
        x = al.tensor([[0.5, 1.0], [2.0, -1.0]], dtype=al.float64, requires_grad=True)
        a, b = f(x)
        b.sum().backward()  # eager never runs a's backward, which would raise
        np.testing.assert_allclose(x.grad.numpy(), np.ones((2, 2)))


def test_writing_a_view_of_a_saved_value_raises_at_backward():
    def g(x):
        m = x.amax(0, keepdim=True)  # amax's backward reads its result m
        return m[:, ::2], x * 2

    def write_view(outs, x):
        outs[0].mul_(2.0)

    for f in (g, al.compile(g), al.compile(g)):
        x = al.tensor([[0.5, 1.0, 3.0], [2.0, -1.0, 0.0]], dtype=al.float64,
                      requires_grad=True)
        outs = f(x)
        write_view(outs, x)
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            (outs[0].sum() + outs[1].sum()).backward()
