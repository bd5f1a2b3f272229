"""Graph nodes: the base class of every generated backward node, and the helpers the generated
code calls to wire a node into the graph and to read what it saved.

A node is made by the autograd kernel when an op runs on tensors that require grad. It holds:

* ``_next``: one *edge* per differentiable input (a ``Tensor[]`` input contributes one per
  element), ``None`` where that input needs no gradient. An edge is the tuple
  ``(target, nr, shape, dtype)``: ``target`` is the input's ``grad_fn`` and ``nr`` the
  input's ``_output_nr``, or, for a leaf, ``target`` is the leaf tensor itself and ``nr`` is
  -1 (one integer test tells the engine which); ``shape`` and ``dtype`` are the input's, so
  the engine can sum a broadcast gradient back to the input's shape and cast it to the
  input's dtype (Note [Gradients match their input]).
* what its formulas read, in slots named by the generator (``self_``, ``other_``,
  ``self_shape``...), saved tensors beside the version they had (``self_v``).

Leaves need no node of their own: an edge that points at a tensor means "accumulate into its
``.grad``". ``next_functions`` shows such an edge as an ``AccumulateGrad`` (as torch does).

Note [Gradients match their input]
Formulas are written as if no broadcasting or type promotion happened (``self: grad`` for
add). The engine reconciles: a gradient whose shape differs from the edge's shape is summed
over the broadcast dimensions, and one whose dtype differs is cast. So a float64 gradient
never lands in a float32 leaf's ``.grad``, and ``(3,)+(2,3)`` gives the first input a (3,)
gradient.
"""

from __future__ import annotations

from ..dispatch.dispatcher import below_autograd_entry
from .._generated.ops import sparse_coo_tensor
from ..tensors.sparse_tensor import detached_sparse
from ..tensors.tensor import Tensor, new_tensor
from ..vocab.dispatch_keys import SPARSE_CPU
from ..vocab.grad_mode import _state

# The generated nodes and recorders (generated/autograd_nodes.py) import what they read from
# the runtime from here and from formulas.py only, so the runtime's module layout is named in
# those two places: Tensor, grad mode's state and the below-autograd entry come through here.
_grad_state = _state

__all__ = ["Node", "AccumulateGrad", "NotImplementedBackward"]


class _NodeHooks:
    """Hooks registered through tensors whose ``grad_fn`` is this node (rare: kept out of the
    node's own slots so that recording stays a handful of stores)."""

    __slots__ = ("pre", "retain")

    def __init__(self) -> None:
        self.pre: dict[int, list] = {}  # output nr -> tensor hooks, in registration order
        self.retain: dict[int, object] = {}  # output nr -> weakref to a tensor with retain_grad()


class Node:
    """One recorded op; ``apply(grads)`` maps the gradients of its outputs to those of its
    inputs (one per edge of ``_next``, None where no gradient flows).

    >>> import aten_lite as al
    >>> x = al.tensor([1.0, 2.0], requires_grad=True)
    >>> y = (x * x).sum()
    >>> y.grad_fn.name(), y.grad_fn.next_functions[0][0].name()
    ('SumBackward0', 'MulBackward0')
    """

    __slots__ = ("_next", "_hooks", "_released", "__weakref__")

    # How many outputs the forward op had: the size of the gradient buffer the engine builds.
    # A class attribute; nodes of ops returning ``Tensor[]`` shadow it with a slot.
    _n_out = 1
    # The op overload this node differentiates, for messages (set per generated class).
    _op = "?"
    # Nodes of view ops shadow these with slots (Note [Stale views]).
    _view_version = None
    _view_base_fn = None

    def name(self) -> str:
        return type(self).__name__

    @property
    def next_functions(self) -> tuple:
        """``(node, nr)`` per differentiable input, ``(None, 0)`` where none is needed."""
        return tuple(_shown(e) for e in self._next)

    def apply(self, grads: list) -> tuple:
        raise NotImplementedError(f"{self.name()} does not define apply()")

    def release(self) -> None:
        """Drop saved values after a backward without retain_graph (generated for a class
        that saves values; this is the rest's)."""
        self._released = True

    def register_prehook(self, nr: int, hook) -> "RemovableHandle":
        """Run ``hook(grad)`` on the gradient of output ``nr`` before ``apply``; a non-None
        return value replaces the gradient. Tensor hooks of non-leaves land here."""
        if self._hooks is None:
            self._hooks = _NodeHooks()
        hooks = self._hooks.pre.setdefault(nr, [])
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def __repr__(self) -> str:
        return f"<{self.name()} object at {id(self):#x}>"


def _shown(edge):
    if edge is None:
        return (None, 0)
    target, nr = edge[0], edge[1]
    if nr < 0:
        return (AccumulateGrad(target), 0)
    return (target, nr)


