"""Backends: where each op's kernels come from.

Each backend key is one package here (Note [One backend, one package]):

    CPU -> cpu/    Meta -> meta/    SparseCPU -> sparse/    CompositeImplicitAutograd -> composite/

A YAML ``dispatch: {CPU: mm}`` names a kernel that package registers. Ops without a kernel
named for a key get a generic one when the package offers a factory for their kind:
``make_elementwise(h, src)`` for `elementwise:` ops, ``make_reduction(h, src)`` for
`reduction:` ops, and (Meta) ``make_from_rule(h, src)`` for ops with a `shape:` rule. An
in-place or out= sibling with no kernel of its own runs its functional sibling's kernel and
copies the result. ``src`` is always the functional sibling, which holds the YAML kernel data.

What several backends share sits directly in this folder: ``coo.py`` (the COO layout's kernels
with strided inputs, which CPU and Meta register, and the helpers of the sparse kernels) and
``creation.py`` (the factories: tensors from data on a device). The rules every backend
computes the same way are below, in ``aten_lite/rules/`` (shape rules, view geometry,
``rules/kernel_rules.py``).

This package's own module imports no backend package and no dispatcher: the install step in
``aten_lite/__init__.py`` imports the backend packages and passes them to ``build_tables``
(the sparse and composite kernels call ops, so they sit above the dispatcher; docs/DESIGN.md,
"Layers").
"""

from __future__ import annotations

import sys

import numpy as np

from ..vocab.dtype import DTYPES
from ..vocab.grad_mode import _state as _grad_state
from ..rules.kernel_rules import (
    PARTIAL_OVERLAP, check_derived_out, check_same_shape, check_writable, not_implemented, overlap,
    resize_out,
)
from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import BACKEND_KEYS, COMPOSITE, CPU, META, SPARSE_CPU

# Note [One backend, one package]
# A dispatch key's kernels are one package of aten_lite/backends/, which MODULES names. Its
# __init__.py is its registration, in one place: FAMILIES lists the modules that hold its
# named kernels, one module per op family, named for it (elementwise.py, reductions.py,
# views.py, indexing.py, ...), and ``KERNELS = kernel_table(__name__, FAMILIES)`` is the union
# of their ``__all__`` (a name two modules offer is refused, naming both). A YAML `dispatch:`
# kernel name is a key of KERNELS, and aten_lite/vocab/manifest.py lists them for the
# generator. The package also imports the generic kernels' factories it has (make_elementwise,
# make_reduction, make_from_rule) and may define ``miss_hint(handle)``, the end of its "no
# kernel" message. A module of one backend package never imports another's
# (tests/test_layers.py): what two backends share moves here, directly into backends/, or
# down into aten_lite/rules/. Adding a backend adds its package, its key below (and in
# tools/codegen/vocab.py's BACKEND_MODULES), its import in the install step of
# aten_lite/__init__.py, and the dispatcher's key for its device and layout.
MODULES = {CPU: "cpu", META: "meta", SPARSE_CPU: "sparse", COMPOSITE: "composite"}


# ---- registration (Note [One backend, one package]) ----


def kernel_table(package: str, families) -> dict:
    """The kernels of backend package ``package`` (its ``__name__``): name -> function, the
    union of the ``__all__`` of its family modules ``families``."""
    kernels: dict = {}
    owners: dict = {}
    for module in families:
        names = getattr(module, "__all__", None)
        if names is None:
            raise ImportError(f"{package}: family module {module.__name__} has no __all__; "
                              "list the kernels it registers there")
        for name in names:
            fn = getattr(module, name, None)
            if not callable(fn):
                raise ImportError(f"{module.__name__}.__all__ names {name!r}, which is not a "
                                  "function of that module; define it there or drop the name")
            if name in kernels:
                raise ImportError(
                    f"{package}: kernel {name!r} is registered by both {owners[name]} and "
                    f"{module.__name__}; a `dispatch:` name must mean one function: keep it "
                    "in the __all__ of one of them")
            kernels[name] = fn
            owners[name] = module.__name__
    return kernels


def packages() -> dict:
    """The backend package of each key of ``MODULES``, as the install step imported them."""
    found = {}
    for key, name in MODULES.items():
        module = sys.modules.get(f"{__name__}.{name}")
        if module is None:
            raise ImportError(f"aten_lite.backends.{name} (the {key} backend) is not imported "
                              "yet; the install step in aten_lite/__init__.py imports it")
        found[key] = module
    return found


