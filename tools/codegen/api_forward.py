"""What an op's forward-mode rule is, decided from its derivatives.yaml entry (pure functions).

Note [Forward rules]
Forward mode pushes a tangent through each op: given the inputs' tangents (``self_t``,
``other_t``, ... as PyTorch names them), the rule returns the output's. Each entry of
derivatives.yaml gets a rule from the first of these that applies, and the generator records
which one it used (``aten-lite-gen show OP`` prints it):

1. ``result:`` written as a formula: it is the rule. It reads the tangents, ``result`` (or the
   returns' names) and the arguments, in the formula language of the backward formulas.
   ``result: auto_element_wise`` or ``result: auto_linear`` asks for 3 or 4 below by name.
2. ``zero``: every differentiable input's backward formula is ``zeros_like(grad)`` (floor,
   sign, fill_): the tangent is zero.
3. ``auto_element_wise``: the op is element-wise (``elementwise:``, or tagged ``pointwise``)
   and every differentiable input has its own formula. Its Jacobian is then diagonal, so the
   backward formula with ``grad`` replaced by the input's tangent is the forward one
   (``grad * self.cos()`` -> ``self_t * self.cos()``); the terms of several inputs add up.
4. ``auto_linear``: the op is linear in its differentiable inputs, so the rule is the op
   applied to the tangents. The generator concludes that when every backward formula reads
   no differentiable input and no result other than through ``.shape``/``.dtype``/... (the
   Jacobian does not depend on the values), and the op has no ``Scalar`` argument that the
   formulas leave unread (one that could add a constant: ``masked_fill``'s ``value``; a
   ``float`` argument likewise: a padding value).
5. Otherwise there is no rule: an op called with a tangent raises, naming the entry's line,
   where a ``result:`` formula would fix it.

A rule's terms that each read one tangent run only for the inputs that have one (a tangent
that is absent is zero); a formula that does not split that way (``auto_linear``, or a
``result:`` that is not a sum of such terms) sees zeros for the absent tangents.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TypedDict

from .formula import parse_python
from .model import FunctionSchema, SchemaKind
from .spec import Derivative, Formula, NativeFunction, Spec, SpecError
from .vocab import FORWARD_AUTO

# Tensor attributes that read no values (a formula reading only these is value-independent).
META_ATTRS = ("shape", "dtype", "ndim", "device")
# Formula helpers that read only the shape, dtype and device of their first argument (Note
# [Factories in formulas] in aten_lite/autograd/formulas.py): ``ones_like(self)`` is as
# value-independent as ``self.shape``.
META_CALLS = ("zeros_like", "ones_like", "full_like", "empty_like")
# Names the generated rule defines for itself; an argument may not take them.
RESERVED = frozenset({"args", "tangents", "result", "tangent", "add_tangents", "filled",
                      "handle"})


@dataclass(frozen=True)
class FwInput:
    """One differentiable Tensor argument of the op."""

    name: str  # the argument's name; its tangent is ``<name>_t``
    index: int  # position in the argument tuple (schema order)
    is_list: bool  # a Tensor[] argument: its tangent is a list (None where absent)


@dataclass(frozen=True)
class Term:
    """One summand of the tangent."""

    tangent: str | None  # the input whose tangent it reads, alone; None: it reads them all
    expr: str  # Python over the rule's locals


@dataclass(frozen=True)
class ForwardRule:
    """Everything the emitter needs for one op's forward rule."""

    op: str  # 'mul.Tensor'
    function: str  # the generated function: fw_mul_Tensor
    origin: str  # result, auto_element_wise, auto_linear, zero, or none
    loc: str  # the YAML line the rule comes from ('derivatives.yaml:80')
    args: tuple[str, ...]  # every argument name, in schema order (how `args` unpacks)
    inputs: tuple[FwInput, ...]
    terms: tuple[Term, ...]  # empty for zero / none / auto_linear
    linear: bool  # auto_linear: apply the op itself to the tangents
    inplace: bool  # the entry's schema writes `self` (copy_): its tangent is copied first
    results: tuple[str, ...]  # the names the returns take in formulas, in order
    returns_list: bool  # the op returns Tensor[]
    differentiable_outputs: tuple[bool, ...]  # per return
    reads: tuple[str, ...]  # Tensor arguments the rule reads whole (in-place ops copy them first)
    why: str  # for origin none: why no rule could be derived
    ops_used: tuple[str, ...]  # op names the formulas call


class _Common(TypedDict):
    """The fields of ForwardRule that every origin fills the same way."""

    op: str
    function: str
    args: tuple[str, ...]
    inputs: tuple[FwInput, ...]
    inplace: bool
    results: tuple[str, ...]
    returns_list: bool
    differentiable_outputs: tuple[bool, ...]


