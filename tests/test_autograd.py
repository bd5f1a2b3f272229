"""Autograd behaviour a PyTorch user relies on: the engine, saved tensors, modes, hooks,
in-place rules and higher-order gradients. Oracles are NumPy formulas written by hand."""

from __future__ import annotations

import gc
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.autograd import kernel as autograd_kernel


def leaf(values, dtype=al.float32):
    return al.tensor(values, dtype=dtype, requires_grad=True)


def close(t, expected, rtol=1e-6):
    np.testing.assert_allclose(t.detach().numpy(), np.asarray(expected), rtol=rtol, atol=1e-6)


# ---- the engine ----


def test_backward_of_a_square():
    x = leaf([1.0, -2.0, 3.0])
    (x * x).sum().backward()
    close(x.grad, [2.0, -4.0, 6.0])


def test_a_tensor_used_many_times_accumulates():
    x = leaf([1.0, 2.0])
    y = x * x + x * 3 + x
    y.sum().backward()
    close(x.grad, 2 * np.array([1.0, 2.0]) + 4)


def test_leaf_grad_accumulates_across_backwards():
    x = leaf([1.0, 2.0])
    (x * 2).sum().backward()
    (x * 3).sum().backward()
    close(x.grad, [5.0, 5.0])


def test_grad_is_not_shared_between_leaves():
    # add passes one gradient tensor to both inputs; each leaf must own its .grad.
    a, b = leaf([1.0]), leaf([2.0])
    (a + b).sum().backward()
    a.grad.add_(al.tensor([10.0]))
    close(b.grad, [1.0])


def test_a_fresh_gradient_given_to_two_leaves_is_owned_by_each():
    # mul's gradient is a new tensor, which add hands to both inputs (Note [Stealing the
    # gradient] in aten_lite/autograd/engine.py): neither leaf may keep it as is.
    a, b = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    ((a + b) * 3.0).backward(al.ones(2))
    a.grad.add_(al.tensor([10.0, 10.0]))
    close(b.grad, [3.0, 3.0])
    close(a.grad, [13.0, 13.0])


def test_a_gradient_someone_else_holds_is_copied_into_grad():
    x = leaf([1.0, 2.0])
    g = al.tensor([5.0, 6.0])
    x.backward(g)  # the root gradient of a leaf is the user's tensor
    g.add_(al.tensor([1.0, 1.0]))
    close(x.grad, [5.0, 6.0])
    kept = []
    y = leaf([1.0, 2.0])
    y.register_hook(lambda grad: kept.append(grad))
    (y * 2.0).backward(al.ones(2))
    y.grad.zero_()
    close(kept[0], [2.0, 2.0])


def test_a_gradient_a_function_returns_from_its_state_is_copied():
    held = al.tensor([7.0, 8.0])

    class Fixed(al.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x.clone()

        @staticmethod
        def backward(ctx, grad):
            return held

    x = leaf([1.0, 2.0])
    Fixed.apply(x).sum().backward()
    x.grad.add_(al.tensor([1.0, 1.0]))
    close(held, [7.0, 8.0])


def test_an_unshared_gradient_becomes_grad_without_a_copy():
    # As torch's AccumulateGrad: mm's weight gradient is stored as it comes, no clone.
    x, w = al.randn(4, 3), al.randn(3, 5, requires_grad=True)
    y = x @ w
    with al.trace_dispatch() as trace:
        y.backward(al.ones(4, 5))
    assert "clone" not in [r.op for r in trace.records]
    close(w.grad, x.numpy().T @ np.ones((4, 5)), rtol=1e-5)
    assert w.grad.is_contiguous()


def test_broadcast_gradients_are_summed_to_the_input_shape():
    a = leaf([1.0, 2.0, 3.0])  # (3,)
    b = leaf([[1.0], [2.0]])  # (2, 1)
    c = leaf(np.ones((2, 3)))
    (a * b * c).sum().backward()
    assert a.grad.shape == (3,) and b.grad.shape == (2, 1) and c.grad.shape == (2, 3)
    close(a.grad, [3.0, 3.0, 3.0])
    close(b.grad, [[6.0], [6.0]])
    close(c.grad, np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]]))


def test_gradients_are_cast_to_the_input_dtype():
    a = leaf([1.0, 2.0], dtype=al.float32)
    b = leaf([3.0, 4.0], dtype=al.float64)
    out = a * b
    assert out.dtype == al.float64
    out.sum().backward()
    assert a.grad.dtype == al.float32 and b.grad.dtype == al.float64
    close(a.grad, [3.0, 4.0])


