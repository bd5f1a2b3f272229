"""The CUDA device's kernels, registered with ``impl`` when the device registers: every
functional ``elementwise:`` op (its CUDA source from the YAML expression, the OpenCL device's
generator in its CUDA dialect: Note [One generator, two dialects] in
aten_lite/opencl/source.py), sum/mean/amax/amin as block trees, mm/bmm/addmm through cuBLAS,
clone, and the
log_softmax/nll_loss pair cross_entropy is made of. What a kernel does not handle (an integer
dtype, mixed devices, a class weight, no cuBLAS) goes to the op's CPU fallback; docs/CUDA.md
lists what runs where. The argument checks and result geometry are the OpenCL device's
(shared helpers of aten_lite/opencl/kernels.py).
"""

from __future__ import annotations

import ctypes

from ..opencl import source
from ..opencl.kernels import (_broadcast_strides, _is_number, _merge, _meta_result, _numeric,
                              _reduce_dims, _rows, elementwise_ops)
from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl, make_tensor
from ..vocab import dtype as _dtype

__all__ = ["install"]

_B = None  # the CUDABackend (install)
_EW: dict = {}  # op -> its elementwise kernel
_FLOATS = ("float32", "float64", "float16")
_L = ctypes.c_int64


def _fn(src: str, name: str):
    return _B.function(src, name)


def _on_device(x) -> bool:
    return isinstance(x, Tensor) and x._store is not None and x._device.type == "cuda"


def _float_operands(tensors):
    """The one float dtype every tensor (all on "cuda") has, else None (the CPU fallback)."""
    d = None
    for t in tensors:
        if not _on_device(t) or (d is not None and t._dtype is not d):
            return None
        d = t._dtype
    return d if d is not None and d.name in _FLOATS else None


def _compute_number(v, d):
    """A number argument in the kernel's compute type (float for float16)."""
    return ctypes.c_double(v) if d is _dtype.float64 else ctypes.c_float(v)


def _empty(shape, dtype) -> Tensor:
    n = 1
    for s in shape:
        n *= s
    return make_tensor(_B.alloc(n * dtype.itemsize), tuple(shape), dtype, "cuda")