def rule_function(op: str) -> str:
    return "fw_" + op.replace(".", "_")


def forward_rule(d: Derivative, nf: NativeFunction, op_names: frozenset[str]) -> ForwardRule:
    """The rule of derivative ``d`` (a loaded ``Derivative``); ``nf`` is its native entry."""
    schema: FunctionSchema = d.func
    for a in schema.arguments.flat_all:
        if a.name in RESERVED:
            raise SpecError([f"{d.loc}: {schema.name}: argument name '{a.name}' is reserved by "
                             f"the generated forward rule ({', '.join(sorted(RESERVED))}); "
                             "rename it"])
    non_diff = set(d.non_differentiable)
    inputs = tuple(FwInput(a.name, i, a.type.is_list_like() is not None)
                   for i, a in enumerate(schema.arguments.positional + schema.arguments.kwarg_only)
                   if a.type.is_tensor_like() and a.name not in non_diff)
    results = _result_names(schema)
    returns_list = len(schema.returns) == 1 and schema.returns[0].type.is_list_like() is not None
    out_diff = d.output_differentiability or tuple(True for _ in schema.returns)
    base = _Common(op=str(schema.name), function=rule_function(str(schema.name)),
                   args=tuple(a.name for a in schema.arguments.flat_all), inputs=inputs,
                   inplace=schema.kind() is SchemaKind.inplace, results=results,
                   returns_list=returns_list, differentiable_outputs=tuple(out_diff))
    if not inputs or not any(out_diff):
        return ForwardRule(origin="none", loc=str(d.loc), terms=(), linear=False, reads=(),
                           why="no output is differentiable", ops_used=(), **base)
    written = (d.result_formula or "").strip()
    if written and written not in FORWARD_AUTO:
        return _from_result(d, written, base, inputs, results, op_names)
    by_input = {name: f for f in d.formulas for name in f.inputs}
    missing = [x.name for x in inputs if x.name not in by_input]
    if not written and not missing and all(_is_zero(by_input[x.name].expr) for x in inputs):
        return ForwardRule(origin="zero", loc=str(d.loc), terms=(), linear=False, reads=(),
                           why="", ops_used=(), **base)
    elementwise = nf.elementwise is not None or "pointwise" in nf.tags
    ew_ok = elementwise and not missing and all(len(by_input[x.name].inputs) == 1
                                                and "grads" not in by_input[x.name].names
                                                for x in inputs)
    if written == "auto_element_wise" or (not written and ew_ok):
        if not ew_ok:
            raise SpecError([f"{d.result_loc}: {schema.name}: 'result: auto_element_wise' needs "
                             "an element-wise op (elementwise: or the pointwise tag) with one "
                             "backward formula per differentiable input; write the tangent "
                             "formula instead"])
        return _element_wise(d, base, inputs, by_input, op_names)
    why = _not_linear(d, inputs, results, missing)
    if written == "auto_linear" or not why:
        loc = d.result_loc if written else d.loc
        # An input without a backward formula (sparse_coo_tensor's integer indices) is passed
        # as it is: only the differentiated inputs take their tangents.
        base["inputs"] = tuple(x for x in inputs if x.name in by_input)
        return ForwardRule(origin="auto_linear", loc=str(loc), terms=(), linear=True,
                           reads=(), why="", ops_used=(), **base)
    return ForwardRule(origin="none", loc=str(d.loc), terms=(), linear=False, reads=(),
                       why=why, ops_used=(), **base)


def _result_names(schema: FunctionSchema) -> tuple[str, ...]:
    if len(schema.returns) == 1:
        return ("result",)
    return tuple(r.name or f"result{i}" for i, r in enumerate(schema.returns))


def _is_zero(expr: str) -> bool:
    body = parse_python(expr).body
    return (isinstance(body, ast.Call) and isinstance(body.func, ast.Name)
            and body.func.id == "zeros_like" and len(body.args) == 1 and not body.keywords
            and isinstance(body.args[0], ast.Name) and body.args[0].id == "grad")


def _whole_names(tree: ast.AST) -> set[str]:
    """Names read other than as ``x.shape`` (and the other META_ATTRS) or ``zeros_like(x)``
    (and the other META_CALLS)."""
    meta = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and n.attr in META_ATTRS and isinstance(n.value, ast.Name)}
    meta |= {id(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id in META_CALLS and n.args
             and isinstance(n.args[0], ast.Name)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in meta}


def _calls(tree: ast.AST, op_names: frozenset[str], local: set[str]) -> set[str]:
    return {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name) and n.func.id in op_names and n.func.id not in local}


class _Renamer(ast.NodeTransformer):
    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == self.old:
            return ast.copy_location(ast.Name(self.new, ast.Load()), node)
        return node