def test_python_numbers_as_operands():
    x = leaf([1.0, 2.0])
    (2 * x + 1 - x / 4).sum().backward()
    close(x.grad, [1.75, 1.75])


def test_next_functions_and_names():
    x = leaf([1.0])
    y = (x * 2).exp()
    assert y.grad_fn.name() == "ExpBackward0"
    (mul, nr), = y.grad_fn.next_functions
    assert mul.name() == "MulBackward0" and nr == 0
    acc, _ = mul.next_functions[0]
    assert acc.name() == "AccumulateGrad" and acc.variable is x
    assert mul.next_functions[1] == (None, 0)


def test_a_100000_op_chain_does_not_hit_the_recursion_limit():
    x = leaf([0.5])
    y = x
    for _ in range(100_000):
        y = y * 1.0
    y.sum().backward()
    close(x.grad, [1.0])
    del y
    gc.collect()


def test_backward_needs_a_gradient_for_non_scalars():
    y = leaf([1.0, 2.0]) * 2
    with pytest.raises(RuntimeError) as e:
        y.backward()
    assert str(e.value) == ("grad can be implicitly created only for scalar outputs; pass "
                            "gradient= (a tensor of shape [2]) to backward a tensor of 2 elements")
    y.backward(al.tensor([1.0, 10.0]))


def test_backward_gradient_shape_must_match():
    y = leaf([1.0, 2.0]) * 2
    with pytest.raises(RuntimeError) as e:
        y.backward(al.ones(3))
    assert str(e.value) == ("Mismatch in shape: grad_output[0] has a shape of [3] and "
                            "output[0] has a shape of [2].")


def test_backward_of_a_tensor_without_grad():
    with pytest.raises(RuntimeError) as e:
        al.ones(1).backward()
    assert str(e.value) == "element 0 of tensors does not require grad and does not have a grad_fn"


def test_second_backward_without_retain_graph_raises():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError) as e:
        y.backward()
    assert str(e.value) == (
        "Trying to backward through the graph a second time (SumBackward0 was already run and "
        "its saved values freed). Call .backward(retain_graph=True) or autograd.grad(..., "
        "retain_graph=True) the first time if you need to backward through the graph again.")


def test_retain_graph_allows_a_second_backward():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    close(x.grad, [4.0, 8.0])


# ---- autograd.grad ----


def test_grad_returns_without_touching_dot_grad():
    x, w = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    (gx,) = al.autograd.grad((x * w).sum(), x)
    close(gx, [3.0, 4.0])
    assert x.grad is None and w.grad is None


def test_grad_with_grad_outputs_for_several_outputs():
    x = leaf([1.0, 2.0])
    a, b = x * 2, x * x
    ga, gb = al.tensor([1.0, 10.0]), al.tensor([0.5, 2.0])
    (gx,) = al.autograd.grad([a, b], [x], grad_outputs=[ga, gb], retain_graph=True)
    close(gx, [1.0 * 2 + 0.5 * 2, 10.0 * 2 + 2.0 * 4])
    (gx,) = al.autograd.grad(a, x, ga)  # the graph was kept for this second call
    close(gx, [2.0, 20.0])
    with pytest.raises(ValueError) as e:
        al.autograd.grad([a, b], [x], grad_outputs=[ga])
    assert str(e.value) == ("grad_outputs has 1 entries but there are 2 outputs; give one "
                            "gradient per output")


def test_grad_with_respect_to_a_non_leaf():
    x = leaf([1.0, 2.0])
    h = x * 3
    (gh,) = al.autograd.grad((h * h).sum(), h)
    close(gh, [6.0, 12.0])


def test_grad_unused_input():
    x, z = leaf([1.0]), leaf([2.0])
    y = (x * 2).sum()
    with pytest.raises(RuntimeError) as e:
        al.autograd.grad(y, [x, z], retain_graph=True)
    assert str(e.value) == (
        "One of the differentiated Tensors appears to not have been used in the graph. "
        "Set allow_unused=True if this is the desired behavior.")
    gx, gz = al.autograd.grad(y, [x, z], allow_unused=True)
    close(gx, [2.0])
    assert gz is None


def test_grad_input_must_require_grad():
    x = leaf([1.0])
    with pytest.raises(RuntimeError) as e:
        al.autograd.grad((x * 2).sum(), al.ones(1))
    assert str(e.value) == "One of the differentiated Tensors does not require grad"


