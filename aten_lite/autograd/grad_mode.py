"""Grad mode's user API, as ``aten_lite.autograd.grad_mode`` (torch's spelling).

The state and the context managers live in ``aten_lite/vocab/grad_mode.py``, at the vocabulary layer
(docs/DESIGN.md, "Layers"): the dispatcher reads the state, and it sits below autograd.
"""

from ..vocab.grad_mode import (  # noqa: F401 (re-exported)
    __all__, enable_grad, inference_mode, is_grad_enabled, is_inference_mode_enabled, no_grad,
    set_grad_enabled,
)
