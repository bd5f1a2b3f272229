"""Writes into detached aliases (``.detach()``, ``.data``) follow torch (Note [Detached
aliases] in aten_lite/autograd/node.py): an alias is no autograd view of its source, so an
in-place op on it (or on a view of it) with an input that requires grad records a history
of its own and leaves the source's alone; ``.data`` has a version counter of its own,
``.detach()`` shares its source's. Each case runs in torch and in aten_lite, and the values,
gradients, ``requires_grad`` flags and errors are compared."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")


def _write_with_grad_input(lib, alias):
    p = lib.tensor([1.0, 2.0, 3.0], requires_grad=True)
    g = lib.tensor([0.5, 0.5, 0.5], requires_grad=True)
    d = alias(p)
    d.mul_(g)
    (d * d).sum().backward()
    return p, g, d


def _write_into_view_of_alias(lib, alias):
    p = lib.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    q = lib.tensor([5.0, 6.0], requires_grad=True)
    d = alias(p)
    d[0] = q * 2
    d.sum().backward()
    return p, q, d


def _alias_of_a_plain_tensor(lib, alias):
    x = lib.tensor([1.0, 2.0])
    a = lib.tensor([1.0, 1.0], requires_grad=True)
    d = alias(x)
    d.add_(a)
    d.sum().backward()
    return x, a, d


def _write_after_save(lib, alias):
    w = lib.tensor([1.0, 2.0], requires_grad=True)
    y = (w * w).sum()  # saves w
    alias(w).add_(1)
    y.backward()  # .data: not seen, the new values are used; .detach(): refused
    return w, w, w


def _alias_of_a_view(lib, alias):
    p = lib.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    y = p * 1
    d = alias(y[1])
    d.mul_(lib.tensor([2.0, 2.0], requires_grad=True))
    y.sum().backward()
    return p, y, d


CASES = [_write_with_grad_input, _write_into_view_of_alias, _alias_of_a_plain_tensor,
         _write_after_save, _alias_of_a_view]
ALIASES = {"detach": lambda t: t.detach(), "data": lambda t: t.data}


def _outcome(lib, case, alias):
    try:
        tensors = case(lib, alias)
    except RuntimeError as e:
        return ("raises", str(e).split(":")[0][:40])
    out = []
    for t in tensors:
        grad = t.grad if t.is_leaf else None
        grad = None if grad is None else np.asarray(grad.detach().numpy())
        out.append((np.asarray(t.detach().numpy()), grad, t.requires_grad, t.grad_fn is None))
    return ("ok", out)


@pytest.mark.parametrize("alias", sorted(ALIASES))
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__.strip("_"))
def test_writes_into_detached_aliases_follow_torch(case, alias):
    theirs = _outcome(torch, case, ALIASES[alias])
    ours = _outcome(al, case, ALIASES[alias])
    assert ours[0] == theirs[0], (ours, theirs)
    if ours[0] == "raises":
        assert ours[1] == theirs[1], (ours, theirs)
        return
    for (v, g, rg, leaf), (tv, tg, trg, tleaf) in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(v, tv)
        assert (g is None) == (tg is None) and rg == trg and leaf == tleaf
        if g is not None:
            np.testing.assert_allclose(g, tg)


def test_detached_alias_keeps_storage_geometry():
    # A detached alias of a view still reports the view's place in the storage, and shares
    # the data (and, for .detach(), the version counter) with its source.
    for lib in (torch, al):
        x = lib.arange(6.0).reshape(2, 3)
        v = x[1, 1:]
        d, dd = v.detach(), v.data
        assert d.storage_offset() == dd.storage_offset() == 4
        assert d[1:].storage_offset() == 5
        d[0] = 10.0
        assert x[1, 1].item() == 10.0
        before = _version(x)
        d.add_(1)
        assert _version(x) == before + 1
        dd.add_(1)
        assert _version(x) == before + 1  # .data: a counter of its own


def _version(t) -> int:
    assert type(t._version) is int  # as torch's
    return t._version
