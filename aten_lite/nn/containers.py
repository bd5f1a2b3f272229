"""Containers: ``Sequential`` (applied in order), ``ModuleList`` and ``ModuleDict``
(registered, indexable holders). Sub-modules are named by position or key, as in torch.

>>> import aten_lite as al
>>> layers = al.nn.ModuleList([al.nn.Tanh(), al.nn.ReLU()])
>>> len(layers), type(layers[-1]).__name__
(2, 'ReLU')
"""

from __future__ import annotations

from .module import Module

__all__ = ["Sequential", "ModuleList", "ModuleDict"]


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
