"""The graph passes, each on its own: DCE, CSE, fusion grouping, scheduling, memory planning;
and the reference fused executor against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile.eager_fused import eager_fused
from aten_lite.compile.fused_spec import FusedReduction, FusedSpec, FusedStep


def graph(fn, *args, **options):
    return al.compile(fn, **options).graph(*args)


def ops(nodes):
    return [n.op for n in nodes]


# ---- DCE ----

def test_dce_removes_unused_nodes_but_keeps_writes():
    def g(x):
        x.exp()  # unused
        t = x * 2
        t.add_(1)  # an in-place write into an intermediate: kept, it is read below
        return t.relu()

    gr = graph(g, al.ones(3), fuse=False)
    assert ops(gr.nodes) == ["mul.Tensor", "add_.Tensor", "relu"]
    assert ops(gr.removed["dce"]) == ["exp"]
    np.testing.assert_array_equal(al.compile(g)(al.ones(3)).numpy(), [3, 3, 3])


# ---- CSE ----

def test_cse_merges_equal_calls_only():
    def g(x):
        return x.exp() + x.exp() + (x * 2) + (x * 2.0) + (x + 0.0) + (x + -0.0)

    gr = graph(g, al.ones(2), fuse=False)
    assert ops(gr.removed["cse"]) == ["exp"]  # 2 and 2.0, 0.0 and -0.0 are different constants
    assert ops(gr.nodes).count("mul.Tensor") == 2 and ops(gr.nodes).count("add.Tensor") == 7


def test_cse_leaves_reads_of_written_storage_alone():
    def g(x):
        t = x * 1
        a = t.exp()
        t.mul_(2)
        b = t.exp()  # same call, but t changed in between
        return a + b

    x = al.arange(3.0)
    assert "cse" not in graph(g, x).removed or not graph(g, x).removed["cse"]
    np.testing.assert_allclose(al.compile(g)(x).numpy(), g(x).numpy(), rtol=1e-6)


def test_cse_leaves_calls_whose_results_are_written_alone():
    def g(x):
        a, _ = x.max(0)
        b, _ = x.max(0)  # the same call, but b is written below: a must not change
        b.mul_(2)
        return a * 1, b + x.exp().sum() * 0 + (x.exp() * 0).sum()

    x = al.tensor([[1.0, 2.0], [3.0, 0.5]])
    got, want = al.compile(g)(x), g(x)
    for r, w in zip(got, want):
        np.testing.assert_array_equal(r.numpy(), w.numpy())
    np.testing.assert_array_equal(got[0].numpy(), [3.0, 2.0])
    assert [n.op for n in graph(g, x).removed["cse"]] == ["exp"]  # other calls still merge


def test_cse_keeps_two_returned_results_two_tensors():
    # Merged, the two results were one tensor: writing the first changed the second.
    cf = al.compile(lambda x: (x.sum(0), x.sum(0)))
    x = al.ones(2, 3)
    for _ in range(2):  # the capture, then a replay
        a, b = cf(x)
        assert a is not b
        a.add_(1)
        np.testing.assert_array_equal(b.numpy(), [2.0, 2.0, 2.0])


def test_cse_keeps_live_locals_of_a_split_call_apart():
    # v0 and v1 are one call before the break; the segment after it writes v0 only.
    def f(x):
        v0 = x.sum(0)
        v1 = x.sum(0)
        n = v1.item()
        v0.add_(0.5)
        return v1.relu().rsqrt() * n, v0

    x = al.tensor([0.0, 0.0, 0.0]).reshape(3, 1)
    cf = al.compile(f)
    for _ in range(2):
        got, want = cf(x), f(x)
        for r, w in zip(got, want):
            np.testing.assert_array_equal(r.numpy(), w.numpy())
    assert cf.stats["split"] == 2


# ---- transpose folding ----

def test_transpose_of_a_product_becomes_a_row_major_product():
    a, b = al.randn(5, 3), al.randn(5, 4)
    gr = graph(lambda a, b: (a.t() @ b).t(), a, b)
    assert ops(gr.nodes) == ["t", "mm"] and ops(gr.removed["transpose"]) == ["t", "mm", "t"]
    (out,) = gr.outputs
    assert out.shape == (4, 3) and out.strides == (3, 1)
    got = al.compile(lambda a, b: (a.t() @ b).t())(a, b)
    assert got.is_contiguous()
    np.testing.assert_allclose(got.numpy(), (a.numpy().T @ b.numpy()).T, rtol=1e-5, atol=1e-6)


def test_transpose_folding_leaves_products_read_elsewhere():
    def g(a, b):
        p = a @ b
        return p.t(), p.sum()  # p has another reader: folding would compute it twice

    a, b = al.randn(3, 2), al.randn(2, 4)
    gr = graph(g, a, b)
    assert not gr.removed.get("transpose") and ops(gr.nodes).count("mm") == 1

    def h(x, b):
        xt = x.t()
        return (xt @ b).t(), xt * 2  # xt has another reader: it stays

    x, b = al.randn(2, 3), al.randn(2, 5)
    gr = graph(h, x, b)
    assert ops(gr.removed["transpose"]) == ["mm", "t"] and ops(gr.nodes).count("t") == 2
    got, twice = al.compile(h)(x, b)
    np.testing.assert_allclose(got.numpy(), (x.numpy().T @ b.numpy()).T, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(twice.numpy(), x.numpy().T * 2)


# ---- fusion ----

def test_fusion_groups_elementwise_chain_and_trailing_reduction():
    gr = graph(lambda x, y: (x * 2 + y).relu().exp().sum(), al.ones(4, 3), al.ones(3))
    (group,) = gr.groups.values()
    spec = group.spec
    assert [s.op for s in spec.steps] == ["mul.Tensor", "add.Tensor", "relu", "exp"]
    assert spec.steps[0].args == (("in", 0), ("const", 2))
    assert spec.steps[1].args == (("step", 0), ("in", 1), ("const", 1))
    assert spec.inputs == ("float32", "float32") and spec.outputs == ()
    assert spec.reduction == FusedReduction("sum", (), False, "float32")


def test_fusion_respects_shapes_readers_and_non_elementwise_ops():
    def g(x, w):
        a = x.exp() * 2  # group 0
        m = a @ w  # not elementwise: ends nothing, joins nothing
        b = (m + 1).relu().sum(1, keepdim=True)  # group 1, with its reduction
        return a, b

    gr = graph(g, al.ones(3, 4), al.ones(4, 5))
    assert [ops(gr.groups[i].nodes) for i in sorted(gr.groups)] == [
        ["exp", "mul.Tensor"], ["add.Tensor", "relu", "sum"]]
    assert gr.groups[0].spec.outputs == (1,)  # a is returned
    assert gr.groups[1].spec.reduction == FusedReduction("sum", (1,), True, "float32")
    x, w = al.randn(3, 4), al.randn(4, 5)
    for got, want in zip(al.compile(g)(x, w), g(x, w)):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5)


def test_fusion_never_moves_a_result_after_its_reader():
    def g(x):
        a = x.exp()
        m = a.t().contiguous()  # reads a between a and its elementwise consumer
        return a + 1, m

    gr = graph(g, al.ones(2, 2))
    x = al.randn(2, 2)
    for got, want in zip(al.compile(g)(x), g(x)):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)
    for grp in gr.groups.values():
        assert "exp" not in ops(grp.nodes) or "add.Tensor" not in ops(grp.nodes)


def test_build_error_falls_back_to_reference(monkeypatch):
    from aten_lite.compile.passes import fusion

    def broken(spec):
        raise RuntimeError("fused kernel mul.Tensor (native_functions.yaml:244): g++ failed")

    monkeypatch.setattr(fusion, "_builder", lambda: broken)
    gr = graph(lambda x: (x * 2).exp(), al.ones(3))
    assert ("reference executor: RuntimeError: fused kernel mul.Tensor "
            "(native_functions.yaml:244)") in str(gr)
    np.testing.assert_allclose(al.compile(lambda x: (x * 2).exp())(al.ones(3)).numpy(),
                               np.exp(2 * np.ones(3)), rtol=1e-6)


# ---- schedule ----

def test_schedule_is_topological_with_groups_at_their_last_member():
    def g(x, w):
        return ((x.exp() * 2) @ w).relu()

    gr = graph(g, al.ones(2, 2), al.ones(2, 2))
    seen = set()
    for item in gr.schedule:
        nodes = item.nodes if hasattr(item, "nodes") else [item]
        members = {id(v) for n in nodes for v in n.outputs}
        for n in nodes:
            assert all(v.producer is None or id(v) in seen or id(v) in members for v in n.inputs())
        seen |= members
    assert "schedule: g0 n2 n3" in str(gr)


# ---- memory ----

def test_memory_plan_reuses_dead_buffers_and_beats_eager_peak():
    def g(x, w):
        a = (x * 2).exp()  # group 0: writes a
        m = a @ w  # a dies here
        b = (m + 1).relu()  # group 1: may write into a's dead buffer (same shape, dtype)
        return b @ w

    x, w = al.randn(16, 16), al.randn(16, 16)
    gr = graph(g, x, w)
    plan = gr.memory
    assert len(plan.reuse) == 1
    (taker, dead), = plan.reuse.items()
    assert taker.shape == dead.shape == (16, 16)
    assert plan.peak_bytes <= plan.eager_peak_bytes
    np.testing.assert_allclose(al.compile(g)(x, w).numpy(), g(x, w).numpy(), rtol=1e-5)


def test_fused_intermediates_are_never_allocated():
    gr = graph(lambda x: (x * 2).exp().relu(), al.ones(256))
    # eager holds two 1 KiB results at once (each op's input and output); fused, only one
    assert (gr.memory.peak_bytes, gr.memory.eager_peak_bytes) == (1024, 2048)


def test_outputs_and_saved_values_are_never_reused():
    def g(x):
        a = (x * 2).exp()
        b = (a.sum() * 0 + a).relu() * 3
        return a, b

    gr = graph(g, al.ones(8))
    assert all(w is not gr.outputs[0] for w in gr.memory.reuse.values())


# ---- the reference fused executor ----

def test_eager_fused_matches_numpy_with_broadcast_outputs_and_reductions():
    spec = FusedSpec(
        inputs=("float32", "float64"),
        steps=(FusedStep("mul.Tensor", (("in", 0), ("const", 3)), "float32"),
               FusedStep("add.Tensor", (("step", 0), ("in", 1), ("const", 1)), "float64"),
               FusedStep("relu", (("step", 1),), "float64")),
        outputs=(0, 2), reduction=FusedReduction("amax", (1,), True, "float64"))
    a = np.arange(3, dtype=np.float32).reshape(3, 1) - 1
    b = np.linspace(-1, 1, 4)
    r0, r2, red = eager_fused(spec)([al.from_numpy(a), al.from_numpy(b)])
    want2 = np.maximum(a * 3 + b, 0)
    # Note [Fused outputs cover the iteration space]
    assert r0.shape == (3, 4) and r0.is_contiguous()
    np.testing.assert_allclose(r0.numpy(), np.broadcast_to(a * 3, (3, 4)))
    np.testing.assert_allclose(r2.numpy(), want2)
    np.testing.assert_allclose(red.numpy(), want2.max(1, keepdims=True))
    out = [al.empty(3, 4), al.empty(3, 4, dtype=al.float64), al.empty(3, 1, dtype=al.float64)]
    assert eager_fused(spec)([al.from_numpy(a), al.from_numpy(b)], out)[1] is out[1]
    np.testing.assert_allclose(out[1].numpy(), want2)


def test_eager_fused_checks_spec_and_inputs():
    bad = FusedSpec(("float32",), (FusedStep("relu", (("step", 0),), "float32"),), (0,))
    with pytest.raises(ValueError, match=r"step 0 \(relu\): step 0 is not an earlier step"):
        eager_fused(bad)
    spec = FusedSpec(("float32",), (FusedStep("relu", (("in", 0),), "float32"),), (0,))
    with pytest.raises(TypeError, match="input 0 must be a float32 tensor, got int64"):
        eager_fused(spec)([al.arange(3)])
    with pytest.raises(ValueError, match="unsupported reduction 'median'; valid: sum, mean"):
        eager_fused(FusedSpec(("float32",), spec.steps, (), FusedReduction("median", (), False, "float32")))


def test_groups_run_on_the_builders_kernels_with_planned_out_buffers(monkeypatch):
    from aten_lite.compile.passes import fusion

    calls = []

    def builder(spec):
        reference = eager_fused(spec)

        def kernel(inputs, out=None):
            calls.append((spec, out is not None))
            return reference(inputs, out)

        return kernel

    monkeypatch.setattr(fusion, "_builder", lambda: builder)

    def g(x, w):
        a = (x * 2).exp()
        b = ((a @ w) + 1).relu()
        return b @ w

    x, w = al.randn(8, 8), al.randn(8, 8)
    cf = al.compile(g)
    np.testing.assert_allclose(cf(x, w).numpy(), g(x, w).numpy(), rtol=1e-5)
    assert [len(spec.steps) for spec, _ in calls] == [2, 2]
    assert [used_out for _, used_out in calls] == [False, True]  # b takes a's dead buffer
    assert "reference executor" not in str(cf.graph(x, w))
