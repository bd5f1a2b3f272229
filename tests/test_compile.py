"""al.compile: capture and replay, guards and the cache, graph breaks, fullgraph, autograd
through compiled graphs, and the printed / drawn graph. The oracle is eager aten_lite (and
NumPy for values), never the compiler itself."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile import GraphBreakError
from aten_lite.nn import functional as F


def f(x, y):
    return (x * 2 + y).relu().exp().sum()


def _np(t):
    return t.detach().numpy()


def test_compiled_value_matches_numpy_and_replays_without_capture():
    x, y = al.randn(5, 7), al.randn(5, 7)
    cf = al.compile(f)
    want = np.exp(np.maximum(_np(x) * 2 + _np(y), 0)).sum()
    for _ in range(3):
        np.testing.assert_allclose(cf(x, y).item(), want, rtol=1e-5)
    assert cf.stats == {"captures": 1, "replays": 2, "eager": 0, "evictions": 0, "split": 0,
                        "segment_builds": 0, "segment_replays": 0, "dynamic_replays": 0,
                        "size_checks": 0, "shapes_seen": 1}


def test_replay_runs_no_dispatch():
    x, y = al.randn(4), al.randn(4)
    cf = al.compile(f, fuse=False)  # (a fused group may run on the eager reference executor)
    cf(x, y)
    with al.trace_dispatch() as trace:
        cf(x, y)
    assert len(trace) == 0  # straight to the kernels (Note [Replay])


def test_decorator_and_options():
    @al.compile(fullgraph=True)
    def g(x):
        return x.exp() - 1

    x = al.randn(3)
    np.testing.assert_allclose(_np(g(x)), np.exp(_np(x)) - 1, rtol=1e-6, atol=1e-6)
    assert al.compile(g, fullgraph=True) is g and al.compile(g) is not g
    with pytest.raises(ValueError, match="cache_size must be a positive int, got 0"):
        al.compile(f, cache_size=0)
    with pytest.raises(TypeError, match="expected a function, got int"):
        al.compile(3)


def test_guard_recaptures_on_shape_dtype_strides_grad_and_scalars():
    def g(x, k):
        return x * k + 1

    cf = al.compile(g)
    x = al.randn(2, 3)
    cf(x, 2)
    cf(x, 2)
    assert cf.stats["captures"] == 1
    for args in [(al.randn(3, 3), 2), (x.double(), 2), (x.t(), 2), (x, 3), (x, 2.0)]:
        got = cf(*args)
        want = g(*args)
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(_np(got), _np(want), rtol=1e-6)
    assert cf.stats["captures"] == 6
    with al.no_grad():
        cf(x, 2)
    assert cf.stats["captures"] == 7


def test_the_default_dtype_is_guarded():
    """A factory inside the function makes the default dtype: after set_default_dtype the
    call captures again and gives eager's dtype (a stale graph returned float32 before)."""
    f = al.compile(lambda x: x + al.ones(3))
    x = al.ones(3)
    assert f(x).dtype == al.float32
    old = al.get_default_dtype()
    try:
        al.set_default_dtype(al.float64)
        got, want = f(x), x + al.ones(3)
        assert got.dtype == want.dtype == al.float64
        assert f.stats["captures"] == 2
    finally:
        al.set_default_dtype(old)
    assert f(x).dtype == al.float32 and f.stats["captures"] == 2


SCALE = 2.0


def test_closure_and_global_scalars_are_guarded():
    global SCALE
    k = 3

    @al.compile
    def g(x):
        return x * SCALE + k

    x = al.ones(2)
    assert g(x).tolist() == [5.0, 5.0]
    SCALE = 10.0
    assert g(x).tolist() == [13.0, 13.0]
    k = 0  # noqa: F841 (read through g's closure)
    assert g(x).tolist() == [10.0, 10.0]
    assert g.stats["captures"] == 3
    SCALE = 2.0


