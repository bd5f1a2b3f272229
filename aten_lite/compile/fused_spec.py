"""The contract between graph mode's fusion pass (branch `graph`) and the fused-kernel builder (branch `fuse`).

Copy this file verbatim to aten_lite/compile/fused_spec.py in your branch (both branches create it
identically; extend only by agreement via the lead). Pure data: no aten_lite imports.

A FusedSpec describes one fused group: a chain/DAG of `elementwise:` ops from native_functions.yaml over
the kernel's inputs, all broadcast to one iteration space, with an optional trailing reduction.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple, Union

# An argument of a step:
#   ("in", i)              the i-th kernel input (a tensor; broadcast to the iteration space)
#   ("step", j)            the result of an earlier step j (j < this step's index)
#   ("const", value)       a Python number (bool/int/float) baked into the kernel as a constant of the
#                          dtype the op's YAML promotion gives it (it is part of the cache key)
Arg = Union[Tuple[str, int], Tuple[str, Union[bool, int, float]]]


@dataclass(frozen=True)
class FusedStep:
    op: str                 # overload name exactly as in native_functions.yaml, e.g. "mul.Tensor", "relu", "add.Scalar"
    args: Tuple[Arg, ...]   # positional tensor/number arguments in schema order (alpha etc. included as consts)
    dtype: str              # this step's result dtype name, e.g. "float32" (what eager would give)


@dataclass(frozen=True)
class FusedReduction:
    op: str                 # "sum", "mean", "amax", "amin", "prod" (the YAML reduction ops the builder supports)
    dims: Tuple[int, ...]   # non-negative dims of the iteration space; () means all dims
    keepdim: bool
    dtype: str              # result dtype


@dataclass(frozen=True)
class FusedSpec:
    inputs: Tuple[str, ...]              # dtype name of each kernel input
    steps: Tuple[FusedStep, ...]
    outputs: Tuple[int, ...]             # step indices written out as (dense, contiguous) result tensors
    reduction: Optional[FusedReduction] = None   # if set: applied to the LAST step; the reduced tensor is
                                                 # the last output (outputs may still list other steps)
    # Row kernels (Note [Row fusion] in compile/passes/fusion.py): row_dims > 0 makes the last
    # row_dims dims of the iteration space a row. A step may then be a reduction of a row,
    # FusedStep("sum"/"mean"/"amax"/"amin"/"prod", (arg,), dtype), whose value is one per row and
    # broadcasts back over the row when a later step reads it. A step is row-level when every
    # tensor it reads is (a reduction, a row-level step, or an input listed in row_inputs, which
    # is given with shape space[:-row_dims] + (1,) * row_dims); other steps are element-level.
    # An output of a row-level step has that keepdim shape. `reduction` is None in a row kernel.
    row_dims: int = 0
    row_inputs: Tuple[int, ...] = ()

# The builder's entry point (branch `fuse`, module aten_lite/compile/kernels.py):
#   compile_fused(spec: FusedSpec) -> FusedKernel
#   FusedKernel.__call__(inputs: list[Tensor], out: list[Tensor] | None = None) -> list[Tensor]
#       inputs: CPU strided tensors with exactly spec.inputs' dtypes, any strides, broadcastable shapes;
#       returns one tensor per spec.outputs entry (the reduction result last when spec.reduction is set),
#       identical (bitwise for ints, same rounding order as eager's kernels where possible) to running the
#       steps eagerly.  `out`, if given, are preallocated results (memory planning reuses buffers).
#   A reference executor with the same signature, eager_fused(spec) -> callable, runs the steps one op at
#   a time through the normal aten_lite ops: the graph branch uses it until the builder is merged, and the
#   tests use it as the oracle.  Errors from the C++ compiler raise FusionBuildError (subclass of
#   RuntimeError) naming the ops and their YAML lines; the graph falls back to eager_fused for that group.
