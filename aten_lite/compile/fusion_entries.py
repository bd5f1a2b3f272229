"""The rows of a fusion table, as the entries fused kernels are rendered from.

A fusion table is the generated module of each functional ``elementwise:`` op's expression and
the facts its own kernel is made of (Note [The fusion table] in tools/codegen/api_fusion.py):
aten_lite's is ``generated/fusion_table.py`` (``aten_lite._generated.fusion_table``), and an op
library's build has its own. Reading one runs no generator and parses no YAML.

    >>> e = builtin()["add.Tensor"]                    # doctest: +SKIP
    >>> e.tensors, e.scalars, e.loc                    # doctest: +SKIP
    (('self', 'other'), ('alpha',), 'native_functions.yaml:226')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType

__all__ = ["Entry", "builtin", "builtin_file", "entries", "reducer", "storage"]


@dataclass(frozen=True)
class Entry:
    """One op's row (the names are the table's FIELDS)."""

    op: str  # the op's name in its table: "add.Tensor" (a library's, without its namespace)
    expr: str  # the `elementwise:` expression
    file: str  # the YAML file it is in, as messages and #line name it
    line: int  # its line there
    args: tuple[tuple[str, str | None], ...]  # schema order: (name, default text or None)
    tensors: tuple[str, ...]  # the functor's parameters, in schema order
    scalars: tuple[str, ...]  # its captured Scalar members, in schema order
    type_promotion: str
    dtypes: tuple[str, ...]
    int_operand: str | None  # the integer operand check eager makes on the data

    @property
    def loc(self) -> str:
        return f"{self.file}:{self.line}"


def entries(table: ModuleType) -> dict[str, Entry]:
    """op -> Entry of every row of ``table`` (a fusion table module). Raises LookupError
    naming the module when it lacks a field this runtime reads (a build of another version)."""
    fields = tuple(getattr(table, "FIELDS", ()))
    missing = [f for f in Entry.__dataclass_fields__ if f != "op" and f not in fields]
    if missing or not hasattr(table, "ELEMENTWISE"):
        raise LookupError(f"{getattr(table, '__file__', table.__name__)}: a fusion table with "
                          f"FIELDS naming {', '.join(missing) or 'every field'} and ELEMENTWISE "
                          "rows is expected; regenerate it with this aten_lite's aten-lite-gen")
    out = {}
    for op, row in table.ELEMENTWISE.items():
        values = dict(zip(fields, row))
        out[op] = Entry(op, *(values[f] for f in Entry.__dataclass_fields__ if f != "op"))
    return out


def _table() -> ModuleType:
    from .._generated import fusion_table

    return fusion_table


@lru_cache(maxsize=1)
def builtin() -> dict[str, Entry]:
    """op -> Entry of aten_lite's own elementwise ops (read once)."""
    return entries(_table())


def builtin_file() -> Path:
    """aten_lite's fusion table file: what the fused-kernel cache key hashes for its ops."""
    return Path(_table().__file__)


def storage(dtype: str) -> str:
    """The C++ type a tensor of ``dtype`` stores its elements as (the generated kernels')."""
    return _table().STORAGE[dtype]


def reducer(name: str) -> str:
    """The reducer class template of the reduction ``name`` (aten_lite/csrc/reducers.h)."""
    return _table().REDUCERS[name]
