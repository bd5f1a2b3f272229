"""The expression language of derivatives.yaml formulas: a small, whitelisted part of Python.

Note [Formulas are data, not code]
A formula is pasted into generated/autograd_nodes.py and runs at backward time, so whatever
Python it holds runs with the user's privileges. Parsing it with ``ast`` keeps the syntax honest
but not the meaning: ``(lambda g, s=[c for c in ().__class__.__base__.__subclasses__()]:
...)(grad)`` is one valid expression. So a formula may use only what a derivative needs:

* names (grad, grads, result, the op's arguments, aten_lite ops, helpers; load_derivatives
  checks which), never a dunder name (``__import__``);
* numbers, True/False/None, tuples and lists of allowed expressions;
* word-like strings, as option values (``rounding_mode='trunc'``): data, never code, since
  no attribute of a literal may be read;
* arithmetic, comparisons, ``and``/``or``/``not``, ``x if c else y``;
* calls of a name or of a method (``grad.sum(dim, keepdim=True)``), with positional and
  keyword arguments, never ``*args``/``**kwargs``, never calling a call's result;
* subscripts and slices (``grads[0]``);
* attributes that the runtime's Tensor has (its hand-written attributes plus the generated
  methods: load_derivatives checks each one ``attributes`` lists), never a dunder attribute,
  never an attribute of a literal.

Everything else (lambdas, comprehensions, other strings, ``:=``, dict/set displays, f-strings, starred
arguments) is refused at the formula's YAML line with this list.

    >>> check_language("grad.sum(0, keepdim=True) * (self > 0)")
    >>> check_language("(lambda g: g)(grad)")
    Traceback (most recent call last):
    ...
    tools.codegen.formula.ExpressionError: a lambda is not allowed at column 2
"""

from __future__ import annotations

import ast

from .formula import ExpressionError, parse_python

# What check_language permits, as the messages say it.
ALLOWED = ("names, numbers, word-like strings, arithmetic, comparisons, 'x if c else y', calls of ops, helpers and "
           "Tensor methods, subscripts and keyword arguments")

# Node types that are always fine: the operators and contexts inside allowed expressions.
_PLAIN = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
          ast.Subscript, ast.Slice, ast.Tuple, ast.List, ast.Load, ast.operator, ast.unaryop,
          ast.boolop, ast.cmpop)

# How a refused construct reads in a message.
_REFUSED = {
    ast.Lambda: "a lambda", ast.ListComp: "a list comprehension",
    ast.SetComp: "a set comprehension", ast.DictComp: "a dict comprehension",
    ast.GeneratorExp: "a generator expression", ast.NamedExpr: "':='",
    ast.Starred: "'*' unpacking", ast.Dict: "a dict display", ast.Set: "a set display",
    ast.JoinedStr: "an f-string", ast.Await: "'await'", ast.Yield: "'yield'",
    ast.YieldFrom: "'yield from'",
}

# Literals: an attribute of one (`().__class__`, `(1).real`) is never a Tensor's.
_LITERALS = (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.JoinedStr)


def check_language(expr: str) -> None:
    """Raise ExpressionError (with the 1-based column) for the first construct of ``expr``
    outside the formula language."""
    found = [(node, _problem(node)) for node in _in_order(parse_python(expr))]
    # A call of a call's result is reported only when nothing inside it is refused: in
    # `(lambda g: g)(grad)` the lambda is the thing to remove.
    found.sort(key=lambda item: isinstance(item[0], ast.Call))
    for node, problem in found:
        if problem is not None:
            raise ExpressionError(problem, getattr(node, "col_offset", 0) + 1)


def attributes(expr: str) -> tuple[tuple[str, str], ...]:
    """``(how it reads, attribute)`` for each attribute ``expr`` reads, in order of first
    appearance: the caller checks each is a Tensor attribute.

        >>> attributes("grad * result.sgn() + grad.t().mm(self)")
        (('result.sgn', 'sgn'), ('grad.t', 't'), ('grad.t().mm', 'mm'))
    """
    found: dict[tuple[str, str], None] = {}
    nodes = [n for n in ast.walk(parse_python(expr)) if isinstance(n, ast.Attribute)]
    # By where the attribute's name ends: `grad.t` comes before `grad.t().mm`.
    for node in sorted(nodes, key=lambda n: (n.end_lineno, n.end_col_offset)):
        found.setdefault((ast.unparse(node), node.attr), None)
    return tuple(found)


def _in_order(tree: ast.AST) -> list[ast.expr | ast.keyword]:
    """Every node, in the order its text appears (so the first problem is the leftmost)."""
    nodes: list[ast.expr | ast.keyword] = [n for n in ast.walk(tree) if isinstance(n, (ast.expr, ast.keyword))]
    return sorted(nodes, key=lambda n: (n.lineno, n.col_offset, -(n.end_col_offset or 0)))


def _problem(node: ast.AST) -> str | None:
    """Why ``node`` is outside the language, or None when it is inside."""
    if isinstance(node, ast.Name):
        return f"the name '{node.id}' is not allowed" if _dunder(node.id) else None
    if isinstance(node, ast.Constant):
        ok = node.value is None or isinstance(node.value, (bool, int, float)) or (
            isinstance(node.value, str) and node.value.isidentifier() and node.value.isascii()
            and not _dunder(node.value))
        return None if ok else (f"the literal {node.value!r} is not allowed (only numbers and "
                                "word-like strings)")
    if isinstance(node, ast.Attribute):
        return _attribute_problem(node)
    if isinstance(node, ast.Call):
        return _call_problem(node)
    if isinstance(node, ast.keyword):
        return "'**' unpacking is not allowed" if node.arg is None else None
    if isinstance(node, _PLAIN):
        return None
    what = _REFUSED.get(type(node), f"'{type(node).__name__}'")
    return f"{what} is not allowed"


def _attribute_problem(node: ast.Attribute) -> str | None:
    if _dunder(node.attr):
        return f"the attribute '{node.attr}' is not allowed"
    if isinstance(node.value, _LITERALS):
        return f"an attribute of a literal ('.{node.attr}') is not allowed"
    return None


def _call_problem(node: ast.Call) -> str | None:
    if not isinstance(node.func, (ast.Name, ast.Attribute)):
        return "calling the result of an expression is not allowed (call an op or a method)"
    return None


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__") and len(name) > 4