def test_double_backward_with_create_graph():
    x = leaf([0.5, -1.5], dtype=al.float64)
    y = (x * x * x).sum()
    (g,) = al.autograd.grad(y, x, create_graph=True)
    close(g, 3 * np.array([0.5, -1.5]) ** 2)
    assert g.requires_grad
    (gg,) = al.autograd.grad(g.sum(), x)
    close(gg, 6 * np.array([0.5, -1.5]))


def test_double_backward_through_saved_results():
    x = leaf([0.3, -0.2], dtype=al.float64)
    (g,) = al.autograd.grad(x.exp().sum(), x, create_graph=True)
    g.sum().backward()
    close(x.grad, np.exp([0.3, -0.2]))


# ---- what requires grad ----


def test_integer_tensors_cannot_require_grad():
    with pytest.raises(RuntimeError) as e:
        al.tensor([1, 2]).requires_grad_()
    assert str(e.value) == "only Tensors of floating point dtype can require gradients, got int64"


def test_non_differentiable_outputs_never_require_grad():
    x = leaf([1.0, -2.0, 3.0])
    assert not (x > 0).requires_grad
    assert not x.argmax().requires_grad
    values, indices = x.max(0)
    assert values.requires_grad and not indices.requires_grad


def test_results_require_grad_and_have_history():
    x = leaf([1.0])
    y = x * 2
    assert y.requires_grad and not y.is_leaf and y.grad_fn is not None
    assert x.is_leaf and x.grad_fn is None


def test_no_grad_records_nothing_and_enable_grad_inside_it():
    x = leaf([1.0])
    with al.no_grad():
        y = x * 2
        with al.enable_grad():
            z = x * 2
    assert not y.requires_grad and y.grad_fn is None
    assert z.requires_grad


def test_grad_mode_switches_as_decorators():
    @al.no_grad()
    def called():
        return al.is_grad_enabled()

    @al.no_grad  # torch allows the bare form too
    def bare():
        return al.is_grad_enabled()

    @al.enable_grad
    def enabled():
        return al.is_grad_enabled()

    @al.set_grad_enabled(False)
    def disabled():
        return al.is_grad_enabled()

    assert al.is_grad_enabled()  # decorating switches nothing
    assert (called(), bare(), disabled()) == (False, False, False)
    with al.no_grad():
        assert enabled() and not al.is_grad_enabled()
    assert al.is_grad_enabled()
    assert called.__name__ == "called"
    with pytest.raises(TypeError) as e:
        al.no_grad(3)
    assert str(e.value) == "no_grad decorates a function, got 3"


def test_set_grad_enabled_as_a_function_and_a_context_manager():
    try:
        al.set_grad_enabled(False)
        assert not al.is_grad_enabled()
        assert not (leaf([1.0]) * 2).requires_grad
        with al.set_grad_enabled(True):
            assert (leaf([1.0]) * 2).requires_grad
        assert not al.is_grad_enabled()
    finally:
        al.set_grad_enabled(True)
    with pytest.raises(TypeError) as e:
        al.set_grad_enabled(0)
    assert str(e.value) == "set_grad_enabled expects a bool, got int 0"


def test_grad_mode_is_thread_local():
    import threading

    seen = {}

    def other(tag):
        y = leaf([1.0]) * 2
        seen[tag] = (al.is_grad_enabled(), y.requires_grad)
        with al.no_grad():
            seen[tag + " inside"] = al.is_grad_enabled()

    with al.no_grad():  # this thread's no_grad leaves a new thread recording
        t = threading.Thread(target=other, args=("under main no_grad",))
        t.start()
        t.join()
    t = threading.Thread(target=other, args=("plain",))
    t.start()
    t.join()
    assert seen == {"under main no_grad": (True, True), "under main no_grad inside": False,
                    "plain": (True, True), "plain inside": False}
    assert al.is_grad_enabled()  # the other thread's no_grad did not leak here


def test_autograd_key_is_skipped_when_nothing_requires_grad():
    x = al.ones(2)
    with al.trace_dispatch() as trace:
        x * 2
        leaf([1.0]) * 2
    keys = [r.key for r in trace]
    assert keys[0] == "CPU" and "Autograd" in keys


