"""The Tensor surface: every method, operator and property that ``Tensor`` has beyond its data
type (``tensors/tensor.py``), attached here and nowhere else.

``tensors/tensor.py`` is at the tensor layer and may not import what these come from (the
generated bindings, autograd, indexing, factories; docs/DESIGN.md, "Layers"), so the front end
puts them on the class once, when ``aten_lite/__init__.py`` imports this module (after the
dispatcher's handles exist, which the generated bindings read at import). Each assignment is
written out, so that ``grep "Tensor.NAME ="`` finds where a method comes from. The generator,
which never imports the runtime, learns these names from ``TENSOR_ATTRIBUTES`` in
aten_lite/vocab/manifest.py (refreshed from the class by
``python -m tools.runtime_manifest --write``).

>>> import aten_lite as al
>>> x = al.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
>>> (x[0] * 2).sum().backward()
>>> x.grad.tolist(), x.new_zeros(2).tolist()
([[2.0, 2.0], [0.0, 0.0]], [0.0, 0.0])
"""

from __future__ import annotations

from . import indexing as _indexing, random as _random, tensor_api as _tensor_api
from ..serialization import pickling as serialization
from .._generated.ops import METHODS
from ..tensors.tensor import Tensor
from ..autograd import tensor_methods as _autograd
from ..backends import dlpack as _dlpack

__all__: list[str] = []

# The generated methods and operators (add, __add__, sum, ...; Note [The type stub]).
for _name, _fn in METHODS.items():
    setattr(Tensor, _name, _fn)
del _name, _fn

# Indexing, as sequences of dispatched ops (Note [Indexing as ops] in frontend/indexing.py).
Tensor.__getitem__ = _indexing.getitem
Tensor.__setitem__ = _indexing.setitem

# Autograd (autograd/tensor_methods.py).
Tensor.backward = _autograd.backward
Tensor.grad = _autograd.grad
Tensor.register_hook = _autograd.register_hook
Tensor.register_post_accumulate_grad_hook = _autograd.register_post_accumulate_grad_hook
Tensor.retain_grad = _autograd.retain_grad
Tensor.retains_grad = property(_autograd.retains_grad)
Tensor.detach = _autograd.detach
Tensor.detach_ = _autograd.detach_

# torch's non-op Tensor surface (frontend/tensor_api.py): data, legacy constructors, new_*, NumPy.
Tensor.data = property(_tensor_api._get_data, _tensor_api._set_data,
                       doc=_tensor_api._get_data.__doc__)
Tensor.__new__ = staticmethod(_tensor_api._tensor_new)
Tensor.type = _tensor_api._type
Tensor.cpu = _tensor_api._cpu
Tensor.cuda = _tensor_api._cuda
Tensor.new_tensor = _tensor_api._new_tensor
Tensor.unique = _tensor_api._unique_method
Tensor.__array_ufunc__ = _tensor_api._array_ufunc  # Note [NumPy operands]
for _name, _fn in _tensor_api.new_factories().items():  # new_zeros, new_ones, new_empty, new_full
    setattr(Tensor, _name, _fn)
del _name, _fn

# DLPack export (Note [DLPack through NumPy] in backends/dlpack.py).
Tensor.__dlpack__ = _dlpack.tensor_dlpack
Tensor.__dlpack_device__ = _dlpack.tensor_dlpack_device

# Random methods (frontend/random.py).
Tensor.bernoulli = _random._bernoulli_method
Tensor.multinomial = _random._multinomial_method
Tensor.uniform_ = _random._uniform_
Tensor.normal_ = _random._normal_

# Pickling and deepcopy (Note [Tensor pickles] in serialization/pickling.py).
Tensor.__reduce_ex__ = serialization._reduce_ex
Tensor.__deepcopy__ = serialization._deepcopy
