"""A differential fuzzer of graph mode: seeded random programs, each run eagerly and through
``al.compile`` several times with changing values, shapes, closure values and grad modes.

Each program is Python source (printed with every failure) written by ``generate(seed)``:
elementwise chains, reductions, views of inputs and of intermediates, matmul, softmax, cat,
in-place ops, casts, graph breaks (``.item()``, ``.tolist()``, branches on values, print),
closure and global tensors and scalars, and a tuple of results that may hold views of the
inputs. ``run(program)`` calls it eagerly and compiled on equal copies of the same arguments
and compares what a user sees: results (values, dtypes, shapes, requires_grad, which inputs
they alias), the arguments and closure tensors after the call (in-place writes), the errors
(type, message class and the moment: the call or the backward), and in float64 programs the
gradients of inputs and closure tensors from the backward of a random combination of some
of the results.

Replay one program, with its source, the failure and a reduced program:

    PYTHONPATH=. python tests/compile_fuzz.py --seed 123 [--exclude rebind,negzero] [--reduce]

Run many: ``python tests/compile_fuzz.py --count 2000 [--first 0]``; the pytest entry point is
tests/test_compile_fuzz.py (``COMPILE_FUZZ_N=20000`` for a long run there).

Note [Feature families]
Every statement the generator writes belongs to families (FAMILIES); ``exclude`` drops
families from generation, so that a family whose bug is being fixed elsewhere can be left out
of the default suite (tests/test_compile_fuzz.py, OPEN_BUG_FAMILIES) without an xfail, and a
reduced program names the families of what is left of it.

Note [Exact branches]
A branch on a value must take the same path eagerly and compiled, though a compiled
reduction may add in another order: conditions read ``amax``/``amin`` (exact in any order)
against 0, never a sum.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import math
import random
import re
import sys
import traceback
import warnings
from collections import Counter

import numpy as np

import aten_lite as al

# ----------------------------------------------------------------------------------------
# Families (Note [Feature families])

FAMILIES = {
    "elementwise": "unary and binary elementwise ops, scalar operands",
    "reduction": "sum, mean, amax, max(dim) with indices",
    "view": "t, transpose, permute, reshape, view, slicing, select, unsqueeze, expand",
    "matmul": "@ with a weight argument or closure tensor, a @ b.t()",
    "softmax": "softmax and log_softmax",
    "row_reduce": "reductions over the last dims broadcast back into their rows (a softmax, "
                  "a normalisation written by hand; keepdim=False then unsqueeze)",
    "cat": "al.cat and al.stack",
    "inplace": "add_, mul_, zero_, clamp_, writes through views of intermediates",
    "inplace_input": "in-place writes to arguments that do not require grad and their views",
    "cast": "float, double, to, type_as, contiguous, clone, integer arguments",
    "break_item": ".item() read back as a Python number",
    "break_tolist": ".tolist() read back",
    "break_branch": "a Python if on a tensor value",
    "break_print": "print of a tensor",
    "closure_tensor": "tensors read from the closure or the globals, changed in place",
    "closure_scalar": "Python numbers in the closure and globals that change between calls",
    "arg_scalar": "Python numbers among the arguments",
    "input_views": "views of the arguments among the results",
    "shape_change": "calls with new argument shapes",
    "grad": "float64 programs with arguments that require grad, and their backward",
    "partial_backward": "the backward of only some of the results",
    "no_grad_calls": "calls under al.no_grad()",
    "write_results": "a result written in place after the call, before the backward",
    # Families whose known bugs other branches fix (tests/test_compile_fuzz.py).
    "split_input_views": "views alive in a split call (a graph break, or a view of an argument "
                         "that requires grad) beside computed values",
    "grad_none": "an argument the backward does not reach keeps grad None, not zeros",
    "clamp_grad": "clamp_ on a value that requires grad",
    "alias_result": "results that are an argument itself (contiguous, float, to, type_as)",
    "singular": "rsqrt, sqrt, log of values that may be 0 (infinite local derivatives)",
    "inplace_saved": "in-place writes to values a backward saved",
    "rebind": "closure and global tensors rebound to new tensors between calls",
    "negzero": "-0.0 and 0.0 among the scalar arguments",
    "comprehension": "globals read inside a comprehension",
}

# Symbols of argument shapes: FREE ones change between calls (shape_change), FIXED ones are
# the sizes closure tensors may have, changed only with a rebinding (family rebind).
FREE, FIXED = ("a", "b", "c"), ("p", "q")
_probe_rng = random.Random(20261128)
PROBES = [{s: _probe_rng.randint(2, 9) for s in FREE + FIXED} for _ in range(4)]


class Dim:
    """A size as an expression of the symbols; equal when equal at the probe values."""

    __slots__ = ("expr", "probe")

    def __init__(self, expr: str) -> None:
        self.expr = expr
        self.probe = tuple(eval(expr, {}, dict(env)) for env in PROBES)

    def __eq__(self, other) -> bool:
        return isinstance(other, Dim) and self.probe == other.probe

    def __hash__(self) -> int:
        return hash(self.probe)

    def free(self) -> bool:
        return any(s in self.expr for s in FREE)

    def value(self, env: dict) -> int:
        return eval(self.expr, {}, dict(env))

    def __repr__(self) -> str:
        return self.expr


ONE = Dim("1")


@dataclasses.dataclass
class Var:
    name: str
    shape: tuple
    dtype: str  # "float32", "float64", "int64"
    kind: str  # "input", "closure", "temp"
    root: str | None  # the argument or closure tensor this var is a view of (or is)
    group: int  # alias group: vars sharing storage
    mag: float  # a rough bound of |values|
    contig: bool = True

    @property
    def floating(self) -> bool:
        return self.dtype != "int64"


@dataclasses.dataclass
class Stmt:
    lines: list
    families: frozenset


@dataclasses.dataclass
class Program:
    seed: int
    excluded: frozenset
    dtype: str  # float32: values only; float64: values and gradients
    inputs: list  # (name, shape, dtype, requires_grad)
    scalars: list  # argument numbers: (name, "float" | "int")
    closures: list  # (name, shape, dtype, requires_grad, "cell" | "global")
    numbers: list  # closure / global numbers: (name, "float" | "int", "cell" | "global")
    stmts: list
    outputs: list  # expressions
    out_families: list  # families of each output
    calls_without: frozenset = frozenset()  # families left out of the calls (by reduce)

    def families(self) -> set:
        found = set().union(*(s.families for s in self.stmts)) if self.stmts else set()
        return found.union(*self.out_families) if self.out_families else found

    def source(self) -> str:
        cells = [c[0] for c in self.closures if c[4] == "cell"] + \
            [n[0] for n in self.numbers if n[2] == "cell"]
        globs = [c[0] for c in self.closures if c[4] == "global"] + \
            [n[0] for n in self.numbers if n[2] == "global"]
        args = [i[0] for i in self.inputs] + [s[0] for s in self.scalars]
        out = [f"# compile_fuzz seed {self.seed}" +
               (f", excluded {','.join(sorted(self.excluded))}" if self.excluded else ""),
               "import aten_lite as al", ""]
        out += [f"{g} = None  # a global, set between calls" for g in globs]
        out += ["", "", "def make():"]
        out += [f"    {c} = None  # a closure cell, set between calls by bind" for c in cells]
        out += [f"    def prog({', '.join(args)}):"]
        for s in self.stmts:
            out += ["        " + line for line in s.lines]
        if len(self.outputs) == 1:
            out += [f"        return {self.outputs[0]}"]
        else:
            out += [f"        return ({', '.join(self.outputs)},)"]
        out += ["", "    def bind(values):"]
        if cells:
            out += [f"        nonlocal {', '.join(cells)}"]
            out += [f"        {c} = values[{c!r}]" for c in cells]
        else:
            out += ["        pass"]
        out += ["", "    return prog, bind", ""]
        return "\n".join(out)


# ----------------------------------------------------------------------------------------
# The generator

# Ops whose backward saves their operands / their result (Note: conservative, so that the
# default generator never writes in place to what a backward reads, family inplace_saved).
_SAVES_OPERANDS = {"mul", "div", "matmul", "amax", "max", "abs", "sin", "clamp", "maximum",
                   "relu", "cast"}
_SAVES_RESULT = {"exp", "tanh", "sigmoid", "relu", "softmax", "log_softmax", "rsqrt", "sqrt",
                 "amax", "max"}


class _Gen:
    def __init__(self, seed: int, exclude) -> None:
        self.rng = random.Random(seed)
        self.on = {f for f in FAMILIES if f not in exclude}
        r = self.rng
        self.prog = Program(seed, frozenset(exclude), "float32", [], [], [], [], [], [], [])
        if "grad" in self.on and r.random() < 0.6:
            self.prog.dtype = "float64"
        self.vars: list[Var] = []
        self.saved: set = set()  # alias groups a backward may read
        self.groups = 0
        self.scalar_pool: list = []  # (expression, magnitude, families)
        self.n = Counter()
        # Decided up front, so that views of arguments stay out of split calls unless
        # split_input_views is on.
        breaks = [f for f in ("break_item", "break_tolist", "break_branch", "break_print")
                  if f in self.on]
        self.breaks = [f for f in breaks if r.random() < 0.35]
        # A write to an argument splits the call too (Note [Split calls]).
        self.writes_inputs = "inplace_input" in self.on and r.random() < 0.3

    # names and new values ------------------------------------------------------------
    def fresh(self, prefix: str) -> str:
        name = f"{prefix}{self.n[prefix]}"
        self.n[prefix] += 1
        return name

    def group(self) -> int:
        self.groups += 1
        return self.groups

    def rand_shape(self, ndim: int | None = None) -> tuple:
        r = self.rng
        ndim = r.choice([1, 2, 2, 2, 3]) if ndim is None else ndim
        syms = FREE if "shape_change" in self.on or r.random() < 0.5 else FIXED
        return tuple(Dim(r.choice(syms + FIXED)) for _ in range(ndim))

    def new_input(self, shape: tuple, dtype: str | None = None) -> Var:
        dtype = dtype or self.prog.dtype
        grad = dtype == "float64" and self.rng.random() < 0.75
        name = self.fresh("x")
        self.prog.inputs.append((name, shape, dtype, grad))
        v = Var(name, shape, dtype, "input", name, self.group(), 4.0 if dtype != "int64" else 3)
        v.grad = grad
        self.vars.append(v)
        return v

    def new_closure(self, shape: tuple) -> Var:
        r = self.rng
        if "rebind" not in self.on:  # a closure tensor keeps its sizes: free ones broadcast
            shape = tuple(ONE if d.free() else d for d in shape)
        grad = self.prog.dtype == "float64" and r.random() < 0.5
        where = r.choice(["cell", "global"])
        name = self.fresh("c" if where == "cell" else "C")
        self.prog.closures.append((name, shape, self.prog.dtype, grad, where))
        v = Var(name, shape, self.prog.dtype, "closure", name, self.group(), 4.0)
        v.grad = grad
        self.vars.append(v)
        return v

    def number(self) -> tuple:
        """(expression, magnitude, families) of a Python number operand."""
        r = self.rng
        choices = [("literal", 1.0)]
        if "arg_scalar" in self.on:
            choices.append(("arg", 1.0))
        if "closure_scalar" in self.on:
            choices.append(("closure", 1.0))
        if self.scalar_pool:
            choices.append(("pool", 1.0))
        kind = r.choice(choices)[0]
        if kind == "literal":
            return repr(r.choice([2, 0.5, -1.5, 3, 1e-3])), 3.0, frozenset({"elementwise"})
        if kind == "arg":
            name = self.fresh("s")
            self.prog.scalars.append((name, r.choice(["float", "float", "int"])))
            return name, 3.0, frozenset({"arg_scalar"})
        if kind == "closure":
            where = r.choice(["cell", "global"])
            name = self.fresh("k" if where == "cell" else "K")
            self.prog.numbers.append((name, r.choice(["float", "int"]), where))
            fam = {"closure_scalar"}
            if where == "global" and "comprehension" in self.on and r.random() < 0.5:
                return f"sum([{name} for _ in range(2)])", 6.0, frozenset(fam | {"comprehension"})
            return name, 3.0, frozenset(fam)
        return r.choice(self.scalar_pool)

    # operands -----------------------------------------------------------------------------
    def pick(self, ok=lambda v: True) -> Var | None:
        cands = [v for v in self.vars if ok(v)]
        if not cands:
            return None
        weights = [1 + 2 * i for i in range(len(cands))]  # recent ones first
        return self.rng.choices(cands, weights)[0]

    def viewable(self, v: Var) -> bool:
        """May a view of v be taken? Not where it would split a call beside computed values,
        unless split_input_views is on: a view of an argument that requires grad splits the
        call (Note [Split calls] in aten_lite/compile/segments.py), and in a call split by a
        break, any value is an argument of the next segment."""
        return "split_input_views" in self.on or not self.splits_views(v)

    def splits_views(self, v: Var) -> bool:
        """Would a view of v be alive in a split call (family split_input_views)?"""
        if self.breaks or self.writes_inputs:
            return True
        return self.prog.dtype == "float64" and v.root is not None

    def view_families(self, v: Var, *families) -> set:
        return set(families) | ({"split_input_views"} if self.splits_views(v) else set())

    def emit(self, lines, families, result: Var | None = None) -> bool:
        """Add a statement, unless one of its families is excluded."""
        if isinstance(lines, str):
            lines = [lines]
        families = set(families)
        text = "\n".join(lines)
        if any(re.search(rf"\b{c[0]}\b", text) for c in self.prog.closures):
            families.add("closure_tensor")
        if families - self.on:
            return False
        self.prog.stmts.append(Stmt(lines, frozenset(families)))
        if result is not None:
            self.vars.append(result)
        return True

    def temp(self, shape, dtype, mag, root=None, group=None, contig=True, name=None) -> Var:
        v = Var(name or self.fresh("v"), tuple(shape), dtype, "temp", root,
                group if group is not None else self.group(), min(mag, 1e30), contig)
        return v

    def read(self, op: str, *operands: Var, result: Var | None = None) -> None:
        """Record what a backward saves (Note [Feature families], inplace_saved)."""
        if self.prog.dtype != "float64":
            return
        if op in _SAVES_OPERANDS:
            self.saved.update(v.group for v in operands)
        if op in _SAVES_RESULT and result is not None:
            self.saved.add(result.group)

    # statements ---------------------------------------------------------------------------
    def unary(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating)
        if a is None:
            return
        if a.mag > 1e4:
            op = r.choice(["tanh", "sigmoid"])
        else:
            ops = ["tanh", "sigmoid", "sin", "relu", "abs", "neg", "exp"]
            if a.mag > 6:
                ops.remove("exp")
            if "singular" in self.on:
                ops += ["rsqrt", "sqrt", "log"]
            op = r.choice(ops)
        mag = {"tanh": 1, "sigmoid": 1, "sin": 1, "exp": math.exp(min(a.mag, 50))}.get(op, a.mag)
        fams = {"elementwise"}
        if op in ("rsqrt", "sqrt", "log"):
            fams.add("singular")
            expr = f"{a.name}.relu().{op}()"
            mag = float("inf")
        elif op == "neg":
            expr = f"-{a.name}"
        else:
            expr = f"{a.name}.{op}()"
        v = self.temp(a.shape, a.dtype, mag)
        self.read(op, a, result=v)
        self.emit(f"{v.name} = {expr}", fams, v)

    def binary(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating or r.random() < 0.3)
        if a is None:
            return
        fams = {"elementwise"}
        if r.random() < 0.35:  # a Python number operand
            expr, mag, nf = self.number()
            fams |= nf
            op = r.choice(["*", "+", "-", "/r", "r*"])
            if op == "/r":
                text, m = f"{a.name} / ({expr} + 0.5 if {expr} >= 0 else {expr} - 0.5)", a.mag * 2
            elif op == "r*":
                text, m = f"{expr} * {a.name}", a.mag * mag
            else:
                text, m = f"{a.name} {op} {expr}", (a.mag * mag if op == "*" else a.mag + mag)
            dtype = a.dtype if a.floating else self.prog.dtype
            v = self.temp(a.shape, dtype, m)
            self.read("mul" if "*" in op else "add", a)
            self.emit(f"{v.name} = {text}", fams, v)
            return
        b = self.operand_like(a)
        if b is None:
            return
        op = r.choice(["+", "-", "*", "div", "maximum"])
        if op == "div":
            text, m, rd = f"{a.name} / ({b.name}.abs() + 1)", a.mag, "div"
        elif op == "maximum":
            text, m, rd = f"al.maximum({a.name}, {b.name})", max(a.mag, b.mag), "maximum"
        else:
            text = f"{a.name} {op} {b.name}"
            m = a.mag * b.mag if op == "*" else a.mag + b.mag
            rd = "mul" if op == "*" else "add"
        dtype = _promote(a.dtype, b.dtype)
        v = self.temp(_broadcast(a.shape, b.shape), dtype, m)
        self.read(rd, a, b)
        self.emit(f"{v.name} = {text}", fams, v)

    def operand_like(self, a: Var) -> Var | None:
        """A second operand broadcastable with a: a var of a's shape or a suffix of it, a
        new closure tensor, or a new argument."""
        r = self.rng
        same = [v for v in self.vars if v is not a and (v.shape == a.shape or
                (len(v.shape) < len(a.shape) and a.shape[len(a.shape) - len(v.shape):] ==
                 v.shape)) and (v.floating or r.random() < 0.3)]
        roll = r.random()
        if same and roll < 0.55:
            return r.choice(same)
        if "closure_tensor" in self.on and roll < 0.8:
            return self.new_closure(a.shape)
        if "cast" in self.on and r.random() < 0.15:
            return self.new_input(a.shape, "int64")
        return self.new_input(a.shape)

    def reduction(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating and len(v.shape) >= 1)
        if a is None:
            return
        op = r.choice(["sum", "sum", "mean", "amax", "max"])
        nd = len(a.shape)
        d = r.randrange(nd)
        dim = d - nd if r.random() < 0.3 else d
        if op == "max":
            v, i = self.temp(a.shape[:d] + a.shape[d + 1:], a.dtype, a.mag), None
            i = self.temp(v.shape, "int64", 10)
            self.read("max", a, result=v)
            if self.emit(f"{v.name}, {i.name} = {a.name}.max({dim})", {"reduction"}, v):
                self.vars.append(i)
            return
        if r.random() < 0.2:
            v = self.temp((), a.dtype, a.mag * (50 if op == "sum" else 1))
            self.read(op, a, result=v)
            self.emit(f"{v.name} = {a.name}.{op}()", {"reduction"}, v)
            return
        keep = r.random() < 0.4
        shape = a.shape[:d] + ((ONE,) if keep else ()) + a.shape[d + 1:]
        v = self.temp(shape, a.dtype, a.mag * (10 if op == "sum" else 1))
        self.read(op, a, result=v)
        kw = ", keepdim=True" if keep else ""
        self.emit(f"{v.name} = {a.name}.{op}({dim}{kw})", {"reduction"}, v)

    def view(self) -> None:
        r = self.rng
        a = self.pick(self.viewable)
        if a is None:
            return
        nd, s = len(a.shape), a.shape
        ops = ["unsqueeze", "expand"]
        if nd >= 1:
            ops += ["reshape", "select"]
            # a[1:] keeps the first dim at least 1 for every size a later call may draw (the
            # dims only grow with the symbols, so all of them at their least is the worst case)
            if s[0].value({sym: 2 for sym in FREE + FIXED}) >= 2:
                ops += ["slice"]
        if nd == 2:
            ops += ["t"]
        if nd >= 2:
            ops += ["transpose", "permute", "merge", "slice2"]
        if a.contig:
            ops += ["view"]
        op = r.choice(ops)
        contig = False
        if op == "t":
            text, shape = f"{a.name}.t()", (s[1], s[0])
        elif op == "transpose":
            i, j = r.sample(range(nd), 2)
            shape = list(s)
            shape[i], shape[j] = shape[j], shape[i]
            text = f"{a.name}.transpose({i}, {j - nd if r.random() < 0.3 else j})"
        elif op == "permute":
            p = list(range(nd))
            r.shuffle(p)
            text, shape = f"{a.name}.permute({', '.join(map(str, p))})", [s[k] for k in p]
        elif op == "slice":
            text, shape = f"{a.name}[1:]", (Dim(f"({s[0].expr})-1"),) + s[1:]
        elif op == "slice2":
            text, shape = f"{a.name}[:, ::2]", (s[0], Dim(f"(({s[1].expr})+1)//2")) + s[2:]
        elif op == "select":
            text, shape = f"{a.name}[{r.choice([0, -1])}]", s[1:]
        elif op == "reshape":
            text, shape, contig = f"{a.name}.reshape(-1)", (_prod(s),), a.contig
        elif op == "view":
            text, shape, contig = f"{a.name}.view(-1)", (_prod(s),), True
        elif op == "merge":
            text = f"{a.name}.reshape(*{a.name}.shape[:-2], -1)"
            shape, contig = s[:-2] + (_prod(s[-2:]),), a.contig
        elif op == "unsqueeze":
            k = r.randrange(nd + 1)
            text, shape, contig = f"{a.name}.unsqueeze({k})", s[:k] + (ONE,) + s[k:], a.contig
        else:  # expand a new leading dim of 2
            text, shape = f"{a.name}.unsqueeze(0).expand(2, *{a.name}.shape)", (Dim("2"),) + s
        v = self.temp(shape, a.dtype, a.mag, root=a.root, group=a.group, contig=contig)
        self.emit(f"{v.name} = {text}", self.view_families(a, "view"), v)

    def matmul(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating and 1 <= len(v.shape) <= 3)
        if a is None:
            return
        s = a.shape
        if len(s) == 2 and r.random() < 0.3:
            b = next((v for v in reversed(self.vars) if v is not a and v.floating and
                      len(v.shape) == 2 and v.shape[1] == s[1]), None)
            if b is not None and self.viewable(b):
                v = self.temp((s[0], b.shape[0]), _promote(a.dtype, b.dtype),
                              a.mag * b.mag * 10)
                self.read("matmul", a, b)
                self.emit(f"{v.name} = {a.name} @ {b.name}.t()",
                          self.view_families(b, "matmul", "view"), v)
                return
        n = Dim(r.choice(FIXED if "closure_tensor" in self.on else FREE + FIXED))
        if "closure_tensor" in self.on and r.random() < 0.5:
            w = self.new_closure((s[-1], n))
            if w.shape != (s[-1], n):  # a free size cannot be a closure tensor's
                self.vars.remove(w)
                self.prog.closures.pop()
                w = self.new_input((s[-1], n))
        else:
            w = self.new_input((s[-1], n))
        v = self.temp(s[:-1] + (n,), _promote(a.dtype, w.dtype), a.mag * w.mag * 10)
        self.read("matmul", a, w)
        # A product of other than matrices is made of views (of a) in al.matmul.
        fams = {"matmul"} if len(s) == 2 else self.view_families(a, "matmul")
        self.emit(f"{v.name} = {a.name} @ {w.name}", fams, v)

    def softmax(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating and len(v.shape) >= 1)
        if a is None:
            return
        op = r.choice(["softmax", "log_softmax"])
        d = r.randrange(-len(a.shape), len(a.shape))
        v = self.temp(a.shape, a.dtype, 1.0 if op == "softmax" else a.mag * 2 + 5)
        self.read(op, a, result=v)
        self.emit(f"{v.name} = {a.name}.{op}({d})", {"softmax"}, v)

    def row_reduce(self) -> None:
        """A reduction over the last dim (or two) read back by the rows it came from: the
        row fusion of graph mode (Note [Row fusion] in aten_lite/compile/passes/fusion.py)."""
        r = self.rng
        a = self.pick(lambda v: v.floating and len(v.shape) >= 1 and v.mag < 1e4)
        if a is None:
            return
        nd = len(a.shape)
        k = 2 if nd >= 2 and r.random() < 0.25 else 1
        dims = "-1" if k == 1 else "(-2, -1)"
        op = r.choice(["sum", "mean", "amax", "amin", "mean"])
        if k == 1 and r.random() < 0.3:
            red = f"{a.name}.{op}(-1).unsqueeze(-1)"
        else:
            red = f"{a.name}.{op}({dims}, keepdim=True)"
        form = r.choice(["center", "softmax", "scale", "norm", "rms", "twice"])
        mag = a.mag
        if form == "center":
            text, mag = f"{a.name} - {red}", 2 * a.mag * (50 if op == "sum" else 1)
        elif form == "softmax":
            text = f"({a.name} - {a.name}.amax({dims}, keepdim=True)).exp()"
            text, mag = f"{text} / {text}.sum({dims}, keepdim=True)", 1.0
        elif form == "scale":
            text = f"{a.name} * {red}.tanh()"
        elif form == "norm":  # mean, then the variance of the centred row: two passes
            c = f"({a.name} - {a.name}.mean({dims}, keepdim=True))"
            text, mag = f"{c} * ({c} * {c}).mean({dims}, keepdim=True).add(1e-3).rsqrt()", \
                2 * a.mag * 40
        elif form == "rms":
            text, mag = (f"{a.name} * ({a.name} * {a.name}).mean({dims}, keepdim=True)"
                         ".add(1e-3).rsqrt()"), a.mag * 40
        else:  # a row value read by a row-level op, then by the row
            text, mag = f"{a.name} + ({red} * 0.5).sigmoid() * {red}", a.mag * (100 if op == "sum" else 2)
        v = self.temp(a.shape, a.dtype, mag)
        self.read("mul", a, result=v)
        self.read("exp", a, result=v)
        self.emit(f"{v.name} = {text}", {"row_reduce"}, v)

    def cat(self) -> None:
        r = self.rng
        a = self.pick(lambda v: len(v.shape) >= 1)
        if a is None:
            return
        others = [v for v in self.vars if v is not a and v.shape == a.shape and
                  v.dtype == a.dtype]
        b = r.choice(others) if others else None
        if b is None:
            return
        d = r.randrange(len(a.shape))
        if r.random() < 0.3:
            v = self.temp(a.shape[:d] + (Dim("2"),) + a.shape[d:], a.dtype, max(a.mag, b.mag))
            self.emit(f"{v.name} = al.stack([{a.name}, {b.name}], {d})", {"cat"}, v)
            return
        shape = a.shape[:d] + (Dim(f"2*({a.shape[d].expr})"),) + a.shape[d + 1:]
        v = self.temp(shape, a.dtype, max(a.mag, b.mag))
        self.emit(f"{v.name} = al.cat([{a.name}, {b.name}], {d})", {"cat"}, v)

    def inplace(self) -> None:
        r = self.rng
        closures = {c[0] for c in self.prog.closures}

        def target(v):
            if not v.floating:
                return False
            if v.root in closures:
                return False  # a write to a closure tensor would change the next call's
            if v.root is not None:  # an argument or a view of one
                return self.writes_inputs and not getattr(
                    next(x for x in self.vars if x.name == v.root), "grad", False)
            return "inplace_saved" in self.on or v.group not in self.saved

        a = self.pick(target)
        if a is None:
            return
        fams = {"inplace"} | ({"inplace_input"} if a.root is not None else set())
        if a.group in self.saved:
            fams.add("inplace_saved")
        op = r.choice(["add_", "mul_", "zero_", "clamp_", "sub_t", "index"])
        if op == "add_" or op == "mul_":
            expr, mag, nf = self.number()
            fams |= nf
            text = f"{a.name}.{op}({expr})"
            a.mag = a.mag * mag if op == "mul_" else a.mag + mag
        elif op == "zero_":
            text = f"{a.name}.zero_()"
        elif op == "clamp_":
            if self.prog.dtype == "float64" and "clamp_grad" not in self.on:
                return
            if self.prog.dtype == "float64":
                fams.add("clamp_grad")
            text = f"{a.name}.clamp_(-1, 1)"
            self.read("clamp", a)
            fams.discard("inplace_saved") if a.group not in self.saved else None
        elif op == "sub_t":
            b = next((v for v in reversed(self.vars) if v.shape == a.shape and v is not a and
                      v.floating and v.group != a.group), None)
            if b is None:
                return
            text = f"{a.name}.sub_({b.name})"
            a.mag += b.mag
        else:
            if not a.shape or not self.viewable(a):
                return
            text = f"{a.name}[0].add_(1)"
            fams |= self.view_families(a, "view")
            a.mag += 1
        self.emit(text, fams)

    def cast(self) -> None:
        r = self.rng
        closures = {c[0] for c in self.prog.closures}

        def ok(v):
            # A cast of an argument or closure tensor may return it (alias_result).
            return "alias_result" in self.on or v.root is None

        a = self.pick(ok)
        if a is None:
            return
        op = r.choice(["float", "double", "to64", "to32", "type_as", "contiguous", "clone"])
        fams = {"cast"} | ({"alias_result"} if a.root is not None else set())
        dtype, text = a.dtype, None
        if op == "float":
            dtype, text = "float32", f"{a.name}.float()"
        elif op == "double":
            dtype, text = "float64", f"{a.name}.double()"
        elif op == "to64":
            dtype, text = "float64", f"{a.name}.to(al.float64)"
        elif op == "to32":
            dtype, text = "float32", f"{a.name}.to(al.float32)"
        elif op == "type_as":
            b = self.pick(lambda v: v is not a)
            if b is None:
                return
            dtype, text = b.dtype, f"{a.name}.type_as({b.name})"
        elif op == "contiguous":
            text = f"{a.name}.contiguous()"
        else:
            text = f"{a.name}.clone()"
        same = dtype == a.dtype and op != "clone"
        if same and (op != "contiguous" or a.contig):  # the same tensor, or a view of it
            v = self.temp(a.shape, dtype, a.mag, root=a.root, group=a.group, contig=a.contig)
            fams |= self.view_families(a)
        else:
            v = self.temp(a.shape, dtype, a.mag)
        self.read("cast", a)
        self.emit(f"{v.name} = {text}", fams, v)

    def break_item(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating)
        if a is None:
            return
        red = r.choice(["sum", "mean", "amax"]) if a.shape else ""
        name = self.fresh("n")
        src = f"{a.name}.{red}()" if red else a.name
        self.read(red, a)
        if self.emit(f"{name} = {src}.item()", {"break_item"}):
            self.scalar_pool.append((name, a.mag * 30, frozenset({"break_item"})))

    def break_tolist(self) -> None:
        r = self.rng
        a = self.pick(lambda v: True)
        if a is None:
            return
        name = self.fresh("n")
        flat = f"{a.name}.reshape(-1)" if self.viewable(a) else f"{a.name}.amax().reshape(1)"
        fams = self.view_families(a, "break_tolist", "view") if self.viewable(a) else \
            {"break_tolist"}
        self.read("amax", a)
        if r.random() < 0.5:
            ok, mag = self.emit(f"{name} = len({flat}.tolist())", fams), 200
        else:
            ok, mag = self.emit(f"{name} = {flat}.tolist()[-1]", fams), a.mag
        if ok:
            self.scalar_pool.append((name, mag, frozenset({"break_tolist"})))

    def break_branch(self) -> None:
        r = self.rng
        a = self.pick(lambda v: v.floating)
        if a is None:
            return
        cond = f"{a.name}.{r.choice(['amax', 'amin'])}() > 0"  # Note [Exact branches]
        self.read("amax", a)
        fams = {"break_branch"}
        if "closure_scalar" in self.on and r.random() < 0.3:
            expr, _, nf = self.number()
            cond, fams = f"{expr} > 0", {"closure_scalar"} | set(nf)
        b = self.pick(lambda v: v.floating and v.mag < 1e4)
        if b is None:
            return
        v = self.temp(b.shape, b.dtype, max(b.mag * 2, 1))
        self.read("mul", b, result=v)
        self.read("tanh", b, result=v)
        lines = [f"if {cond}:", f"    {v.name} = {b.name}.tanh() * 2",
                 "else:", f"    {v.name} = {b.name} * 2"]
        self.emit(lines, fams, v)

    def break_print(self) -> None:
        a = self.pick(lambda v: True)
        if a is None:
            return
        self.emit(f"print({a.name})", {"break_print"})

    # the program ------------------------------------------------------------------------
    def run(self) -> Program:
        r = self.rng
        for _ in range(r.randint(1, 2)):
            self.new_input(self.rand_shape())
        makers = {"elementwise": [self.unary, self.binary, self.binary],
                  "reduction": [self.reduction], "view": [self.view, self.view],
                  "matmul": [self.matmul], "softmax": [self.softmax], "cat": [self.cat],
                  "row_reduce": [self.row_reduce, self.row_reduce],
                  "inplace": [self.inplace], "cast": [self.cast]}
        makers.update({b: [getattr(self, b)] for b in self.breaks})
        pool = [m for fam, ms in makers.items() if fam in self.on for m in ms]
        if not pool:
            raise ValueError("compile_fuzz: every family that writes statements is excluded")
        for _ in range(r.randint(2, 9)):
            r.choice(pool)()
        self.outputs()
        return self.prog

    def outputs(self) -> None:
        r = self.rng
        temps = [v for v in self.vars if v.kind == "temp"]
        chosen = [temps[-1]] if temps else []
        extra = [v for v in self.vars if v not in chosen]
        for v in r.sample(extra, min(len(extra), r.randint(0, 3))):
            if v.kind == "input" and "alias_result" not in self.on:
                if "input_views" in self.on and self.viewable(v) and v.shape:
                    self.prog.outputs.append(f"{v.name}[1:]" if r.random() < 0.5 else
                                             f"{v.name}.unsqueeze(0)")
                    self.prog.out_families.append(frozenset(self.view_families(v, "input_views")))
                continue
            chosen.append(v)
        closures = {c[0] for c in self.prog.closures}
        for v in chosen:
            fams = set()
            if v.root in closures:
                fams.add("closure_tensor")
            elif v.root is not None:
                fams |= self.view_families(v, "input_views")
                if v.kind == "input":
                    fams.add("alias_result")
            if fams - self.on:
                continue
            self.prog.outputs.append(v.name)
            self.prog.out_families.append(frozenset(fams))
        if self.scalar_pool and r.random() < 0.3:
            self.prog.outputs.append(r.choice(self.scalar_pool)[0])
            self.prog.out_families.append(frozenset())
        if not self.prog.outputs:
            x = self.prog.inputs[0][0]
            self.prog.outputs.append(f"{x} * 1")
            self.prog.out_families.append(frozenset({"elementwise"}))


def _pad(shape, n):
    return (ONE,) * (n - len(shape)) + tuple(shape)


def _broadcast(a, b):
    n = max(len(a), len(b))
    return tuple(y if x == ONE else x for x, y in zip(_pad(a, n), _pad(b, n)))


def _prod(shape):
    return Dim("*".join(f"({d.expr})" for d in shape) or "1")


def _promote(a: str, b: str) -> str:
    if "float64" in (a, b):
        return "float64"
    if "float32" in (a, b):
        return "float32"
    return "int64"


def generate(seed: int, exclude=()) -> Program:
    """The program of ``seed`` with the families in ``exclude`` left out."""
    bad = set(exclude) - set(FAMILIES)
    if bad:
        raise ValueError(f"compile_fuzz: unknown families {sorted(bad)}; "
                         f"valid ones: {', '.join(FAMILIES)}")
    return _Gen(seed, frozenset(exclude)).run()


# ----------------------------------------------------------------------------------------
# Running a program both ways


@dataclasses.dataclass
class Failure:
    seed: int
    call: int
    kind: str  # the class: "value", "grad", "error at call", ...
    detail: str
    program: Program
    events: frozenset = frozenset()  # families of the calls (rebind, negzero...) that ran
    signature: str = ""  # kind, and the message class of an error

    def families(self) -> set:
        return self.program.families() | self.events

    def report(self, excluded=None) -> str:
        excl = self.program.excluded if excluded is None else excluded
        flag = f" --exclude {','.join(sorted(excl))}" if excl else ""
        without = self.program.calls_without
        reduced = f"; calls without {', '.join(sorted(without))}" if without else ""
        return (f"compile_fuzz seed {self.seed}, call {self.call}: {self.kind}: {self.detail}\n"
                f"replay: PYTHONPATH=. python tests/compile_fuzz.py --seed {self.seed}{flag}"
                f" --reduce\n--- program (families: {', '.join(sorted(self.families()))}"
                f"{reduced}) ---\n{self.program.source()}")


@dataclasses.dataclass
class Stats:
    programs: int = 0
    calls: int = 0
    comparisons: int = 0
    captures: int = 0
    splits: int = 0
    errors_matched: int = 0


class _Mismatch(Exception):
    def __init__(self, kind: str, detail: str, error: BaseException | None = None) -> None:
        super().__init__(detail)
        self.kind = kind
        # what a reduced program must fail with too: the class, and the error's message class
        self.signature = kind + (f" | {_message_class(error)}" if error is not None else "")


def _instantiate(source: str):
    ns: dict = {"__name__": "compile_fuzz_program"}
    exec(compile(source, "<compile_fuzz program>", "exec"), ns)
    prog, bind = ns["make"]()
    return prog, bind, ns


def _tensor(arr: np.ndarray, grad: bool):
    t = al.from_numpy(arr.copy())
    return t.requires_grad_(True) if grad else t


def _values(shape, dtype, rng):
    if dtype == "int64":
        return rng.integers(-3, 4, size=shape).astype(np.int64)
    return rng.standard_normal(shape).astype(dtype)


def _message_class(e: BaseException) -> str:
    """The type and first words of an error, numbers and quoted names left out."""
    text = str(e).split("\n")[0]
    text = re.sub(r"^(al\.\w+: )+", "", text)  # op names, which a graph may not know
    text = re.sub(r"'[^']*'|\"[^\"]*\"|-?\d+(\.\d+)?(e-?\d+)?", "#", text)
    return f"{type(e).__name__}: {' '.join(text.split()[:6])}"


def _outcome(thunk):
    try:
        return thunk(), None
    except Exception as e:  # noqa: BLE001 (compared with the other side's)
        return None, e


def _flat(x) -> list:
    if isinstance(x, (tuple, list)):
        return [("seq", type(x).__name__, len(x))] + [y for e in x for y in _flat(e)]
    return [x]


def _same_array(got: np.ndarray, want: np.ndarray, what: str, kind: str,
                loose: bool = False) -> None:
    """Equal arrays: integers exactly, floats to a tolerance of their dtype, or of float32
    when ``loose`` (a float64 program that went through float32 somewhere)."""
    if got.dtype.kind in "iub":
        if not np.array_equal(got, want):
            raise _Mismatch(kind, f"{what}: {got.tolist()} != eager {want.tolist()}")
        return
    tol = 2e-4 if got.dtype == np.float32 or loose else 1e-8
    finite = want[np.isfinite(want)]
    scale = max(1.0, float(np.abs(finite).max())) if finite.size else 1.0
    try:
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale * 0.1,
                                   equal_nan=True)
    except AssertionError as e:
        nan = "nan" if np.isnan(got).any() and not np.isnan(want).any() else kind
        raise _Mismatch(nan if kind == "grad" else kind,
                        f"{what}: {' '.join(str(e).split())[:600]}") from None
    zeros = (got == 0) & (want == 0)
    if kind != "grad" and (np.signbit(got[zeros]) != np.signbit(want[zeros])).any():
        raise _Mismatch("signed zero", f"{what}: {got.tolist()} != eager {want.tolist()}")


def _same_result(got, want, what: str, loose: bool = False) -> None:
    if isinstance(want, al.Tensor):
        if not isinstance(got, al.Tensor):
            raise _Mismatch("result type", f"{what}: {type(got).__name__}, eager Tensor")
        if tuple(got.shape) != tuple(want.shape):
            raise _Mismatch("shape", f"{what}: {tuple(got.shape)} != eager {tuple(want.shape)}")
        if got.dtype != want.dtype:
            raise _Mismatch("dtype", f"{what}: {got.dtype} != eager {want.dtype}")
        if got.requires_grad != want.requires_grad:
            raise _Mismatch("requires_grad", f"{what}: {got.requires_grad} != eager "
                            f"{want.requires_grad}")
        _same_array(got.detach().numpy(), want.detach().numpy(), what, "value", loose)
    elif isinstance(want, float) and isinstance(got, float):
        _same_array(np.float64(got).reshape(1), np.float64(want).reshape(1), what, "value",
                    loose)
    elif type(got) is not type(want) or (not isinstance(want, float) and got != want):
        raise _Mismatch("result type" if type(got) is not type(want) else "value",
                        f"{what}: {got!r} != eager {want!r}")


def _aliases(outs: list, tensors: list) -> list:
    """For each tensor result: the index of the argument or closure tensor it is, or shares
    storage with (-1 for none)."""
    found = []
    for o in outs:
        if not isinstance(o, al.Tensor):
            continue
        idx = -1
        for k, t in enumerate(tensors):
            if o is t:
                idx = (k, "is")
                break
            if _shares(o, t):
                idx = (k, "view")
                break
        found.append(idx)
    return found


def _shares(a, b) -> bool:
    try:
        return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr() and \
            a.numel() > 0 and b.numel() > 0
    except (AttributeError, RuntimeError):
        return a.data_ptr() == b.data_ptr() and a.numel() > 0


class _Side:
    """One way of running the program: eagerly or compiled."""

    def __init__(self, source: str, compiled: bool) -> None:
        self.fn, self.bind, self.ns = _instantiate(source)
        self.call_fn = al.compile(self.fn) if compiled else self.fn
        self.closures: dict = {}

    def set_closures(self, program: Program, values: dict, rebind: bool) -> bool:
        """Closure tensors and numbers set to ``values``; whether a tensor was rebound."""
        cells, rebound = {}, False
        for name, _, _, grad, where in program.closures:
            arr = values[name]
            t = self.closures.get(name)
            if t is None or rebind or tuple(t.shape) != arr.shape:
                rebound = rebound or t is not None
                t = _tensor(arr, grad)
                self.closures[name] = t
            else:
                with al.no_grad():
                    t.copy_(al.from_numpy(arr.copy()))
            t.grad = None
            if where == "cell":
                cells[name] = t
            else:
                self.ns[name] = t
        for name, _, where in program.numbers:
            if where == "cell":
                cells[name] = values[name]
            else:
                self.ns[name] = values[name]
        self.bind(cells)
        return rebound


def _draw_number(kind: str, rng, negzero: bool):
    if negzero and rng.random() < 0.25:
        return float(rng.choice([0.0, -0.0]))  # a float, not NumPy's float64
    if kind == "int":
        return int(rng.choice([-2, -1, 1, 2, 3]))
    return float(rng.choice([-2.0, -1.25, -0.5, 0.5, 0.75, 1.5, 2.0]))


def run(program: Program, calls: int = 5, stats: Stats | None = None) -> Failure | None:
    """Run ``program`` eagerly and compiled ``calls`` times; the first difference, or None."""
    stats = stats if stats is not None else Stats()
    stats.programs += 1
    source = program.source()
    rng = np.random.default_rng(program.seed)
    fams = set(FAMILIES) - program.excluded - program.calls_without
    eager, comp = _Side(source, False), _Side(source, True)
    env = {s: int(rng.integers(2, 6)) for s in FREE + FIXED}
    values: dict = {}
    grad_prog = program.dtype == "float64"
    loose = "float32" in source or ".float()" in source  # float32 rounding inside
    out = io.StringIO()
    events: set = set()
    try:
        for call in range(calls):
            rebind = False
            if call and "shape_change" in fams and rng.random() < 0.4:
                env.update({s: int(rng.integers(2, 6)) for s in FREE})
                events.add("shape_change")
            if call and "rebind" in fams and rng.random() < 0.4 and program.closures:
                rebind = True
                events.add("rebind")
                if rng.random() < 0.5:
                    env.update({s: int(rng.integers(2, 6)) for s in FIXED})
            for name, shape, dtype, _, _ in program.closures:
                size = tuple(d.value(env) for d in shape)
                if name not in values or rebind or values[name].shape != size or \
                        rng.random() < 0.5:
                    values[name] = _values(size, dtype, rng)
            for name, kind, _ in program.numbers:
                if name not in values or rng.random() < 0.5:
                    values[name] = _draw_number(kind, rng, "negzero" in fams)
            arrays = [_values(tuple(d.value(env) for d in shape), dtype, rng)
                      for _, shape, dtype, _ in program.inputs]
            numbers = [_draw_number(kind, rng, "negzero" in fams) for _, kind in program.scalars]
            if any(type(v) is float and v == 0 for v in numbers + list(values.values())):
                events.add("negzero")
            # both sides, always: ``or`` would skip the compiled side after a rebinding
            rebound = [side.set_closures(program, values, rebind) for side in (eager, comp)]
            if any(rebound):
                events.add("rebind")
            no_grad = grad_prog and "no_grad_calls" in fams and rng.random() < 0.15
            if no_grad:
                events.add("no_grad_calls")
            e_args = [_tensor(a, i[3]) for a, i in zip(arrays, program.inputs)] + numbers
            c_args = [_tensor(a, i[3]) for a, i in zip(arrays, program.inputs)] + numbers
            stats.calls += 1
            with contextlib.redirect_stdout(out):
                mode = al.no_grad() if no_grad else contextlib.nullcontext()
                with mode:
                    want, e_err = _outcome(lambda: eager.call_fn(*e_args))
                with mode:
                    got, c_err = _outcome(lambda: comp.call_fn(*c_args))
            out.seek(0)
            out.truncate()
            _same_error(e_err, c_err, "the call")
            stats.comparisons += 1
            if e_err is not None:
                stats.errors_matched += 1
                continue
            wf, gf = _flat(want), _flat(got)
            if len(wf) != len(gf) or any(isinstance(w, tuple) and w != g
                                         for w, g in zip(wf, gf)):
                raise _Mismatch("structure", f"results {gf} != eager {wf}")
            for k, (g, w) in enumerate(zip(gf, wf)):
                if not isinstance(w, tuple):
                    _same_result(g, w, f"result {k}", loose)
                    stats.comparisons += 1
            e_all = e_args[:len(arrays)] + [eager.closures[c[0]] for c in program.closures]
            c_all = c_args[:len(arrays)] + [comp.closures[c[0]] for c in program.closures]
            if _aliases(gf, c_all) != _aliases(wf, e_all):
                raise _Mismatch("alias", f"results alias arguments/closures "
                                f"{_aliases(gf, c_all)}, eager {_aliases(wf, e_all)}")
            for k, (g, w) in enumerate(zip(c_all, e_all)):
                _same_array(g.detach().numpy(), w.detach().numpy(),
                            f"argument/closure tensor {k} after the call", "input write", loose)
                stats.comparisons += 1
            if grad_prog and not no_grad:
                if "write_results" in fams and rng.random() < 0.3:
                    _write_a_result(wf, gf, rng, stats, events)
                _compare_backward(wf, gf, e_all, c_all, rng, fams, stats, events, loose)
        stats.captures += comp.call_fn.stats["captures"]
        stats.splits += comp.call_fn.stats["split"]
    except _Mismatch as m:
        return Failure(program.seed, call, m.kind, str(m), program, frozenset(events),
                       m.signature)
    return None


def _same_error(e_err, c_err, moment: str, note: str = "") -> None:
    """The same error (type and message class, _message_class) or none on both sides."""
    if e_err is None and c_err is None:
        return
    if c_err is not None and e_err is None:
        tb = "".join(traceback.format_exception(c_err)[-4:])
        raise _Mismatch(f"compiled raises in {moment}", f"{type(c_err).__name__}: {c_err}"
                        f"{note}; eager raises nothing\n{tb}", c_err)
    if e_err is not None and c_err is None:
        raise _Mismatch(f"eager raises in {moment}", f"{type(e_err).__name__}: {e_err}"
                        f"{note}; compiled raises nothing", e_err)
    if _message_class(e_err) != _message_class(c_err):
        tb = "".join(traceback.format_exception(c_err)[-4:])
        raise _Mismatch(f"different error in {moment}",
                        f"{type(c_err).__name__}: {c_err}; eager {type(e_err).__name__}: "
                        f"{e_err}{note}\n{tb}", c_err)


def _write_a_result(wf, gf, rng, stats, events) -> None:
    """Multiply a floating result in place after the call, as a caller may before its
    backward (a value the backward reads: eager raises there)."""
    found = [k for k, w in enumerate(wf) if isinstance(w, al.Tensor) and
             w.is_floating_point() and not w.is_leaf]
    if not found:
        return
    k = found[int(rng.integers(len(found)))]
    events.add("write_results")
    _, e_err = _outcome(lambda: wf[k].mul_(1.5))
    _, c_err = _outcome(lambda: gf[k].mul_(1.5))
    _same_error(e_err, c_err, "a write to a result", f" (result {k})")
    stats.comparisons += 1


def _compare_backward(wf, gf, e_all, c_all, rng, fams, stats, events, loose) -> None:
    used = [k for k, w in enumerate(wf) if isinstance(w, al.Tensor) and w.requires_grad]
    if not used:
        return
    if "partial_backward" in fams and len(used) > 1 and rng.random() < 0.6:
        used = sorted(int(k) for k in rng.choice(used, size=int(rng.integers(1, len(used))),
                                                 replace=False))
        events.add("partial_backward")
    weights = [rng.standard_normal(tuple(wf[k].shape)) for k in used]

    def backward(outs):
        loss = sum(((outs[k].double() * al.from_numpy(w)).sum() for k, w in zip(used, weights)),
                   start=al.zeros((), dtype=al.float64))
        loss.backward()

    _, e_err = _outcome(lambda: backward(wf))
    _, c_err = _outcome(lambda: backward(gf))
    _same_error(e_err, c_err, "the backward", f" (of results {list(used)})")
    stats.comparisons += 1
    if e_err is not None:
        stats.errors_matched += 1
        return
    for k, (g, w) in enumerate(zip(c_all, e_all)):
        if not w.requires_grad:
            continue
        if (g.grad is None) != (w.grad is None) and ("grad_none" in fams or _nonzero(g.grad)
                                                     or _nonzero(w.grad)):
            events.add("grad_none")
            raise _Mismatch("gradient missing" if g.grad is None else "gradient extra",
                            f"grad of argument/closure tensor {k}: "
                            f"{'None' if g.grad is None else 'a tensor'}, eager "
                            f"{'None' if w.grad is None else 'a tensor'}")
        if w.grad is not None and g.grad is not None:
            _same_array(g.grad.numpy(), w.grad.numpy(), f"grad of argument/closure tensor {k}",
                        "grad", loose)
        stats.comparisons += 1


def _nonzero(grad) -> bool:
    return grad is not None and bool((grad != 0).any())


# ----------------------------------------------------------------------------------------
# Reduction of a failing program


def reduce(failure: Failure, calls: int = 5, build: bool = False) -> Failure:
    """A smaller program failing the same way: statements and results dropped while the
    failure's class stays."""
    with _quiet(build):
        return _reduce(failure, calls)


