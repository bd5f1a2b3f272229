"""CompositeImplicitAutograd kernels of linear algebra, written with other aten_lite ops
(autograd records the pieces): matmul (by cases, onto dot, mm and bmm), outer, addmm and
baddbmm (a scaled product plus a scaled self), einsum (contracted pairwise with bmm), and the
diagonal ops diag (a vector to a matrix, or a matrix's diagonal) and trace.
"""

from __future__ import annotations

import math

from .. import creation as _creation
from ...vocab import dtype as _dtype
from ...vocab.dtype import bfloat16 as _bfloat16
from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...rules.shapes import core as rules
from .padding import constant_pad_nd

__all__ = ["matmul", "outer", "addmm", "baddbmm", "einsum", "diag", "trace"]


def matmul(self, other):
    """torch.matmul by cases: dot, mm, matrix-vector, and batched mm with broadcast batch dims
    (expanded, folded into one batch dim for bmm, unfolded again)."""
    a, b = len(self._shape), len(other._shape)
    if a == 2 and b == 2 and self._shape[1] == other._shape[0] and self._dtype is other._dtype:
        return al.mm(self, other)  # the common case first
    shape, _ = rules.matmul(self, other)  # checks the shapes and dtypes, with the message
    if a == 1 and b == 1:
        return al.dot(self, other)
    if a == 1 and b == 2:
        return al.mm(self.unsqueeze(0), other).squeeze(0)
    if (b == 1 and a >= 2) or (b == 2 and a >= 3):
        # (..., n, k) @ (k,) or (k, m): one mm over all rows (counted, not -1: k may be 0), as
        # torch folds a Linear on a (batch, time, features) input. The broadcast bmm below
        # would run one small product per batch entry against a stride-0 copy of the matrix.
        k = self.shape[-1]
        rows = math.prod(self.shape[:-1])
        rhs = other.unsqueeze(1) if b == 1 else other
        return al.mm(self.reshape(rows, k), rhs).reshape(shape)
    left = self.unsqueeze(0) if a == 1 else self
    (n, k), m = left.shape[-2:], other.shape[-1]
    batch = rules.broadcast_shapes(tuple(left.shape[:-2]), tuple(other.shape[:-2]))
    count = math.prod(batch)  # not -1: a reshape cannot infer it when n, k or m is 0
    # Expand only what broadcasts: attention's (B, H, T, D) products have equal batch dims,
    # and an expand that changes nothing still records a view and its backward node.
    if tuple(left.shape[:-2]) != batch:
        left = left.expand(*batch, n, k)
    if tuple(other.shape[:-2]) != batch:
        other = other.expand(*batch, k, m)
    lhs = left.reshape(count, n, k)
    rhs = other.reshape(count, k, m)
    return al.bmm(lhs, rhs).reshape(shape)


def outer(self, vec2):
    for name, t in (("self", self), ("vec2", vec2)):
        if t.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    return self.reshape(-1, 1) * vec2


def _check_scalars(name, self, beta, alpha):
    # A float factor cannot scale an integer product without changing its dtype.
    if not self._dtype.is_floating_point:
        for arg, v in (("beta", beta), ("alpha", alpha)):
            if isinstance(v, float):
                raise RuntimeError(
                    f"{name}: for integral input tensors, argument {arg} must not be a floating "
                    f"point number (got {v!r})")


def _add_scaled(name, self, product, beta, alpha):
    """beta * self + alpha * product, where self must broadcast to product's shape; beta = 0
    ignores self's values (NaN included), as BLAS and torch do."""
    if self._dtype is not product._dtype:
        raise RuntimeError(
            f"{name}: self and the product must have the same dtype, but got "
            f"{self._dtype.name} and {product._dtype.name}")
    if rules.broadcast_shapes(tuple(self._shape), tuple(product._shape)) != tuple(product._shape):
        raise RuntimeError(
            f"{name}: self of shape {list(self._shape)} cannot be broadcast to the product's "
            f"shape {list(product._shape)}")
    _check_scalars(name, self, beta, alpha)
    if alpha != 1:
        product = product * alpha
    if beta == 0:
        return product + _creation.zeros(self._shape, dtype=self._dtype, device=self._device)
    return product + (self if beta == 1 else self * beta)