def test_gradient_hooks_on_inputs_break_the_graph():
    w = al.ones(2, requires_grad=True)
    w.register_hook(lambda g: g * 2)
    cf = al.compile(lambda x: (x * w).sum())
    cf(al.ones(2)).backward()
    np.testing.assert_array_equal(w.grad.numpy(), [2, 2])  # the hook ran once, on w
    assert cf.stats["split"] == 1  # the segment's backward ends at w, whose hook runs


def test_cache_is_bounded_least_recently_used_first():
    cf = al.compile(lambda x: x + 1, cache_size=2, dynamic=False)  # per-shape graphs
    a, b, c = al.ones(1), al.ones(2), al.ones(3)
    cf(a), cf(b), cf(a), cf(c)  # c evicts b, the least recently used
    assert cf.stats["evictions"] == 1 and len(cf._cache) == 2
    cf(a)
    assert cf.stats["captures"] == 3
    cf(b)
    assert cf.stats["captures"] == 4


def test_noncontiguous_zero_dim_and_empty_inputs():
    base = al.randn(6, 4)
    for x, y in [(base.t(), al.randn(4, 6)), (base[::2], al.randn(3, 4)),
                 (al.tensor(1.5), al.tensor(-2.0)), (al.ones(0, 3), al.ones(3))]:
        cf = al.compile(lambda a, b: (a * 2 + b).relu().exp())
        np.testing.assert_allclose(_np(cf(x, y)), _np((x * 2 + y).relu().exp()), rtol=1e-6)


def test_integer_results_are_bitwise_equal():
    def g(a, b):
        return (a * 3 + b) // 2 - (a & b)

    a = al.randint(-50, 50, (40,), dtype=al.int32)
    b = al.randint(1, 50, (40,), dtype=al.int32)
    np.testing.assert_array_equal(_np(al.compile(g)(a, b)), _np(g(a, b)))


def test_closure_tensors_are_read_by_reference():
    w = al.ones(3)

    @al.compile
    def g(x):
        return x * w

    x = al.arange(3.0)
    np.testing.assert_array_equal(_np(g(x)), [0, 1, 2])
    with al.no_grad():
        w.mul_(2)  # an optimizer-style in-place update is seen by the replay
    np.testing.assert_array_equal(_np(g(x)), [0, 2, 4])
    assert g.stats["captures"] == 1


# ---- graph breaks ----

def _data_dependent(x):
    if x.sum() > 0:  # bool() reads data: a graph break
        return x * 2
    return x - 1


def test_graph_break_splits_the_call_with_same_results():
    cf = al.compile(_data_dependent)
    for x in (al.ones(3), -al.ones(3)):
        np.testing.assert_array_equal(_np(cf(x)), _np(_data_dependent(x)))
    assert cf.stats["split"] == 2 and cf.stats["captures"] == cf.stats["eager"] == 0


def test_fullgraph_names_the_op_and_source_line():
    cf = al.compile(_data_dependent, fullgraph=True)
    line = _data_dependent.__code__.co_firstlineno + 1
    with pytest.raises(GraphBreakError, match=rf"_data_dependent: graph break at "
                       rf"Tensor.__bool__\(\) \(test_compile.py:{line}\): Tensor.item\(\): meta "
                       "tensors have no data"):
        cf(al.ones(3))


def test_breaks_item_numpy_inplace_input_and_random():
    def reads(x):
        return x * x.sum().item()

    def to_numpy(x):
        return al.from_numpy(x.numpy() * 2)

    def writes(x):
        x.add_(1)
        return x

    def draws(x):
        return x + al.randn(3)

    for fn, what in [(reads, "Tensor.item()"), (to_numpy, "Tensor.numpy()"),
                     (writes, "add_.Tensor"), (draws, "random sampling")]:
        with pytest.raises(GraphBreakError, match=rf"graph break at {what.replace('(', '.').replace(')', '.')}"):
            al.compile(fn, fullgraph=True)(al.ones(3))
        al.manual_seed(0)
        x = al.ones(3)
        got = al.compile(fn)(x)
        al.manual_seed(0)
        y = al.ones(3)
        np.testing.assert_array_equal(_np(got), _np(fn(y)))  # the break changes nothing


