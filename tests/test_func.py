"""al.func and dual tensors: the transforms against torch.func, forward over
reverse and reverse over forward (Hessian-vector products), in-place ops and views under
forward mode, and the errors.
"""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
import aten_lite.autograd.forward_ad as fwAD
from aten_lite.dispatch import dispatcher as _dispatch

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # torch.func imports jit
tfunc = pytest.importorskip("torch.func")

RNG = np.random.default_rng(12)


def _pair(*shape):
    a = RNG.standard_normal(shape)
    return al.tensor(a), torch.tensor(a)


def _close(x, y, rtol=1e-7):
    if isinstance(x, (tuple, list)):
        assert len(x) == len(y)
        for a, b in zip(x, y):
            _close(a, b, rtol)
        return
    np.testing.assert_allclose(x.detach().numpy(), y.detach().numpy(), rtol=rtol, atol=1e-10)


def mlp(lib):
    """A small MLP loss over the functions both libraries have, of (w1, w2, x, target)."""
    def loss(w1, w2, x, target):
        h = (x.mm(w1.t())).tanh()
        logits = h.mm(w2.t())
        return lib.nn.functional.cross_entropy(logits, target) if lib is torch else \
            al.nn.functional.cross_entropy(logits, target)
    return loss


def chain(x):
    y = x
    for _ in range(5):
        y = (y.sin() * y + 1).exp().log1p() / (y * y + 2).sqrt()
    return y.sum(0).softmax(0)


def test_jvp_matches_torch():
    (x, tx), (v, tv) = _pair(4, 3), _pair(4, 3)
    out, tan = al.func.jvp(chain, (x,), (v,))
    tout, ttan = tfunc.jvp(chain, (tx,), (tv,))
    _close(out, tout)
    _close(tan, ttan)


def test_vjp_grad_jacobians_match_torch():
    (x, tx), (u, tu) = _pair(3), _pair(3)
    f = lambda a: (a.exp() * a.sin()).cumsum(0)  # noqa: E731
    out, fn = al.func.vjp(f, x)
    tout, tfn = tfunc.vjp(f, tx)
    _close(out, tout)
    _close(fn(u), tfn(tu))
    g = lambda a, b: (a * b.cos()).sum()  # noqa: E731
    (y, ty) = _pair(3)
    _close(al.func.grad(g, argnums=(0, 1))(x, y), tfunc.grad(g, argnums=(0, 1))(tx, ty))
    _close(al.func.jacrev(f)(x), tfunc.jacrev(f)(tx))
    _close(al.func.jacfwd(f)(x), tfunc.jacfwd(f)(tx))
    h = lambda a: (a.exp() * a.sin()).prod()  # noqa: E731
    _close(al.func.hessian(h)(x), tfunc.hessian(h)(tx))


def test_hvp_of_an_mlp_loss_matches_torch_both_ways():
    """The Hessian-vector product of an MLP loss, by forward over reverse (al.func.hvp) and by
    reverse over forward (the gradient of a jvp), against torch."""
    (w1, tw1), (w2, tw2), (x, tx) = _pair(8, 5), _pair(3, 8), _pair(6, 5)
    (v1, tv1), (v2, tv2) = _pair(8, 5), _pair(3, 8)
    target = np.array([0, 2, 1, 1, 0, 2])
    t_al, t_t = al.tensor(target), torch.tensor(target)
    f = lambda a, b: mlp(al)(a, b, x, t_al)  # noqa: E731
    tf = lambda a, b: mlp(torch)(a, b, tx, t_t)  # noqa: E731
    value, hv = al.func.hvp(f, (w1, w2), (v1, v2))
    tvalue, thv = torch.autograd.functional.hvp(tf, (tw1, tw2), (tv1, tv2))
    _close(value, tvalue)
    _close(hv, thv, rtol=1e-6)
    # Reverse over forward: d/dw <grad f, v> = H v, by differentiating the jvp's tangent.
    a, b = w1.detach().requires_grad_(), w2.detach().requires_grad_()
    _, tangent = al.func.jvp(f, (a, b), (v1, v2))
    _close(al.autograd.grad(tangent, (a, b)), thv, rtol=1e-6)


def test_dual_tensors_through_inplace_views_and_composites():
    x, v = al.tensor([0.5, 1.5, -2.0]), al.tensor([1.0, -1.0, 2.0])
    with fwAD.dual_level():
        d = fwAD.make_dual(x, v)
        assert fwAD.unpack_dual(d).tangent is v
        y = d * 1.0
        y.mul_(d)  # in place: y = d * d; the rule read the old y
        _close(fwAD.unpack_dual(y).tangent, 2 * x * v)
        s = d[1:]  # a view of a dual tensor carries the view of its tangent
        _close(fwAD.unpack_dual(s).tangent, v[1:])
        with pytest.raises(NotImplementedError, match="in-place op on a view"):
            s.mul_(2)
        w = d * 2
        view = w[0:2]
        w.add_(1)  # writes view's memory without updating view's tangent
        with pytest.raises(RuntimeError, match="modified in place through another tensor"):
            view + 1
    assert fwAD.unpack_dual(y).tangent is None  # leaving the level drops the tangents


