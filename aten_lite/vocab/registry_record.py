"""The record of one op overload: what the generator writes into ``generated/registry.py`` and
what ``aten_lite.dispatch.dispatcher`` builds an ``OpHandle`` from.

Note [Registry records]
Both sides name the same fields through this one class: the generator
(``tools/codegen/api_registry.py``) loads this file on its own, never the ``aten_lite`` package,
checks that the facts it gathers for an entry are exactly these fields (a missing or unknown
one fails generation, naming it, and leaves ``generated/`` as it was), and renders each record
as a keyword call of ``OpRecord``. The runtime reads records as attributes, so a field it reads
that is not declared here is an AttributeError at import, not a silent default. The module is
pure data (layer 1): it imports nothing from ``aten_lite``, so either side can load it alone.

    >>> r = OpRecord(name="relu", schema="relu(Tensor self) -> Tensor",
    ...              loc="native_functions.yaml:1", kind="functional", functional=None,
    ...              variants=("function",), dispatch={}, elementwise=True, reduction=None,
    ...              dtypes=("float32",), type_promotion="default", shape=None, int_check=None,
    ...              keeps_zero=True, doc="", tags=(), args=(("self", "Tensor", False, None,
    ...              False, False),), returns=((None, "Tensor"),))
    >>> r.name, r.args[0][0]
    ('relu', 'self')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

# One schema argument: (name, type text, has_default, default value, kwarg_only, is_write),
# the positional form of ``_binding.ArgSpec``.
ArgRow = Tuple[str, str, bool, object, bool, bool]
# One return: (name or None, type text).
ReturnRow = Tuple[Optional[str], str]


@dataclass(frozen=True, slots=True)
class OpRecord:
    """One op overload as the YAML declares it, after inheritance from its functional sibling."""

    name: str  # 'add.Tensor': handle key, messages, the C++ kernel registry
    schema: str  # the YAML `func:` text, for error messages
    loc: str  # 'native_functions.yaml:42', for error messages
    kind: str  # functional / inplace / out / mutable
    functional: str | None  # the functional sibling whose kernel data an in-place/out= entry uses
    variants: tuple[str, ...]  # 'function', 'method'
    dispatch: Mapping[str, str]  # YAML `dispatch:` key -> kernel function name ({} if inherited)
    elementwise: bool  # the generic elementwise kernels apply
    reduction: str | None  # reducer of the generic reduction kernels
    dtypes: tuple[str, ...]  # dtype names the kernel's switch covers
    type_promotion: str  # default / int_to_float / always_bool
    shape: str | None  # shape rule name (aten_lite/rules/shapes/)
    int_check: str | None  # `int_operand:` (Note [Integer operand checks] in tools/codegen/vocab.py)
    keeps_zero: bool  # f(0) == 0: the sparse backend maps the values
    doc: str  # docstring of the generated function
    tags: tuple[str, ...]  # free labels; `pointwise` lets Tensor arguments take numbers
    args: tuple[ArgRow, ...]  # every schema argument, in schema order
    returns: tuple[ReturnRow, ...]  # every result
