"""Grad mode: whether ops record the autograd graph, per thread, as in torch.

The dispatcher reads ``_state.enabled`` only when an input requires grad, so the switch costs
nothing on the common path. Each of ``no_grad``, ``enable_grad`` and ``set_grad_enabled`` is a
context manager and a decorator; the setting is thread-local, so a ``no_grad`` block in one
thread leaves other threads recording.

>>> import aten_lite as al
>>> with al.no_grad():
...     al.is_grad_enabled()
False
>>> al.is_grad_enabled()
True
"""

from __future__ import annotations

import functools
import threading

__all__ = [
    "is_grad_enabled", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
    "is_inference_mode_enabled",
]


class _GradState(threading.local):
    # threading.local runs __init__ once per thread, so every thread starts with grad on.
    def __init__(self) -> None:
        self.enabled = True
        self.inference = False  # inside inference_mode(); only is_inference_mode_enabled reads it


_state = _GradState()


def is_grad_enabled() -> bool:
    """Whether ops on tensors that require grad record the graph in this thread."""
    return _state.enabled


class _GradModeContext:
    """Base of the three switches: a context manager that restores the previous mode on exit,
    and a decorator that runs the function inside it (generators are not supported)."""

    _mode: bool

    def __enter__(self) -> None:
        self._prev = _state.enabled
        _state.enabled = self._mode

    def __exit__(self, *exc) -> None:
        _state.enabled = self._prev

    def __call__(self, fn):
        if not callable(fn):
            raise TypeError(f"{type(self).__name__} decorates a function, got {fn!r}")
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            # A fresh context per call: the decorator may be re-entered or used from threads.
            prev = _state.enabled
            _state.enabled = mode
            try:
                return fn(*args, **kwargs)
            finally:
                _state.enabled = prev

        return wrapper


class _Switch(_GradModeContext):
    """A switch without arguments, which torch lets users write as a decorator with or
    without the call: ``@no_grad()`` and ``@no_grad`` both decorate."""

    def __new__(cls, fn=None):
        if fn is None:
            return super().__new__(cls)
        return cls()(fn)


class no_grad(_Switch):
    """Stop recording the graph inside the block (or the decorated function).

    >>> with no_grad():
    ...     pass
    >>> @no_grad
    ... def f():
    ...     return is_grad_enabled()
    >>> f()
    False
    """

    _mode = False


class enable_grad(_Switch):
    """Record the graph inside the block even where an outer ``no_grad`` turned it off."""

    _mode = True


class set_grad_enabled(_GradModeContext):
    """Turn recording on or off. Sets the mode at once (like torch), and as a context manager
    or decorator restores the previous mode afterwards.

    >>> _ = set_grad_enabled(False); is_grad_enabled()
    False
    >>> _ = set_grad_enabled(True)
    """

    def __init__(self, mode: bool) -> None:
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled expects a bool, got {type(mode).__name__} {mode!r}")
        self._mode = mode
        self._prev = _state.enabled
        _state.enabled = mode

    def __enter__(self) -> None:
        pass  # the constructor already switched and remembered the previous mode

    def __call__(self, fn):
        # Used as a decorator the switch must not stay on from the decoration on: undo it.
        _state.enabled = self._prev
        return super().__call__(fn)


class inference_mode(_GradModeContext):
    """torch.inference_mode: no graph is recorded inside the block (or the decorated
    function), as under ``no_grad``; ``inference_mode(False)`` switches recording back on.
    torch additionally marks the tensors made inside as inference tensors that later refuse
    autograd; aten_lite does not, so such a tensor simply has no history.

    >>> with inference_mode():
    ...     is_grad_enabled(), is_inference_mode_enabled()
    (False, True)
    """

    def __new__(cls, mode=True):
        if callable(mode):  # used bare, @inference_mode
            return cls()(mode)
        return super().__new__(cls)

    def __init__(self, mode: bool = True) -> None:
        if not isinstance(mode, bool):
            raise TypeError(f"inference_mode expects a bool, got {type(mode).__name__} {mode!r}")
        self._inference = mode
        self._mode = not mode

    def __enter__(self) -> None:
        self._prev_inference = _state.inference
        _state.inference = self._inference
        super().__enter__()

    def __exit__(self, *exc) -> None:
        _state.inference = self._prev_inference
        super().__exit__(*exc)

    def __call__(self, fn):
        if not callable(fn):
            raise TypeError(f"inference_mode decorates a function, got {fn!r}")
        context = self

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with type(context)(context._inference):
                return fn(*args, **kwargs)

        return wrapper


def is_inference_mode_enabled() -> bool:
    """Whether this thread is inside ``inference_mode()``."""
    return _state.inference