# ---- table building ----


def build_tables(handles: dict, modules: dict) -> None:
    """Fill every handle's ``stacks`` (the YAML kernels) and ``table`` from ``modules``, the
    backend package of each key in ``MODULES`` (``packages()``)."""
    # Functional ops first: their in-place and out= siblings derive kernels from them.
    for h in sorted(handles.values(), key=lambda h: h.functional is not None):
        build_table(h, handles, modules)


def build_table(h, handles: dict, modules: dict) -> None:
    """Fill one handle's ``stacks`` and ``table`` (an op library's handles come one by one)."""
    src = handles[h.functional] if h.functional else h
    stacks = {}
    for key, fname in h.dispatch.items():
        module = modules.get(key)
        fn = module.KERNELS.get(fname) if module is not None else None
        if fn is None:
            raise ImportError(
                f"{h.loc}: {h.name}: dispatch {key}: no kernel {fname!r} in "
                f"aten_lite/backends/{MODULES[key]}/ (its __init__.py registers the __all__ of "
                "the modules in FAMILIES); define it in the module of its op family there and "
                "list it in that module's __all__, or fix the YAML"
            )
        if key is not COMPOSITE:
            fn = dtype_guard(src, fn)
        stacks[key] = [(fn, f"{MODULES[key]}.{fname}")]
    if not h.composite:
        if src is not h and src.composite and h.kind in ("inplace", "out"):
            stacks[COMPOSITE] = [(_derived_composite(h, src), f"{h.kind} via {src.name}")]
        else:
            for key in BACKEND_KEYS:
                if key not in stacks:
                    found = _generic_kernel(h, src, key, modules.get(key))
                    if found is not None:
                        stacks[key] = [found]
    h.stacks = stacks
    h.composite = COMPOSITE in stacks
    h.rebuild_table()


def _generic_kernel(h, src, key, module):
    if module is None:
        return None
    where = MODULES[key]
    if src.elementwise and hasattr(module, "make_elementwise"):
        fn = module.make_elementwise(h, src)  # None: this backend has no kernel for the op
        return None if fn is None else (fn, f"{where}: elementwise, C++ {src.name}")
    if src.reduction and hasattr(module, "make_reduction"):
        return module.make_reduction(h, src), f"{where}: reduction {src.reduction}, C++ {src.name}"
    if src is not h and h.kind in ("inplace", "out") and src.stacks.get(key):
        return _derived(h, src, key), f"{where}: {h.kind} via {src.name}"
    if src.shape and hasattr(module, "make_from_rule"):
        return dtype_guard(src, module.make_from_rule(h, src)), f"{where}: shape rule {src.shape}"
    return None


def dtype_guard(src, fn):
    """Check the dtype the op computes in against its `dtypes:` before a named kernel: the
    `dtype=` argument when given (self is converted to it), else the `self` argument's."""
    allowed = frozenset(d for d in DTYPES if d.name in src.dtypes)
    if src.type_promotion == "int_to_float":  # integers and bool compute in a float dtype
        allowed |= frozenset(d for d in DTYPES if not d.is_floating_point)
    names = [a.name for a in src.args]
    if not allowed or len(allowed) == len(DTYPES) or "self" not in names:
        return fn
    i = names.index("self")
    if "dtype" not in names:
        def guarded(*args):
            x = args[i]
            if isinstance(x, Tensor) and x._dtype not in allowed:
                not_implemented(src, x._dtype)
            return fn(*args)
    else:
        j = names.index("dtype")

        def guarded(*args):
            dtype = args[j] if j < len(args) else None
            if dtype is None:
                x = args[i]
                dtype = x._dtype if isinstance(x, Tensor) else None
            if dtype is not None and dtype not in allowed:
                not_implemented(src, dtype)
            return fn(*args)

    guarded.__wrapped__ = fn
    # The guard reads only dtypes: as stream-safe as the kernel (Note [Stream-safe kernels]).
    guarded.stream_safe = getattr(fn, "stream_safe", False)
    return guarded


