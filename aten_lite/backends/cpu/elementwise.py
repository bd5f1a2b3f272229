"""CPU elementwise kernels: the generic kernel of every `elementwise:` op (``make_elementwise``:
Python prepares, C++ computes), and the named kernels of two elementwise ops that have no
`elementwise:` expression: ``where`` (a select by a condition) and ``bitwise_not`` (NumPy).

Note [Elementwise kernels]
For an `elementwise:` op the Python side does everything C++ must be able to trust: it finds
the promoted dtype (``_dtype.result_type``: dimensioned tensors, then 0-dim tensors, then
Python numbers), maps it to the compute and result dtypes by the op's ``type_promotion``,
refuses a dtype outside the op's ``dtypes:``, broadcasts the shapes, casts inputs whose dtype
differs from the compute dtype, turns Python numbers into 0-dim arrays ("wrapped numbers"),
allocates the result with ``empty_array``, and raises ZeroDivisionError for an integer zero
divisor. The C++ entry then only loops. The in-place and out= siblings share its C++ entry
and write into ``self``/``out`` once the result dtype is known to fit (Note [Direct out=]).
"""

from __future__ import annotations

from operator import itemgetter

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import bfloat16, float16
from ...rules.kernel_rules import (
    PARTIAL_OVERLAP, ElementwisePlan, c_kernel, check_inplace_shape, check_number_fits, entry_cell,
    check_out_dtype, check_writable, overlap, resize_out, wrapped,
)
from ...rules.shapes import core as rules
from ...rules.shapes.data import same_as_self
from ...tensors.tensor import Tensor, empty_array, sync_stream

__all__ = ["where", "bitwise_not_cpu"]

_wrap = Tensor._wrap
_NUMBERS = frozenset((int, float, bool))


# Dtype codes below this are bool and integers: where zero divisors and float scalars matter.
_FIRST_FLOAT = float16.code


# Note [bfloat16 times a number]
# torch multiplies (and divides) a bfloat16 tensor by a Python float in float32, the number
# kept as a float32 (its "opmath" scalar), rounding once: x * 0.1 uses 0.1f, not 0.1 rounded
# to bfloat16 (0.10009765625), which would move a fifth of the results by one unit. (Its add
# and sub round the number to bfloat16 first, as the generic kernel does; the C++ kernels
# convert their Scalar arguments, lerp's weight, addcmul's value, to float already.)
_BY_NUMBER_IN_FLOAT32 = frozenset(("mul", "div"))


def _bfloat16_by_number(name: str, a: np.ndarray, number: float) -> np.ndarray:
    """``a`` (bfloat16) times or divided by ``number`` (Note [bfloat16 times a number])."""
    fn = np.multiply if name == "mul" else np.divide
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        return fn(a.astype(np.float32), np.float32(number)).astype(bfloat16.np)


# ---- the generic kernel (Note [Elementwise kernels]) ----


def make_elementwise(h, src):
    """The CPU kernel of elementwise op ``h``; ``src`` is its functional sibling, whose YAML
    entry holds the expression, dtypes and promotion."""
    plan = ElementwisePlan(src)
    cell = entry_cell(src.name)  # the C++ entry, looked up on the first call

    def load():
        cell[0] = c_kernel(src.name)
        return cell[0]

    # In-place ops read `self` too; only out= arguments are not inputs.
    tensor_pos = [i for i, a in enumerate(h.args)
                  if a.tensor_like and not (a.is_write and a.kwarg_only)]
    scalar_pos = [i for i, a in enumerate(h.args) if not a.tensor_like]
    simple = tensor_pos == list(range(len(tensor_pos))) and scalar_pos == list(
        range(len(tensor_pos), len(tensor_pos) + len(scalar_pos)))
    if h.kind in ("inplace", "out"):
        kernel = _writing_kernel(h, plan, cell, load, tensor_pos, scalar_pos)
    elif simple and len(tensor_pos) == 2:
        kernel = _binary_kernel(h, plan, cell, load)
    elif simple and len(tensor_pos) == 1:
        kernel = _unary_kernel(h, plan, cell, load)
    else:
        pick_ins, pick_scalars = _picker(tensor_pos), _picker(scalar_pos)

        def kernel(*args):
            return _wrap(_run(plan, cell, load, pick_ins(args), pick_scalars(args))[0])
    # Note [Stream-safe kernels] in dispatch/dispatcher.py: each NumPy read of an operand's
    # values below (a cast, an integer divisor's check, bfloat16 by a number, a copy) drains
    # the stream first; the C++ call itself may be queued.
    kernel.stream_safe = True
    return kernel


