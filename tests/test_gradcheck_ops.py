"""Every differentiable op's formula (or, for composite ops, its decomposition) against
finite differences, driven by the op table: a new op is checked by adding its row, and a
differentiable op without a row fails ``test_every_differentiable_op_has_a_row``. Every row is
also gradgradchecked (double backward through the recorded backward) and, where torch is
installed, its gradients are compared with torch's.

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
from op_table import DEVICE, GRAD_CASES, case_id

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
    for case in GRAD_CASES:  # hand-written rows, then those derived from the YAML
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
    """Unary and binary elementwise arithmetic: what gradgradcheck must cover at least."""
    from aten_lite.dispatch import dispatcher as _dispatch

    handles = [h for h in _dispatch.handles().values() if h.base == case.name]
    return any(h.elementwise for h in handles) and case.result != "bool"


# Double backward not supported yet, by sample id: the backward of a sparse input calls ops
# with no derivative of their own. Strict, so a fix shows up as a failure.
_NO_DOUBLE_BACKWARD: set[str] = set()  # sample ids whose double backward is known not to work


def _double_backward_samples():
    out = []
    for p in _checked_samples():
        marks = ()
        if p.id in _NO_DOUBLE_BACKWARD:
            marks = pytest.mark.xfail(raises=RuntimeError, strict=True,
                                      reason="a sparse backward op has no derivative")
        out.append(pytest.param(*p.values, id=p.id, marks=marks))
    return out


@pytest.mark.parametrize("case, sample", _double_backward_samples())
def test_gradgradcheck(case, sample):
    # Every formula is made of differentiable ops, so with create_graph=True the backward is
    # recorded and differentiates again: double backward works for every row.
    fn, inputs = _prepare(case, sample)
    assert al.autograd.gradgradcheck(fn, inputs)


def test_gradgradcheck_covers_the_arithmetic_ops():
    checked = {p.values[0].name for p in _double_backward_samples() if not p.marks}
    arithmetic = {p.values[0].name for p in _checked_samples() if _arithmetic(p.values[0])}
    assert {"neg", "exp", "log", "sqrt", "add", "sub", "mul", "div", "pow"} <= arithmetic
    assert arithmetic <= checked
    assert _NO_DOUBLE_BACKWARD <= {p.id for p in _checked_samples()}  # no stale entries


# ---- against torch (skipped without it) ----

# Rows torch cannot run as written, by sample id (or case name for every sample).
_NOT_IN_TORCH = {
    "linalg_cholesky": "aten_lite's gradient is onto the lower triangle LAPACK reads, torch's "
                       "the symmetric one (equal through A = X X^T: tests/test_linalg.py)",
    "_linalg_eigh": "aten_lite's own op (torch's takes UPLO as a string; test_linalg.py "
                    "compares eigh's gradients)",
    "_linalg_svd-1-wide": "numpy's LAPACK and torch's pick other signs for this U and Vh "
                          "(gradcheck covers it; test_linalg.py compares sign-free uses)",
    "_linalg_qr": "aten_lite's own op (torch's linalg_qr takes mode as a string; "
                  "test_linalg.py compares qr's gradients)",
    "floor_divide": "torch has no derivative for floor_divide (aten_lite's is 0)",
    "maximum-6-Python number": "torch.maximum takes no Python number",
    "minimum-6-Python number": "torch.minimum takes no Python number",
    "_sparse_values_at": "aten_lite's own op (the gradient of sparse_coo_tensor's values)",
    # torch's backward gives src a gradient of index's shape, then rejects it (torch 2.13).
    "scatter-1-dim 1, index smaller than self and src": "torch's src gradient has index's shape",
    "scatter_add-1-dim 1, small index": "torch's src gradient has index's shape",
    "_nll_loss_backward": "aten_lite's own op (torch's nll_loss_backward takes total_weight)",
    "_gelu_backward": "aten_lite's own op (torch's gelu_backward takes approximate=)",
    "_gelu_tanh": "aten_lite's own op (torch's is gelu(approximate='tanh'); "
                  "tests/test_nn_activations.py compares its first and second derivatives)",
    "_gelu_tanh_backward": "aten_lite's own op (torch's gelu_backward takes approximate=)",
    "_tanh_backward": "aten_lite's own op (torch's tanh_backward is public; keeping this one "
                      "private leaves that name free)",
    "_log_softmax_backward": "aten_lite's own op (torch's takes input_dtype)",
    "_layer_norm": "aten_lite's own op (torch's native_layer_norm also returns mean and rstd)",
    "_layer_norm_backward": "aten_lite's own op (torch's native_layer_norm_backward gives all "
                            "three gradients)",
    "_layer_norm_weight_grad": "aten_lite's own op (torch's native_layer_norm_backward gives "
                               "all three gradients)",
    "_sdpa": "aten_lite's own op (torch's fused attention ops return several tensors)",
    "_linear": "aten_lite's own op (torch's is aten::linear; tests/test_linear_one_op.py "
               "compares F.linear's values and gradients with torch's)",
    "_softmax_backward": "aten_lite's own op (torch's _softmax_backward_data takes "
                         "input_dtype)",
    "_conv_weight_grad": "aten_lite's own op (torch's convolution_backward gives all three "
                         "gradients)",
    "_leaky_relu_backward": "aten_lite's own op (torch's leaky_relu_backward takes "
                            "self_is_result)",
    "_copy_strided": "aten_lite's own op (the kernel of its large strided copies)",
    "_elu_backward": "aten_lite's own op (torch's elu_backward takes is_result and "
                     "self_or_result)",
    "_hardtanh_backward": "private name of torch's hardtanh_backward (tests/test_nn_activations"
                          ".py compares second derivatives through hardtanh)",
    "_hardsigmoid_backward": "torch's hardsigmoid_backward has no derivative",
    "_hardswish_backward": "private name of torch's hardswish_backward (tests/test_nn_activations"
                           ".py compares second derivatives through hardswish)",
    "_shrink_backward": "aten_lite's own op (the gradient of hardshrink and of softshrink)",
    "_softplus": "private name of torch's softplus (tests/test_nn_activations.py compares it "
                  "through F.softplus)",
    "_softplus_backward": "private name of torch's softplus_backward (tests/test_nn_activations"
                          ".py compares second derivatives through softplus)",
    "_log_sigmoid_backward": "aten_lite's own op (torch's log_sigmoid_backward takes a buffer)",
    "_mish_backward": "torch's mish_backward has no derivative",
    "_threshold_backward": "private name of torch's threshold_backward (tests/test_nn_activations"
                           ".py compares second derivatives through threshold)",
}


def _to_torch(torch, x):
    if isinstance(x, al.Tensor):
        t = torch.from_numpy(x.detach().numpy().copy())
        return t.requires_grad_() if x.requires_grad else t
    if isinstance(x, list):
        return [_to_torch(torch, e) for e in x]
    if isinstance(x, type(al.float32)):
        return getattr(torch, x.name)
    return x


def _torch_call(torch, case, args, kwargs):
    if case.method:
        return getattr(args[0], case.name)(*args[1:], **kwargs)
    if case.name in ("index", "index_put", "slice") or not hasattr(torch, case.name):
        return getattr(torch.ops.aten, case.name)(*args, **kwargs)  # Tensor?[] / no binding
    return getattr(torch, case.name)(*args, **kwargs)


def _leaves(args, is_leaf):
    return [t for a in args for t in (a if isinstance(a, list) else [a]) if is_leaf(t)]


@pytest.mark.filterwarnings("ignore:Sparse invariant checks")
@pytest.mark.filterwarnings("ignore:torch.meshgrid")  # torch's call without indexing= warns
@pytest.mark.parametrize("case, sample", _checked_samples())
def test_gradients_match_torch(request, case, sample):
    """The same row, differentiated by torch with the same random output weights."""
    torch = pytest.importorskip("torch")
    name = request.node.callspec.id
    reason = _NOT_IN_TORCH.get(case.name) or _NOT_IN_TORCH.get(name)
    if reason:
        pytest.skip(reason)
    if case.derived and not (hasattr(torch, case.name) or hasattr(torch.ops.aten, case.name)):
        pytest.skip(f"torch has no op named {case.name}")  # a new op, on a derived row
    if case.name in _GRAD_DOMAIN:
        sample = dataclasses.replace(sample, args=tuple(_GRAD_DOMAIN[case.name](list(sample.args))))
    args, kwargs = _inputs(sample, requires_grad=True)
    targs = [_to_torch(torch, a) for a in args]
    tkwargs = {k: _to_torch(torch, v) for k, v in kwargs.items()}
    ours = case.fn(*args, **kwargs)
    theirs = _torch_call(torch, case, targs, tkwargs)
    ours = [o for o in (ours if case.multi else [ours]) if o.requires_grad]
    theirs = [o for o in (theirs if case.multi else [theirs]) if o.requires_grad]
    assert len(ours) == len(theirs)
    rng = np.random.default_rng(0)
    weights = [rng.standard_normal(tuple(o.shape)) for o in ours]
    inputs = _leaves(args, _requiring_grad)
    tinputs = _leaves(targs, lambda t: isinstance(t, torch.Tensor) and t.requires_grad)
    got = al.autograd.grad(ours, inputs, [al.tensor(w) for w in weights], allow_unused=True)
    want = torch.autograd.grad(theirs, tinputs, [torch.from_numpy(w) for w in weights],
                               allow_unused=True)
    for i, (g, w) in enumerate(zip(got, want)):
        g = np.zeros(inputs[i].shape) if g is None else g.to_dense().numpy()
        w = np.zeros(inputs[i].shape) if w is None else w.to_dense().numpy()
        np.testing.assert_allclose(g, w, rtol=1e-7, atol=1e-10, err_msg=f"input {i}")


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