def test_no_mode_outside_a_level():
    assert not _dispatch.observed()
    with fwAD.dual_level():
        assert _dispatch.observed()
    assert not _dispatch.observed()  # the fast dispatch path is back, free


def test_integer_results_carry_no_tangent():
    with fwAD.dual_level():
        d = fwAD.make_dual(al.tensor([3.0, 1.0, 2.0]), al.ones(3))
        idx = d.argmax()
        assert fwAD.unpack_dual(idx).tangent is None
        assert fwAD.unpack_dual(d > 1).tangent is None


def test_errors_name_the_bad_value():
    with pytest.raises(RuntimeError, match="no dual level is active"):
        fwAD.make_dual(al.ones(2), al.ones(2))
    with fwAD.dual_level():
        with pytest.raises(ValueError, match=r"tangent has shape \[3\] but tensor has \[2\]"):
            fwAD.make_dual(al.ones(2), al.ones(3))
        with pytest.raises(TypeError, match="only floating tensors carry tangents"):
            fwAD.make_dual(al.tensor([1, 2]), al.ones(2))
        with pytest.raises(TypeError, match="tangent is float32 on cpu but tensor is float64"):
            fwAD.make_dual(al.ones(2, dtype=al.float64), al.ones(2))
        with pytest.raises(RuntimeError, match="nested levels are not supported"):
            fwAD.enter_dual_level()
    with pytest.raises(ValueError, match="1 primals but 2 tangents"):
        al.func.jvp(al.sin, (al.ones(1),), (al.ones(1), al.ones(1)))
    with pytest.raises(TypeError, match="primals must be a tuple of Tensors, got a Tensor"):
        al.func.jvp(al.sin, al.ones(1), (al.ones(1),))
    with pytest.raises(RuntimeError, match="one-element Tensor, got shape \\[2\\]"):
        al.func.grad(al.sin)(al.ones(2))


def test_an_op_without_a_rule_names_the_yaml_line(monkeypatch):
    from aten_lite._generated import forward_rules

    monkeypatch.delitem(forward_rules.RULES, "cumprod")
    monkeypatch.setitem(forward_rules.MISSING, "cumprod", ("derivatives.yaml:370", "why not"))
    with fwAD.dual_level():
        d = fwAD.make_dual(al.ones(3), al.ones(3))
        with pytest.raises(NotImplementedError) as info:
            d.cumprod(0)
    assert str(info.value) == ("al.cumprod: no forward-mode rule (why not); add a 'result:' "
                               "formula over the input tangents to its derivatives.yaml entry "
                               "at derivatives.yaml:370")


@pytest.mark.parametrize("name, other", [("neg", None), ("abs", None), ("log2", None),
                                         ("mul", 1), ("div", 1), ("sub", 1), ("pow", None)])
def test_inplace_and_out_forms_carry_the_functional_tangent(name, other):
    x, v = al.tensor([0.5, 1.5, 2.0]), al.tensor([1.0, -1.0, 2.0])
    y, w = al.tensor([1.5, -0.5, 3.0]), al.tensor([0.5, 0.25, -1.0])
    extra = () if other is None else (y,)
    if name == "pow":
        extra = (y,)
    with fwAD.dual_level():
        dy = fwAD.make_dual(y, w)
        args = () if not extra else (dy,)
        want = fwAD.unpack_dual(getattr(al, name)(fwAD.make_dual(x, v), *args)).tangent
        a = fwAD.make_dual(x.clone(), v) * 1.0  # not a view: in-place writes are allowed
        getattr(a, name + "_")(*args)
        _close(fwAD.unpack_dual(a).tangent, want)
        out = al.empty(3)
        getattr(al, name)(fwAD.make_dual(x, v), *args, out=out)
        _close(fwAD.unpack_dual(out).tangent, want)


def test_tracing_inside_a_dual_level_keeps_the_tangents():
    with fwAD.dual_level():
        d = fwAD.make_dual(al.tensor([0.0, 1.0]), al.ones(2))
        with al.trace_dispatch() as trace:
            y = d.exp()
        _close(fwAD.unpack_dual(y).tangent, y.detach())
        assert "exp" in {r.op for r in trace}


def test_zero_and_fill_leave_no_tangent():
    with fwAD.dual_level():
        d = fwAD.make_dual(al.tensor([0.0, 1.0]), al.ones(2)) * 2
        d.zero_()
        assert fwAD.unpack_dual(d).tangent is None
        assert fwAD.unpack_dual(d + 1).tangent is None


