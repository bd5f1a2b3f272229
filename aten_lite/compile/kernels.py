"""Fused kernels: one C++ loop for a group of elementwise ops and an optional trailing reduction,
built just in time from the ops' YAML expressions.

    >>> import aten_lite as al
    >>> from aten_lite.compile.fused_spec import FusedSpec, FusedStep, FusedReduction
    >>> spec = FusedSpec(inputs=("float32", "float32"),
    ...                  steps=(FusedStep("mul.Tensor", (("in", 0), ("const", 2)), "float32"),
    ...                         FusedStep("add.Tensor", (("step", 0), ("in", 1), ("const", 1)),
    ...                                   "float32")),
    ...                  outputs=(), reduction=FusedReduction("sum", (), False, "float32"))
    >>> f = compile_fused(spec)                       # doctest: +SKIP
    >>> f([al.ones(3), al.ones(3)])[0].item()         # doctest: +SKIP
    9.0

The contract with graph mode's fusion pass is ``fused_spec.py``. The source comes from
``kernels_source.py`` (Note [Fused kernels and the YAML expressions]), the shared object from
``kernels_cache.py`` (Note [Fused kernel cache]), the loops from ``jit/fused_loops.h`` and the
link to the core from ``aten_lite/csrc/jit_api.h`` (Note [Fused kernel ABI]). This module checks
every call in Python before C++ sees it: tensor types, dtypes, broadcastable shapes, dims, out
tensors.
"""

from __future__ import annotations

import dataclasses
import os
import time

import numpy as np

from ..vocab import dtype as _dtype
from ..tensors.tensor import Tensor, empty_array
from ..vocab.dispatch_keys import CPU
from ..rules.shapes import core as rules
from .fused_spec import FusedSpec
from .kernels_cache import cache_dir, load_or_build, load_or_build_many
from .kernels_rows import row_source
from .kernels_source import FusionBuildError, FusedSource, fused_source

__all__ = ["compile_fused", "compile_many", "FusedKernel", "FusionBuildError", "cache_dir"]


class _Built:
    """Kernels built or loaded in this process, by spec: a second compile_fused of an equal
    spec costs a dict lookup."""

    kernels: dict = {}


def compile_fused(spec: FusedSpec) -> "FusedKernel":
    """The fused kernel of ``spec``, from the disk cache or compiled now (module docstring).
    Raises FusionBuildError when a step cannot be fused or the compiler fails."""
    if not isinstance(spec, FusedSpec):
        raise TypeError(f"compile_fused: expected a FusedSpec, got {type(spec).__name__}")
    found = _Built.kernels.get(spec)
    if found is not None:
        return found
    start = time.perf_counter()
    kernel, source = load_or_build(_code_spec(spec), _source)
    result = FusedKernel(spec, source, kernel, time.perf_counter() - start)
    _Built.kernels[spec] = result
    return result


def compile_many(specs, jobs: int | None = None) -> list:
    """``compile_fused`` of each spec, the kernels missing from the disk cache compiled
    ``jobs`` at a time (default: every core) after the precompiled header they share: for a
    caller that knows many groups before it runs them (a test suite, a warm-up). Returns per
    spec its FusedKernel, or the FusionBuildError that compile_fused would raise.

        >>> compile_many([spec, spec])         # doctest: +SKIP
        [<FusedKernel ...>, <FusedKernel ...>]
    """
    specs = list(specs)
    for spec in specs:
        if not isinstance(spec, FusedSpec):
            raise TypeError(f"compile_many: expected FusedSpecs, got {type(spec).__name__}")
    todo = list(dict.fromkeys(s for s in specs if s not in _Built.kernels))
    start = time.perf_counter()
    built = load_or_build_many([_code_spec(s) for s in todo], _source,
                               jobs or os.cpu_count() or 1)
    seconds = (time.perf_counter() - start) / max(1, len(todo))
    for spec, found in zip(todo, built):
        if not isinstance(found, Exception):
            _Built.kernels[spec] = FusedKernel(spec, found[1], found[0], seconds)
    failed = {s: f for s, f in zip(todo, built) if isinstance(f, Exception)}
    return [failed.get(s) or _Built.kernels[s] for s in specs]


def _source(spec: FusedSpec) -> FusedSource:
    """The translation unit of ``spec``: a row kernel's (Note [Row kernels] in kernels_rows.py)
    or a fused loop's."""
    return row_source(spec) if spec.row_dims else fused_source(spec)


def _code_spec(spec: FusedSpec) -> FusedSpec:
    """``spec`` without what only the Python side uses: the reduction's dims and keepdim are
    a permutation and a reshape here, so specs differing only in them share one kernel."""
    r = spec.reduction
    if r is None or (r.dims == () and not r.keepdim):
        return spec
    return dataclasses.replace(spec, reduction=dataclasses.replace(r, dims=(), keepdim=False))


