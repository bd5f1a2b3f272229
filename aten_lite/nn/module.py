"""``Module``, the base class of layers, and ``Parameter``, the tensor subclass that marks a
module's weights.

A module keeps three ordered registries, filled by attribute assignment: ``_parameters``
(``Parameter`` values), ``_buffers`` (``register_buffer``: state that is saved but not
trained, such as BatchNorm's running statistics) and ``_modules`` (sub-modules). Names,
``state_dict`` keys and ``repr`` follow torch's, so checkpoints and printouts read the same.

>>> import aten_lite as al
>>> m = al.nn.Linear(2, 1)
>>> sorted(m.state_dict())
['bias', 'weight']
"""

from __future__ import annotations

from collections import OrderedDict, namedtuple
from typing import Iterator

import numpy as np

from ..backends.creation import empty
from ..tensors.tensor import Tensor, new_tensor, sync_stream
from ..vocab.grad_mode import no_grad

__all__ = ["Parameter", "Module"]

_IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])


class Parameter(Tensor):
    """A tensor that a ``Module`` registers as a parameter when assigned as an attribute.
    It shares ``data``'s memory and requires grad (unless ``requires_grad=False``)."""

    __slots__ = ()

    def __new__(cls, data: Tensor | None = None, requires_grad: bool = True):
        if data is None:
            data = empty(0)
        if not isinstance(data, Tensor):
            raise TypeError(f"Parameter expects a Tensor, got {type(data).__name__}")
        # data's storage (and version counter: it aliases data), no history of its own
        p = new_tensor(cls, data._a, data._shape, data._st, data._offset, data._dtype,
                       data._device, data._layout, data._key, data._version_counter,
                       data._base, data._store)
        p.requires_grad = requires_grad  # checks the dtype
        return p

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()


