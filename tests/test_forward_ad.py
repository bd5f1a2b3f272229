"""Forward mode on every op row: the tangent of each output against finite
differences and against the backward nodes' Jacobian, for every row of tests/op_table.py that
tests/test_gradcheck_ops.py gradchecks; and the count of ops with forward mode, which must
cover every differentiable op of derivatives.yaml.
"""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
import aten_lite.autograd.forward_ad as fwAD
from conftest import SUMMARY
from test_gradcheck_ops import _checked_samples, _prepare, differentiable_ops

EPS = 1e-6


def _float_outputs(out) -> list:
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    return [o for o in outs if isinstance(o, al.Tensor) and o.dtype.is_floating_point]


def _np(t) -> np.ndarray:
    """A tensor's values (dense form for a sparse one), detached."""
    t = t.detach()
    return (t.to_dense() if t.is_sparse else t).numpy().copy()


def _tangents(inputs, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [al.tensor(rng.standard_normal(tuple(x.shape))) for x in inputs]


def _forward(fn, inputs, tangents) -> tuple[list, list]:
    """(output values, their tangents) by forward mode; a missing tangent is zero."""
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x.detach(), t) for x, t in zip(inputs, tangents)]
        outs = _float_outputs(fn(*duals))
        pairs = [fwAD.unpack_dual(o) for o in outs]
        values = [_np(p.primal) for p in pairs]
        tans = [np.zeros(v.shape) if p.tangent is None else _np(p.tangent)
                for p, v in zip(pairs, values)]
    return values, tans


def _central_difference(fn, inputs, tangents) -> list:
    def at(sign):
        xs = [al.tensor(x.detach().numpy() + sign * EPS * t.numpy()) for x, t in zip(inputs, tangents)]
        return [_np(o).astype(np.float64) for o in _float_outputs(fn(*xs))]
    return [(p - m) / (2 * EPS) for p, m in zip(at(1), at(-1))]


def _like(o, rng):
    """A random cotangent for output ``o`` (sparse with o's pattern when o is sparse)."""
    u = al.tensor(rng.standard_normal(tuple(o.shape)))
    return u.sparse_mask(o.detach().coalesce()) if o.is_sparse else u


def _close(a, b, what: str) -> None:
    np.testing.assert_allclose(a, b, rtol=1e-3, atol=1e-5, err_msg=what)


@pytest.mark.parametrize("case, sample", _checked_samples())
def test_forward_gradcheck(case, sample):
    fn, inputs = _prepare(case, sample)
    tangents = _tangents(inputs, seed=len(case.name))
    values, tans = _forward(fn, inputs, tangents)
    # The primal is what the op computes without tangents.
    plain = [_np(o) for o in _float_outputs(fn(*[x.detach() for x in inputs]))]
    for v, p in zip(values, plain):
        np.testing.assert_array_equal(v, p)
    # Against finite differences of the op along the tangent.
    for k, (t, fd) in enumerate(zip(tans, _central_difference(fn, inputs, tangents))):
        _close(t, fd, f"output {k}: tangent vs finite differences")
    # Against the backward nodes: <u, J t> (forward) == <J^T u, t> (reverse).
    outs = [o for o in _float_outputs(fn(*inputs)) if o.requires_grad]
    if not outs:
        return
    rng = np.random.default_rng(1)
    us = [_like(o, rng) for o in outs]
    grads = al.autograd.grad(outs, list(inputs), us, allow_unused=True)
    reverse = sum(float((g.to_dense() if g.is_sparse else g).mul(t).sum())
                  for g, t in zip(grads, tangents) if g is not None)
    diff_outs = [i for i, o in enumerate(_float_outputs(fn(*inputs))) if o.requires_grad]
    forward = sum(float((_np(u) * tans[i]).sum()) for u, i in zip(us, diff_outs))
    _close(forward, reverse, "<u, J t> by forward mode vs <J^T u, t> by the backward nodes")


def _forward_table():
    from aten_lite._generated import forward_rules

    return forward_rules