def test_op_without_a_formula_fails_only_in_backward(monkeypatch):
    monkeypatch.delitem(autograd_kernel._RECORDERS, "exp")
    x = leaf([1.0, 2.0])
    y = x.exp()  # the forward still works
    close(y, np.exp([1.0, 2.0]))
    assert y.requires_grad and y.grad_fn.name() == "NotImplementedBackward"
    with pytest.raises(RuntimeError) as e:
        y.sum().backward()
    assert str(e.value) == "derivative for 'exp' is not implemented; add it to derivatives.yaml"


def _spying(make, seen):
    """A recorder maker that notes each call of the op, then records as ``make``'s does."""
    def spying(op):
        record = make(op)

        def kernel(*args):
            seen.append(op.name)
            return record(*args)

        return kernel

    return spying


def test_a_recorder_set_later_is_the_op_kernel_at_once(monkeypatch):
    # Recorders are bound into the op tables (Note [Recorders are the kernels]): a change of
    # _RECORDERS, as an op library's load makes, rebinds the op, and undoing it rebinds back.
    seen = []
    make = autograd_kernel._RECORDERS["exp"]
    spying = _spying(make, seen)

    monkeypatch.setitem(autograd_kernel._RECORDERS, "exp", spying)
    x = leaf([1.0, 2.0])
    y = x.exp()
    assert seen == ["exp"] and y.grad_fn.name() == "ExpBackward0"
    y.sum().backward()
    close(x.grad, np.exp([1.0, 2.0]))
    monkeypatch.undo()
    assert x.exp().grad_fn.name() == "ExpBackward0" and seen == ["exp"]


def test_every_way_of_changing_the_recorders_rebinds_the_op():
    # update, setdefault, |=, popitem and clear change the dict as item assignment does, so
    # each must rebind too (update used to leave the old recorder in the table).
    table = autograd_kernel._RECORDERS
    make = table["exp"]
    seen = []
    spying = _spying(make, seen)

    x = leaf([1.0, 2.0])
    try:
        table.update({"exp": spying})
        x.exp()
        assert seen == ["exp"]
        table |= {"exp": make}
        x.exp()
        assert seen == ["exp"]
        del table["exp"]
        table.setdefault("exp", spying)
        x.exp()
        assert seen == ["exp", "exp"]
    finally:
        table["exp"] = make
    x.exp()
    assert seen == ["exp", "exp"] and x.exp().grad_fn.name() == "ExpBackward0"


def test_saved_values_are_checked_as_before_with_the_checks_in_line():
    # The generated nodes test versions in line (Note [Helpers in line]); the helpers still
    # raise the messages: a saved input, a saved output, and an element of a saved list.
    x = leaf([1.0, 2.0])
    a, b = x * 1, x * 1
    y = a * b
    b.add_(1)
    with pytest.raises(RuntimeError, match=r"is at version 1; expected version 0 instead. Hint: "
                       r"MulBackward0 saved it as 'other'"):
        y.sum().backward()
    t = x.tanh()
    t.add_(1)
    with pytest.raises(RuntimeError, match=r"output 0 of TanhBackward0, is at version 1; "
                       r"expected version 0 instead"):
        t.sum().backward()
    idx = al.tensor([1, 0])
    picked = x[idx]
    idx[0] = 0
    with pytest.raises(RuntimeError, match=r"\[aten_lite.int64 \[2\]\] is at version 1; expected "
                       r"version 0 instead. Hint: IndexBackward0 saved it as 'indices'"):
        picked.sum().backward()


def test_out_variants_refuse_inputs_that_require_grad():
    x = leaf([1.0])
    with pytest.raises(RuntimeError) as e:
        al.exp(x, out=al.empty(1))
    assert str(e.value) == ("exp(): functions with out=... arguments don't support automatic "
                            "differentiation, but one of the arguments requires grad.")


def test_detach_shares_data_but_not_history():
    x = leaf([1.0, 2.0])
    y = x * 2
    d = y.detach()
    assert not d.requires_grad and d.grad_fn is None
    with al.no_grad():
        d.add_(1)
    close(y, [3.0, 5.0])


def test_detach_in_place():
    y = leaf([1.0]) * 2
    assert y.detach_() is y
    assert not y.requires_grad and y.is_leaf


# ---- saved tensors and in-place ----


def test_modified_saved_output_raises_with_the_version():
    x = leaf([1.0, 2.0])
    y = x.exp()
    y.add_(1)
    with pytest.raises(RuntimeError) as e:
        y.sum().backward()
    assert str(e.value) == (
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [aten_lite.float32 [2]], which is output 0 of ExpBackward0, is at "
        "version 1; expected version 0 instead. Hint: ExpBackward0 saved it as 'result'; "
        "modify a clone() of it instead, or make the in-place change before the tensor is "
        "used.")


