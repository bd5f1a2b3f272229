"""Modules: ``Module`` (parameters, train/eval, ``__call__``), ``Linear``, ``ReLU``,
``Sequential``, and ``Parameter``, the tensor subclass that marks a module's weights.

>>> import aten_lite as al
>>> _ = al.manual_seed(0)
>>> net = al.nn.Sequential(al.nn.Linear(4, 8), al.nn.ReLU(), al.nn.Linear(8, 2))
>>> net(al.ones(3, 4)).shape
aten_lite.Size([3, 2])
>>> [name for name, _ in net.named_parameters()]
['0.weight', '0.bias', '2.weight', '2.bias']
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Iterator

import numpy as np

from .._tensor import Tensor, _new
from ..autograd.grad_mode import no_grad
from . import functional as F

__all__ = ["Parameter", "Module", "Linear", "ReLU", "Sequential"]


class Parameter(Tensor):
    """A tensor that a ``Module`` registers as a parameter when assigned as an attribute.
    It shares ``data``'s memory and requires grad (unless ``requires_grad=False``)."""

    __slots__ = ()

    def __new__(cls, data: Tensor, requires_grad: bool = True):
        if not isinstance(data, Tensor):
            raise TypeError(f"Parameter expects a Tensor, got {type(data).__name__}")
        p = _new(cls)
        for slot in Tensor.__slots__:
            if slot != "__weakref__":
                setattr(p, slot, getattr(data, slot))
        p._vc = data._version  # share the version counter with the data it aliases
        p.grad = None
        p.grad_fn = None
        p._hooks = None
        p._retains_grad = False
        p._output_nr = 0
        p._requires_grad = False
        p.requires_grad = requires_grad  # checks the dtype
        return p

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()


class Module:
    """Base class of layers: assign ``Parameter``s and sub-``Module``s as attributes and
    define ``forward``; calling the module calls ``forward``."""

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "training", True)

    def __setattr__(self, name: str, value) -> None:
        if "_parameters" not in self.__dict__:
            raise AttributeError(
                f"cannot assign '{name}' before Module.__init__() call; call "
                "super().__init__() first in your module's __init__")
        params, modules = self._parameters, self._modules
        params.pop(name, None)
        modules.pop(name, None)
        if isinstance(value, Parameter):
            params[name] = value
        elif isinstance(value, Module):
            modules[name] = value
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        self._parameters.pop(name, None)
        self._modules.pop(name, None)
        object.__delattr__(self, name)

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} does not define forward()")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # ---- parameters and sub-modules ----

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> Iterator:
        """``(dotted name, parameter)`` pairs, each parameter once, in registration order."""
        seen = set()
        for mod_prefix, module in self._named_modules(prefix) if recurse else [(prefix, self)]:
            for name, p in module._parameters.items():
                if id(p) not in seen:
                    seen.add(id(p))
                    yield (f"{mod_prefix}.{name}" if mod_prefix else name), p

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def children(self) -> Iterator[Module]:
        yield from self._modules.values()

    def modules(self) -> Iterator[Module]:
        for _, m in self._named_modules(""):
            yield m

    def _named_modules(self, prefix: str):
        yield prefix, self
        for name, child in self._modules.items():
            yield from child._named_modules(f"{prefix}.{name}" if prefix else name)

    def state_dict(self) -> dict:
        """Parameter name -> parameter data (detached), e.g. to copy weights elsewhere."""
        return OrderedDict((name, p.detach()) for name, p in self.named_parameters())

    def load_state_dict(self, state: dict) -> None:
        """Copy values (tensors or arrays) into the parameters; names and shapes must match
        exactly."""
        own = dict(self.named_parameters())
        missing, unexpected = sorted(set(own) - set(state)), sorted(set(state) - set(own))
        if missing or unexpected:
            raise KeyError(f"load_state_dict: missing keys {missing}, unexpected keys "
                           f"{unexpected}")
        for name, p in own.items():
            value = state[name]
            value = value.detach().numpy() if isinstance(value, Tensor) else np.asarray(value)
            if tuple(value.shape) != tuple(p._shape):
                raise ValueError(f"load_state_dict: '{name}' has shape {list(value.shape)} "
                                 f"but the parameter has shape {list(p._shape)}")
            p._a[...] = value
            p._bump_version()

    # ---- modes and gradients ----

    def train(self, mode: bool = True) -> Module:
        """Set training mode on this module and its children; returns self."""
        if not isinstance(mode, bool):
            raise TypeError(f"train() expects a bool, got {type(mode).__name__}")
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.parameters():
            _zero_grad(p, set_to_none)

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        lines = [f"({name}): " + repr(m).replace("\n", "\n  ") for name, m in self._modules.items()]
        head = f"{type(self).__name__}({self.extra_repr()}"
        if not lines:
            return head + ")"
        return head + "\n  " + "\n  ".join(lines) + "\n)"


def _zero_grad(p: Tensor, set_to_none: bool) -> None:
    if p.grad is None:
        return
    if set_to_none:
        p.grad = None
    else:
        with no_grad():
            p.grad.zero_()


class Linear(Module):
    """``y = x @ weight.T + bias``. Weights start as in torch: uniform in
    ``[-1/sqrt(in_features), 1/sqrt(in_features))`` (kaiming-uniform with a=sqrt(5)), bias
    alike, drawn from aten_lite's generator so ``al.manual_seed`` makes them reproducible."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True) -> None:
        super().__init__()
        for name, n in (("in_features", in_features), ("out_features", out_features)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"Linear: {name} must be a non-negative int, got {n!r}")
        self.in_features = in_features
        self.out_features = out_features
        bound = 1 / math.sqrt(in_features) if in_features > 0 else 0.0
        self.weight = Parameter(_uniform((out_features, in_features), bound))
        self.bias = Parameter(_uniform((out_features,), bound)) if bias else None

    def forward(self, x: Tensor) -> Tensor:
        return F.linear(x, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


def _uniform(shape: tuple, bound: float) -> Tensor:
    from .. import rand

    with no_grad():
        return rand(*shape) * (2 * bound) - bound


class ReLU(Module):
    """``max(x, 0)`` elementwise."""

    def forward(self, x: Tensor) -> Tensor:
        return F.relu(x)


class Sequential(Module):
    """Modules applied one after the other; sub-modules are named ``0``, ``1``, ..."""

    def __init__(self, *layers: Module) -> None:
        super().__init__()
        for i, layer in enumerate(layers):
            if not isinstance(layer, Module):
                raise TypeError(f"Sequential: argument {i} is a {type(layer).__name__}, "
                                "not a Module")
            setattr(self, str(i), layer)

    def forward(self, x):
        for layer in self._modules.values():
            x = layer(x)
        return x

    def __len__(self) -> int:
        return len(self._modules)

    def __getitem__(self, i: int) -> Module:
        layers = list(self._modules.values())
        return layers[i]