def _elementwise_kernel(op: str, entry):
    names = [a for a, _ in entry.args]
    defaults = {a: float(d) for a, d in entry.args if d is not None and _numeric(d)}
    on_cpu = cpu_fallback(op)

    def kernel(*args, **kwargs):
        bound = dict(defaults)
        bound.update(zip(names, args))
        bound.update(kwargs)
        tensors = [bound[p] for p in entry.tensors]
        scalars = [bound.get(s) for s in entry.scalars]
        on_dev = [t for t in tensors if isinstance(t, Tensor)]
        d = _float_operands(on_dev) if on_dev else None
        if d is None or not all(isinstance(t, Tensor) or _is_number(t) for t in tensors) \
                or not all(_is_number(s) for s in scalars):
            return on_cpu(*args, **kwargs)
        result = _meta_result(op, args)
        if result._dtype is not d and result._dtype is not _dtype.bool_:
            return on_cpu(*args, **kwargs)
        out = _empty(result._shape, result._dtype)
        n = out.numel()
        if n == 0:
            return out
        shape = list(result._shape)
        operands = [t for t in tensors if isinstance(t, Tensor)]
        sizes, strides = _merge(shape, [_broadcast_strides(t, shape) for t in operands])
        numbers = tuple(not isinstance(t, Tensor) for t in tensors)
        src = source.elementwise_source(entry, source.ctype(d.name, "cuda"),
                                        source.ctype(result._dtype.name, "cuda"), numbers,
                                        len(sizes), "cuda")
        kargs = [out._store, _L(n)]
        j = 0
        for t in tensors:
            if isinstance(t, Tensor):
                kargs += [t._store, _L(t._offset), *map(_L, strides[j])]
                j += 1
            else:
                kargs.append(_compute_number(t, d))
        kargs += [_L(s) for s in sizes]
        kargs += [_compute_number(s, d) for s in scalars]
        _B.launch(_fn(src, "al_elementwise"), op, (-(-n // 256),), (256,), 0, kargs)
        return out

    return kernel


# ---- reductions: one block per output (per part of it), a tree in shared memory ----

def _group(n: int) -> int:
    w = 32
    while w < min(n, 256):
        w *= 2
    return w


def _compute_size(d) -> int:
    return 8 if d is _dtype.float64 else 4


def _reduce(kind: str, self: Tensor, dims: list[int], result: Tensor) -> Tensor:
    out = _empty(result._shape, result._dtype)
    nout = out.numel()
    if nout == 0:
        return out
    keep = [d for d in range(len(self._shape)) if d not in dims]
    nred = 1
    for d in dims:
        nred *= self._shape[d]
    kn, (ks,) = _merge([self._shape[d] for d in keep], [[self._st[d] for d in keep]])
    rn, (rs,) = _merge([self._shape[d] for d in dims], [[self._st[d] for d in dims]])
    parts = max(1, min(1024 // nout, nred // 8192))  # a GPU wants many blocks for few outputs
    dest = out if parts == 1 else _empty((nout, parts), self._dtype)
    first = kind if parts == 1 else ("sum" if kind == "mean" else kind)
    chunk = -(-nred // parts)
    _launch_reduce(first, self, dest, kn, ks, rn, rs, nred, parts, chunk, nred)
    if parts > 1:
        _launch_reduce(kind, dest, out, [nout], [parts], [parts], [1], parts, 1, parts, nred)
    return out


def _launch_reduce(kind, x, dest, kn, ks, rn, rs, nred, parts, chunk, divisor) -> None:
    w = _group(chunk)
    src = source.reduction_source(kind, source.ctype(x._dtype.name, "cuda"), len(kn), len(rn),
                                  "cuda")
    kargs = [dest._store, x._store, _L(x._offset), _L(nred), _L(parts), _L(chunk),
             _compute_number(divisor, x._dtype)]
    for n, st in list(zip(kn, ks)) + list(zip(rn, rs)):
        kargs += [_L(n), _L(st)]
    _B.launch(_fn(src, "al_reduce"), f"reduce:{kind}", (dest.numel(),), (w,),
              w * _compute_size(x._dtype), kargs)


def _reduction_kernel(op: str):
    on_cpu = cpu_fallback(op)

    def kernel(self, dim=None, keepdim=False, dtype=None):
        args = (self, dim, keepdim) if op.startswith("am") else (self, dim, keepdim, dtype)
        d = _float_operands([self])
        if d is None or (dtype is not None and _dtype.parse(dtype) is not d):
            return on_cpu(*args)
        return _reduce(op, self, _reduce_dims(self, dim), _meta_result(op, args))

    return kernel


# ---- matrix products: cuBLAS, column-major, on row-major views ----

def _blas_view(t: Tensor):
    """(op, leading dimension) of a row-major (rows, cols) view for column-major cuBLAS, or
    None when neither it nor its transpose has unit stride."""
    rows, cols = t._shape[-2], t._shape[-1]
    s0, s1 = t._st[-2], t._st[-1]
    if s1 == 1 and s0 >= max(1, cols):
        return _B.cublas.N, s0
    if s0 == 1 and s1 >= max(1, rows):
        return _B.cublas.T, s1
    return None


def _gemm(a: Tensor, m: Tensor, batch: int, alpha=1.0) -> Tensor:
    """out (batch, M, N) = alpha * a @ m; row-major out is column-major out^T = m^T a^T."""
    M, K, N = a._shape[-2], a._shape[-1], m._shape[-1]
    out = _empty((batch, M, N), a._dtype)
    if batch * M * N == 0:
        return out
    va, vm = _blas_view(a), _blas_view(m)
    if va is None:
        a, va = a.contiguous(), (_B.cublas.N, K)
    if vm is None:
        m, vm = m.contiguous(), (_B.cublas.N, N)
    size = a._dtype.itemsize
    sa = a._st[0] if a.dim() == 3 else 0
    sm = m._st[0] if m.dim() == 3 else 0
    _B.cublas.gemm(a._dtype is _dtype.float64, vm[0], va[0], N, M, K, alpha,
                   m._store.ptr + m._offset * size, vm[1], a._store.ptr + a._offset * size,
                   va[1], 0.0, out._store.ptr, N, batch, sm, sa, M * N)
    return out


def _blas_ok(tensors) -> bool:
    """cuBLAS is there, the operands are float32/float64 on the device and the inner size is
    not 0 (an empty sum is the CPU's: zeros, not cuBLAS's untouched output)."""
    d = _float_operands(tensors)
    return _B.cublas is not None and d in (_dtype.float32, _dtype.float64) and \
        all(t.dim() >= 2 for t in tensors[-2:]) and tensors[-1]._shape[-2] != 0


def mm(self, mat2):
    if not _blas_ok([self, mat2]):
        return cpu_fallback("mm")(self, mat2)
    result = _meta_result("mm", (self, mat2))
    return _gemm(self, mat2, 1).view(tuple(result._shape))


def bmm(self, mat2):
    if not _blas_ok([self, mat2]):
        return cpu_fallback("bmm")(self, mat2)
    result = _meta_result("bmm", (self, mat2))
    return _gemm(self, mat2, self._shape[0]).view(tuple(result._shape))


def addmm(self, mat1, mat2, beta=1, alpha=1):
    if not _blas_ok([self, mat1, mat2]) or not (_is_number(beta) and _is_number(alpha)):
        return cpu_fallback("addmm")(self, mat1, mat2, beta=beta, alpha=alpha)
    result = _meta_result("addmm", (self, mat1, mat2))
    prod = _gemm(mat1, mat2, 1, float(alpha)).view(tuple(result._shape))
    return prod if beta == 0 else _EW["add.Tensor"](prod, self, alpha=beta)


# ---- clone, log_softmax, nll_loss ----

def clone(self):
    if not _on_device(self):
        return cpu_fallback("clone")(self)
    result = _meta_result("clone", (self,))
    if self.is_contiguous():
        out = _empty(result._shape, self._dtype)
        if out.numel():
            size = self._dtype.itemsize
            _B.copy(out._store, 0, self._store, self._offset * size, out.numel() * size)
        return out
    if _float_operands([self]) is None:
        return cpu_fallback("clone")(self)
    shape, st = result._shape, result._st
    order = sorted(range(len(shape)), key=lambda d: (-st[d], d))
    walk = make_tensor(self._store, tuple(shape[d] for d in order), self._dtype, "cuda",
                       strides=tuple(self._st[d] for d in order), offset=self._offset)
    flat = _EW["_copy_strided"](walk)
    return make_tensor(flat._store, tuple(shape), self._dtype, "cuda", strides=tuple(st))


def _softmax_ok(tensors) -> bool:
    return _float_operands(tensors) in (_dtype.float32, _dtype.float64)


def log_softmax(self, dim, dtype=None):
    if not _softmax_ok([self]) or dtype is not None or not _rows(self, dim):
        return cpu_fallback("log_softmax.int")(self, dim, dtype)
    out = _empty(self._shape, self._dtype)
    n = self._shape[-1] if self.dim() else 1
    rows = out.numel() // n if n else 0
    if rows:
        w = _group(n)
        src = source.log_softmax_source(source.ctype(self._dtype.name, "cuda"), "cuda")
        _B.launch(_fn(src, "al_log_softmax"), "log_softmax", (rows,), (w,),
                  w * self._dtype.itemsize, [out._store, self._store, _L(self._offset), _L(n)])
    return out


def log_softmax_backward(grad_output, log_probs, dim):
    if not _softmax_ok([grad_output, log_probs]) or grad_output._shape != log_probs._shape \
            or not (_rows(grad_output, dim) and _rows(log_probs, dim)):
        return cpu_fallback("_log_softmax_backward")(grad_output, log_probs, dim)
    out = _empty(log_probs._shape, log_probs._dtype)
    n = log_probs._shape[-1] if log_probs.dim() else 1
    rows = out.numel() // n if n else 0
    if rows:
        w = _group(n)
        src = source.log_softmax_source(source.ctype(log_probs._dtype.name, "cuda"), "cuda")
        _B.launch(_fn(src, "al_log_softmax_backward"), "_log_softmax_backward", (rows,), (w,),
                  w * log_probs._dtype.itemsize,
                  [out._store, grad_output._store, _L(grad_output._offset), log_probs._store,
                   _L(log_probs._offset), _L(n)])
    return out


def _nll_fits(self, target, weight) -> bool:
    return _softmax_ok([self]) and weight is None and self.dim() == 2 and \
        self.is_contiguous() and _on_device(target) and target._dtype is _dtype.int64 and \
        target.dim() == 1 and target.is_contiguous() and target._shape[0] == self._shape[0]


def _nll_picks(self, target, ignore_index):
    rows, n = self._shape
    picks, counted = _empty((rows,), self._dtype), _empty((rows,), self._dtype)
    if rows:
        src = source.nll_loss_source(source.ctype(self._dtype.name, "cuda"), "cuda")
        _B.launch(_fn(src, "al_nll_pick"), "nll_loss", (rows,), (1,), 0,
                  [picks._store, self._store, _L(self._offset), _L(n), target._store,
                   _L(target._offset), _L(ignore_index), counted._store])
    return picks, counted


def nll_loss(self, target, weight=None, reduction=1, ignore_index=-100):
    if not _nll_fits(self, target, weight) or reduction not in (0, 1, 2):
        return cpu_fallback("nll_loss")(self, target, weight, reduction, ignore_index)
    from ..opencl.kernels import _check_targets
    result = _meta_result("nll_loss", (self, target, weight, reduction, ignore_index))
    _check_targets(target, self._shape[1], ignore_index)
    picks, counted = _nll_picks(self, target, ignore_index)
    if reduction == 0:
        return picks
    total = _reduce("sum", picks, [0], result)
    if reduction == 2:
        return total
    return _EW["div.Tensor"](total, _reduce("sum", counted, [0], result))


def nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index):
    args = (grad_output, self, target, weight, reduction, ignore_index)
    if not _nll_fits(self, target, weight) or reduction not in (0, 1, 2) or \
            not _on_device(grad_output) or grad_output._dtype is not self._dtype or \
            grad_output.dim() != (1 if reduction == 0 else 0) or self._shape[0] > 65535:
        return cpu_fallback("_nll_loss_backward")(*args)  # (rows are the grid's y: <= 65535)
    rows, n = self._shape
    out = _empty(self._shape, self._dtype)
    if rows * n == 0:
        return out
    total = out
    if reduction == 1:
        _, counted = _nll_picks(self, target, ignore_index)
        total = _reduce("sum", counted, [0], Tensor._meta((), self._dtype))
    gstride = grad_output._st[0] if reduction == 0 else 0
    src = source.nll_loss_source(source.ctype(self._dtype.name, "cuda"), "cuda")
    _B.launch(_fn(src, "al_nll_backward"), "_nll_loss_backward", (-(-n // 256), rows),
              (256, 1), 0,
              [out._store, _L(n), target._store, _L(target._offset), _L(ignore_index),
               grad_output._store, _L(grad_output._offset), _L(gstride), total._store,
               ctypes.c_int32(reduction == 1)])
    return out


def install(backend) -> None:
    """Register the device's kernels (once, when "cuda" registers)."""
    global _B
    _B = backend
    for op, entry in elementwise_ops().items():
        _EW[op] = _elementwise_kernel(op, entry)
        impl(op, "cuda", _EW[op])
    for op in ("sum", "mean", "amax", "amin"):
        impl(op, "cuda", _reduction_kernel(op))
    for op, fn in (("mm", mm), ("bmm", bmm), ("addmm", addmm), ("clone", clone),
                   ("log_softmax.int", log_softmax),
                   ("_log_softmax_backward", log_softmax_backward), ("nll_loss", nll_loss),
                   ("_nll_loss_backward", nll_loss_backward)):
        impl(op, "cuda", fn)