def test_modified_saved_input_raises():
    x = leaf([1.0, 2.0])
    w = al.tensor([3.0, 4.0])
    y = x * w
    w.mul_(2)
    with pytest.raises(RuntimeError) as e:
        y.sum().backward()
    assert str(e.value).startswith(
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [aten_lite.float32 [2]] is at version 1; expected version 0 "
        "instead. Hint: MulBackward0 saved it as 'other';")


def test_in_place_on_a_non_leaf_rebases_its_history():
    x = leaf([1.0, 2.0])
    y = x * 2
    y.mul_(3)
    y.add_(x)
    assert y.grad_fn.name() == "AddBackward0"
    y.sum().backward()
    close(x.grad, [7.0, 7.0])


def test_in_place_op_that_saves_its_result():
    x = leaf([-1.0, 2.0])
    y = x * 3
    y.relu_()  # ReluBackward0 saves the result, at the version after the write
    (y * y).sum().backward()
    close(x.grad, [0.0, 36.0])


def test_backward_of_several_outputs_at_once():
    x = leaf([1.0, 2.0])
    a, b = x * 2, x * x
    al.autograd.backward([a, b], [al.tensor([1.0, 1.0]), al.tensor([0.5, 2.0])])
    close(x.grad, [2.0 + 1.0, 2.0 + 8.0])


def test_in_place_uses_the_value_before_the_write():
    x = leaf([1.0, 2.0])
    w = leaf([3.0, 5.0])
    y = x * 1
    y.mul_(w)  # d/dw = old y = x
    y.sum().backward()
    close(w.grad, [1.0, 2.0])
    close(x.grad, [3.0, 5.0])


def test_in_place_on_a_leaf_that_requires_grad_is_refused():
    x = leaf([1.0])
    with pytest.raises(RuntimeError) as e:
        x.add_(1)
    assert str(e.value) == (
        "al.add_: a leaf Variable that requires grad is being used in an in-place operation "
        "(add_.Tensor); wrap it in `with al.no_grad():` for an update such as an optimizer "
        "step, or use the out-of-place op")


def test_in_place_on_a_view_in_the_graph_rebases_its_base():
    # Note [CopySlices]; tests/test_copy_slices.py compares many such programs with torch.
    x = leaf([1.0, 2.0, 3.0])
    y = x * 1
    y.narrow(0, 0, 2).mul_(2)
    y.sum().backward()
    close(x.grad, [2.0, 2.0, 1.0])


def test_in_place_on_a_view_of_a_leaf_is_refused():
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError) as e:
        x.narrow(0, 0, 1).mul_(2)
    assert str(e.value) == ("al.mul_: a view of a leaf Variable that requires grad is being "
                            "used in an in-place operation (mul_.Tensor)")


def test_a_view_taken_before_its_base_was_rebased_follows_the_base():
    x = leaf([1.0, 2.0])
    y = x * 2
    v = y.narrow(0, 0, 1)
    y.mul_(3)  # v now holds 6x: its history is taken again from y's (Note [Stale views])
    (v * 1).sum().backward()
    close(x.grad, [6.0, 0.0])


def test_a_view_of_a_parameter_survives_updates_under_no_grad():
    w = leaf([1.0, 2.0])
    wt = w.narrow(0, 1, 1)
    with al.no_grad():
        w.mul_(2)
    (wt * 3).sum().backward()
    close(w.grad, [0.0, 3.0])


def test_sgd_style_update_under_no_grad():
    p = leaf([1.0, 2.0])
    (p * p).sum().backward()
    with al.no_grad():
        p -= 0.1 * p.grad
    close(p, [0.8, 1.6])
    assert p.is_leaf and p.requires_grad
    p.grad = None
    (p * 1).sum().backward()
    close(p.grad, [1.0, 1.0])


