"""Every differentiable op's formula (or, for composite ops, its decomposition) against
finite differences, driven by the op table: a new op is checked by adding its row, and a
differentiable op without a row fails ``test_every_differentiable_op_has_a_row``.

An overload is *differentiable* when derivatives.yaml gives it a formula for a differentiable
output, or when it is a CompositeImplicitAutograd op that accepts floating inputs and does not
always return bool. Which overload a row exercises is read from ``al.trace_dispatch()``, so
rows need no extra bookkeeping.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from op_table import CASES, DEVICE, case_id

ROOT = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=None)
def differentiable_ops() -> frozenset[str]:
    from tools.codegen.load import load
    from tools.codegen.model import SchemaKind

    spec = load(ROOT / "native_functions.yaml", ROOT / "derivatives.yaml", runtime_root=ROOT)
    found = set()
    for d in spec.derivatives:
        outs = d.output_differentiability or (True,) * len(d.func.returns)
        if d.formulas and any(outs) and d.func.kind() is SchemaKind.functional:
            found.add(str(d.func.name))
    for nf in spec.native:
        floating = any(t.startswith("float") for t in nf.dtypes)
        if ("CompositeImplicitAutograd" in nf.dispatch and nf.func.kind() is SchemaKind.functional
                and floating and nf.type_promotion != "always_bool"):
            found.add(str(nf.func.name))
    return frozenset(found - sparse_only_ops(spec))


def sparse_only_ops(spec) -> frozenset[str]:
    """Ops whose one kernel is SparseCPU: they take sparse tensors, which the op table's
    samples are not; tests/test_sparse.py gradchecks each of them."""
    return frozenset(str(nf.func.name) for nf in spec.native if set(nf.dispatch) == {"SparseCPU"}
                     and nf.elementwise is None and nf.reduction is None)


def _inputs(sample, requires_grad: bool) -> tuple[list, dict]:
    """NumPy floating arrays become float64 tensors (requiring grad when asked); integer and
    bool arrays (indices, masks) become tensors that do not; lists (Tensor[] arguments) are
    converted element by element; DEVICE is cpu; numbers stay numbers."""
    def convert(x):
        if isinstance(x, (np.ndarray, np.generic)):  # a 0-dim sample may be a NumPy scalar
            x = np.asarray(x)
            if x.dtype.kind == "f":
                t = al.tensor(x.astype(np.float64))
                return t.requires_grad_() if requires_grad else t
            return al.tensor(x)
        if isinstance(x, list):
            return [convert(e) for e in x]
        return "cpu" if x is DEVICE else x
    return [convert(a) for a in sample.args], {k: convert(v) for k, v in sample.kwargs.items()}


def _arrays(args):
    """The NumPy arrays among a sample's arguments, looking inside lists."""
    for a in args:
        if isinstance(a, list):
            yield from _arrays(a)
        elif isinstance(a, (np.ndarray, np.generic)):
            yield np.asarray(a)


def _ops_run(case, sample) -> set[str]:
    """Every op the sample dispatches, including those inside a composite op (whose formulas
    gradcheck of the composite exercises)."""
    args, kwargs = _inputs(sample, requires_grad=False)
    with al.trace_dispatch() as trace:
        case.fn(*args, **kwargs)
    return {r.op for r in trace}


def _float64_samples():
    for case in CASES:
        if "float64" not in case.dtypes:
            continue
        for i, sample in enumerate(case.samples("float64")):
            yield pytest.param(case, sample, id=f"{case_id(case)}-{i}-{sample.note or 'sample'}")


def _checked_samples():
    """(case, sample, ops) for every float64 sample whose op is differentiable."""
    out = []
    for p in _float64_samples():
        case, sample = p.values
        ops = _ops_run(case, sample) & differentiable_ops()
        if ops and any(a.dtype.kind == "f" for a in _arrays(sample.args)):
            out.append(pytest.param(case, sample, id=p.id))
    return out


def _fn(case, args, kwargs, slots):
    """The op as a function of the tensors that require grad only (gradcheck's inputs);
    ``slots`` says where each goes: argument i, or element j of list argument i."""
    def fn(*diff):
        full = [list(a) if isinstance(a, list) else a for a in args]
        for (i, j), t in zip(slots, diff):
            if j is None:
                full[i] = t
            else:
                full[i][j] = t
        out = case.fn(*full, **kwargs)
        # Several outputs (split, max.dim): all are checked; integer ones are skipped.
        return tuple(out) if case.multi else out
    return fn


# Where an op's derivative is only defined on part of the row's sample domain.
_GRAD_DOMAIN = {
    # d/dp x**p = x**p log(x) needs x > 0; the row's bases are any sign.
    "pow": lambda args: [np.abs(args[0]) + 0.5, *args[1:]],
}


def _requiring_grad(x) -> bool:
    return isinstance(x, al.Tensor) and x.requires_grad


def _prepare(case, sample):
    if case.name in _GRAD_DOMAIN:
        sample = dataclasses.replace(sample, args=tuple(_GRAD_DOMAIN[case.name](list(sample.args))))
    args, kwargs = _inputs(sample, requires_grad=True)
    slots = []
    for i, a in enumerate(args):
        if isinstance(a, list):
            slots += [(i, j) for j, t in enumerate(a) if _requiring_grad(t)]
        elif _requiring_grad(a):
            slots.append((i, None))
    inputs = tuple(args[i] if j is None else args[i][j] for i, j in slots)
    return _fn(case, args, kwargs, slots), inputs