def _run(plan, cell, load, ins, scalars, out_array=None, entry=None):
    """Promote, broadcast, cast, allocate, call: the general path of every elementwise kernel.
    Returns (result array, plan entry)."""
    if entry is None:
        entry = plan.for_operands(ins)
    compute, out_dt, code, cnp = entry
    if compute is bfloat16 and plan.name in _BY_NUMBER_IN_FLOAT32 and len(ins) == 2 and \
            ins[1].__class__ is float and isinstance(ins[0], Tensor) and not scalars and \
            ins[0]._dtype is bfloat16:
        product = _bfloat16_by_number(plan.name, sync_stream() or ins[0]._a, ins[1])  # reads
        if out_array is None:
            return product, entry
        np.copyto(out_array, product)
        return out_array, entry
    arrays = []
    shapes = []
    for x in ins:
        if isinstance(x, Tensor):
            a = x._a  # a cast reads the values: drained first (sync_stream() is None)
            arrays.append(a if x._dtype is compute else (sync_stream() or a).astype(cnp))
            shapes.append(x._shape)
        else:
            arrays.append(wrapped(x, cnp))
    shape = rules.broadcast_shapes(*shapes) if len(shapes) > 1 else shapes[0]
    if plan.int_check is not None and not compute.is_floating_point and 0 not in shape:
        sync_stream()  # the check reads the divisor's values
        # A Python number is checked as given: wrapped into uint8, -1 would pass as 255.
        last = ins[-1]
        plan.int_check(plan.name, arrays[-1] if isinstance(last, Tensor) else np.asarray(last))
        if plan.name == "pow" and not isinstance(last, Tensor):  # as in _with_number
            check_number_fits(plan.name, last, compute)
    out = empty_array(shape, out_dt) if out_array is None else out_array
    if scalars and code < _FIRST_FLOAT:
        plan.check_scalars(compute, scalars)
    path = (cell[0] or load())(code, out, *arrays, *scalars)
    if _trace.active is not None:
        _trace.note(compute.name, path, cell[0], code)
    return out, entry


def _binary_kernel(h, plan, cell, load):
    table = plan.table
    name = plan.name
    int_check = plan.int_check
    broadcast = rules.broadcast_shapes
    by_number_in_float32 = name in _BY_NUMBER_IN_FLOAT32

    def binary(a, b, *s):
        # The hot path: two tensors (of one dtype, or of two with the promotion cached per
        # pair of dtypes). A tensor and a number take _with_number, anything else _run.
        if a.__class__ is not Tensor or b.__class__ is not Tensor:
            if a.__class__ is Tensor and b.__class__ in _NUMBERS:
                return _with_number(a, b, True, s)
            if b.__class__ is Tensor and a.__class__ in _NUMBERS:
                return _with_number(b, a, False, s)
            return _wrap(_run(plan, cell, load, (a, b), s)[0])
        entry = table.get(a._dtype) if a._dtype is b._dtype else None
        if entry is None:
            entry = plan.for_tensor_pair(a, b)
        compute, out_dt, code, cnp = entry
        sa = a._shape
        sb = b._shape
        if a._dtype is not compute or b._dtype is not compute or (
                int_check is not None and code < _FIRST_FLOAT):
            sync_stream()  # a cast or a divisor's check reads values
        x = a._a if a._dtype is compute else a._a.astype(cnp)
        y = b._a if b._dtype is compute else b._a.astype(cnp)
        if sa == sb or (len(sb) < len(sa) and sa[len(sa) - len(sb):] == sb):
            out = empty_array(sa, out_dt)  # b's shape ends a's (a bias): no rule to run
        else:
            out = empty_array(broadcast(sa, sb), out_dt)
        if int_check is not None and code < _FIRST_FLOAT and out.size:
            int_check(name, y)
        if s and code < _FIRST_FLOAT:
            plan.check_scalars(compute, s)
        path = (cell[0] or load())(code, out, x, y, *s)
        if _trace.active is not None:
            _trace.note(compute.name, path, cell[0], code)
        return _wrap(out)

    def _with_number(t, number, tensor_first, s):
        # A tensor and a Python number: promotion is cached per (dtype, number type); the
        # number becomes a 0-dim array, which the C++ loop treats as one broadcast element.
        compute, out_dt, code, cnp = plan.for_tensor_and_number(t._dtype, number)
        if compute is bfloat16 or t._dtype is not compute or (
                int_check is not None and code < _FIRST_FLOAT):
            sync_stream()  # NumPy computes, casts or checks values here
        if compute is bfloat16 and by_number_in_float32 and tensor_first and \
                number.__class__ is float and not s and t._dtype is bfloat16:
            return _wrap(_bfloat16_by_number(name, t._a, number))
        arr = t._a if t._dtype is compute else t._a.astype(cnp)
        w = wrapped(number, cnp)
        x, y = (arr, w) if tensor_first else (w, arr)
        if int_check is not None and code < _FIRST_FLOAT and arr.size:
            # The number as given (uint8 ** -1 must not pass as ** 255).
            int_check(name, np.asarray(number) if tensor_first else y)
            if tensor_first and name == "pow":  # torch checks pow's exponent (only)
                check_number_fits(name, number, compute)
        out = empty_array(t._shape, out_dt)
        if s and code < _FIRST_FLOAT:
            plan.check_scalars(compute, s)
        path = (cell[0] or load())(code, out, x, y, *s)
        if _trace.active is not None:
            _trace.note(compute.name, path, cell[0], code)
        return _wrap(out)

    return binary


