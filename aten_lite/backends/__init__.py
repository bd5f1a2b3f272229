"""Backends: where each op's kernels come from.

Each backend key is one package here (Note [One backend, one package]):

    CPU -> cpu/    Meta -> meta/    SparseCPU -> sparse/    CompositeImplicitAutograd -> composite/

Every backend, built-in or from a package outside aten_lite, is one ``Backend`` record
registered by ``register_backend`` (Note [Backend records] in ``records.py``), which fills its
key in every op's table with the functions below. A YAML ``dispatch: {CPU: mm}`` names a kernel
of the record's ``kernels``. Ops without a kernel named for a key get a generic one when the
record offers a factory for their kind: ``make_elementwise(h, src)`` for `elementwise:` ops,
``make_reduction(h, src)`` for `reduction:` ops, ``make_from_rule(h, src)`` for ops with a
`shape:` rule. An in-place or out= sibling with no kernel of its own runs its functional
sibling's kernel and copies the result. ``src`` is always the functional sibling, which holds
the YAML kernel data. The composite kernels serve every key: ``build_composite`` places them
before the backends register.

What several backends share sits directly in this folder: ``coo.py`` (the COO layout's kernels
with strided inputs, which CPU and Meta register, and the helpers of the sparse kernels) and
``creation.py`` (the factories: tensors from data on a device). The rules every backend
computes the same way are below, in ``aten_lite/rules/`` (shape rules, view geometry,
``rules/kernel_rules.py``).

This package's own module imports no backend package and no dispatcher: the install step in
``aten_lite/__init__.py`` imports the backend packages and registers their records (the sparse
and composite kernels call ops, so they sit above the dispatcher; docs/DESIGN.md, "Layers").
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
from ..vocab.dispatch_keys import COMPOSITE, CPU, META, SPARSE_CPU
# Every backend's record is a ``Backend`` (Note [Backend records] in backends/records.py).
from .records import HOST_MEMORY, NO_MEMORY, REGISTERED, Backend, kernel_table  # noqa: F401

# Note [One backend, one package]
# A dispatch key's kernels are one package of aten_lite/backends/, which MODULES names. Its
# __init__.py is its registration, in one place: FAMILIES lists the modules that hold its
# named kernels, one module per op family, named for it (elementwise.py, reductions.py,
# views.py, indexing.py, ...), and ``KERNELS = kernel_table(__name__, FAMILIES)`` is the union
# of their ``__all__`` (a name two modules offer is refused, naming both). A YAML `dispatch:`
# kernel name is a key of KERNELS, and aten_lite/vocab/manifest.py lists them for the
# generator. A backend package (not composite/) ends with its record, ``BACKEND``: its
# kernels, its generic kernels' factories, its memory, its ``miss_hint``. A module of one
# backend package never imports another's (tests/test_layers.py): what two backends share
# moves here, directly into backends/, or down into aten_lite/rules/. A new built-in backend
# adds its package, its key below (and in tools/codegen/vocab.py's BACKEND_MODULES and
# vocab/dispatch_keys.py) and ``register_backend(package.BACKEND)`` in the install step.
MODULES = {CPU: "cpu", META: "meta", SPARSE_CPU: "sparse", COMPOSITE: "composite"}

_COMPOSITE_KERNELS: dict = {}  # composite/'s (build_composite), for op libraries' handles


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


# ---- table building: what registering a backend does to every op's table ----

def _functional_first(handles):  # in-place and out= siblings derive kernels from them
    return sorted(handles, key=lambda h: h.functional is not None)


def build_composite(handles: dict, kernels: dict) -> None:
    """Every handle's composite kernel, from composite/'s ``kernels``, before any backend
    registers (a composite op takes no generic kernel)."""
    _COMPOSITE_KERNELS.clear()
    _COMPOSITE_KERNELS.update(kernels)
    for h in _functional_first(handles.values()):
        _fill_composite(h, handles)


def build_key(handles: dict, key, backend) -> None:
    """Every handle's stack of ``key`` from ``backend``'s record (register_backend calls it,
    then rebuilds the tables)."""
    for h in _functional_first(handles.values()):
        _fill_key(h, handles, key, backend)


def build_table(h, handles: dict) -> None:
    """Fill one handle's ``stacks`` and ``table`` from the composite kernels and every
    registered record (an op library's handles come one by one)."""
    _fill_composite(h, handles)
    for key, backend in REGISTERED.items():
        _fill_key(h, handles, key, backend)
    h.rebuild_table()


def _named(h, src, key, kernels: dict, where: str):
    fname = h.dispatch[key]
    fn = kernels.get(fname)
    if fn is None:
        raise ImportError(
            f"{h.loc}: {h.name}: dispatch {key}: no kernel {fname!r} in "
            f"aten_lite/backends/{where}/ (its __init__.py registers the __all__ of "
            "the modules in FAMILIES); define it in the module of its op family there and "
            "list it in that module's __all__, or fix the YAML"
        )
    if key is not COMPOSITE:
        fn = dtype_guard(src, fn)
    return fn, f"{where}.{fname}"


def _fill_composite(h, handles: dict) -> None:
    # h.composite (the YAML's until now): whether the backends' generic kernels are skipped
    src = handles[h.functional] if h.functional else h
    if COMPOSITE in h.dispatch:
        h.stacks[COMPOSITE] = [_named(h, src, COMPOSITE, _COMPOSITE_KERNELS, "composite")]
    elif src is not h and src.composite and h.kind in ("inplace", "out"):
        h.stacks[COMPOSITE] = [(_derived_composite(h, src), f"{h.kind} via {src.name}")]
    h.composite = h.composite or COMPOSITE in h.stacks


def _fill_key(h, handles: dict, key, backend) -> None:
    src = handles[h.functional] if h.functional else h
    where = MODULES.get(key) or str(key)
    if key in h.dispatch:
        h.stacks[key] = [_named(h, src, key, backend.kernels, where)]
    elif not h.composite:
        found = _generic_kernel(h, src, key, backend, where)
        if found is not None:
            h.stacks[key] = [found]


def _generic_kernel(h, src, key, backend, where):
    make = backend.make_elementwise
    if src.elementwise and make is not None:
        fn = make(h, src)  # None: this backend has no kernel for the op
        return None if fn is None else (fn, f"{where}: elementwise, C++ {src.name}")
    make = backend.make_reduction
    if src.reduction and make is not None:
        return make(h, src), f"{where}: reduction {src.reduction}, C++ {src.name}"
    # The copy writes NumPy arrays: host backends only (Note [Devices from outside])
    if src is not h and h.kind in ("inplace", "out") and src.stacks.get(key) and key in MODULES:
        return _derived(h, src, key), f"{where}: {h.kind} via {src.name}"
    make = backend.make_from_rule
    if src.shape and make is not None:
        return dtype_guard(src, make(h, src)), f"{where}: shape rule {src.shape}"
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
