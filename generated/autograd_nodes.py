# @generated from native_functions.yaml and derivatives.yaml (sha256 ac0e22f455bab3d7).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""Backward nodes and their recorders, one per derivatives.yaml entry.

A recorder is the Autograd kernel of its op (bound to the op's handle by
aten_lite/autograd/kernel.py): it builds the node, saves what the formulas read (Note [What
a node saves] in tools/codegen/api_autograd.py), runs the op below autograd and gives the
outputs their history. A node's apply() evaluates the formulas of the inputs that need a gradient.
"""

from aten_lite.dispatch.dispatcher import below_autograd_entry
from aten_lite.vocab.grad_mode import _state as _grad_state
from aten_lite.tensors.tensor import Tensor
from aten_lite.autograd.formulas import *  # noqa: F401,F403 (helpers the formulas call)
from aten_lite.autograd.node import (
    Node, check_alive, check_inplace, saved_copy, detached, edge, not_implemented,
    set_history, through_values, unpack, unpack_output, version,
)


# Note [Formula errors name their line]
# A formula is Python from derivatives.yaml, run only at backward time; when it raises, the
# traceback shows this generated file. Each formula's evaluation is wrapped so that the
# exception, unchanged, also names the YAML line it came from (as a note, Python 3.11+).
def formula_failed(exc, where, op, inputs):
    if hasattr(exc, "add_note"):
        exc.add_note(f"raised by the derivative formula of {op} for '{inputs}' ({where})")


from aten_lite._generated.ops import (  # the ops the formulas call
    _gelu_backward,
    _leaky_relu_backward,
    _log_softmax_backward,
    _nll_loss_backward,
    _sparse_values_at,
    _tanh_backward,
    div,
    floor_divide,
    nll_loss,
    sparse_coo_tensor,
)


class NegBackward0(Node):
    """Backward of neg (derivatives.yaml:27)."""

    __slots__ = ()
    _op = "neg"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:28
        try:
            grad_self = (-grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:28', 'neg', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class AbsBackward0(Node):
    """Backward of abs (derivatives.yaml:30)."""

    __slots__ = ("self_", "self_v")
    _op = "abs"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:31
        try:
            grad_self = (grad * self.sign()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:31', 'abs', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class SignBackward0(Node):
    """Backward of sign (derivatives.yaml:33)."""

    __slots__ = ()
    _op = "sign"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:34
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:34', 'sign', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ReluBackward0(Node):
    """Backward of relu (derivatives.yaml:36)."""

    __slots__ = ("result_", "result_v")
    _op = "relu"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:38
        try:
            grad_self = (grad * result.sign()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:38', 'relu', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class SigmoidBackward0(Node):
    """Backward of sigmoid (derivatives.yaml:40)."""

    __slots__ = ("result_", "result_v")
    _op = "sigmoid"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:41
        try:
            grad_self = (grad * result * (1 - result)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:41', 'sigmoid', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class TanhBackward0(Node):
    """Backward of tanh (derivatives.yaml:43)."""

    __slots__ = ("result_", "result_v")
    _op = "tanh"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:44
        try:
            grad_self = _tanh_backward(grad, result) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:44', 'tanh', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class ExpBackward0(Node):
    """Backward of exp (derivatives.yaml:46)."""

    __slots__ = ("result_", "result_v")
    _op = "exp"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:47
        try:
            grad_self = (grad * result) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:47', 'exp', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class Expm1Backward0(Node):
    """Backward of expm1 (derivatives.yaml:49)."""

    __slots__ = ("result_", "result_v")
    _op = "expm1"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:50
        try:
            grad_self = (grad * (result + 1)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:50', 'expm1', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class LogBackward0(Node):
    """Backward of log (derivatives.yaml:52)."""

    __slots__ = ("self_", "self_v")
    _op = "log"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:53
        try:
            grad_self = (grad / self) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:53', 'log', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class Log1pBackward0(Node):
    """Backward of log1p (derivatives.yaml:55)."""

    __slots__ = ("self_", "self_v")
    _op = "log1p"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:56
        try:
            grad_self = (grad / (self + 1)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:56', 'log1p', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class SqrtBackward0(Node):
    """Backward of sqrt (derivatives.yaml:58)."""

    __slots__ = ("result_", "result_v")
    _op = "sqrt"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:59
        try:
            grad_self = (grad / (2 * result)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:59', 'sqrt', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class RsqrtBackward0(Node):
    """Backward of rsqrt (derivatives.yaml:61)."""

    __slots__ = ("result_", "result_v")
    _op = "rsqrt"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:62
        try:
            grad_self = (-0.5 * grad * result * result * result) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:62', 'rsqrt', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class ReciprocalBackward0(Node):
    """Backward of reciprocal (derivatives.yaml:64)."""

    __slots__ = ("result_", "result_v")
    _op = "reciprocal"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:65
        try:
            grad_self = (-grad * result * result) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:65', 'reciprocal', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = None
        node.result_v = None


class SinBackward0(Node):
    """Backward of sin (derivatives.yaml:67)."""

    __slots__ = ("self_", "self_v")
    _op = "sin"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:68
        try:
            grad_self = (grad * self.cos()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:68', 'sin', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class CosBackward0(Node):
    """Backward of cos (derivatives.yaml:70)."""

    __slots__ = ("self_", "self_v")
    _op = "cos"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:71
        try:
            grad_self = (-grad * self.sin()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:71', 'cos', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class FloorBackward0(Node):
    """Backward of floor (derivatives.yaml:73)."""

    __slots__ = ()
    _op = "floor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:74
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:74', 'floor', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class CeilBackward0(Node):
    """Backward of ceil (derivatives.yaml:76)."""

    __slots__ = ()
    _op = "ceil"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:77
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:77', 'ceil', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class RoundBackward0(Node):
    """Backward of round (derivatives.yaml:79)."""

    __slots__ = ()
    _op = "round"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:80
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:80', 'round', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class TruncBackward0(Node):
    """Backward of trunc (derivatives.yaml:82)."""

    __slots__ = ()
    _op = "trunc"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:83
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:83', 'trunc', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class AddBackward0(Node):
    """Backward of add.Tensor (derivatives.yaml:87)."""

    __slots__ = ("alpha_",)
    _op = "add.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        alpha = node.alpha_
        # derivatives.yaml:88
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:88', 'add.Tensor', 'self')
            raise
        # derivatives.yaml:89
        try:
            grad_other = scale(grad, alpha) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:89', 'add.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.alpha_ = None


class SubBackward0(Node):
    """Backward of sub.Tensor (derivatives.yaml:91)."""

    __slots__ = ("alpha_",)
    _op = "sub.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        alpha = node.alpha_
        # derivatives.yaml:92
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:92', 'sub.Tensor', 'self')
            raise
        # derivatives.yaml:93
        try:
            grad_other = scale(grad, -alpha) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:93', 'sub.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.alpha_ = None


class MulBackward0(Node):
    """Backward of mul.Tensor (derivatives.yaml:95)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "mul.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:96
        try:
            grad_self = (grad * other) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:96', 'mul.Tensor', 'self')
            raise
        # derivatives.yaml:97
        try:
            grad_other = (grad * self) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:97', 'mul.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class DivBackward0(Node):
    """Backward of div.Tensor (derivatives.yaml:99)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "div.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:100
        try:
            grad_self = (grad / other) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:100', 'div.Tensor', 'self')
            raise
        # derivatives.yaml:101
        try:
            grad_other = (-grad * self / (other * other)) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:101', 'div.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class DivTruncBackward0(Node):
    """Backward of _div_trunc (derivatives.yaml:103)."""

    __slots__ = ()
    _op = "_div_trunc"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:104
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:104', '_div_trunc', 'self')
            raise
        # derivatives.yaml:105
        try:
            grad_other = zeros_like(grad) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:105', '_div_trunc', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True


class FloorDivideBackward0(Node):
    """Backward of floor_divide (derivatives.yaml:107)."""

    __slots__ = ()
    _op = "floor_divide"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:108
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:108', 'floor_divide', 'self')
            raise
        # derivatives.yaml:109
        try:
            grad_other = zeros_like(grad) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:109', 'floor_divide', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True


class RemainderBackward0(Node):
    """Backward of remainder.Tensor (derivatives.yaml:111)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "remainder.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:112
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:112', 'remainder.Tensor', 'self')
            raise
        # derivatives.yaml:113
        try:
            grad_other = (-grad * floor_divide(self, other)) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:113', 'remainder.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class PowBackward0(Node):
    """Backward of pow.Tensor_Tensor (derivatives.yaml:115)."""

    __slots__ = ("exponent_", "exponent_v", "self_", "self_v", "result_", "result_v")
    _op = "pow.Tensor_Tensor"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        exponent = node.exponent_
        if isinstance(exponent, Tensor) and exponent._vc.value != node.exponent_v:
            unpack(node, exponent, node.exponent_v, 'exponent')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:116
        try:
            grad_self = pow_self_grad(grad, self, exponent) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:116', 'pow.Tensor_Tensor', 'self')
            raise
        # derivatives.yaml:117
        try:
            grad_exponent = pow_exponent_grad(grad, self, exponent, result) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:117', 'pow.Tensor_Tensor', 'exponent')
            raise
        return (grad_self, grad_exponent)

    def release(node):
        node._released = True
        node.exponent_ = None
        node.exponent_v = None
        node.self_ = None
        node.self_v = None
        node.result_ = None
        node.result_v = None


class MaximumBackward0(Node):
    """Backward of maximum (derivatives.yaml:119)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "maximum"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:120
        try:
            grad_self = binary_extremum_grad(grad, self, other, True) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:120', 'maximum', 'self')
            raise
        # derivatives.yaml:121
        try:
            grad_other = binary_extremum_grad(grad, other, self, True) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:121', 'maximum', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class MinimumBackward0(Node):
    """Backward of minimum (derivatives.yaml:123)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "minimum"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:124
        try:
            grad_self = binary_extremum_grad(grad, self, other, False) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:124', 'minimum', 'self')
            raise
        # derivatives.yaml:125
        try:
            grad_other = binary_extremum_grad(grad, other, self, False) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:125', 'minimum', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class WhereBackward0(Node):
    """Backward of where.self (derivatives.yaml:127)."""

    __slots__ = ("condition_", "condition_v")
    _op = "where.self"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        condition = node.condition_
        if isinstance(condition, Tensor) and condition._vc.value != node.condition_v:
            unpack(node, condition, node.condition_v, 'condition')
        # derivatives.yaml:129
        try:
            grad_self = (grad * condition) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:129', 'where.self', 'self')
            raise
        # derivatives.yaml:130
        try:
            grad_other = (grad * condition.logical_not()) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:130', 'where.self', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.condition_ = None
        node.condition_v = None