def test_user_errors_are_the_eager_errors():
    cf = al.compile(lambda a, b: a + b, fullgraph=True)
    with pytest.raises(Exception) as eager:
        al.ones(2) + al.ones(3)
    with pytest.raises(Exception) as compiled:
        cf(al.ones(2), al.ones(3))
    assert (type(compiled.value), str(compiled.value)) == (type(eager.value), str(eager.value))
    assert "cannot be broadcast" in str(eager.value)


def test_sparse_arguments_run_eagerly():
    s = al.sparse_coo_tensor(al.tensor([[0, 1]]), al.tensor([1.0, 2.0]), (3,))
    cf = al.compile(lambda t: t * 2)
    np.testing.assert_array_equal(_np(cf(s).to_dense()), [2, 4, 0])
    assert cf.stats["eager"] == 1
    with pytest.raises(GraphBreakError, match="sparse_coo tensor argument"):
        al.compile(lambda t: t * 2, fullgraph=True)(s)


# ---- autograd ----

def _mlp(x, w1, b1, w2, b2, y):
    h = (x @ w1 + b1).relu()
    return F.cross_entropy(h @ w2 + b2, y)


def _params(seed=0):
    al.manual_seed(seed)
    return [al.randn(8, 16, requires_grad=True), al.randn(16, requires_grad=True),
            al.randn(16, 4, requires_grad=True), al.randn(4, requires_grad=True)]


def test_backward_gives_eager_gradients():
    x, y = al.randn(5, 8), al.randint(0, 4, (5,))
    ps = _params()
    cf = al.compile(_mlp, fullgraph=True)
    for _ in range(2):  # capture, then replay
        loss = cf(x, *ps[:2], *ps[2:], y)
        loss.backward()
        got = [p.grad.numpy().copy() for p in ps]
        for p in ps:
            p.grad = None
        _mlp(x, *ps, y).backward()
        for g, p in zip(got, ps):
            np.testing.assert_allclose(g, p.grad.numpy(), rtol=1e-5, atol=1e-6)
            p.grad = None
    assert loss.grad_fn.name() == "CompiledFunctionBackward"


def test_autograd_grad_and_nonleaf_inputs():
    x = al.randn(3, requires_grad=True)
    h = x * 3  # a non-leaf input: the gradient continues into its eager history
    cf = al.compile(lambda a: (a.exp() * a).sum())
    (g,) = al.autograd.grad(cf(h), [x])
    xe = x.detach().requires_grad_()
    (ge,) = al.autograd.grad(((xe * 3).exp() * (xe * 3)).sum(), [xe])
    np.testing.assert_allclose(_np(g), _np(ge), rtol=1e-5)


def test_second_backward_and_double_backward_are_refused():
    x = al.randn(3, requires_grad=True)
    out = al.compile(lambda a: (a * a).sum())(x)
    out.backward(retain_graph=True)
    out.backward()
    np.testing.assert_allclose(_np(x.grad), 4 * _np(x), rtol=1e-6)
    with pytest.raises(RuntimeError, match="a second time"):
        out.backward()
    out = al.compile(lambda a: (a * a).sum())(x)
    with pytest.raises(RuntimeError, match="create_graph=True"):
        al.autograd.grad(out, [x], create_graph=True)