def _unary_kernel(h, plan, cell, load):
    table = plan.table

    def unary(a, *s):
        entry = table.get(a._dtype) if a.__class__ is Tensor else None
        if entry is None:
            return _wrap(_run(plan, cell, load, (a,), s)[0])
        compute, out_dt, code, cnp = entry
        out = empty_array(a._shape, out_dt)
        if s and code < _FIRST_FLOAT:
            plan.check_scalars(compute, s)
        path = (cell[0] or load())(code, out, a._a, *s)
        if _trace.active is not None:
            _trace.note(compute.name, path, cell[0], code)
        return _wrap(out)

    return unary


def _picker(pos):
    """args -> (args[i] for i in pos) as a tuple, without a generator's cost."""
    return (lambda args, i=pos[0]: (args[i],)) if len(pos) == 1 else itemgetter(*pos) if pos \
        else (lambda args: ())


# Note [Direct out=]: an in-place op or out= on operands of one dtype and the target's shape,
# none a view (nothing can partly overlap), a result of the target's dtype: straight into its
# array. An out= cost 3-4x a plain call before (16 floats: exp 3.8 us against 1.2), ~1.15x
# now (1.4 us). _direct returns False, nothing done, when the general path must run.
def _direct(plan, cell, load, target: Tensor, ins, scalars) -> bool:
    entry = plan.table.get(ins[0]._dtype) if ins[0].__class__ is Tensor else None
    dest, shape = target._a, target._shape
    if entry is None or entry[1] is not target._dtype or dest.base is not None:
        return False
    arrays = []
    for x in ins:
        if x.__class__ is not Tensor or x._dtype is not entry[0] or x._shape != shape or \
                x._a.base is not None:
            return False
        arrays.append(x._a)
    if entry[2] < _FIRST_FLOAT:
        if plan.int_check is not None:
            sync_stream()  # the check reads the divisor's values
            plan.int_check(plan.name, arrays[-1])
        if scalars:
            plan.check_scalars(entry[0], scalars)
    try:
        path = (cell[0] or load())(entry[2], dest, *arrays, *scalars)
    except ValueError:  # a read-only target: the general path explains it
        return False
    if _trace.active is not None:
        _trace.note(entry[0].name, path, cell[0], entry[2])
    return True


