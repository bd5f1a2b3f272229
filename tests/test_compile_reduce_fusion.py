"""Row fusion in graph mode (Note [Row fusion] in aten_lite/compile/passes/fusion.py): a
reduction over the last dims and the elementwise ops that read it back run as one C++ kernel,
matching eager aten_lite and torch, with gradients."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile.eager_fused import eager_fused
from aten_lite.compile.fused_spec import FusedSpec, FusedStep
from aten_lite.compile.kernels import FusionBuildError, compile_fused

torch = pytest.importorskip("torch")
F = al.nn.functional

TOL = {"float32": dict(rtol=2e-5, atol=2e-6), "float64": dict(rtol=1e-12, atol=1e-13)}


# The patterns, each over the last dim of x; the extra arguments are shaped like a row.
def softmax(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def log_softmax(x):
    s = x - x.amax(-1, keepdim=True)
    return s - s.exp().sum(-1, keepdim=True).log()


def layer_norm(x, w, b):
    m = x.mean(-1, keepdim=True)
    var = ((x - m) * (x - m)).mean(-1, keepdim=True)
    return (x - m) * (var + 1e-5).rsqrt() * w + b


def rms_norm(x, w):
    return x * (x * x).mean(-1, keepdim=True).add(1e-6).rsqrt() * w


def attention_softmax(x, mask):
    return F.softmax(x * 0.125 + mask, -1)


def builtin_layer_norm_gelu(x, w, b):
    return F.gelu(F.layer_norm(x, (x.shape[-1],), w, b), approximate="tanh")


def builtin_log_softmax(x, b):
    return F.log_softmax(x * 2 + b, -1)


def centered_unsqueeze(x):  # keepdim=False, then unsqueeze
    return (x - x.mean(-1).unsqueeze(-1)).tanh()


def _torch_twin(fn):
    """The same function on torch tensors (al and torch share these method names)."""
    def layer_norm_t(x, w, b):
        m = x.mean(-1, keepdim=True)
        var = ((x - m) * (x - m)).mean(-1, keepdim=True)
        return (x - m) * (var + 1e-5).rsqrt() * w + b

    table = {
        attention_softmax: lambda x, mask: torch.softmax(x * 0.125 + mask, -1),
        builtin_layer_norm_gelu: lambda x, w, b: torch.nn.functional.gelu(
            torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b), approximate="tanh"),
        builtin_log_softmax: lambda x, b: torch.log_softmax(x * 2 + b, -1),
        layer_norm: layer_norm_t,
    }
    return table.get(fn, fn)


PATTERNS = [
    (softmax, 0), (log_softmax, 0), (layer_norm, 2), (rms_norm, 1), (attention_softmax, 1),
    (builtin_layer_norm_gelu, 2), (builtin_log_softmax, 1), (centered_unsqueeze, 0),
]


def _args(fn, extra, shape, dtype, grad=True, rng=None):
    rng = rng or np.random.default_rng(0)
    arrays = [rng.standard_normal(shape) * 3] + [rng.standard_normal(shape[-1:])
                                                 for _ in range(extra)]
    if fn is attention_softmax:  # an additive mask: 0 or -inf, never a whole row
        mask = np.where(rng.random(shape[-2:]) < 0.3, -np.inf, 0.0)
        mask[..., 0] = 0.0
        arrays[1] = mask
    dt = getattr(al, dtype)
    mine = [al.tensor(a, dtype=dt, requires_grad=grad and not (fn is attention_softmax and i))
            for i, a in enumerate(arrays)]
    theirs = [torch.tensor(a, dtype=getattr(torch, dtype), requires_grad=m.requires_grad)
              for a, m in zip(arrays, mine)]
    return mine, theirs


def _row_groups(graph):
    return [g for g in graph.groups.values() if g.spec.row_dims]


def _check_one_kernel(graph):
    """The graph is one row kernel: every node in one group, which a built kernel runs."""
    assert len(graph.groups) == 1, graph
    (group,) = graph.groups.values()
    assert group.spec.row_dims == 1, graph
    assert all(n.group == group.id for n in graph.nodes), graph
    assert not group.note, group.note  # built, not the reference executor


def _compare(got, want, dtype):
    np.testing.assert_allclose(got.detach().numpy(), want.detach().numpy(), **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn,extra", PATTERNS, ids=[p[0].__name__ for p in PATTERNS])
def test_pattern_is_one_kernel_and_matches_eager_and_torch(fn, extra, dtype):
    shape = (6, 5, 137)  # rows long enough for log_softmax's (Note [Decomposing softmax])
    mine, theirs = _args(fn, extra, shape, dtype)
    compiled = al.compile(fn)
    graph = compiled.graph(*mine)
    _check_one_kernel(graph)
    for _ in range(2):  # capture, then replay
        got = compiled(*mine)
    assert compiled.stats["replays"] >= 1 and compiled.stats["eager"] == 0
    eager = fn(*mine)
    want = _torch_twin(fn)(*theirs)
    _compare(got, eager, dtype)
    _compare(got, want, dtype)
    grad = np.random.default_rng(1).standard_normal(shape)
    wants = [t for t in theirs if t.requires_grad]
    mines = [t for t in mine if t.requires_grad]
    g_mine = al.autograd.grad(got, mines, al.tensor(grad, dtype=getattr(al, dtype)))
    g_eager = al.autograd.grad(eager, mines, al.tensor(grad, dtype=getattr(al, dtype)))
    g_torch = torch.autograd.grad(want, wants, torch.tensor(grad, dtype=getattr(torch, dtype)))
    for a, b, c in zip(g_mine, g_eager, g_torch):
        _compare(a, b, dtype)
        np.testing.assert_allclose(a.numpy(), c.numpy(), **{k: 20 * v for k, v in
                                                             TOL[dtype].items()})


def test_short_log_softmax_rows_keep_the_one_pass_kernel():
    x, b = al.randn(8, 16), al.randn(16)
    graph = al.compile(builtin_log_softmax).graph(x, b)
    assert "log_softmax.int" in [n.op for n in graph.nodes]
    x, b = al.randn(8, 128), al.randn(128)
    graph = al.compile(builtin_log_softmax).graph(x, b)
    _check_one_kernel(graph)


def test_softmax_backward_is_one_kernel():
    x = al.randn(8, 40, requires_grad=True)
    graph = al.compile(lambda x: x.softmax(-1)).graph(x)
    # alone, the forward is eager's one-pass kernel (Note [Decomposing softmax])
    assert [n.op for n in graph.nodes] == ["softmax.int"] and not graph.groups, graph
    _check_one_kernel(graph.backward)  # y * (g - sum(g * y, -1))
    graph = al.compile(lambda x: (x * 2).softmax(-1)).graph(x)  # in a chain: one row kernel
    _check_one_kernel(graph)
    graph = al.compile(softmax).graph(x)
    assert len(_row_groups(graph.backward)) >= 1


def test_two_passes_over_the_cached_row_are_one_kernel():
    # mean, then the mean of the centred row: two reductions in sequence, one kernel
    x = al.randn(16, 33, dtype=al.float64)
    graph = al.compile(layer_norm).graph(x, al.ones(33, dtype=al.float64),
                                         al.zeros(33, dtype=al.float64))
    (group,) = graph.groups.values()
    assert [s.op for s in group.spec.steps if s.op == "mean"] == ["mean", "mean"]


@pytest.mark.parametrize("shape", [(1, 2), (3, 1, 9), (7, 3), (2, 3, 4, 129), (5, 4097),
                                   (4, 1), (0, 5)])
@pytest.mark.parametrize("fn,extra", [(softmax, 0), (layer_norm, 2), (centered_unsqueeze, 0)],
                         ids=["softmax", "layer_norm", "unsqueeze"])
def test_odd_shapes(fn, extra, shape):
    # (4, 1): the reduced dim is 1, which leaves the reduction a node of its own
    mine, theirs = _args(fn, extra, shape, "float64", grad=False)
    compiled = al.compile(fn)
    got = compiled(*mine)
    _compare(got, fn(*mine), "float64")
    _compare(got, _torch_twin(fn)(*theirs), "float64")
    graph = compiled.graph(*mine)
    assert bool(_row_groups(graph)) == (shape[-1] > 1), graph


@pytest.mark.parametrize("layout", ["transposed", "sliced", "broadcast_rows", "permuted"])
def test_non_contiguous_inputs(layout):
    rng = np.random.default_rng(3)
    if layout == "transposed":
        x = al.tensor(rng.standard_normal((33, 12))).t()
    elif layout == "sliced":
        x = al.tensor(rng.standard_normal((12, 66)))[:, ::2]
    elif layout == "broadcast_rows":
        x = al.tensor(rng.standard_normal((1, 33))).expand(12, 33)
    else:
        x = al.tensor(rng.standard_normal((4, 33, 3))).permute(0, 2, 1)
    w, b = al.tensor(rng.standard_normal(33)), al.tensor(rng.standard_normal(33))
    for fn, args in ((softmax, (x,)), (layer_norm, (x, w, b))):
        compiled = al.compile(fn)
        got = compiled(*args)
        assert _row_groups(compiled.graph(*args))
        _compare(got, fn(*args), "float64")
        t_args = [torch.tensor(a.contiguous().numpy()) for a in args]
        _compare(got, _torch_twin(fn)(*t_args), "float64")


def test_row_values_read_outside_the_group_are_its_outputs():
    # the mean (keepdim=False, unsqueezed) and the rstd are results too
    def stats(x):
        m = x.mean(-1)
        c = x - m.unsqueeze(-1)
        r = (c * c).mean(-1, keepdim=True).add(1e-5).rsqrt()
        return c * r, m, r

    x = al.randn(9, 21, dtype=al.float64)
    compiled = al.compile(stats)
    got = compiled(x)
    want = stats(x)
    for a, b in zip(got, want):
        assert a.shape == b.shape
        _compare(a, b, "float64")
    _check_one_kernel(compiled.graph(x))


def test_two_trailing_dims():
    def norm2(x):
        c = x - x.mean((-2, -1), keepdim=True)
        return c / (c * c).sum((-2, -1), keepdim=True).add(1).sqrt()

    x = al.randn(5, 6, 7, dtype=al.float64)
    compiled = al.compile(norm2)
    _compare(compiled(x), norm2(x), "float64")
    (group,) = compiled.graph(x).groups.values()
    assert group.spec.row_dims == 2


def test_results_do_not_depend_on_the_thread_count():
    x = al.randn(64, 1000)
    w, b = al.randn(1000), al.randn(1000)
    before = al.get_num_threads()
    results = []
    try:
        for n in (1, 2, 3):
            al.set_num_threads(n)
            results.append(al.compile(layer_norm)(x, w, b).numpy().copy())
    finally:
        al.set_num_threads(before)
    assert all(np.array_equal(results[0], r) for r in results[1:])


def test_sum_of_a_row_equals_eagers_bit_for_bit():
    # The row sums fold as reduce.h folds a contiguous run (Note [Row kernels]).
    x = al.randn(40, 5000)
    centred = al.compile(lambda x: x - x.sum(-1, keepdim=True))(x)
    assert np.array_equal(centred.numpy(), (x - x.sum(-1, keepdim=True)).numpy())


def test_row_spec_built_kernel_matches_the_reference_executor():
    spec = FusedSpec(("float32", "float32"), (
        FusedStep("mul.Tensor", (("in", 0), ("in", 1)), "float32"),
        FusedStep("amax", (("step", 0),), "float32"),
        FusedStep("mul.Tensor", (("step", 1), ("const", 0.5)), "float32"),
        FusedStep("sub.Tensor", (("step", 0), ("step", 2), ("const", 1)), "float32"),
        FusedStep("sum", (("step", 3),), "float32"),
    ), (3, 4), row_dims=1)
    a, b = al.randn(6, 50), al.randn(50)
    built = compile_fused(spec)([a, b])
    reference = eager_fused(spec)([a, b])
    assert [t.shape for t in built] == [(6, 50), (6, 1)]
    for x, y in zip(built, reference):
        np.testing.assert_allclose(x.numpy(), y.numpy(), rtol=1e-6, atol=1e-6)


def test_row_spec_errors_name_the_bad_step():
    bad = FusedSpec(("float32",), (
        FusedStep("sum", (("in", 0),), "float32"),
        FusedStep("sum", (("step", 0),), "float32"),
    ), (1,), row_dims=1)
    with pytest.raises(FusionBuildError, match=r"step 1 \(sum\) must reduce an element-level"):
        compile_fused(bad)
    with pytest.raises(ValueError, match="a row reduction takes one element-level argument"):
        eager_fused(bad)
    wrong_dtype = FusedSpec(("float32",), (FusedStep("sum", (("in", 0),), "float64"),
                                           FusedStep("mul.Tensor", (("in", 0), ("step", 0)),
                                                     "float64")), (1,), row_dims=1)
    with pytest.raises(FusionBuildError, match="reduces float32 into float64"):
        compile_fused(wrong_dtype)