class AccumulateGrad:
    """What a leaf's edge is shown as in ``next_functions``: "accumulate into ``variable.grad``".
    The engine does the accumulation itself; this object only describes the edge."""

    __slots__ = ("variable",)

    def __init__(self, variable: Tensor) -> None:
        self.variable = variable

    def name(self) -> str:
        return "AccumulateGrad"

    @property
    def next_functions(self) -> tuple:
        return ()

    def __repr__(self) -> str:
        return f"<AccumulateGrad object at {id(self):#x}>"


class NotImplementedBackward(Node):
    """Recorded for an op that has kernels but no formula: the forward works, a backward
    through it says which entry is missing."""

    __slots__ = ("_op_name",)

    def name(self) -> str:
        return "NotImplementedBackward"

    def apply(self, grads: list) -> tuple:
        raise RuntimeError(
            f"derivative for '{self._op_name}' is not implemented; add it to derivatives.yaml"
        )


class RemovableHandle:
    """Returned by ``register_hook``: ``handle.remove()`` takes the hook out again."""

    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks: list, hook) -> None:
        self._hooks = hooks
        self._hook = hook

    def remove(self) -> None:
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)


# ---- helpers called by the generated recorders and nodes ----

# Note [Helpers in line]
# Every recorded op runs edge() per input and set_history() per output, and every backward
# node check_alive() and unpack() or unpack_output() per saved value: a Python call each, a
# good part of an op's cost at the sizes of a training step. So the generator writes their
# common case in line (tools/codegen/emit_autograd.py): edge's leaf, set_history of one
# output, version() of a Tensor whose counter exists, and the tests, calling the helper only
# for the rest (a non-leaf's edge may be a stale view's; a saved output under create_graph)
# and to raise, so these functions stay the one place that says what the case means and what
# the error reads. A change to one of them changes the emitter's copy too.


def edge(t: Tensor) -> tuple:
    """The edge to a tensor that requires grad: its node, or the leaf itself."""
    fn = t.grad_fn
    if fn is None:
        return (t, -1, t._shape, t._dtype)
    if t._base is not None and fn._view_version is not None:
        fn = _check_view(t, fn)
    return (fn, t._output_nr, t._shape, t._dtype)


# Note [Stale views]
# A view's history leads to its base's history as it was when the view was taken. If the
# base is later rebased by a recorded in-place op (`y.mul_(2)`, or a write into another view
# of it: Note [CopySlices] in copy_slices.py), the view's values changed but its history did
# not. As torch does, such a view's history is taken again from the base's current history
# when the view is next used (an AsStridedBackward0 node). A view node remembers the storage
# version and the base's grad_fn at its creation; the view is stale when both changed (an
# in-place write under no_grad, or on a tensor outside the graph, leaves it valid).


# (view, base) -> the view's grad_fn taken again from the base's history; copy_slices.py,
# which builds on this module, sets it when it is imported (with the autograd kernel).
regenerate_view = None


def _check_view(t: Tensor, fn: Node) -> Node:
    """``t``'s grad_fn, regenerated from its base's history when stale (Note [Stale views])."""
    if t._vc.value != fn._view_version and t._base.grad_fn is not fn._view_base_fn:
        fn = t.grad_fn = regenerate_view(t, t._base)
        t._output_nr = 0
    return fn


def set_history(t: Tensor, node: Node, nr: int) -> None:
    """Make ``t`` output ``nr`` of ``node``; integer and bool results never require grad."""
    if t._dtype.is_floating_point:
        t._requires_grad = True
        t.grad_fn = node
        t._output_nr = nr


# Note [Detached aliases]
# ``t.detach()`` shares t's storage and version counter but, as in torch, it is not a view
# of t for autograd: an in-place op on it (or on a view of it) records a history of its own
# and leaves t's alone (`p.detach().mul_(w)` with w requiring grad), where a view of t taken
# under no_grad is refused. So a CPU alias has no `_base` (views of it hang from it) and
# keeps t's storage offset in `_offset` (Tensor.storage_offset). A meta alias keeps t's
# root as `_base`: graph capture finds the tensor it aliases through it (autograd saves
# outputs as detached aliases). ``t.data`` is such an alias with a version counter of its
# own (aten_lite/frontend/tensor_api.py), as in torch: autograd does not see writes through it.


def detached(t: Tensor) -> Tensor:
    """An alias of ``t`` (same data and version counter) without history: ``t.detach()``
    (Note [Detached aliases]).

    Outputs are saved this way, so the node does not keep itself alive through
    ``result.grad_fn`` (a reference cycle); ``unpack_output`` puts the history back."""
    if t._key is SPARSE_CPU:  # the data is in the subclass's slots (aten_lite/tensors/sparse_tensor.py)
        return detached_sparse(t)
    if t._a is None:
        offset = t._offset
        base = t._base if t._base is not None else t
    else:
        offset = t._offset if t._base is None else t.storage_offset()
        base = None
    return new_tensor(Tensor, t._a, t._shape, t._st, offset, t._dtype, t._device, t._layout,
                      t._key, t._version_counter, base, t._store)


