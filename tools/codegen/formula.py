"""Reading the two kinds of expressions the YAML files hold, without regexes over names.

* derivatives.yaml formulas are Python: ``python_free_names`` parses one with ``ast`` and returns
  the names it reads from outside (``grad``, ``self``, ``mul``...), in order of first use, so
  the loader can reject unknown ones and the autograd emitter can decide what a node saves.

      >>> python_free_names("grad * other.conj() + sum(x for x in grads)")
      ('grad', 'other', 'sum', 'grads')

* ``elementwise:`` values are C++ scalar expressions: ``cpp_identifiers`` tokenizes one and
  returns its identifiers, telling calls (``exp(``) from plain names.

      >>> [(i.name, i.is_call) for i in cpp_identifiers("self > 0 ? exp(self) : 0")]
      [('self', False), ('exp', True), ('self', False)]

Both raise ``ExpressionError`` (with the 1-based column) for text that is not one expression.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass


class ExpressionError(ValueError):
    """The text is not a single expression of the expected language.

    ``problem`` is the reason without position; ``column`` is 1-based within the stripped text.
    """

    def __init__(self, problem: str, column: int) -> None:
        super().__init__(f"{problem} at column {column}")
        self.problem = problem
        self.column = column


# ---- Python (derivative formulas) ----


def parse_python(expr: str) -> ast.Expression:
    """Parse one Python expression; raise ExpressionError with the column when it is not one."""
    text = expr.strip()
    if not text:
        raise ExpressionError("the formula is empty", 1)
    try:
        tree = ast.parse(text, mode="eval")
    except (RecursionError, MemoryError):
        # CPython's parser gives up on ~1,000 nested operators with these, not SyntaxError.
        raise ExpressionError(f"the expression nests deeper than Python can read "
                              f"(a formula needs a few levels; the limit here is "
                              f"{MAX_NESTING})", 1) from None
    except SyntaxError as exc:
        lines = text.splitlines()
        lineno = min(max(exc.lineno or 1, 1), len(lines))
        # Offset 0 means "at the end of the input" (e.g. `grad +`).
        column = exc.offset or len(lines[lineno - 1]) + 1
        # A block scalar (`|`) can span lines; count the column through the whole text.
        column += sum(len(line) + 1 for line in lines[: lineno - 1])
        raise ExpressionError(exc.msg, column) from None
    # Each level of nesting spends at least one character (the leaf contexts add two levels),
    # so only a long formula can be too deep: the walk is skipped for the usual short ones.
    depth, node = _deepest(tree) if len(text) + 2 > MAX_NESTING else (0, tree)
    if depth > MAX_NESTING:
        # The visitors below and the emitters recurse once or twice per level.
        raise ExpressionError(f"the expression nests {depth} levels deep, more than "
                              f"{MAX_NESTING}", getattr(node, "col_offset", 0) + 1)
    return tree


# Far above any real formula (a handful of levels), far below the recursion limit that the
# ast visitors and ast.unparse run into.
MAX_NESTING = 100


def _deepest(tree: ast.AST) -> tuple[int, ast.AST]:
    """(depth, deepest node) of a syntax tree, without recursion."""
    deepest, at = 0, tree
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest, at = depth, node
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest, at


def python_free_names(expr: str) -> tuple[str, ...]:
    """Names ``expr`` reads but does not bind itself, in order of first appearance.

    Attribute names (``self.shape``) and keyword names (``sum(x, dim=0)``) are not names; the
    variables of comprehensions and lambdas are bound inside them and so are not free.
    """
    finder = _FreeNames()
    finder.visit(parse_python(expr))
    return tuple(finder.free)


class _FreeNames(ast.NodeVisitor):
    """Collects free variable names, following Python's scoping of lambdas/comprehensions."""

    def __init__(self) -> None:
        self.free: dict[str, None] = {}  # dict as an ordered set
        self._scopes: list[set[str]] = [set()]

    def _is_bound(self, name: str) -> bool:
        return any(name in scope for scope in self._scopes)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            if not self._is_bound(node.id):
                self.free.setdefault(node.id, None)
        else:  # a Store target of a comprehension or `:=` binds the name from here on
            self._scopes[-1].add(node.id)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        # Defaults are evaluated outside the lambda; parameters are bound inside it.
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        params += [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
        self._scopes.append({a.arg for a in params})
        self.visit(node.body)
        self._scopes.pop()

    def _comprehension(self, node: ast.AST, results: list[ast.AST]) -> None:
        generators: list[ast.comprehension] = node.generators  # type: ignore[attr-defined]
        # The first iterable is evaluated in the enclosing scope, everything else inside.
        self.visit(generators[0].iter)
        self._scopes.append(set())
        for i, gen in enumerate(generators):
            if i > 0:
                self.visit(gen.iter)
            self.visit(gen.target)
            for cond in gen.ifs:
                self.visit(cond)
        for result in results:
            self.visit(result)
        self._scopes.pop()

    def visit_ListComp(self, node: ast.ListComp) -> None:
        self._comprehension(node, [node.elt])

    def visit_SetComp(self, node: ast.SetComp) -> None:
        self._comprehension(node, [node.elt])

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self._comprehension(node, [node.elt])

    def visit_DictComp(self, node: ast.DictComp) -> None:
        self._comprehension(node, [node.key, node.value])


# ---- C++ (elementwise expressions) ----


@dataclass(frozen=True)
class CppIdentifier:
    """One identifier of an elementwise expression."""

    name: str
    column: int  # 1-based, within the stripped expression, for error messages
    is_call: bool  # followed by `(`: must be one of vocab.ELEMENTWISE_FUNCTIONS


# Order matters: hex before decimal, two-character operators before one-character ones.
# Anything else (`;`, `{`, `=`, `.member`, `[`, quotes, `#`) cannot appear in one scalar
# expression and could break out of the generated functor, so the tokenizer rejects it.
_CPP_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<number>0[xX][0-9a-fA-F]+[uUlL]*
      | (?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFuUlL]*)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<op>\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%<>!~^&|?:(),])
    """,
    re.VERBOSE,
)


def cpp_identifiers(expr: str) -> list[CppIdentifier]:
    """Identifiers of one C++ scalar expression; ExpressionError when it is not one."""
    text = expr.strip()
    if not text:
        raise ExpressionError("the expression is empty", 1)
    tokens = _cpp_tokens(text)
    _check_parentheses(tokens)
    out = []
    for i, (kind, value, column) in enumerate(tokens):
        if kind == "name":
            is_call = i + 1 < len(tokens) and tokens[i + 1][1] == "("
            out.append(CppIdentifier(value, column, is_call))
    return out


def _cpp_tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, 1-based column) for each token, whitespace dropped."""
    tokens = []
    pos = 0
    while pos < len(text):
        match = _CPP_TOKEN.match(text, pos)
        if match is None:
            raise ExpressionError(f"unexpected character {text[pos]!r}", pos + 1)
        kind = match.lastgroup or ""  # every alternative of _CPP_TOKEN is a named group
        if kind != "space":
            tokens.append((kind, match.group(), pos + 1))
        pos = match.end()
    return tokens