def test_sgd_training_with_module_matches_eager():
    from aten_lite import nn

    def run(compiled):
        al.manual_seed(0)
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        opt = al.optim.SGD(model.parameters(), lr=0.1)

        def step(x, y):
            return F.cross_entropy(model(x), y)

        fn = al.compile(step, fullgraph=True) if compiled else step
        g = np.random.default_rng(0)
        losses = []
        for _ in range(5):
            x = al.from_numpy(g.standard_normal((6, 8)).astype(np.float32))
            y = al.from_numpy(g.integers(0, 4, 6))
            loss = fn(x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        return losses, fn

    eager, _ = run(False)
    compiled, fn = run(True)
    np.testing.assert_allclose(compiled, eager, rtol=1e-5)
    assert fn.stats["captures"] == 1 and fn.stats["replays"] == 4


# ---- showing the graph ----

def test_printed_graph_lists_nodes_groups_schedule_and_memory(tmp_path):
    x, y = al.randn(64), al.randn(64)
    g = al.compile(f).graph(x, y)
    text = str(g)
    assert text.splitlines()[0] == ("forward graph: 2 inputs, 0 constants, 5 nodes, "
                                    "1 fused group, 1 scheduled steps")
    for op in ("mul.Tensor", "add.Tensor", "relu", "exp", "sum"):
        assert any(f"  {op}  " in line for line in text.splitlines()), op
    assert "fused g0: 4 elementwise step(s), then sum" in text
    assert "schedule: g0" in text
    assert "memory: peak intermediate bytes: compiled 4 vs eager 512" in text
    g.save_dot(tmp_path / "g.dot")
    dot = (tmp_path / "g.dot").read_text()
    assert dot.startswith("digraph G {") and "subgraph cluster_g0" in dot and dot.count("->") == 7
    g.save_svg(tmp_path / "g.svg")
    svg = (tmp_path / "g.svg").read_text()
    # 2 inputs, 5 ops, 1 output
    assert svg.startswith("<svg") and svg.count("<rect") == 8 and "#0 relu  [g0]" in svg


def test_graph_of_an_eager_call_says_why():
    s = al.sparse_coo_tensor(al.tensor([[0, 1]]), al.tensor([1.0, 2.0]), (3,))
    with pytest.raises(GraphBreakError, match="runs eagerly for these arguments: graph break"):
        al.compile(_data_dependent).graph(s)


def test_modules_compile_and_train():
    from aten_lite import nn

    al.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    cm = al.compile(model)
    x = al.randn(3, 4)
    np.testing.assert_allclose(_np(cm(x)), _np(model(x)), rtol=1e-6)
    cm(x).sum().backward()
    got = model[0].weight.grad.numpy().copy()
    model.zero_grad()
    model(x).sum().backward()
    np.testing.assert_allclose(got, model[0].weight.grad.numpy(), rtol=1e-5, atol=1e-7)


def test_only_the_front_end_imports_graph_mode():
    """Graph mode is layer 7 (front end): no runtime module below it may import it. The one
    modules of compile/ others may read are fusion_entries and library_entries, the readers of
    the generated fusion tables of aten_lite and of op libraries (pure data, no graph mode),
    from which the OpenCL and CUDA devices render their kernels."""
    import ast
    from pathlib import Path

    root = Path(al.__file__).parent
    for path in root.rglob("*.py"):
        if "compile" in path.relative_to(root).parts or path.name == "__init__.py" and path.parent == root:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                reads_table = node.level and (
                    node.module == "compile" and [a.name for a in node.names] in (
                        ["fusion_entries"], ["library_entries"])
                    or node.module in ("compile.fusion_entries", "compile.library_entries"))
                if reads_table:
                    continue
                names = [node.module or ""] + [a.name for a in node.names]
                assert not any(n == "compile" or n.startswith("compile.") for n in names[:1]) \
                    and not (node.level and node.module is None and "compile" in names), \
                    f"{path.relative_to(root)}:{node.lineno} imports graph mode"


def test_the_graph_mode_page_example_runs(tmp_path, monkeypatch):
    import re
    import textwrap
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "GRAPH_MODE.md").read_text()
    code = textwrap.dedent(re.findall(r"```python\n(.*?)```", page, re.S)[0])
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(code, "docs/GRAPH_MODE.md", "exec"), scope)
    assert scope["w1"].grad is not None and (tmp_path / "step.svg").is_file()
    assert "backward graph:" in str(scope["g"])