def _rounded_once(name, product, self, m1, m2, beta, alpha):
    """bfloat16 operands: the product, the scaling and the sum in float32, rounded to bfloat16
    once at the end, as torch's CPU addmm/baddbmm are (three roundings would drift from it)."""
    if self._dtype is _bfloat16 and m1._dtype is _bfloat16 and m2._dtype is _bfloat16:
        wide = _add_scaled(name, self.float(), product(m1.float(), m2.float()), beta, alpha)
        return wide.to(_bfloat16)
    return _add_scaled(name, self, product(m1, m2), beta, alpha)


def addmm(self, mat1, mat2, beta=1, alpha=1):
    return _rounded_once("addmm", al.mm, self, mat1, mat2, beta, alpha)


def baddbmm(self, batch1, batch2, beta=1, alpha=1):
    return _rounded_once("baddbmm", al.bmm, self, batch1, batch2, beta, alpha)


# ---- einsum ----


def _parse_term(term: str, ndim: int, n_ellipsis: int, which: str) -> list[str]:
    """The labels of one operand's dims; '...' stands for its leading unlabeled dims, named
    '.0', '.1', ... right-aligned over the widest ellipsis of the equation."""
    if term.count("...") > 1 or "." in term.replace("...", ""):
        raise RuntimeError(f"einsum(): invalid ellipsis in {which} subscript {term!r}")
    for ch in term.replace("...", ""):
        if not ch.isalpha() or not ch.isascii():
            raise RuntimeError(
                f"einsum(): invalid subscript given at index {term.index(ch)} in the equation "
                f"string, subscripts must be in [a-zA-Z]")
    if "..." not in term:
        if which != "output" and len(term) != ndim:
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({len(term)}) does not "
                f"match the number of dimensions ({ndim}) for operand {which}")
        return list(term)
    head, tail = term.split("...")
    k = ndim - len(head) - len(tail) if which != "output" else n_ellipsis
    if k < 0:
        raise RuntimeError(
            f"einsum(): the number of subscripts in the equation ({len(head) + len(tail)}) is "
            f"more than the number of dimensions ({ndim}) for operand {which}")
    return list(head) + [f".{n_ellipsis - k + i}" for i in range(k)] + list(tail)


def _take_diagonals(t, labels):
    """A label repeated within one operand ('ii') reads its diagonal: multiply by the
    identity over the two dims and sum one away (differentiable, any dtype)."""
    while len(set(labels)) != len(labels):
        seen = {}
        for q, lab in enumerate(labels):
            if lab in seen:
                p = seen[lab]
                break
            seen[lab] = q
        n = t._shape[p]
        if t._shape[q] != n:
            raise RuntimeError(
                f"einsum(): subscript {lab} is repeated for operand but the sizes don't match, "
                f"{n} != {t._shape[q]}")
        steps = _creation.arange(n, device=t._device)
        eye = (steps.reshape(-1, 1) == steps)
        shape = [1] * t.ndim
        shape[p], shape[q] = n, n
        # Reading a diagonal keeps the dtype (a sum would widen integers to int64).
        t = (t * eye.reshape(shape).to(t.dtype)).sum(q, dtype=t.dtype)
        labels = labels[:q] + labels[q + 1:]
    return t, labels


def _sum_labels(t, labels, drop):
    dims = [i for i, lab in enumerate(labels) if lab in drop]
    if not dims:
        return t, labels
    return t.sum(dims), [lab for lab in labels if lab not in drop]


