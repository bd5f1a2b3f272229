# @generated from native_functions.yaml and derivatives.yaml (sha256 82e8de754057a8f8).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""Backward nodes and their recorders, one per derivatives.yaml entry.

A recorder is the Autograd kernel of its op: ``record_<op>(op)`` makes it for the op's handle
``op`` (bound by aten_lite/autograd/kernel.py); it builds the node, saves what the formulas read
(Note [What a node saves] in tools/codegen/api_autograd.py), runs the op below autograd and
gives the outputs their history. A node's apply() evaluates the formulas of the inputs that
need a gradient; each formula's comment names its YAML line.
"""

from functools import partial

from aten_lite.autograd.formulas import *  # noqa: F401,F403 (helpers the formulas call)
from aten_lite.autograd.node import (
    Node, Tensor, _grad_state, below_autograd_entry, check_alive, check_inplace, detached, edge,
    formula_failed, not_implemented, saved_copy, set_history, through_values, unpack,
    unpack_output, version,
)

from aten_lite._generated.ops import (  # the ops the formulas call
    _elu_backward,
    _gelu_backward,
    _gelu_tanh_backward,
    _hardsigmoid_backward,
    _hardswish_backward,
    _hardtanh_backward,
    _layer_norm,
    _layer_norm_backward,
    _leaky_relu_backward,
    _log_sigmoid_backward,
    _log_softmax_backward,
    _mish_backward,
    _nll_loss_backward,
    _shrink_backward,
    _softmax_backward,
    _softplus,
    _softplus_backward,
    _sparse_values_at,
    _tanh_backward,
    _threshold_backward,
    div,
    floor_divide,
    im2col,
    nll_loss,
    sparse_coo_tensor,
)


class NegBackward0(Node):
    """Backward of neg (derivatives.yaml:27)."""
    __slots__ = ()
    _op = "neg"
    _formulas = (('derivatives.yaml:28', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = (-grad) if need[0] is not None else None  # derivatives.yaml:28
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class AbsBackward0(Node):
    """Backward of abs (derivatives.yaml:30)."""
    __slots__ = ("self_", "self_v")
    _op = "abs"
    _formulas = (('derivatives.yaml:31', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad * self.sign()) if need[0] is not None else None  # derivatives.yaml:31
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class SignBackward0(Node):
    """Backward of sign (derivatives.yaml:33)."""
    __slots__ = ()
    _op = "sign"
    _formulas = (('derivatives.yaml:34', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None  # derivatives.yaml:34
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class ReluBackward0(Node):
    """Backward of relu (derivatives.yaml:36)."""
    __slots__ = ("result_", "result_v")
    _op = "relu"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:38', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (grad * result.sign()) if need[0] is not None else None  # derivatives.yaml:38
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class SigmoidBackward0(Node):
    """Backward of sigmoid (derivatives.yaml:40)."""
    __slots__ = ("result_", "result_v")
    _op = "sigmoid"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:41', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (grad * result * (1 - result)) if need[0] is not None else None  # derivatives.yaml:41
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class TanhBackward0(Node):
    """Backward of tanh (derivatives.yaml:43)."""
    __slots__ = ("result_", "result_v")
    _op = "tanh"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:44', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = _tanh_backward(grad, result) if need[0] is not None else None  # derivatives.yaml:44
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class ExpBackward0(Node):
    """Backward of exp (derivatives.yaml:46)."""
    __slots__ = ("result_", "result_v")
    _op = "exp"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:47', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (grad * result) if need[0] is not None else None  # derivatives.yaml:47
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class Expm1Backward0(Node):
    """Backward of expm1 (derivatives.yaml:49)."""
    __slots__ = ("result_", "result_v")
    _op = "expm1"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:50', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (grad * (result + 1)) if need[0] is not None else None  # derivatives.yaml:50
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class LogBackward0(Node):
    """Backward of log (derivatives.yaml:52)."""
    __slots__ = ("self_", "self_v")
    _op = "log"
    _formulas = (('derivatives.yaml:53', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad / self) if need[0] is not None else None  # derivatives.yaml:53
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class Log1pBackward0(Node):
    """Backward of log1p (derivatives.yaml:55)."""
    __slots__ = ("self_", "self_v")
    _op = "log1p"
    _formulas = (('derivatives.yaml:56', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad / (self + 1)) if need[0] is not None else None  # derivatives.yaml:56
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class SqrtBackward0(Node):
    """Backward of sqrt (derivatives.yaml:58)."""
    __slots__ = ("result_", "result_v")
    _op = "sqrt"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:59', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (grad / (2 * result)) if need[0] is not None else None  # derivatives.yaml:59
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class RsqrtBackward0(Node):
    """Backward of rsqrt (derivatives.yaml:61)."""
    __slots__ = ("result_", "result_v")
    _op = "rsqrt"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:62', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (-0.5 * grad * result * result * result) if need[0] is not None else None  # derivatives.yaml:62
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class ReciprocalBackward0(Node):
    """Backward of reciprocal (derivatives.yaml:64)."""
    __slots__ = ("result_", "result_v")
    _op = "reciprocal"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:65', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = (-grad * result * result) if need[0] is not None else None  # derivatives.yaml:65
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class SinBackward0(Node):
    """Backward of sin (derivatives.yaml:67)."""
    __slots__ = ("self_", "self_v")
    _op = "sin"
    _formulas = (('derivatives.yaml:68', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad * self.cos()) if need[0] is not None else None  # derivatives.yaml:68
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class CosBackward0(Node):
    """Backward of cos (derivatives.yaml:70)."""
    __slots__ = ("self_", "self_v")
    _op = "cos"
    _formulas = (('derivatives.yaml:71', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (-grad * self.sin()) if need[0] is not None else None  # derivatives.yaml:71
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class FloorBackward0(Node):
    """Backward of floor (derivatives.yaml:73); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "floor"
    _formulas = (('derivatives.yaml:74', 'self'),)
    apply = SignBackward0.apply


class CeilBackward0(Node):
    """Backward of ceil (derivatives.yaml:76); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "ceil"
    _formulas = (('derivatives.yaml:77', 'self'),)
    apply = SignBackward0.apply


class RoundBackward0(Node):
    """Backward of round (derivatives.yaml:79); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "round"
    _formulas = (('derivatives.yaml:80', 'self'),)
    apply = SignBackward0.apply


