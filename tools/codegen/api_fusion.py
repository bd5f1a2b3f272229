"""What graph mode's fused kernels need to know of each ``elementwise:`` op, decided once, here.

Note [The fusion table]
A fused kernel (aten_lite/compile/kernels_source.py) inlines the functor each op's own
generated kernel has: its expression under a ``#line`` of its YAML line, its Tensor arguments
as parameters, its Scalar arguments as members. The facts that functor is made of are the
generator's decisions (``api_cpp.cpp_kernel``: which arguments are tensors and which scalars,
the C++ storage type of each dtype), so the generator writes them as data into
``generated/fusion_table.py``, one row per functional ``elementwise:`` op, and graph mode reads
that module: the runtime never parses the YAML nor imports the generator to build a fused
kernel of aten_lite's own ops. An op library's build holds the same module for its own ops
(tools/codegen/library.py). The table's provenance header hashes its own text (Note
[Provenance headers] in gen.py), so a YAML edit that changes no row (a doc, a derivative)
leaves the file, and the fused-kernel cache keys that hash it, as they were.

    >>> from tools.codegen.model import FunctionSchema
    >>> from tools.codegen.spec import Elementwise, Location
    >>> class Entry:  # the fields of load.NativeFunction that matter here
    ...     func = FunctionSchema.parse("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
    ...     loc = Location("native_functions.yaml", 10)
    ...     elementwise = Elementwise("self + alpha * other", Location("native_functions.yaml", 12))
    ...     reduction = None
    ...     dtypes = ("int64", "float32")
    ...     type_promotion = "default"
    ...     int_operand = None
    >>> row(Entry())[:6]
    ('self + alpha * other', 'native_functions.yaml', 12, (('self', None), ('other', None), ('alpha', '1')), ('self', 'other'), ('alpha',))
"""

from __future__ import annotations

from typing import Any

from . import api_cpp
from .model import SchemaKind

# The fields of a row, in order; the runtime reads them by these names (FIELDS is emitted too).
FIELDS = ("expr", "file", "line", "args", "tensors", "scalars", "type_promotion", "dtypes",
          "int_operand")


def row(nf: Any) -> tuple[Any, ...]:
    """One functional ``elementwise:`` entry as a tuple of literals, in ``FIELDS`` order:
    the expression and its YAML file and line, every schema argument as (name, default as
    schema text or None), the tensor and scalar arguments of the functor, and the entry's
    type promotion, dtypes and integer operand check."""
    k = api_cpp.cpp_kernel(nf)
    schema = nf.func.arguments.positional + nf.func.arguments.kwarg_only
    return (k.expr, k.expr_file, k.expr_line, tuple((a.name, a.default) for a in schema),
            k.tensor_args, k.scalar_args, nf.type_promotion, tuple(nf.dtypes),
            nf.int_operand)


def rows(spec: Any) -> dict[str, tuple[Any, ...]]:
    """op full name -> its row, for every functional ``elementwise:`` op, in file order."""
    return {str(nf.func.name): row(nf) for nf in spec.native
            if nf.elementwise is not None and nf.func.kind() == SchemaKind.functional}


def tables(spec: Any) -> dict[str, Any]:
    """Everything the module holds: the rows, and the C++ tables a fused kernel shares with
    the generated kernels (storage types; the reducer class of each reduction)."""
    return {
        "storage": dict(api_cpp.STORAGE),
        "reducers": {name: cls for name, (cls, _) in api_cpp.REDUCERS.items()},
        "fields": FIELDS,
        "rows": rows(spec),
    }