def _contract(a, la, b, lb, keep):
    """a (labels la) times b (labels lb), summing the shared labels not in keep: one bmm over
    (batch, a-only x shared) @ (batch, shared x b-only)."""
    a, la = _sum_labels(a, la, set(la) - set(lb) - keep)
    b, lb = _sum_labels(b, lb, set(lb) - set(la) - keep)
    if a._dtype is not b._dtype:  # a sum widened one integer operand: bmm needs one dtype
        dtype = _dtype.promote_types(a._dtype, b._dtype)
        a, b = a.to(dtype), b.to(dtype)
    size = {}
    for t, labels in ((a, la), (b, lb)):
        for n, lab in zip(t._shape, labels):
            if size.get(lab, 1) != 1 and n not in (1, size[lab]):
                raise RuntimeError(
                    f"einsum(): operands do not broadcast with remapped shapes: subscript "
                    f"{lab} has sizes {size[lab]} and {n}")
            size[lab] = max(size.get(lab, 1), n) if n != 0 else 0
    batch = [lab for lab in la if lab in lb and lab in keep]
    summed = [lab for lab in la if lab in lb and lab not in keep]
    only_a = [lab for lab in la if lab not in lb]
    only_b = [lab for lab in lb if lab not in la]

    def arrange(t, labels, order):
        if not order:
            return t  # summed to a 0-dim tensor already ('a,b->')
        t = t.permute([labels.index(lab) for lab in order])
        return t.expand(*[size[lab] for lab in order])

    def count(labels):
        return math.prod(size[lab] for lab in labels)

    nb, na, ns, nc = count(batch), count(only_a), count(summed), count(only_b)
    lhs = arrange(a, la, batch + only_a + summed).reshape(nb, na, ns)
    rhs = arrange(b, lb, batch + summed + only_b).reshape(nb, ns, nc)
    out = al.bmm(lhs, rhs)
    labels = batch + only_a + only_b
    return out.reshape(tuple(size[lab] for lab in labels)), labels


def einsum(equation, tensors, path=None):
    """Einstein summation: 'ij,jk->ik' is a matrix product. Without '->' the output is the
    labels used once, sorted (after the ellipsis dims). Operands are promoted to one dtype."""
    tensors = list(tensors)
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(tensors):
        raise ValueError(
            f"einsum(): {len(tensors)} operands were given but the equation {equation!r} names "
            f"{len(terms)}")
    widths = [t.ndim - len(term.replace("...", "")) for term, t in zip(terms, tensors)
              if "..." in term]
    n_ell = max(widths, default=0)
    labels = [_parse_term(term, t.ndim, n_ell, str(i)) for i, (term, t) in
              enumerate(zip(terms, tensors))]
    if arrow:
        out = _parse_term(rhs, 0, n_ell, "output")
        if len(set(out)) != len(out):
            raise RuntimeError(f"einsum(): output subscript {rhs!r} repeats a subscript")
        for lab in out:
            if not any(lab in ls for ls in labels):
                raise RuntimeError(
                    f"einsum(): output subscript {lab} does not appear in the equation for any "
                    "input operand")
    else:
        flat = [lab for ls in labels for lab in ls]
        ell = sorted({lab for lab in flat if lab.startswith(".")})
        out = ell + sorted(lab for lab in set(flat) if not lab.startswith(".")
                           and flat.count(lab) == 1)
    dtype = tensors[0]._dtype
    for t in tensors[1:]:
        dtype = _dtype.promote_types(dtype, t._dtype)
    ops = []
    for t, ls in zip(tensors, labels):
        ops.append(_take_diagonals(t.to(dtype), ls))
    acc, la = ops[0]
    for i, (t, lb) in enumerate(ops[1:], start=1):
        keep = set(out).union(*(set(ls) for _, ls in ops[i + 1:]))
        acc, la = _contract(acc, la, t, lb, keep)
    acc, la = _sum_labels(acc, la, set(la) - set(out))
    return acc.permute([la.index(lab) for lab in out]) if out else acc


# ---- diagonals ----


def diag(self, diagonal=0):
    """A 1-D tensor as the given diagonal of a square matrix (zeros elsewhere), or the given
    diagonal of a 2-D tensor, copied."""
    if self.dim() == 2:
        return self.diagonal(diagonal).clone()
    if self.dim() != 1:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {self.dim()}D")
    n, k = self._shape[0], diagonal
    m = n + abs(k)
    # Row i of (v_i, then m zeros), flattened, puts v_i every m + 1 elements: the diagonal
    # of an m-wide matrix. Shift it to (row, column) (max(0, -k), max(0, k)) with leading
    # zeros and fill (or crop) to m * m at the end; the gradient is the input's slice.
    flat = constant_pad_nd(self.unsqueeze(1), [0, m]).reshape(-1)
    start = k if k >= 0 else -k * m
    return constant_pad_nd(flat, [start, m * m - start - n * (m + 1)]).reshape(m, m)


def trace(self):
    """The sum of the main diagonal of a matrix (integers sum as int64)."""
    if self.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {self.dim()}")
    if self._dtype is _dtype.bool_:
        raise NotImplementedError('"trace" not implemented for \'Bool\'; convert first, '
                                  'e.g. x.long()')
    return self.diagonal().sum()
