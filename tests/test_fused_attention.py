"""The fused attention op `_sdpa` (Note [Fused attention] in aten_lite/nn/attention.py):
scaled_dot_product_attention runs it where no dispatch mode observes the call (inference and
training), with the composed ops' and torch's values; called as an op it has torch's gradients
(float64), its one backward kernel serves all three without handing one backward step's
gradient to another, and create_graph still gives second derivatives."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite._generated.ops import _sdpa

torch = pytest.importorskip("torch")
F = al.nn.functional
TF = torch.nn.functional

SHAPES = [  # (N, H, L, S, E, Ev)
    (2, 3, 5, 7, 4, 6),
    (3, 4, 32, 32, 16, 16),  # the benchmark GPT's
    (1, 1, 1, 1, 1, 1),
    (2, 2, 9, 3, 5, 2),  # causal rows past the last key
    # more query rows than one block of the kernel's (32), with keys and features that are no
    # whole number of vectors: the key and value gradients add up block after block
    (1, 2, 70, 45, 33, 20),
    (1, 1, 40, 70, 8, 3),
]


def _operands(shape, dtype, seed=0):
    n, h, length, s, e, ev = shape
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(x).astype(dtype)
            for x in ((n, h, length, e), (n, h, s, e), (n, h, s, ev), (n, h, length, ev))]


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("shape", SHAPES)
def test_inference_runs_the_fused_op_with_the_composed_ops_and_torchs_values(shape, causal):
    q, k, v, _ = _operands(shape, np.float64)
    with al.no_grad():
        out = F.scaled_dot_product_attention(*(al.tensor(x, requires_grad=True)
                                               for x in (q, k, v)), is_causal=causal)
    with al.trace_dispatch() as trace:  # observed: the composed ops, which the trace lists
        comp = F.scaled_dot_product_attention(*(al.tensor(x) for x in (q, k, v)),
                                              is_causal=causal)
    assert "_sdpa" not in {r.op for r in trace.records} and "softmax.int" in {
        r.op for r in trace.records}
    t_out = TF.scaled_dot_product_attention(*(torch.tensor(x) for x in (q, k, v)),
                                            is_causal=causal)
    np.testing.assert_allclose(out.numpy(), t_out.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(out.numpy(), comp.numpy(), rtol=1e-10, atol=1e-12)


def test_the_fused_op_is_the_one_that_runs_in_inference_and_training():
    q = al.randn(2, 3, 4, 5)
    seen = []
    import aten_lite.nn.attention as attention

    real = attention._sdpa
    try:
        attention._sdpa = lambda *a: seen.append(a) or real(*a)
        F.scaled_dot_product_attention(q, q, q, is_causal=True)
        assert len(seen) == 1 and seen[0][3:] == (1 / np.sqrt(5), True)
        F.scaled_dot_product_attention(q.requires_grad_(), q, q)  # autograd records the op
        assert len(seen) == 2
        with al.autograd.forward_ad.dual_level():  # a dispatch mode sees the composed ops
            F.scaled_dot_product_attention(al.autograd.forward_ad.make_dual(q.detach(), q), q, q)
        assert len(seen) == 2
    finally:
        attention._sdpa = real


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("shape", SHAPES)
def test_the_fused_op_has_torchs_gradients_in_float64(shape, causal):
    q, k, v, g = _operands(shape, np.float64)
    ours = [al.tensor(x, requires_grad=True) for x in (q, k, v)]
    scale = 1 / np.sqrt(shape[4])
    out = _sdpa(*ours, scale, causal)
    assert type(out.grad_fn).__name__ == "SdpaBackward0"
    out.backward(al.tensor(g))
    theirs = [torch.tensor(x, requires_grad=True) for x in (q, k, v)]
    t_out = TF.scaled_dot_product_attention(*theirs, is_causal=causal)
    t_out.backward(torch.tensor(g))
    for a, b in zip([out] + [t.grad for t in ours], [t_out] + [t.grad for t in theirs]):
        np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-10,
                                   atol=1e-12)


def test_the_fused_op_in_float32_on_strided_heads_as_a_gpt_splits_them():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 10, 3 * 24)).astype(np.float32)
    outs = []
    for lib, attend in ((al, lambda q, k, v: _sdpa(q, k, v, 1 / np.sqrt(8), True)),
                        (torch, lambda q, k, v: TF.scaled_dot_product_attention(
                            q, k, v, is_causal=True))):
        t = lib.tensor(x, requires_grad=True)
        q, k, v = (s.view(4, 10, 3, 8).transpose(1, 2) for s in t.split(24, dim=2))
        out = attend(q, k, v)
        (out * lib.tensor(np.cos(np.arange(out.numel())).reshape(out.shape).astype(np.float32))
         ).sum().backward()
        outs.append((out.detach().numpy(), t.grad.numpy()))
    for a, b in zip(*outs):
        np.testing.assert_allclose(a, b, rtol=2e-5, atol=2e-6)


def test_one_backward_step_never_gets_another_steps_gradients():
    # The three formulas share one kernel call (Note [One kernel for three gradients]); a
    # step where only the query needs a gradient, then one with a new grad on the same
    # tensors, each get their own.
    q, k, v, g = _operands((2, 2, 4, 4, 3, 3), np.float64, seed=3)
    tq, tk, tv = (torch.tensor(x, requires_grad=True) for x in (q, k, v))
    aq = al.tensor(q, requires_grad=True)
    ak, av = al.tensor(k), al.tensor(v)
    for scale in (1.0, -2.0):
        out = _sdpa(aq, ak, av, 1 / np.sqrt(3), False)
        out.backward(al.tensor(g * scale))
    t_out = TF.scaled_dot_product_attention(tq, tk, tv)
    t_out.backward(torch.tensor(g))
    t_out = TF.scaled_dot_product_attention(tq, tk, tv)
    t_out.backward(torch.tensor(-2.0 * g))
    np.testing.assert_allclose(aq.grad.numpy(), tq.grad.numpy(), rtol=1e-10, atol=1e-12)
    ak2, av2 = (al.tensor(x, requires_grad=True) for x in (k, v))
    out = _sdpa(al.tensor(q), ak2, av2, 1 / np.sqrt(3), True)
    out.backward(al.tensor(g))
    tq2 = torch.tensor(q)
    tk2, tv2 = (torch.tensor(x, requires_grad=True) for x in (k, v))
    TF.scaled_dot_product_attention(tq2, tk2, tv2, is_causal=True).backward(torch.tensor(g))
    np.testing.assert_allclose(ak2.grad.numpy(), tk2.grad.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(av2.grad.numpy(), tv2.grad.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("causal", [False, True])
def test_fused_attention_has_second_derivatives(causal):
    rng = np.random.default_rng(4)
    ops = [al.tensor(rng.standard_normal(s), requires_grad=True)
           for s in ((1, 2, 3, 4), (1, 2, 5, 4), (1, 2, 5, 2))]

    def f(q, k, v):
        return _sdpa(q, k, v, 0.5, causal)

    assert al.autograd.gradcheck(f, ops)
    assert al.autograd.gradgradcheck(f, ops)


def test_the_fused_op_refuses_mismatched_operands_by_name():
    q = al.randn(1, 2, 3, 4)
    with pytest.raises(RuntimeError, match=r"key .* must be \(N, H, S, E\)"):
        _sdpa(q, al.randn(1, 2, 3, 5), al.randn(1, 2, 3, 4), 0.5, False)
    with pytest.raises(RuntimeError, match="4-D"):
        _sdpa(al.randn(2, 3, 4), al.randn(2, 3, 4), al.randn(2, 3, 4), 0.5, False)


@pytest.mark.parametrize("order", [(0, 1, 2), (1, 0, 2)])
def test_heads_split_off_one_projection_get_torchs_gradients_in_either_role(order):
    # With L == S the packed gradients lie position by position, as the projection's output
    # (Note [Attention's packed gradients]); split's backward joins them as a view when they
    # are q, k, v in order, and copies when the model swaps their roles.
    rng = np.random.default_rng(7)
    x = rng.standard_normal((3, 12, 3 * 20))
    g = rng.standard_normal((3, 4, 12, 5))
    grads = []
    for lib, attend in ((al, lambda q, k, v: _sdpa(q, k, v, 0.3, True)),
                        (torch, lambda q, k, v: TF.scaled_dot_product_attention(
                            q, k, v, is_causal=True, scale=0.3))):
        t = lib.tensor(x, requires_grad=True)
        heads = [s.view(3, 12, 4, 5).transpose(1, 2) for s in t.split(20, dim=2)]
        out = attend(*(heads[i] for i in order))
        out.backward(lib.tensor(g))
        grads.append((out.detach().numpy(), t.grad.numpy()))
    for a, b in zip(*grads):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_split_backward_joins_attention_gradients_without_a_copy():
    from aten_lite._generated.ops import _sdpa_backward
    from aten_lite.autograd import _formulas_attention, formulas

    rng = np.random.default_rng(8)
    q, k, v, g = (al.tensor(x) for x in _operands((2, 3, 6, 6, 4, 4), np.float32, seed=8))
    packed = _sdpa_backward(g, q, k, v, 0.5, True)
    grads = _formulas_attention._unpack(packed, q, k, v)
    parts = [d.transpose(1, 2).reshape(2, 6, 12) for d in grads]  # a model's path back
    expect = np.concatenate([p.numpy() for p in parts], axis=2)
    joined = formulas.split_backward(parts, [(2, 6, 12)] * 3, 2)
    assert np.shares_memory(joined.numpy(), packed.numpy())
    np.testing.assert_array_equal(joined.numpy(), expect)
    for swapped in ([parts[1], parts[0], parts[2]], [parts[0], parts[2]],
                    [parts[0], parts[1], parts[2].double()]):
        out = formulas.split_backward(swapped, [(2, 6, 12)] * len(swapped), 2)
        assert not np.shares_memory(out.numpy(), packed.numpy())
        np.testing.assert_array_equal(out.numpy(), np.concatenate(
            [p.numpy() for p in swapped], axis=2))
    # cat itself always copies, as torch's, even of parts that lie side by side
    whole = al.tensor(rng.standard_normal((4, 6)))
    cat = al.cat([whole[:, :2], whole[:, 2:]], 1)
    assert not np.shares_memory(cat.numpy(), whole.numpy())
    np.testing.assert_array_equal(cat.numpy(), whole.numpy())


def test_joined_view_takes_only_arrays_that_tile_the_result():
    from aten_lite import _C

    base = np.arange(2 * 3 * 12, dtype=np.float32).reshape(2, 3, 12).copy()
    parts = (base[:, :, :4], base[:, :, 4:9], base[:, :, 9:])
    view = _C.joined_view(parts, 2)
    assert view is not None and view.base is base and view.flags.writeable
    np.testing.assert_array_equal(view, base)
    assert _C.joined_view((base[:1], base[1:]), 0) is not None
    read_only = base[:, :, 4:]
    read_only.flags.writeable = False
    assert not _C.joined_view((base[:, :, :4], read_only), 2).flags.writeable
    for bad in ((base[:, :, :4], base[:, :, 5:]),             # a gap
                (base[:, :, 4:], base[:, :, :4]),             # out of order
                (base[:, :, :4], base[:, :, 4:].copy()),      # another array
                (base[:, :2, :4], base[:, :2, 4:]),           # rows that skip memory
                (base[:, :, :6], base[:, :, 6:].view(np.int32)),  # another dtype
                (base[:, :, :6],)):                           # not the whole of anything
        assert _C.joined_view(bad, 2) is None
    assert _C.joined_view((base[:, :, :6], base[:, :, 6:]), 3) is None  # no such axis
    with pytest.raises(TypeError, match="joined_view"):
        _C.joined_view([base], 0)


def test_the_fused_op_lays_its_output_out_as_torch_so_heads_join_without_a_copy():
    q, k, v, _ = (al.tensor(x) for x in _operands((2, 3, 5, 5, 4, 6), np.float64))
    out = _sdpa(q, k, v, 0.5, True)
    assert out.shape == (2, 3, 5, 6) and out.transpose(1, 2).is_contiguous()
    t_out = TF.scaled_dot_product_attention(*(torch.tensor(x.numpy()) for x in (q, k, v)),
                                            is_causal=True, scale=0.5)
    np.testing.assert_allclose(out.numpy(), t_out.numpy(), rtol=1e-10, atol=1e-12)