class FusedKernel:
    """A built fused kernel: ``kernel(inputs, out=None) -> list[Tensor]`` (fused_spec.py)."""

    def __init__(self, spec: FusedSpec, source: FusedSource | None, kernel, seconds: float):
        self.spec = spec
        self.built = source is not None  # whether compile_fused ran the compiler (else: cache)
        self.seconds = seconds  # what compile_fused took
        self._source = source
        self._kernel = kernel
        self._dtypes = tuple(_dtype.parse(d) for d in spec.inputs)
        self._out_dtypes = tuple(_dtype.parse(spec.steps[j].dtype) for j in spec.outputs)
        self._bound: dict = {}  # input shapes -> bind()'s function
        if spec.row_dims:
            from .kernels_rows import step_levels
            self._levels = step_levels(spec)
            self._row_inputs = frozenset(spec.row_inputs)

    @property
    def source(self) -> FusedSource:
        """The C++ text and a summary of the group (rendered again for a cached kernel)."""
        if self._source is None:
            self._source = _source(self.spec)
        return self._source

    def __repr__(self) -> str:
        return f"<FusedKernel {self.source.name}: {self.source.summary}>"

    def __call__(self, inputs, out=None) -> list:
        space = self._check_inputs(inputs)
        if self.spec.row_dims:
            return self._rows(inputs, space, out)
        if out is None:
            return self.bind(tuple(tuple(t._shape) for t in inputs))(inputs)
        arrays = [t._a if tuple(t._shape) == space else np.broadcast_to(t._a, space)
                  for t in inputs]
        n_out = len(self.spec.outputs) + (self.spec.reduction is not None)
        if len(out) != n_out:
            raise ValueError(f"fused kernel: expected {n_out} out tensors, got {len(out)}")
        outs = self._outputs(space, out)
        r = self.spec.reduction
        if r is None:
            self._kernel(0, *outs, *arrays)
            return self._results(outs, out)
        perm, kept, final = self._reduction_plan(space)
        reduced = empty_array(kept, _dtype.parse(r.dtype))
        self._kernel(0, reduced, *(a.transpose(perm) for a in (*outs, *arrays)))
        target = self._check_out(out[-1], final, _dtype.parse(r.dtype), "the reduction's")
        np.copyto(target._a, reduced.reshape(final))
        target._bump_version()
        return self._results(outs, out) + [target]

    def bind(self, shapes):
        """``self`` without ``out`` for inputs of these shapes, as a function of the inputs
        alone: what a call works out from the shapes (the iteration space, the broadcasts,
        the reduction's permutation) is worked out here once, so graph mode's replay (Note
        [Replay] in compile/executor.py) pays for none of it. The caller vouches for the
        inputs' types, dtypes and shapes (a graph's guard does); the C++ kernel still checks
        every call's dtypes and shapes."""
        bound = self._bound.get(shapes)
        if bound is None:
            if len(self._bound) >= 64:  # a kernel called with ever new shapes stays small
                self._bound.clear()
            bound = self._bound[shapes] = self._make_bound(shapes)
        return bound

    def _make_bound(self, shapes):
        space = tuple(rules.broadcast_shapes(*shapes))
        if self.spec.row_dims:
            return lambda inputs: self._rows(inputs, space, None)
        expand = [tuple(s) != space for s in shapes]
        kernel, wrap, out_dtypes = self._kernel, Tensor._wrap, self._out_dtypes
        r = self.spec.reduction
        if r is None:
            def elementwise(inputs):
                outs = [empty_array(space, d) for d in out_dtypes]
                kernel(0, *outs, *(np.broadcast_to(t._a, space) if e else t._a
                                   for t, e in zip(inputs, expand)))
                return [wrap(o) for o in outs]
            return elementwise
        perm, kept, final = self._reduction_plan(space)
        moved, shaped = perm != sorted(perm), final != kept
        r_dtype = _dtype.parse(r.dtype)

        def reduction(inputs):
            outs = [empty_array(space, d) for d in out_dtypes]
            arrays = [np.broadcast_to(t._a, space) if e else t._a for t, e in zip(inputs, expand)]
            reduced = empty_array(kept, r_dtype)
            if moved:
                kernel(0, reduced, *(a.transpose(perm) for a in (*outs, *arrays)))
            else:
                kernel(0, reduced, *outs, *arrays)
            return [wrap(o) for o in outs] + [wrap(reduced.reshape(final) if shaped else reduced)]
        return reduction

    def _rows(self, inputs, space, out) -> list:
        """A row kernel's call (Note [Row kernels] in kernels_rows.py): every operand is
        passed as (outer dims..., row), element-level ones broadcast to the iteration space
        with the row dims merged (a copy only where they cannot be), row-level ones broadcast
        to the space with the row dims kept as ones."""
        k = self.spec.row_dims
        if len(space) < k:
            raise ValueError(f"fused kernel: a row kernel over {k} row dim(s) needs inputs of "
                             f"at least {k} dims, got the iteration space {space}")
        outer = tuple(space[:len(space) - k])
        row_shape = outer + (1,) * k
        n = 1
        for d in space[len(space) - k:]:
            n *= d
        levels = self._levels
        arrays = []
        for i, t in enumerate(inputs):
            if i in self._row_inputs:
                a = np.broadcast_to(t._a, row_shape)
                arrays.append(a.reshape(outer + (1,)) if k != 1 else a)
            else:
                a = t._a if tuple(t._shape) == space else np.broadcast_to(t._a, space)
                arrays.append(a.reshape(outer + (n,)) if k != 1 else a)
        shapes = [row_shape if levels[j] else space for j in self.spec.outputs]
        if out is None:
            outs = [empty_array(s, d) for s, d in zip(shapes, self._out_dtypes)]
        else:
            if len(out) != len(shapes):
                raise ValueError(f"fused kernel: expected {len(shapes)} out tensors, got "
                                 f"{len(out)}")
            outs = [self._check_out(o, s, d, "an")._a for o, s, d in zip(out, shapes,
                                                                          self._out_dtypes)]
            for a in outs:
                if not a.flags.c_contiguous:
                    raise ValueError("fused kernel: a row kernel's out tensors must be "
                                     "contiguous")
        if 0 not in space:  # no rows (or empty ones): nothing to compute
            self._kernel(0, *(a.reshape(outer + ((1,) if levels[j] else (n,)))
                              for a, j in zip(outs, self.spec.outputs)), *arrays)
        return self._results(outs, out)

    def _check_inputs(self, inputs) -> tuple:
        """The iteration space of ``inputs``, once they are checked."""
        if not isinstance(inputs, (list, tuple)):
            raise TypeError(f"fused kernel: inputs must be a list of tensors, got "
                            f"{type(inputs).__name__}")
        if len(inputs) != len(self._dtypes):
            raise ValueError(f"fused kernel: expected {len(self._dtypes)} inputs, got "
                             f"{len(inputs)}")
        for i, (t, want) in enumerate(zip(inputs, self._dtypes)):
            # Tensor subclasses (nn.Parameter) are strided CPU tensors too; sparse ones are not.
            if not isinstance(t, Tensor) or t._key is not CPU or t._a is None:
                what = (f"a {t.device} {t.layout} tensor" if isinstance(t, Tensor)
                        else type(t).__name__)
                raise TypeError(f"fused kernel: input {i} must be a strided CPU tensor, got "
                                f"{what}")
            if t._dtype is not want:
                raise TypeError(f"fused kernel: input {i} must be {want.name}, got "
                                f"{t._dtype.name}")
        return tuple(rules.broadcast_shapes(*(t._shape for t in inputs)))

    def _outputs(self, space, out):
        if out is None:
            return [empty_array(space, d) for d in self._out_dtypes]
        arrays = []
        for o, d in zip(out, self._out_dtypes):
            arrays.append(self._check_out(o, space, d, "an")._a)
        return arrays

    @staticmethod
    def _check_out(o, shape, dtype, which: str) -> Tensor:
        if type(o) is not Tensor or o._a is None:
            raise TypeError(f"fused kernel: out must be strided CPU tensors, got "
                            f"{type(o).__name__}")
        if tuple(o._shape) != tuple(shape) or o._dtype is not dtype:
            raise ValueError(f"fused kernel: {which} out must be {dtype.name} of shape "
                             f"{tuple(shape)}, got {o._dtype.name} of shape {tuple(o._shape)}")
        if not o._a.flags.writeable:
            raise RuntimeError("fused kernel: an out tensor is read-only or expanded; pass a "
                               "dense tensor")
        return o

    def _results(self, arrays, out):
        if out is None:
            return [Tensor._wrap(a) for a in arrays]
        for o in out[:len(arrays)]:
            o._bump_version()
        return list(out[:len(arrays)])

    def _reduction_plan(self, space):
        """(permutation putting the reduced dims last, kept shape, result shape)."""
        r = self.spec.reduction
        nd = len(space)
        dims = tuple(r.dims) if r.dims else tuple(range(nd))
        if nd == 0 and set(dims) <= {0}:
            dims = ()
        for d in dims:
            if not isinstance(d, int) or not 0 <= d < nd:
                raise IndexError(f"fused kernel: reduction dim {d!r} out of range for the "
                                 f"iteration space {space}; valid: 0..{nd - 1}")
        if len(set(dims)) != len(dims):
            raise ValueError(f"fused kernel: reduction dims {dims} repeat a dim")
        if r.op in ("amax", "amin"):
            for d in dims:
                if space[d] == 0:
                    raise IndexError(f"al.{r.op}(): expected reduction dim {d} to have "
                                     f"non-zero size (shape {space})")
        kept = [d for d in range(nd) if d not in dims]
        perm = kept + sorted(dims)
        final = tuple(1 if d in dims else space[d] for d in range(nd)) if r.keepdim else \
            tuple(space[d] for d in kept)
        return perm, tuple(space[d] for d in kept), final