def test_assigning_grad_is_checked():
    p = leaf([1.0, 2.0])
    p.grad = al.tensor([0.5, 0.5])
    (p * 2).sum().backward()
    close(p.grad, [2.5, 2.5])
    p.grad = None
    assert p.grad is None
    with pytest.raises(TypeError) as e:
        p.grad = 3
    assert str(e.value) == ("assigned grad expected to be a Tensor or None but got grad of "
                            "type int")
    with pytest.raises(RuntimeError) as e:
        p.grad = al.ones(3)
    assert str(e.value) == "assigned grad has shape [3] but the tensor has shape [2]; they must match"
    with pytest.raises(RuntimeError) as e:
        p.grad = al.ones(2, dtype=al.float64)
    assert str(e.value) == ("assigned grad has dtype float64 but the tensor has dtype float32; "
                            "they must match (use grad.to(aten_lite.float32))")
    with pytest.raises(RuntimeError) as e:
        p.grad = al.ones(2, device="meta")
    assert str(e.value) == ("assigned grad is on device 'meta' but the tensor is on 'cpu'; "
                            "they must match")
    assert p.grad is None


# ---- hooks ----


def test_hook_on_a_non_leaf_can_replace_the_gradient():
    x = leaf([1.0, 2.0])
    y = x * 3
    seen = []
    y.register_hook(lambda g: seen.append(g.tolist()))
    y.register_hook(lambda g: g * 10)
    y.sum().backward()
    assert seen == [[1.0, 1.0]]
    close(x.grad, [30.0, 30.0])


def test_hook_on_a_leaf_and_removal():
    x = leaf([1.0])
    handle = x.register_hook(lambda g: g * 2)
    (x * 1).sum().backward()
    close(x.grad, [2.0])
    handle.remove()
    (x * 1).sum().backward()
    close(x.grad, [3.0])


def test_hook_needs_requires_grad():
    with pytest.raises(RuntimeError) as e:
        al.ones(1).register_hook(lambda g: g)
    assert str(e.value) == "cannot register a hook on a tensor that doesn't require gradient"


def test_post_accumulate_hook_runs_once_the_leafs_gradient_is_complete():
    # Note [Ready leaves]: w2 (the last layer) is stored while the walk still has w1's part of
    # the graph to run, so its hook sees w1.grad unset; each hook sees its own summed .grad.
    from aten_lite.autograd import engine
    x = al.tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    w1, w2 = leaf(np.ones((3, 4), np.float32)), leaf(np.full((4, 1), 0.5, np.float32))
    seen = []
    w1.register_post_accumulate_grad_hook(lambda t: seen.append(("w1", t.grad.numpy().copy())))

    def on_w2(t):
        seen.append(("w2", t.grad.numpy().copy(), w1.grad is None))
        engine.queue_callback(lambda: seen.append(("end", w1.grad is not None)))
    w2.register_post_accumulate_grad_hook(on_w2)
    h = x @ w1
    ((h @ w2).sum() + (h * 0).sum()).backward()  # two paths into w1: ready after both
    assert [s[0] for s in seen] == ["w2", "w1", "end"]
    assert seen[0][2] is True and seen[2][1] is True
    np.testing.assert_allclose(seen[0][1], h.detach().numpy().sum(0, keepdims=True).T)
    np.testing.assert_allclose(seen[1][1], np.full((3, 4), 0.5) * x.numpy().sum(0)[:, None])
    close(w1.grad, seen[1][1])


def test_post_accumulate_hook_accumulates_removes_and_skips_autograd_grad():
    x = leaf([1.0, 2.0])
    calls = []
    handle = x.register_post_accumulate_grad_hook(lambda t: calls.append(t.grad.tolist()))
    (x * 2).sum().backward()
    (x * 2).sum().backward()
    assert calls == [[2.0, 2.0], [4.0, 4.0]]
    al.autograd.grad((x * 3).sum(), [x])
    assert len(calls) == 2
    x.register_hook(lambda g: g * 10)  # a tensor hook runs first, on the gradient
    (x * 1).sum().backward()
    assert calls[-1] == [14.0, 14.0]
    handle.remove()
    (x * 1).sum().backward()
    assert len(calls) == 3


def test_post_accumulate_hook_refuses_non_leaves_and_queue_callback_outside_backward():
    from aten_lite.autograd import engine
    x = leaf([1.0])
    with pytest.raises(RuntimeError, match="non-leaf tensors"):
        (x * 2).register_post_accumulate_grad_hook(lambda t: None)
    with pytest.raises(RuntimeError, match="doesn't require gradient"):
        al.ones(1).register_post_accumulate_grad_hook(lambda t: None)
    with pytest.raises(TypeError, match="expects a callable, got int"):
        x.register_post_accumulate_grad_hook(3)
    with pytest.raises(RuntimeError, match="no backward is running"):
        engine.queue_callback(lambda: None)


