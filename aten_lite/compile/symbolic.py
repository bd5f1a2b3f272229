"""Shape-generic graphs: one captured graph replayed for every batch size (leading dim).

Note [Shape-generic replays]
A shape-generic entry stands for every call whose tensor arguments look like its capture's
except for the leading dim of some of them (the *batch* arguments), which is one size ``s``
shared by all of them, at least 2. It is made from two traces of the function (data-less,
Note [Capture mode]) at two batch sizes: every int of the two traces (each value's shape
and strides, each op's int arguments: ``view(x, [s, -1])``, a backward formula's
``expand(g, [s, 10])``, a mean's divisor ``s * 10``) that differs between them must be
``a * s + b`` with integer ``a`` and ``b`` (two points fix them), and everything else must
be equal: the ops, their other arguments (a float computed from ``s`` is not symbolic: such
a function specialises), the graph's structure, the constants' identities. Those ints of
the capture-size trace become ``SymDim``s (an int of the captured size that also knows its
formula), and the graph is optimised and planned once, as any other: the passes see ints,
and the plan's source writes each symbolic size as its formula of ``s0``, which the
replay reads from its first batch argument (executor.py). So allocations, broadcasts,
``np.arange`` of a row count and bound fused kernels are computed per call from ``s0``;
nothing else of the replay changes with it.

A new size is admitted by a **check trace**: the function runs once more on data-less
tensors of that size and its trace must equal the entry's with each symbolic int evaluated
at the size. A Python branch on the size (``if x.shape[0] > 40``), a size that a reshape
reaches through integer division, an op that specialises on it: any of these changes the
trace, and the call captures a graph of its own instead (so it never replays a wrong one).
The size then joins the entry's known sizes and later calls replay at once. Sizes 0 and 1
never join: a dim of 1 broadcasts where a dim of 2 would not (0/1 specialisation), and 0
empties every kernel.

Per shape stay (api.py tries, then captures as before): a trace whose ints are not linear in
the size or whose other atoms differ (a float or a returned int computed from it, a Python
loop over it, a tensor the function makes with a factory, which is a constant of the graph),
a backward graph with more than one output gradient (its plans specialised to absent
gradients make zeros of fixed shapes) or without the batch dim among its inputs (the plan
could not read ``s0``). Decisions the passes take from a size (row fusion's row length,
two-thread branches, softmax decomposition) are taken at the captured size: each is valid
at any size. A replay that fails at an admitted size (a kernel refusing it) takes that size
away from the entry and the call captures it on its own (``CompiledFunction._refuse``).
"""

from __future__ import annotations

from ..tensors.tensor import Tensor
from .ir import Value
from .tree import Slot

__all__ = ["SymDim", "fingerprint", "fit", "expected", "symbolise", "symbolic", "is_symbolic",
           "symbol_source", "bad_sizes"]

SYMBOL = "s0"  # how listings and generated source name the batch size


