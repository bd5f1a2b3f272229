"""The public ways to run backward: ``al.autograd.backward`` / ``Tensor.backward`` and
``al.autograd.grad``. They check the user's arguments and hand the engine its roots.

>>> import aten_lite as al
>>> x = al.tensor([1.0, 2.0], requires_grad=True)
>>> al.autograd.grad((x * x).sum(), x)
(tensor([2., 4.]),)
"""

from __future__ import annotations

from ..tensors.tensor import Tensor, empty_array
from . import engine
from .node import edge

__all__ = ["backward", "grad"]


def backward(tensors, grad_tensors=None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate the gradients of ``tensors`` (weighted by ``grad_tensors``) into the
    ``.grad`` of the leaves they depend on.

    ``retain_graph`` (default: ``create_graph``) keeps saved values for another backward;
    ``create_graph`` records the backward itself, for higher-order derivatives."""
    tensors = _as_list(tensors, "tensors")
    roots = _roots(tensors, _as_list(grad_tensors, "grad_tensors", len(tensors)))
    keep = create_graph if retain_graph is None else retain_graph
    engine.run(roots, keep, create_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph: bool | None = None,
         create_graph: bool = False, allow_unused: bool = False) -> tuple:
    """The gradients of ``outputs`` with respect to ``inputs``, returned rather than
    accumulated into ``.grad``; None for an input the outputs do not depend on (only with
    ``allow_unused=True``)."""
    outputs = _as_list(outputs, "outputs")
    inputs = _as_list(inputs, "inputs")
    for t in inputs:
        if not isinstance(t, Tensor):
            raise TypeError(f"grad(): inputs must be Tensors, got {type(t).__name__}")
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    roots = _roots(outputs, _as_list(grad_outputs, "grad_outputs", len(outputs)))
    keep = create_graph if retain_graph is None else retain_graph
    found = engine.run(roots, keep, create_graph, [edge(t) for t in inputs])
    if not allow_unused and any(g is None for g in found):
        raise RuntimeError(
            "One of the differentiated Tensors appears to not have been used in the graph. "
            "Set allow_unused=True if this is the desired behavior."
        )
    return tuple(found)


def _as_list(x, what: str, n: int | None = None) -> list:
    if x is None and n is not None:
        return [None] * n
    items = [x] if isinstance(x, Tensor) or x is None else list(x)
    if n is not None and len(items) != n:
        raise ValueError(f"{what} has {len(items)} entries but there are {n} outputs; give "
                         "one gradient per output")
    return items


def _roots(outputs: list, grads: list) -> list:
    roots = []
    for k, (t, g) in enumerate(zip(outputs, grads)):
        if not isinstance(t, Tensor):
            raise TypeError(f"element {k} of tensors is a {type(t).__name__}, not a Tensor")
        if not t._requires_grad:
            raise RuntimeError(
                f"element {k} of tensors does not require grad and does not have a grad_fn")
        roots.append((edge(t), _root_grad(k, t, g)))
    return roots


def _root_grad(k: int, t: Tensor, g) -> Tensor:
    if g is None:
        if t.numel() != 1:
            raise RuntimeError(
                "grad can be implicitly created only for scalar outputs; pass gradient= "
                f"(a tensor of shape {list(t._shape)}) to backward a tensor of "
                f"{t.numel()} elements")
        if t._store is not None:  # a registered device makes its own ones
            from ..backends.creation import ones_like
            return ones_like(t)
        if t._a is None:
            return Tensor._meta(t._shape, t._dtype)
        ones = empty_array(t._shape, t._dtype)
        ones.fill(1)  # (np.ones costs twice as much, every backward)
        return Tensor._wrap(ones)
    if not isinstance(g, Tensor):
        raise TypeError(f"gradient {k} must be a Tensor, got {type(g).__name__}")
    if g._shape != t._shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{k}] has a shape of {list(g._shape)} and "
            f"output[{k}] has a shape of {list(t._shape)}.")
    if g._dtype is not t._dtype:
        g = g.to(t._dtype)
    return g
