"""The linear algebra functions torch keeps at its top level (torch.inverse, torch.svd, ...),
with their own argument conventions (svd's some= and V rather than Vh, qr's some=), built on
aten_lite.linalg; aten_lite re-exports them as al.inverse, al.svd, ...
"""

from __future__ import annotations

from typing import NamedTuple

from . import functions as _la
from .._generated import ops as _ops
from ..backends import creation as _creation
from ..tensors.tensor import Tensor

__all__ = ["inverse", "det", "slogdet", "logdet", "cholesky", "qr", "svd", "pinverse",
           "cholesky_solve", "cholesky_inverse", "matrix_exp"]


class TorchSVDResult(NamedTuple):
    U: Tensor
    S: Tensor
    V: Tensor


def inverse(input: Tensor) -> Tensor:  # noqa: A002
    """torch.inverse: linalg.inv."""
    return _ops.linalg_inv(input)


def det(input: Tensor) -> Tensor:  # noqa: A002
    """torch.det: linalg.det."""
    return _ops.linalg_det(input)


def slogdet(input: Tensor) -> _la.SlogdetResult:  # noqa: A002
    """torch.slogdet: linalg.slogdet."""
    return _la.slogdet(input)


def logdet(input: Tensor) -> Tensor:  # noqa: A002
    """log det: nan where the determinant is negative, -inf where it is zero."""
    sign, logabsdet = _ops.linalg_slogdet(input)
    return logabsdet + sign.log()


def cholesky(input: Tensor, upper: bool = False) -> Tensor:  # noqa: A002
    """torch.cholesky (upper positional): linalg.cholesky."""
    return _ops.linalg_cholesky(input, upper=upper)


def qr(input: Tensor, some: bool = True) -> _la.QRResult:  # noqa: A002
    """torch.qr: the reduced QR when some, else the complete one."""
    return _la.qr(input, "reduced" if some else "complete")


def svd(input: Tensor, some: bool = True, compute_uv: bool = True) -> TorchSVDResult:  # noqa: A002
    """torch.svd: U, S and V (not Vh) with input = U diag(S) V^T, reduced when some; without
    compute_uv, U and V are zero-filled, as in torch."""
    U, S, Vh = _ops._linalg_svd(input, not some)
    if not compute_uv:
        m, n = input.shape[-2:]
        batch = tuple(input.shape[:-2])
        return TorchSVDResult(_creation.zeros(batch + (m, m), dtype=input.dtype), S.detach(),
                              _creation.zeros(batch + (n, n), dtype=input.dtype))
    return TorchSVDResult(U, S, Vh.mT)


def pinverse(input: Tensor, rcond: float = 1e-15) -> Tensor:  # noqa: A002
    """torch.pinverse: linalg.pinv with rtol=rcond."""
    return _la.pinv(input, rtol=rcond)


def cholesky_solve(input: Tensor, input2: Tensor, upper: bool = False) -> Tensor:  # noqa: A002
    """X with A @ X = input, A = L @ L.mT given its Cholesky factor input2 = L (U when upper)."""
    L = input2.mT if upper else input2
    return _la.solve_triangular(L.mT, _la.solve_triangular(L, input, upper=False), upper=True)


def cholesky_inverse(input: Tensor, upper: bool = False) -> Tensor:  # noqa: A002
    """The inverse of A = L @ L.mT from its Cholesky factor input = L (U when upper)."""
    eye = _creation.eye(input.shape[-1], dtype=input.dtype).expand(*input.shape)
    return cholesky_solve(eye, input, upper)


def matrix_exp(A: Tensor) -> Tensor:
    """torch.matrix_exp: linalg.matrix_exp."""
    return _la.matrix_exp(A)
