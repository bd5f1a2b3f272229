"""Containers: ``Sequential`` (applied in order), ``ModuleList`` and ``ModuleDict``
(registered, indexable holders), and ``ParameterList`` / ``ParameterDict`` (the same for
parameters). Entries are named by position or key, as in torch.

>>> import aten_lite as al
>>> layers = al.nn.ModuleList([al.nn.Tanh(), al.nn.ReLU()])
>>> len(layers), type(layers[-1]).__name__
(2, 'ReLU')
"""

from __future__ import annotations

import warnings
from collections import OrderedDict
from collections.abc import Iterable, Mapping

from ..tensors.tensor import Tensor
from .module import Module, Parameter

__all__ = ["Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict",
           "Container"]


def _checked(owner: str, i, module) -> Module:
    if not isinstance(module, Module):
        raise TypeError(f"{owner}: entry {i} is a {type(module).__name__}, not a Module")
    return module


class _Indexed(Module):
    """Modules named '0', '1', ...: shared by Sequential and ModuleList."""

    def _index(self, i: int) -> str:
        n = len(self._modules)
        if not isinstance(i, int) or not -n <= i < n:
            raise IndexError(f"index {i} is out of range for {type(self).__name__} of length {n}")
        return list(self._modules)[i % n]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __getitem__(self, i):
        if isinstance(i, slice):
            return type(self)(*list(self._modules.values())[i]) if isinstance(self, Sequential) \
                else ModuleList(list(self._modules.values())[i])
        return self._modules[self._index(i)]

    def __setitem__(self, i: int, module: Module) -> None:
        setattr(self, self._index(i), _checked(type(self).__name__, i, module))

    def append(self, module: Module):
        self.add_module(str(len(self)), _checked(type(self).__name__, len(self), module))
        return self


class Sequential(_Indexed):
    """Modules applied one after the other; sub-modules are named ``0``, ``1``, ..."""

    def __init__(self, *layers: Module) -> None:
        super().__init__()
        for i, layer in enumerate(layers):
            self.add_module(str(i), _checked("Sequential", i, layer))

    def forward(self, x):
        for layer in self._modules.values():
            x = layer(x)
        return x


class ModuleList(_Indexed):
    """A list of modules, registered so their parameters are the owner's."""

    def __init__(self, modules=None) -> None:
        super().__init__()
        for m in modules or ():
            self.append(m)

    def extend(self, modules) -> ModuleList:
        for m in modules:
            self.append(m)
        return self


class ModuleDict(Module):
    """A dict of modules by name, registered so their parameters are the owner's."""

    def __init__(self, modules=None) -> None:
        super().__init__()
        for key, m in (dict(modules) if modules is not None else {}).items():
            self[key] = m

    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, _checked("ModuleDict", key, module))

    def __delitem__(self, key: str) -> None:
        del self._modules[key]
        object.__delattr__(self, key)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key: str) -> bool:
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def values(self):
        return self._modules.values()

    def items(self):
        return self._modules.items()


def _as_parameter(value):
    """A plain tensor becomes a Parameter (sharing its memory), as torch's containers do;
    Parameters and other objects are kept as they are."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        return Parameter(value)
    return value


def _put(holder: Module, name: str, value) -> None:
    """Set entry ``name``; a Parameter replacing a Parameter keeps its place in the
    registry (and so in named_parameters and state_dict), as torch's."""
    if isinstance(value, Parameter) and name in holder._parameters:
        holder._parameters[name] = value
        object.__setattr__(holder, name, value)
    else:
        setattr(holder, name, value)


def _entry_repr(key, value) -> str:
    if isinstance(value, Tensor):
        kind = "Parameter" if isinstance(value, Parameter) else "Tensor"
        size = "x".join(str(n) for n in value.shape)
        return f"({key}): {kind} containing: [{value.dtype} of size {size}]"
    return f"({key}): Object of type: {type(value).__name__}"


def _holder_repr(holder, items) -> str:
    lines = [_entry_repr(k, v) for k, v in items]
    lines += [f"({name}): " + repr(m).replace("\n", "\n  ")
              for name, m in holder._modules.items()]
    if not lines:
        return f"{type(holder).__name__}()"
    return f"{type(holder).__name__}(\n    " + "\n    ".join(lines) + "\n)"


