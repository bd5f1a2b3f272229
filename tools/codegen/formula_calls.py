"""Calls in derivative formulas, checked against the schemas of the ops they call.

A formula is Python that runs only at backward time, so ``sigmoid(self, 2)`` or
``grad.sum(dims=0)`` used to pass the generator and fail inside generated/autograd_nodes.py
when a user called ``backward()``. Here each call of an op (``mul(grad, other)``), of a
generated method (``grad.sum(dim, keepdim=True)``) or of a helper of
aten_lite/autograd/formulas.py (``sum_to(grad, self.shape)``) is bound as Python would bind it
to the Python signatures, and a call none accepts is reported at the formula's line.

    >>> sig = Signature("sigmoid", ("self",), (), ("self",), False)
    >>> sig.binds(2, ()), sig.binds(1, ()), str(sig)
    (False, True, 'sigmoid(self)')
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterable, Mapping

from .formula import parse_python
from .model import SchemaKind
from .spec import Derivative, Location, NativeFunction


@dataclass(frozen=True)
class Signature:
    """The Python parameters of one overload, as the generated binding accepts them."""

    name: str  # what the caller writes: 'sum', or 'Tensor.sum' for a method
    positional: tuple[str, ...]  # in order (a method's self excluded)
    keyword_only: tuple[str, ...]
    required: tuple[str, ...]  # parameters without a default
    varargs: bool  # a trailing int list also takes its items one by one (`x.view(2, 3)`)

    def binds(self, n_positional: int, keywords: tuple[str, ...]) -> bool:
        """Whether ``n_positional`` arguments and these keywords fit, as Python binds them."""
        if n_positional > len(self.positional) and not self.varargs:
            return False
        filled = set(self.positional[:n_positional])
        for key in keywords:
            if key in filled or key not in self.positional + self.keyword_only:
                return False
            filled.add(key)
        return all(name in filled for name in self.required)

    def __str__(self) -> str:
        def show(param: str) -> str:
            return param if param in self.required else f"{param}=..."

        params = [show(p) for p in self.positional]
        if self.keyword_only:
            params += ["*", *(show(k) for k in self.keyword_only)]
        return f"{self.name}({', '.join(params)})"


def signatures(native: Iterable[NativeFunction]) -> tuple[dict[str, list[Signature]],
                                                             dict[str, list[Signature]]]:
    """({function name: its overloads}, {method name: its overloads})."""
    functions: dict[str, list[Signature]] = {}
    methods: dict[str, list[Signature]] = {}
    for nf in native:
        name = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(name, []).append(_signature(nf, name, method=False))
        if "method" in nf.variants:
            methods.setdefault(name, []).append(_signature(nf, f"Tensor.{name}", method=True))
    return functions, methods


def _signature(nf: NativeFunction, name: str, method: bool) -> Signature:
    args = nf.func.arguments
    positional = [a for a in args.positional if not (method and a.name == "self")]
    keyword = list(args.kwarg_only) + (list(args.out) if nf.func.kind() is SchemaKind.out else [])
    required = tuple(a.name for a in positional + keyword if a.default is None)
    last = positional[-1] if positional else None
    varargs = (last is not None and last.default is None and last.type.is_list_like() is not None
               and not last.type.is_tensor_like())
    return Signature(name, tuple(a.name for a in positional), tuple(a.name for a in keyword),
                     required, varargs)


def helper_signatures(helpers: Mapping[str, str]) -> dict[str, list[Signature]]:
    """The Python signatures of the formula helpers, from the manifest's parameter texts
    (``'(grad, shape, dim=0)'``, Note [The runtime manifest] in aten_lite/vocab/manifest.py, which
    the manifest reader has checked parse); a helper taking ``*args`` is not checked."""
    out = {}
    for name, params in helpers.items():
        node = ast.parse(f"def {name}{params}: pass").body[0]
        if isinstance(node, ast.FunctionDef) and node.args.vararg is None:
            a = node.args
            positional = [p.arg for p in a.posonlyargs + a.args]
            required = positional[: len(positional) - len(a.defaults)]
            required += [k.arg for k, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
            out[name] = [Signature(name, tuple(positional), tuple(k.arg for k in a.kwonlyargs),
                                   tuple(required), False)]
    return out


def bad_calls(expr: str, functions: dict[str, list[Signature]],
              methods: dict[str, list[Signature]], local_names: frozenset[str],
              hand_written: frozenset[str]) -> list[tuple[str, list[Signature]]]:
    """(the call as written, the overloads it does not fit) for each call no overload takes.

    ``local_names`` (the op's arguments, grad, result...) hide ops of the same name, and a
    method the runtime's Tensor defines by hand (``hand_written``) is not a generated one."""
    out = []
    for node in ast.walk(parse_python(expr)):
        if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords):
            continue
        if isinstance(node.func, ast.Name) and node.func.id not in local_names:
            overloads = functions.get(node.func.id)
        elif isinstance(node.func, ast.Attribute) and node.func.attr not in hand_written:
            overloads = methods.get(node.func.attr)
        else:
            continue
        if not overloads or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        keywords = tuple(k.arg for k in node.keywords if k.arg is not None)
        if not any(sig.binds(len(node.args), keywords) for sig in overloads):
            out.append((ast.unparse(node), overloads))
    return out


def check_calls(derivatives: Iterable[Derivative], native: Iterable[NativeFunction],
                hand_written: frozenset[str],
                helpers: dict[str, list[Signature]]) -> list[tuple[Location, str, str]]:
    """(formula's line, op, message) for every call of an op or helper in a formula that no
    overload takes (an op wins over a helper of the same name, as in the generated module)."""
    functions, methods = signatures(native)
    functions = {**helpers, **functions}
    out = []
    for d in derivatives:
        schema = d.func
        local = {"grad", "grads", "result", *(a.name for a in schema.arguments.flat_all),
                 *(f"result{i}" for i in range(len(schema.returns))),
                 *(r.name for r in schema.returns if r.name)}
        written = [(f.loc, f"formula for '{', '.join(f.inputs)}'", f.expr) for f in d.formulas]
        if d.result_formula is not None and d.result_loc is not None:
            # The forward formula (`result:`) reads the input tangents too.
            local |= {f"{a.name}_t" for a in schema.arguments.flat_all}
            written.append((d.result_loc, "'result:'", d.result_formula))
        for loc, what, expr in written:
            for call, overloads in bad_calls(expr, functions, methods, frozenset(local),
                                             hand_written):
                shown = "; ".join(str(sig) for sig in overloads)
                out.append((loc, str(schema.name), f"{what} calls {call}, which fits no "
                            f"overload ({shown}); pass the arguments one of them takes"))
    return out
