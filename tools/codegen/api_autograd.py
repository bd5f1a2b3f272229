"""What a backward node needs, computed from a derivatives.yaml entry (pure functions).

``backward_node(derivative, schema)`` describes one node class and its recorder:

* the differentiable inputs, in schema order (each becomes one edge, a ``Tensor[]`` one edge
  per element);
* what to save, decided by reading the formulas with ``ast`` (Note [What a node saves]);
* each formula with its names rewritten to the locals the generated ``apply`` defines.

The emitter turns this into text; it never parses a formula itself.

Note [What a node saves]
A formula is evaluated only when one of the inputs it differentiates needs a gradient, so a
value is saved only when such an input requires grad at record time. What is saved depends on
how the formula reads a name:

* ``self.shape`` / ``.dtype`` / ``.ndim`` / ``.device`` of a tensor argument or result: only
  that attribute (``self_shape``), rewritten as a plain name, so the tensor itself is neither
  kept alive nor version-checked. On a ``Tensor[]`` argument (or result) ``tensors.shape``
  means the list of the elements' shapes (what ``cat`` needs).
* any other use of a tensor argument: the tensor, with its version, checked on use;
* ``result`` (and ``result0``..., or the return's own name): the output, saved without its
  history (no reference cycle) and given it back under ``create_graph``;
* a non-tensor argument (``dim``, ``alpha``): the value.

``add`` thus saves only ``alpha``; ``mul`` saves ``other`` only when ``self`` requires grad.
"""

from __future__ import annotations

import ast
import dataclasses
import keyword
from dataclasses import dataclass
from typing import Sequence

from . import spec
from .formula import parse_python
from .model import FunctionSchema, Return, SchemaKind
from .spec import Derivative, Location, NativeFunction, SpecError

# Tensor attributes a formula may read without the tensor being saved.
META_ATTRS = ("shape", "dtype", "ndim", "device")
# How each attribute is read from the runtime Tensor at record time.
META_SOURCES = {"shape": "_shape", "dtype": "_dtype", "ndim": "ndim", "device": "_device"}
COMPOSITE = "CompositeImplicitAutograd"
# The locals that hold an exception a formula raised and the index of the formula running
# (Note [Formula errors name their line] in aten_lite/autograd/node.py).
EXCEPTION_LOCAL = "exc_"
FORMULA_LOCAL = "at_"
# Names the generated apply() binds or reads for itself; an argument may not use them.
RESERVED = frozenset({"node", "grads", "need", "Tensor", EXCEPTION_LOCAL, FORMULA_LOCAL,
                      "formula_failed", "_grad_state", "t_", "v_"})


def _error(loc: Location, op: object, text: str) -> SpecError:
    """A derivatives.yaml entry the generator cannot turn into a node, reported like every
    other spec problem (``FILE:LINE: OP: what is wrong; what to do``)."""
    return SpecError([f"{loc}: {op}: {text}"])


@dataclass(frozen=True)
class DiffInput:
    """One differentiable tensor argument."""

    name: str  # the argument name, as formulas use it
    index: int  # position in the op's argument tuple (schema order)
    is_list: bool  # Tensor[]: one edge per element
    formula: int | None  # index into BackwardNode.formulas; None when none was written


@dataclass(frozen=True)
class Saved:
    """One value the recorder stores on the node and apply() reads back."""

    local: str  # the name apply() binds it to (what the rewritten formula reads)
    field: str  # the node slot
    # 'input' (a tensor, version-checked), 'inputs' (a Tensor[]), 'output' (saved without its
    # history), 'value' (a non-tensor argument), 'meta' / 'output_meta' (an attribute of an
    # input / output), 'meta_list' / 'output_meta_list' (that attribute of each element).
    kind: str
    source: str  # the argument name, or the output index for outputs (as text)
    attr: str | None  # for the meta kinds: which attribute (shape, dtype, ndim, device)
    when: tuple[str, ...]  # differentiable inputs any of which makes it needed; () = always


@dataclass(frozen=True)
class Formula:
    """One formula, rewritten to apply()'s locals."""

    inputs: tuple[str, ...]  # inputs it differentiates
    expr: str  # Python text over apply()'s locals
    line: int  # derivatives.yaml line, for the generated comment
    atomic: bool  # a name, call, attribute or subscript: needs no parentheses around it