def _writing_kernel(h, plan, cell, load, tensor_pos, scalar_pos):
    """An in-place op's kernel (the target is self, an input too) or an out= one's."""
    inplace = h.kind == "inplace"
    target_pos = 0 if inplace else next(i for i, a in enumerate(h.args) if a.is_write)
    pick_ins, pick_scalars = _picker(tensor_pos), _picker(scalar_pos)

    def writing(*args):
        target = args[target_pos]
        ins, scalars = pick_ins(args), pick_scalars(args)
        if _direct(plan, cell, load, target, ins, scalars):
            return target
        entry = plan.for_operands(ins)
        if inplace:
            if entry[1] is not target._dtype:
                check_out_dtype(entry[1], target._dtype)
            check_inplace_shape(target, ins)
        else:
            plan.check_out(entry[1], target._dtype)
            shapes = [x._shape for x in ins if isinstance(x, Tensor)]
            shape = rules.broadcast_shapes(*shapes) if len(shapes) > 1 else shapes[0]
            if target._shape != shape:
                resize_out(target, shape)
        _write_into(target, plan, cell, load, ins, scalars, entry)
        return target

    if inplace and tensor_pos == [0, 1] and len(scalar_pos) == len(h.args) - 2:
        def inplace_binary(self, other, *s):  # `x += y`: _direct's float case in line
            entry = plan.table.get(self._dtype)
            if entry is not None and other.__class__ is Tensor and entry[2] >= _FIRST_FLOAT \
                    and other._dtype is self._dtype and other._shape == self._shape and \
                    entry[1] is self._dtype and self._a.base is None and other._a.base is None:
                path = (cell[0] or load())(entry[2], self._a, self._a, other._a, *s)
                if _trace.active is not None:
                    _trace.note(entry[0].name, path, cell[0], entry[2])
                return self
            return writing(self, other, *s)
        return inplace_binary
    return writing


def _write_into(target: Tensor, plan, cell, load, ins, scalars, entry) -> None:
    """The kernel into ``target``'s array, or into a copy cast there for another dtype."""
    dest = target._a
    if not dest.flags.writeable:
        check_writable(target)
    ins = _prepare_destination(dest, ins)
    if entry[1] is target._dtype:
        _run(plan, cell, load, ins, scalars, dest, entry)
    else:
        tmp, _ = _run(plan, cell, load, ins, scalars, None, entry)
        sync_stream()  # the cast copy reads the result
        np.copyto(dest, tmp, casting="unsafe")


def _prepare_destination(dest: np.ndarray, ins):
    """Check that ``dest`` can be written elementwise, and copy inputs that overlap it."""
    if 0 in dest.strides and dest.size and any(
            s == 0 and n > 1 for s, n in zip(dest.strides, dest.shape)):
        # An expanded tensor has several elements in one memory location.
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to "
            "a single memory location. Please clone() the tensor before performing the "
            "operation."
        )
    if dest.base is None and all(not isinstance(x, Tensor) or x._a.base is None for x in ins):
        return ins  # no views involved: distinct arrays cannot overlap
    result = []
    for x in ins:
        if isinstance(x, Tensor):
            # The same elements in the same layout are read before written: safe. A partial
            # overlap is refused as torch does; any other would read elements already
            # overwritten: read a copy instead (Note [Partial overlap] in rules/kernel_rules.py).
            status = overlap(x._a, dest)
            if status == "partial":
                raise RuntimeError(PARTIAL_OVERLAP)
            if status == "unknown":
                sync_stream()
                x = _wrap(x._a.copy())
        result.append(x)
    return tuple(result)


# ---- named kernels (YAML `dispatch: CPU: <name>`) ----


def where(condition, self, other):
    shape, dtype = rules.where(condition, self, other)
    for v in (self, other):
        check_number_fits("where", v, dtype)
    out = empty_array(shape, dtype)
    x = self._a if isinstance(self, Tensor) else wrapped(self, dtype.np)
    y = other._a if isinstance(other, Tensor) else wrapped(other, dtype.np)
    c = condition._a
    np.copyto(out, y, casting="unsafe")  # copyto broadcasts its source and its mask
    if x.shape == shape and c.shape == shape and x.dtype == out.dtype:
        np.putmask(out, c, x)  # the same, in one cheaper pass (no broadcasting, no casting)
    else:
        np.copyto(out, x, casting="unsafe", where=c)
    return _wrap(out)


def bitwise_not_cpu(self: Tensor) -> Tensor:
    shape, dtype = same_as_self(self)
    out = empty_array(shape, dtype)
    np.invert(self._a, out=out)
    return _wrap(out)