class SumBackward0(Node):
    """Backward of sum (derivatives.yaml:134)."""

    __slots__ = ("dim_", "keepdim_", "self_shape")
    _op = "sum"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        self_shape = node.self_shape
        # derivatives.yaml:135
        try:
            grad_self = expand_reduced(grad, self_shape, dim, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:135', 'sum', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.keepdim_ = None
        node.self_shape = None


class MeanBackward0(Node):
    """Backward of mean (derivatives.yaml:137)."""

    __slots__ = ("dim_", "keepdim_", "self_shape")
    _op = "mean"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        self_shape = node.self_shape
        # derivatives.yaml:138
        try:
            grad_self = expand_reduced(grad / reduced_count(self_shape, dim), self_shape, dim, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:138', 'mean', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.keepdim_ = None
        node.self_shape = None


class ProdBackward0(Node):
    """Backward of prod (derivatives.yaml:140)."""

    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "prod"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:141
        try:
            grad_self = prod_grad(grad, self, result, dim, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:141', 'prod', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.keepdim_ = None
        node.result_ = None
        node.result_v = None
        node.self_ = None
        node.self_v = None


class AmaxBackward0(Node):
    """Backward of amax (derivatives.yaml:144)."""

    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "amax"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:145
        try:
            grad_self = extremum_grad(grad, self, result, dim, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:145', 'amax', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.keepdim_ = None
        node.result_ = None
        node.result_v = None
        node.self_ = None
        node.self_v = None


class AminBackward0(Node):
    """Backward of amin (derivatives.yaml:148)."""

    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "amin"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:149
        try:
            grad_self = extremum_grad(grad, self, result, dim, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:149', 'amin', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.keepdim_ = None
        node.result_ = None
        node.result_v = None
        node.self_ = None
        node.self_v = None


class MaxBackward0(Node):
    """Backward of max.dim (derivatives.yaml:152)."""

    __slots__ = ("dim_", "indices_", "indices_v", "keepdim_", "self_shape")
    _op = "max.dim"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        keepdim = node.keepdim_
        self_shape = node.self_shape
        # derivatives.yaml:154
        try:
            grad_self = index_grad(grad, self_shape, dim, indices, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:154', 'max.dim', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.indices_ = None
        node.indices_v = None
        node.keepdim_ = None
        node.self_shape = None


class MinBackward0(Node):
    """Backward of min.dim (derivatives.yaml:157)."""

    __slots__ = ("dim_", "indices_", "indices_v", "keepdim_", "self_shape")
    _op = "min.dim"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        keepdim = node.keepdim_
        self_shape = node.self_shape
        # derivatives.yaml:159
        try:
            grad_self = index_grad(grad, self_shape, dim, indices, keepdim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:159', 'min.dim', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.indices_ = None
        node.indices_v = None
        node.keepdim_ = None
        node.self_shape = None


class SoftmaxBackward0(Node):
    """Backward of softmax.int (derivatives.yaml:162)."""

    __slots__ = ("dim_", "result_", "result_v")
    _op = "softmax.int"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:163
        try:
            grad_self = (result * (grad - (grad * result).sum(dim, keepdim=True))) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:163', 'softmax.int', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_ = None
        node.result_v = None


class LogSoftmaxBackward0(Node):
    """Backward of log_softmax.int (derivatives.yaml:166)."""

    __slots__ = ("dim_", "result_", "result_v")
    _op = "log_softmax.int"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        # derivatives.yaml:167
        try:
            grad_self = _log_softmax_backward(grad, result, dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:167', 'log_softmax.int', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_ = None
        node.result_v = None


class NllLossBackward0(Node):
    """Backward of nll_loss (derivatives.yaml:170)."""

    __slots__ = ("ignore_index_", "reduction_", "self_", "self_v", "target_", "target_v", "weight_", "weight_v")
    _op = "nll_loss"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        ignore_index = node.ignore_index_
        reduction = node.reduction_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        target = node.target_
        if isinstance(target, Tensor) and target._vc.value != node.target_v:
            unpack(node, target, node.target_v, 'target')
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        # derivatives.yaml:172
        try:
            grad_self = _nll_loss_backward(grad, self, target, weight, reduction, ignore_index) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:172', 'nll_loss', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.ignore_index_ = None
        node.reduction_ = None
        node.self_ = None
        node.self_v = None
        node.target_ = None
        node.target_v = None
        node.weight_ = None
        node.weight_v = None


class NllLossBackwardBackward0(Node):
    """Backward of _nll_loss_backward (derivatives.yaml:175)."""

    __slots__ = ("ignore_index_", "reduction_", "target_", "target_v", "weight_", "weight_v")
    _op = "_nll_loss_backward"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        ignore_index = node.ignore_index_
        reduction = node.reduction_
        target = node.target_
        if isinstance(target, Tensor) and target._vc.value != node.target_v:
            unpack(node, target, node.target_v, 'target')
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        # derivatives.yaml:177
        try:
            grad_grad_output = nll_loss(grad, target, weight, reduction, ignore_index) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:177', '_nll_loss_backward', 'grad_output')
            raise
        # derivatives.yaml:178
        try:
            grad_self = zeros_like(grad) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:178', '_nll_loss_backward', 'self')
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.ignore_index_ = None
        node.reduction_ = None
        node.target_ = None
        node.target_v = None
        node.weight_ = None
        node.weight_v = None


class GeluBackward0(Node):
    """Backward of gelu (derivatives.yaml:180)."""

    __slots__ = ("self_", "self_v")
    _op = "gelu"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:181
        try:
            grad_self = _gelu_backward(grad, self) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:181', 'gelu', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class GeluBackwardBackward0(Node):
    """Backward of _gelu_backward (derivatives.yaml:183)."""

    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_gelu_backward"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        # derivatives.yaml:184
        try:
            grad_grad_output = _gelu_backward(grad, self) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:184', '_gelu_backward', 'grad_output')
            raise
        # derivatives.yaml:185
        try:
            grad_self = (grad * grad_output * (2 - self * self) * (-0.5 * self * self).exp() * 0.3989422804014327) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:185', '_gelu_backward', 'self')
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None
        node.grad_output_ = None
        node.grad_output_v = None


class CopyStridedBackward0(Node):
    """Backward of _copy_strided (derivatives.yaml:187)."""

    __slots__ = ()
    _op = "_copy_strided"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:188
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:188', '_copy_strided', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class SiluBackward0(Node):
    """Backward of silu (derivatives.yaml:190)."""

    __slots__ = ("self_", "self_v")
    _op = "silu"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:191
        try:
            grad_self = (grad * self.sigmoid() * (1 + self * (1 - self.sigmoid()))) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:191', 'silu', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class LeakyReluBackward0(Node):
    """Backward of leaky_relu (derivatives.yaml:193)."""

    __slots__ = ("negative_slope_", "self_", "self_v")
    _op = "leaky_relu"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        negative_slope = node.negative_slope_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:194
        try:
            grad_self = _leaky_relu_backward(grad, self, negative_slope) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:194', 'leaky_relu', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.negative_slope_ = None
        node.self_ = None
        node.self_v = None


class LeakyReluBackwardBackward0(Node):
    """Backward of _leaky_relu_backward (derivatives.yaml:196)."""

    __slots__ = ("negative_slope_", "self_", "self_v")
    _op = "_leaky_relu_backward"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        negative_slope = node.negative_slope_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:197
        try:
            grad_grad_output = _leaky_relu_backward(grad, self, negative_slope) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:197', '_leaky_relu_backward', 'grad_output')
            raise
        # derivatives.yaml:198
        try:
            grad_self = zeros_like(grad) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:198', '_leaky_relu_backward', 'self')
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.negative_slope_ = None
        node.self_ = None
        node.self_v = None


class TanhBackwardBackward0(Node):
    """Backward of _tanh_backward (derivatives.yaml:200)."""

    __slots__ = ("tanh_out_", "tanh_out_v", "grad_output_", "grad_output_v")
    _op = "_tanh_backward"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        tanh_out = node.tanh_out_
        if isinstance(tanh_out, Tensor) and tanh_out._vc.value != node.tanh_out_v:
            unpack(node, tanh_out, node.tanh_out_v, 'tanh_out')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        # derivatives.yaml:201
        try:
            grad_grad_output = _tanh_backward(grad, tanh_out) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:201', '_tanh_backward', 'grad_output')
            raise
        # derivatives.yaml:202
        try:
            grad_tanh_out = (-2 * grad * grad_output * tanh_out) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:202', '_tanh_backward', 'tanh_out')
            raise
        return (grad_grad_output, grad_tanh_out)

    def release(node):
        node._released = True
        node.tanh_out_ = None
        node.tanh_out_v = None
        node.grad_output_ = None
        node.grad_output_v = None


class LogSoftmaxBackwardBackward0(Node):
    """Backward of _log_softmax_backward (derivatives.yaml:204)."""

    __slots__ = ("dim_", "log_probs_", "log_probs_v", "grad_output_", "grad_output_v")
    _op = "_log_softmax_backward"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        log_probs = node.log_probs_
        if isinstance(log_probs, Tensor) and log_probs._vc.value != node.log_probs_v:
            unpack(node, log_probs, node.log_probs_v, 'log_probs')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        # derivatives.yaml:205
        try:
            grad_grad_output = (grad - (grad * log_probs.exp()).sum(dim, keepdim=True)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:205', '_log_softmax_backward', 'grad_output')
            raise
        # derivatives.yaml:206
        try:
            grad_log_probs = (-grad * log_probs.exp() * grad_output.sum(dim, keepdim=True)) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:206', '_log_softmax_backward', 'log_probs')
            raise
        return (grad_grad_output, grad_log_probs)

    def release(node):
        node._released = True
        node.dim_ = None
        node.log_probs_ = None
        node.log_probs_v = None
        node.grad_output_ = None
        node.grad_output_v = None


class MmBackward0(Node):
    """Backward of mm (derivatives.yaml:211)."""

    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "mm"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:212
        try:
            grad_self = mm_mat1_backward(grad, mat2) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:212', 'mm', 'self')
            raise
        # derivatives.yaml:213
        try:
            grad_mat2 = mm_mat2_backward(grad, self) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:213', 'mm', 'mat2')
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = None
        node.mat2_v = None
        node.self_ = None
        node.self_v = None


class SparseMmBackward0(Node):
    """Backward of _sparse_mm (derivatives.yaml:216)."""

    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "_sparse_mm"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:217
        try:
            grad_self = sparse_mm_mat1_backward(grad, mat2, self) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:217', '_sparse_mm', 'self')
            raise
        # derivatives.yaml:218
        try:
            grad_mat2 = mm_mat2_backward(grad, self) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:218', '_sparse_mm', 'mat2')
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = None
        node.mat2_v = None
        node.self_ = None
        node.self_v = None


class BmmBackward0(Node):
    """Backward of bmm (derivatives.yaml:221)."""

    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "bmm"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:222
        try:
            grad_self = grad.bmm(mat2.transpose(1, 2)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:222', 'bmm', 'self')
            raise
        # derivatives.yaml:223
        try:
            grad_mat2 = self.transpose(1, 2).bmm(grad) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:223', 'bmm', 'mat2')
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = None
        node.mat2_v = None
        node.self_ = None
        node.self_v = None


class DotBackward0(Node):
    """Backward of dot (derivatives.yaml:226)."""

    __slots__ = ("tensor_", "tensor_v", "self_", "self_v")
    _op = "dot"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        tensor = node.tensor_
        if isinstance(tensor, Tensor) and tensor._vc.value != node.tensor_v:
            unpack(node, tensor, node.tensor_v, 'tensor')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:227
        try:
            grad_self = (grad * tensor) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:227', 'dot', 'self')
            raise
        # derivatives.yaml:228
        try:
            grad_tensor = (grad * self) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:228', 'dot', 'tensor')
            raise
        return (grad_self, grad_tensor)

    def release(node):
        node._released = True
        node.tensor_ = None
        node.tensor_v = None
        node.self_ = None
        node.self_v = None


class ViewBackward0(Node):
    """Backward of view (derivatives.yaml:233)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "view"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:234
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:234', 'view', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class ReshapeBackward0(Node):
    """Backward of reshape (derivatives.yaml:236)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "reshape"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:237
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:237', 'reshape', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class TBackward0(Node):
    """Backward of t (derivatives.yaml:239)."""

    __slots__ = ("_view_version", "_view_base_fn")
    _op = "t"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:240
        try:
            grad_self = grad.t() if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:240', 't', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class TransposeBackward0(Node):
    """Backward of transpose.int (derivatives.yaml:242)."""

    __slots__ = ("dim0_", "dim1_", "_view_version", "_view_base_fn")
    _op = "transpose.int"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim0 = node.dim0_
        dim1 = node.dim1_
        # derivatives.yaml:243
        try:
            grad_self = grad.transpose(dim0, dim1) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:243', 'transpose.int', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim0_ = None
        node.dim1_ = None


class PermuteBackward0(Node):
    """Backward of permute (derivatives.yaml:245)."""

    __slots__ = ("dims_", "_view_version", "_view_base_fn")
    _op = "permute"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dims = node.dims_
        # derivatives.yaml:246
        try:
            grad_self = permute_backward(grad, dims) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:246', 'permute', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dims_ = None


class ExpandBackward0(Node):
    """Backward of expand (derivatives.yaml:248)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "expand"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:249
        try:
            grad_self = sum_to(grad, self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:249', 'expand', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class SqueezeBackward0(Node):
    """Backward of squeeze (derivatives.yaml:251)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:252
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:252', 'squeeze', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class SqueezeBackward1(Node):
    """Backward of squeeze.dim (derivatives.yaml:254)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze.dim"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:255
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:255', 'squeeze.dim', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class SqueezeBackward2(Node):
    """Backward of squeeze.dims (derivatives.yaml:257)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze.dims"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:258
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:258', 'squeeze.dims', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class UnsqueezeBackward0(Node):
    """Backward of unsqueeze (derivatives.yaml:260)."""

    __slots__ = ("dim_", "_view_version", "_view_base_fn")
    _op = "unsqueeze"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        # derivatives.yaml:261
        try:
            grad_self = grad.squeeze(dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:261', 'unsqueeze', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None


class FlattenBackward0(Node):
    """Backward of flatten.using_ints (derivatives.yaml:263)."""

    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "flatten.using_ints"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_shape = node.self_shape
        # derivatives.yaml:264
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:264', 'flatten.using_ints', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class NarrowBackward0(Node):
    """Backward of narrow (derivatives.yaml:266)."""

    __slots__ = ("dim_", "length_", "start_", "self_shape", "_view_version", "_view_base_fn")
    _op = "narrow"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        length = node.length_
        start = node.start_
        self_shape = node.self_shape
        # derivatives.yaml:267
        try:
            grad_self = slice_backward(grad, self_shape, dim, start, start + length, 1) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:267', 'narrow', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.length_ = None
        node.start_ = None
        node.self_shape = None


class SelectBackward0(Node):
    """Backward of select.int (derivatives.yaml:269)."""

    __slots__ = ("dim_", "index_", "self_shape", "_view_version", "_view_base_fn")
    _op = "select.int"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        self_shape = node.self_shape
        # derivatives.yaml:270
        try:
            grad_self = select_backward(grad, self_shape, dim, index) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:270', 'select.int', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.self_shape = None


class SliceBackward0(Node):
    """Backward of slice.Tensor (derivatives.yaml:272)."""

    __slots__ = ("dim_", "end_", "start_", "step_", "self_shape", "_view_version", "_view_base_fn")
    _op = "slice.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        end = node.end_
        start = node.start_
        step = node.step_
        self_shape = node.self_shape
        # derivatives.yaml:273
        try:
            grad_self = slice_backward(grad, self_shape, dim, start, end, step) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:273', 'slice.Tensor', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.end_ = None
        node.start_ = None
        node.step_ = None
        node.self_shape = None


class ContiguousBackward0(Node):
    """Backward of contiguous (derivatives.yaml:275)."""

    __slots__ = ("_view_version", "_view_base_fn")
    _op = "contiguous"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:276
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:276', 'contiguous', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class SplitBackward0(Node):
    """Backward of split.Tensor (derivatives.yaml:278)."""

    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "split.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        dim = node.dim_
        result_shape = node.result_shape
        # derivatives.yaml:279
        try:
            grad_self = split_backward(grads, result_shape, dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:279', 'split.Tensor', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_shape = None


class SplitBackward1(Node):
    """Backward of split.sizes (derivatives.yaml:281)."""

    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "split.sizes"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        dim = node.dim_
        result_shape = node.result_shape
        # derivatives.yaml:282
        try:
            grad_self = split_backward(grads, result_shape, dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:282', 'split.sizes', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_shape = None


class ChunkBackward0(Node):
    """Backward of chunk (derivatives.yaml:284)."""

    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "chunk"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        dim = node.dim_
        result_shape = node.result_shape
        # derivatives.yaml:285
        try:
            grad_self = split_backward(grads, result_shape, dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:285', 'chunk', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_shape = None


class CatBackward0(Node):
    """Backward of cat (derivatives.yaml:289)."""

    __slots__ = ("dim_", "tensors_shape")
    _op = "cat"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        tensors_shape = node.tensors_shape
        # derivatives.yaml:290
        try:
            grad_tensors = list(cat_backward(grad, tensors_shape, dim)) if any(e is not None for e in need) else [None] * len(need)
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:290', 'cat', 'tensors')
            raise
        return (*grad_tensors,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.tensors_shape = None


class StackBackward0(Node):
    """Backward of stack (derivatives.yaml:292)."""

    __slots__ = ("dim_", "tensors_shape")
    _op = "stack"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        tensors_shape = node.tensors_shape
        # derivatives.yaml:293
        try:
            grad_tensors = list(stack_backward(grad, len(tensors_shape), dim)) if any(e is not None for e in need) else [None] * len(need)
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:293', 'stack', 'tensors')
            raise
        return (*grad_tensors,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.tensors_shape = None


class GatherBackward0(Node):
    """Backward of gather (derivatives.yaml:295)."""

    __slots__ = ("dim_", "index_", "index_v", "self_shape")
    _op = "gather"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        self_shape = node.self_shape
        # derivatives.yaml:297
        try:
            grad_self = gather_backward(grad, self_shape, dim, index) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:297', 'gather', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.index_v = None
        node.self_shape = None


class IndexSelectBackward0(Node):
    """Backward of index_select (derivatives.yaml:299)."""

    __slots__ = ("dim_", "index_", "index_v", "self_shape")
    _op = "index_select"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        self_shape = node.self_shape
        # derivatives.yaml:301
        try:
            grad_self = index_select_backward(grad, self_shape, dim, index) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:301', 'index_select', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.index_v = None
        node.self_shape = None


class MaskedFillBackward0(Node):
    """Backward of masked_fill.Scalar (derivatives.yaml:303)."""

    __slots__ = ("mask_", "mask_v")
    _op = "masked_fill.Scalar"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        mask = node.mask_
        if isinstance(mask, Tensor) and mask._vc.value != node.mask_v:
            unpack(node, mask, node.mask_v, 'mask')
        # derivatives.yaml:305
        try:
            grad_self = grad.masked_fill(mask, 0) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:305', 'masked_fill.Scalar', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.mask_ = None
        node.mask_v = None


class IndexBackward0(Node):
    """Backward of index.Tensor (derivatives.yaml:308)."""

    __slots__ = ("indices_", "indices_v", "self_shape")
    _op = "index.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        indices = node.indices_
        if indices is not None:
            for t_, v_ in zip(indices, node.indices_v):
                if isinstance(t_, Tensor) and t_._vc.value != v_:
                    unpack(node, t_, v_, 'indices')
        self_shape = node.self_shape
        # derivatives.yaml:310
        try:
            grad_self = index_backward(grad, self_shape, indices) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:310', 'index.Tensor', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.indices_ = None
        node.indices_v = None
        node.self_shape = None


class IndexPutBackward0(Node):
    """Backward of index_put (derivatives.yaml:312)."""

    __slots__ = ("accumulate_", "indices_", "indices_v", "values_shape")
    _op = "index_put"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        accumulate = node.accumulate_
        indices = node.indices_
        if indices is not None:
            for t_, v_ in zip(indices, node.indices_v):
                if isinstance(t_, Tensor) and t_._vc.value != v_:
                    unpack(node, t_, v_, 'indices')
        values_shape = node.values_shape
        # derivatives.yaml:314
        try:
            grad_self = index_put_self_grad(grad, indices, accumulate) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:314', 'index_put', 'self')
            raise
        # derivatives.yaml:315
        try:
            grad_values = index_put_values_grad(grad, indices, values_shape) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:315', 'index_put', 'values')
            raise
        return (grad_self, grad_values)

    def release(node):
        node._released = True
        node.accumulate_ = None
        node.indices_ = None
        node.indices_v = None
        node.values_shape = None


class CloneBackward0(Node):
    """Backward of clone (derivatives.yaml:317)."""

    __slots__ = ()
    _op = "clone"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:318
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:318', 'clone', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class CopyBackward0(Node):
    """Backward of copy_ (derivatives.yaml:320)."""

    __slots__ = ()
    _op = "copy_"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:321
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:321', 'copy_', 'self')
            raise
        # derivatives.yaml:322
        try:
            grad_src = grad if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:322', 'copy_', 'src')
            raise
        return (grad_self, grad_src)

    def release(node):
        node._released = True


class FillBackward0(Node):
    """Backward of fill_.Scalar (derivatives.yaml:324)."""

    __slots__ = ()
    _op = "fill_.Scalar"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:325
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:325', 'fill_.Scalar', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ZeroBackward0(Node):
    """Backward of zero_ (derivatives.yaml:327)."""

    __slots__ = ()
    _op = "zero_"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:328
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:328', 'zero_', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ToBackward0(Node):
    """Backward of to.dtype (derivatives.yaml:330)."""

    __slots__ = ("_view_version", "_view_base_fn")
    _op = "to.dtype"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:331
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:331', 'to.dtype', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ToBackward1(Node):
    """Backward of to.device (derivatives.yaml:333)."""

    __slots__ = ("self_device", "_view_version", "_view_base_fn")
    _op = "to.device"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self_device = node.self_device
        # derivatives.yaml:334
        try:
            grad_self = grad.to(self_device) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:334', 'to.device', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_device = None


class Unique2Backward0(Node):
    """Backward of _unique2 (derivatives.yaml:336)."""

    __slots__ = ()
    _op = "_unique2"
    _n_out = 3

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)

    def release(node):
        node._released = True


class SparseCooTensorBackward0(Node):
    """Backward of sparse_coo_tensor (derivatives.yaml:342)."""

    __slots__ = ("indices_", "indices_v")
    _op = "sparse_coo_tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        # derivatives.yaml:343
        try:
            grad_values = _sparse_values_at(grad, indices) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:343', 'sparse_coo_tensor', 'values')
            raise
        grad_indices = not_implemented(node, 'indices') if need[0] is not None else None
        return (grad_indices, grad_values)

    def release(node):
        node._released = True
        node.indices_ = None
        node.indices_v = None


class ToSparseBackward0(Node):
    """Backward of to_sparse (derivatives.yaml:346)."""

    __slots__ = ("_view_version", "_view_base_fn")
    _op = "to_sparse"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:347
        try:
            grad_self = grad.to_dense() if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:347', 'to_sparse', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ToDenseBackward0(Node):
    """Backward of to_dense (derivatives.yaml:349)."""

    __slots__ = ("self_", "self_v", "_view_version", "_view_base_fn")
    _op = "to_dense"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:350
        try:
            grad_self = grad.sparse_mask(self.coalesce()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:350', 'to_dense', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class CoalesceBackward0(Node):
    """Backward of coalesce (derivatives.yaml:353)."""

    __slots__ = ("_view_version", "_view_base_fn")
    _op = "coalesce"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        # derivatives.yaml:354
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:354', 'coalesce', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True


class ValuesBackward0(Node):
    """Backward of values (derivatives.yaml:356)."""

    __slots__ = ("self_", "self_v", "self_shape", "_view_version", "_view_base_fn")
    _op = "values"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        self_shape = node.self_shape
        # derivatives.yaml:357
        try:
            grad_self = sparse_coo_tensor(self._indices(), grad, self_shape, is_coalesced=True) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:357', 'values', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None
        node.self_shape = None


class SparseMaskBackward0(Node):
    """Backward of sparse_mask (derivatives.yaml:360)."""

    __slots__ = ("mask_", "mask_v")
    _op = "sparse_mask"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        mask = node.mask_
        if isinstance(mask, Tensor) and mask._vc.value != node.mask_v:
            unpack(node, mask, node.mask_v, 'mask')
        # derivatives.yaml:361
        try:
            grad_self = grad.sparse_mask(mask).to_dense() if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:361', 'sparse_mask', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.mask_ = None
        node.mask_v = None


class SparseValuesAtBackward0(Node):
    """Backward of _sparse_values_at (derivatives.yaml:364)."""

    __slots__ = ("indices_", "indices_v", "self_", "self_v", "self_shape")
    _op = "_sparse_values_at"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        self_shape = node.self_shape
        # derivatives.yaml:367
        try:
            grad_self = (sparse_coo_tensor(indices, grad, self_shape) if self.is_sparse else sparse_coo_tensor(indices, grad, self_shape).to_dense()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:367', '_sparse_values_at', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.indices_ = None
        node.indices_v = None
        node.self_ = None
        node.self_v = None
        node.self_shape = None


class Log10Backward0(Node):
    """Backward of log10 (derivatives.yaml:373)."""

    __slots__ = ("self_", "self_v")
    _op = "log10"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:374
        try:
            grad_self = (grad / (self * 2.302585092994046)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:374', 'log10', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class Log2Backward0(Node):
    """Backward of log2 (derivatives.yaml:376)."""

    __slots__ = ("self_", "self_v")
    _op = "log2"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:377
        try:
            grad_self = (grad / (self * 0.6931471805599453)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:377', 'log2', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class FmodBackward0(Node):
    """Backward of fmod.Tensor (derivatives.yaml:379)."""

    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "fmod.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:380
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:380', 'fmod.Tensor', 'self')
            raise
        # derivatives.yaml:381
        try:
            grad_other = (-grad * div(self, other, rounding_mode='trunc')) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:381', 'fmod.Tensor', 'other')
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = None
        node.other_v = None
        node.self_ = None
        node.self_v = None


class LerpBackward0(Node):
    """Backward of lerp.Scalar (derivatives.yaml:383)."""

    __slots__ = ("weight_",)
    _op = "lerp.Scalar"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        weight = node.weight_
        # derivatives.yaml:384
        try:
            grad_self = scale(grad, 1 - weight) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:384', 'lerp.Scalar', 'self')
            raise
        # derivatives.yaml:385
        try:
            grad_end = scale(grad, weight) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:385', 'lerp.Scalar', 'end')
            raise
        return (grad_self, grad_end)

    def release(node):
        node._released = True
        node.weight_ = None


class LerpBackward1(Node):
    """Backward of lerp.Tensor (derivatives.yaml:387)."""

    __slots__ = ("weight_", "weight_v", "end_", "end_v", "self_", "self_v")
    _op = "lerp.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        end = node.end_
        if isinstance(end, Tensor) and end._vc.value != node.end_v:
            unpack(node, end, node.end_v, 'end')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:388
        try:
            grad_self = (grad * (1 - weight)) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:388', 'lerp.Tensor', 'self')
            raise
        # derivatives.yaml:389
        try:
            grad_end = (grad * weight) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:389', 'lerp.Tensor', 'end')
            raise
        # derivatives.yaml:390
        try:
            grad_weight = (grad * (end - self)) if need[2] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:390', 'lerp.Tensor', 'weight')
            raise
        return (grad_self, grad_end, grad_weight)

    def release(node):
        node._released = True
        node.weight_ = None
        node.weight_v = None
        node.end_ = None
        node.end_v = None
        node.self_ = None
        node.self_v = None


class NanToNumBackward0(Node):
    """Backward of _nan_to_num (derivatives.yaml:392)."""

    __slots__ = ("self_", "self_v")
    _op = "_nan_to_num"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:394
        try:
            grad_self = (grad * self.isfinite()) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:394', '_nan_to_num', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = None
        node.self_v = None


class CumsumBackward0(Node):
    """Backward of cumsum (derivatives.yaml:396)."""

    __slots__ = ("dim_",)
    _op = "cumsum"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        # derivatives.yaml:398
        try:
            grad_self = reversed_cumsum(grad, dim) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:398', 'cumsum', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None


class CumprodBackward0(Node):
    """Backward of cumprod (derivatives.yaml:400)."""

    __slots__ = ("dim_", "result_", "result_v", "self_", "self_v")
    _op = "cumprod"
    _saved_outputs = (('result_', 0),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        # derivatives.yaml:401
        try:
            grad_self = cumprod_backward(grad, self, dim, result) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:401', 'cumprod', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.result_ = None
        node.result_v = None
        node.self_ = None
        node.self_v = None


class SortBackward0(Node):
    """Backward of sort (derivatives.yaml:404)."""

    __slots__ = ("dim_", "indices_", "indices_v", "self_shape")
    _op = "sort"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        self_shape = node.self_shape
        # derivatives.yaml:406
        try:
            grad_self = gather_backward(grad, self_shape, dim, indices) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:406', 'sort', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.indices_ = None
        node.indices_v = None
        node.self_shape = None


class TopkBackward0(Node):
    """Backward of topk (derivatives.yaml:409)."""

    __slots__ = ("dim_", "indices_", "indices_v", "self_shape")
    _op = "topk"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        self_shape = node.self_shape
        # derivatives.yaml:411
        try:
            grad_self = gather_backward(grad, self_shape, dim, indices) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:411', 'topk', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.indices_ = None
        node.indices_v = None
        node.self_shape = None


class ScatterBackward0(Node):
    """Backward of scatter.src (derivatives.yaml:414)."""

    __slots__ = ("dim_", "index_", "index_v", "src_shape")
    _op = "scatter.src"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        src_shape = node.src_shape
        # derivatives.yaml:416
        try:
            grad_self = grad.scatter(dim, index, 0) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:416', 'scatter.src', 'self')
            raise
        # derivatives.yaml:417
        try:
            grad_src = scatter_src_grad(grad, dim, index, src_shape) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:417', 'scatter.src', 'src')
            raise
        return (grad_self, grad_src)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.index_v = None
        node.src_shape = None


class ScatterBackward1(Node):
    """Backward of scatter.value (derivatives.yaml:419)."""

    __slots__ = ("dim_", "index_", "index_v")
    _op = "scatter.value"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        # derivatives.yaml:421
        try:
            grad_self = grad.scatter(dim, index, 0) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:421', 'scatter.value', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.index_v = None


class ScatterAddBackward0(Node):
    """Backward of scatter_add (derivatives.yaml:424)."""

    __slots__ = ("dim_", "index_", "index_v", "src_shape")
    _op = "scatter_add"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        src_shape = node.src_shape
        # derivatives.yaml:426
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:426', 'scatter_add', 'self')
            raise
        # derivatives.yaml:427
        try:
            grad_src = scatter_src_grad(grad, dim, index, src_shape) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:427', 'scatter_add', 'src')
            raise
        return (grad_self, grad_src)

    def release(node):
        node._released = True
        node.dim_ = None
        node.index_ = None
        node.index_v = None
        node.src_shape = None


class IndexAddBackward0(Node):
    """Backward of index_add (derivatives.yaml:429)."""

    __slots__ = ("alpha_", "dim_", "index_", "index_v", "source_shape")
    _op = "index_add"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        alpha = node.alpha_
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        source_shape = node.source_shape
        # derivatives.yaml:431
        try:
            grad_self = grad if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:431', 'index_add', 'self')
            raise
        # derivatives.yaml:432
        try:
            grad_source = index_add_source_grad(grad, dim, index, source_shape, alpha) if need[1] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:432', 'index_add', 'source')
            raise
        return (grad_self, grad_source)

    def release(node):
        node._released = True
        node.alpha_ = None
        node.dim_ = None
        node.index_ = None
        node.index_v = None
        node.source_shape = None


class EmbeddingBackward0(Node):
    """Backward of embedding (derivatives.yaml:434)."""

    __slots__ = ("indices_", "indices_v", "padding_idx_", "scale_grad_by_freq_", "weight_shape")
    _op = "embedding"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        padding_idx = node.padding_idx_
        scale_grad_by_freq = node.scale_grad_by_freq_
        weight_shape = node.weight_shape
        # derivatives.yaml:436
        try:
            grad_weight = embedding_backward(grad, weight_shape, indices, padding_idx, scale_grad_by_freq) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:436', 'embedding', 'weight')
            raise
        return (grad_weight,)

    def release(node):
        node._released = True
        node.indices_ = None
        node.indices_v = None
        node.padding_idx_ = None
        node.scale_grad_by_freq_ = None
        node.weight_shape = None


class TrilBackward0(Node):
    """Backward of tril (derivatives.yaml:438)."""

    __slots__ = ("diagonal_",)
    _op = "tril"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        diagonal = node.diagonal_
        # derivatives.yaml:439
        try:
            grad_self = grad.tril(diagonal) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:439', 'tril', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.diagonal_ = None


class TriuBackward0(Node):
    """Backward of triu (derivatives.yaml:441)."""

    __slots__ = ("diagonal_",)
    _op = "triu"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        diagonal = node.diagonal_
        # derivatives.yaml:442
        try:
            grad_self = grad.triu(diagonal) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:442', 'triu', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.diagonal_ = None


class NonzeroBackward0(Node):
    """Backward of nonzero (derivatives.yaml:446)."""

    __slots__ = ()
    _op = "nonzero"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)

    def release(node):
        node._released = True


class NonzeroBackward1(Node):
    """Backward of nonzero.as_tuple (derivatives.yaml:449)."""

    __slots__ = ("_n_out",)
    _op = "nonzero.as_tuple"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)

    def release(node):
        node._released = True


class NonzeroNumpyBackward0(Node):
    """Backward of nonzero_numpy (derivatives.yaml:452)."""

    __slots__ = ("_n_out",)
    _op = "nonzero_numpy"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)

    def release(node):
        node._released = True


class RepeatInterleaveBackward0(Node):
    """Backward of repeat_interleave.Tensor (derivatives.yaml:455)."""

    __slots__ = ()
    _op = "repeat_interleave.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_repeats = not_implemented(node, 'repeats') if need[0] is not None else None
        return (grad_repeats,)

    def release(node):
        node._released = True


class DiagonalBackward0(Node):
    """Backward of diagonal (derivatives.yaml:458)."""

    __slots__ = ("dim1_", "dim2_", "offset_", "self_shape", "_view_version", "_view_base_fn")
    _op = "diagonal"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad = grads[0]
        dim1 = node.dim1_
        dim2 = node.dim2_
        offset = node.offset_
        self_shape = node.self_shape
        # derivatives.yaml:459
        try:
            grad_self = diagonal_backward(grad, self_shape, offset, dim1, dim2) if need[0] is not None else None
        except Exception as exc_:
            formula_failed(exc_, 'derivatives.yaml:459', 'diagonal', 'self')
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim1_ = None
        node.dim2_ = None
        node.offset_ = None
        node.self_shape = None


def record_neg(op):
    """The Autograd kernel of neg (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = NegBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_neg_(op):
    """The Autograd kernel of neg_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = NegBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_abs(op):
    """The Autograd kernel of abs (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = AbsBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_abs_(op):
    """The Autograd kernel of abs_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = AbsBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sign(op):
    """The Autograd kernel of sign (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SignBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sign_(op):
    """The Autograd kernel of sign_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = SignBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_relu(op):
    """The Autograd kernel of relu (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_relu_(op):
    """The Autograd kernel of relu_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = ReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result

    return record


def record_sigmoid(op):
    """The Autograd kernel of sigmoid (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SigmoidBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_tanh(op):
    """The Autograd kernel of tanh (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = TanhBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_exp(op):
    """The Autograd kernel of exp (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ExpBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_expm1(op):
    """The Autograd kernel of expm1 (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Expm1Backward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_log(op):
    """The Autograd kernel of log (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = LogBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_log1p(op):
    """The Autograd kernel of log1p (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Log1pBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sqrt(op):
    """The Autograd kernel of sqrt (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SqrtBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_rsqrt(op):
    """The Autograd kernel of rsqrt (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = RsqrtBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_reciprocal(op):
    """The Autograd kernel of reciprocal (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ReciprocalBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_sin(op):
    """The Autograd kernel of sin (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SinBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_cos(op):
    """The Autograd kernel of cos (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = CosBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_floor(op):
    """The Autograd kernel of floor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = FloorBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_floor_(op):
    """The Autograd kernel of floor_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = FloorBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_ceil(op):
    """The Autograd kernel of ceil (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = CeilBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_ceil_(op):
    """The Autograd kernel of ceil_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = CeilBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_round(op):
    """The Autograd kernel of round (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = RoundBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_round_(op):
    """The Autograd kernel of round_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = RoundBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_trunc(op):
    """The Autograd kernel of trunc (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = TruncBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_trunc_(op):
    """The Autograd kernel of trunc_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = TruncBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_add_Tensor(op):
    """The Autograd kernel of add.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        node = AddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_add__Tensor(op):
    """The Autograd kernel of add_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        check_inplace(op, self)
        node = AddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sub_Tensor(op):
    """The Autograd kernel of sub.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        node = SubBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sub__Tensor(op):
    """The Autograd kernel of sub_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        check_inplace(op, self)
        node = SubBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_mul_Tensor(op):
    """The Autograd kernel of mul.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = MulBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_self else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_self else 0
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_mul__Tensor(op):
    """The Autograd kernel of mul_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = MulBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_self else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_self else 0
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_div_Tensor(op):
    """The Autograd kernel of div.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = DivBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_floor_divide(op):
    """The Autograd kernel of floor_divide (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = FloorDivideBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_floor_divide_(op):
    """The Autograd kernel of floor_divide_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = FloorDivideBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_pow_Tensor_Tensor(op):
    """The Autograd kernel of pow.Tensor_Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, exponent):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_exponent = isinstance(exponent, Tensor) and exponent._requires_grad
        if not (need_self or need_exponent):
            return redispatch(self, exponent)
        node = PowBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((exponent, -1, exponent._shape, exponent._dtype) if exponent.grad_fn is None else edge(exponent)) if need_exponent else None,
        )
        node._hooks = None
        node._released = False
        node.exponent_ = exponent
        node.exponent_v = (exponent._vc.value if exponent.__class__ is Tensor and exponent._vc is not None else version(exponent))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, exponent)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result) if need_exponent else None
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_pow__Tensor_Tensor(op):
    """The Autograd kernel of pow_.Tensor_Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, exponent):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_exponent = isinstance(exponent, Tensor) and exponent._requires_grad
        if not (need_self or need_exponent):
            return redispatch(self, exponent)
        check_inplace(op, self)
        node = PowBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((exponent, -1, exponent._shape, exponent._dtype) if exponent.grad_fn is None else edge(exponent)) if need_exponent else None,
        )
        node._hooks = None
        node._released = False
        node.exponent_ = exponent
        node.exponent_v = (exponent._vc.value if exponent.__class__ is Tensor and exponent._vc is not None else version(exponent))
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, exponent)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result) if need_exponent else None
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result

    return record


def record_maximum(op):
    """The Autograd kernel of maximum (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = MaximumBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_maximum_(op):
    """The Autograd kernel of maximum_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = MaximumBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_minimum(op):
    """The Autograd kernel of minimum (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = MinimumBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_minimum_(op):
    """The Autograd kernel of minimum_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = MinimumBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_remainder_Tensor(op):
    """The Autograd kernel of remainder.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = RemainderBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_remainder__Tensor(op):
    """The Autograd kernel of remainder_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = RemainderBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_div__Tensor(op):
    """The Autograd kernel of div_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = DivBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__div_trunc(op):
    """The Autograd kernel of _div_trunc (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = DivTruncBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_where_self(op):
    """The Autograd kernel of where.self (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(condition, self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(condition, self, other)
        node = WhereBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.condition_ = condition
        node.condition_v = (condition._vc.value if condition.__class__ is Tensor and condition._vc is not None else version(condition))
        result = redispatch(condition, self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sum(op):
    """The Autograd kernel of sum (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim, dtype)
        node = SumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_mean(op):
    """The Autograd kernel of mean (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim, dtype)
        node = MeanBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_prod(op):
    """The Autograd kernel of prod (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim, dtype)
        node = ProdBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, keepdim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_amax(op):
    """The Autograd kernel of amax (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = AmaxBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, keepdim)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_amin(op):
    """The Autograd kernel of amin (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = AminBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, keepdim)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_max_dim(op):
    """The Autograd kernel of max.dim (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = MaxBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result

    return record


def record_min_dim(op):
    """The Autograd kernel of min.dim (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = MinBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result

    return record


def record_softmax_int(op):
    """The Autograd kernel of softmax.int (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = SoftmaxBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_log_softmax_int(op):
    """The Autograd kernel of log_softmax.int (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = LogSoftmaxBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_nll_loss(op):
    """The Autograd kernel of nll_loss (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, target, weight, reduction, ignore_index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, target, weight, reduction, ignore_index)
        node = NllLossBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.ignore_index_ = ignore_index
        node.reduction_ = reduction
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.target_ = target
        node.target_v = (target._vc.value if target.__class__ is Tensor and target._vc is not None else version(target))
        node.weight_ = weight
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight))
        result = redispatch(self, target, weight, reduction, ignore_index)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__nll_loss_backward(op):
    """The Autograd kernel of _nll_loss_backward (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(grad_output, self, target, weight, reduction, ignore_index):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, target, weight, reduction, ignore_index)
        node = NllLossBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks = None
        node._released = False
        node.ignore_index_ = ignore_index
        node.reduction_ = reduction
        node.target_ = target if need_grad_output else None
        node.target_v = (target._vc.value if target.__class__ is Tensor and target._vc is not None else version(target)) if need_grad_output else 0
        node.weight_ = weight if need_grad_output else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_grad_output else 0
        result = redispatch(grad_output, self, target, weight, reduction, ignore_index)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_gelu(op):
    """The Autograd kernel of gelu (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = GeluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__gelu_backward(op):
    """The Autograd kernel of _gelu_backward (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(grad_output, self):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self)
        node = GeluBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.grad_output_ = grad_output if need_self else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self else 0
        result = redispatch(grad_output, self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_silu(op):
    """The Autograd kernel of silu (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SiluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_silu_(op):
    """The Autograd kernel of silu_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = SiluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__copy_strided(op):
    """The Autograd kernel of _copy_strided (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = CopyStridedBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_leaky_relu(op):
    """The Autograd kernel of leaky_relu (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, negative_slope):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, negative_slope)
        node = LeakyReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.negative_slope_ = negative_slope
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_leaky_relu_(op):
    """The Autograd kernel of leaky_relu_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, negative_slope):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, negative_slope)
        check_inplace(op, self)
        node = LeakyReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.negative_slope_ = negative_slope
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__leaky_relu_backward(op):
    """The Autograd kernel of _leaky_relu_backward (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(grad_output, self, negative_slope):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, negative_slope)
        node = LeakyReluBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks = None
        node._released = False
        node.negative_slope_ = negative_slope
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        result = redispatch(grad_output, self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__tanh_backward(op):
    """The Autograd kernel of _tanh_backward (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(grad_output, tanh_out):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_tanh_out = isinstance(tanh_out, Tensor) and tanh_out._requires_grad
        if not (need_grad_output or need_tanh_out):
            return redispatch(grad_output, tanh_out)
        node = TanhBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((tanh_out, -1, tanh_out._shape, tanh_out._dtype) if tanh_out.grad_fn is None else edge(tanh_out)) if need_tanh_out else None,
        )
        node._hooks = None
        node._released = False
        node.tanh_out_ = tanh_out
        node.tanh_out_v = (tanh_out._vc.value if tanh_out.__class__ is Tensor and tanh_out._vc is not None else version(tanh_out))
        node.grad_output_ = grad_output if need_tanh_out else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_tanh_out else 0
        result = redispatch(grad_output, tanh_out)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__log_softmax_backward(op):
    """The Autograd kernel of _log_softmax_backward (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(grad_output, log_probs, dim):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_log_probs = isinstance(log_probs, Tensor) and log_probs._requires_grad
        if not (need_grad_output or need_log_probs):
            return redispatch(grad_output, log_probs, dim)
        node = LogSoftmaxBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((log_probs, -1, log_probs._shape, log_probs._dtype) if log_probs.grad_fn is None else edge(log_probs)) if need_log_probs else None,
        )
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.log_probs_ = log_probs
        node.log_probs_v = (log_probs._vc.value if log_probs.__class__ is Tensor and log_probs._vc is not None else version(log_probs))
        node.grad_output_ = grad_output if need_log_probs else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_log_probs else 0
        result = redispatch(grad_output, log_probs, dim)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_mm(op):
    """The Autograd kernel of mm (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mat2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_mat2 = isinstance(mat2, Tensor) and mat2._requires_grad
        if not (need_self or need_mat2):
            return redispatch(self, mat2)
        node = MmBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((mat2, -1, mat2._shape, mat2._dtype) if mat2.grad_fn is None else edge(mat2)) if need_mat2 else None,
        )
        node._hooks = None
        node._released = False
        node.mat2_ = mat2 if need_self else None
        node.mat2_v = (mat2._vc.value if mat2.__class__ is Tensor and mat2._vc is not None else version(mat2)) if need_self else 0
        node.self_ = self if need_mat2 else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_mat2 else 0
        result = redispatch(self, mat2)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_bmm(op):
    """The Autograd kernel of bmm (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mat2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_mat2 = isinstance(mat2, Tensor) and mat2._requires_grad
        if not (need_self or need_mat2):
            return redispatch(self, mat2)
        node = BmmBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((mat2, -1, mat2._shape, mat2._dtype) if mat2.grad_fn is None else edge(mat2)) if need_mat2 else None,
        )
        node._hooks = None
        node._released = False
        node.mat2_ = mat2 if need_self else None
        node.mat2_v = (mat2._vc.value if mat2.__class__ is Tensor and mat2._vc is not None else version(mat2)) if need_self else 0
        node.self_ = self if need_mat2 else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_mat2 else 0
        result = redispatch(self, mat2)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_dot(op):
    """The Autograd kernel of dot (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, tensor):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_tensor = isinstance(tensor, Tensor) and tensor._requires_grad
        if not (need_self or need_tensor):
            return redispatch(self, tensor)
        node = DotBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((tensor, -1, tensor._shape, tensor._dtype) if tensor.grad_fn is None else edge(tensor)) if need_tensor else None,
        )
        node._hooks = None
        node._released = False
        node.tensor_ = tensor if need_self else None
        node.tensor_v = (tensor._vc.value if tensor.__class__ is Tensor and tensor._vc is not None else version(tensor)) if need_self else 0
        node.self_ = self if need_tensor else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_tensor else 0
        result = redispatch(self, tensor)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_view(op):
    """The Autograd kernel of view (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, size):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, size)
        node = ViewBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, size)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_reshape(op):
    """The Autograd kernel of reshape (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, shape):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, shape)
        node = ReshapeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, shape)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_t(op):
    """The Autograd kernel of t (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = TBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_transpose_int(op):
    """The Autograd kernel of transpose.int (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim0, dim1):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim0, dim1)
        node = TransposeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim0_ = dim0
        node.dim1_ = dim1
        result = redispatch(self, dim0, dim1)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_permute(op):
    """The Autograd kernel of permute (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dims):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dims)
        node = PermuteBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dims_ = dims
        result = redispatch(self, dims)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_expand(op):
    """The Autograd kernel of expand (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, size, implicit):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, size, implicit)
        node = ExpandBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, size, implicit)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_squeeze(op):
    """The Autograd kernel of squeeze (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SqueezeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_squeeze_dim(op):
    """The Autograd kernel of squeeze.dim (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim)
        node = SqueezeBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_squeeze_dims(op):
    """The Autograd kernel of squeeze.dims (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim)
        node = SqueezeBackward2()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_unsqueeze(op):
    """The Autograd kernel of unsqueeze (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim)
        node = UnsqueezeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        result = redispatch(self, dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_flatten_using_ints(op):
    """The Autograd kernel of flatten.using_ints (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, start_dim, end_dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, start_dim, end_dim)
        node = FlattenBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, start_dim, end_dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_narrow(op):
    """The Autograd kernel of narrow (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, start, length):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, start, length)
        node = NarrowBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        node.length_ = length
        node.start_ = start
        node.self_shape = self._shape
        result = redispatch(self, dim, start, length)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_select_int(op):
    """The Autograd kernel of select.int (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index)
        node = SelectBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        node.index_ = index
        node.self_shape = self._shape
        result = redispatch(self, dim, index)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_slice_Tensor(op):
    """The Autograd kernel of slice.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, start, end, step):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, start, end, step)
        node = SliceBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        node.end_ = end
        node.start_ = start
        node.step_ = step
        node.self_shape = self._shape
        result = redispatch(self, dim, start, end, step)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_contiguous(op):
    """The Autograd kernel of contiguous (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ContiguousBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_split_Tensor(op):
    """The Autograd kernel of split.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, split_size, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, split_size, dim)
        node = SplitBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        result = redispatch(self, split_size, dim)
        node._view_version = (self._vc or self._version_counter).value
        node._n_out = len(result)
        for i, t in enumerate(result):
            set_history(t, node, i)
        node.result_shape = [t._shape for t in result]
        return result

    return record


def record_split_sizes(op):
    """The Autograd kernel of split.sizes (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, split_size, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, split_size, dim)
        node = SplitBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        result = redispatch(self, split_size, dim)
        node._view_version = (self._vc or self._version_counter).value
        node._n_out = len(result)
        for i, t in enumerate(result):
            set_history(t, node, i)
        node.result_shape = [t._shape for t in result]
        return result

    return record


def record_chunk(op):
    """The Autograd kernel of chunk (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, chunks, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, chunks, dim)
        node = ChunkBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        result = redispatch(self, chunks, dim)
        node._view_version = (self._vc or self._version_counter).value
        node._n_out = len(result)
        for i, t in enumerate(result):
            set_history(t, node, i)
        node.result_shape = [t._shape for t in result]
        return result

    return record


def record_cat(op):
    """The Autograd kernel of cat (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(tensors, dim):
        need_tensors = [isinstance(t, Tensor) and t._requires_grad for t in tensors]
        if not any(need_tensors):
            return redispatch(tensors, dim)
        node = CatBackward0()
        node._next = tuple(edge(t) if k else None for t, k in zip(tensors, need_tensors))
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.tensors_shape = [t._shape for t in tensors]
        result = redispatch(tensors, dim)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_stack(op):
    """The Autograd kernel of stack (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(tensors, dim):
        need_tensors = [isinstance(t, Tensor) and t._requires_grad for t in tensors]
        if not any(need_tensors):
            return redispatch(tensors, dim)
        node = StackBackward0()
        node._next = tuple(edge(t) if k else None for t, k in zip(tensors, need_tensors))
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.tensors_shape = [t._shape for t in tensors]
        result = redispatch(tensors, dim)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_gather(op):
    """The Autograd kernel of gather (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, sparse_grad):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, sparse_grad)
        node = GatherBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.self_shape = self._shape
        result = redispatch(self, dim, index, sparse_grad)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_select(op):
    """The Autograd kernel of index_select (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index)
        node = IndexSelectBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.self_shape = self._shape
        result = redispatch(self, dim, index)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_masked_fill_Scalar(op):
    """The Autograd kernel of masked_fill.Scalar (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mask, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask, value)
        node = MaskedFillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask, value)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_masked_fill__Scalar(op):
    """The Autograd kernel of masked_fill_.Scalar (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mask, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask, value)
        check_inplace(op, self)
        node = MaskedFillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask, value)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_Tensor(op):
    """The Autograd kernel of index.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, indices):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, indices)
        node = IndexBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.self_shape = self._shape
        result = redispatch(self, indices)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_put(op):
    """The Autograd kernel of index_put (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, indices, values, accumulate):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_values = isinstance(values, Tensor) and values._requires_grad
        if not (need_self or need_values):
            return redispatch(self, indices, values, accumulate)
        node = IndexPutBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((values, -1, values._shape, values._dtype) if values.grad_fn is None else edge(values)) if need_values else None,
        )
        node._hooks = None
        node._released = False
        node.accumulate_ = accumulate
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.values_shape = values._shape if need_values else None
        result = redispatch(self, indices, values, accumulate)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_put_(op):
    """The Autograd kernel of index_put_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, indices, values, accumulate):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_values = isinstance(values, Tensor) and values._requires_grad
        if not (need_self or need_values):
            return redispatch(self, indices, values, accumulate)
        check_inplace(op, self)
        node = IndexPutBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((values, -1, values._shape, values._dtype) if values.grad_fn is None else edge(values)) if need_values else None,
        )
        node._hooks = None
        node._released = False
        node.accumulate_ = accumulate
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.values_shape = values._shape if need_values else None
        result = redispatch(self, indices, values, accumulate)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_clone(op):
    """The Autograd kernel of clone (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = CloneBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_copy_(op):
    """The Autograd kernel of copy_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, src, non_blocking):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_src = isinstance(src, Tensor) and src._requires_grad
        if not (need_self or need_src):
            return redispatch(self, src, non_blocking)
        check_inplace(op, self)
        node = CopyBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((src, -1, src._shape, src._dtype) if src.grad_fn is None else edge(src)) if need_src else None,
        )
        node._hooks = None
        node._released = False
        result = redispatch(self, src, non_blocking)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_fill__Scalar(op):
    """The Autograd kernel of fill_.Scalar (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, value)
        check_inplace(op, self)
        node = FillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self, value)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_zero_(op):
    """The Autograd kernel of zero_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = ZeroBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_to_device(op):
    """The Autograd kernel of to.device (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, device, dtype, non_blocking, copy):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, device, dtype, non_blocking, copy)
        node = ToBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_device = self._device
        result = redispatch(self, device, dtype, non_blocking, copy)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_to_dtype(op):
    """The Autograd kernel of to.dtype (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dtype, non_blocking, copy):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dtype, non_blocking, copy)
        node = ToBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self, dtype, non_blocking, copy)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__unique2(op):
    """The Autograd kernel of _unique2 (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, sorted, return_inverse, return_counts):
        return redispatch(self, sorted, return_inverse, return_counts)

    return record


def record_sparse_coo_tensor(op):
    """The Autograd kernel of sparse_coo_tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(indices, values, size, dtype, is_coalesced):
        need_indices = isinstance(indices, Tensor) and indices._requires_grad
        need_values = isinstance(values, Tensor) and values._requires_grad
        if not (need_indices or need_values):
            return redispatch(indices, values, size, dtype, is_coalesced)
        node = SparseCooTensorBackward0()
        node._next = (
            ((indices, -1, indices._shape, indices._dtype) if indices.grad_fn is None else edge(indices)) if need_indices else None,
            ((values, -1, values._shape, values._dtype) if values.grad_fn is None else edge(values)) if need_values else None,
        )
        node._hooks = None
        node._released = False
        node.indices_ = indices if need_values else None
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices)) if need_values else 0
        result = redispatch(indices, values, size, dtype, is_coalesced)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_to_sparse(op):
    """The Autograd kernel of to_sparse (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ToSparseBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_to_dense(op):
    """The Autograd kernel of to_dense (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dtype)
        node = ToDenseBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dtype)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_coalesce(op):
    """The Autograd kernel of coalesce (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = CoalesceBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_values(op):
    """The Autograd kernel of values (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ValuesBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.self_shape = self._shape
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_sparse_mask(op):
    """The Autograd kernel of sparse_mask (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mask):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask)
        node = SparseMaskBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__sparse_values_at(op):
    """The Autograd kernel of _sparse_values_at (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, indices):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, indices)
        node = SparseValuesAtBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.indices_ = indices
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.self_shape = self._shape
        result = redispatch(self, indices)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_log10(op):
    """The Autograd kernel of log10 (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Log10Backward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_log10_(op):
    """The Autograd kernel of log10_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = Log10Backward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_log2(op):
    """The Autograd kernel of log2 (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Log2Backward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_log2_(op):
    """The Autograd kernel of log2_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = Log2Backward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_fmod_Tensor(op):
    """The Autograd kernel of fmod.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = FmodBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_fmod__Tensor(op):
    """The Autograd kernel of fmod_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = FmodBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks = None
        node._released = False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_lerp_Scalar(op):
    """The Autograd kernel of lerp.Scalar (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, end, weight):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_end = isinstance(end, Tensor) and end._requires_grad
        if not (need_self or need_end):
            return redispatch(self, end, weight)
        node = LerpBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((end, -1, end._shape, end._dtype) if end.grad_fn is None else edge(end)) if need_end else None,
        )
        node._hooks = None
        node._released = False
        node.weight_ = weight
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_lerp__Scalar(op):
    """The Autograd kernel of lerp_.Scalar (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, end, weight):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_end = isinstance(end, Tensor) and end._requires_grad
        if not (need_self or need_end):
            return redispatch(self, end, weight)
        check_inplace(op, self)
        node = LerpBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((end, -1, end._shape, end._dtype) if end.grad_fn is None else edge(end)) if need_end else None,
        )
        node._hooks = None
        node._released = False
        node.weight_ = weight
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_lerp_Tensor(op):
    """The Autograd kernel of lerp.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, end, weight):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_end = isinstance(end, Tensor) and end._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        if not (need_self or need_end or need_weight):
            return redispatch(self, end, weight)
        node = LerpBackward1()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((end, -1, end._shape, end._dtype) if end.grad_fn is None else edge(end)) if need_end else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
        )
        node._hooks = None
        node._released = False
        node.weight_ = weight if need_self or need_end else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_self or need_end else 0
        node.end_ = end if need_weight else None
        node.end_v = (end._vc.value if end.__class__ is Tensor and end._vc is not None else version(end)) if need_weight else 0
        node.self_ = self if need_weight else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_weight else 0
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_lerp__Tensor(op):
    """The Autograd kernel of lerp_.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, end, weight):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_end = isinstance(end, Tensor) and end._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        if not (need_self or need_end or need_weight):
            return redispatch(self, end, weight)
        check_inplace(op, self)
        node = LerpBackward1()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((end, -1, end._shape, end._dtype) if end.grad_fn is None else edge(end)) if need_end else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
        )
        node._hooks = None
        node._released = False
        node.weight_ = weight if need_self or need_end else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_self or need_end else 0
        node.end_ = end if need_weight else None
        node.end_v = (end._vc.value if end.__class__ is Tensor and end._vc is not None else version(end)) if need_weight else 0
        node.self_ = saved_copy(self) if need_weight else None
        node.self_v = 0
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__nan_to_num(op):
    """The Autograd kernel of _nan_to_num (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, nan, posinf, neginf):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, nan, posinf, neginf)
        node = NanToNumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, nan, posinf, neginf)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_cumsum(op):
    """The Autograd kernel of cumsum (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = CumsumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_cumsum_(op):
    """The Autograd kernel of cumsum_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        check_inplace(op, self)
        node = CumsumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_cumprod(op):
    """The Autograd kernel of cumprod (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = CumprodBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result

    return record


def record_cumprod_(op):
    """The Autograd kernel of cumprod_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        check_inplace(op, self)
        node = CumprodBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result

    return record


def record_sort(op):
    """The Autograd kernel of sort (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, descending):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, descending)
        node = SortBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.self_shape = self._shape
        result = redispatch(self, dim, descending)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result

    return record


def record_topk(op):
    """The Autograd kernel of topk (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, k, dim, largest, sorted):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, k, dim, largest, sorted)
        node = TopkBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.self_shape = self._shape
        result = redispatch(self, k, dim, largest, sorted)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result

    return record


def record_scatter_src(op):
    """The Autograd kernel of scatter.src (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, src):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_src = isinstance(src, Tensor) and src._requires_grad
        if not (need_self or need_src):
            return redispatch(self, dim, index, src)
        node = ScatterBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((src, -1, src._shape, src._dtype) if src.grad_fn is None else edge(src)) if need_src else None,
        )
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_scatter__src(op):
    """The Autograd kernel of scatter_.src (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, src):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_src = isinstance(src, Tensor) and src._requires_grad
        if not (need_self or need_src):
            return redispatch(self, dim, index, src)
        check_inplace(op, self)
        node = ScatterBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((src, -1, src._shape, src._dtype) if src.grad_fn is None else edge(src)) if need_src else None,
        )
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_scatter_value(op):
    """The Autograd kernel of scatter.value (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, value)
        node = ScatterBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        result = redispatch(self, dim, index, value)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_scatter__value(op):
    """The Autograd kernel of scatter_.value (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, value)
        check_inplace(op, self)
        node = ScatterBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        result = redispatch(self, dim, index, value)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_scatter_add(op):
    """The Autograd kernel of scatter_add (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, src):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_src = isinstance(src, Tensor) and src._requires_grad
        if not (need_self or need_src):
            return redispatch(self, dim, index, src)
        node = ScatterAddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((src, -1, src._shape, src._dtype) if src.grad_fn is None else edge(src)) if need_src else None,
        )
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index if need_src else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_src else 0
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_scatter_add_(op):
    """The Autograd kernel of scatter_add_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, src):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_src = isinstance(src, Tensor) and src._requires_grad
        if not (need_self or need_src):
            return redispatch(self, dim, index, src)
        check_inplace(op, self)
        node = ScatterAddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((src, -1, src._shape, src._dtype) if src.grad_fn is None else edge(src)) if need_src else None,
        )
        node._hooks = None
        node._released = False
        node.dim_ = dim
        node.index_ = index if need_src else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_src else 0
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_add(op):
    """The Autograd kernel of index_add (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, source, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_source = isinstance(source, Tensor) and source._requires_grad
        if not (need_self or need_source):
            return redispatch(self, dim, index, source, alpha)
        node = IndexAddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((source, -1, source._shape, source._dtype) if source.grad_fn is None else edge(source)) if need_source else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        node.dim_ = dim
        node.index_ = index if need_source else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_source else 0
        node.source_shape = source._shape if need_source else None
        result = redispatch(self, dim, index, source, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_index_add_(op):
    """The Autograd kernel of index_add_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, dim, index, source, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_source = isinstance(source, Tensor) and source._requires_grad
        if not (need_self or need_source):
            return redispatch(self, dim, index, source, alpha)
        check_inplace(op, self)
        node = IndexAddBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((source, -1, source._shape, source._dtype) if source.grad_fn is None else edge(source)) if need_source else None,
        )
        node._hooks = None
        node._released = False
        node.alpha_ = alpha
        node.dim_ = dim
        node.index_ = index if need_source else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_source else 0
        node.source_shape = source._shape if need_source else None
        result = redispatch(self, dim, index, source, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_embedding(op):
    """The Autograd kernel of embedding (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(weight, indices, padding_idx, scale_grad_by_freq, sparse):
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        if not need_weight:
            return redispatch(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        node = EmbeddingBackward0()
        node._next = (((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)),)
        node._hooks = None
        node._released = False
        node.indices_ = indices
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices))
        node.padding_idx_ = padding_idx
        node.scale_grad_by_freq_ = scale_grad_by_freq
        node.weight_shape = weight._shape
        result = redispatch(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_tril(op):
    """The Autograd kernel of tril (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        node = TrilBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_tril_(op):
    """The Autograd kernel of tril_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        check_inplace(op, self)
        node = TrilBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_triu(op):
    """The Autograd kernel of triu (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        node = TriuBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_triu_(op):
    """The Autograd kernel of triu_ (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        check_inplace(op, self)
        node = TriuBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record_nonzero(op):
    """The Autograd kernel of nonzero (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        return redispatch(self)

    return record


def record_nonzero_as_tuple(op):
    """The Autograd kernel of nonzero.as_tuple (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, as_tuple):
        return redispatch(self, as_tuple)

    return record


def record_nonzero_numpy(op):
    """The Autograd kernel of nonzero_numpy (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self):
        return redispatch(self)

    return record


def record_repeat_interleave_Tensor(op):
    """The Autograd kernel of repeat_interleave.Tensor (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(repeats, output_size):
        return redispatch(repeats, output_size)

    return record


def record_diagonal(op):
    """The Autograd kernel of diagonal (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, offset, dim1, dim2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, offset, dim1, dim2)
        node = DiagonalBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks = None
        node._released = False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim1_ = dim1
        node.dim2_ = dim2
        node.offset_ = offset
        node.self_shape = self._shape
        result = redispatch(self, offset, dim1, dim2)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


def record__sparse_mm(op):
    """The Autograd kernel of _sparse_mm (the handle ``op``): runs it and records its node."""
    redispatch = below_autograd_entry(op)

    def record(self, mat2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_mat2 = isinstance(mat2, Tensor) and mat2._requires_grad
        if not (need_self or need_mat2):
            return redispatch(self, mat2)
        node = SparseMmBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((mat2, -1, mat2._shape, mat2._dtype) if mat2.grad_fn is None else edge(mat2)) if need_mat2 else None,
        )
        node._hooks = None
        node._released = False
        node.mat2_ = mat2 if need_self else None
        node.mat2_v = (mat2._vc.value if mat2.__class__ is Tensor and mat2._vc is not None else version(mat2)) if need_self else 0
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, mat2)
        if result._dtype.is_floating_point:
            result._requires_grad = True
            result.grad_fn = node
            result._output_nr = 0
        return result

    return record


# Op overload -> its recorder maker, ``make(handle)`` -> the op's Autograd kernel, which takes
# the op's arguments in schema order (bound by aten_lite/autograd/kernel.py).
RECORDERS = {
    "neg": record_neg,
    "neg_": record_neg_,
    "abs": record_abs,
    "abs_": record_abs_,
    "sign": record_sign,
    "sign_": record_sign_,
    "relu": record_relu,
    "relu_": record_relu_,
    "sigmoid": record_sigmoid,
    "tanh": record_tanh,
    "exp": record_exp,
    "expm1": record_expm1,
    "log": record_log,
    "log1p": record_log1p,
    "sqrt": record_sqrt,
    "rsqrt": record_rsqrt,
    "reciprocal": record_reciprocal,
    "sin": record_sin,
    "cos": record_cos,
    "floor": record_floor,
    "floor_": record_floor_,
    "ceil": record_ceil,
    "ceil_": record_ceil_,
    "round": record_round,
    "round_": record_round_,
    "trunc": record_trunc,
    "trunc_": record_trunc_,
    "add.Tensor": record_add_Tensor,
    "add_.Tensor": record_add__Tensor,
    "sub.Tensor": record_sub_Tensor,
    "sub_.Tensor": record_sub__Tensor,
    "mul.Tensor": record_mul_Tensor,
    "mul_.Tensor": record_mul__Tensor,
    "div.Tensor": record_div_Tensor,
    "floor_divide": record_floor_divide,
    "floor_divide_": record_floor_divide_,
    "pow.Tensor_Tensor": record_pow_Tensor_Tensor,
    "pow_.Tensor_Tensor": record_pow__Tensor_Tensor,
    "maximum": record_maximum,
    "maximum_": record_maximum_,
    "minimum": record_minimum,
    "minimum_": record_minimum_,
    "remainder.Tensor": record_remainder_Tensor,
    "remainder_.Tensor": record_remainder__Tensor,
    "div_.Tensor": record_div__Tensor,
    "_div_trunc": record__div_trunc,
    "where.self": record_where_self,
    "sum": record_sum,
    "mean": record_mean,
    "prod": record_prod,
    "amax": record_amax,
    "amin": record_amin,
    "max.dim": record_max_dim,
    "min.dim": record_min_dim,
    "softmax.int": record_softmax_int,
    "log_softmax.int": record_log_softmax_int,
    "nll_loss": record_nll_loss,
    "_nll_loss_backward": record__nll_loss_backward,
    "gelu": record_gelu,
    "_gelu_backward": record__gelu_backward,
    "silu": record_silu,
    "silu_": record_silu_,
    "_copy_strided": record__copy_strided,
    "leaky_relu": record_leaky_relu,
    "leaky_relu_": record_leaky_relu_,
    "_leaky_relu_backward": record__leaky_relu_backward,
    "_tanh_backward": record__tanh_backward,
    "_log_softmax_backward": record__log_softmax_backward,
    "mm": record_mm,
    "bmm": record_bmm,
    "dot": record_dot,
    "view": record_view,
    "reshape": record_reshape,
    "t": record_t,
    "transpose.int": record_transpose_int,
    "permute": record_permute,
    "expand": record_expand,
    "squeeze": record_squeeze,
    "squeeze.dim": record_squeeze_dim,
    "squeeze.dims": record_squeeze_dims,
    "unsqueeze": record_unsqueeze,
    "flatten.using_ints": record_flatten_using_ints,
    "narrow": record_narrow,
    "select.int": record_select_int,
    "slice.Tensor": record_slice_Tensor,
    "contiguous": record_contiguous,
    "split.Tensor": record_split_Tensor,
    "split.sizes": record_split_sizes,
    "chunk": record_chunk,
    "cat": record_cat,
    "stack": record_stack,
    "gather": record_gather,
    "index_select": record_index_select,
    "masked_fill.Scalar": record_masked_fill_Scalar,
    "masked_fill_.Scalar": record_masked_fill__Scalar,
    "index.Tensor": record_index_Tensor,
    "index_put": record_index_put,
    "index_put_": record_index_put_,
    "clone": record_clone,
    "copy_": record_copy_,
    "fill_.Scalar": record_fill__Scalar,
    "zero_": record_zero_,
    "to.device": record_to_device,
    "to.dtype": record_to_dtype,
    "_unique2": record__unique2,
    "sparse_coo_tensor": record_sparse_coo_tensor,
    "to_sparse": record_to_sparse,
    "to_dense": record_to_dense,
    "coalesce": record_coalesce,
    "values": record_values,
    "sparse_mask": record_sparse_mask,
    "_sparse_values_at": record__sparse_values_at,
    "log10": record_log10,
    "log10_": record_log10_,
    "log2": record_log2,
    "log2_": record_log2_,
    "fmod.Tensor": record_fmod_Tensor,
    "fmod_.Tensor": record_fmod__Tensor,
    "lerp.Scalar": record_lerp_Scalar,
    "lerp_.Scalar": record_lerp__Scalar,
    "lerp.Tensor": record_lerp_Tensor,
    "lerp_.Tensor": record_lerp__Tensor,
    "_nan_to_num": record__nan_to_num,
    "cumsum": record_cumsum,
    "cumsum_": record_cumsum_,
    "cumprod": record_cumprod,
    "cumprod_": record_cumprod_,
    "sort": record_sort,
    "topk": record_topk,
    "scatter.src": record_scatter_src,
    "scatter_.src": record_scatter__src,
    "scatter.value": record_scatter_value,
    "scatter_.value": record_scatter__value,
    "scatter_add": record_scatter_add,
    "scatter_add_": record_scatter_add_,
    "index_add": record_index_add,
    "index_add_": record_index_add_,
    "embedding": record_embedding,
    "tril": record_tril,
    "tril_": record_tril_,
    "triu": record_triu,
    "triu_": record_triu_,
    "nonzero": record_nonzero,
    "nonzero.as_tuple": record_nonzero_as_tuple,
    "nonzero_numpy": record_nonzero_numpy,
    "repeat_interleave.Tensor": record_repeat_interleave_Tensor,
    "diagonal": record_diagonal,
    "_sparse_mm": record__sparse_mm,
}
