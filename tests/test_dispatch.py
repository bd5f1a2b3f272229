"""Level 1 dispatch: keys from devices and layouts, misses, the Autograd key, traces,
run-time kernels (al.library), grad mode."""

from __future__ import annotations

import copy
import pickle
import re
import threading

import numpy as np
import pytest

import aten_lite as al
from aten_lite.dispatch import dispatcher as _dispatch


def fake_sparse(shape=(2,)):
    """A sparse COO tensor (its key is SparseCPU); tests/test_sparse.py tests the layout."""
    return al.ones(*shape).to_sparse()


# ---- keys ----


def test_a_dispatch_key_is_one_object_that_reads_as_its_spelling():
    # Note [Dispatch key objects]: the dispatcher compares keys with `is`, so every key a
    # tensor, a table or a record holds must be the vocabulary's own object.
    from aten_lite.vocab import dispatch_keys as K
    x = al.ones(2, 3, requires_grad=True)
    made = [al.ones(2), al.ones(2, device="meta"), al.ones(2, 2).to_sparse(),
            al.ones(2, 2, device="meta").to_sparse(), x[1:], x.t(), x.detach(), x * 2,
            al.nn.Parameter(al.ones(2)), pickle.loads(pickle.dumps(al.ones(2)))]
    for t in made:
        assert any(t._key is k for k in K.BACKEND_KEYS), (t, type(t._key))
    for h in _dispatch.handles().values():
        for k in [*h.dispatch, *h.table, *h.stacks, *h.kernel_names]:
            assert any(k is key for key in K.KEYS), (h.name, k)
    with al.trace_dispatch() as trace:
        x + x
    assert trace[0].key is K.AUTOGRAD and all(any(k is c for c in K.KEYS) for k in trace[0].keys)
    # ... and reads, prints, compares and hashes as its spelling.
    assert repr(K.CPU) == "'CPU'" and f"{K.SPARSE_CPU}" == "SparseCPU" and str(K.META) == "Meta"
    assert K.COMPOSITE == "CompositeImplicitAutograd" and {"Autograd": 1}[K.AUTOGRAD] == 1
    assert pickle.loads(pickle.dumps(K.CPU)) is K.CPU and copy.deepcopy(K.META) is K.META
    assert K.key_named("SparseCPU") is K.SPARSE_CPU and K.key_named(K.CPU) is K.CPU
    with pytest.raises(TypeError, match="key_named"):
        K.DispatchKey("CPU")
    with pytest.raises(ValueError) as e:
        al.library.impl("relu", "cpu", lambda self: self)
    assert str(e.value) == ("al.library.impl: unknown dispatch key 'cpu'; valid: CPU, Meta, "
                            "SparseCPU, CompositeImplicitAutograd, Autograd")
    with al.library.impl("relu", "CPU", lambda self: self) as registration:
        assert registration.key is K.CPU and _dispatch.handle("relu").stacks["CPU"][-1][0] \
            is registration.kernel


def test_observed_answers_the_rule_of_one_dispatch_path():
    # Note [One dispatch path]: observed when a mode is set, or grad mode records a tensor.
    from aten_lite.autograd import forward_ad as fwAD
    x, g = al.ones(2), al.ones(2, requires_grad=True)
    assert not _dispatch.observed() and not _dispatch.observed(x, 1.0, None)
    assert _dispatch.observed(x, g) and _dispatch.observed(None, g)
    with al.no_grad():
        assert not _dispatch.observed(g)
    with al.trace_dispatch():
        assert _dispatch.observed() and _dispatch.observed(x)
    with fwAD.dual_level():
        assert _dispatch.observed()
    assert not _dispatch.observed(x)


def test_mixed_devices_name_both_arguments():
    with pytest.raises(RuntimeError, match=re.escape(
            "expected all tensors on one device, got cpu (argument 'self') and meta "
            "(argument 'other')")):
        al.add(al.ones(2), al.ones(2, device="meta"))


def test_mixed_devices_inside_a_tensor_list():
    with pytest.raises(RuntimeError, match=re.escape(
            "expected all tensors on one device, got cpu (argument 'tensors[0]') and meta "
            "(argument 'tensors[1]')")):
        al.cat([al.ones(2), al.ones(2, device="meta")])


def test_a_missing_kernel_explains_itself():
    with pytest.raises(NotImplementedError, match=re.escape(
            "al.exp: no kernel for layout 'sparse_coo'; registered: CPU, Meta; exp(0) != 0, "
            "call .to_dense() first")):
        al.exp(fake_sparse())
    with pytest.raises(NotImplementedError, match=re.escape(
            "al.is_coalesced: no kernel for device 'cpu', layout 'strided'; registered: "
            "SparseCPU")):
        al.ones(2).is_coalesced()


