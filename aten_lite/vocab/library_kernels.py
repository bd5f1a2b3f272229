"""Where the C++ entries of op libraries are found (layer 1: plain data, no aten_lite imports).

Note [Library kernels]
An op library (``aten_lite/frontend/oplib.py``) is compiled into its own extension module,
built from the installed aten_lite's core sources and headers (``aten_lite/csrc``) plus the
library's generated kernels, so its registry holds only its own entries, under their plain
names (``mish``). Its ops' handles are named ``NS::op`` (``myops::mish``, as torch names
``torch.ops.myops.mish``), and the CPU backend's ``c_kernel`` sends such a name here: the
namespace picks the library's module, the rest names the entry in it. The loader registers the
module before it builds any kernel table.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ABI_VERSION", "register", "unregister", "get_kernel", "set_num_threads"]

# Note [The library ABI] in frontend/oplib.py: a built library records this number and loads only
# where it is the same. Bump it when aten_lite/csrc/kernel_api.h's structs, the generated
# registry records or the generated autograd code's protocol change shape (the generator
# reads it from this file with ast).
ABI_VERSION = 6  # 2: registry records are OpRecord instances (vocab/registry_record.py), not dicts;
# 3: RECORDERS holds recorder makers, make(handle) -> the Autograd kernel (autograd/kernel.py)
# 4: a build holds forward_rules.py, the forward-mode rules of its derivatives.yaml entries
# 5: generated modules call helpers shared in the runtime (Binding.documents and
# handle_and_entry in dispatch/binding.py, formula_failed in autograd/node.py, zero_rule and
# linear_rule in autograd/forward_ad.py; dtype_entry, Elementwise and Reduction in the headers)
# 6: dtype code 9 is bfloat16 (kNumDTypes 10): dtype masks and switches gained a bit

# namespace -> the library's compiled extension module (its `get_kernel(name)`).
_MODULES: dict[str, Any] = {}
_threads: list[int] = []  # the count al.set_num_threads last set, for libraries loaded later


def register(namespace: str, module: Any) -> None:
    _MODULES[namespace] = module


def unregister(namespace: str) -> None:
    _MODULES.pop(namespace, None)


def get_kernel(name: str):
    """The entry of ``NS::op`` from library NS's extension; KeyError names what is loaded."""
    namespace, _, op = name.partition("::")
    module = _MODULES.get(namespace)
    if module is None:
        loaded = ", ".join(sorted(_MODULES)) or "none"
        raise KeyError(f"no op library {namespace!r} is loaded (for the C++ kernel {name!r}); "
                       f"loaded: {loaded}")
    return module.get_kernel(op)


def set_num_threads(n: int) -> None:
    """Each library's extension has its own thread pool: al.set_num_threads sets them all."""
    _threads[:] = [n]
    for module in _MODULES.values():
        module.set_num_threads(n)


def num_threads() -> int:
    """The count for a library loaded now: al.set_num_threads's, else aten_lite's default."""
    if _threads:
        return _threads[0]
    from .. import _C  # layer 0, imported late so that `import aten_lite` works unbuilt

    return _C.get_num_threads()