class SymDim(int):
    """An int of a symbolic graph: its value at the captured size (what comparisons,
    thresholds and arithmetic with other sizes see) and its formula ``a * s0 + b``, which
    ``repr``/``str`` give (so a shape tuple's repr is source the replay evaluates). Equal
    only to a SymDim of the same formula: a size that is 64 at capture is not the static 64
    of a weight."""

    def __new__(cls, value: int, a: int, b: int):
        self = int.__new__(cls, value)
        self.form = (a, b)
        return self

    def at(self, s: int) -> int:
        a, b = self.form
        return a * s + b

    def __eq__(self, other):
        if isinstance(other, SymDim):
            return self.form == other.form
        return False if isinstance(other, int) else NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(("SymDim",) + self.form)

    def __add__(self, other):
        if type(other) is int:
            return SymDim(int(self) + other, self.form[0], self.form[1] + other)
        if isinstance(other, SymDim):
            a = self.form[0] + other.form[0]
            v = int(self) + int(other)
            return SymDim(v, a, self.form[1] + other.form[1]) if a else self.form[1] + other.form[1]
        return int(self) + other

    __radd__ = __add__

    def __sub__(self, other):
        if type(other) is int or isinstance(other, SymDim):
            return self + (-other)
        return int(self) - other

    def __rsub__(self, other):
        return (-self) + other

    def __neg__(self):
        a, b = self.form
        return SymDim(-int(self), -a, -b)

    def __mul__(self, other):
        if type(other) is int:
            a, b = self.form
            return SymDim(int(self) * other, a * other, b * other) if other else 0
        return int(self) * other  # a product of two sizes is not linear: its value only

    __rmul__ = __mul__

    def __repr__(self) -> str:
        a, b = self.form
        text = SYMBOL if a == 1 else f"-{SYMBOL}" if a == -1 else f"{a}*{SYMBOL}"
        if b:
            text = f"({text}{'+' if b > 0 else '-'}{abs(b)})"
        return text

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self) if not spec else format(int(self), spec)

    def __reduce__(self):
        return (SymDim, (int(self),) + self.form)


def is_symbolic(x) -> bool:
    """Whether ``x`` (an int, or a tuple/list of them) holds a symbolic size."""
    if isinstance(x, SymDim):
        return True
    if isinstance(x, (tuple, list)):
        return any(is_symbolic(y) for y in x)
    return False


def symbolic(graph) -> bool:
    """Whether ``graph`` has a symbolic size anywhere in its values."""
    return any(is_symbolic(v.shape) for v in (*graph.inputs, *graph.consts)) or any(
        is_symbolic(v.shape) for n in graph.nodes for v in n.outputs)


# ---- fingerprints: a trace as a flat list, ints where they may be symbolic ----

class _Walk:
    """One pass over a Captured in a fixed order: ``atoms`` lists what it met (a bare int
    where an int may be symbolic, a tuple for everything else); with ``table`` (atom
    index -> (a, b)) it also rewrites those ints into SymDims in place."""

    def __init__(self, table=None) -> None:
        self.atoms: list = []
        self.table = table
        self.ids: dict = {}  # id(Value) -> its index in definition order

    def int_(self, x: int):
        i = len(self.atoms)
        self.atoms.append(x)
        if self.table is not None and i in self.table:
            a, b = self.table[i]
            return SymDim(x, a, b)
        return x

    def ref(self, v):
        if v is None:
            return None
        return ("v", self.ids.get(id(v), ("?", v.id)))

    def value(self, v: Value) -> None:
        self.ids[id(v)] = len(self.ids)
        self.atoms.append(("value", v.kind, v.dtype.name, v.requires_grad, len(v.shape),
                           len(v.strides)))
        v.shape = tuple(self.int_(d) for d in v.shape)
        v.strides = tuple(self.int_(d) for d in v.strides)

    def args(self, args):
        out = []
        for a in args:
            if isinstance(a, Value):
                self.atoms.append(self.ref(a))
                out.append(a)
            elif isinstance(a, (list, tuple)):
                self.atoms.append(("seq", type(a).__name__, len(a)))
                out.append(type(a)(self.args(a)))
            elif type(a) is int:
                out.append(self.int_(a))
            elif isinstance(a, Tensor):
                self.atoms.append(("tensor", id(a)))
                out.append(a)
            else:
                self.atoms.append(("o", type(a).__name__, repr(a)))
                out.append(a)
        return out

    def graph(self, g) -> None:
        self.atoms.append(("graph", g.kind, len(g.inputs), len(g.consts), len(g.nodes),
                           len(g.outputs), g.n_user_outputs, g.n_grad_inputs))
        for v in g.inputs:
            self.value(v)
        for v in g.consts:
            self.value(v)
            self.atoms.append(("const", id(v.const)))
        for n in g.nodes:
            self.atoms.append(("node", n.op, n.impure, len(n.outputs), len(n.args)))
            n.args = tuple(self.args(n.args))
            for v in n.outputs:
                self.value(v)
            for v in n.outputs:
                self.atoms.append(("root", self.ref(v.root)))
        self.atoms.append(("outputs",) + tuple(self.ref(v) for v in g.outputs))
        self.atoms.append(("reach",) + tuple(tuple(sorted(r)) for r in g.reach))
        self.atoms.append(("made_from",) + tuple((self.ref(k), self.ref(v))
                                                 for k, v in g.made_from.items()))

    def captured(self, c) -> None:
        self.graph(c.forward)
        if c.backward is not None:
            self.graph(c.backward)
        self.atoms.append(("spec", _spec_token(c.out_spec)))
        self.atoms.append(("diff", tuple(c.diff_outputs), tuple(c.no_grad_outputs)))
        self.atoms.append(("targets",) + tuple(self.ref(v) for v in c.grad_targets))
        self.atoms.append(("reads",) + tuple((id(t), v) for t, v in c.reads))