def _split_out(h, args):
    n_out = sum(1 for a in h.args if a.is_write and a.kwarg_only)
    return args[: len(args) - n_out], args[len(args) - n_out:]


def _derived(h, src, key):
    """A backend kernel for an in-place/out= sibling: run the functional kernel, copy."""
    table = src.table

    def derived(*args):
        if h.kind == "inplace":
            result = table[key](*args)
            dests = (args[0],)
            check_same_shape(args[0], result)
        else:
            inputs, dests = _split_out(h, args)
            if key is SPARSE_CPU and not any(getattr(x, "is_sparse", False) for x in inputs):
                # A sparse out= alone selected the sparse kernel, which needs a sparse input.
                raise RuntimeError(
                    f"al.{h.base}: out= is a sparse tensor but the inputs are strided; pass a "
                    "strided out= (or convert an input with .to_sparse())")
            result = table[key](*inputs)
        results = result if isinstance(result, tuple) else (result,)
        for dest, res in zip(dests, results):
            check_derived_out(h, res._dtype, dest._dtype)
            if dest._shape != res._shape:
                resize_out(dest, res._shape)
            if dest._a is not None:
                if not dest._a.flags.writeable:
                    check_writable(dest)
                np.copyto(dest._a, res._a, casting="unsafe")
        return dests[0] if len(dests) == 1 else dests

    return derived


def _refuse_partial_overlap(inputs, dests) -> None:
    """torch's refusal of a write that partly overlaps an input, for element-wise composite
    ops, whose decomposition writes through copy_ after reading (Note [Partial overlap] in
    rules/kernel_rules.py; the C++ element-wise kernels check it in _prepare_destination)."""
    for d in dests:
        if not isinstance(d, Tensor) or d._a is None:
            continue
        for x in inputs:
            if isinstance(x, Tensor) and x._a is not None and \
                    overlap(x._a, d._a) == "partial":
                raise RuntimeError(PARTIAL_OVERLAP)


# Note [In-place composites save a copy of self]
# ``x.clamp_(lo, hi)`` runs clamp's decomposition on x and copies the result into x. The
# decomposition's nodes may save x itself (maximum saves both operands for its gradient),
# and the copy_ then overwrites those values: backward would refuse with "modified by an
# inplace operation" though nothing the user did touched a saved value (torch saves a
# copy of the original self for such formulas). So when autograd records, the decomposition
# runs on ``self.clone()``: its nodes save the copy, which nothing writes, and the gradient
# reaches self through clone. A value saved before the in-place op (``y = x.exp()`` saves y)
# is still modified by the copy_, and backward refuses it, as torch does.


def _records_grad(args) -> bool:
    if not _grad_state.enabled:
        return False
    for x in args:
        if isinstance(x, Tensor) and x._requires_grad:
            return True
        if isinstance(x, (list, tuple)) and any(
                isinstance(t, Tensor) and t._requires_grad for t in x):
            return True
    return False


def _derived_composite(h, src):
    """Like ``_derived`` for a composite functional: the copy goes through ``copy_`` so that
    autograd sees it, as the rest of the decomposition."""

    checked = src.numbers_ok or "overlap_checked" in src.tags  # Note [Partial overlap]

    def derived(*args):
        if h.kind == "inplace":
            if checked:
                _refuse_partial_overlap(args[1:], args[:1])
            self = args[0]
            if isinstance(self, Tensor) and _records_grad(args):
                # Note [In-place composites save a copy of self]
                result = src.call((self.clone(),) + tuple(args[1:]))
            else:
                result = src.call(args)
            dests = (args[0],)
            check_same_shape(args[0], result)
        else:
            inputs, dests = _split_out(h, args)
            if checked:
                _refuse_partial_overlap(inputs, dests)
            result = src.call(inputs)
        results = result if isinstance(result, tuple) else (result,)
        for dest, res in zip(dests, results):
            check_derived_out(h, res._dtype, dest._dtype)
            if dest._shape != res._shape:
                resize_out(dest, res._shape)
            dest.copy_(res)
        return dests[0] if len(dests) == 1 else dests

    return derived


# torch.backends' switches that GPU-ready code sets (cuda.matmul.allow_tf32, cudnn.benchmark,
# mps.is_available()): modules of flags beside the backend packages, no kernels.
from . import cuda, cudnn, mps  # noqa: E402,F401