@dataclass(frozen=True)
class BackwardNode:
    """Everything the emitter needs for one op's node class and recorder."""

    class_name: str  # MulBackward0
    op: str  # 'mul.Tensor': the derivative's overload
    loc: str  # 'derivatives.yaml:17'
    inputs: tuple[DiffInput, ...]
    saved: tuple[Saved, ...]
    formulas: tuple[Formula, ...]
    n_outputs: int  # forward outputs (buffer size); 0 for a Tensor[] return (known at run time)
    differentiable_outputs: tuple[int, ...]  # indices of outputs that get history
    uses_grad: bool  # apply() reads grad (grads[0]); `grads` is apply()'s parameter
    ops_used: tuple[str, ...]  # op names the formulas call, to import beside the node
    view_of: str | None  # the argument the outputs are views of (Note [Stale views], node.py)


def node_class_names(derivatives: Sequence[Derivative]) -> dict[str, str]:
    """``{'mul.Tensor': 'MulBackward0', ...}``: CamelCase of the base name, then ``Backward``
    and the entry's index among the entries with that CamelCase name (as PyTorch numbers them).
    Counting by the CamelCase name, not the base name, keeps ``values`` and ``_values`` apart
    (ValuesBackward0, ValuesBackward1): one class must never silently replace another."""
    counts: dict[str, int] = {}
    names = {}
    for d in derivatives:
        stem = camel(d.func.name.name.base)
        i = counts.get(stem, 0)
        counts[stem] = i + 1
        names[str(d.func.name)] = f"{stem}Backward{i}"
    return names


def camel(name: str) -> str:
    """``log_softmax`` -> ``LogSoftmax``; leading/trailing underscores dropped."""
    return "".join(part[:1].upper() + part[1:] for part in name.strip("_").split("_") if part)


def recorder_name(schema: FunctionSchema) -> str:
    """The generated function recording ``add_.Tensor``: ``record_add__Tensor``."""
    return "record_" + str(schema.name).replace(".", "_")


def backward_node(d: Derivative, class_name: str, op_names: frozenset[str]) -> BackwardNode:
    """Describe the node for derivative ``d`` (a loaded ``Derivative``)."""
    schema = d.func
    for a in schema.arguments.flat_all:
        if a.name in RESERVED:
            raise _error(d.loc, schema.name, f"argument name '{a.name}' is reserved by the "
                         f"generated backward ({', '.join(sorted(RESERVED))}); rename it")
    owner = {name: i for i, f in enumerate(d.formulas) for name in f.inputs}
    inputs = _diff_inputs(schema, owner, set(d.non_differentiable))
    if sum(1 for x in inputs if x.is_list) > 1:
        raise _error(d.loc, schema.name, "more than one differentiable Tensor[] argument; "
                     "the generator supports one: list the others in non_differentiable")
    saved: dict[str, Saved] = {}
    formulas = []
    ops_used: dict[str, None] = {}
    for f in d.formulas:
        formulas.append(_read_formula(f, schema, saved, ops_used, op_names))
    everyone = {x.name for x in inputs}
    # A value every formula needs is needed whenever the node exists: save it unconditionally.
    saved_list = tuple(dataclasses.replace(s, when=()) if set(s.when) == everyone else s
                       for s in saved.values())
    _check_locals(d, saved_list, schema)
    returns = schema.returns
    out_diff = d.output_differentiability or tuple(True for _ in returns)
    return BackwardNode(
        class_name=class_name,
        op=str(schema.name),
        loc=str(d.loc),
        inputs=inputs,
        saved=saved_list,
        formulas=tuple(formulas),
        n_outputs=0 if _returns_list(returns) else len(returns),
        differentiable_outputs=tuple(i for i, ok in enumerate(out_diff) if ok),
        uses_grad=any("grad" in f.names for f in d.formulas),
        ops_used=tuple(sorted(ops_used)),
        view_of=_viewed_input(schema),
    )