def test_retain_grad_keeps_a_non_leaf_gradient():
    x = leaf([1.0, 2.0])
    y = x * 3
    y.retain_grad()
    y.register_hook(lambda g: g * 2)  # retain_grad sees the hooked gradient, as in torch
    (y * y).sum().backward()
    assert y.retains_grad
    close(y.grad, [12.0, 24.0])
    close(x.grad, [36.0, 72.0])


# ---- composite ops differentiate through their parts ----


def test_a_composite_op_records_the_ops_it_is_made_of():
    # clamp is CompositeImplicitAutograd: no formula of its own. Under autograd it is
    # where(lo <= x <= hi, x, minimum(maximum(x, lo), hi)), the clamped branch on x detached
    # (Note [The gradient of clamp at a bound]): a tensor bound's gradient comes through it.
    x = leaf([-2.0, 0.5, 3.0])
    lo = leaf([-1.0, -1.0, -1.0])
    y = x.clamp(lo, 1.0)
    assert y.grad_fn.name() == "WhereBackward0"
    assert [f.name() for f, _ in y.grad_fn.next_functions] == ["AccumulateGrad",
                                                               "MinimumBackward0"]
    assert y.grad_fn.next_functions[1][0].next_functions[0][0].name() == "MaximumBackward0"
    (y * al.tensor([1.0, 2.0, 3.0])).sum().backward()
    close(x.grad, [0.0, 2.0, 0.0])
    close(lo.grad, [1.0, 0.0, 0.0])


def test_softmax_gradient():
    a = np.array([[0.1, 0.7, -0.3], [1.0, 0.0, 2.0]])
    x = leaf(a, dtype=al.float64)
    w = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]])
    (al.softmax(x, 1) * al.tensor(w, dtype=al.float64)).sum().backward()
    s = np.exp(a) / np.exp(a).sum(1, keepdims=True)
    close(x.grad, s * (w - (w * s).sum(1, keepdims=True)))


# ---- what the generated nodes save (Note [What a node saves]) ----


def test_add_saves_no_tensor():
    from aten_lite._generated import autograd_nodes as nodes

    assert nodes.AddBackward0.__slots__ == ("alpha_",)
    y = leaf([1.0]) + leaf([2.0])
    assert y.grad_fn.alpha_ == 1


def test_mul_saves_an_operand_only_when_the_other_needs_a_gradient():
    x, w = leaf([1.0, 2.0]), al.tensor([3.0, 4.0])
    node = (x * w).grad_fn
    assert node.other_ is w and node.self_ is None
    node = (w * x).grad_fn
    assert node.self_ is w and node.other_ is None


def test_a_formula_that_needs_only_a_shape_saves_the_shape():
    from aten_lite._generated import autograd_nodes as nodes

    assert "self_shape" in nodes.SumBackward0.__slots__
    assert "self_" not in nodes.SumBackward0.__slots__
    x = leaf(np.ones((2, 3)))
    assert x.sum().grad_fn.self_shape == (2, 3)


def test_saved_values_are_freed_after_backward():
    x = leaf([1.0, 2.0])
    w = leaf([3.0, 4.0])
    y = x * w
    node = y.grad_fn
    y.sum().backward()
    assert node.self_ is None and node.other_ is None


def test_show_names_the_generated_node():
    from tools.codegen import emit_autograd, gen

    root = Path(__file__).resolve().parents[1]
    spec = gen.load_spec(root)
    relu = next(nf for nf in spec.native if str(nf.func.name) == "relu_")
    assert emit_autograd.locate(spec, relu) == [
        "generated/autograd_nodes.py: ReluBackward0 (recorded by record_relu_)"]


def test_a_formula_for_a_composite_op_is_rejected(tmp_path):
    from tools.codegen import emit_autograd
    from tools.codegen.load import SpecError, load

    root = Path(__file__).resolve().parents[1]
    bad = tmp_path / "derivatives.yaml"
    bad.write_text("- name: matmul(Tensor self, Tensor other) -> Tensor\n"
                   "  self: grad.matmul(other.mT)\n")
    spec = load(root / "native_functions.yaml", bad, runtime_root=root)
    with pytest.raises(SpecError) as e:
        emit_autograd.emit(spec)
    line = next(i for i, text in enumerate(
        (root / "native_functions.yaml").read_text().splitlines(), 1)
        if text.startswith("- func: matmul("))
    assert str(e.value) == (
        f"derivatives.yaml:1: matmul: has a derivative but is CompositeImplicitAutograd "
        f"(native_functions.yaml:{line}), so autograd records its decomposition and never "
        "uses the formula; remove the derivative, or give the op its own kernels")


