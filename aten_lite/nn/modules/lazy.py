"""The path of torch.nn.modules.lazy: the machinery of lazy layers, which learn their input
size from the first input. ``UninitializedParameter`` (and ``UninitializedBuffer``) hold no
data until ``materialize(shape)`` gives them a shape, in place: the same object then is a
plain ``Parameter`` (or tensor), so an optimizer made before the first forward trains it.
``LazyModuleMixin`` does that on the first call and then turns the layer into its eager class
(``LazyLinear`` becomes ``Linear``), as torch's does.

>>> import aten_lite as al
>>> layer = al.nn.LazyLinear(3)
>>> layer(al.ones(2, 5)).shape, type(layer).__name__, tuple(layer.weight.shape)
(aten_lite.Size([2, 3]), 'Linear', (3, 5))
"""

from __future__ import annotations

from ...backends import creation as _creation
from ...tensors.tensor import Tensor, new_tensor
from ..module import Parameter

__all__ = ["UninitializedParameter", "UninitializedBuffer", "LazyModuleMixin"]


class UninitializedParameter(Parameter):
    """A Parameter without data yet; ``materialize(shape)`` makes it a Parameter of that
    shape (uninitialised values: the layer's reset_parameters starts them)."""

    __slots__ = ()
    cls_to_become = Parameter

    def __new__(cls, requires_grad: bool = True, device=None, dtype=None):
        return super().__new__(cls, _creation.empty(0, dtype=dtype), requires_grad)

    def materialize(self, shape, device=None, dtype=None) -> None:
        self.data = _creation.empty(*tuple(shape), dtype=dtype or self.dtype)
        self.__class__ = self.cls_to_become

    def __repr__(self) -> str:
        return "<UninitializedParameter>"


class UninitializedBuffer(Tensor):
    """A buffer without data yet; ``materialize(shape)`` gives it one, in place."""

    __slots__ = ()

    def __new__(cls, requires_grad: bool = False, device=None, dtype=None):
        data = _creation.empty(0, dtype=dtype)
        return new_tensor(cls, data._a, data._shape, data._st, data._offset, data._dtype,
                          data._device, data._layout, data._key, data._version_counter,
                          data._base, data._store)

    def materialize(self, shape, device=None, dtype=None) -> None:
        self.data = _creation.empty(*tuple(shape), dtype=dtype or self.dtype)
        self.__class__ = Tensor

    def __repr__(self) -> str:
        return "<UninitializedBuffer>"


def _is_lazy(t) -> bool:
    return isinstance(t, (UninitializedParameter, UninitializedBuffer))


class LazyModuleMixin:
    """Mixed into a layer before its eager class: ``initialize_parameters(input)`` (the
    layer's) materializes the uninitialized parameters from the first input, then
    ``reset_parameters`` starts them and the layer becomes ``cls_to_become``."""

    cls_to_become = None

    def has_uninitialized_params(self) -> bool:
        return any(_is_lazy(t) for t in list(self._parameters.values()) +
                   list(self._buffers.values()))

    def _materialize_from(self, input) -> None:
        if self.has_uninitialized_params():
            self.initialize_parameters(input)
            self.reset_parameters()
        if self.cls_to_become is not None:
            self.__class__ = self.cls_to_become

    def __call__(self, *args, **kwargs):
        self._materialize_from(args[0] if args else next(iter(kwargs.values())))
        return self.forward(*args, **kwargs)