def _read_formula(f: spec.Formula, schema: FunctionSchema, saved: dict[str, Saved],
                  ops_used: dict[str, None],
                  op_names: frozenset[str]) -> Formula:
    """Rewrite one formula to apply()'s locals and add what it reads to ``saved``
    (Note [What a node saves])."""
    args = schema.arguments.flat_all
    results = _result_names(schema.returns)
    tensor_args = {a.name: a.type.is_list_like() is not None for a in args
                   if a.type.is_tensor_like()}
    value_args = {a.name for a in args if not a.type.is_tensor_like()}
    rewriter = _Rewriter(tensor_args, results)
    tree = rewriter.visit(parse_python(f.expr))
    when = f.inputs
    for name in sorted(f.names):
        if name in results and name in rewriter.whole:
            _add(saved, Saved(name, f"{name}_", "output", str(results[name]), None, when))
        elif name in tensor_args and name in rewriter.whole:
            kind = "inputs" if tensor_args[name] else "input"
            _add(saved, Saved(name, f"{name}_", kind, name, None, when))
        elif name in value_args:
            _add(saved, Saved(name, f"{name}_", "value", name, None, when))
        elif name in op_names and name not in tensor_args:
            ops_used[name] = None
    for (name, attr), local in rewriter.meta.items():
        if name in results:
            kind, source, is_list = "output_meta", str(results[name]), _returns_list(schema.returns)
        else:
            kind, source, is_list = "meta", name, tensor_args[name]
        _add(saved, Saved(local, local, kind + ("_list" if is_list else ""), source, attr, when))
    atomic = isinstance(tree.body, (ast.Name, ast.Call, ast.Attribute, ast.Subscript))
    return Formula(f.inputs, ast.unparse(tree), f.loc.line, atomic)


def _diff_inputs(schema: FunctionSchema, owner: dict[str, int],
                 non_diff: set[str]) -> tuple[DiffInput, ...]:
    """Tensor arguments (out= ones excluded) that are not declared non-differentiable."""
    out = []
    for i, a in enumerate(schema.arguments.positional + schema.arguments.kwarg_only):
        if not a.type.is_tensor_like() or a.name in non_diff:
            continue
        out.append(DiffInput(a.name, i, a.type.is_list_like() is not None, owner.get(a.name)))
    return tuple(out)


def _returns_list(returns: tuple[Return, ...]) -> bool:
    return len(returns) == 1 and returns[0].type.is_list_like() is not None


def _result_names(returns: tuple[Return, ...]) -> dict[str, int]:
    """Names a formula may use for the outputs -> output index (``result`` for one output)."""
    names = {f"result{i}": i for i in range(len(returns))}
    names.update({r.name: i for i, r in enumerate(returns) if r.name})
    if len(returns) == 1:
        names["result"] = 0
    return names


def _add(saved: dict[str, Saved], s: Saved) -> None:
    """Merge: a value read by several formulas is needed when any of their inputs is."""
    old = saved.get(s.local)
    if old is None:
        saved[s.local] = s
    else:
        when = tuple(dict.fromkeys(old.when + s.when))
        saved[s.local] = Saved(old.local, old.field, old.kind, old.source, old.attr, when)


def _check_locals(d: Derivative, saved: tuple[Saved, ...], schema: FunctionSchema) -> None:
    args = {a.name for a in schema.arguments.flat_all}
    for s in saved:
        if s.kind.startswith(("meta", "output_meta")) and s.local in args:
            raise _error(d.loc, d.func.name, f"'{s.local}' would name both an argument and a "
                         "saved attribute; rename the argument")


class _Rewriter(ast.NodeTransformer):
    """Replace ``x.shape`` (and the other META_ATTRS) of tensors by plain names, recording
    which tensors are also used whole (``whole``) and which attributes are read (``meta``)."""

    def __init__(self, tensor_args: dict[str, bool], results: dict[str, int]) -> None:
        self.tensors = set(tensor_args) | set(results)
        self.whole: set[str] = set()
        self.meta: dict[tuple[str, str], str] = {}

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        value = node.value
        if (isinstance(value, ast.Name) and value.id in self.tensors
                and node.attr in META_ATTRS and isinstance(node.ctx, ast.Load)):
            local = f"{value.id}_{node.attr}"
            self.meta[(value.id, node.attr)] = local
            return ast.copy_location(ast.Name(local, ast.Load()), node)
        return self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.tensors:
            self.whole.add(node.id)
        return node