def test_grad_of_grad_and_jacobians_of_two_arguments():
    x = al.tensor([0.3, -1.2, 2.0], dtype=al.float64)
    tx = torch.tensor(x.numpy())
    f = lambda a: (a.sin() * a).sum()  # noqa: E731
    _close(al.func.grad(lambda a: al.func.grad(f)(a).sum())(x),
           tfunc.grad(lambda a: tfunc.grad(f)(a).sum())(tx))
    g = lambda a, b: a.exp() * b  # noqa: E731
    _close(al.func.jacrev(g, argnums=(0, 1))(x, x), tfunc.jacrev(g, argnums=(0, 1))(tx, tx))
    _close(al.func.jacfwd(g, argnums=1)(x, x), tfunc.jacfwd(g, argnums=1)(tx, tx))


def test_a_failing_rule_names_its_yaml_line(monkeypatch):
    from aten_lite._generated import forward_rules

    def broken(args, tangents, result):
        raise ValueError("boom")

    monkeypatch.setitem(forward_rules.RULES, "sin", broken)
    with fwAD.dual_level():
        d = fwAD.make_dual(al.ones(2), al.ones(2))
        with pytest.raises(ValueError, match="boom") as info:
            d.sin()
    if hasattr(info.value, "__notes__"):
        (note,) = info.value.__notes__
        assert note.startswith("raised by the forward rule of sin (auto_element_wise, "
                               "derivatives.yaml:")


def test_an_inplace_op_reading_its_own_output_storage():
    x, v = al.tensor([0.5, 1.5, -2.0]), al.tensor([1.0, -1.0, 2.0])
    with fwAD.dual_level():
        a = fwAD.make_dual(x, v) * 1.0
        a.mul_(a)  # both operands are the written tensor: the rule sees the old value twice
        _close(fwAD.unpack_dual(a).tangent, 2 * x * v)


def _torch_error(fn):
    """torch.func's exception for ``fn()``: its type and message."""
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value), str(info.value)


def test_repeated_or_empty_argnums_are_refused_as_torch_does():
    (x, tx), (y, ty) = _pair(3), _pair(3)
    g = lambda a, b: (a * b).sum()  # noqa: E731
    v = lambda a, b: a * b.sin()  # noqa: E731
    for name, f in (("grad", g), ("grad_and_value", g), ("jacrev", v), ("jacfwd", v),
                    ("hessian", g)):
        for argnums in ((0, 0), (1, -1), ()):
            kind, message = _torch_error(lambda: getattr(tfunc, name)(f, argnums=argnums)(tx, ty))
            with pytest.raises(kind) as info:
                getattr(al.func, name)(f, argnums=argnums)(x, y)
            # torch's message, under al.func's name of the transform
            assert str(info.value).endswith(message), (name, argnums, str(info.value))
    # what a repeated argnums used to give: a zero gradient for its first entry
    _close(al.func.grad(g, argnums=(0, 1))(x, y), tfunc.grad(g, argnums=(0, 1))(tx, ty))


def test_integer_outputs_and_inputs_as_torch_func():
    (x, tx) = _pair(3)
    xi, txi = al.tensor([1, 2, 3]), torch.tensor([1, 2, 3])
    to_int = lambda a: (a * 2).to(al.int64)  # noqa: E731
    t_to_int = lambda a: (a * 2).to(torch.int64)  # noqa: E731
    # reverse mode refuses an integer output (it has no cotangent): vjp and jacrev
    for name in ("vjp", "jacrev"):
        if name == "vjp":
            got = lambda: al.func.vjp(to_int, x)  # noqa: E731
            want = lambda: tfunc.vjp(t_to_int, tx)  # noqa: E731
        else:
            got = lambda: al.func.jacrev(to_int)(x)  # noqa: E731
            want = lambda: tfunc.jacrev(t_to_int)(tx)  # noqa: E731
        kind, message = _torch_error(want)
        assert "must be floating-point or complex" in message
        with pytest.raises(kind, match="all outputs of the function must be floating-point "
                                       "Tensors, got a Tensor with dtype int64"):
            got()
    # jacfwd and grad of an integer output give zeros, as torch's
    _close(al.func.jacfwd(to_int)(x), tfunc.jacfwd(t_to_int)(tx))
    assert al.func.jacfwd(to_int)(x).dtype == al.int64
    _close(al.func.grad(lambda a: to_int(a).sum())(x),
           tfunc.grad(lambda a: t_to_int(a).sum())(tx))
    # an integer input is refused by every transform, as torch refuses it
    double = lambda a: a * 2  # noqa: E731
    for name in ("grad", "jacrev", "jacfwd", "vjp"):
        f = (lambda a: (a * 2).sum()) if name == "grad" else double
        if name == "vjp":
            got = lambda: al.func.vjp(f, xi)  # noqa: E731
            want = lambda: tfunc.vjp(f, txi)  # noqa: E731
        else:
            got = lambda: getattr(al.func, name)(f)(xi)  # noqa: E731
            want = lambda: getattr(tfunc, name)(f)(txi)  # noqa: E731
        _torch_error(want)
        with pytest.raises((TypeError, RuntimeError, ValueError), match="int64"):
            got()
