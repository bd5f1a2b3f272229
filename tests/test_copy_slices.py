"""In-place writes into views of tensors that require grad (Note [CopySlices] in
aten_lite/autograd/copy_slices.py): every program runs under torch and aten_lite alike, and the
values and gradients must agree."""

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

X = np.array([[1.0, -2.0, 3.0, -0.5], [4.0, -5.0, 6.0, 0.25], [-1.5, 2.5, -3.5, 7.0]])
Z = np.array([[0.5, -1.0], [2.0, 3.0], [-4.0, 1.5]])


def mul_index(lib, x, z):
    y = x.clone()
    y[0] *= 2
    return y


def relu_column(lib, x, z):
    y = x * 1
    y[:, 1].relu_()
    return y * y


def narrow_add(lib, x, z):
    y = x * 1
    y.narrow(1, 1, 2).add_(z)
    return y.exp()


def chained_views(lib, x, z):
    y = x * 1
    v = y[1:]
    v[:, ::2].mul_(3)  # a view of a view, with a step
    return y.sin()


def transposed_view(lib, x, z):
    y = x + 0
    y.t()[1].sub_(x[:, 0])  # a view through a transpose; the value written needs grad too
    return y


def setitem_into_plain_zeros(lib, x, z):
    out = lib.zeros(3, 4, dtype=lib.float64)  # needs no grad until written
    out[:, 1:3] = z * 2
    out[0] = x[1]
    return out


def view_used_after_write(lib, x, z):
    y = x * 1
    v = y[0]
    v.mul_(x[1])  # v's own history follows the write
    return v * y


def stale_view_used_later(lib, x, z):
    y = x * 2
    a = y[2]  # taken before y is rebased: its history is taken again when used
    y[0].add_(x[1])
    y.mul_(x)
    return a * 3 + y[2:]


def twice_into_one_region(lib, x, z):
    y = x * 1
    y[:, :2].mul_(z)
    y[:, 1:3].add_(z * z)
    return y


def zero_column(lib, x, z):
    y = x * x
    y[:, 1].zero_()
    return y


def copy_into_diagonal_slice(lib, x, z):
    y = x * 1
    y[1, 1:3].copy_(z[0])
    return y.tanh()


def base_with_transposed_strides(lib, x, z):
    y = x.t().clone()  # clone keeps the transposed strides: the base is not row-major
    y[1:3, ::2].mul_(z[:2].t())
    return y * 1


PROGRAMS = [base_with_transposed_strides, mul_index, relu_column, narrow_add, chained_views,
            transposed_view, setitem_into_plain_zeros, view_used_after_write,
            stale_view_used_later, twice_into_one_region, zero_column, copy_into_diagonal_slice]


def _run(lib, program):
    x = lib.tensor(X, requires_grad=True)
    z = lib.tensor(Z, requires_grad=True)
    out = program(lib, x, z)
    weights = lib.tensor(np.arange(out.numel(), dtype=np.float64).reshape(tuple(out.shape)))
    (out * weights).sum().backward()
    grads = [None if t.grad is None else t.grad.numpy() for t in (x, z)]
    return out.detach().numpy(), grads


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
def test_gradients_through_an_in_place_view_write_match_torch(program):
    want, want_grads = _run(torch, program)
    got, got_grads = _run(al, program)
    np.testing.assert_allclose(got, want, rtol=1e-12)
    for g, w in zip(got_grads, want_grads):
        assert (g is None) == (w is None)
        if w is not None:
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)


def test_the_base_and_the_view_get_torchs_node_names():
    for lib in (torch, al):
        x = lib.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = x.clone()
        v = y[1:]
        v.mul_(2)
        assert y.grad_fn.name().split("::")[-1] == "CopySlices"  # torch adds a namespace
        assert v.grad_fn.name() == "AsStridedBackward0"
        assert y.requires_grad and v.requires_grad


def test_a_write_gives_a_base_outside_the_graph_a_history():
    z = al.tensor([1.0, 2.0], requires_grad=True)
    y = al.zeros(4)
    y[1:3] += z * z
    assert y.requires_grad and y.grad_fn.name() == "CopySlices"
    y.sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [2.0, 4.0])


def test_double_backward_through_copy_slices_matches_torch():
    def grads(lib):
        x = lib.tensor([0.5, -1.0, 2.0], requires_grad=True)
        y = x * x
        y[1:].mul_(x[:2])
        (g,) = lib.autograd.grad(y.pow(2).sum(), x, create_graph=True)
        (gg,) = lib.autograd.grad(g.sum(), x)
        return g.detach().numpy(), gg.numpy()

    for a, b in zip(grads(al), grads(torch)):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_a_view_of_a_leaf_is_still_refused():
    x = al.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="a view of a leaf Variable that requires grad"):
        x[:1].mul_(2)
    assert x._version == 0  # refused before anything was written


def test_a_view_taken_under_no_grad_is_refused_as_torch_does():
    for lib in (torch, al):
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        z = lib.tensor([1.0, 1.0], requires_grad=True)
        with lib.no_grad():
            v = y[:1]
        with pytest.raises(RuntimeError, match="A view was created in no_grad mode"):
            v.add_(z[:1])
    # A detached alias is no view: it takes a history of its own, as in torch
    # (tests/test_parity_aliases.py compares the cases with torch).
    y = al.tensor([1.0, 2.0], requires_grad=True) * 3
    d = y.detach()
    d.add_(al.ones(2, requires_grad=True))
    assert d.grad_fn.name() == "AddBackward0" and y.grad_fn.name() == "MulBackward0"
    with al.no_grad():  # under no_grad, nothing is recorded and the write is fine
        y.detach().add_(al.ones(2, requires_grad=True))
    assert y.tolist() == [5.0, 8.0]