@dataclass(frozen=True)
class Recorder:
    """The function the Autograd kernel calls for one op overload: runs the op and records
    the node. In-place overloads use their functional sibling's node."""

    function: str  # record_mul__Tensor
    op: str  # 'mul_.Tensor'
    node: BackwardNode
    args: tuple[str, ...]  # every argument name, in schema order (how `args` unpacks)
    inplace: bool  # writes `self`: check it may be written, then rebase its history
    cloned: tuple[str, ...]  # saved inputs the op overwrites: saved as a copy taken before
    aliased: str | None  # an input the op may return as it is (`to`, `contiguous`): then
    #                      the result already has its history and nothing is recorded
    # A functional keeps_zero op: a sparse input is differentiated through its values (Note
    # [Sparse input to a keeps_zero op] in aten_lite/autograd/kernel.py).
    sparse_values: bool = False


def recorders(native: Sequence[NativeFunction], derivatives: Sequence[Derivative],
              nodes: dict[str, BackwardNode]) -> list[Recorder]:
    """One recorder per functional or in-place overload that has a derivative (its own, or
    for in-place ops its functional sibling's). Out= and mutable overloads, and ops without a
    derivative, are handled by the runtime's generic Autograd kernel."""
    by_name = {str(d.func.name): d for d in derivatives}
    by_signature = {d.func.signature(): d for d in derivatives
                    if d.func.kind() is SchemaKind.functional}
    out: list[Recorder] = []
    problems: list[str] = []
    for nf in native:
        try:
            recorder = _recorder(nf, by_name, by_signature, nodes)
        except SpecError as exc:  # go on: every entry's problem in one report
            problems.extend(exc.messages)
            continue
        if recorder is not None:
            out.append(recorder)
    if problems:
        raise SpecError(problems)
    return out


def _recorder(nf: NativeFunction, by_name: dict[str, Derivative],
              by_signature: dict[FunctionSchema, Derivative],
              nodes: dict[str, BackwardNode]) -> Recorder | None:
    """The recorder of one native entry, or None when autograd needs none for it."""
    kind = nf.func.kind()
    if kind not in (SchemaKind.functional, SchemaKind.inplace):
        return None
    d = by_name.get(str(nf.func.name))
    if d is not None and COMPOSITE in nf.dispatch:
        raise _error(d.loc, d.func.name, f"has a derivative but is {COMPOSITE} "
                     f"({nf.loc}), so autograd records its decomposition and never uses "
                     "the formula; remove the derivative, or give the op its own kernels")
    if d is None and kind is SchemaKind.inplace:
        d = by_signature.get(nf.func.signature())
    if d is None or str(d.func.name) not in nodes:
        return None
    node = nodes[str(d.func.name)]
    names = tuple(a.name for a in nf.func.arguments.flat_all)
    for name in names:
        if keyword.iskeyword(name) or name in _generated_locals(node):
            raise _error(nf.loc, nf.func.name, f"argument name '{name}' clashes with a "
                         "name the generated recorder uses; rename the argument")
    inplace = kind is SchemaKind.inplace
    written = {a.name for a in nf.func.arguments.flat_all if a.is_write}
    cloned = tuple(s.local for s in node.saved
                   if inplace and s.kind == "input" and s.source in written)
    return Recorder(recorder_name(nf.func), str(nf.func.name), node, names, inplace,
                    cloned, None if inplace else _aliased_input(nf.func),
                    kind is SchemaKind.functional and nf.keeps_zero)


def _aliased_input(schema: FunctionSchema) -> str | None:
    """The argument a single, non-written return may be (``Tensor(a) self -> Tensor(a)``)."""
    if len(schema.returns) != 1 or schema.returns[0].type.is_list_like() is not None:
        return None
    return _viewed_input(schema)


def _viewed_input(schema: FunctionSchema) -> str | None:
    """The argument whose storage the (one, maybe list) return shares without writing it."""
    if len(schema.returns) != 1:
        return None
    ann = schema.returns[0].annotation
    if ann is None or ann.is_write:
        return None
    return next((a.name for a in schema.arguments.flat_all
                 if a.annotation is not None and a.annotation.alias_set == ann.alias_set), None)


def _generated_locals(node: BackwardNode) -> set[str]:
    names = set(RESERVED) | {"result", "op", "args", "record", "redispatch"}
    for x in node.inputs:
        names |= {f"need_{x.name}", f"grad_{x.name}"}
    return names