def _check_parentheses(tokens: list[tuple[str, str, int]]) -> None:
    opened: list[int] = []
    for _, value, column in tokens:
        if value == "(":
            opened.append(column)
        elif value == ")":
            if not opened:
                raise ExpressionError("unmatched ')'", column)
            opened.pop()
        elif value == "," and not opened:
            # A top-level comma is C++'s comma operator: legal, but never what was meant.
            raise ExpressionError("',' outside a function call", column)
    if opened:
        raise ExpressionError("'(' is never closed", opened[-1])


# Note [Literals in the compute type]
# A C++ floating literal is a double, and float * double computes in double: `0.5 * self * (1 +
# erf(self * 0.70710678118654752))` on float32 ran gelu in double precision (erf in double, and
# conversions both ways, ~6x torch's time), where torch computes float32 ops in float (its
# "opmath" type). So each floating literal of an expression is converted to the compute type's
# real type (`al::math::detail::real_t`: float for float32, and for float16 and bfloat16 whose
# compute type is float; double for float64, and for integers and bool, which computed in double
# before and still do). float64 results are unchanged, bit for bit. A float32 result can move by
# an ulp or so (a float32 gelu now agrees with torch's float32 gelu to its ulps instead of being
# the correctly rounded double result). Integer literals were never a problem (float * 2 stays
# float), and a literal with a suffix (`0.5f`) keeps the type it names. Graph mode's fused
# kernels and the OpenCL device read the expression from the fusion table, which holds it as
# rewritten here, so every C++ kernel of an op computes the same bits.
LITERAL_TYPE = "::al::math::detail::real_t<AlCompute>"


def typed_literals(expr: str) -> str:
    """``expr`` with each unsuffixed floating literal as a value of the compute type's real
    type (Note [Literals in the compute type]).

        >>> typed_literals("self * 0.5 + 2")
        'self * ::al::math::detail::real_t<AlCompute>(0.5) + 2'
    """
    out = []
    pos = 0
    text = expr.strip()
    while pos < len(text):
        match = _CPP_TOKEN.match(text, pos)
        if match is None:
            raise ExpressionError(f"unexpected character {text[pos]!r}", pos + 1)
        token = match.group()
        floating = (match.lastgroup == "number" and not token.lower().startswith("0x")
                    and ("." in token or "e" in token.lower())
                    and token[-1] in "0123456789.")
        out.append(f"{LITERAL_TYPE}({token})" if floating else token)
        pos = match.end()
    return "".join(out)
