"""``al.autograd.functional``: torch.autograd.functional's ``jacobian``, ``hessian``, ``vjp``,
``jvp``, ``hvp`` and ``vhp``, with its signatures and return structures: a Tensor where the
inputs (or outputs) were one Tensor, a tuple where they were a tuple (tuples of tuples for
Jacobians and Hessians of several inputs and outputs).

>>> import aten_lite as al
>>> al.autograd.functional.jacobian(lambda x: x * x, al.tensor([1.0, 2.0]))
tensor([[2., 0.],
        [0., 4.]])

They run reverse mode through ``al.autograd.grad`` (forward mode for ``jvp`` and the
forward-mode Jacobian); ``vectorize=True`` maps the backward over the identity's rows with
``al.func.vmap``. ``create_graph=False`` returns results without history.
"""

from __future__ import annotations

from ..autograd import api as _api
from ..autograd.grad_mode import enable_grad
from ..tensors.tensor import Tensor
from .. import func as _func

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _as_tuple(what: str, fn: str, x):
    """(tuple of Tensors, whether ``x`` was a tuple)."""
    if isinstance(x, Tensor):
        return (x,), False
    if isinstance(x, (tuple, list)) and all(isinstance(t, Tensor) for t in x):
        return tuple(x), True
    raise TypeError(f"The {what} given to {fn} must be either a Tensor or a tuple of Tensors "
                    f"but the value given has type {type(x)}.")


def _outputs_as_tuple(fn: str, out):
    if isinstance(out, Tensor):
        return (out,), False
    if isinstance(out, (tuple, list)) and all(isinstance(t, Tensor) for t in out):
        return tuple(out), True
    raise TypeError(f"The outputs of the user-provided function given to {fn} must be either "
                    f"a Tensor or a tuple of Tensors but the given outputs of the "
                    f"user-provided function has type {type(out)}.")


def _shaped(x, is_tuple):
    return x if is_tuple else x[0]


def _leaves(inputs: tuple, create_graph: bool) -> tuple:
    with enable_grad():
        return tuple(x.view(x.shape) if create_graph and x.requires_grad
                     else x.detach().requires_grad_() for x in inputs)


def _check_v(v: tuple, other: tuple, is_tuple: bool) -> None:
    if len(v) != len(other):
        raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got "
                           f"{len(v)}." if is_tuple else "The given v should contain a single "
                           "Tensor.")
    for i, (a, b) in enumerate(zip(v, other)):
        if a.shape != b.shape:
            pre = f"Entry {i} in " if is_tuple else ""
            raise RuntimeError(f"{pre}v has invalid size: should be {b.shape} but got "
                               f"{a.shape}.")


def _grad(outs, inputs, cots, create_graph: bool, strict: bool, what: str) -> tuple:
    """Gradients of ``outs`` (weighted by ``cots``), zeros where unused (an error under
    ``strict``)."""
    pairs = [(o, c) for o, c in zip(outs, cots) if o.requires_grad]
    found = [None] * len(inputs)
    if pairs:
        found = list(_api.grad([o for o, _ in pairs], list(inputs), [c for _, c in pairs],
                               retain_graph=True, create_graph=create_graph,
                               allow_unused=True))
    result = []
    for i, (g, x) in enumerate(zip(found, inputs)):
        if g is None:
            if strict:
                raise RuntimeError(f"The output of the user-provided function is independent "
                                   f"of input {i}. This is not allowed in strict mode.")
            g = x.detach() * 0
        result.append(g if create_graph else g.detach())
    return tuple(result)


def vjp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """``(func(inputs), v^T J)``: the vector-Jacobian product, shaped like ``inputs``."""
    inputs, in_tuple = _as_tuple("inputs", "vjp", inputs)
    xs = _leaves(inputs, create_graph)
    with enable_grad():
        outs, out_tuple = _outputs_as_tuple("vjp", func(*xs))
    if v is None:
        if out_tuple or outs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function "
                               "returns a single Tensor with a single element.")
        v = (outs[0].new_ones(outs[0].shape),)
    else:
        v, _ = _as_tuple("v", "vjp", v)
        _check_v(v, outs, out_tuple)
    grads = _grad(outs, xs, v, create_graph, strict, "vjp")
    outs = tuple(o if create_graph else o.detach() for o in outs)
    return _shaped(outs, out_tuple), _shaped(grads, in_tuple)


def jvp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """``(func(inputs), J v)``: the Jacobian-vector product (forward mode), shaped like the
    outputs."""
    inputs, in_tuple = _as_tuple("inputs", "jvp", inputs)
    if v is None:
        if in_tuple or inputs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the input to the "
                               "user-provided function is a single Tensor with a single "
                               "element.")
        v = (inputs[0].new_ones(inputs[0].shape),)
    else:
        v, _ = _as_tuple("v", "jvp", v)
        _check_v(v, inputs, in_tuple)
    out_tuple = []

    def tupled(*xs):
        outs, is_tuple = _outputs_as_tuple("jvp", func(*xs))
        out_tuple.append(is_tuple)
        return outs

    outs, tangents = _func.jvp(tupled, inputs, v)
    if not create_graph:
        outs = tuple(o.detach() for o in outs)
        tangents = tuple(t.detach() for t in tangents)
    return _shaped(outs, out_tuple[0]), _shaped(tangents, out_tuple[0])


