"""Reverse-mode automatic differentiation, generated from derivatives.yaml.

* ``grad_mode``: ``no_grad`` / ``enable_grad`` / ``set_grad_enabled`` (thread-local).
* ``kernel``: the Autograd dispatch key's kernel; it records generated nodes
  (``generated/autograd_nodes.py``) and redispatches below itself.
* ``engine``: the backward walk; ``api``: ``backward`` and ``grad``.
* ``gradcheck``: finite-difference checks of every formula.

>>> import aten_lite as al
>>> x = al.tensor([3.0], requires_grad=True)
>>> al.autograd.grad(x * x, x, al.ones(1))
(tensor([6.]),)

It sits above the dispatcher and the kernels (docs/DESIGN.md, "Layers"); grad mode's state is
below them, in ``aten_lite/vocab/grad_mode.py``. ``aten_lite/__init__.py`` calls ``kernel.install()``
once the ops exist, and ``frontend/tensor_surface.py`` attaches ``tensor_methods`` to Tensor.
"""

from .api import backward, grad
from .function import Function, FunctionCtx, once_differentiable
from ..vocab.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .gradcheck import GradcheckError, gradcheck, gradgradcheck
from .node import Node

__all__ = [
    "backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
    "gradcheck", "gradgradcheck", "GradcheckError", "Node", "Function", "FunctionCtx",
    "once_differentiable",
]