def _reduce(failure: Failure, calls: int) -> Failure:
    best = failure
    changed = True
    while changed:
        changed = False
        prog = best.program
        for k in range(len(prog.stmts) - 1, -1, -1):
            trial = dataclasses.replace(prog, stmts=prog.stmts[:k] + prog.stmts[k + 1:])
            f = run(trial, calls)
            if f is not None and f.signature == failure.signature:
                best, changed = f, True
                break
        if changed:
            continue
        for k in range(len(prog.outputs) - 1, -1, -1) if len(prog.outputs) > 1 else ():
            trial = dataclasses.replace(prog, outputs=prog.outputs[:k] + prog.outputs[k + 1:],
                                        out_families=prog.out_families[:k] +
                                        prog.out_families[k + 1:])
            f = run(trial, calls)
            if f is not None and f.signature == failure.signature:
                best, changed = f, True
                break
    for fam in sorted(best.events):  # families of the calls: which are needed?
        trial = dataclasses.replace(best.program,
                                    calls_without=best.program.calls_without | {fam})
        f = run(trial, calls)
        if f is not None and f.signature == failure.signature:
            best = f
    return best


@contextlib.contextmanager
def reference_kernels(build: bool = False):
    """Fused groups run on the reference executor, unless ``build``: a C++ build per new
    fused group would cost the fuzzer seconds a program (tests/test_compile_ops.py covers
    the built kernels against eager)."""
    from aten_lite.compile.passes import fusion
    if build:
        yield
        return
    old = fusion._builder
    fusion._builder = lambda: None
    try:
        yield
    finally:
        fusion._builder = old