def test_sparse_layout_wins_over_strided():
    x, s = al.ones(2), fake_sparse()
    with al.trace_dispatch() as trace:
        assert al.add(x, s).tolist() == [2.0, 2.0]
    assert (trace[0].key, trace[0].keys) == ("SparseCPU", ("SparseCPU", "CPU"))


def test_composite_ops_run_on_every_backend():
    h = _dispatch.handle("matmul")
    assert h.registered_keys() == ["CPU", "Meta", "SparseCPU"]
    assert al.matmul(al.ones(2, 3, device="meta"), al.ones(3, device="meta")).shape == (2,)


def test_only_numbers_is_a_type_error():
    with pytest.raises(TypeError, match="^al.add: expected at least one Tensor argument, got "
                                        "only Python numbers$"):
        al.add(1, 2)


def test_factory_key_comes_from_the_device_argument():
    h = _dispatch.handle("add.Tensor")
    assert h.dispatch_key((al.ones(1), 2)) == "CPU"
    assert h.dispatch_key((al.ones(1, device="meta"), 2)) == "Meta"


# ---- the Autograd key ----


def test_autograd_key_when_an_input_requires_grad():
    x = al.ones(2, requires_grad=True)
    with al.trace_dispatch() as trace:
        al.mul(x, 2.0)
        with al.no_grad():
            al.mul(x, 2.0)
    keys = [(r.op, r.key, r.keys, r.depth) for r in trace]
    assert keys == [("mul.Tensor", "Autograd", ("Autograd", "CPU"), 0),
                    ("mul.Tensor", "CPU", ("CPU",), 1),
                    ("mul.Tensor", "CPU", ("CPU",), 0)]


def test_the_key_scan_checks_tensor_lists():
    x = al.ones(2)
    cat = _dispatch.handle("cat")
    with pytest.raises(TypeError) as e:
        cat.call((5, 0))
    assert str(e.value) == "al.cat: argument 'tensors' must be a list of Tensors, not int"
    with pytest.raises(TypeError) as e:
        cat.call(([x, None], 0))
    assert str(e.value) == ("al.cat: argument 'tensors' must be a list of Tensors, but "
                            "element 1 is NoneType")
    # None is an element a Tensor?[] may hold (index's indices), recorded or not.
    w = al.arange(4.0).reshape(2, 2).requires_grad_()
    picked = _dispatch.handle("index.Tensor").call((w, [None, al.tensor([1])]))
    assert picked.tolist() == [[1.0], [3.0]] and picked.grad_fn.name() == "IndexBackward0"


def test_the_below_autograd_entry_runs_what_redispatch_runs():
    # The entry a recorder calls (compiled per argument shape) takes the dispatcher's in-line
    # case only for plain Tensors on one key; a number or a mode takes the general path.
    add = _dispatch.handle("add.Tensor")
    below = _dispatch.below_autograd_entry(add)
    x = al.tensor([1.0, 2.0], requires_grad=True)
    assert below(x, x, 1).tolist() == [2.0, 4.0] and below(x, 3.0, 2).tolist() == [7.0, 8.0]
    assert below(x, x, 1).grad_fn is None  # below autograd: nothing recorded
    with al.trace_dispatch() as trace:
        below(x, x, 1)
    assert [(r.op, r.key) for r in trace] == [("add.Tensor", "CPU")]
    with pytest.raises(RuntimeError, match="device"):
        below(x, al.ones(2, device="meta"), 1)


def test_autograd_falls_through_without_a_kernel():
    saved = _dispatch.autograd_hook()
    try:
        _dispatch.set_autograd_kernel(None)
        x = al.ones(2, requires_grad=True)
        assert _dispatch.handle("mul.Tensor").dispatch_key((x, 2.0)) == "CPU"
        assert al.mul(x, 2.0).tolist() == [2.0, 2.0]
    finally:
        _dispatch.set_autograd_kernel(saved)


def test_autograd_kernel_receives_the_handle_and_redispatches():
    saved = _dispatch.autograd_hook()
    seen = []

    def hook(handle, args):
        seen.append(handle.name)
        return handle.redispatch_below_autograd(args)

    try:
        _dispatch.set_autograd_kernel(hook)
        x = al.ones(2, requires_grad=True)
        assert al.add(x, x).tolist() == [2.0, 2.0]
        al.matmul(x, x)  # composite: no Autograd key of its own, its pieces have it
    finally:
        _dispatch.set_autograd_kernel(saved)
    assert seen == ["add.Tensor", "dot"]