def _element_wise(d: Derivative, base: _Common, inputs: tuple[FwInput, ...],
                  by_input: dict[str, Formula], op_names: frozenset[str]) -> ForwardRule:
    terms: list[Term] = []
    reads: set[str] = set()
    ops: set[str] = set()
    local = set(base["args"]) | set(base["results"])
    tensor_args = {a.name for a in d.func.arguments.flat_all if a.type.is_tensor_like()}
    for x in inputs:
        tree = _Renamer("grad", f"{x.name}_t").visit(parse_python(by_input[x.name].expr))
        terms.append(Term(x.name, ast.unparse(tree)))
        reads |= _whole_names(tree) & tensor_args
        ops |= _calls(tree, op_names, local)
    loc = d.result_loc if d.result_formula else d.loc
    return ForwardRule(origin="auto_element_wise", loc=str(loc), terms=tuple(terms),
                       linear=False, reads=tuple(sorted(reads)), why="",
                       ops_used=tuple(sorted(ops)), **base)


def _from_result(d: Derivative, formula: str, base: _Common, inputs: tuple[FwInput, ...],
                 results: tuple[str, ...], op_names: frozenset[str]) -> ForwardRule:
    """The rule of a written ``result:`` ``formula`` (``d.result_formula``, stripped)."""
    tree = parse_python(formula)
    tangents = {f"{x.name}_t": x.name for x in inputs}
    local = set(base["args"]) | set(results) | set(tangents)
    tensor_args = {a.name for a in d.func.arguments.flat_all if a.type.is_tensor_like()}
    for name in _whole_names(tree):
        if name.endswith("_t") and name not in tangents and name[:-2] in tensor_args:
            raise SpecError([f"{d.result_loc}: {d.func.name}: 'result:' reads '{name}', but "
                             f"'{name[:-2]}' is not differentiable (non_differentiable); "
                             "use only the tangents of differentiable inputs"])
    terms: list[Term] = []
    for sign, part in _summands(tree.body):
        used = _whole_names(part) & set(tangents)
        if len(used) != 1:
            terms = [Term(None, ast.unparse(tree))]
            break
        text = ast.unparse(part)
        terms.append(Term(tangents[used.pop()], f"-({text})" if sign < 0 else text))
    return ForwardRule(origin="result", loc=str(d.result_loc), terms=tuple(terms), linear=False,
                       reads=tuple(sorted(_whole_names(tree) & tensor_args)), why="",
                       ops_used=tuple(sorted(_calls(tree, op_names, local))), **base)


def _summands(node: ast.expr, sign: int = 1) -> list[tuple[int, ast.expr]]:
    """``a + b - c`` -> [(+1, a), (+1, b), (-1, c)]."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        right = sign if isinstance(node.op, ast.Add) else -sign
        return _summands(node.left, sign) + _summands(node.right, right)
    return [(sign, node)]


def _not_linear(d: Derivative, inputs: tuple[FwInput, ...], results: tuple[str, ...],
                missing: list[str]) -> str:
    """Why linearity cannot be concluded from the backward formulas ('' when it can)."""
    if missing:
        return f"no backward formula for {', '.join(missing)}"
    diff = {x.name for x in inputs} | set(results)
    read: set[str] = set()
    for f in d.formulas:
        tree = parse_python(f.expr)
        whole = _whole_names(tree) & diff
        if whole:
            name = sorted(whole)[0]
            return (f"the backward formula for '{', '.join(f.inputs)}' reads '{name}', so it "
                    "is neither known element-wise nor linear")
        read |= f.names
    for a in d.func.arguments.flat_all:
        if str(a.type).rstrip("?") in ("Scalar", "float") and a.name not in read:
            return (f"the {str(a.type).rstrip('?')} argument '{a.name}' is not read by the "
                    "backward formulas, so it may add a constant and the op is not known to "
                    "be linear")
    return ""


def rules(spec: Spec, op_names: frozenset[str] | None = None) -> list[ForwardRule]:
    """The rule of every derivative whose op is not composite, in file order. ``op_names``:
    the ops a formula may call (default: the spec's own; an op library's formulas may call
    aten_lite's too)."""
    native = {str(nf.func.name): nf for nf in spec.native}
    if op_names is None:
        op_names = frozenset(nf.func.name.name.base for nf in spec.native)
    out: list[ForwardRule] = []
    problems: list[str] = []
    for d in spec.derivatives:
        nf = native.get(str(d.func.name))
        if nf is None or "CompositeImplicitAutograd" in nf.dispatch:
            continue  # the backward emitter reports a derivative of a composite op
        try:
            out.append(forward_rule(d, nf, op_names))
        except SpecError as exc:
            problems.extend(exc.messages)
    if problems:
        raise SpecError(problems)
    return out