def _spec_token(spec):
    if type(spec) is Slot:
        return ("T", spec.i)
    if isinstance(spec, (tuple, list)):
        return (type(spec).__name__,) + tuple(_spec_token(x) for x in spec)
    if type(spec) is dict:
        return ("dict",) + tuple((repr(k), _spec_token(v)) for k, v in spec.items())
    return ("o", type(spec).__name__, repr(spec))


def fingerprint(captured) -> list:
    """The trace ``captured`` as a flat list of atoms (Note [Shape-generic replays])."""
    w = _Walk()
    w.captured(captured)
    return w.atoms


def fit(first: list, s1: int, second: list, s2: int):
    """{atom index: (a, b)} for the ints of two fingerprints taken at sizes ``s1`` and
    ``s2`` that differ as ``a * s + b`` (integers); None when the traces differ otherwise,
    or nothing depends on the size."""
    if len(first) != len(second) or s1 == s2:
        return None
    table = {}
    for i, (x, y) in enumerate(zip(first, second)):
        if x == y and type(x) is type(y):
            continue
        if type(x) is not int or type(y) is not int:
            return None
        a, rem = divmod(y - x, s2 - s1)
        if rem:
            return None
        table[i] = (a, x - a * s1)
    return table or None


def expected(first: list, table: dict, s: int) -> list:
    """The fingerprint a trace at size ``s`` must have to replay the entry."""
    atoms = list(first)
    for i, (a, b) in table.items():
        atoms[i] = a * s + b
    return atoms


def symbolise(captured, table: dict) -> None:
    """Rewrite the ints of ``captured`` listed in ``table`` into SymDims, in place."""
    w = _Walk(table)
    w.captured(captured)


def symbol_source(graph, saved_from: int):
    """(input Value, dim, a, b) of the input dim a plan of ``graph`` reads ``s0`` from (its
    size is ``a * s0 + b``), preferring ``s0`` itself and the inputs from ``saved_from`` on
    (a backward graph's saved values: an absent output gradient is None); None when no input
    has a symbolic dim."""
    best = None
    order = list(graph.inputs[saved_from:]) + list(graph.inputs[:saved_from])
    for v in order:
        for d, n in enumerate(v.shape):
            if isinstance(n, SymDim) and (best is None or n.form == (1, 0) != best[2:]):
                best = (v, d) + n.form
    return best


def bad_sizes(graph) -> str | None:
    """Why the symbolic ``graph`` cannot be replayed at other sizes, or None: a symbolic
    size its plan's inputs do not reveal, or a constant whose shape depends on the size."""
    inputs_sym = any(is_symbolic(v.shape) for v in graph.inputs)
    if not inputs_sym and symbolic(graph):
        return "a size depends on the batch size but no input of the graph has it"
    for v in graph.consts:
        if is_symbolic(v.shape):
            return "a constant's shape depends on the batch size"
    return None
