"""al.profiler: the events a profile records (ops with their dispatch key and dtype, kernel
intervals, record_function blocks, backward nodes, graph replays and fused groups, optimizer
steps), the key_averages table, the Chrome trace, and that nothing is recorded or swapped in
while no profile is open."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn
from aten_lite.autograd.node import Node
from aten_lite.dispatch import dispatcher
from aten_lite.rules import kernel_rules
from aten_lite.vocab import profiling, trace


def rows(prof, **kw):
    return {r.key: r for r in prof.key_averages(**kw)}


def test_counts_match_calls_and_ops_carry_both_dispatch_levels():
    x, y = al.ones(4), al.ones(4)
    with al.profiler.profile() as prof:
        for _ in range(7):
            x + y
        for _ in range(3):
            x * 2.0
    r = rows(prof)
    assert r["al::add"].count == 7 and r["al::mul"].count == 3
    add = [e for e in prof.events() if e.name == "al::add"][0]
    assert add.args["key"] == "CPU" and add.args["dtype"] == "float32"
    assert "add" in add.args["kernel"] and add.args["path"] == 0
    assert r["al::add"].dtypes == {"float32"} and r["al::add"].keys == {"CPU"}
    # the kernel lane: one C++ interval per call, inside its op, attributed to it
    kernels = [e for e in prof.events() if e.lane == "kernel" and e.args["op"] == "al::add"]
    assert len(kernels) == 7 and all(k.args["dtype"] == "float32" for k in kernels)
    for k in kernels:
        parent = k.parent
        assert parent.name == "al::add" and parent.start <= k.start <= k.end <= parent.end
    assert 0 < r["al::add"].kernel_time_total <= r["al::add"].cpu_time_total


def test_autograd_key_and_backend_key_are_one_event():
    w = al.ones(3, requires_grad=True)
    with al.profiler.profile() as prof:
        w * w
    (mul,) = [e for e in prof.events() if e.name == "al::mul"]
    assert mul.args["key"] == "Autograd > CPU" and mul.args["dtype"] == "float32"


def test_table_columns_sorting_and_row_limit():
    a = al.randn(64, 64)
    with al.profiler.profile() as prof:
        for _ in range(5):
            a @ a
        a + a
    table = prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)
    header = table.splitlines()[1]
    for col in ("Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg",
                "# of Calls"):
        assert col in header
    assert "Self CPU time total:" in table
    body = [line for line in table.splitlines()[3:] if line.strip().startswith("al::")]
    # sorted: the matmul's self time (5 calls of a 64x64 product) is the largest
    ranked = sorted(prof.key_averages(), key=lambda r: r.self_cpu_time_total, reverse=True)
    assert body[0].strip().startswith(ranked[0].key)
    by_count = prof.key_averages().table(sort_by="count", row_limit=1)
    assert "al::matmul" in by_count and "al::add " not in by_count
    # the percentages of self time add up to 100
    total = sum(r.self_cpu_time_total for r in prof.key_averages())
    assert total == pytest.approx(prof.key_averages()._total_self_ns / 1000.0)
    with pytest.raises(ValueError, match="unknown sort_by 'self_cpu'.*self_cpu_time_total"):
        prof.key_averages().table(sort_by="self_cpu")


def test_shapes_are_grouped_when_recorded():
    with al.profiler.profile(record_shapes=True) as prof:
        al.ones(2, 3) + al.ones(2, 3)
        al.ones(5) + al.ones(5)
        al.ones(5) + al.ones(5)
    adds = [r for r in prof.key_averages(group_by_input_shape=True) if r.key == "al::add"]
    assert sorted((r.input_shapes[:2], r.count) for r in adds) == [([[2, 3], [2, 3]], 1),
                                                                   ([[5], [5]], 2)]
    assert "Input Shapes" in prof.key_averages(group_by_input_shape=True).table()
    with al.profiler.profile() as plain:
        al.ones(2)
    with pytest.raises(ValueError, match="record_shapes=True"):
        plain.key_averages(group_by_input_shape=True)


def test_record_function_nests_as_context_manager_and_decorator():
    @al.profiler.record_function("decorated")
    def inner(t):
        return t * 3

    x = al.ones(2)
    with al.profiler.profile() as prof:
        with al.profiler.record_function("outer"):
            with al.profiler.record_function("middle"):
                inner(x)
    ev = {e.name: e for e in prof.events()}
    assert ev["outer"].depth == 0 and ev["middle"].depth == 1 and ev["decorated"].depth == 2
    assert ev["al::mul"].depth == 3
    assert ev["outer"].start <= ev["middle"].start <= ev["decorated"].start <= \
        ev["al::mul"].start <= ev["al::mul"].end <= ev["decorated"].end <= \
        ev["middle"].end <= ev["outer"].end
    r = rows(prof)
    # self time excludes the children: the sum of self times is the outer block's total
    assert sum(x.self_cpu_time_total for x in r.values()) == \
        pytest.approx(r["outer"].cpu_time_total)
    assert inner(x).tolist() == [3.0, 3.0]  # the decorator outside a profile just calls


def test_chrome_trace_is_valid_json_with_metadata_and_nested_complete_events(tmp_path):
    w = al.randn(4, 3, requires_grad=True)
    with al.profiler.profile() as prof:
        with al.profiler.record_function("step"):
            (w.relu() * 2).sum().backward()
    path = tmp_path / "trace.json"
    prof.export_chrome_trace(str(path))
    data = json.loads(path.read_text())
    events = data["traceEvents"]
    meta = [e for e in events if e["ph"] == "M"]
    assert {"process_name", "thread_name"} <= {e["name"] for e in meta}
    names = {e["tid"]: e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    assert any(n.startswith("python") for n in names.values())
    assert any(n.startswith("kernels") for n in names.values())
    complete = [e for e in events if e["ph"] == "X"]
    assert complete and all(isinstance(e["ts"], float) and e["dur"] >= 0 for e in complete)
    assert all(e["tid"] in names and "handle" not in e["args"] for e in complete)
    # on each lane, intervals nest or are disjoint (what the viewers draw as a stack)
    for tid in names:
        lane = sorted((e for e in complete if e["tid"] == tid),
                      key=lambda e: (e["ts"], -e["dur"]))
        stack = []
        for e in lane:
            end = e["ts"] + e["dur"]
            while stack and e["ts"] >= stack[-1] - 1e-6:
                stack.pop()
            assert not stack or end <= stack[-1] + 1e-6, e
            stack.append(end)
    step = [e for e in complete if e["name"] == "step"][0]
    inside = [e for e in complete if e["tid"] == step["tid"] and e is not step]
    assert inside and all(step["ts"] <= e["ts"] and e["ts"] + e["dur"] <= step["ts"] +
                          step["dur"] + 1e-6 for e in inside)


def test_backward_nodes_and_the_pass_are_events():
    w = al.randn(3, requires_grad=True)
    with al.profiler.profile() as prof:
        (w * w).sum().backward()
    ev = {e.name: e for e in prof.events()}
    backward = ev["autograd::engine::backward"]
    for node in ("SumBackward0", "MulBackward0"):
        assert ev[node].cat == "backward"
        assert backward.start <= ev[node].start <= ev[node].end <= backward.end
    inner = [e for e in prof.events() if e.cat == "op" and e.args.get("backward")]
    assert inner and all(backward.start <= e.start <= e.end <= backward.end for e in inner)
    np.testing.assert_allclose(w.grad.numpy(), 2 * w.detach().numpy(), rtol=1e-6)


def test_compiled_replays_show_the_graph_and_its_fused_group():
    def f(x, y):
        return (x * 2 + y).relu().exp().sum()

    cf = al.compile(f)
    x, y = al.randn(64), al.randn(64)
    expected = cf(x, y).item()  # capture outside the profile
    with al.profiler.profile() as prof:
        out = cf(x, y)
        cf(x, y)
    assert out.item() == pytest.approx(expected)
    r = rows(prof)
    assert r["graph::forward"].count == 2
    fused = [k for k in r if k.startswith("fused::")]
    assert fused == ["fused::mul+add+relu+exp+sum"] and r[fused[0]].count == 2
    assert cf(x, y).item() == pytest.approx(expected)  # and replays unprofiled afterwards


def test_compiled_op_nodes_are_events_when_not_fused():
    def g(x):
        return (x @ x).sum()

    cg = al.compile(g, fuse=False)
    x = al.randn(8, 8)
    cg(x)
    with al.profiler.profile() as prof:
        cg(x)
    ev = {e.name: e for e in prof.events()}
    graph = ev["graph::forward"]
    assert graph.depth == 0 and graph.args["steps"] == 2
    for op in ("al::mm", "al::sum"):  # matmul was captured as mm
        assert ev[op].args["key"] == "CPU (graph)" and ev[op].depth == 1
        assert graph.start <= ev[op].start <= ev[op].end <= graph.end
    assert ev["al::sum"].args["dtype"] == "float32"  # the kernel's note reached it


def test_optimizer_step_and_zero_grad_are_named_as_torch_names_them():
    model = nn.Linear(3, 2)
    opt = al.optim.AdamW(model.parameters(), lr=0.01)
    model(al.randn(4, 3)).sum().backward()
    with al.profiler.profile() as prof:
        opt.step()
        opt.zero_grad()
    r = rows(prof)
    assert r["Optimizer.step#AdamW.step"].count == 1
    assert r["Optimizer.zero_grad#AdamW.zero_grad"].count == 1
    assert r["Optimizer.step#AdamW.step"].cpu_time_total > r["Optimizer.step#AdamW.step"]. \
        self_cpu_time_total  # its ops are inside it


def test_no_events_and_nothing_swapped_when_off():
    plain_cells = [c[0] for c, _ in kernel_rules._CELLS]
    plain_cached = dict(kernel_rules._CACHED)
    apply = type((al.ones(1, requires_grad=True) * 2).grad_fn).apply
    with al.profiler.profile() as prof:
        al.ones(2) + 1
    assert prof.events()
    assert profiling.active is None and dispatcher._mode is None and trace.active is None
    def timed(entry):
        return "_timed_entry" in getattr(entry, "__qualname__", "")

    assert not any(timed(c[0]) for c, _ in kernel_rules._CELLS)
    assert all(now is was or was is None for now, was in
               zip([c[0] for c, _ in kernel_rules._CELLS], plain_cells))
    assert kernel_rules._CACHED == plain_cached
    assert type((al.ones(1, requires_grad=True) * 2).grad_fn).apply is apply
    n = len(prof.events())
    al.ones(2) + 1  # after the block: nothing more is recorded anywhere
    assert len(prof.events()) == n
    with al.profiler.record_function("nothing"):
        al.ones(2) * 2
    assert len(prof.events()) == n


def test_profile_and_trace_dispatch_together():
    x = al.ones(3)
    with al.profiler.profile() as prof:
        with al.trace_dispatch() as t:
            x + x
        x * x  # after the trace closed, the profile still gets the dtype
    assert t.ops() == ["add.Tensor"] and t[0].dtype == "float32"
    mul = [e for e in prof.events() if e.name == "al::mul"][0]
    assert mul.args["dtype"] == "float32"
    with pytest.raises(RuntimeError, match="already open"):
        with al.profiler.profile():
            with al.profiler.profile():
                pass
    assert profiling.active is None and dispatcher._mode is None


def test_threads_record_their_own_events_on_their_own_lanes():
    x = al.ones(8)
    done = []

    def work():
        for _ in range(20):
            x + x
        done.append(threading.get_ident())

    with al.profiler.profile() as prof:
        threads = [threading.Thread(target=work, name=f"worker{i}") for i in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    adds = [e for e in prof.events() if e.name == "al::add"]
    assert len(adds) == 60
    assert {e.tid for e in adds} == set(done)
    assert all(e.depth == 0 for e in adds)  # no thread saw another's open events
    assert rows(prof)["al::add"].count == 60


def test_schedule_records_only_active_steps_and_calls_on_trace_ready():
    x = al.ones(2)
    saved = []

    def ready(p):
        saved.append(sum(1 for e in p.events() if e.name == "al::add"))

    sched = al.profiler.schedule(wait=1, warmup=1, active=2, repeat=1)
    with al.profiler.profile(schedule=sched, on_trace_ready=ready) as prof:
        for step in range(6):
            for _ in range(step + 1):
                x + x
            prof.step()
    assert saved == [3 + 4]  # steps 2 and 3 (0-based) were active
    with pytest.raises(ValueError, match="active must be >= 1"):
        al.profiler.schedule(wait=0, warmup=0, active=0)


def test_record_interval_adds_a_stream_lane_and_attributes_kernel_time(tmp_path):
    x = al.ones(2)
    with al.profiler.profile() as prof:
        x + x
        t = profiling.clock()
        al.profiler._record_interval("stream", "add", t, t + 1000, {"op": "al::add"}, tid=7,
                                     cat="queue")
        al.profiler._record_interval("stream", "add", t + 1000, t + 3000, {"op": "al::add"},
                                     tid=7)
    r = rows(prof)["al::add"]
    assert r.queue_time_total == pytest.approx(1.0)
    assert r.kernel_time_total >= 2.0
    path = tmp_path / "t.json"
    prof.export_chrome_trace(str(path))
    names = [e["args"]["name"] for e in json.loads(path.read_text())["traceEvents"]
             if e["name"] == "thread_name"]
    assert "stream 7" in names
    with pytest.raises(ValueError, match="unknown lane 'gpu'"):
        with al.profiler.profile():
            al.profiler._record_interval("gpu", "x", 0, 1)
    al.profiler._record_interval("gpu", "x", 0, 1)  # no profile open: nothing, no check


def test_timeline_svg_draws_lanes_and_boxes(tmp_path):
    with al.profiler.profile() as prof:
        with al.profiler.record_function("block"):
            al.ones(3) + al.ones(3)
    path = tmp_path / "t.svg"
    prof.export_timeline_svg(str(path), title="one block")
    text = path.read_text()
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    assert "python (MainThread)" in text and "kernels (MainThread)" in text
    assert text.count("<rect") > 4 and "one block" in text


def test_bad_arguments_name_the_value():
    with pytest.raises(ValueError, match="unknown activity 'cpu'"):
        al.profiler.profile(activities=["cpu"])
    with pytest.raises(TypeError, match="name must be a str"):
        al.profiler.record_function(3)
    with al.profiler.profile(activities=[al.profiler.ProfilerActivity.CPU]) as prof:
        al.ones(1)
        with pytest.raises(RuntimeError, match="still recording"):
            prof.key_averages()


def test_errors_inside_a_profile_leave_it_consistent():
    with al.profiler.profile() as prof:
        with pytest.raises(RuntimeError):
            al.ones(2) + al.ones(3)
        al.ones(2) * 2
    mul = [e for e in prof.events() if e.name == "al::mul"][0]
    assert mul.depth == 0
    assert rows(prof)["al::add"].count == 1


def test_node_classes_get_their_plain_apply_back():
    before = {c: c.__dict__.get("apply") for c in Node.__subclasses__()}
    with al.profiler.profile():
        pass
    assert {c: c.__dict__.get("apply") for c in Node.__subclasses__()} == before


def test_with_stack_names_the_users_line_and_profile_memory_counts_returned_bytes():
    x = al.ones(4)
    with al.profiler.profile(with_stack=True, profile_memory=True) as prof:
        y = x + x  # the line the stack names
        y.view(2, 2)  # a view returns no new bytes
    add, view = [e for e in prof.events() if e.name in ("al::add", "al::view")]
    file, line = add.args["stack"].rsplit(":", 1)
    assert file == __file__ and "y = x + x" in open(file).read().splitlines()[int(line) - 1]
    r = rows(prof)
    assert r["al::add"].cpu_memory_usage == 16 and r["al::view"].cpu_memory_usage == 0
    assert "CPU Mem" in prof.key_averages().table()


def test_a_profiled_training_run_computes_what_an_unprofiled_one_does():
    rng = np.random.default_rng(0)
    x = al.from_numpy(rng.standard_normal((16, 8)).astype(np.float32))
    y = al.from_numpy(rng.integers(0, 4, 16))

    def train(profiled: bool) -> list:
        al.manual_seed(0)
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        opt = al.optim.AdamW(model.parameters(), lr=0.01)
        losses = []
        prof = al.profiler.profile(record_shapes=True, profile_memory=True, with_stack=True)
        if profiled:
            prof.start()
        for _ in range(3):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        prof.stop()
        return losses + [p.detach().numpy().copy() for p in model.parameters()]

    plain, profiled = train(False), train(True)
    for a, b in zip(plain, profiled):
        np.testing.assert_array_equal(a, b)