class ParameterList(Module):
    """A list of parameters, registered as ``0``, ``1``, ... so they are the owner's
    (``named_parameters``, ``state_dict``); a tensor put in becomes a Parameter, other
    objects are held unregistered."""

    def __init__(self, values=None) -> None:
        super().__init__()
        object.__setattr__(self, "_size", 0)
        if values is not None:
            self.extend(values)

    def _abs_index(self, idx) -> int:
        n = self._size
        if isinstance(idx, bool) or not isinstance(idx, int) or not -n <= idx < n:
            raise IndexError(f"index {idx} is out of range for ParameterList of length {n}")
        return idx % n

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)([self[i] for i in range(self._size)[idx]])
        return getattr(self, str(self._abs_index(idx)))

    def __setitem__(self, idx, value) -> None:
        _put(self, str(self._abs_index(idx)), _as_parameter(value))

    def __len__(self) -> int:
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(self._size))

    def __iadd__(self, values) -> "ParameterList":
        return self.extend(values)

    def append(self, value) -> "ParameterList":
        object.__setattr__(self, "_size", self._size + 1)
        self[self._size - 1] = value
        return self

    def extend(self, values) -> "ParameterList":
        if not isinstance(values, Iterable) or isinstance(values, Tensor):
            raise TypeError(f"ParameterList.extend should be called with an iterable, but got "
                            f"{type(values).__name__}")
        for value in values:
            self.append(value)
        return self

    def __repr__(self) -> str:
        return _holder_repr(self, enumerate(self))


class ParameterDict(Module):
    """A dict of parameters by (string) key, registered under the key so they are the
    owner's; a tensor put in becomes a Parameter. ``update`` (and the constructor) take
    a mapping (a plain dict's keys in sorted order, as torch's) or (key, value) pairs."""

    def __init__(self, parameters=None) -> None:
        super().__init__()
        object.__setattr__(self, "_keys", {})
        if parameters is not None:
            self.update(parameters)

    @staticmethod
    def _key(key) -> str:
        if not isinstance(key, str):
            raise TypeError(f"Index given to ParameterDict cannot be used as a key as it is not "
                            f"a string (type is '{type(key).__name__}'). Open an issue on "
                            f"github if you need non-string keys.")
        return key

    def __getitem__(self, key):
        key = self._key(key)
        if key not in self._keys:
            raise KeyError(key)
        return getattr(self, key)

    def __setitem__(self, key, value) -> None:
        self._keys[self._key(key)] = None
        _put(self, key, _as_parameter(value))

    def __delitem__(self, key) -> None:
        del self._keys[self._key(key)]
        delattr(self, key)

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(list(self._keys))

    def __contains__(self, key) -> bool:
        return key in self._keys

    def keys(self):
        return self._keys.keys()

    def values(self):
        return (self[k] for k in self._keys)

    def items(self):
        return ((k, self[k]) for k in self._keys)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def popitem(self):
        if not self._keys:
            raise KeyError("popitem(): ParameterDict is empty")
        key = list(self._keys)[-1]
        return key, self.pop(key)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self) -> None:
        for key in list(self._keys):
            del self[key]

    def copy(self) -> "ParameterDict":
        return ParameterDict(OrderedDict(self.items()))

    def fromkeys(self, keys, default=None) -> "ParameterDict":
        return ParameterDict((k, default) for k in keys)

    def update(self, parameters) -> None:
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            pairs = list(parameters.items())
        elif isinstance(parameters, Mapping):
            pairs = sorted(parameters.items())
        elif isinstance(parameters, Iterable):
            pairs = []
            for j, pair in enumerate(parameters):
                if not isinstance(pair, Iterable):
                    raise TypeError(f"ParameterDict update sequence element #{j} should be "
                                    f"Iterable; is {type(pair).__name__}")
                pair = tuple(pair)
                if len(pair) != 2:
                    raise ValueError(f"ParameterDict update sequence element #{j} has length "
                                     f"{len(pair)}; 2 is required")
                pairs.append(pair)
        else:
            raise TypeError(f"ParametersDict.update should be called with an iterable of "
                            f"key/value pairs, but got {type(parameters).__name__}")
        for key, value in pairs:
            self[key] = value

    def __or__(self, other) -> "ParameterDict":
        out = self.copy()
        out.update(other)
        return out

    def __ror__(self, other) -> "ParameterDict":
        out = ParameterDict(other)
        out.update(self)
        return out

    def __ior__(self, other) -> "ParameterDict":
        self.update(other)
        return self

    def __repr__(self) -> str:
        return _holder_repr(self, self.items())


class Container(Module):
    """torch's deprecated holder: a Module with the keyword arguments as sub-modules (with
    torch's FutureWarning)."""

    def __init__(self, **kwargs) -> None:
        warnings.warn("`nn.Container` is deprecated. All of its functionality is now "
                      "implemented in `nn.Module`. Subclass that instead.", FutureWarning,
                      stacklevel=2)
        super().__init__()
        for key, value in kwargs.items():
            self.add_module(key, value)