@contextlib.contextmanager
def _quiet(build: bool = False):
    """Reference kernels (reference_kernels), and no warnings of NumPy's about the infinities
    and NaNs that the fuzzer compares."""
    with reference_kernels(build), warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def fuzz(seeds, exclude=(), calls: int = 5, stats: Stats | None = None, build=False):
    """The failures of the programs of ``seeds``."""
    stats = stats if stats is not None else Stats()
    failures = []
    with _quiet(build):
        for seed in seeds:
            f = run(generate(seed, exclude), calls, stats)
            if f is not None:
                failures.append(f)
    return failures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, help="replay the program of this seed")
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--calls", type=int, default=5)
    p.add_argument("--exclude", default="", help="comma-separated families")
    p.add_argument("--reduce", action="store_true", help="reduce each failing program")
    p.add_argument("--build", action="store_true", help="build fused kernels (slow)")
    p.add_argument("--source", action="store_true", help="print the program's source")
    a = p.parse_args(argv)
    exclude = [f for f in a.exclude.split(",") if f]
    seeds = [a.seed] if a.seed is not None else range(a.first, a.first + a.count)
    if a.source and a.seed is not None:
        print(generate(a.seed, exclude).source())
    stats = Stats()
    failures = fuzz(seeds, exclude, a.calls, stats, a.build)
    classes = Counter(f.kind for f in failures)
    for f in failures:
        if a.reduce:
            f = reduce(f, a.calls, a.build)
        print(f.report(frozenset(exclude)))
        print()
    print(f"{stats.programs} programs, {stats.calls} calls, {stats.comparisons} comparisons, "
          f"{stats.captures} captures, {stats.splits} split calls, "
          f"{stats.errors_matched} matching errors, {len(failures)} failures")
    for kind, n in classes.most_common():
        print(f"  {n:5d}  {kind}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