class TruncBackward0(Node):
    """Backward of trunc (derivatives.yaml:82); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "trunc"
    _formulas = (('derivatives.yaml:83', 'self'),)
    apply = SignBackward0.apply


class AddBackward0(Node):
    """Backward of add.Tensor (derivatives.yaml:87)."""
    __slots__ = ("alpha_",)
    _op = "add.Tensor"
    _formulas = (('derivatives.yaml:88', 'self'), ('derivatives.yaml:89', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        alpha = node.alpha_
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:88
            at_ = 1
            grad_other = scale(grad, alpha) if need[1] is not None else None  # derivatives.yaml:89
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.alpha_ = None


class SubBackward0(Node):
    """Backward of sub.Tensor (derivatives.yaml:91)."""
    __slots__ = ("alpha_",)
    _op = "sub.Tensor"
    _formulas = (('derivatives.yaml:92', 'self'), ('derivatives.yaml:93', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        alpha = node.alpha_
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:92
            at_ = 1
            grad_other = scale(grad, -alpha) if need[1] is not None else None  # derivatives.yaml:93
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.alpha_ = None


class MulBackward0(Node):
    """Backward of mul.Tensor (derivatives.yaml:95)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "mul.Tensor"
    _formulas = (('derivatives.yaml:96', 'self'), ('derivatives.yaml:97', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = (grad * other) if need[0] is not None else None  # derivatives.yaml:96
            at_ = 1
            grad_other = (grad * self) if need[1] is not None else None  # derivatives.yaml:97
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class DivBackward0(Node):
    """Backward of div.Tensor (derivatives.yaml:99)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "div.Tensor"
    _formulas = (('derivatives.yaml:100', 'self'), ('derivatives.yaml:101', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = (grad / other) if need[0] is not None else None  # derivatives.yaml:100
            at_ = 1
            grad_other = (-grad * self / (other * other)) if need[1] is not None else None  # derivatives.yaml:101
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class DivTruncBackward0(Node):
    """Backward of _div_trunc (derivatives.yaml:103)."""
    __slots__ = ()
    _op = "_div_trunc"
    _formulas = (('derivatives.yaml:104', 'self'), ('derivatives.yaml:105', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        at_ = 0
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None  # derivatives.yaml:104
            at_ = 1
            grad_other = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:105
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)


class FloorDivideBackward0(Node):
    """Backward of floor_divide (derivatives.yaml:107); the same code as DivTruncBackward0's."""
    __slots__ = ()
    _op = "floor_divide"
    _formulas = (('derivatives.yaml:108', 'self'), ('derivatives.yaml:109', 'other'),)
    apply = DivTruncBackward0.apply


class RemainderBackward0(Node):
    """Backward of remainder.Tensor (derivatives.yaml:111)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "remainder.Tensor"
    _formulas = (('derivatives.yaml:112', 'self'), ('derivatives.yaml:113', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:112
            at_ = 1
            grad_other = (-grad * floor_divide(self, other)) if need[1] is not None else None  # derivatives.yaml:113
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class PowBackward0(Node):
    """Backward of pow.Tensor_Tensor (derivatives.yaml:115)."""
    __slots__ = ("exponent_", "exponent_v", "self_", "self_v", "result_", "result_v")
    _op = "pow.Tensor_Tensor"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:116', 'self'), ('derivatives.yaml:117', 'exponent'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        exponent = node.exponent_
        if isinstance(exponent, Tensor) and exponent._vc.value != node.exponent_v:
            unpack(node, exponent, node.exponent_v, 'exponent')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        at_ = 0
        try:
            grad_self = pow_self_grad(grad, self, exponent) if need[0] is not None else None  # derivatives.yaml:116
            at_ = 1
            grad_exponent = pow_exponent_grad(grad, self, exponent, result) if need[1] is not None else None  # derivatives.yaml:117
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_exponent)

    def release(node):
        node._released = True
        node.exponent_ = node.exponent_v = node.self_ = node.self_v = node.result_ = node.result_v = None


class MaximumBackward0(Node):
    """Backward of maximum (derivatives.yaml:119)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "maximum"
    _formulas = (('derivatives.yaml:120', 'self'), ('derivatives.yaml:121', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = binary_extremum_grad(grad, self, other, True) if need[0] is not None else None  # derivatives.yaml:120
            at_ = 1
            grad_other = binary_extremum_grad(grad, other, self, True) if need[1] is not None else None  # derivatives.yaml:121
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class MinimumBackward0(Node):
    """Backward of minimum (derivatives.yaml:123)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "minimum"
    _formulas = (('derivatives.yaml:124', 'self'), ('derivatives.yaml:125', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = binary_extremum_grad(grad, self, other, False) if need[0] is not None else None  # derivatives.yaml:124
            at_ = 1
            grad_other = binary_extremum_grad(grad, other, self, False) if need[1] is not None else None  # derivatives.yaml:125
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class WhereBackward0(Node):
    """Backward of where.self (derivatives.yaml:127)."""
    __slots__ = ("condition_", "condition_v")
    _op = "where.self"
    _formulas = (('derivatives.yaml:129', 'self'), ('derivatives.yaml:130', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        condition = node.condition_
        if isinstance(condition, Tensor) and condition._vc.value != node.condition_v:
            unpack(node, condition, node.condition_v, 'condition')
        at_ = 0
        try:
            grad_self = (grad * condition) if need[0] is not None else None  # derivatives.yaml:129
            at_ = 1
            grad_other = (grad * condition.logical_not()) if need[1] is not None else None  # derivatives.yaml:130
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.condition_ = node.condition_v = None


class SumBackward0(Node):
    """Backward of sum (derivatives.yaml:134)."""
    __slots__ = ("dim_", "keepdim_", "self_shape")
    _op = "sum"
    _formulas = (('derivatives.yaml:135', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        self_shape = node.self_shape
        try:
            grad_self = expand_reduced(grad, self_shape, dim, keepdim) if need[0] is not None else None  # derivatives.yaml:135
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.keepdim_ = node.self_shape = None


class MeanBackward0(Node):
    """Backward of mean (derivatives.yaml:137)."""
    __slots__ = ("dim_", "keepdim_", "self_shape")
    _op = "mean"
    _formulas = (('derivatives.yaml:138', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        self_shape = node.self_shape
        try:
            grad_self = expand_reduced(grad / reduced_count(self_shape, dim), self_shape, dim, keepdim) if need[0] is not None else None  # derivatives.yaml:138
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.keepdim_ = node.self_shape = None


class ProdBackward0(Node):
    """Backward of prod (derivatives.yaml:140)."""
    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "prod"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:141', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = prod_grad(grad, self, result, dim, keepdim) if need[0] is not None else None  # derivatives.yaml:141
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.keepdim_ = node.result_ = node.result_v = node.self_ = node.self_v = None


class AmaxBackward0(Node):
    """Backward of amax (derivatives.yaml:144)."""
    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "amax"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:145', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        keepdim = node.keepdim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = extremum_grad(grad, self, result, dim, keepdim) if need[0] is not None else None  # derivatives.yaml:145
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.keepdim_ = node.result_ = node.result_v = node.self_ = node.self_v = None


class AminBackward0(Node):
    """Backward of amin (derivatives.yaml:148); the same code as AmaxBackward0's."""
    __slots__ = ("dim_", "keepdim_", "result_", "result_v", "self_", "self_v")
    _op = "amin"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:149', 'self'),)
    apply = AmaxBackward0.apply
    release = AmaxBackward0.release


class MaxBackward0(Node):
    """Backward of max.dim (derivatives.yaml:152)."""
    __slots__ = ("dim_", "indices_", "indices_v", "keepdim_", "self_shape")
    _op = "max.dim"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)
    _formulas = (('derivatives.yaml:154', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        keepdim = node.keepdim_
        self_shape = node.self_shape
        try:
            grad_self = index_grad(grad, self_shape, dim, indices, keepdim) if need[0] is not None else None  # derivatives.yaml:154
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.indices_ = node.indices_v = node.keepdim_ = node.self_shape = None


class MinBackward0(Node):
    """Backward of min.dim (derivatives.yaml:157); the same code as MaxBackward0's."""
    __slots__ = ("dim_", "indices_", "indices_v", "keepdim_", "self_shape")
    _op = "min.dim"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)
    _formulas = (('derivatives.yaml:159', 'self'),)
    apply = MaxBackward0.apply
    release = MaxBackward0.release


class SoftmaxBackward0(Node):
    """Backward of softmax.int (derivatives.yaml:162)."""
    __slots__ = ("dim_", "result_", "result_v")
    _op = "softmax.int"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:163', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = _softmax_backward(grad, result, dim) if need[0] is not None else None  # derivatives.yaml:163
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.result_ = node.result_v = None


class LogSoftmaxBackward0(Node):
    """Backward of log_softmax.int (derivatives.yaml:166)."""
    __slots__ = ("dim_", "result_", "result_v")
    _op = "log_softmax.int"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:167', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_self = _log_softmax_backward(grad, result, dim) if need[0] is not None else None  # derivatives.yaml:167
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.result_ = node.result_v = None


class NllLossBackward0(Node):
    """Backward of nll_loss (derivatives.yaml:170)."""
    __slots__ = ("ignore_index_", "reduction_", "self_", "self_v", "target_", "target_v", "weight_", "weight_v")
    _op = "nll_loss"
    _formulas = (('derivatives.yaml:172', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
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
        try:
            grad_self = _nll_loss_backward(grad, self, target, weight, reduction, ignore_index) if need[0] is not None else None  # derivatives.yaml:172
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.ignore_index_ = node.reduction_ = node.self_ = node.self_v = node.target_ = node.target_v = node.weight_ = node.weight_v = None


class NllLossBackwardBackward0(Node):
    """Backward of _nll_loss_backward (derivatives.yaml:175)."""
    __slots__ = ("ignore_index_", "reduction_", "target_", "target_v", "weight_", "weight_v")
    _op = "_nll_loss_backward"
    _formulas = (('derivatives.yaml:177', 'grad_output'), ('derivatives.yaml:178', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        ignore_index = node.ignore_index_
        reduction = node.reduction_
        target = node.target_
        if isinstance(target, Tensor) and target._vc.value != node.target_v:
            unpack(node, target, node.target_v, 'target')
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        at_ = 0
        try:
            grad_grad_output = nll_loss(grad, target, weight, reduction, ignore_index) if need[0] is not None else None  # derivatives.yaml:177
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:178
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.ignore_index_ = node.reduction_ = node.target_ = node.target_v = node.weight_ = node.weight_v = None


class GeluBackward0(Node):
    """Backward of gelu (derivatives.yaml:180)."""
    __slots__ = ("self_", "self_v")
    _op = "gelu"
    _formulas = (('derivatives.yaml:181', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _gelu_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:181
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class GeluBackwardBackward0(Node):
    """Backward of _gelu_backward (derivatives.yaml:183)."""
    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_gelu_backward"
    _formulas = (('derivatives.yaml:184', 'grad_output'), ('derivatives.yaml:185', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _gelu_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:184
            at_ = 1
            grad_self = (grad * grad_output * (2 - self * self) * (-0.5 * self * self).exp() * 0.3989422804014327) if need[1] is not None else None  # derivatives.yaml:185
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class GeluTanhBackward0(Node):
    """Backward of _gelu_tanh (derivatives.yaml:187)."""
    __slots__ = ("self_", "self_v")
    _op = "_gelu_tanh"
    _formulas = (('derivatives.yaml:188', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _gelu_tanh_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:188
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class GeluTanhBackwardBackward0(Node):
    """Backward of _gelu_tanh_backward (derivatives.yaml:192)."""
    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_gelu_tanh_backward"
    _formulas = (('derivatives.yaml:193', 'grad_output'), ('derivatives.yaml:194', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _gelu_tanh_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:193
            at_ = 1
            grad_self = (grad * grad_output * ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid() * (1 - ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid()) * (2 * (1.5957691216057308 + 0.21406444881780073 * self * self) + self * ((1 - 2 * ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid()) * (1.5957691216057308 + 0.21406444881780073 * self * self) * (1.5957691216057308 + 0.21406444881780073 * self * self) + 0.42812889763560147 * self))) if need[1] is not None else None  # derivatives.yaml:194
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class CopyStridedBackward0(Node):
    """Backward of _copy_strided (derivatives.yaml:196)."""
    __slots__ = ()
    _op = "_copy_strided"
    _formulas = (('derivatives.yaml:197', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:197
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class SiluBackward0(Node):
    """Backward of silu (derivatives.yaml:199)."""
    __slots__ = ("self_", "self_v")
    _op = "silu"
    _formulas = (('derivatives.yaml:200', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad * self.sigmoid() * (1 + self * (1 - self.sigmoid()))) if need[0] is not None else None  # derivatives.yaml:200
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class LeakyReluBackward0(Node):
    """Backward of leaky_relu (derivatives.yaml:202)."""
    __slots__ = ("negative_slope_", "self_", "self_v")
    _op = "leaky_relu"
    _formulas = (('derivatives.yaml:203', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        negative_slope = node.negative_slope_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _leaky_relu_backward(grad, self, negative_slope) if need[0] is not None else None  # derivatives.yaml:203
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.negative_slope_ = node.self_ = node.self_v = None


class LeakyReluBackwardBackward0(Node):
    """Backward of _leaky_relu_backward (derivatives.yaml:205)."""
    __slots__ = ("negative_slope_", "self_", "self_v")
    _op = "_leaky_relu_backward"
    _formulas = (('derivatives.yaml:206', 'grad_output'), ('derivatives.yaml:207', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        negative_slope = node.negative_slope_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_grad_output = _leaky_relu_backward(grad, self, negative_slope) if need[0] is not None else None  # derivatives.yaml:206
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:207
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.negative_slope_ = node.self_ = node.self_v = None


class EluBackward0(Node):
    """Backward of elu (derivatives.yaml:209)."""
    __slots__ = ("alpha_", "input_scale_", "scale_", "self_", "self_v")
    _op = "elu"
    _formulas = (('derivatives.yaml:210', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        alpha = node.alpha_
        input_scale = node.input_scale_
        scale = node.scale_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _elu_backward(grad, self, alpha, scale, input_scale) if need[0] is not None else None  # derivatives.yaml:210
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.alpha_ = node.input_scale_ = node.scale_ = node.self_ = node.self_v = None


class EluBackwardBackward0(Node):
    """Backward of _elu_backward (derivatives.yaml:212)."""
    __slots__ = ("alpha_", "input_scale_", "scale_", "self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_elu_backward"
    _formulas = (('derivatives.yaml:213', 'grad_output'), ('derivatives.yaml:215', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        alpha = node.alpha_
        input_scale = node.input_scale_
        scale = node.scale_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _elu_backward(grad, self, alpha, scale, input_scale) if need[0] is not None else None  # derivatives.yaml:213
            at_ = 1
            grad_self = (grad * _elu_backward(grad_output, self, alpha, scale, input_scale) * input_scale * (self <= 0)) if need[1] is not None else None  # derivatives.yaml:215
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.alpha_ = node.input_scale_ = node.scale_ = node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class HardtanhBackward0(Node):
    """Backward of hardtanh (derivatives.yaml:217)."""
    __slots__ = ("max_val_", "min_val_", "self_", "self_v")
    _op = "hardtanh"
    _formulas = (('derivatives.yaml:218', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        max_val = node.max_val_
        min_val = node.min_val_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _hardtanh_backward(grad, self, min_val, max_val) if need[0] is not None else None  # derivatives.yaml:218
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.max_val_ = node.min_val_ = node.self_ = node.self_v = None


class HardtanhBackwardBackward0(Node):
    """Backward of _hardtanh_backward (derivatives.yaml:220)."""
    __slots__ = ("max_val_", "min_val_", "self_", "self_v")
    _op = "_hardtanh_backward"
    _formulas = (('derivatives.yaml:221', 'grad_output'), ('derivatives.yaml:222', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        max_val = node.max_val_
        min_val = node.min_val_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_grad_output = _hardtanh_backward(grad, self, min_val, max_val) if need[0] is not None else None  # derivatives.yaml:221
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:222
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.max_val_ = node.min_val_ = node.self_ = node.self_v = None


class HardsigmoidBackward0(Node):
    """Backward of hardsigmoid (derivatives.yaml:224)."""
    __slots__ = ("self_", "self_v")
    _op = "hardsigmoid"
    _formulas = (('derivatives.yaml:225', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _hardsigmoid_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:225
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class HardsigmoidBackwardBackward0(Node):
    """Backward of _hardsigmoid_backward (derivatives.yaml:227)."""
    __slots__ = ("self_", "self_v")
    _op = "_hardsigmoid_backward"
    _formulas = (('derivatives.yaml:228', 'grad_output'), ('derivatives.yaml:229', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_grad_output = _hardsigmoid_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:228
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:229
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class HardswishBackward0(Node):
    """Backward of hardswish (derivatives.yaml:231)."""
    __slots__ = ("self_", "self_v")
    _op = "hardswish"
    _formulas = (('derivatives.yaml:232', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _hardswish_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:232
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class HardswishBackwardBackward0(Node):
    """Backward of _hardswish_backward (derivatives.yaml:234)."""
    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_hardswish_backward"
    _formulas = (('derivatives.yaml:235', 'grad_output'), ('derivatives.yaml:236', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _hardswish_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:235
            at_ = 1
            grad_self = (grad * grad_output * (self > -3) * (self < 3) / 3) if need[1] is not None else None  # derivatives.yaml:236
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class HardshrinkBackward0(Node):
    """Backward of hardshrink (derivatives.yaml:238)."""
    __slots__ = ("lambd_", "self_", "self_v")
    _op = "hardshrink"
    _formulas = (('derivatives.yaml:239', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        lambd = node.lambd_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _shrink_backward(grad, self, lambd) if need[0] is not None else None  # derivatives.yaml:239
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.lambd_ = node.self_ = node.self_v = None


class SoftshrinkBackward0(Node):
    """Backward of softshrink (derivatives.yaml:241); the same code as HardshrinkBackward0's."""
    __slots__ = ("lambd_", "self_", "self_v")
    _op = "softshrink"
    _formulas = (('derivatives.yaml:242', 'self'),)
    apply = HardshrinkBackward0.apply
    release = HardshrinkBackward0.release


class ShrinkBackwardBackward0(Node):
    """Backward of _shrink_backward (derivatives.yaml:244)."""
    __slots__ = ("lambd_", "self_", "self_v")
    _op = "_shrink_backward"
    _formulas = (('derivatives.yaml:245', 'grad_output'), ('derivatives.yaml:246', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        lambd = node.lambd_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_grad_output = _shrink_backward(grad, self, lambd) if need[0] is not None else None  # derivatives.yaml:245
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:246
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.lambd_ = node.self_ = node.self_v = None


class SoftplusBackward0(Node):
    """Backward of _softplus (derivatives.yaml:248)."""
    __slots__ = ("beta_", "self_", "self_v", "threshold_")
    _op = "_softplus"
    _formulas = (('derivatives.yaml:249', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        beta = node.beta_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        threshold = node.threshold_
        try:
            grad_self = _softplus_backward(grad, self, beta, threshold) if need[0] is not None else None  # derivatives.yaml:249
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.beta_ = node.self_ = node.self_v = node.threshold_ = None


class SoftplusBackwardBackward0(Node):
    """Backward of _softplus_backward (derivatives.yaml:251)."""
    __slots__ = ("beta_", "self_", "self_v", "threshold_", "grad_output_", "grad_output_v")
    _op = "_softplus_backward"
    _formulas = (('derivatives.yaml:252', 'grad_output'), ('derivatives.yaml:253', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        beta = node.beta_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        threshold = node.threshold_
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _softplus_backward(grad, self, beta, threshold) if need[0] is not None else None  # derivatives.yaml:252
            at_ = 1
            grad_self = (grad * grad_output * (self * beta).sigmoid() * (1 - (self * beta).sigmoid()) * beta * (self * beta <= threshold)) if need[1] is not None else None  # derivatives.yaml:253
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.beta_ = node.self_ = node.self_v = node.threshold_ = node.grad_output_ = node.grad_output_v = None


class LogSigmoidBackward0(Node):
    """Backward of log_sigmoid (derivatives.yaml:255)."""
    __slots__ = ("self_", "self_v")
    _op = "log_sigmoid"
    _formulas = (('derivatives.yaml:256', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _log_sigmoid_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:256
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class LogSigmoidBackwardBackward0(Node):
    """Backward of _log_sigmoid_backward (derivatives.yaml:258)."""
    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_log_sigmoid_backward"
    _formulas = (('derivatives.yaml:259', 'grad_output'), ('derivatives.yaml:260', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _log_sigmoid_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:259
            at_ = 1
            grad_self = (-grad * grad_output * self.sigmoid() * (-self).sigmoid()) if need[1] is not None else None  # derivatives.yaml:260
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class MishBackward0(Node):
    """Backward of mish (derivatives.yaml:262)."""
    __slots__ = ("self_", "self_v")
    _op = "mish"
    _formulas = (('derivatives.yaml:263', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = _mish_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:263
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class MishBackwardBackward0(Node):
    """Backward of _mish_backward (derivatives.yaml:265)."""
    __slots__ = ("self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_mish_backward"
    _formulas = (('derivatives.yaml:266', 'grad_output'), ('derivatives.yaml:268', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _mish_backward(grad, self) if need[0] is not None else None  # derivatives.yaml:266
            at_ = 1
            grad_self = (grad * grad_output * self.sigmoid() * (1 - _softplus(self).tanh() * _softplus(self).tanh()) * (2 + self * (1 - self.sigmoid()) - 2 * self * self.sigmoid() * _softplus(self).tanh())) if need[1] is not None else None  # derivatives.yaml:268
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class ThresholdBackward0(Node):
    """Backward of threshold (derivatives.yaml:270)."""
    __slots__ = ("self_", "self_v", "threshold_")
    _op = "threshold"
    _formulas = (('derivatives.yaml:271', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        threshold = node.threshold_
        try:
            grad_self = _threshold_backward(grad, self, threshold) if need[0] is not None else None  # derivatives.yaml:271
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.threshold_ = None


class ThresholdBackwardBackward0(Node):
    """Backward of _threshold_backward (derivatives.yaml:273)."""
    __slots__ = ("self_", "self_v", "threshold_")
    _op = "_threshold_backward"
    _formulas = (('derivatives.yaml:274', 'grad_output'), ('derivatives.yaml:275', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        threshold = node.threshold_
        at_ = 0
        try:
            grad_grad_output = _threshold_backward(grad, self, threshold) if need[0] is not None else None  # derivatives.yaml:274
            at_ = 1
            grad_self = zeros_like(grad) if need[1] is not None else None  # derivatives.yaml:275
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.threshold_ = None


class TanhBackwardBackward0(Node):
    """Backward of _tanh_backward (derivatives.yaml:277)."""
    __slots__ = ("tanh_out_", "tanh_out_v", "grad_output_", "grad_output_v")
    _op = "_tanh_backward"
    _formulas = (('derivatives.yaml:278', 'grad_output'), ('derivatives.yaml:279', 'tanh_out'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        tanh_out = node.tanh_out_
        if isinstance(tanh_out, Tensor) and tanh_out._vc.value != node.tanh_out_v:
            unpack(node, tanh_out, node.tanh_out_v, 'tanh_out')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _tanh_backward(grad, tanh_out) if need[0] is not None else None  # derivatives.yaml:278
            at_ = 1
            grad_tanh_out = (-2 * grad * grad_output * tanh_out) if need[1] is not None else None  # derivatives.yaml:279
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_tanh_out)

    def release(node):
        node._released = True
        node.tanh_out_ = node.tanh_out_v = node.grad_output_ = node.grad_output_v = None


class LayerNormBackward0(Node):
    """Backward of _layer_norm (derivatives.yaml:284)."""
    __slots__ = ("eps_", "self_", "self_v", "weight_", "weight_v")
    _op = "_layer_norm"
    _formulas = (('derivatives.yaml:285', 'self'), ('derivatives.yaml:286', 'weight'), ('derivatives.yaml:287', 'bias'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        eps = node.eps_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        at_ = 0
        try:
            grad_self = layer_norm_grad(grad, self, weight, eps, 0) if need[0] is not None else None  # derivatives.yaml:285
            at_ = 1
            grad_weight = layer_norm_grad(grad, self, weight, eps, 1) if need[1] is not None else None  # derivatives.yaml:286
            at_ = 2
            grad_bias = layer_norm_grad(grad, self, weight, eps, 2) if need[2] is not None else None  # derivatives.yaml:287
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_weight, grad_bias)

    def release(node):
        node._released = True
        node.eps_ = node.self_ = node.self_v = node.weight_ = node.weight_v = None


class LayerNormBackwardBackward0(Node):
    """Backward of _layer_norm_backward (derivatives.yaml:292)."""
    __slots__ = ("eps_", "self_", "self_v", "weight_", "weight_v", "grad_output_", "grad_output_v", "weight_shape")
    _op = "_layer_norm_backward"
    _formulas = (('derivatives.yaml:293', 'grad_output'), ('derivatives.yaml:294', 'self'), ('derivatives.yaml:295', 'weight'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        eps = node.eps_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        weight_shape = node.weight_shape
        at_ = 0
        try:
            grad_grad_output = (_layer_norm_backward(grad, self, ones_like(weight), eps) * weight) if need[0] is not None else None  # derivatives.yaml:293
            at_ = 1
            grad_self = layer_norm_grad_vjp(grad, grad_output, self, weight, eps) if need[1] is not None else None  # derivatives.yaml:294
            at_ = 2
            grad_weight = sum_to(grad_output * _layer_norm_backward(grad, self, ones_like(weight), eps), weight_shape) if need[2] is not None else None  # derivatives.yaml:295
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self, grad_weight)

    def release(node):
        node._released = True
        node.eps_ = node.self_ = node.self_v = node.weight_ = node.weight_v = node.grad_output_ = node.grad_output_v = node.weight_shape = None


class LayerNormWeightGradBackward0(Node):
    """Backward of _layer_norm_weight_grad (derivatives.yaml:300)."""
    __slots__ = ("eps_", "self_", "self_v", "grad_output_", "grad_output_v")
    _op = "_layer_norm_weight_grad"
    _formulas = (('derivatives.yaml:301', 'grad_output'), ('derivatives.yaml:302', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        eps = node.eps_
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = (grad * _layer_norm(self, ones_like(grad), zeros_like(grad), eps)) if need[0] is not None else None  # derivatives.yaml:301
            at_ = 1
            grad_self = _layer_norm_backward(grad_output * grad, self, ones_like(grad), eps) if need[1] is not None else None  # derivatives.yaml:302
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_self)

    def release(node):
        node._released = True
        node.eps_ = node.self_ = node.self_v = node.grad_output_ = node.grad_output_v = None


class SdpaBackward0(Node):
    """Backward of _sdpa (derivatives.yaml:307)."""
    __slots__ = ("is_causal_", "key_", "key_v", "query_", "query_v", "scale_", "value_", "value_v")
    _op = "_sdpa"
    _formulas = (('derivatives.yaml:308', 'query'), ('derivatives.yaml:309', 'key'), ('derivatives.yaml:310', 'value'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        is_causal = node.is_causal_
        key = node.key_
        if isinstance(key, Tensor) and key._vc.value != node.key_v:
            unpack(node, key, node.key_v, 'key')
        query = node.query_
        if isinstance(query, Tensor) and query._vc.value != node.query_v:
            unpack(node, query, node.query_v, 'query')
        scale = node.scale_
        value = node.value_
        if isinstance(value, Tensor) and value._vc.value != node.value_v:
            unpack(node, value, node.value_v, 'value')
        at_ = 0
        try:
            grad_query = sdpa_grad(grad, query, key, value, scale, is_causal, 0) if need[0] is not None else None  # derivatives.yaml:308
            at_ = 1
            grad_key = sdpa_grad(grad, query, key, value, scale, is_causal, 1) if need[1] is not None else None  # derivatives.yaml:309
            at_ = 2
            grad_value = sdpa_grad(grad, query, key, value, scale, is_causal, 2) if need[2] is not None else None  # derivatives.yaml:310
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_query, grad_key, grad_value)

    def release(node):
        node._released = True
        node.is_causal_ = node.key_ = node.key_v = node.query_ = node.query_v = node.scale_ = node.value_ = node.value_v = None


class SoftmaxBackwardBackward0(Node):
    """Backward of _softmax_backward (derivatives.yaml:313)."""
    __slots__ = ("dim_", "probs_", "probs_v", "grad_output_", "grad_output_v")
    _op = "_softmax_backward"
    _formulas = (('derivatives.yaml:314', 'grad_output'), ('derivatives.yaml:315', 'probs'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        probs = node.probs_
        if isinstance(probs, Tensor) and probs._vc.value != node.probs_v:
            unpack(node, probs, node.probs_v, 'probs')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = _softmax_backward(grad, probs, dim) if need[0] is not None else None  # derivatives.yaml:314
            at_ = 1
            grad_probs = (grad * (grad_output - (grad_output * probs).sum(dim, keepdim=True)) - grad_output * (grad * probs).sum(dim, keepdim=True)) if need[1] is not None else None  # derivatives.yaml:315
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_probs)

    def release(node):
        node._released = True
        node.dim_ = node.probs_ = node.probs_v = node.grad_output_ = node.grad_output_v = None


class LogSoftmaxBackwardBackward0(Node):
    """Backward of _log_softmax_backward (derivatives.yaml:318)."""
    __slots__ = ("dim_", "log_probs_", "log_probs_v", "grad_output_", "grad_output_v")
    _op = "_log_softmax_backward"
    _formulas = (('derivatives.yaml:319', 'grad_output'), ('derivatives.yaml:320', 'log_probs'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        log_probs = node.log_probs_
        if isinstance(log_probs, Tensor) and log_probs._vc.value != node.log_probs_v:
            unpack(node, log_probs, node.log_probs_v, 'log_probs')
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        at_ = 0
        try:
            grad_grad_output = (grad - (grad * log_probs.exp()).sum(dim, keepdim=True)) if need[0] is not None else None  # derivatives.yaml:319
            at_ = 1
            grad_log_probs = (-grad * log_probs.exp() * grad_output.sum(dim, keepdim=True)) if need[1] is not None else None  # derivatives.yaml:320
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_grad_output, grad_log_probs)

    def release(node):
        node._released = True
        node.dim_ = node.log_probs_ = node.log_probs_v = node.grad_output_ = node.grad_output_v = None


class LinearBackward0(Node):
    """Backward of _linear (derivatives.yaml:325)."""
    __slots__ = ("weight_", "weight_v", "input_shape", "input_", "input_v")
    _op = "_linear"
    _formulas = (('derivatives.yaml:326', 'input'), ('derivatives.yaml:327', 'weight'), ('derivatives.yaml:328', 'bias'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        input_shape = node.input_shape
        input = node.input_
        if isinstance(input, Tensor) and input._vc.value != node.input_v:
            unpack(node, input, node.input_v, 'input')
        at_ = 0
        try:
            grad_input = linear_input_grad(grad, weight, input_shape) if need[0] is not None else None  # derivatives.yaml:326
            at_ = 1
            grad_weight = linear_weight_grad(grad, input) if need[1] is not None else None  # derivatives.yaml:327
            at_ = 2
            grad_bias = linear_bias_grad(grad) if need[2] is not None else None  # derivatives.yaml:328
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_input, grad_weight, grad_bias)

    def release(node):
        node._released = True
        node.weight_ = node.weight_v = node.input_shape = node.input_ = node.input_v = None


class MmBackward0(Node):
    """Backward of mm (derivatives.yaml:331)."""
    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "mm"
    _formulas = (('derivatives.yaml:332', 'self'), ('derivatives.yaml:333', 'mat2'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = mm_mat1_backward(grad, mat2) if need[0] is not None else None  # derivatives.yaml:332
            at_ = 1
            grad_mat2 = mm_mat2_backward(grad, self) if need[1] is not None else None  # derivatives.yaml:333
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = node.mat2_v = node.self_ = node.self_v = None


class SparseMmBackward0(Node):
    """Backward of _sparse_mm (derivatives.yaml:336)."""
    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "_sparse_mm"
    _formulas = (('derivatives.yaml:337', 'self'), ('derivatives.yaml:338', 'mat2'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = sparse_mm_mat1_backward(grad, mat2, self) if need[0] is not None else None  # derivatives.yaml:337
            at_ = 1
            grad_mat2 = mm_mat2_backward(grad, self) if need[1] is not None else None  # derivatives.yaml:338
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = node.mat2_v = node.self_ = node.self_v = None


class BmmBackward0(Node):
    """Backward of bmm (derivatives.yaml:341)."""
    __slots__ = ("mat2_", "mat2_v", "self_", "self_v")
    _op = "bmm"
    _formulas = (('derivatives.yaml:342', 'self'), ('derivatives.yaml:343', 'mat2'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        mat2 = node.mat2_
        if isinstance(mat2, Tensor) and mat2._vc.value != node.mat2_v:
            unpack(node, mat2, node.mat2_v, 'mat2')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = grad.bmm(mat2.transpose(1, 2)) if need[0] is not None else None  # derivatives.yaml:342
            at_ = 1
            grad_mat2 = self.transpose(1, 2).bmm(grad) if need[1] is not None else None  # derivatives.yaml:343
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_mat2)

    def release(node):
        node._released = True
        node.mat2_ = node.mat2_v = node.self_ = node.self_v = None


class DotBackward0(Node):
    """Backward of dot (derivatives.yaml:346)."""
    __slots__ = ("tensor_", "tensor_v", "self_", "self_v")
    _op = "dot"
    _formulas = (('derivatives.yaml:347', 'self'), ('derivatives.yaml:348', 'tensor'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        tensor = node.tensor_
        if isinstance(tensor, Tensor) and tensor._vc.value != node.tensor_v:
            unpack(node, tensor, node.tensor_v, 'tensor')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = (grad * tensor) if need[0] is not None else None  # derivatives.yaml:347
            at_ = 1
            grad_tensor = (grad * self) if need[1] is not None else None  # derivatives.yaml:348
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_tensor)

    def release(node):
        node._released = True
        node.tensor_ = node.tensor_v = node.self_ = node.self_v = None


class ViewBackward0(Node):
    """Backward of view (derivatives.yaml:353)."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "view"
    _formulas = (('derivatives.yaml:354', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self_shape = node.self_shape
        try:
            grad_self = grad.reshape(self_shape) if need[0] is not None else None  # derivatives.yaml:354
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class ReshapeBackward0(Node):
    """Backward of reshape (derivatives.yaml:356); the same code as ViewBackward0's."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "reshape"
    _formulas = (('derivatives.yaml:357', 'self'),)
    apply = ViewBackward0.apply
    release = ViewBackward0.release


class TBackward0(Node):
    """Backward of t (derivatives.yaml:359)."""
    __slots__ = ("_view_version", "_view_base_fn")
    _op = "t"
    _formulas = (('derivatives.yaml:360', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = grad.t() if need[0] is not None else None  # derivatives.yaml:360
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class TransposeBackward0(Node):
    """Backward of transpose.int (derivatives.yaml:362)."""
    __slots__ = ("dim0_", "dim1_", "_view_version", "_view_base_fn")
    _op = "transpose.int"
    _formulas = (('derivatives.yaml:363', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim0 = node.dim0_
        dim1 = node.dim1_
        try:
            grad_self = grad.transpose(dim0, dim1) if need[0] is not None else None  # derivatives.yaml:363
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim0_ = node.dim1_ = None


class PermuteBackward0(Node):
    """Backward of permute (derivatives.yaml:365)."""
    __slots__ = ("dims_", "_view_version", "_view_base_fn")
    _op = "permute"
    _formulas = (('derivatives.yaml:366', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dims = node.dims_
        try:
            grad_self = permute_backward(grad, dims) if need[0] is not None else None  # derivatives.yaml:366
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dims_ = None


class ExpandBackward0(Node):
    """Backward of expand (derivatives.yaml:368)."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "expand"
    _formulas = (('derivatives.yaml:369', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self_shape = node.self_shape
        try:
            grad_self = sum_to(grad, self_shape) if need[0] is not None else None  # derivatives.yaml:369
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_shape = None


class SqueezeBackward0(Node):
    """Backward of squeeze (derivatives.yaml:371); the same code as ViewBackward0's."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze"
    _formulas = (('derivatives.yaml:372', 'self'),)
    apply = ViewBackward0.apply
    release = ViewBackward0.release


class SqueezeBackward1(Node):
    """Backward of squeeze.dim (derivatives.yaml:374); the same code as ViewBackward0's."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze.dim"
    _formulas = (('derivatives.yaml:375', 'self'),)
    apply = ViewBackward0.apply
    release = ViewBackward0.release


class SqueezeBackward2(Node):
    """Backward of squeeze.dims (derivatives.yaml:377); the same code as ViewBackward0's."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "squeeze.dims"
    _formulas = (('derivatives.yaml:378', 'self'),)
    apply = ViewBackward0.apply
    release = ViewBackward0.release


class UnsqueezeBackward0(Node):
    """Backward of unsqueeze (derivatives.yaml:380)."""
    __slots__ = ("dim_", "_view_version", "_view_base_fn")
    _op = "unsqueeze"
    _formulas = (('derivatives.yaml:381', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        try:
            grad_self = grad.squeeze(dim) if need[0] is not None else None  # derivatives.yaml:381
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None


class FlattenBackward0(Node):
    """Backward of flatten.using_ints (derivatives.yaml:383); the same code as ViewBackward0's."""
    __slots__ = ("self_shape", "_view_version", "_view_base_fn")
    _op = "flatten.using_ints"
    _formulas = (('derivatives.yaml:384', 'self'),)
    apply = ViewBackward0.apply
    release = ViewBackward0.release


class NarrowBackward0(Node):
    """Backward of narrow (derivatives.yaml:386)."""
    __slots__ = ("dim_", "length_", "start_", "self_shape", "_view_version", "_view_base_fn")
    _op = "narrow"
    _formulas = (('derivatives.yaml:387', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        length = node.length_
        start = node.start_
        self_shape = node.self_shape
        try:
            grad_self = slice_backward(grad, self_shape, dim, start, start + length, 1) if need[0] is not None else None  # derivatives.yaml:387
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.length_ = node.start_ = node.self_shape = None


class SelectBackward0(Node):
    """Backward of select.int (derivatives.yaml:389)."""
    __slots__ = ("dim_", "index_", "self_shape", "_view_version", "_view_base_fn")
    _op = "select.int"
    _formulas = (('derivatives.yaml:390', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        self_shape = node.self_shape
        try:
            grad_self = select_backward(grad, self_shape, dim, index) if need[0] is not None else None  # derivatives.yaml:390
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.self_shape = None


class SliceBackward0(Node):
    """Backward of slice.Tensor (derivatives.yaml:392)."""
    __slots__ = ("dim_", "end_", "start_", "step_", "self_shape", "_view_version", "_view_base_fn")
    _op = "slice.Tensor"
    _formulas = (('derivatives.yaml:393', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        end = node.end_
        start = node.start_
        step = node.step_
        self_shape = node.self_shape
        try:
            grad_self = slice_backward(grad, self_shape, dim, start, end, step) if need[0] is not None else None  # derivatives.yaml:393
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.end_ = node.start_ = node.step_ = node.self_shape = None


class ContiguousBackward0(Node):
    """Backward of contiguous (derivatives.yaml:395)."""
    __slots__ = ("_view_version", "_view_base_fn")
    _op = "contiguous"
    _formulas = (('derivatives.yaml:396', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:396
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class SplitBackward0(Node):
    """Backward of split.Tensor (derivatives.yaml:398)."""
    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "split.Tensor"
    _formulas = (('derivatives.yaml:399', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        dim = node.dim_
        result_shape = node.result_shape
        try:
            grad_self = split_backward(grads, result_shape, dim) if need[0] is not None else None  # derivatives.yaml:399
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.result_shape = None


class SplitBackward1(Node):
    """Backward of split.sizes (derivatives.yaml:401); the same code as SplitBackward0's."""
    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "split.sizes"
    _formulas = (('derivatives.yaml:402', 'self'),)
    apply = SplitBackward0.apply
    release = SplitBackward0.release


class ChunkBackward0(Node):
    """Backward of chunk (derivatives.yaml:404); the same code as SplitBackward0's."""
    __slots__ = ("dim_", "result_shape", "_n_out", "_view_version", "_view_base_fn")
    _op = "chunk"
    _formulas = (('derivatives.yaml:405', 'self'),)
    apply = SplitBackward0.apply
    release = SplitBackward0.release


class CatBackward0(Node):
    """Backward of cat (derivatives.yaml:409)."""
    __slots__ = ("dim_", "tensors_shape")
    _op = "cat"
    _formulas = (('derivatives.yaml:410', 'tensors'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        tensors_shape = node.tensors_shape
        try:
            grad_tensors = list(cat_backward(grad, tensors_shape, dim)) if any(e is not None for e in need) else [None] * len(need)  # derivatives.yaml:410
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (*grad_tensors,)

    def release(node):
        node._released = True
        node.dim_ = node.tensors_shape = None


class StackBackward0(Node):
    """Backward of stack (derivatives.yaml:412)."""
    __slots__ = ("dim_", "tensors_shape")
    _op = "stack"
    _formulas = (('derivatives.yaml:413', 'tensors'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        tensors_shape = node.tensors_shape
        try:
            grad_tensors = list(stack_backward(grad, len(tensors_shape), dim)) if any(e is not None for e in need) else [None] * len(need)  # derivatives.yaml:413
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (*grad_tensors,)

    def release(node):
        node._released = True
        node.dim_ = node.tensors_shape = None


class GatherBackward0(Node):
    """Backward of gather (derivatives.yaml:415)."""
    __slots__ = ("dim_", "index_", "index_v", "self_shape")
    _op = "gather"
    _formulas = (('derivatives.yaml:417', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        self_shape = node.self_shape
        try:
            grad_self = gather_backward(grad, self_shape, dim, index) if need[0] is not None else None  # derivatives.yaml:417
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.index_v = node.self_shape = None


class IndexSelectBackward0(Node):
    """Backward of index_select (derivatives.yaml:419)."""
    __slots__ = ("dim_", "index_", "index_v", "self_shape")
    _op = "index_select"
    _formulas = (('derivatives.yaml:421', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        self_shape = node.self_shape
        try:
            grad_self = index_select_backward(grad, self_shape, dim, index) if need[0] is not None else None  # derivatives.yaml:421
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.index_v = node.self_shape = None


class MaskedFillBackward0(Node):
    """Backward of masked_fill.Scalar (derivatives.yaml:423)."""
    __slots__ = ("mask_", "mask_v")
    _op = "masked_fill.Scalar"
    _formulas = (('derivatives.yaml:425', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        mask = node.mask_
        if isinstance(mask, Tensor) and mask._vc.value != node.mask_v:
            unpack(node, mask, node.mask_v, 'mask')
        try:
            grad_self = grad.masked_fill(mask, 0) if need[0] is not None else None  # derivatives.yaml:425
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.mask_ = node.mask_v = None


class IndexBackward0(Node):
    """Backward of index.Tensor (derivatives.yaml:428)."""
    __slots__ = ("indices_", "indices_v", "self_shape")
    _op = "index.Tensor"
    _formulas = (('derivatives.yaml:430', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        indices = node.indices_
        if indices is not None:
            for t_, v_ in zip(indices, node.indices_v):
                if isinstance(t_, Tensor) and t_._vc.value != v_:
                    unpack(node, t_, v_, 'indices')
        self_shape = node.self_shape
        try:
            grad_self = index_backward(grad, self_shape, indices) if need[0] is not None else None  # derivatives.yaml:430
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.indices_ = node.indices_v = node.self_shape = None


class IndexPutBackward0(Node):
    """Backward of index_put (derivatives.yaml:432)."""
    __slots__ = ("accumulate_", "indices_", "indices_v", "values_shape")
    _op = "index_put"
    _formulas = (('derivatives.yaml:434', 'self'), ('derivatives.yaml:435', 'values'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        accumulate = node.accumulate_
        indices = node.indices_
        if indices is not None:
            for t_, v_ in zip(indices, node.indices_v):
                if isinstance(t_, Tensor) and t_._vc.value != v_:
                    unpack(node, t_, v_, 'indices')
        values_shape = node.values_shape
        at_ = 0
        try:
            grad_self = index_put_self_grad(grad, indices, accumulate) if need[0] is not None else None  # derivatives.yaml:434
            at_ = 1
            grad_values = index_put_values_grad(grad, indices, values_shape) if need[1] is not None else None  # derivatives.yaml:435
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_values)

    def release(node):
        node._released = True
        node.accumulate_ = node.indices_ = node.indices_v = node.values_shape = None


class CloneBackward0(Node):
    """Backward of clone (derivatives.yaml:437); the same code as CopyStridedBackward0's."""
    __slots__ = ()
    _op = "clone"
    _formulas = (('derivatives.yaml:438', 'self'),)
    apply = CopyStridedBackward0.apply


class CopyBackward0(Node):
    """Backward of copy_ (derivatives.yaml:440)."""
    __slots__ = ()
    _op = "copy_"
    _formulas = (('derivatives.yaml:441', 'self'), ('derivatives.yaml:442', 'src'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        at_ = 0
        try:
            grad_self = zeros_like(grad) if need[0] is not None else None  # derivatives.yaml:441
            at_ = 1
            grad_src = grad if need[1] is not None else None  # derivatives.yaml:442
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_src)


class FillBackward0(Node):
    """Backward of fill_.Scalar (derivatives.yaml:444); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "fill_.Scalar"
    _formulas = (('derivatives.yaml:445', 'self'),)
    apply = SignBackward0.apply


class ZeroBackward0(Node):
    """Backward of zero_ (derivatives.yaml:447); the same code as SignBackward0's."""
    __slots__ = ()
    _op = "zero_"
    _formulas = (('derivatives.yaml:448', 'self'),)
    apply = SignBackward0.apply


class ToBackward0(Node):
    """Backward of to.dtype (derivatives.yaml:450); the same code as ContiguousBackward0's."""
    __slots__ = ("_view_version", "_view_base_fn")
    _op = "to.dtype"
    _formulas = (('derivatives.yaml:451', 'self'),)
    apply = ContiguousBackward0.apply


class ToBackward1(Node):
    """Backward of to.device (derivatives.yaml:453)."""
    __slots__ = ("self_device", "_view_version", "_view_base_fn")
    _op = "to.device"
    _formulas = (('derivatives.yaml:454', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self_device = node.self_device
        try:
            grad_self = grad.to(self_device) if need[0] is not None else None  # derivatives.yaml:454
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_device = None


class Unique2Backward0(Node):
    """Backward of _unique2 (derivatives.yaml:456)."""
    __slots__ = ()
    _op = "_unique2"
    _n_out = 3

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)


class SparseCooTensorBackward0(Node):
    """Backward of sparse_coo_tensor (derivatives.yaml:462)."""
    __slots__ = ("indices_", "indices_v")
    _op = "sparse_coo_tensor"
    _formulas = (('derivatives.yaml:463', 'values'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        try:
            grad_values = _sparse_values_at(grad, indices) if need[1] is not None else None  # derivatives.yaml:463
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        grad_indices = not_implemented(node, 'indices') if need[0] is not None else None
        return (grad_indices, grad_values)

    def release(node):
        node._released = True
        node.indices_ = node.indices_v = None


class ToSparseBackward0(Node):
    """Backward of to_sparse (derivatives.yaml:466)."""
    __slots__ = ("_view_version", "_view_base_fn")
    _op = "to_sparse"
    _formulas = (('derivatives.yaml:467', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        try:
            grad_self = grad.to_dense() if need[0] is not None else None  # derivatives.yaml:467
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)


class ToDenseBackward0(Node):
    """Backward of to_dense (derivatives.yaml:469)."""
    __slots__ = ("self_", "self_v", "_view_version", "_view_base_fn")
    _op = "to_dense"
    _formulas = (('derivatives.yaml:470', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = grad.sparse_mask(self.coalesce()) if need[0] is not None else None  # derivatives.yaml:470
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class CoalesceBackward0(Node):
    """Backward of coalesce (derivatives.yaml:473); the same code as ContiguousBackward0's."""
    __slots__ = ("_view_version", "_view_base_fn")
    _op = "coalesce"
    _formulas = (('derivatives.yaml:474', 'self'),)
    apply = ContiguousBackward0.apply


class ValuesBackward0(Node):
    """Backward of values (derivatives.yaml:476)."""
    __slots__ = ("self_", "self_v", "self_shape", "_view_version", "_view_base_fn")
    _op = "values"
    _formulas = (('derivatives.yaml:477', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        self_shape = node.self_shape
        try:
            grad_self = sparse_coo_tensor(self._indices(), grad, self_shape, is_coalesced=True) if need[0] is not None else None  # derivatives.yaml:477
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = node.self_shape = None


class SparseMaskBackward0(Node):
    """Backward of sparse_mask (derivatives.yaml:480)."""
    __slots__ = ("mask_", "mask_v")
    _op = "sparse_mask"
    _formulas = (('derivatives.yaml:481', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        mask = node.mask_
        if isinstance(mask, Tensor) and mask._vc.value != node.mask_v:
            unpack(node, mask, node.mask_v, 'mask')
        try:
            grad_self = grad.sparse_mask(mask).to_dense() if need[0] is not None else None  # derivatives.yaml:481
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.mask_ = node.mask_v = None


class SparseValuesAtBackward0(Node):
    """Backward of _sparse_values_at (derivatives.yaml:484)."""
    __slots__ = ("indices_", "indices_v", "self_", "self_v", "self_shape")
    _op = "_sparse_values_at"
    _formulas = (('derivatives.yaml:487', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        self_shape = node.self_shape
        try:
            grad_self = (sparse_coo_tensor(indices, grad, self_shape) if self.is_sparse else sparse_coo_tensor(indices, grad, self_shape).to_dense()) if need[0] is not None else None  # derivatives.yaml:487
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.indices_ = node.indices_v = node.self_ = node.self_v = node.self_shape = None


class Log10Backward0(Node):
    """Backward of log10 (derivatives.yaml:493)."""
    __slots__ = ("self_", "self_v")
    _op = "log10"
    _formulas = (('derivatives.yaml:494', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad / (self * 2.302585092994046)) if need[0] is not None else None  # derivatives.yaml:494
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class Log2Backward0(Node):
    """Backward of log2 (derivatives.yaml:496)."""
    __slots__ = ("self_", "self_v")
    _op = "log2"
    _formulas = (('derivatives.yaml:497', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad / (self * 0.6931471805599453)) if need[0] is not None else None  # derivatives.yaml:497
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class FmodBackward0(Node):
    """Backward of fmod.Tensor (derivatives.yaml:499)."""
    __slots__ = ("other_", "other_v", "self_", "self_v")
    _op = "fmod.Tensor"
    _formulas = (('derivatives.yaml:500', 'self'), ('derivatives.yaml:501', 'other'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        other = node.other_
        if isinstance(other, Tensor) and other._vc.value != node.other_v:
            unpack(node, other, node.other_v, 'other')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:500
            at_ = 1
            grad_other = (-grad * div(self, other, rounding_mode='trunc')) if need[1] is not None else None  # derivatives.yaml:501
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_other)

    def release(node):
        node._released = True
        node.other_ = node.other_v = node.self_ = node.self_v = None


class LerpBackward0(Node):
    """Backward of lerp.Scalar (derivatives.yaml:503)."""
    __slots__ = ("weight_",)
    _op = "lerp.Scalar"
    _formulas = (('derivatives.yaml:504', 'self'), ('derivatives.yaml:505', 'end'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        weight = node.weight_
        at_ = 0
        try:
            grad_self = scale(grad, 1 - weight) if need[0] is not None else None  # derivatives.yaml:504
            at_ = 1
            grad_end = scale(grad, weight) if need[1] is not None else None  # derivatives.yaml:505
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_end)

    def release(node):
        node._released = True
        node.weight_ = None


class LerpBackward1(Node):
    """Backward of lerp.Tensor (derivatives.yaml:507)."""
    __slots__ = ("weight_", "weight_v", "end_", "end_v", "self_", "self_v")
    _op = "lerp.Tensor"
    _formulas = (('derivatives.yaml:508', 'self'), ('derivatives.yaml:509', 'end'), ('derivatives.yaml:510', 'weight'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        end = node.end_
        if isinstance(end, Tensor) and end._vc.value != node.end_v:
            unpack(node, end, node.end_v, 'end')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        at_ = 0
        try:
            grad_self = (grad * (1 - weight)) if need[0] is not None else None  # derivatives.yaml:508
            at_ = 1
            grad_end = (grad * weight) if need[1] is not None else None  # derivatives.yaml:509
            at_ = 2
            grad_weight = (grad * (end - self)) if need[2] is not None else None  # derivatives.yaml:510
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_end, grad_weight)

    def release(node):
        node._released = True
        node.weight_ = node.weight_v = node.end_ = node.end_v = node.self_ = node.self_v = None


class AdamExpAvgSqBackward0(Node):
    """Backward of _adam_exp_avg_sq (derivatives.yaml:513)."""
    __slots__ = ()
    _op = "_adam_exp_avg_sq"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        grad_grad = not_implemented(node, 'grad') if need[1] is not None else None
        return (grad_self, grad_grad)


class AdamParamStepBackward0(Node):
    """Backward of _adam_param_step (derivatives.yaml:516)."""
    __slots__ = ()
    _op = "_adam_param_step"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        grad_exp_avg = not_implemented(node, 'exp_avg') if need[1] is not None else None
        grad_exp_avg_sq = not_implemented(node, 'exp_avg_sq') if need[2] is not None else None
        return (grad_self, grad_exp_avg, grad_exp_avg_sq)


class NanToNumBackward0(Node):
    """Backward of _nan_to_num (derivatives.yaml:519)."""
    __slots__ = ("self_", "self_v")
    _op = "_nan_to_num"
    _formulas = (('derivatives.yaml:521', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = (grad * self.isfinite()) if need[0] is not None else None  # derivatives.yaml:521
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.self_ = node.self_v = None


class CumsumBackward0(Node):
    """Backward of cumsum (derivatives.yaml:523)."""
    __slots__ = ("dim_",)
    _op = "cumsum"
    _formulas = (('derivatives.yaml:525', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        try:
            grad_self = reversed_cumsum(grad, dim) if need[0] is not None else None  # derivatives.yaml:525
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = None


class CumprodBackward0(Node):
    """Backward of cumprod (derivatives.yaml:527)."""
    __slots__ = ("dim_", "result_", "result_v", "self_", "self_v")
    _op = "cumprod"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:528', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        self = node.self_
        if isinstance(self, Tensor) and self._vc.value != node.self_v:
            unpack(node, self, node.self_v, 'self')
        try:
            grad_self = cumprod_backward(grad, self, dim, result) if need[0] is not None else None  # derivatives.yaml:528
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.result_ = node.result_v = node.self_ = node.self_v = None


class SortBackward0(Node):
    """Backward of sort (derivatives.yaml:531)."""
    __slots__ = ("dim_", "indices_", "indices_v", "self_shape")
    _op = "sort"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)
    _formulas = (('derivatives.yaml:533', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        indices = node.indices_
        if indices is not None and (indices._vc.value != node.indices_v or _grad_state.enabled):
            indices = unpack_output(node, indices, node.indices_v, 1, 'indices')
        self_shape = node.self_shape
        try:
            grad_self = gather_backward(grad, self_shape, dim, indices) if need[0] is not None else None  # derivatives.yaml:533
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.indices_ = node.indices_v = node.self_shape = None


class TopkBackward0(Node):
    """Backward of topk (derivatives.yaml:536); the same code as SortBackward0's."""
    __slots__ = ("dim_", "indices_", "indices_v", "self_shape")
    _op = "topk"
    _n_out = 2
    _saved_outputs = (('indices_', 1),)
    _formulas = (('derivatives.yaml:538', 'self'),)
    apply = SortBackward0.apply
    release = SortBackward0.release


class ScatterBackward0(Node):
    """Backward of scatter.src (derivatives.yaml:541)."""
    __slots__ = ("dim_", "index_", "index_v", "src_shape")
    _op = "scatter.src"
    _formulas = (('derivatives.yaml:543', 'self'), ('derivatives.yaml:544', 'src'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        src_shape = node.src_shape
        at_ = 0
        try:
            grad_self = grad.scatter(dim, index, 0) if need[0] is not None else None  # derivatives.yaml:543
            at_ = 1
            grad_src = scatter_src_grad(grad, dim, index, src_shape) if need[1] is not None else None  # derivatives.yaml:544
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_src)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.index_v = node.src_shape = None


class ScatterBackward1(Node):
    """Backward of scatter.value (derivatives.yaml:546)."""
    __slots__ = ("dim_", "index_", "index_v")
    _op = "scatter.value"
    _formulas = (('derivatives.yaml:548', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        try:
            grad_self = grad.scatter(dim, index, 0) if need[0] is not None else None  # derivatives.yaml:548
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.index_v = None


class ScatterAddBackward0(Node):
    """Backward of scatter_add (derivatives.yaml:551)."""
    __slots__ = ("dim_", "index_", "index_v", "src_shape")
    _op = "scatter_add"
    _formulas = (('derivatives.yaml:553', 'self'), ('derivatives.yaml:554', 'src'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        src_shape = node.src_shape
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:553
            at_ = 1
            grad_src = scatter_src_grad(grad, dim, index, src_shape) if need[1] is not None else None  # derivatives.yaml:554
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_src)

    def release(node):
        node._released = True
        node.dim_ = node.index_ = node.index_v = node.src_shape = None


class IndexAddBackward0(Node):
    """Backward of index_add (derivatives.yaml:556)."""
    __slots__ = ("alpha_", "dim_", "index_", "index_v", "source_shape")
    _op = "index_add"
    _formulas = (('derivatives.yaml:558', 'self'), ('derivatives.yaml:559', 'source'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        alpha = node.alpha_
        dim = node.dim_
        index = node.index_
        if isinstance(index, Tensor) and index._vc.value != node.index_v:
            unpack(node, index, node.index_v, 'index')
        source_shape = node.source_shape
        at_ = 0
        try:
            grad_self = grad if need[0] is not None else None  # derivatives.yaml:558
            at_ = 1
            grad_source = index_add_source_grad(grad, dim, index, source_shape, alpha) if need[1] is not None else None  # derivatives.yaml:559
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_self, grad_source)

    def release(node):
        node._released = True
        node.alpha_ = node.dim_ = node.index_ = node.index_v = node.source_shape = None


class EmbeddingBackward0(Node):
    """Backward of embedding (derivatives.yaml:561)."""
    __slots__ = ("indices_", "indices_v", "padding_idx_", "scale_grad_by_freq_", "weight_shape")
    _op = "embedding"
    _formulas = (('derivatives.yaml:563', 'weight'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        indices = node.indices_
        if isinstance(indices, Tensor) and indices._vc.value != node.indices_v:
            unpack(node, indices, node.indices_v, 'indices')
        padding_idx = node.padding_idx_
        scale_grad_by_freq = node.scale_grad_by_freq_
        weight_shape = node.weight_shape
        try:
            grad_weight = embedding_backward(grad, weight_shape, indices, padding_idx, scale_grad_by_freq) if need[0] is not None else None  # derivatives.yaml:563
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_weight,)

    def release(node):
        node._released = True
        node.indices_ = node.indices_v = node.padding_idx_ = node.scale_grad_by_freq_ = node.weight_shape = None


class TrilBackward0(Node):
    """Backward of tril (derivatives.yaml:565)."""
    __slots__ = ("diagonal_",)
    _op = "tril"
    _formulas = (('derivatives.yaml:566', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        diagonal = node.diagonal_
        try:
            grad_self = grad.tril(diagonal) if need[0] is not None else None  # derivatives.yaml:566
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.diagonal_ = None


class TriuBackward0(Node):
    """Backward of triu (derivatives.yaml:568)."""
    __slots__ = ("diagonal_",)
    _op = "triu"
    _formulas = (('derivatives.yaml:569', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        diagonal = node.diagonal_
        try:
            grad_self = grad.triu(diagonal) if need[0] is not None else None  # derivatives.yaml:569
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.diagonal_ = None


class NonzeroBackward0(Node):
    """Backward of nonzero (derivatives.yaml:573)."""
    __slots__ = ()
    _op = "nonzero"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)


class NonzeroBackward1(Node):
    """Backward of nonzero.as_tuple (derivatives.yaml:576)."""
    __slots__ = ("_n_out",)
    _op = "nonzero.as_tuple"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_self = not_implemented(node, 'self') if need[0] is not None else None
        return (grad_self,)


class NonzeroNumpyBackward0(Node):
    """Backward of nonzero_numpy (derivatives.yaml:579); the same code as NonzeroBackward1's."""
    __slots__ = ("_n_out",)
    _op = "nonzero_numpy"
    apply = NonzeroBackward1.apply


class RepeatInterleaveBackward0(Node):
    """Backward of repeat_interleave.Tensor (derivatives.yaml:582)."""
    __slots__ = ()
    _op = "repeat_interleave.Tensor"

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        grad_repeats = not_implemented(node, 'repeats') if need[0] is not None else None
        return (grad_repeats,)


class DiagonalBackward0(Node):
    """Backward of diagonal (derivatives.yaml:585)."""
    __slots__ = ("dim1_", "dim2_", "offset_", "self_shape", "_view_version", "_view_base_fn")
    _op = "diagonal"
    _formulas = (('derivatives.yaml:586', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dim1 = node.dim1_
        dim2 = node.dim2_
        offset = node.offset_
        self_shape = node.self_shape
        try:
            grad_self = diagonal_backward(grad, self_shape, offset, dim1, dim2) if need[0] is not None else None  # derivatives.yaml:586
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dim1_ = node.dim2_ = node.offset_ = node.self_shape = None


class ConvolutionBackward0(Node):
    """Backward of convolution (derivatives.yaml:591)."""
    __slots__ = ("dilation_", "groups_", "padding_", "stride_", "transposed_", "weight_", "weight_v", "input_shape", "input_", "input_v", "weight_shape")
    _op = "convolution"
    _formulas = (('derivatives.yaml:592', 'input'), ('derivatives.yaml:593', 'weight'), ('derivatives.yaml:594', 'bias'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dilation = node.dilation_
        groups = node.groups_
        padding = node.padding_
        stride = node.stride_
        transposed = node.transposed_
        weight = node.weight_
        if isinstance(weight, Tensor) and weight._vc.value != node.weight_v:
            unpack(node, weight, node.weight_v, 'weight')
        input_shape = node.input_shape
        input = node.input_
        if isinstance(input, Tensor) and input._vc.value != node.input_v:
            unpack(node, input, node.input_v, 'input')
        weight_shape = node.weight_shape
        at_ = 0
        try:
            grad_input = conv_input_grad(grad, input_shape, weight, stride, padding, dilation, transposed, groups) if need[0] is not None else None  # derivatives.yaml:592
            at_ = 1
            grad_weight = conv_weight_grad(grad, input, weight_shape, stride, padding, dilation, transposed, groups) if need[1] is not None else None  # derivatives.yaml:593
            at_ = 2
            grad_bias = conv_bias_grad(grad) if need[2] is not None else None  # derivatives.yaml:594
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_input, grad_weight, grad_bias)

    def release(node):
        node._released = True
        node.dilation_ = node.groups_ = node.padding_ = node.stride_ = node.transposed_ = node.weight_ = node.weight_v = node.input_shape = node.input_ = node.input_v = node.weight_shape = None


class ConvWeightGradBackward0(Node):
    """Backward of _conv_weight_grad (derivatives.yaml:597)."""
    __slots__ = ("dilation_", "grad_output_", "grad_output_v", "groups_", "padding_", "stride_", "input_shape", "input_", "input_v")
    _op = "_conv_weight_grad"
    _formulas = (('derivatives.yaml:598', 'input'), ('derivatives.yaml:599', 'grad_output'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dilation = node.dilation_
        grad_output = node.grad_output_
        if isinstance(grad_output, Tensor) and grad_output._vc.value != node.grad_output_v:
            unpack(node, grad_output, node.grad_output_v, 'grad_output')
        groups = node.groups_
        padding = node.padding_
        stride = node.stride_
        input_shape = node.input_shape
        input = node.input_
        if isinstance(input, Tensor) and input._vc.value != node.input_v:
            unpack(node, input, node.input_v, 'input')
        at_ = 0
        try:
            grad_input = conv_input_grad(grad_output, input_shape, grad, stride, padding, dilation, False, groups) if need[0] is not None else None  # derivatives.yaml:598
            at_ = 1
            grad_grad_output = conv_weight_grad_output_grad(input, grad, stride, padding, dilation, groups) if need[1] is not None else None  # derivatives.yaml:599
        except Exception as exc_:
            formula_failed(exc_, node, at_)
            raise
        return (grad_input, grad_grad_output)

    def release(node):
        node._released = True
        node.dilation_ = node.grad_output_ = node.grad_output_v = node.groups_ = node.padding_ = node.stride_ = node.input_shape = node.input_ = node.input_v = None


class Im2colBackward0(Node):
    """Backward of im2col (derivatives.yaml:602)."""
    __slots__ = ("dilation_", "kernel_size_", "padding_", "stride_", "self_shape")
    _op = "im2col"
    _formulas = (('derivatives.yaml:603', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dilation = node.dilation_
        kernel_size = node.kernel_size_
        padding = node.padding_
        stride = node.stride_
        self_shape = node.self_shape
        try:
            grad_self = im2col_backward(grad, self_shape, kernel_size, dilation, padding, stride) if need[0] is not None else None  # derivatives.yaml:603
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dilation_ = node.kernel_size_ = node.padding_ = node.stride_ = node.self_shape = None


class Col2imBackward0(Node):
    """Backward of col2im (derivatives.yaml:606)."""
    __slots__ = ("dilation_", "kernel_size_", "padding_", "stride_")
    _op = "col2im"
    _formulas = (('derivatives.yaml:607', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        dilation = node.dilation_
        kernel_size = node.kernel_size_
        padding = node.padding_
        stride = node.stride_
        try:
            grad_self = im2col(grad, kernel_size, dilation, padding, stride) if need[0] is not None else None  # derivatives.yaml:607
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.dilation_ = node.kernel_size_ = node.padding_ = node.stride_ = None


class LinalgInvBackward0(Node):
    """Backward of linalg_inv (derivatives.yaml:612)."""
    __slots__ = ("result_", "result_v")
    _op = "linalg_inv"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:613', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_A = (-result.mT.matmul(grad).matmul(result.mT)) if need[0] is not None else None  # derivatives.yaml:613
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = None


class LinalgSolveBackward0(Node):
    """Backward of linalg_solve (derivatives.yaml:616)."""
    __slots__ = ("A_", "A_v", "result_", "result_v")
    _op = "linalg_solve"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:617', 'A, B'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        A = node.A_
        if isinstance(A, Tensor) and A._vc.value != node.A_v:
            unpack(node, A, node.A_v, 'A')
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_A, grad_B = linalg_solve_backward(grad, A, result) if need[0] is not None or need[1] is not None else (None, None)  # derivatives.yaml:617
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A, grad_B)

    def release(node):
        node._released = True
        node.A_ = node.A_v = node.result_ = node.result_v = None


class LinalgDetBackward0(Node):
    """Backward of linalg_det (derivatives.yaml:620)."""
    __slots__ = ("A_", "A_v", "result_", "result_v")
    _op = "linalg_det"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:621', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        A = node.A_
        if isinstance(A, Tensor) and A._vc.value != node.A_v:
            unpack(node, A, node.A_v, 'A')
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        try:
            grad_A = linalg_det_backward(grad, A, result) if need[0] is not None else None  # derivatives.yaml:621
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.A_ = node.A_v = node.result_ = node.result_v = None


class LinalgSlogdetBackward0(Node):
    """Backward of linalg_slogdet (derivatives.yaml:624)."""
    __slots__ = ("A_", "A_v")
    _op = "linalg_slogdet"
    _n_out = 2
    _formulas = (('derivatives.yaml:625', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        A = node.A_
        if isinstance(A, Tensor) and A._vc.value != node.A_v:
            unpack(node, A, node.A_v, 'A')
        try:
            grad_A = slogdet_backward(grads, A) if need[0] is not None else None  # derivatives.yaml:625
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.A_ = node.A_v = None


class LinalgCholeskyBackward0(Node):
    """Backward of linalg_cholesky (derivatives.yaml:628)."""
    __slots__ = ("result_", "result_v", "upper_")
    _op = "linalg_cholesky"
    _saved_outputs = (('result_', 0),)
    _formulas = (('derivatives.yaml:629', 'self'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need, grad = node._next, grads[0]
        result = node.result_
        if result is not None and (result._vc.value != node.result_v or _grad_state.enabled):
            result = unpack_output(node, result, node.result_v, 0, 'result')
        upper = node.upper_
        try:
            grad_self = cholesky_backward(grad, upper, result) if need[0] is not None else None  # derivatives.yaml:629
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_self,)

    def release(node):
        node._released = True
        node.result_ = node.result_v = node.upper_ = None


class LinalgEighBackward0(Node):
    """Backward of _linalg_eigh (derivatives.yaml:632)."""
    __slots__ = ("eigenvalues_", "eigenvalues_v", "eigenvectors_", "eigenvectors_v", "upper_")
    _op = "_linalg_eigh"
    _n_out = 2
    _saved_outputs = (('eigenvalues_', 0), ('eigenvectors_', 1),)
    _formulas = (('derivatives.yaml:633', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        eigenvalues = node.eigenvalues_
        if eigenvalues is not None and (eigenvalues._vc.value != node.eigenvalues_v or _grad_state.enabled):
            eigenvalues = unpack_output(node, eigenvalues, node.eigenvalues_v, 0, 'eigenvalues')
        eigenvectors = node.eigenvectors_
        if eigenvectors is not None and (eigenvectors._vc.value != node.eigenvectors_v or _grad_state.enabled):
            eigenvectors = unpack_output(node, eigenvectors, node.eigenvectors_v, 1, 'eigenvectors')
        upper = node.upper_
        try:
            grad_A = eigh_backward(grads, upper, eigenvalues, eigenvectors) if need[0] is not None else None  # derivatives.yaml:633
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.eigenvalues_ = node.eigenvalues_v = node.eigenvectors_ = node.eigenvectors_v = node.upper_ = None


class LinalgSvdBackward0(Node):
    """Backward of _linalg_svd (derivatives.yaml:636)."""
    __slots__ = ("A_", "A_v", "S_", "S_v", "U_", "U_v", "Vh_", "Vh_v")
    _op = "_linalg_svd"
    _n_out = 3
    _saved_outputs = (('S_', 1), ('U_', 0), ('Vh_', 2),)
    _formulas = (('derivatives.yaml:637', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        A = node.A_
        if isinstance(A, Tensor) and A._vc.value != node.A_v:
            unpack(node, A, node.A_v, 'A')
        S = node.S_
        if S is not None and (S._vc.value != node.S_v or _grad_state.enabled):
            S = unpack_output(node, S, node.S_v, 1, 'S')
        U = node.U_
        if U is not None and (U._vc.value != node.U_v or _grad_state.enabled):
            U = unpack_output(node, U, node.U_v, 0, 'U')
        Vh = node.Vh_
        if Vh is not None and (Vh._vc.value != node.Vh_v or _grad_state.enabled):
            Vh = unpack_output(node, Vh, node.Vh_v, 2, 'Vh')
        try:
            grad_A = svd_backward(grads, A, U, S, Vh) if need[0] is not None else None  # derivatives.yaml:637
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.A_ = node.A_v = node.S_ = node.S_v = node.U_ = node.U_v = node.Vh_ = node.Vh_v = None


class LinalgQrBackward0(Node):
    """Backward of _linalg_qr (derivatives.yaml:640)."""
    __slots__ = ("A_", "A_v", "Q_", "Q_v", "R_", "R_v")
    _op = "_linalg_qr"
    _n_out = 2
    _saved_outputs = (('Q_', 0), ('R_', 1),)
    _formulas = (('derivatives.yaml:641', 'A'),)

    def apply(node, grads):
        if node._released:
            check_alive(node)
        need = node._next
        A = node.A_
        if isinstance(A, Tensor) and A._vc.value != node.A_v:
            unpack(node, A, node.A_v, 'A')
        Q = node.Q_
        if Q is not None and (Q._vc.value != node.Q_v or _grad_state.enabled):
            Q = unpack_output(node, Q, node.Q_v, 0, 'Q')
        R = node.R_
        if R is not None and (R._vc.value != node.R_v or _grad_state.enabled):
            R = unpack_output(node, R, node.R_v, 1, 'R')
        try:
            grad_A = qr_backward(grads, A, Q, R) if need[0] is not None else None  # derivatives.yaml:641
        except Exception as exc_:
            formula_failed(exc_, node, 0)
            raise
        return (grad_A,)

    def release(node):
        node._released = True
        node.A_ = node.A_v = node.Q_ = node.Q_v = node.R_ = node.R_v = None


def record_neg(op, Backward=NegBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_neg_(op, Backward=NegBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_abs(op, Backward=AbsBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_abs_(op, Backward=AbsBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_relu(op, Backward=ReluBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_relu_(op):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        check_inplace(op, self)
        node = ReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result
    return record


def record_sigmoid(op, Backward=SigmoidBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_log(op, Backward=LogBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_add_Tensor(op, Backward=AddBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_add__Tensor(op, Backward=AddBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other, alpha):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other, alpha)
        check_inplace(op, self)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        result = redispatch(self, other, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_mul_Tensor(op):
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
        node._hooks, node._released = None, False
        node.other_ = other if need_self else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_self else 0
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_mul__Tensor(op):
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
        node._hooks, node._released = None, False
        node.other_ = other if need_self else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_self else 0
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_div_Tensor(op):
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
        node._hooks, node._released = None, False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_floor_divide(op, Backward=FloorDivideBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_floor_divide_(op):
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
        node._hooks, node._released = None, False
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_pow_Tensor_Tensor(op):
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
        node._hooks, node._released = None, False
        node.exponent_ = exponent
        node.exponent_v = (exponent._vc.value if exponent.__class__ is Tensor and exponent._vc is not None else version(exponent))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, exponent)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result) if need_exponent else None
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_pow__Tensor_Tensor(op):
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
        node._hooks, node._released = None, False
        node.exponent_ = exponent
        node.exponent_v = (exponent._vc.value if exponent.__class__ is Tensor and exponent._vc is not None else version(exponent))
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, exponent)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result) if need_exponent else None
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result
    return record


def record_maximum(op, Backward=MaximumBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_maximum_(op, Backward=MaximumBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_remainder_Tensor(op, Backward=RemainderBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = self if need_other else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_other else 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_remainder__Tensor(op, Backward=RemainderBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, other):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_other = isinstance(other, Tensor) and other._requires_grad
        if not (need_self or need_other):
            return redispatch(self, other)
        check_inplace(op, self)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((other, -1, other._shape, other._dtype) if other.grad_fn is None else edge(other)) if need_other else None,
        )
        node._hooks, node._released = None, False
        node.other_ = other if need_other else None
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other)) if need_other else 0
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_div__Tensor(op):
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
        node._hooks, node._released = None, False
        node.other_ = other
        node.other_v = (other._vc.value if other.__class__ is Tensor and other._vc is not None else version(other))
        node.self_ = saved_copy(self) if need_other else None
        node.self_v = 0
        result = redispatch(self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_where_self(op):
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
        node._hooks, node._released = None, False
        node.condition_ = condition
        node.condition_v = (condition._vc.value if condition.__class__ is Tensor and condition._vc is not None else version(condition))
        result = redispatch(condition, self, other)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_sum(op, Backward=SumBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, dim, keepdim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim, dtype)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_prod(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, keepdim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim, dtype)
        node = ProdBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, keepdim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_amax(op, Backward=AmaxBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, keepdim)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_max_dim(op, Backward=MaxBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, dim, keepdim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, keepdim)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.keepdim_ = keepdim
        node.self_shape = self._shape
        result = redispatch(self, dim, keepdim)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result
    return record


def record_softmax_int(op, Backward=SoftmaxBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_nll_loss(op):
    redispatch = below_autograd_entry(op)
    def record(self, target, weight, reduction, ignore_index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, target, weight, reduction, ignore_index)
        node = NllLossBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__nll_loss_backward(op):
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
        node._hooks, node._released = None, False
        node.ignore_index_ = ignore_index
        node.reduction_ = reduction
        node.target_ = target if need_grad_output else None
        node.target_v = (target._vc.value if target.__class__ is Tensor and target._vc is not None else version(target)) if need_grad_output else 0
        node.weight_ = weight if need_grad_output else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_grad_output else 0
        result = redispatch(grad_output, self, target, weight, reduction, ignore_index)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__gelu_backward(op, Backward=GeluBackwardBackward0):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self)
        node = Backward()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.grad_output_ = grad_output if need_self else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self else 0
        result = redispatch(grad_output, self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__copy_strided(op, Backward=CopyStridedBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_leaky_relu(op):
    redispatch = below_autograd_entry(op)
    def record(self, negative_slope):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, negative_slope)
        node = LeakyReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.negative_slope_ = negative_slope
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_leaky_relu_(op):
    redispatch = below_autograd_entry(op)
    def record(self, negative_slope):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, negative_slope)
        check_inplace(op, self)
        node = LeakyReluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.negative_slope_ = negative_slope
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__leaky_relu_backward(op):
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
        node._hooks, node._released = None, False
        node.negative_slope_ = negative_slope
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        result = redispatch(grad_output, self, negative_slope)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__tanh_backward(op):
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
        node._hooks, node._released = None, False
        node.tanh_out_ = tanh_out
        node.tanh_out_v = (tanh_out._vc.value if tanh_out.__class__ is Tensor and tanh_out._vc is not None else version(tanh_out))
        node.grad_output_ = grad_output if need_tanh_out else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_tanh_out else 0
        result = redispatch(grad_output, tanh_out)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__layer_norm(op):
    redispatch = below_autograd_entry(op)
    def record(self, weight, bias, eps):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        need_bias = isinstance(bias, Tensor) and bias._requires_grad
        if not (need_self or need_weight or need_bias):
            return redispatch(self, weight, bias, eps)
        node = LayerNormBackward0()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
            ((bias, -1, bias._shape, bias._dtype) if bias.grad_fn is None else edge(bias)) if need_bias else None,
        )
        node._hooks, node._released = None, False
        node.eps_ = eps
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.weight_ = weight
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight))
        result = redispatch(self, weight, bias, eps)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__layer_norm_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, weight, eps):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        if not (need_grad_output or need_self or need_weight):
            return redispatch(grad_output, self, weight, eps)
        node = LayerNormBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
        )
        node._hooks, node._released = None, False
        node.eps_ = eps
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.weight_ = weight
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight))
        node.grad_output_ = grad_output if need_self or need_weight else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self or need_weight else 0
        node.weight_shape = weight._shape if need_weight else None
        result = redispatch(grad_output, self, weight, eps)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__layer_norm_weight_grad(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, eps):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, eps)
        node = LayerNormWeightGradBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.eps_ = eps
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.grad_output_ = grad_output if need_self else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self else 0
        result = redispatch(grad_output, self, eps)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__sdpa(op):
    redispatch = below_autograd_entry(op)
    def record(query, key, value, scale, is_causal):
        need_query = isinstance(query, Tensor) and query._requires_grad
        need_key = isinstance(key, Tensor) and key._requires_grad
        need_value = isinstance(value, Tensor) and value._requires_grad
        if not (need_query or need_key or need_value):
            return redispatch(query, key, value, scale, is_causal)
        node = SdpaBackward0()
        node._next = (
            ((query, -1, query._shape, query._dtype) if query.grad_fn is None else edge(query)) if need_query else None,
            ((key, -1, key._shape, key._dtype) if key.grad_fn is None else edge(key)) if need_key else None,
            ((value, -1, value._shape, value._dtype) if value.grad_fn is None else edge(value)) if need_value else None,
        )
        node._hooks, node._released = None, False
        node.is_causal_ = is_causal
        node.key_ = key
        node.key_v = (key._vc.value if key.__class__ is Tensor and key._vc is not None else version(key))
        node.query_ = query
        node.query_v = (query._vc.value if query.__class__ is Tensor and query._vc is not None else version(query))
        node.scale_ = scale
        node.value_ = value
        node.value_v = (value._vc.value if value.__class__ is Tensor and value._vc is not None else version(value))
        result = redispatch(query, key, value, scale, is_causal)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__softmax_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, probs, dim):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_probs = isinstance(probs, Tensor) and probs._requires_grad
        if not (need_grad_output or need_probs):
            return redispatch(grad_output, probs, dim)
        node = SoftmaxBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((probs, -1, probs._shape, probs._dtype) if probs.grad_fn is None else edge(probs)) if need_probs else None,
        )
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.probs_ = probs
        node.probs_v = (probs._vc.value if probs.__class__ is Tensor and probs._vc is not None else version(probs))
        node.grad_output_ = grad_output if need_probs else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_probs else 0
        result = redispatch(grad_output, probs, dim)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__log_softmax_backward(op):
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
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.log_probs_ = log_probs
        node.log_probs_v = (log_probs._vc.value if log_probs.__class__ is Tensor and log_probs._vc is not None else version(log_probs))
        node.grad_output_ = grad_output if need_log_probs else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_log_probs else 0
        result = redispatch(grad_output, log_probs, dim)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_mm(op, Backward=MmBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, mat2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        need_mat2 = isinstance(mat2, Tensor) and mat2._requires_grad
        if not (need_self or need_mat2):
            return redispatch(self, mat2)
        node = Backward()
        node._next = (
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
            ((mat2, -1, mat2._shape, mat2._dtype) if mat2.grad_fn is None else edge(mat2)) if need_mat2 else None,
        )
        node._hooks, node._released = None, False
        node.mat2_ = mat2 if need_self else None
        node.mat2_v = (mat2._vc.value if mat2.__class__ is Tensor and mat2._vc is not None else version(mat2)) if need_self else 0
        node.self_ = self if need_mat2 else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_mat2 else 0
        result = redispatch(self, mat2)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_dot(op):
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
        node._hooks, node._released = None, False
        node.tensor_ = tensor if need_self else None
        node.tensor_v = (tensor._vc.value if tensor.__class__ is Tensor and tensor._vc is not None else version(tensor)) if need_self else 0
        node.self_ = self if need_tensor else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_tensor else 0
        result = redispatch(self, tensor)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__linear(op):
    redispatch = below_autograd_entry(op)
    def record(input, weight, bias):
        need_input = isinstance(input, Tensor) and input._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        need_bias = isinstance(bias, Tensor) and bias._requires_grad
        if not (need_input or need_weight or need_bias):
            return redispatch(input, weight, bias)
        node = LinearBackward0()
        node._next = (
            ((input, -1, input._shape, input._dtype) if input.grad_fn is None else edge(input)) if need_input else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
            ((bias, -1, bias._shape, bias._dtype) if bias.grad_fn is None else edge(bias)) if need_bias else None,
        )
        node._hooks, node._released = None, False
        node.weight_ = weight if need_input else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_input else 0
        node.input_shape = input._shape if need_input else None
        node.input_ = input if need_weight else None
        node.input_v = (input._vc.value if input.__class__ is Tensor and input._vc is not None else version(input)) if need_weight else 0
        result = redispatch(input, weight, bias)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_view(op):
    redispatch = below_autograd_entry(op)
    def record(self, size):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, size)
        node = ViewBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, size)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_reshape(op):
    redispatch = below_autograd_entry(op)
    def record(self, shape):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, shape)
        node = ReshapeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, shape)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_t(op, Backward=TBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_transpose_int(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim0, dim1):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim0, dim1)
        node = TransposeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim0_ = dim0
        node.dim1_ = dim1
        result = redispatch(self, dim0, dim1)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_permute(op):
    redispatch = below_autograd_entry(op)
    def record(self, dims):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dims)
        node = PermuteBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dims_ = dims
        result = redispatch(self, dims)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_expand(op):
    redispatch = below_autograd_entry(op)
    def record(self, size, implicit):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, size, implicit)
        node = ExpandBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, size, implicit)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_squeeze(op):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = SqueezeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_squeeze_dim(op, Backward=SqueezeBackward1):
    redispatch = below_autograd_entry(op)
    def record(self, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_unsqueeze(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim)
        node = UnsqueezeBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        result = redispatch(self, dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_flatten_using_ints(op):
    redispatch = below_autograd_entry(op)
    def record(self, start_dim, end_dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, start_dim, end_dim)
        node = FlattenBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_shape = self._shape
        result = redispatch(self, start_dim, end_dim)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_narrow(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, start, length):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, start, length)
        node = NarrowBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_select_int(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index)
        node = SelectBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.dim_ = dim
        node.index_ = index
        node.self_shape = self._shape
        result = redispatch(self, dim, index)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_slice_Tensor(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, start, end, step):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, start, end, step)
        node = SliceBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_split_Tensor(op, Backward=SplitBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, split_size, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, split_size, dim)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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
    redispatch = below_autograd_entry(op)
    def record(self, chunks, dim):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, chunks, dim)
        node = ChunkBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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


def record_cat(op, Backward=CatBackward0):
    redispatch = below_autograd_entry(op)
    def record(tensors, dim):
        need_tensors = [isinstance(t, Tensor) and t._requires_grad for t in tensors]
        if not any(need_tensors):
            return redispatch(tensors, dim)
        node = Backward()
        node._next = tuple(edge(t) if k else None for t, k in zip(tensors, need_tensors))
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.tensors_shape = [t._shape for t in tensors]
        result = redispatch(tensors, dim)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_gather(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, index, sparse_grad):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, sparse_grad)
        node = GatherBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.self_shape = self._shape
        result = redispatch(self, dim, index, sparse_grad)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_select(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, index):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index)
        node = IndexSelectBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.self_shape = self._shape
        result = redispatch(self, dim, index)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_masked_fill_Scalar(op):
    redispatch = below_autograd_entry(op)
    def record(self, mask, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask, value)
        node = MaskedFillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_masked_fill__Scalar(op):
    redispatch = below_autograd_entry(op)
    def record(self, mask, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask, value)
        check_inplace(op, self)
        node = MaskedFillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_Tensor(op):
    redispatch = below_autograd_entry(op)
    def record(self, indices):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, indices)
        node = IndexBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.self_shape = self._shape
        result = redispatch(self, indices)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_put(op):
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
        node._hooks, node._released = None, False
        node.accumulate_ = accumulate
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.values_shape = values._shape if need_values else None
        result = redispatch(self, indices, values, accumulate)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_put_(op):
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
        node._hooks, node._released = None, False
        node.accumulate_ = accumulate
        node.indices_ = list(indices)
        node.indices_v = [version(t) for t in indices]
        node.values_shape = values._shape if need_values else None
        result = redispatch(self, indices, values, accumulate)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_copy_(op):
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
        node._hooks, node._released = None, False
        result = redispatch(self, src, non_blocking)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_fill__Scalar(op):
    redispatch = below_autograd_entry(op)
    def record(self, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, value)
        check_inplace(op, self)
        node = FillBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        result = redispatch(self, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_to_device(op):
    redispatch = below_autograd_entry(op)
    def record(self, device, dtype, non_blocking, copy):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, device, dtype, non_blocking, copy)
        node = ToBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_device = self._device
        result = redispatch(self, device, dtype, non_blocking, copy)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_to_dtype(op):
    redispatch = below_autograd_entry(op)
    def record(self, dtype, non_blocking, copy):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dtype, non_blocking, copy)
        node = ToBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        result = redispatch(self, dtype, non_blocking, copy)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__unique2(op):
    redispatch = below_autograd_entry(op)
    def record(self, sorted, return_inverse, return_counts):
        return redispatch(self, sorted, return_inverse, return_counts)
    return record


def record_sparse_coo_tensor(op):
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
        node._hooks, node._released = None, False
        node.indices_ = indices if need_values else None
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices)) if need_values else 0
        result = redispatch(indices, values, size, dtype, is_coalesced)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_to_dense(op):
    redispatch = below_autograd_entry(op)
    def record(self, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dtype)
        node = ToDenseBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dtype)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_values(op):
    redispatch = below_autograd_entry(op)
    def record(self):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self)
        node = ValuesBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node._view_base_fn = (self if self._base is None else self._base).grad_fn
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.self_shape = self._shape
        result = redispatch(self)
        if result is self:  # returned unchanged: it keeps its history
            return result
        node._view_version = (self._vc or self._version_counter).value
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_sparse_mask(op):
    redispatch = below_autograd_entry(op)
    def record(self, mask):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, mask)
        node = SparseMaskBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.mask_ = mask
        node.mask_v = (mask._vc.value if mask.__class__ is Tensor and mask._vc is not None else version(mask))
        result = redispatch(self, mask)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__sparse_values_at(op):
    redispatch = below_autograd_entry(op)
    def record(self, indices):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, indices)
        node = SparseValuesAtBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.indices_ = indices
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices))
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.self_shape = self._shape
        result = redispatch(self, indices)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_lerp_Scalar(op):
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
        node._hooks, node._released = None, False
        node.weight_ = weight
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_lerp__Scalar(op):
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
        node._hooks, node._released = None, False
        node.weight_ = weight
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_lerp_Tensor(op):
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
        node._hooks, node._released = None, False
        node.weight_ = weight if need_self or need_end else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_self or need_end else 0
        node.end_ = end if need_weight else None
        node.end_v = (end._vc.value if end.__class__ is Tensor and end._vc is not None else version(end)) if need_weight else 0
        node.self_ = self if need_weight else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_weight else 0
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_lerp__Tensor(op):
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
        node._hooks, node._released = None, False
        node.weight_ = weight if need_self or need_end else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_self or need_end else 0
        node.end_ = end if need_weight else None
        node.end_v = (end._vc.value if end.__class__ is Tensor and end._vc is not None else version(end)) if need_weight else 0
        node.self_ = saved_copy(self) if need_weight else None
        node.self_v = 0
        result = redispatch(self, end, weight)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__adam_exp_avg_sq(op, Backward=AdamExpAvgSqBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, grad, beta, weight):
        return redispatch(self, grad, beta, weight)
    return record


def record__adam_param_step(op, Backward=AdamParamStepBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps):
        return redispatch(self, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps)
    return record


def record__nan_to_num(op):
    redispatch = below_autograd_entry(op)
    def record(self, nan, posinf, neginf):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, nan, posinf, neginf)
        node = NanToNumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, nan, posinf, neginf)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_cumsum(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = CumsumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_cumsum_(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        check_inplace(op, self)
        node = CumsumBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_cumprod(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        node = CumprodBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_cumprod_(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, dtype):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, dtype)
        check_inplace(op, self)
        node = CumprodBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, dim, dtype)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result)) + 1
        return result
    return record


def record_sort(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, descending):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, descending)
        node = SortBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.self_shape = self._shape
        result = redispatch(self, dim, descending)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result
    return record


def record_topk(op):
    redispatch = below_autograd_entry(op)
    def record(self, k, dim, largest, sorted):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, k, dim, largest, sorted)
        node = TopkBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.self_shape = self._shape
        result = redispatch(self, k, dim, largest, sorted)
        set_history(result[0], node, 0)
        node.indices_ = detached(result[1])
        node.indices_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result
    return record


def record_scatter_src(op):
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
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_scatter__src(op):
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
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_scatter_value(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, index, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, value)
        node = ScatterBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        result = redispatch(self, dim, index, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_scatter__value(op):
    redispatch = below_autograd_entry(op)
    def record(self, dim, index, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, dim, index, value)
        check_inplace(op, self)
        node = ScatterBackward1()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index))
        result = redispatch(self, dim, index, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_scatter_add(op):
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
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index if need_src else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_src else 0
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_scatter_add_(op):
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
        node._hooks, node._released = None, False
        node.dim_ = dim
        node.index_ = index if need_src else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_src else 0
        node.src_shape = src._shape if need_src else None
        result = redispatch(self, dim, index, src)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_add(op):
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
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        node.dim_ = dim
        node.index_ = index if need_source else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_source else 0
        node.source_shape = source._shape if need_source else None
        result = redispatch(self, dim, index, source, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_index_add_(op):
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
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        node.dim_ = dim
        node.index_ = index if need_source else None
        node.index_v = (index._vc.value if index.__class__ is Tensor and index._vc is not None else version(index)) if need_source else 0
        node.source_shape = source._shape if need_source else None
        result = redispatch(self, dim, index, source, alpha)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_embedding(op):
    redispatch = below_autograd_entry(op)
    def record(weight, indices, padding_idx, scale_grad_by_freq, sparse):
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        if not need_weight:
            return redispatch(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        node = EmbeddingBackward0()
        node._next = (((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)),)
        node._hooks, node._released = None, False
        node.indices_ = indices
        node.indices_v = (indices._vc.value if indices.__class__ is Tensor and indices._vc is not None else version(indices))
        node.padding_idx_ = padding_idx
        node.scale_grad_by_freq_ = scale_grad_by_freq
        node.weight_shape = weight._shape
        result = redispatch(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_tril(op, Backward=TrilBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_tril_(op, Backward=TrilBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, diagonal):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, diagonal)
        check_inplace(op, self)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.diagonal_ = diagonal
        result = redispatch(self, diagonal)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_nonzero(op, Backward=NonzeroBackward0):
    redispatch = below_autograd_entry(op)
    def record(self):
        return redispatch(self)
    return record


def record_nonzero_as_tuple(op):
    redispatch = below_autograd_entry(op)
    def record(self, as_tuple):
        return redispatch(self, as_tuple)
    return record


def record_repeat_interleave_Tensor(op):
    redispatch = below_autograd_entry(op)
    def record(repeats, output_size):
        return redispatch(repeats, output_size)
    return record


def record_diagonal(op):
    redispatch = below_autograd_entry(op)
    def record(self, offset, dim1, dim2):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, offset, dim1, dim2)
        node = DiagonalBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
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
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__sparse_mm(op):
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
        node._hooks, node._released = None, False
        node.mat2_ = mat2 if need_self else None
        node.mat2_v = (mat2._vc.value if mat2.__class__ is Tensor and mat2._vc is not None else version(mat2)) if need_self else 0
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, mat2)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_convolution(op):
    redispatch = below_autograd_entry(op)
    def record(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
        need_input = isinstance(input, Tensor) and input._requires_grad
        need_weight = isinstance(weight, Tensor) and weight._requires_grad
        need_bias = isinstance(bias, Tensor) and bias._requires_grad
        if not (need_input or need_weight or need_bias):
            return redispatch(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)
        node = ConvolutionBackward0()
        node._next = (
            ((input, -1, input._shape, input._dtype) if input.grad_fn is None else edge(input)) if need_input else None,
            ((weight, -1, weight._shape, weight._dtype) if weight.grad_fn is None else edge(weight)) if need_weight else None,
            ((bias, -1, bias._shape, bias._dtype) if bias.grad_fn is None else edge(bias)) if need_bias else None,
        )
        node._hooks, node._released = None, False
        node.dilation_ = dilation
        node.groups_ = groups
        node.padding_ = padding
        node.stride_ = stride
        node.transposed_ = transposed
        node.weight_ = weight if need_input else None
        node.weight_v = (weight._vc.value if weight.__class__ is Tensor and weight._vc is not None else version(weight)) if need_input else 0
        node.input_shape = input._shape if need_input else None
        node.input_ = input if need_weight else None
        node.input_v = (input._vc.value if input.__class__ is Tensor and input._vc is not None else version(input)) if need_weight else 0
        node.weight_shape = weight._shape if need_weight else None
        result = redispatch(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__conv_weight_grad(op):
    redispatch = below_autograd_entry(op)
    def record(input, grad_output, weight_size, stride, padding, dilation, groups):
        need_input = isinstance(input, Tensor) and input._requires_grad
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        if not (need_input or need_grad_output):
            return redispatch(input, grad_output, weight_size, stride, padding, dilation, groups)
        node = ConvWeightGradBackward0()
        node._next = (
            ((input, -1, input._shape, input._dtype) if input.grad_fn is None else edge(input)) if need_input else None,
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
        )
        node._hooks, node._released = None, False
        node.dilation_ = dilation
        node.grad_output_ = grad_output if need_input else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_input else 0
        node.groups_ = groups
        node.padding_ = padding
        node.stride_ = stride
        node.input_shape = input._shape if need_input else None
        node.input_ = input if need_grad_output else None
        node.input_v = (input._vc.value if input.__class__ is Tensor and input._vc is not None else version(input)) if need_grad_output else 0
        result = redispatch(input, grad_output, weight_size, stride, padding, dilation, groups)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_im2col(op):
    redispatch = below_autograd_entry(op)
    def record(self, kernel_size, dilation, padding, stride):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, kernel_size, dilation, padding, stride)
        node = Im2colBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dilation_ = dilation
        node.kernel_size_ = kernel_size
        node.padding_ = padding
        node.stride_ = stride
        node.self_shape = self._shape
        result = redispatch(self, kernel_size, dilation, padding, stride)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_col2im(op):
    redispatch = below_autograd_entry(op)
    def record(self, output_size, kernel_size, dilation, padding, stride):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, output_size, kernel_size, dilation, padding, stride)
        node = Col2imBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.dilation_ = dilation
        node.kernel_size_ = kernel_size
        node.padding_ = padding
        node.stride_ = stride
        result = redispatch(self, output_size, kernel_size, dilation, padding, stride)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_linalg_inv(op):
    redispatch = below_autograd_entry(op)
    def record(A):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A)
        node = LinalgInvBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        result = redispatch(A)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_linalg_solve(op):
    redispatch = below_autograd_entry(op)
    def record(A, B):
        need_A = isinstance(A, Tensor) and A._requires_grad
        need_B = isinstance(B, Tensor) and B._requires_grad
        if not (need_A or need_B):
            return redispatch(A, B)
        node = LinalgSolveBackward0()
        node._next = (
            ((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)) if need_A else None,
            ((B, -1, B._shape, B._dtype) if B.grad_fn is None else edge(B)) if need_B else None,
        )
        node._hooks, node._released = None, False
        node.A_ = A
        node.A_v = (A._vc.value if A.__class__ is Tensor and A._vc is not None else version(A))
        result = redispatch(A, B)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_linalg_det(op):
    redispatch = below_autograd_entry(op)
    def record(A):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A)
        node = LinalgDetBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        node.A_ = A
        node.A_v = (A._vc.value if A.__class__ is Tensor and A._vc is not None else version(A))
        result = redispatch(A)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record_linalg_slogdet(op):
    redispatch = below_autograd_entry(op)
    def record(A):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A)
        node = LinalgSlogdetBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        node.A_ = A
        node.A_v = (A._vc.value if A.__class__ is Tensor and A._vc is not None else version(A))
        result = redispatch(A)
        set_history(result[0], node, 0)
        set_history(result[1], node, 1)
        return result
    return record


def record_linalg_cholesky(op):
    redispatch = below_autograd_entry(op)
    def record(self, upper):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, upper)
        node = LinalgCholeskyBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.upper_ = upper
        result = redispatch(self, upper)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        node.result_ = detached(result)
        node.result_v = (result._vc.value if result.__class__ is Tensor and result._vc is not None else version(result))
        return result
    return record


def record__linalg_eigh(op):
    redispatch = below_autograd_entry(op)
    def record(A, upper):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A, upper)
        node = LinalgEighBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        node.upper_ = upper
        result = redispatch(A, upper)
        set_history(result[0], node, 0)
        set_history(result[1], node, 1)
        node.eigenvalues_ = detached(result[0])
        node.eigenvalues_v = (result[0]._vc.value if result[0].__class__ is Tensor and result[0]._vc is not None else version(result[0]))
        node.eigenvectors_ = detached(result[1])
        node.eigenvectors_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result
    return record


def record__linalg_svd(op):
    redispatch = below_autograd_entry(op)
    def record(A, full_matrices):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A, full_matrices)
        node = LinalgSvdBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        node.A_ = A
        node.A_v = (A._vc.value if A.__class__ is Tensor and A._vc is not None else version(A))
        result = redispatch(A, full_matrices)
        set_history(result[0], node, 0)
        set_history(result[1], node, 1)
        set_history(result[2], node, 2)
        node.S_ = detached(result[1])
        node.S_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        node.U_ = detached(result[0])
        node.U_v = (result[0]._vc.value if result[0].__class__ is Tensor and result[0]._vc is not None else version(result[0]))
        node.Vh_ = detached(result[2])
        node.Vh_v = (result[2]._vc.value if result[2].__class__ is Tensor and result[2]._vc is not None else version(result[2]))
        return result
    return record


def record__linalg_qr(op):
    redispatch = below_autograd_entry(op)
    def record(A, complete):
        need_A = isinstance(A, Tensor) and A._requires_grad
        if not need_A:
            return redispatch(A, complete)
        node = LinalgQrBackward0()
        node._next = (((A, -1, A._shape, A._dtype) if A.grad_fn is None else edge(A)),)
        node._hooks, node._released = None, False
        node.A_ = A
        node.A_v = (A._vc.value if A.__class__ is Tensor and A._vc is not None else version(A))
        result = redispatch(A, complete)
        set_history(result[0], node, 0)
        set_history(result[1], node, 1)
        node.Q_ = detached(result[0])
        node.Q_v = (result[0]._vc.value if result[0].__class__ is Tensor and result[0]._vc is not None else version(result[0]))
        node.R_ = detached(result[1])
        node.R_v = (result[1]._vc.value if result[1].__class__ is Tensor and result[1]._vc is not None else version(result[1]))
        return result
    return record


def record_elu(op):
    redispatch = below_autograd_entry(op)
    def record(self, alpha, scale, input_scale):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self, alpha, scale, input_scale,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, alpha, scale, input_scale)
        node = EluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        node.input_scale_ = input_scale
        node.scale_ = scale
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, alpha, scale, input_scale)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_elu_(op):
    redispatch = below_autograd_entry(op)
    def record(self, alpha, scale, input_scale):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, alpha, scale, input_scale)
        check_inplace(op, self)
        node = EluBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        node.input_scale_ = input_scale
        node.scale_ = scale
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, alpha, scale, input_scale)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__elu_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, alpha, scale, input_scale):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, alpha, scale, input_scale)
        node = EluBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.alpha_ = alpha
        node.input_scale_ = input_scale
        node.scale_ = scale
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.grad_output_ = grad_output if need_self else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self else 0
        result = redispatch(grad_output, self, alpha, scale, input_scale)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_hardtanh(op):
    redispatch = below_autograd_entry(op)
    def record(self, min_val, max_val):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, min_val, max_val)
        node = HardtanhBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.max_val_ = max_val
        node.min_val_ = min_val
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, min_val, max_val)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_hardtanh_(op):
    redispatch = below_autograd_entry(op)
    def record(self, min_val, max_val):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, min_val, max_val)
        check_inplace(op, self)
        node = HardtanhBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.max_val_ = max_val
        node.min_val_ = min_val
        node.self_ = saved_copy(self)
        node.self_v = 0
        result = redispatch(self, min_val, max_val)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__hardtanh_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, min_val, max_val):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, min_val, max_val)
        node = HardtanhBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.max_val_ = max_val
        node.min_val_ = min_val
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        result = redispatch(grad_output, self, min_val, max_val)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__hardsigmoid_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self)
        node = HardsigmoidBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        result = redispatch(grad_output, self)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_hardshrink(op, Backward=HardshrinkBackward0):
    redispatch = below_autograd_entry(op)
    def record(self, lambd):
        if self.__class__ is not Tensor and isinstance(self, Tensor) and self.is_sparse:
            return through_values(op, (self, lambd,))
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, lambd)
        node = Backward()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.lambd_ = lambd
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        result = redispatch(self, lambd)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__shrink_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, lambd):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, lambd)
        node = ShrinkBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.lambd_ = lambd
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        result = redispatch(grad_output, self, lambd)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__softplus(op):
    redispatch = below_autograd_entry(op)
    def record(self, beta, threshold):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, beta, threshold)
        node = SoftplusBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.beta_ = beta
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.threshold_ = threshold
        result = redispatch(self, beta, threshold)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__softplus_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, beta, threshold):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, beta, threshold)
        node = SoftplusBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.beta_ = beta
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.threshold_ = threshold
        node.grad_output_ = grad_output if need_self else None
        node.grad_output_v = (grad_output._vc.value if grad_output.__class__ is Tensor and grad_output._vc is not None else version(grad_output)) if need_self else 0
        result = redispatch(grad_output, self, beta, threshold)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_threshold(op):
    redispatch = below_autograd_entry(op)
    def record(self, threshold, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, threshold, value)
        node = ThresholdBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = self
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self))
        node.threshold_ = threshold
        result = redispatch(self, threshold, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record_threshold_(op):
    redispatch = below_autograd_entry(op)
    def record(self, threshold, value):
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not need_self:
            return redispatch(self, threshold, value)
        check_inplace(op, self)
        node = ThresholdBackward0()
        node._next = (((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)),)
        node._hooks, node._released = None, False
        node.self_ = saved_copy(self)
        node.self_v = 0
        node.threshold_ = threshold
        result = redispatch(self, threshold, value)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


def record__threshold_backward(op):
    redispatch = below_autograd_entry(op)
    def record(grad_output, self, threshold):
        need_grad_output = isinstance(grad_output, Tensor) and grad_output._requires_grad
        need_self = isinstance(self, Tensor) and self._requires_grad
        if not (need_grad_output or need_self):
            return redispatch(grad_output, self, threshold)
        node = ThresholdBackwardBackward0()
        node._next = (
            ((grad_output, -1, grad_output._shape, grad_output._dtype) if grad_output.grad_fn is None else edge(grad_output)) if need_grad_output else None,
            ((self, -1, self._shape, self._dtype) if self.grad_fn is None else edge(self)) if need_self else None,
        )
        node._hooks, node._released = None, False
        node.self_ = self if need_grad_output else None
        node.self_v = (self._vc.value if self.__class__ is Tensor and self._vc is not None else version(self)) if need_grad_output else 0
        node.threshold_ = threshold
        result = redispatch(grad_output, self, threshold)
        if result._dtype.is_floating_point:
            result._requires_grad, result.grad_fn, result._output_nr = True, node, 0
        return result
    return record


# Op overload -> its recorder maker, ``make(handle)`` -> the op's Autograd kernel, which takes
# the op's arguments in schema order (bound by aten_lite/autograd/kernel.py); a maker shared
# by ops that record alike is bound to each op's node class (Note [Shared recorders] in
# tools/codegen/emit_autograd.py).
RECORDERS = {
    "neg": record_neg,
    "neg_": record_neg_,
    "abs": record_abs,
    "abs_": record_abs_,
    "sign": partial(record_neg, Backward=SignBackward0),
    "sign_": partial(record_neg_, Backward=SignBackward0),
    "relu": record_relu,
    "relu_": record_relu_,
    "sigmoid": record_sigmoid,
    "tanh": partial(record_relu, Backward=TanhBackward0),
    "exp": partial(record_sigmoid, Backward=ExpBackward0),
    "expm1": partial(record_relu, Backward=Expm1Backward0),
    "log": record_log,
    "log1p": partial(record_abs, Backward=Log1pBackward0),
    "sqrt": partial(record_relu, Backward=SqrtBackward0),
    "rsqrt": partial(record_sigmoid, Backward=RsqrtBackward0),
    "reciprocal": partial(record_sigmoid, Backward=ReciprocalBackward0),
    "sin": partial(record_abs, Backward=SinBackward0),
    "cos": partial(record_log, Backward=CosBackward0),
    "floor": partial(record_neg, Backward=FloorBackward0),
    "floor_": partial(record_neg_, Backward=FloorBackward0),
    "ceil": partial(record_neg, Backward=CeilBackward0),
    "ceil_": partial(record_neg_, Backward=CeilBackward0),
    "round": partial(record_neg, Backward=RoundBackward0),
    "round_": partial(record_neg_, Backward=RoundBackward0),
    "trunc": partial(record_neg, Backward=TruncBackward0),
    "trunc_": partial(record_neg_, Backward=TruncBackward0),
    "add.Tensor": record_add_Tensor,
    "add_.Tensor": record_add__Tensor,
    "sub.Tensor": partial(record_add_Tensor, Backward=SubBackward0),
    "sub_.Tensor": partial(record_add__Tensor, Backward=SubBackward0),
    "mul.Tensor": record_mul_Tensor,
    "mul_.Tensor": record_mul__Tensor,
    "div.Tensor": record_div_Tensor,
    "floor_divide": record_floor_divide,
    "floor_divide_": record_floor_divide_,
    "pow.Tensor_Tensor": record_pow_Tensor_Tensor,
    "pow_.Tensor_Tensor": record_pow__Tensor_Tensor,
    "maximum": record_maximum,
    "maximum_": record_maximum_,
    "minimum": partial(record_maximum, Backward=MinimumBackward0),
    "minimum_": partial(record_maximum_, Backward=MinimumBackward0),
    "remainder.Tensor": record_remainder_Tensor,
    "remainder_.Tensor": record_remainder__Tensor,
    "div_.Tensor": record_div__Tensor,
    "_div_trunc": partial(record_floor_divide, Backward=DivTruncBackward0),
    "where.self": record_where_self,
    "sum": record_sum,
    "mean": partial(record_sum, Backward=MeanBackward0),
    "prod": record_prod,
    "amax": record_amax,
    "amin": partial(record_amax, Backward=AminBackward0),
    "max.dim": record_max_dim,
    "min.dim": partial(record_max_dim, Backward=MinBackward0),
    "softmax.int": record_softmax_int,
    "log_softmax.int": partial(record_softmax_int, Backward=LogSoftmaxBackward0),
    "nll_loss": record_nll_loss,
    "_nll_loss_backward": record__nll_loss_backward,
    "gelu": partial(record_abs, Backward=GeluBackward0),
    "_gelu_backward": record__gelu_backward,
    "_gelu_tanh": partial(record_abs, Backward=GeluTanhBackward0),
    "_gelu_tanh_backward": partial(record__gelu_backward, Backward=GeluTanhBackwardBackward0),
    "silu": partial(record_log, Backward=SiluBackward0),
    "silu_": partial(record_abs_, Backward=SiluBackward0),
    "_copy_strided": record__copy_strided,
    "leaky_relu": record_leaky_relu,
    "leaky_relu_": record_leaky_relu_,
    "_leaky_relu_backward": record__leaky_relu_backward,
    "_tanh_backward": record__tanh_backward,
    "_layer_norm": record__layer_norm,
    "_layer_norm_backward": record__layer_norm_backward,
    "_layer_norm_weight_grad": record__layer_norm_weight_grad,
    "_sdpa": record__sdpa,
    "_softmax_backward": record__softmax_backward,
    "_log_softmax_backward": record__log_softmax_backward,
    "mm": record_mm,
    "bmm": partial(record_mm, Backward=BmmBackward0),
    "dot": record_dot,
    "_linear": record__linear,
    "view": record_view,
    "reshape": record_reshape,
    "t": record_t,
    "transpose.int": record_transpose_int,
    "permute": record_permute,
    "expand": record_expand,
    "squeeze": record_squeeze,
    "squeeze.dim": record_squeeze_dim,
    "squeeze.dims": partial(record_squeeze_dim, Backward=SqueezeBackward2),
    "unsqueeze": record_unsqueeze,
    "flatten.using_ints": record_flatten_using_ints,
    "narrow": record_narrow,
    "select.int": record_select_int,
    "slice.Tensor": record_slice_Tensor,
    "contiguous": partial(record_t, Backward=ContiguousBackward0),
    "split.Tensor": record_split_Tensor,
    "split.sizes": partial(record_split_Tensor, Backward=SplitBackward1),
    "chunk": record_chunk,
    "cat": record_cat,
    "stack": partial(record_cat, Backward=StackBackward0),
    "gather": record_gather,
    "index_select": record_index_select,
    "masked_fill.Scalar": record_masked_fill_Scalar,
    "masked_fill_.Scalar": record_masked_fill__Scalar,
    "index.Tensor": record_index_Tensor,
    "index_put": record_index_put,
    "index_put_": record_index_put_,
    "clone": partial(record__copy_strided, Backward=CloneBackward0),
    "copy_": record_copy_,
    "fill_.Scalar": record_fill__Scalar,
    "zero_": partial(record_neg_, Backward=ZeroBackward0),
    "to.device": record_to_device,
    "to.dtype": record_to_dtype,
    "_unique2": record__unique2,
    "sparse_coo_tensor": record_sparse_coo_tensor,
    "to_sparse": partial(record_t, Backward=ToSparseBackward0),
    "to_dense": record_to_dense,
    "coalesce": partial(record_t, Backward=CoalesceBackward0),
    "values": record_values,
    "sparse_mask": record_sparse_mask,
    "_sparse_values_at": record__sparse_values_at,
    "log10": partial(record_log, Backward=Log10Backward0),
    "log10_": partial(record_abs_, Backward=Log10Backward0),
    "log2": partial(record_log, Backward=Log2Backward0),
    "log2_": partial(record_abs_, Backward=Log2Backward0),
    "fmod.Tensor": partial(record_remainder_Tensor, Backward=FmodBackward0),
    "fmod_.Tensor": partial(record_remainder__Tensor, Backward=FmodBackward0),
    "lerp.Scalar": record_lerp_Scalar,
    "lerp_.Scalar": record_lerp__Scalar,
    "lerp.Tensor": record_lerp_Tensor,
    "lerp_.Tensor": record_lerp__Tensor,
    "_adam_exp_avg_sq": record__adam_exp_avg_sq,
    "_adam_exp_avg_sq_": partial(record__adam_exp_avg_sq, Backward=AdamExpAvgSqBackward0),
    "_adam_param_step": record__adam_param_step,
    "_adam_param_step_": partial(record__adam_param_step, Backward=AdamParamStepBackward0),
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
    "triu": partial(record_tril, Backward=TriuBackward0),
    "triu_": partial(record_tril_, Backward=TriuBackward0),
    "nonzero": record_nonzero,
    "nonzero.as_tuple": record_nonzero_as_tuple,
    "nonzero_numpy": partial(record_nonzero, Backward=NonzeroNumpyBackward0),
    "repeat_interleave.Tensor": record_repeat_interleave_Tensor,
    "diagonal": record_diagonal,
    "_sparse_mm": record__sparse_mm,
    "convolution": record_convolution,
    "_conv_weight_grad": record__conv_weight_grad,
    "im2col": record_im2col,
    "col2im": record_col2im,
    "linalg_inv": record_linalg_inv,
    "linalg_solve": record_linalg_solve,
    "linalg_det": record_linalg_det,
    "linalg_slogdet": record_linalg_slogdet,
    "linalg_cholesky": record_linalg_cholesky,
    "_linalg_eigh": record__linalg_eigh,
    "_linalg_svd": record__linalg_svd,
    "_linalg_qr": record__linalg_qr,
    "elu": record_elu,
    "elu_": record_elu_,
    "_elu_backward": record__elu_backward,
    "hardtanh": record_hardtanh,
    "hardtanh_": record_hardtanh_,
    "_hardtanh_backward": record__hardtanh_backward,
    "hardsigmoid": partial(record_log, Backward=HardsigmoidBackward0),
    "hardsigmoid_": partial(record_abs_, Backward=HardsigmoidBackward0),
    "_hardsigmoid_backward": record__hardsigmoid_backward,
    "hardswish": partial(record_abs, Backward=HardswishBackward0),
    "hardswish_": partial(record_abs_, Backward=HardswishBackward0),
    "_hardswish_backward": partial(record__gelu_backward, Backward=HardswishBackwardBackward0),
    "hardshrink": record_hardshrink,
    "softshrink": partial(record_hardshrink, Backward=SoftshrinkBackward0),
    "_shrink_backward": record__shrink_backward,
    "_softplus": record__softplus,
    "_softplus_backward": record__softplus_backward,
    "log_sigmoid": partial(record_log, Backward=LogSigmoidBackward0),
    "_log_sigmoid_backward": partial(record__gelu_backward, Backward=LogSigmoidBackwardBackward0),
    "mish": partial(record_abs, Backward=MishBackward0),
    "mish_": partial(record_abs_, Backward=MishBackward0),
    "_mish_backward": partial(record__gelu_backward, Backward=MishBackwardBackward0),
    "threshold": record_threshold,
    "threshold_": record_threshold_,
    "_threshold_backward": record__threshold_backward,
}
