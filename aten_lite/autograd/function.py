"""User-defined differentiable functions: ``al.autograd.Function``, as torch's.

Subclass it with static ``forward(ctx, *args)`` and ``backward(ctx, *grads)`` and call
``MyFn.apply(*args)``. ``forward`` runs without recording; when an input requires grad the
outputs get one node, ``<MyFn>Backward``, whose ``apply`` calls ``backward`` with one
gradient per output (zeros where none arrived, torch's materialized grads) and expects one
gradient per forward argument (None for arguments that need none).

>>> import aten_lite as al
>>> class Square(al.autograd.Function):
...     @staticmethod
...     def forward(ctx, x):
...         ctx.save_for_backward(x)
...         return x * x
...     @staticmethod
...     def backward(ctx, g):
...         (x,) = ctx.saved_tensors
...         return 2 * x * g
>>> x = al.tensor([3.0], requires_grad=True)
>>> Square.apply(x).sum().backward(); x.grad
tensor([6.])
"""

from __future__ import annotations

import functools

from ..backends.creation import zeros
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import _state, no_grad
from .node import Node, check_alive, detached, edge, set_history, unpack

__all__ = ["Function", "FunctionCtx", "once_differentiable"]


class FunctionCtx:
    """The ``ctx`` passed to ``forward`` and ``backward``: save tensors with
    ``save_for_backward``; any other attribute may be set freely (``ctx.alpha = 2``)."""

    def __init__(self, needs_input_grad: tuple) -> None:
        self.needs_input_grad = needs_input_grad
        self._saved: tuple = ()
        self._versions: tuple = ()
        self._non_differentiable: set[int] = set()
        self._node = None

    def save_for_backward(self, *tensors) -> None:
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save tensors (or None), but "
                                f"argument {i} is of type {type(t).__name__}")
        self._saved = tensors
        self._versions = tuple(t._version_counter.value if t is not None else 0 for t in tensors)

    @property
    def saved_tensors(self) -> tuple:
        """The tensors given to ``save_for_backward``, refused if one was modified in place
        since or the graph was already freed by a backward."""
        node = self._node
        if node is not None:
            check_alive(node)
        return tuple(t if t is None else unpack(node or _NO_NODE, t, v, f"saved_tensors[{i}]")
                     for i, (t, v) in enumerate(zip(self._saved, self._versions)))

    def mark_non_differentiable(self, *outputs) -> None:
        """Outputs that get no gradient (indices, masks): they do not require grad and
        backward receives zeros for them."""
        self._non_differentiable.update(id(t) for t in outputs)

    def set_materialize_grads(self, value: bool) -> None:
        """With False, backward receives None (not zeros) for outputs no gradient reached."""
        self._materialize = bool(value)


class _NoNode(Node):
    __slots__ = ()


_NO_NODE = _NoNode()


class FunctionBackward(Node):
    """The node of one ``Function.apply`` call."""

    __slots__ = ("_fn", "_ctx", "_n_out", "_out_meta")

    def name(self) -> str:
        return f"{self._fn.__name__}Backward"

    def apply(self, grads: list) -> tuple:
        check_alive(self)
        if getattr(self._ctx, "_materialize", True):
            grads = [g if g is not None else zeros(shape, dtype=dt, device=dev)
                     for g, (shape, dt, dev) in zip(grads, self._out_meta)]
        result = self._fn.backward(self._ctx, *grads)
        result = result if isinstance(result, tuple) else (result,)
        n = len(self._next)
        if len(result) != n:
            # torch allows extra trailing Nones; anything else is a mistake.
            if len(result) < n or any(g is not None for g in result[n:]):
                raise RuntimeError(f"function {self.name()} returned an incorrect number of "
                                   f"gradients (expected {n}, got {len(result)})")
            result = result[:n]
        for i, (g, e) in enumerate(zip(result, self._next)):
            if g is not None and not isinstance(g, Tensor):
                raise TypeError(f"function {self.name()} returned a gradient of type "
                                f"{type(g).__name__} at index {i}; expected a Tensor or None")
        return tuple(g if e is not None else None for g, e in zip(result, self._next))

    def release(self) -> None:
        self._released = True
        self._ctx._saved = ()


class Function:
    """Base class of user-defined differentiable functions (see the module docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(f"{type(self).__name__}: call {type(self).__name__}.apply(...) "
                           "instead of creating an instance (as in torch)")

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement the backward function for custom "
                                  "autograd.Function (it is needed to differentiate it).")

    @classmethod
    def apply(cls, *args, **kwargs):
        needs = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        ctx = FunctionCtx(needs)
        with no_grad():
            outputs = cls.forward(ctx, *args, **kwargs)
        if not (_state.enabled and any(needs)):
            return outputs
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        node = _node_class(cls)()
        node._fn, node._ctx, node._hooks, node._released = cls, ctx, None, False
        node._next = tuple(edge(a) if need else None for a, need in zip(args, needs))
        node._n_out = len(outs)
        node._out_meta = tuple((t._shape, t._dtype, t._device) if isinstance(t, Tensor)
                               else ((), None, None) for t in outs)
        ctx._node = node
        inputs = {id(a) for a in args if isinstance(a, Tensor)}
        wrapped = []
        for i, t in enumerate(outs):
            if isinstance(t, Tensor) and id(t) not in ctx._non_differentiable:
                if id(t) in inputs:  # an input returned as is: its alias gets the history
                    t = detached(t)
                set_history(t, node, i)
            wrapped.append(t)
        return wrapped[0] if single else tuple(wrapped)


def _node_class(cls) -> type:
    """``<cls>Backward``, the node class named after the function as torch names it (made
    once per Function subclass)."""
    made = cls.__dict__.get("_al_node_class")
    if made is None:
        made = type(f"{cls.__name__}Backward", (FunctionBackward,), {"__slots__": ()})
        cls._al_node_class = made
    return made


class _OnceDifferentiableError(Node):
    __slots__ = ("_what",)

    def name(self) -> str:
        return "DelayedError"

    def apply(self, grads: list) -> tuple:
        raise RuntimeError(f"trying to differentiate twice a function that was marked with "
                           f"@once_differentiable ({self._what})")


def once_differentiable(backward):
    """Decorate a ``backward`` that is not itself differentiable: it runs without
    recording, and a double backward through its result raises instead of silently giving
    zero."""

    @functools.wraps(backward)
    def wrapper(ctx, *grads):
        recording = _state.enabled
        with no_grad():
            result = backward(ctx, *grads)
        needs = [g for g in grads if isinstance(g, Tensor) and g._requires_grad]
        if not (recording and needs):
            return result
        node = _OnceDifferentiableError()
        node._hooks, node._released, node._what = None, False, backward.__qualname__
        node._next = tuple(edge(g) for g in needs)
        outs = result if isinstance(result, tuple) else (result,)
        fixed = []
        for t in outs:
            if isinstance(t, Tensor) and t._dtype.is_floating_point:
                t = detached(t)
                set_history(t, node, 0)
            fixed.append(t)
        return tuple(fixed) if isinstance(result, tuple) else fixed[0]

    return wrapper