def version(t) -> int:
    """The version to save beside an input (0 for a Python number standing in for a tensor)."""
    if not isinstance(t, Tensor):
        return 0
    vc = t._vc  # read directly when made: recorders call this for most saved inputs
    return vc.value if vc is not None else t._version_counter.value


def unpack(node: Node, t, saved_version: int, name: str):
    """A saved input, refused when it was modified in place after it was saved."""
    if isinstance(t, Tensor) and t._vc.value != saved_version:
        raise RuntimeError(_modified_message(node, t, saved_version, name))
    return t


def unpack_output(node: Node, t, saved_version: int, nr: int, name: str):
    """A saved output. Under ``create_graph`` it gets its history back (output ``nr`` of
    ``node``) so that a formula using it is itself differentiated."""
    if t is None:
        return None
    if t._vc.value != saved_version:
        raise RuntimeError(_modified_message(node, t, saved_version, name, nr))
    if _state.enabled:
        alias = detached(t)
        set_history(alias, node, nr)
        return alias
    return t


def _modified_message(node: Node, t: Tensor, saved_version: int, name: str, nr=None) -> str:
    what = f"[aten_lite.{t._dtype.name} {list(t._shape)}]"
    fn = node if nr is not None else t.grad_fn
    if fn is not None:
        what += f", which is output {t._output_nr if nr is None else nr} of {fn.name()},"
    return (
        "one of the variables needed for gradient computation has been modified by an "
        f"inplace operation: {what} is at version {t._vc.value}; expected version "
        f"{saved_version} instead. Hint: {node.name()} saved it as '{name}'; modify a "
        "clone() of it instead, or make the in-place change before the tensor is used."
    )


def check_alive(node: Node) -> None:
    """Raise when the node's saved values were freed by an earlier backward."""
    if node._released:
        raise RuntimeError(
            f"Trying to backward through the graph a second time ({node.name()} was already "
            "run and its saved values freed). Call .backward(retain_graph=True) or "
            "autograd.grad(..., retain_graph=True) the first time if you need to backward "
            "through the graph again."
        )


def saved_copy(t: Tensor) -> Tensor:
    """A copy of ``t``'s values, taken before an in-place op overwrites them when a formula
    needs the old value (``mul_`` saves the old ``self`` for ``other``'s gradient). It is made
    with the ``clone`` op, so under grad mode it keeps ``t``'s history and a double backward
    through the saved value is right."""
    c = t.clone()
    c._version_counter  # make the counter now: unpack() reads it directly
    return c


def check_inplace(op, t: Tensor) -> None:
    """Refuse in-place writes autograd cannot track (called only when some input requires
    grad and grad mode is on)."""
    if t.grad_fn is None and t._requires_grad:
        raise RuntimeError(
            f"a leaf Variable that requires grad is being used in an in-place operation "
            f"({op.name}); wrap it in `with al.no_grad():` for an update such as an optimizer "
            "step, or use the out-of-place op"
        )
    # A write into a view is rebased by the autograd kernel before this runs (Note
    # [CopySlices] in copy_slices.py).


def through_values(op, args: tuple):
    """A keeps_zero op on a sparse ``args[0]``: the op on the values of its coalesced form,
    each step recorded (Note [Sparse input to a keeps_zero op] in aten_lite/autograd/kernel.py)."""
    s = args[0].coalesce()
    result = op.call((s.values(),) + args[1:])  # the Autograd key again, on dense values
    return sparse_coo_tensor(s._indices(), result, s._shape, is_coalesced=True)


# Note [Formula errors name their line]
# A formula is Python from derivatives.yaml, run only at backward time; when it raises, the
# traceback shows the generated file. A generated apply() evaluates its formulas in one `try`
# whose handler calls formula_failed with the index of the formula that ran (the local `at_`
# when there are several): the exception, unchanged, also names that formula's YAML line
# (the class's `_formulas`: (where, inputs) per formula), as a note (Python 3.11+).
def formula_failed(exc: BaseException, node: Node, at: int) -> None:
    if hasattr(exc, "add_note"):
        where, inputs = node._formulas[at]
        exc.add_note(f"raised by the derivative formula of {node._op} for '{inputs}' ({where})")


def not_implemented(node: Node, input_name: str):
    raise RuntimeError(
        f"derivative for '{node._op}' with respect to '{input_name}' is not implemented; "
        "add it to derivatives.yaml"
    )


class _LeafHooks(list):
    """A leaf's ``_hooks``: its tensor hooks (the list itself, run on the gradient before it is
    stored) and ``post``, its post-accumulate hooks (run with the leaf once ``.grad`` holds it;
    Note [Ready leaves] in aten_lite/csrc/engine.cpp)."""

    __slots__ = ("post",)

    def __init__(self, hooks=()) -> None:
        super().__init__(hooks)
        self.post: list = []

    def __bool__(self) -> bool:
        return bool(len(self) or self.post)
