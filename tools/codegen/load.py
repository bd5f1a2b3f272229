"""Load native_functions.yaml and derivatives.yaml into the checked spec the emitters read.

    >>> spec = load("native_functions.yaml", "derivatives.yaml", runtime_root=".")  # doctest: +SKIP
    >>> [str(nf.func.name) for nf in spec.native][:2]                              # doctest: +SKIP
    ['neg', 'neg_']

Every problem becomes one message ``FILE:LINE: OP: what is wrong; what to do`` (LINE is the
offending key's line, or the entry's first line for entry-level problems; OP the op's full
name, or the raw schema text when it does not parse). All messages of a run are collected and
raised together as one ``SpecError``. Each entry is read as "consume, then reject leftovers":
every known key is taken with a type check, and whatever is left is an unknown key. Rules about
one entry are in ``load_native.py`` and ``load_derivatives.py`` (reading one entry of each file,
over the shared machinery of ``load_entries.py``); rules across entries are in ``checks.py``.
The dataclasses the loader returns are in ``spec.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checks import Problems, check_derivatives, check_native
from .formula_calls import check_calls, helper_signatures
from .load_derivatives import derivative_entry
from .load_entries import Context, PathLike, Runtime, not_a_mapping, read_entries, read_schema
from .load_native import native_entry
from .model import FunctionSchema
from .names import Reserved, check_op_names
from .spec import Location, Spec, SpecError
from .yaml_lines import YMap


@dataclass(frozen=True)
class NativeEntry:
    """A native_functions.yaml entry with only its schema checked (see load_native_entries)."""

    func: FunctionSchema
    loc: Location
    data: YMap  # the entry's keys as written, with their lines


def load(native_path: PathLike, derivatives_path: PathLike,
         runtime_root: PathLike | None = None) -> Spec:
    """Load and check both files; raise SpecError listing every problem found.

    ``runtime_root`` is the checkout holding ``aten_lite/``, whose manifest is read as data
    (never imported; Note [The runtime manifest] in aten_lite/vocab/manifest.py): shape rule names
    are checked against its shape rules, ``dispatch:`` kernel names against its backend
    kernels, formula names against its helpers, ``x.method`` in formulas against the Tensor
    class and the generated methods, and op names against the runtime's own names. Without a
    root (or a manifest) those checks are skipped; ``cpp:`` names are checked against the
    headers of ``aten_lite/csrc/``.
    """
    problems = Problems()
    runtime = Runtime.read(runtime_root, problems)
    ctx = Context(Path(native_path).name, problems, runtime, frozenset())
    entries = read_entries(native_path, ctx, native_entry)
    if entries is None:
        # Without the declarations every derivative would be reported as undeclared: the
        # file's own error is the one to fix.
        raise SpecError(problems.messages())
    written = [w for w in entries if w is not None]
    native = check_native(written, problems)
    reserved = Reserved(runtime.namespace, runtime.tensor_attrs, runtime.helpers)
    for nf, why in check_op_names(native, reserved):
        problems.add(nf.loc, str(nf.func.name), f"the op name {why}")
    op_names = frozenset(w.nf.func.name.name.base for w in written)
    methods = frozenset(str(w.nf.func.name.name) for w in written if "method" in w.nf.variants)
    ctx = Context(Path(derivatives_path).name, problems, runtime, op_names, methods)
    derivatives = tuple(d for d in read_entries(derivatives_path, ctx, derivative_entry) or ()
                        if d)
    check_derivatives(derivatives, native, problems)
    if not problems:  # a call is checked against schemas that are all known to be right
        helpers = helper_signatures(runtime.helper_params)
        for loc, op, text in check_calls(derivatives, native, runtime.tensor_attrs or frozenset(),
                                         helpers):
            problems.add(loc, op, text)
    if problems:
        raise SpecError(problems.messages())
    return Spec(native, derivatives)


def load_native_entries(path: PathLike) -> tuple[NativeEntry, ...]:
    """Read a native_functions.yaml and parse every schema, without our vocabulary rules.

    For foreign files (PyTorch's own, with keys we do not know) and the load benchmark. Raises
    SpecError for YAML errors, entries that are not mappings and schemas that do not parse.
    """
    ctx = Context(Path(path).name, Problems(), Runtime(None, None), frozenset())

    def entry(item: Any, line: int, index: int, ctx: Context) -> NativeEntry | None:
        if not isinstance(item, YMap):
            not_a_mapping(item, ctx.at(line), index, "func", ctx)
            return None
        func, _ = read_schema(item, "func", ctx.at(line), index, ctx)
        return None if func is None else NativeEntry(func, ctx.at(line), item)

    entries = tuple(e for e in read_entries(path, ctx, entry) or () if e is not None)
    if ctx.problems:
        raise SpecError(ctx.problems.messages())
    return entries