def test_every_differentiable_op_has_forward_mode():
    """Every op test_gradcheck_ops.py calls differentiable has a forward rule (or is composite:
    its decomposition carries the tangents); the count is shown at the end of the run."""
    from aten_lite.dispatch import dispatcher as _dispatch

    rules = _forward_table()
    handles = _dispatch.handles()
    origins = {op: origin for op, (origin, _) in rules.ORIGINS.items() if origin != "none"}
    composite = {name for name, h in handles.items() if h.composite and h.kind == "functional"}
    diff = differentiable_ops()
    missing = sorted(op for op in diff if op not in origins and op not in composite)
    assert not missing, f"differentiable ops without a forward rule: {missing}"
    assert set(rules.RULES) == set(origins)  # a rule is generated for every origin but none
    counts: dict[str, int] = {}
    for op in diff:
        origin = origins.get(op, "composite")
        counts[origin] = counts.get(origin, 0) + 1
    detail = ", ".join(f"{counts[k]} {k}" for k in sorted(counts))
    SUMMARY.append(f"forward mode: {len(diff)} of {len(diff)} differentiable ops ({detail})")


# ---- second order: forward over reverse, reverse over forward ----


def _gradient(fn, xs, us) -> list:
    """J(xs)^T u as arrays (zeros where an input gets no gradient)."""
    outs = [o for o in _float_outputs(fn(*xs)) if o.requires_grad]
    grads = al.autograd.grad(outs, list(xs), us[:len(outs)], allow_unused=True)
    return [np.zeros(tuple(x.shape)) if g is None else _np(g) for g, x in zip(grads, xs)]


def _leaves(inputs) -> list:
    return [x.detach().requires_grad_() for x in inputs]


@pytest.mark.parametrize("case, sample", _checked_samples())
def test_second_order_both_ways(case, sample):
    """d/de of J(x + e t)^T u, by finite differences of the backward, by forward mode through
    the backward pass (forward over reverse), and by the backward of <u, J t> (reverse over
    forward): the Hessian-vector product of <u, f>."""
    fn, inputs = _prepare(case, sample)
    tangents = _tangents(inputs, seed=7)
    outs = [o for o in _float_outputs(fn(*inputs)) if o.requires_grad]
    if not outs:
        return
    rng = np.random.default_rng(3)
    us = [_like(o, rng) for o in outs]

    def shifted(sign):
        xs = [al.tensor(x.detach().numpy() + sign * EPS * t.numpy()).requires_grad_()
              for x, t in zip(inputs, tangents)]
        return _gradient(fn, xs, us)
    fd = [(p - m) / (2 * EPS) for p, m in zip(shifted(1), shifted(-1))]

    leaves = _leaves(inputs)
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x, t) for x, t in zip(leaves, tangents)]
        douts = [o for o in _float_outputs(fn(*duals)) if o.requires_grad]
        grads = al.autograd.grad(douts, duals, us, allow_unused=True)
        fwd_rev = [np.zeros(tuple(x.shape)) if g is None or fwAD.unpack_dual(g).tangent is None
                   else _np(fwAD.unpack_dual(g).tangent) for g, x in zip(grads, leaves)]
    for k, (a, b) in enumerate(zip(fwd_rev, fd)):
        _close(a, b, f"input {k}: forward over reverse vs finite differences")

    leaves = _leaves(inputs)
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x, t) for x, t in zip(leaves, tangents)]
        pairs = [fwAD.unpack_dual(o) for o in _float_outputs(fn(*duals)) if o.requires_grad]
        terms = [(p.tangent.to_dense() if p.tangent.is_sparse else p.tangent).mul(
            u.to_dense() if u.is_sparse else u).sum() for p, u in zip(pairs, us)
            if p.tangent is not None and p.tangent.requires_grad]
    if not terms:  # the tangent does not depend on x: a zero second derivative
        for b in fd:
            _close(np.zeros_like(b), b, "tangent independent of x but the gradient moves")
        return
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    grads = al.autograd.grad(total, leaves, allow_unused=True)
    rev_fwd = [np.zeros(tuple(x.shape)) if g is None else _np(g) for g, x in zip(grads, leaves)]
    for k, (a, b) in enumerate(zip(rev_fwd, fd)):
        _close(a, b, f"input {k}: reverse over forward vs finite differences")
