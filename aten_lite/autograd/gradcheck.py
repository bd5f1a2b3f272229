"""Check autograd against finite differences: ``gradcheck`` and ``gradgradcheck``.

Both build the whole Jacobian twice, once from central differences in float64 and once from
backward passes (one per output element), and compare them elementwise with
``|analytical - numerical| <= atol + rtol * |numerical|``. On a mismatch the error names the
output, the input and the single worst element, so a wrong formula is found at once.

>>> import aten_lite as al
>>> x = al.tensor([0.5, -1.0], dtype=al.float64, requires_grad=True)
>>> al.autograd.gradcheck(al.sigmoid, (x,))
True
"""

from __future__ import annotations

import functools

import numpy as np

from ..tensors.tensor import Tensor, in_line


def _in_line(fn):
    """Runs ``fn`` with kernel calls in line (docs/ASYNC.md): the checks read arrays with
    NumPy between ops."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        with in_line:
            return fn(*args, **kwargs)
    return run
from ..vocab.grad_mode import enable_grad, no_grad
from .api import grad as autograd_grad

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]


class GradcheckError(RuntimeError):
    """The analytical and numerical Jacobians disagree (the message shows where)."""


@_in_line
def gradcheck(fn, inputs, *, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
              raise_exception: bool = True) -> bool:
    """True when the gradients autograd computes for ``fn(*inputs)`` match finite
    differences; otherwise raise ``GradcheckError`` (or return False).

    Only inputs that require grad are checked; they must be float64, because differences
    taken in lower precision are mostly rounding noise. Outputs that are not floating point
    (indices, masks) are ignored.
    """
    inputs = _as_tuple(inputs)
    wrt = _differentiable_inputs(inputs, "gradcheck")
    outputs = _float_outputs(fn(*inputs))
    for i in wrt:
        numerical = _numerical(fn, inputs, i, [o.numel() for o in outputs], eps)
        for k in range(len(outputs)):
            problem = _compare(numerical[k], _analytical(outputs, k, inputs, i), atol, rtol)
            if problem is not None:
                if raise_exception:
                    raise GradcheckError(
                        f"Jacobian mismatch for output {k} with respect to input {i}: {problem}"
                    )
                return False
    return True


@_in_line
def gradgradcheck(fn, inputs, grad_outputs=None, *, eps: float = 1e-6, atol: float = 1e-5,
                  rtol: float = 1e-3, raise_exception: bool = True, seed: int = 0) -> bool:
    """gradcheck of the backward itself: the gradients of ``fn`` (taken with
    ``create_graph=True``) are differentiated with respect to the inputs and to the
    ``grad_outputs`` (random float64 ones from ``seed`` when not given)."""
    inputs = _as_tuple(inputs)
    wrt = _differentiable_inputs(inputs, "gradgradcheck")
    outputs = _float_outputs(fn(*inputs))
    if grad_outputs is None:
        rng = np.random.default_rng(seed)
        grad_outputs = tuple(
            _leaf(rng.standard_normal(o._shape)) for o in outputs if o._requires_grad)
    grad_outputs = _as_tuple(grad_outputs)
    n = len(inputs)

    def first_derivatives(*args):
        # Recorded even when gradcheck evaluates this under no_grad (finite differences):
        # the first derivatives are themselves computed by a backward pass.
        with enable_grad():
            outs = [o for o in _float_outputs(fn(*args[:n])) if o._requires_grad]
            grads = autograd_grad(outs, [args[i] for i in wrt], list(args[n:]),
                                  create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_derivatives, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)


# ---- the two Jacobians ----


def _numerical(fn, inputs, i: int, sizes: list[int], eps: float) -> list[np.ndarray]:
    """d output k / d input i by central differences, for every output k: arrays of shape
    (numel(output k), numel(input i))."""
    data = inputs[i]._a
    columns: list[list[np.ndarray]] = [[] for _ in sizes]
    with no_grad():
        for idx in np.ndindex(data.shape):
            orig = data[idx]
            data[idx] = orig + eps
            plus = [o._a.astype(np.float64).ravel() for o in _float_outputs(fn(*inputs))]
            data[idx] = orig - eps
            minus = [o._a.astype(np.float64).ravel() for o in _float_outputs(fn(*inputs))]
            data[idx] = orig
            for k, (p, m) in enumerate(zip(plus, minus)):
                columns[k].append((p - m) / (2 * eps))
    return [np.stack(cols, axis=1).reshape(n, len(cols)) if cols else np.zeros((n, 0))
            for cols, n in zip(columns, sizes)]


def _analytical(outputs, k: int, inputs, i: int) -> np.ndarray:
    """d output k / d input i from one backward pass per output element."""
    out, wrt = outputs[k], inputs[i]
    rows = []
    for m in range(out.numel()):
        if not out._requires_grad:
            rows.append(np.zeros(wrt.numel()))
            continue
        onehot = np.zeros(out._shape, dtype=out._dtype.np)
        onehot.reshape(-1)[m] = 1
        (g,) = autograd_grad([out], [wrt], [Tensor._wrap(onehot)], retain_graph=True,
                             allow_unused=True)
        rows.append(np.zeros(wrt.numel()) if g is None else _checked(g, wrt, i))
    return np.array(rows, dtype=np.float64).reshape(out.numel(), wrt.numel())


def _checked(g: Tensor, wrt: Tensor, i: int) -> np.ndarray:
    if g._shape != wrt._shape or g._dtype is not wrt._dtype:
        raise GradcheckError(
            f"the gradient for input {i} has shape {list(g._shape)} and dtype "
            f"{g._dtype.name}; expected the input's shape {list(wrt._shape)} and dtype "
            f"{wrt._dtype.name}"
        )
    return np.asarray(g._a, dtype=np.float64).ravel()


def _compare(numerical: np.ndarray, analytical: np.ndarray, atol: float, rtol: float):
    """None when all close, else a sentence about the worst element."""
    if numerical.size == 0:
        return None
    excess = np.abs(analytical - numerical) - (atol + rtol * np.abs(numerical))
    excess = np.where(np.isnan(analytical) != np.isnan(numerical), np.inf, excess)
    worst = np.unravel_index(np.nanargmax(excess), excess.shape)
    if not excess[worst] > 0:
        return None
    n, a = numerical[worst], analytical[worst]
    bad = int(np.sum(excess > 0))
    return (
        f"{bad} of {excess.size} elements differ; worst at output element {worst[0]}, input "
        f"element {worst[1]}: numerical {n:.6g}, analytical {a:.6g} (|difference| "
        f"{abs(a - n):.3g} > atol {atol:g} + rtol {rtol:g} * |numerical|)"
    )


# ---- argument handling ----


def _as_tuple(x) -> tuple:
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)


def _differentiable_inputs(inputs: tuple, who: str) -> list[int]:
    wrt = []
    for i, t in enumerate(inputs):
        if isinstance(t, Tensor) and t._requires_grad:
            if t._dtype.name != "float64":
                raise ValueError(
                    f"{who}: input {i} is {t._dtype.name}; inputs that require grad must be "
                    "float64 (finite differences in lower precision are mostly rounding noise)"
                )
            if t.is_sparse:
                raise ValueError(f"{who}: input {i} is a sparse tensor; pass its values and "
                                 "build the sparse tensor inside fn")
            if t._a is None:
                raise ValueError(f"{who}: input {i} is a meta tensor; it has no data to perturb")
            wrt.append(i)
    if not wrt:
        raise ValueError(f"{who}: no input requires grad; nothing to check")
    return wrt


def _float_outputs(out) -> list[Tensor]:
    """The floating outputs; sparse ones in their dense form (through to_dense, so the
    gradient reaches them)."""
    outs = [out] if isinstance(out, Tensor) else list(out)
    return [o.to_dense() if o.is_sparse else o for o in outs
            if isinstance(o, Tensor) and o._dtype.is_floating_point]


def _leaf(a: np.ndarray) -> Tensor:
    t = Tensor._wrap(np.asarray(a, dtype=np.float64))
    t.requires_grad = True
    return t