def test_leaf_grad_takes_the_leafs_layout():
    # torch's gradient layout contract: mm's weight gradient arrives transposed, but .grad of a
    # contiguous parameter is contiguous, so optimizer updates run on matching layouts.
    w = al.randn(3, 4, dtype=al.float64, requires_grad=True)
    x = al.randn(5, 3, dtype=al.float64)
    (x @ w).sum().backward()
    assert w.grad.is_contiguous() and w.grad.stride() == (4, 1)
    np.testing.assert_allclose(w.grad.numpy(), x.numpy().T @ np.ones((5, 4)))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_mm_gradients_any_layout_match_numpy_and_double_backward(dtype):
    # mm's backward multiplies dense CPU matrices directly outside a recorded backward
    # (aten_lite/autograd/formulas.py, _plain_product): any layout of either operand must give
    # grad @ B.T and A.T @ grad; under create_graph the ops are recorded again.
    rng = np.random.default_rng(5)
    a_np = rng.standard_normal((6, 4)).astype(dtype)
    b_np = rng.standard_normal((5, 7)).astype(dtype)
    g_np = rng.standard_normal((6, 5)).astype(dtype)
    a = al.tensor(a_np, requires_grad=True)
    b = al.tensor(b_np, requires_grad=True)
    av, bv = a[:, ::1], b.t()[::2]  # (6, 4) view and a strided (4, 5) view
    (av.mm(bv) * al.tensor(g_np)).sum().backward()
    tol = 1e-5 if dtype == np.float32 else 1e-12
    want_a = g_np @ b_np.T[::2].T
    want_b = np.zeros_like(b_np.T)
    want_b[::2] = a_np.T @ g_np
    np.testing.assert_allclose(a.grad.numpy(), want_a, rtol=tol, atol=tol)
    np.testing.assert_allclose(b.grad.numpy(), want_b.T, rtol=tol, atol=tol)
    assert a.grad.dtype is b.grad.dtype is getattr(al, np.dtype(dtype).name)
    x = al.tensor(a_np, requires_grad=True)
    w = al.tensor(rng.standard_normal((4, 3)).astype(dtype), requires_grad=True)
    (gx,) = al.autograd.grad((x.mm(w) ** 2).sum(), [x], create_graph=True)
    assert gx.requires_grad
    gx.sum().backward()  # d/dw of sum(2 (x w) w^T) = 2 (x^T 1 1^T w + ...): check against numpy
    ones = np.ones((6, 4), dtype)
    xw = a_np @ w.detach().numpy()
    want_w = 2 * (a_np.T @ (ones @ w.detach().numpy())) + 2 * (xw.T @ ones).T
    np.testing.assert_allclose(w.grad.numpy(), want_w, rtol=tol * 10, atol=tol * 10)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_bias_gradient_is_the_batch_sum_bit_for_bit(dtype):
    # A bias's gradient sums the batch dim (sum_to); in a plain backward it runs sum's kernel
    # directly (Note [Formulas without dispatch]): the result must be grad.sum(0)'s, bit for
    # bit, for a transposed incoming gradient too, and close to NumPy's float64 sum.
    rng = np.random.default_rng(9)
    x = al.tensor(rng.standard_normal((33, 7)).astype(dtype), requires_grad=True)
    b = al.tensor(rng.standard_normal(7).astype(dtype), requires_grad=True)
    g = rng.standard_normal((7, 33)).astype(dtype)
    ((x + b).t() * al.tensor(g)).sum().backward()  # the gradient reaching add is g.T, strided
    assert b.grad.dtype is x.dtype and b.grad.shape == (7,)
    assert b.grad.numpy().tobytes() == al.tensor(g).t().sum(0).numpy().tobytes()
    tol = {np.float16: 2e-2, np.float32: 1e-5, np.float64: 1e-12}[dtype]
    np.testing.assert_allclose(b.grad.numpy().astype(np.float64),
                               g.astype(np.float64).sum(1), rtol=tol, atol=tol * 10)
    empty = al.zeros(0, 3, requires_grad=True)
    c = al.ones(3, requires_grad=True)
    (empty + c).sum().backward()
    assert c.grad.tolist() == [0.0, 0.0, 0.0]
