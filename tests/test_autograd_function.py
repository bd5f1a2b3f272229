"""al.autograd.Function against torch.autograd.Function (same class body run on both) and
finite differences."""

import numpy as np
import pytest

import aten_lite as al


def _define(lib):
    """The same user code, for aten_lite or torch."""

    class Cube(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x, scale):
            ctx.save_for_backward(x)
            ctx.scale = scale
            return x * x * x * scale

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 3 * x * x * g * ctx.scale, None

    class MulAdd(lib.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            ctx.seen = ctx.needs_input_grad
            return a * b, a + b

        @staticmethod
        def backward(ctx, ga, gb):
            a, b = ctx.saved_tensors
            return ga * b + gb if ctx.needs_input_grad[0] else None, ga * a + gb

    class ArgMax(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            idx = x.argmax(0)
            values = x * 2
            ctx.mark_non_differentiable(idx)
            return values, idx

        @staticmethod
        def backward(ctx, g, g_idx):
            return g * 2

    class Clip(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(-1, 1)

        @staticmethod
        @lib.autograd.function.once_differentiable
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * ((x > -1) & (x < 1)).to(g.dtype) if lib.__name__ == "torch" else \
                g * (x > -1).to(g.dtype) * (x < 1).to(g.dtype)

    return Cube, MulAdd, ArgMax, Clip


def test_function_gradients_match_torch_and_finite_differences():
    torch = pytest.importorskip("torch")
    data = np.array([0.5, -1.5, 2.0])
    (Cube, MulAdd, ArgMax, Clip), (TCube, TMulAdd, TArgMax, TClip) = _define(al), _define(torch)
    x, tx = al.tensor(data, requires_grad=True), torch.tensor(data, requires_grad=True)
    y, ty = Cube.apply(x, 2.0), TCube.apply(tx, 2.0)
    assert y.grad_fn.name() == type(ty.grad_fn).__name__ == "CubeBackward"
    y.sum().backward()
    ty.sum().backward()
    assert np.allclose(x.grad.numpy(), tx.grad.numpy())
    assert al.autograd.gradcheck(lambda t: Cube.apply(t, 3.0), (al.tensor(data, requires_grad=True),))

    a, b = al.tensor(data, requires_grad=True), al.tensor(data[::-1].copy())
    ta, tb = torch.tensor(data, requires_grad=True), torch.tensor(data[::-1].copy())
    p, s = MulAdd.apply(a, b)
    tp, ts = TMulAdd.apply(ta, tb)
    assert p.grad_fn is s.grad_fn and p.grad_fn.name() == "MulAddBackward"
    (p * 2 + s).sum().backward()
    (tp * 2 + ts).sum().backward()
    assert np.allclose(a.grad.numpy(), ta.grad.numpy()) and b.grad is None
    assert p.grad_fn._ctx.seen == (True, False)
    p2, _ = MulAdd.apply(a, b)
    p2.sum().backward()  # only the first output reached: the second's gradient is zeros
    tp2, _ = TMulAdd.apply(ta, tb)
    tp2.sum().backward()
    assert np.allclose(a.grad.numpy(), ta.grad.numpy())


def test_non_differentiable_outputs_and_passthrough_without_grad():
    torch = pytest.importorskip("torch")
    (_, _, ArgMax, _), (_, _, TArgMax, _) = _define(al), _define(torch)
    x = al.tensor([1.0, 3.0, 2.0], requires_grad=True)
    v, i = ArgMax.apply(x)
    tv, ti = TArgMax.apply(torch.tensor([1.0, 3.0, 2.0], requires_grad=True))
    assert (v.requires_grad, i.requires_grad) == (tv.requires_grad, ti.requires_grad)
    assert i.item() == ti.item() == 1
    with al.no_grad():
        w, _ = ArgMax.apply(x)
    assert w.grad_fn is None and not w.requires_grad


def test_once_differentiable_refuses_double_backward():
    torch = pytest.importorskip("torch")
    (_, _, _, Clip), (_, _, _, TClip) = _define(al), _define(torch)
    data = [-2.0, 0.5, 3.0]
    x, tx = al.tensor(data, requires_grad=True), torch.tensor(data, requires_grad=True)
    (g,) = al.autograd.grad(Clip.apply(x).pow(2).sum(), x, create_graph=True)
    (tg,) = torch.autograd.grad(TClip.apply(tx).pow(2).sum(), tx, create_graph=True)
    assert g.tolist() == tg.tolist()
    with pytest.raises(RuntimeError, match="differentiate twice a function that was marked "
                                           "with @once_differentiable"):
        g.sum().backward()
    with pytest.raises(RuntimeError, match="differentiate twice a function that was marked "
                                           "with @once_differentiable"):
        tg.sum().backward()


def test_function_errors():
    class WrongCount(al.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            return x + y

        @staticmethod
        def backward(ctx, g):
            return g

    x = al.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="WrongCountBackward returned an incorrect number "
                                           "of gradients \\(expected 2, got 1\\)"):
        WrongCount.apply(x, x).sum().backward()

    class Saves(al.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 1

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * x

    y = x.detach().clone().requires_grad_()
    out = Saves.apply(y)
    with al.no_grad():
        y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        out.sum().backward()
    out = Saves.apply(x)
    out.sum().backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        out.sum().backward()
    with pytest.raises(RuntimeError, match="call Saves.apply"):
        Saves()
