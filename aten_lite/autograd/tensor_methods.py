"""Tensor methods that belong to autograd: backward, hooks, retain_grad, detach.

``aten_lite/frontend/tensor_surface.py`` attaches them to ``Tensor`` (the tensor layer sits below
autograd and does not depend on the engine).

>>> import aten_lite as al
>>> x = al.tensor([1.0, 2.0], requires_grad=True)
>>> y = x * 3
>>> y.retain_grad()
>>> y.sum().backward()
>>> y.grad, x.grad
(tensor([1., 1.]), tensor([3., 3.]))
"""

from __future__ import annotations

import weakref

from ..tensors.tensor import Tensor, sync_stream
from ..vocab.dispatch_keys import CPU
from . import api
from .node import RemovableHandle, _LeafHooks, _NodeHooks, detached


def backward(self: Tensor, gradient=None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(self)/d(leaf) into every leaf's ``.grad``. ``gradient`` weights the
    elements of ``self`` and may be left out when ``self`` has one element."""
    api.backward([self], [gradient], retain_graph, create_graph)


def register_hook(self: Tensor, hook) -> RemovableHandle:
    """Call ``hook(grad)`` with this tensor's gradient during backward; a tensor returned by
    the hook replaces the gradient. Returns a handle whose ``remove()`` undoes this."""
    if not self._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if not callable(hook):
        raise TypeError(f"register_hook expects a callable, got {type(hook).__name__}")
    if self._a is None and self._key is CPU:
        # A capture tensor (Note [Split calls] in aten_lite/compile/segments.py): its history
        # is a recording; made real first, or a graph break while capturing.
        self._data_or_raise("Tensor.register_hook()")
    if self.grad_fn is None:
        if self._hooks is None:
            self._hooks = _LeafHooks()
        self._hooks.append(hook)
        return RemovableHandle(self._hooks, hook)
    return self.grad_fn.register_prehook(self._output_nr, hook)


def register_post_accumulate_grad_hook(self: Tensor, hook) -> RemovableHandle:
    """Call ``hook(tensor)`` once backward has accumulated this leaf's gradient into
    ``.grad``, as soon as that gradient is complete, while backward still runs for the rest of
    the graph (Note [Ready leaves] in aten_lite/csrc/engine.cpp). Not called by
    ``autograd.grad``, which accumulates nothing. Returns a handle whose ``remove()`` undoes
    this."""
    if not self._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self.grad_fn is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf "
                           "tensors (this one has grad_fn "
                           f"{type(self.grad_fn).__name__}); use register_hook instead")
    if not callable(hook):
        raise TypeError(f"register_post_accumulate_grad_hook expects a callable, got "
                        f"{type(hook).__name__}")
    if self._hooks is None:
        self._hooks = _LeafHooks()
    self._hooks.post.append(hook)
    return RemovableHandle(self._hooks.post, hook)


def retain_grad(self: Tensor) -> None:
    """Keep this non-leaf tensor's gradient in ``.grad`` after backward (leaves always do)."""
    if not self._requires_grad:
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    if self._a is None and self._key is CPU:  # a capture tensor, as in register_hook
        self._data_or_raise("Tensor.retain_grad()")
    fn = self.grad_fn
    if fn is None or self._retains_grad:
        return
    if fn._hooks is None:
        fn._hooks = _NodeHooks()
    fn._hooks.retain[self._output_nr] = weakref.ref(self)
    self._retains_grad = True


def retains_grad(self: Tensor) -> bool:
    return self._retains_grad


# Whether reading ``.grad`` is a sync point (docs/ASYNC.md, "Sync points"): True while async
# execution is on (``set_grad_read_sync``, called by ``al.set_async``), so the getter costs
# one global's test when it is off. The library's own readers that only queue more kernels on
# the gradient (optimizers, ``zero_grad``, gradient clipping) read ``_grad`` and do not wait.
_grad_read_syncs = False


def set_grad_read_sync(on: bool) -> None:
    """Make reading ``Tensor.grad`` wait for the instruction stream (async execution on)."""
    global _grad_read_syncs
    _grad_read_syncs = bool(on)


def _get_grad(self: Tensor):
    if _grad_read_syncs:
        sync_stream()  # the gradient's values are complete when .grad returns
    return self._grad


def _set_grad(self: Tensor, value) -> None:
    """``t.grad = g``: None, or a tensor of ``t``'s shape, dtype and device (its layout may
    differ: a sparse gradient for a strided tensor is fine). The engine writes ``_grad``
    itself; this checks what a user assigns, which torch checks too."""
    if value is not None:
        if not isinstance(value, Tensor):
            raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                            f"type {type(value).__name__}")
        if value._shape != self._shape:
            raise RuntimeError(f"assigned grad has shape {list(value._shape)} but the tensor "
                               f"has shape {list(self._shape)}; they must match")
        if value._dtype is not self._dtype:
            raise RuntimeError(f"assigned grad has dtype {value._dtype.name} but the tensor "
                               f"has dtype {self._dtype.name}; they must match (use "
                               f"grad.to(aten_lite.{self._dtype.name}))")
        if value._device != self._device:
            raise RuntimeError(f"assigned grad is on device '{value._device}' but the tensor "
                               f"is on '{self._device}'; they must match")
    self._grad = value


def detach(self: Tensor) -> Tensor:
    """A tensor sharing this one's data (and version counter) that does not require grad and
    has no history; gradients do not flow through it."""
    return detached(self)


def detach_(self: Tensor) -> Tensor:
    """Cut this tensor out of the graph in place: it becomes a leaf that does not require
    grad."""
    if self._base is not None and self.grad_fn is not None:
        raise RuntimeError("Can't detach views in-place. Use detach() instead.")
    self.grad_fn = None
    self._requires_grad = False
    self._output_nr = 0
    return self


grad = property(_get_grad, _set_grad, doc=(
    "The gradient accumulated by backward (None until one reaches this tensor)."))