# ---- tracing ----


def test_trace_records_key_kernel_dtype_and_path():
    x = al.ones(4)
    every_other = x[::2]
    with al.trace_dispatch() as trace:
        al.add(x, x)
        al.add(every_other, every_other)
        al.sum(x)
    first, strided, total = trace
    assert (first.op, first.overload, first.key, first.keys) == ("add.Tensor", "Tensor", "CPU",
                                                                 ("CPU",))
    assert first.kernel == "cpu: elementwise, C++ add.Tensor"
    assert (first.dtype, first.path, first.fast_path) == ("float32", 0, True)
    assert (strided.path, strided.fast_path) == (2, False)
    assert (total.op, total.dtype, total.fast_path) == ("sum", "float32", True)


def test_trace_shows_composite_decomposition_nested():
    with al.trace_dispatch() as trace:
        al.logsumexp(al.ones(2, 3), 1)
    assert trace[0].op == "logsumexp" and trace[0].kernel == "composite.logsumexp"
    assert trace[0].depth == 0 and all(r.depth == 1 for r in trace[1:])
    assert [r.op for r in trace[1:]] == ["amax", "abs", "eq.Tensor", "where.self", "sub.Tensor",
                                         "exp", "sum", "log", "add.Tensor", "reshape"]


def test_trace_prints_a_table():
    x = al.ones(2, dtype=al.float64)
    with al.trace_dispatch() as trace:
        x * x
    cpu = al.backends.cpu.get_cpu_capability()
    assert trace[0].cpu_capability == cpu
    assert str(trace) == (
        f"op          pass     key  from keys  kernel                            dtype    {'cpu':<{len(cpu)}}  path\n"
        f"----------  -------  ---  ---------  --------------------------------  -------  {'-' * len(cpu)}  ----------\n"
        f"mul.Tensor  forward  CPU  CPU        cpu: elementwise, C++ mul.Tensor  float64  {cpu}  contiguous"
    )


def test_trace_marks_the_backward_pass():
    x = al.ones(3, requires_grad=True)
    with al.trace_dispatch() as trace:
        y = (x * 2).sum()
        y.backward()
    forward = [r.op for r in trace if not r.backward and r.depth == 0]
    backward = [r.op for r in trace if r.backward and r.depth == 0]
    assert forward == ["mul.Tensor", "sum"]
    assert backward and "mul.Tensor" in backward  # MulBackward0 multiplies grad by 2
    assert "backward" in str(trace).splitlines()[-1]


def test_traced_and_untraced_calls_take_one_path():
    # Note [One dispatch path]: the fast entry defers to call() while a mode is set, and both
    # reach the kernel the table holds for the key; a trace sees the key the entry would use.
    h = al._dispatch.handle("add.Tensor")
    x = al.ones(2)
    assert h.fast_entry(x, x, 1).tolist() == h.call((x, x, 1)).tolist() == [2.0, 2.0]
    with al.trace_dispatch() as trace:
        h.fast_entry(x, x, 1)
    assert [(r.op, r.key) for r in trace] == [("add.Tensor", "CPU")]
    assert not al._dispatch.observed()


def test_trace_stops_at_the_end_of_the_block():
    with al.trace_dispatch() as trace:
        al.neg(al.ones(1))
    al.neg(al.ones(1))
    assert len(trace) == 1 and not _dispatch.observed()


# ---- al.library ----


def test_library_overrides_and_undoes():
    calls = []

    def relu_twice(self):
        calls.append(self.shape)
        return al.maximum(self, 0.0) * 2

    with al.library.impl("relu", "CPU", relu_twice) as reg:
        assert al.relu(al.tensor([-1.0, 3.0])).tolist() == [0.0, 6.0]
        assert reg.active
        with al.trace_dispatch() as trace:
            al.relu(al.ones(1))
        assert trace[0].kernel.startswith("library: ") and trace[0].kernel.endswith("relu_twice")
    assert not reg.active and calls == [(2,), (1,)]
    assert al.relu(al.tensor([-1.0, 3.0])).tolist() == [0.0, 3.0]


def test_library_decorator_stacks_and_restore():
    @al.library.impl("neg", "CPU")
    def first(self):
        return al.zeros(self.shape)

    @al.library.impl("neg", "CPU")
    def second(self):
        return al.ones(self.shape)

    try:
        assert al.neg(al.ones(1)).tolist() == [1.0]
        al.library.registrations("neg")[-1].undo()
        assert al.neg(al.ones(1)).tolist() == [0.0]
    finally:
        al.library.restore("neg")
    assert al.neg(al.ones(1)).tolist() == [-1.0] and not al.library.registrations("neg")


