"""The generated module functions (``al.add``, ``al.sum``, ...), which ``aten_lite`` re-exports.

They are the bindings of ``generated/ops.py``, loaded as ``aten_lite._generated`` by
``__init__.py`` before this module is imported. Editors and type checkers read ``_ops.pyi``
beside this file instead: the generator writes it with the same ``__all__`` and typed
signatures, and with ``TensorOps``, the typed Tensor methods (Note [The type stub] in
``tools/codegen/api_pyi.py``).
"""

from ._generated.ops import *  # noqa: F401,F403
from ._generated.ops import __all__  # noqa: F401