def jacobian(func, inputs, create_graph: bool = False, strict: bool = False,
             vectorize: bool = False, strategy: str = "reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: ``J[i][j]`` of shape ``outputs[i].shape +
    inputs[j].shape``, a Tensor, a tuple or a tuple of tuples as torch returns it (torch
    returns lists with ``strategy="forward-mode"``; these are tuples with either strategy)."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise ValueError('Expected strategy to be either "forward-mode" or "reverse-mode". '
                         'Hint: If your function has a single output, you may want to set '
                         'strategy="forward-mode" for better performance.')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError("torch.autograd.functional.jacobian: `create_graph=True` "
                                      "and `strategy=\"forward-mode\"` are not supported "
                                      "together (yet). Please either set `create_graph=False` "
                                      "or `strategy=\"reverse-mode\"`.")
        if not vectorize:
            raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-"
                                      "reverse Hessian is only implemented for "
                                      "`vectorize=True`.")
    inputs, in_tuple = _as_tuple("inputs", "jacobian", inputs)
    xs = _leaves(inputs, create_graph)
    with enable_grad():
        outs, out_tuple = _outputs_as_tuple("jacobian", func(*xs))
    if strategy == "forward-mode":
        rows = [_func.jacfwd(lambda *a, k=k: _outputs_as_tuple("jacobian", func(*a))[0][k],
                             tuple(range(len(inputs))))(*inputs) for k in range(len(outs))]
    else:
        rows = [_rows(out, xs, create_graph, strict, vectorize, k) for k, out in
                enumerate(outs)]
    rows = [tuple(j if create_graph else j.detach() for j in row) for row in rows]
    if not out_tuple:
        return _shaped(rows[0], in_tuple)
    return tuple(_shaped(row, in_tuple) for row in rows)


def _rows(out: Tensor, xs: tuple, create_graph, strict, vectorize, k: int) -> tuple:
    """``d out / d x`` for each ``x``: its rows by one backward each, or all at once under
    vmap when ``vectorize``."""
    from ..backends.creation import eye

    flat = out.reshape(-1)
    n = flat.numel()
    if strict and not out.requires_grad:
        raise RuntimeError(f"Output {k} of the user-provided function does not require "
                           "gradients. The outputs must be computed in a differentiable "
                           "manner from the input when running in strict mode.")
    if vectorize and n and out.requires_grad:
        found = _func.vmap(lambda u: _grad((flat,), xs, (u,), create_graph, strict,
                                           "jacobian"))(eye(n, dtype=out.dtype))
        return tuple(j.reshape(tuple(out.shape) + tuple(x.shape)) for j, x in zip(found, xs))
    from .._generated.ops import stack

    per_input = [[] for _ in xs]
    for i in range(n):
        unit = flat.new_zeros(flat.shape)
        unit[i] = 1.0
        for acc, g in zip(per_input, _grad((flat,), xs, (unit,), create_graph, strict,
                                           "jacobian")):
            acc.append(g)
    return tuple((stack(acc) if acc else x.new_zeros((0,) + tuple(x.shape))).reshape(
        tuple(out.shape) + tuple(x.shape)) for acc, x in zip(per_input, xs))


def _scalar(fn: str, out):
    if not isinstance(out, Tensor):
        raise RuntimeError(f"The function given to {fn} should return a single Tensor")
    if out.numel() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {fn} should contain "
                           "a single element")
    return out.reshape(())


def hessian(func, inputs, create_graph: bool = False, strict: bool = False,
            vectorize: bool = False, outer_jacobian_strategy: str = "reverse-mode"):
    """The Hessian of a one-element ``func``: a Tensor for one input, else ``H[i][j]`` of
    shape ``inputs[i].shape + inputs[j].shape``."""
    inputs, in_tuple = _as_tuple("inputs", "hessian", inputs)

    def gradient(*xs):
        with enable_grad():
            out = _scalar("hessian", func(*xs))
            grads = _grad((out,), xs, (out.new_ones(()),), True, strict, "hessian")
            return grads if in_tuple else grads[0]

    return jacobian(gradient, inputs if in_tuple else inputs[0], create_graph=create_graph,
                    strict=strict, vectorize=vectorize, strategy=outer_jacobian_strategy)


def _first_and_second(fn: str, func, inputs, v, create_graph, strict):
    inputs, in_tuple = _as_tuple("inputs", fn, inputs)
    if v is None:
        if in_tuple or inputs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the input to the "
                               "user-provided function is a single Tensor with a single "
                               "element.")
        v = (inputs[0].new_ones(inputs[0].shape),)
    else:
        v, _ = _as_tuple("v", fn, v)
        _check_v(v, inputs, in_tuple)
    xs = _leaves(inputs, create_graph)
    with enable_grad():
        out = _scalar(fn, func(*xs))
        grads = _grad((out,), xs, (out.new_ones(()),), True, strict, fn)
    return in_tuple, v, xs, out, grads


def vhp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """``(func(inputs), v^T H)`` for a one-element ``func``."""
    in_tuple, v, xs, out, grads = _first_and_second("vhp", func, inputs, v, create_graph,
                                                    strict)
    with enable_grad():
        result = _grad(grads, xs, v, create_graph, strict, "vhp")
    value = out if create_graph else out.detach()
    return value, _shaped(result, in_tuple)


def hvp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """``(func(inputs), H v)`` for a one-element ``func``, by the double-backward trick: the
    gradient of ``u^T H`` (``H^T u``) with respect to ``u``, weighted by ``v``."""
    in_tuple, v, xs, out, grads = _first_and_second("hvp", func, inputs, v, create_graph,
                                                    strict)
    with enable_grad():
        us = tuple(g.new_zeros(g.shape).requires_grad_() for g in grads)
        ht_u = _grad(grads, xs, us, True, strict, "hvp")
        result = _grad(ht_u, us, v, create_graph, strict, "hvp")
    value = out if create_graph else out.detach()
    return value, _shaped(result, in_tuple)