@pytest.mark.parametrize("case, sample", _checked_samples())
def test_gradcheck(case, sample):
    fn, inputs = _prepare(case, sample)
    assert al.autograd.gradcheck(fn, inputs)


def _arithmetic(case) -> bool:
    """Unary and binary elementwise arithmetic: what gradgradcheck must cover."""
    from aten_lite import _dispatch

    handles = [h for h in _dispatch.handles().values() if h.base == case.name]
    return any(h.elementwise for h in handles) and case.result != "bool"


@pytest.mark.parametrize("case, sample",
                         [p for p in _checked_samples() if _arithmetic(p.values[0])])
def test_gradgradcheck_arithmetic(case, sample):
    fn, inputs = _prepare(case, sample)
    assert al.autograd.gradgradcheck(fn, inputs)


@pytest.mark.parametrize("case, sample", [p for p in _checked_samples() if p.values[0].name
                                          in ("softmax", "log_softmax", "logsumexp")])
def test_gradgradcheck_softmax_family(case, sample):
    # Their backward formulas are made of differentiable ops, so they differentiate again.
    fn, inputs = _prepare(case, sample)
    assert al.autograd.gradgradcheck(fn, inputs)


def _graph_names(t) -> list[str]:
    """Names of every node of t's graph, each once."""
    seen, stack, names = set(), [t.grad_fn], []
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        names.append(node.name())
        stack.extend(fn for fn, _ in node.next_functions)
    return names


def test_softmax_ops_record_one_node_and_logsumexp_not_its_max():
    x = al.tensor([[0.5, -1.0, 2.0], [3.0, 0.0, 1.0]], dtype=al.float64, requires_grad=True)
    assert _graph_names(x.softmax(1)) == ["SoftmaxBackward0", "AccumulateGrad"]
    assert _graph_names(x.log_softmax(0)) == ["LogSoftmaxBackward0", "AccumulateGrad"]
    # log(sum(exp(x - m))) + m does not depend on the shift m: no node computes it.
    names = _graph_names(al.logsumexp(x, 1))
    assert "AmaxBackward0" not in names and "WhereBackward0" not in names
    assert "ExpBackward0" in names


def test_every_differentiable_op_has_a_row():
    covered = set()
    for p in _checked_samples():
        covered |= _ops_run(*p.values)
    missing = sorted(differentiable_ops() - covered)
    assert not missing, (
        f"differentiable ops without a float64 row in tests/op_table.py: {', '.join(missing)}; "
        "add a row so that gradcheck covers them")


def test_gradcheck_reports_the_worst_element():
    x = al.tensor([0.5, -1.0, 2.0], dtype=al.float64, requires_grad=True)

    def wrong_square(t):  # d/dt t*t is 2t; this claims t (a detached factor)
        return t * t.detach()

    with pytest.raises(al.autograd.GradcheckError) as e:
        al.autograd.gradcheck(wrong_square, (x,))
    assert str(e.value) == (
        "Jacobian mismatch for output 0 with respect to input 0: 3 of 9 elements differ; "
        "worst at output element 2, input element 2: numerical 4, analytical 2 "
        "(|difference| 2 > atol 1e-05 + rtol 0.001 * |numerical|)")
    assert al.autograd.gradcheck(wrong_square, (x,), raise_exception=False) is False


def test_gradcheck_wants_float64():
    x = al.tensor([1.0], requires_grad=True)
    with pytest.raises(ValueError) as e:
        al.autograd.gradcheck(al.exp, (x,))
    assert str(e.value) == ("gradcheck: input 0 is float32; inputs that require grad must be "
                            "float64 (finite differences in lower precision are mostly "
                            "rounding noise)")


@pytest.mark.parametrize("name", ["add_", "sub_", "mul_", "div_", "pow_", "relu_", "neg_"])
def test_in_place_variants_use_the_functional_formula(name):
    a = al.tensor([[0.5, 1.5], [2.0, 0.7]], dtype=al.float64, requires_grad=True)
    b = al.tensor([[1.2, 0.4], [0.9, 1.1]], dtype=al.float64, requires_grad=True)
    unary = name in ("relu_", "neg_")

    def fn(x, y):
        out = x.clone()  # a non-leaf: in-place writes rebase its history
        return getattr(out, name)() if unary else getattr(out, name)(y)

    assert al.autograd.gradcheck(fn, (a, b))
    assert al.autograd.gradgradcheck(fn, (a, b))


@pytest.mark.parametrize("name, call", [
    ("copy_", lambda x, y: x.clone().copy_(y * 2)),
    ("fill_", lambda x, y: x.clone().fill_(3.0) * y),
    ("zero_", lambda x, y: x.clone().zero_() + y),
    ("masked_fill_", lambda x, y: (x * y).masked_fill_(al.tensor([[True, False], [False, True]]), 0.0)),
])
def test_in_place_only_ops(name, call):
    a = al.tensor([[0.5, 1.5], [2.0, 0.7]], dtype=al.float64, requires_grad=True)
    b = al.tensor([[1.2, 0.4], [0.9, 1.1]], dtype=al.float64, requires_grad=True)
    assert al.autograd.gradcheck(call, (a, b))