class Module:
    """Base class of layers: assign ``Parameter``s and sub-``Module``s as attributes and
    define ``forward``; calling the module calls ``forward``."""

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "training", True)

    def __setattr__(self, name: str, value) -> None:
        if "_parameters" not in self.__dict__:
            raise AttributeError(
                f"cannot assign '{name}' before Module.__init__() call; call "
                "super().__init__() first in your module's __init__")
        params, buffers, modules = self._parameters, self._buffers, self._modules
        if name in buffers and (value is None or isinstance(value, Tensor)) \
                and not isinstance(value, Parameter):
            buffers[name] = value  # assigning a tensor to a buffer's name updates the buffer
        else:
            for registry in (params, buffers, modules):
                registry.pop(name, None)
            if isinstance(value, Parameter):
                params[name] = value
            elif isinstance(value, Module):
                modules[name] = value
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        for registry in (self._parameters, self._buffers, self._modules):
            registry.pop(name, None)
        object.__delattr__(self, name)

    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """Register ``tensor`` as state saved in ``state_dict`` (if ``persistent``) but not
        returned by ``parameters()``."""
        if not isinstance(name, str) or not name or "." in name:
            raise KeyError(f"buffer name must be a non-empty string without '.', got {name!r}")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{type(tensor).__name__}' object to buffer "
                            f"'{name}' (torch Tensor or None required)")
        self._parameters.pop(name, None)
        self._modules.pop(name, None)
        self._buffers[name] = tensor
        if not persistent:
            self.__dict__.setdefault("_non_persistent", set()).add(name)
        object.__setattr__(self, name, tensor)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{type(param).__name__}' object to parameter "
                            f"'{name}' (nn.Parameter or None required)")
        setattr(self, name, param)
        self._parameters[name] = param

    def add_module(self, name: str, module: Module | None) -> None:
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{type(module).__name__} is not a Module subclass")
        self._parameters.pop(name, None)
        self._buffers.pop(name, None)
        self._modules[name] = module
        object.__setattr__(self, name, module)

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"Module [{type(self).__name__}] is missing the required "
                                  "\"forward\" function")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # ---- walking the tree ----

    def named_modules(self, memo=None, prefix: str = "") -> Iterator:
        """``(dotted name, module)`` for this module and every descendant, each once."""
        memo = set() if memo is None else memo
        if id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, child in self._modules.items():
            if child is not None:
                yield from child.named_modules(memo, f"{prefix}.{name}" if prefix else name)

    def modules(self) -> Iterator[Module]:
        for _, m in self.named_modules():
            yield m

    def named_children(self) -> Iterator:
        seen = set()
        for name, child in self._modules.items():
            if child is not None and id(child) not in seen:
                seen.add(id(child))
                yield name, child

    def children(self) -> Iterator[Module]:
        for _, child in self.named_children():
            yield child

    def _named_members(self, registry: str, prefix: str, recurse: bool) -> Iterator:
        seen = set()
        mods = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for mod_prefix, module in mods:
            for name, t in getattr(module, registry).items():
                if t is not None and id(t) not in seen:
                    seen.add(id(t))
                    yield (f"{mod_prefix}.{name}" if mod_prefix else name), t

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> Iterator:
        """``(dotted name, parameter)`` pairs, each parameter once, in registration order."""
        return self._named_members("_parameters", prefix, recurse)

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix: str = "", recurse: bool = True) -> Iterator:
        return self._named_members("_buffers", prefix, recurse)

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def apply(self, fn) -> Module:
        """Call ``fn`` on every sub-module (children first), then on self; returns self."""
        for child in self.children():
            child.apply(fn)
        fn(self)
        return self

    # ---- saving and loading ----

    def state_dict(self, destination=None, prefix: str = "", keep_vars: bool = False):
        """Parameters and persistent buffers by dotted name (detached unless ``keep_vars``)."""
        out = OrderedDict() if destination is None else destination
        skip = self.__dict__.get("_non_persistent", set())
        for name, t in list(self._parameters.items()) + [
                (n, b) for n, b in self._buffers.items() if n not in skip]:
            if t is not None:
                out[prefix + name] = t if keep_vars else t.detach()
        for name, child in self._modules.items():
            if child is not None:
                child.state_dict(out, prefix + name + ".", keep_vars)
        return out

    def load_state_dict(self, state_dict, strict: bool = True):
        """Copy values into the parameters and buffers. With ``strict``, missing or unexpected
        keys raise torch's RuntimeError; returns ``(missing_keys, unexpected_keys)``."""
        own = self.state_dict(keep_vars=True)
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        errors = []
        if strict:
            if missing:
                errors.append("Missing key(s) in state_dict: "
                              + ", ".join(f'"{k}"' for k in missing) + ". ")
            if unexpected:
                errors.append("Unexpected key(s) in state_dict: "
                              + ", ".join(f'"{k}"' for k in unexpected) + ". ")
        for name, t in own.items():
            if name in state_dict:
                value = state_dict[name]
                # the array itself: .numpy() refuses bfloat16, which NumPy lacks
                value = value.detach()._data_or_raise("load_state_dict()") \
                    if isinstance(value, Tensor) else np.asarray(value)
                if tuple(value.shape) != tuple(t._shape):
                    errors.append(f"size mismatch for {name}: copying a param with shape "
                                  f"{_size(value.shape)} from checkpoint, the shape in current "
                                  f"model is {_size(t._shape)}.")
                    continue
                with no_grad():
                    sync_stream()  # queued kernels may still read the parameter
                    t._a[...] = value
                    t._bump_version()
        if errors:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                               + "\n\t".join(errors))
        return _IncompatibleKeys(missing, unexpected)

    # ---- modes and gradients ----

    def train(self, mode: bool = True) -> Module:
        """Set training mode on this module and its children; returns self."""
        if not isinstance(mode, bool):
            raise ValueError(f"training mode is expected to be boolean, got {type(mode).__name__}")
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.parameters():
            zero_grad_(p, set_to_none)

    # ---- device and dtype ----

    def to(self, *args, **kwargs) -> Module:
        """Convert the parameters and buffers in place, as torch's ``Module.to``:
        ``m.to(device)``, ``m.to(dtype)`` (floating ones only), ``m.to(device, dtype)``,
        ``m.to(tensor)`` (its device and dtype); parameters stay the same objects."""
        def convert(t: Tensor) -> Tensor:
            # Tensor.to parses the arguments (and refuses an absent device with its message).
            if t.is_floating_point():
                return t.to(*args, **kwargs)
            # Integer and bool state keeps its dtype and values (a round trip through float32
            # would round int64 values above 2**24): only the device is taken from the arguments.
            target = t.new_empty((0,)).to(*args, **kwargs)
            return t if target._device is t._device else t.to(target._device)

        return self._apply(convert)

    def cpu(self) -> Module:
        return self.to("cpu")

    def cuda(self, device=None) -> Module:
        """Move the parameters and buffers to the CUDA device (docs/CUDA.md); without one,
        fails naming what to install."""
        return self.to("cuda" if device is None or device == 0 else device)

    def float(self) -> Module:
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self) -> Module:
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self) -> Module:
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self) -> Module:
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def _apply(self, fn) -> Module:
        """``fn`` on every parameter (through ``.data``, keeping the Parameter and its
        autograd state), its gradient, and every buffer, in this module and its children."""
        with no_grad():
            for m in self.modules():
                for p in m._parameters.values():
                    if p is None:
                        continue
                    new = fn(p.detach())
                    if new._dtype is not p._dtype or new._device is not p._device:
                        p.data = new
                        if p._grad is not None:
                            p._grad = fn(p._grad)
                for name, b in list(m._buffers.items()):
                    if b is not None:
                        setattr(m, name, fn(b))  # the registry and the attribute
        return self

    # ---- printing ----

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        lines = [f"({name}): " + repr(m).replace("\n", "\n  ")
                 for name, m in self._modules.items()]
        extra = self.extra_repr()
        head = f"{type(self).__name__}("
        if not lines:
            return head + extra + ")"
        body = ([extra] if extra else []) + lines
        return head + "\n  " + "\n  ".join(body) + "\n)"


def _size(shape) -> str:
    return f"torch.Size({list(shape)})"


def zero_grad_(p: Tensor, set_to_none: bool) -> None:
    """Forget ``p``'s gradient: set it to None, or zero it in place."""
    # ``_grad``, not ``.grad``: a read of .grad is a sync point under async execution, and
    # forgetting or zeroing a gradient reads no values (the zero_ queues like any kernel).
    grad = p._grad
    if grad is None:
        return
    if set_to_none:
        p._grad = None
    else:
        with no_grad():
            if grad.grad_fn is not None:
                grad = p._grad = grad.detach()
            grad.zero_()
