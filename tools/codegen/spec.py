"""The checked spec the loader returns and the emitters read: frozen dataclasses, with where
each thing was written so every message can name the user's line.

    >>> str(Location("native_functions.yaml", 42))
    'native_functions.yaml:42'
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import FunctionSchema


@dataclass(frozen=True)
class Location:
    """Where something was written: ``native_functions.yaml:42``."""

    file: str  # base name of the YAML file, as messages show it
    line: int  # 1-based

    def at(self, line: int) -> Location:
        return Location(self.file, line)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class SpecError(Exception):
    """Everything wrong with the YAML files, one ``FILE:LINE: OP: ...`` message per line."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = tuple(messages)  # in file order, then line order
        super().__init__("\n".join(self.messages))


@dataclass(frozen=True)
class Elementwise:
    """An ``elementwise:`` C++ scalar expression and where it was written (for ``#line``)."""

    expr: str  # the expression over the op's argument names, as written
    loc: Location  # the `elementwise:` key's line


@dataclass(frozen=True)
class NativeFunction:
    """One checked entry of native_functions.yaml (see Note [Sibling inheritance], checks.py)."""

    func: FunctionSchema  # the declared schema
    loc: Location  # the entry's `- func:` line
    variants: frozenset[str]  # {'function'}, {'method'} or both: which Python bindings exist
    dispatch: dict[str, str]  # dispatch key -> kernel function name in aten_lite/backends/
    elementwise: Elementwise | None  # generated CPU/Meta kernels from a C++ expression
    reduction: str | None  # generated reduction kernel, one of vocab.REDUCERS
    dtypes: tuple[str, ...]  # dtypes the kernel covers, expanded from a group, in DTYPES order
    shape: str | None  # name of the shape rule in aten_lite/rules/shapes/
    type_promotion: str  # one of vocab.TYPE_PROMOTION_KINDS
    keeps_zero: bool  # f(0) == 0, so the sparse layout can apply the op to stored values only
    doc: str  # the docstring of the Python binding
    tags: tuple[str, ...]  # free-form labels
    inherits_from: str | None = None  # functional op whose kernel an in-place/out= entry uses
    # A hand-written C++ kernel template aten_lite/csrc/<cpp>.h that gets a generated
    # dtype-switched entry over `dtypes:` (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
    cpp: str | None = None
    # Where the op is smooth (one of vocab.DOMAINS): tests sample its default gradcheck row there.
    domain: str = "any"
    # The runtime's check of the last operand for integer dtypes (Note [Integer operand checks]
    # in vocab.py): one of vocab.INT_OPERAND_CHECKS, or None.
    int_operand: str | None = None


@dataclass(frozen=True)
class Formula:
    """One backward formula of derivatives.yaml."""

    inputs: tuple[str, ...]  # the inputs it gives gradients for (a tuple when several)
    expr: str  # the Python expression, as written
    loc: Location  # its key's line
    names: frozenset[str]  # free names it reads: decides what the backward node saves


@dataclass(frozen=True)
class Derivative:
    """One checked entry of derivatives.yaml."""

    func: FunctionSchema  # the schema it differentiates, equal to a native_functions.yaml one
    loc: Location  # the entry's `- name:` line
    formulas: tuple[Formula, ...]  # in the written order
    output_differentiability: tuple[bool, ...] | None  # one flag per return, when given
    non_differentiable: tuple[str, ...]  # inputs that never get a gradient
    result_formula: str | None  # forward-mode formula (`result:`): tools/codegen/api_forward.py
    result_loc: Location | None = None  # the `result:` line, for messages and `show`


@dataclass(frozen=True)
class Spec:
    """The whole checked specification, in file order."""

    native: tuple[NativeFunction, ...]
    derivatives: tuple[Derivative, ...]