def test_library_fills_a_missing_key():
    with al.library.impl("exp", "SparseCPU", lambda self: "sparse exp"):
        assert al.exp(fake_sparse()) == "sparse exp"
    with pytest.raises(NotImplementedError):
        al.exp(fake_sparse())


def test_library_errors():
    with pytest.raises(ValueError, match=re.escape(
            "al.library.impl: unknown dispatch key 'GPU'; valid: CPU, Meta, SparseCPU, "
            "CompositeImplicitAutograd, Autograd")):
        al.library.impl("relu", "GPU", lambda self: self)
    with pytest.raises(KeyError, match=re.escape(
            "op 'div' has several overloads; name one: div.Tensor, div.Tensor_out, "
            "div.Tensor_mode, div.out_mode")):
        al.library.impl("div", "CPU", lambda self: self)
    with pytest.raises(KeyError, match="no op named 'relux'; did you mean relu"):
        al.library.impl("relux", "CPU", lambda self: self)
    assert al.library.schema("add.Tensor") == "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"


# ---- versions, threads, grad mode ----


def test_inplace_bumps_the_shared_version_of_views():
    x = al.zeros(4)
    view = x[1:]
    before = x._version
    view.add_(1.0)
    al.add(x, 1.0, out=x)
    assert x._version == view._version == before + 2


def test_num_threads_round_trip():
    n = al.get_num_threads()
    try:
        al.set_num_threads(1)
        assert al.get_num_threads() == 1
    finally:
        al.set_num_threads(n)
    with pytest.raises(ValueError, match=re.escape("set_num_threads expects a positive int, got 0")):
        al.set_num_threads(0)


def test_grad_mode_is_thread_local_and_decorates():
    seen = {}

    def worker():
        seen["thread"] = al.is_grad_enabled()

    with al.no_grad():
        t = threading.Thread(target=worker)
        t.start()
        t.join()
        assert not al.is_grad_enabled()
        with al.enable_grad():
            assert al.is_grad_enabled()
    assert seen["thread"] and al.is_grad_enabled()

    @al.no_grad()
    def inside():
        return al.is_grad_enabled()

    @al.set_grad_enabled(False)
    def inside_too():
        return al.is_grad_enabled()

    assert not inside() and not inside_too() and al.is_grad_enabled()
    with al.set_grad_enabled(False):
        assert not al.is_grad_enabled()
    assert al.is_grad_enabled()


@pytest.mark.parametrize("call", [lambda out: al.neg(1.5, out=out),
                                  lambda out: al.add(1.5, 2, out=out)])
def test_out_with_only_numbers_as_inputs_is_a_type_error(call):
    # torch refuses these too; before, the CPU kernel raised an IndexError from inside.
    with pytest.raises(TypeError, match=r"^al\.(neg|add): expected a Tensor for '(input|self)'"):
        call(al.empty(3))


def test_an_array_where_a_dtype_goes_gets_the_signature_error():
    # NumPy answers `array == bool` elementwise; the parser used to leak NumPy's ValueError.
    with pytest.raises(TypeError, match="to"):
        al.ones(3).to(np.ones(3))


def test_an_absent_optional_tensor_keeps_the_in_line_case_and_a_present_one_is_checked():
    # nll_loss's weight is an optional tensor: absent, the fast entry decides in line;
    # present, the full scan still checks its device (Note [One dispatch path]).
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(0).standard_normal((4, 5)).astype(np.float32)
    t = np.array([0, 1, 2, 3])
    got = al.nn.functional.nll_loss(al.tensor(x), al.tensor(t))
    want = torch.nn.functional.nll_loss(torch.tensor(x), torch.tensor(t))
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)
    with pytest.raises(RuntimeError, match=r"al\.nll_loss: .*meta \(argument 'weight'\)"):
        al.nn.functional.nll_loss(al.tensor(x), al.tensor(t), weight=al.ones(5, device="meta"))
    # Below autograd too: absent, the in-line case; present, the general path checks it.
    h = _dispatch.handle("nll_loss")
    args = (al.tensor(x), al.tensor(t), None, 1, -100)
    np.testing.assert_allclose(h.redispatch_below_autograd(args).numpy(), want.numpy(), rtol=1e-6)
    with pytest.raises(RuntimeError, match=r"meta \(argument 'weight'\)"):
        h.redispatch_below_autograd(args[:2] + (al.ones(5, device="meta"),) + args[3:])
