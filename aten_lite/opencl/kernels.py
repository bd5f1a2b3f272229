"""The OpenCL device's own kernels, registered with ``impl`` when the device registers: every
functional ``elementwise:`` op of native_functions.yaml (its kernel generated from the YAML
expression, Note [OpenCL kernels from the YAML] in source.py), sum/mean/amax/amin, mm/bmm/
addmm, and the log_softmax/nll_loss pair cross_entropy is made of (select_kernels.py has the
copies and picks). Elementwise ops run in float and integer dtypes; a call a kernel does not
handle (mixed dtypes, a CPU tensor, a class weight, an integer division, whose divisor the CPU
checks) goes to the op's CPU fallback, so every call still works; docs/OPENCL.md lists what
runs where.
"""

from __future__ import annotations

import numpy as np

from ..compile import fusion_entries
from ..dispatch import dispatcher as _dispatch
from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl, make_tensor
from ..vocab import dtype as _dtype
from ..vocab.dispatch_keys import META
from . import source

__all__ = ["install", "elementwise_ops"]

_B = None  # the OpenCLBackend (install)
_KERNELS: dict = {}  # (source, kernel name) -> the pyopencl Kernel
_EW: dict = {}  # op -> its elementwise kernel (what the composite kernels below call)


def _kernel(src: str, name: str):
    k = _KERNELS.get((src, name))
    if k is None:
        k = _KERNELS[(src, name)] = getattr(_B.program(src), name)
    return k


def _floats() -> tuple:
    """The float dtypes the device computes: float16 everywhere (stored as half, computed in
    float: Note [float16 on the devices] in source.py), float64 where the device has it."""
    return (_dtype.float32, _dtype.float16) + ((_dtype.float64,) if _B.fp64 else ())


def _on_device(x) -> bool:
    return isinstance(x, Tensor) and x._store is not None and x._device.type == "opencl"


def _float_operands(tensors) -> "_dtype.DType | None":
    """The one float dtype the device computes in when every tensor is an "opencl" tensor of
    it, else None (the CPU fallback's case). float64 on a device without double precision is
    refused (``runtime.refuse_float64``)."""
    d = None
    for t in tensors:
        if not _on_device(t):
            return None
        if d is None:
            d = t._dtype
        elif t._dtype is not d:
            return None
    if d is _dtype.float64 and not _B.fp64:
        _B.refuse_float64()
    return d if d in _floats() else None


def _meta(x):
    if isinstance(x, Tensor) and x._store is not None:
        return Tensor._meta(x._shape, x._dtype, x._st, offset=x._offset)
    if isinstance(x, (list, tuple)):
        return type(x)(_meta(y) for y in x)
    return x


def _meta_result(op: str, args):
    """The op's result on data-less twins: its shape, its dtype and the CPU kernel's checks
    and messages (a bad shape raises here, as on the CPU)."""
    return _dispatch.handle(op).table[META](*[_meta(a) for a in args])


def _empty(shape, dtype) -> Tensor:
    n = 1
    for s in shape:
        n *= s
    return make_tensor(_B.alloc(n * dtype.itemsize), tuple(shape), dtype, "opencl")


def _long(v) -> np.int64:
    return np.int64(v)


def _compute_dtype(dtype):
    """The dtype a kernel computes ``dtype`` in: float32 for float16, else itself."""
    return _dtype.float32 if dtype is _dtype.float16 else dtype


def _number(v, dtype) -> np.generic:
    """``v`` as a kernel's compute-type argument (a Scalar: float32 for float16)."""
    return _compute_dtype(dtype).np.type(v)


def _operand(v, dtype) -> np.generic:
    """A number in a tensor's place (a wrapped number): rounded to ``dtype`` first, as the CPU
    kernel's operand is, then passed in the compute type."""
    return _number(dtype.np.type(v), dtype)


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


# ---- elementwise: one kernel per YAML expression ----

def _broadcast_strides(t: Tensor, shape) -> list[int]:
    pad = len(shape) - len(t._shape)
    out = [0] * pad
    for n, s, full in zip(t._shape, t._st, shape[pad:]):
        out.append(0 if n == 1 and full != 1 else s)
    return out


def _merge(shape, strides_per_operand):
    """(sizes, strides per operand) with size-1 dimensions dropped and neighbours merged
    where every operand walks them as one (the contiguous case becomes one dimension)."""
    dims = [(n, [st[d] for st in strides_per_operand]) for d, n in enumerate(shape) if n != 1]
    merged: list = []
    for n, st in dims:
        if merged:
            pn, pst = merged[-1]
            if all(ps == n * s for ps, s in zip(pst, st)):
                merged[-1] = (pn * n, st)
                continue
        merged.append((n, st))
    return [n for n, _ in merged], [[st[k] for _, st in merged]
                                    for k in range(len(strides_per_operand))]


_INTEGERS = ("int32", "int64", "bool", "uint8", "int8", "int16")


def _integer_operands(tensors, entry) -> "_dtype.DType | None":
    """The one integer or bool dtype of the "opencl" tensors when the op's dtypes include it
    and it needs no check of the values (``int_operand``: a division by zero), else None."""
    d = None
    for t in tensors:
        if not _on_device(t) or (d is not None and t._dtype is not d):
            return None
        d = t._dtype
    if d is None or d.name not in _INTEGERS or d.name not in entry.dtypes or \
            entry.int_operand is not None:
        return None
    return d


def _elementwise_kernel(op: str, entry):
    names = [a for a, _ in entry.args]
    # a Scalar's default as the schema writes it ('1', '0.01'); the kernel computes in T anyway
    defaults = {a: _parse_number(d) for a, d in entry.args if d is not None and _numeric(d)}
    on_cpu = cpu_fallback(op)
    unbuilt: set = set()  # integer dtypes whose expression does not compile: the CPU's

    def kernel(*args, **kwargs):
        bound = dict(defaults)
        bound.update(zip(names, args))
        bound.update(kwargs)
        tensors = [bound[p] for p in entry.tensors]
        scalars = [bound.get(s) for s in entry.scalars]
        on_dev = [t for t in tensors if isinstance(t, Tensor)]
        d = _float_operands(on_dev) if on_dev else None
        integral = d is None and on_dev and _integer_operands(on_dev, entry) is not None
        if integral:
            d = on_dev[0]._dtype
            if d in unbuilt or any(isinstance(x, float) for x in tensors + scalars):
                return on_cpu(*args, **kwargs)  # a float number with integers: promotion
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
        src = source.elementwise_source(entry, source.ctype(d.name),
                                        source.ctype(result._dtype.name), numbers, len(sizes),
                                        bool_result=result._dtype is _dtype.bool_)
        if integral:
            try:
                k = _kernel(src, "al_elementwise")
            except _B.BuildError:  # the expression calls a float-only function
                unbuilt.add(d)
                return on_cpu(*args, **kwargs)
        kargs = [out._store, _long(n)]
        j = 0
        for t in tensors:
            if isinstance(t, Tensor):
                kargs += [t._store, _long(t._offset), *map(_long, strides[j])]
                j += 1
            else:
                kargs.append(_operand(t, d))
        kargs += [_long(s) for s in sizes]
        kargs += [_number(s, d) for s in scalars]
        _B.run(k if integral else _kernel(src, "al_elementwise"), (n,), None, *kargs)
        return out

    return kernel


def _parse_number(text: str):
    try:
        return int(text)
    except ValueError:
        return float(text)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def elementwise_ops() -> dict:
    """op -> fusion entry of every functional ``elementwise:`` op whose dtypes include a
    float or an integer type (the ones this device computes)."""
    return {op: e for op, e in fusion_entries.builtin().items()
            if "float32" in e.dtypes or any(d in e.dtypes for d in _INTEGERS)}


def library_kernel(op: str):
    """The kernel of the op library op ``op`` ('myops::mish') from its ``elementwise:``
    expression (the library's fusion table, compile/library_entries.py), or None when it is
    not a functional elementwise op, or its library's table cannot be read (the op then takes
    the CPU fallback)."""
    from ..compile import library_entries
    try:
        entry = library_entries.library_entry(op)
    except library_entries.LibraryEntryError:
        return None
    if entry is None or not ("float32" in entry.dtypes or
                             any(d in entry.dtypes for d in _INTEGERS)):
        return None
    return _elementwise_kernel(op, entry)


# ---- reductions ----

def _reduce_dims(self: Tensor, dim) -> list[int]:
    nd = len(self._shape)
    if dim is None:
        return list(range(nd))
    dims = [dim] if isinstance(dim, int) else list(dim)
    if not dims:
        return list(range(nd))
    return sorted({d % nd if nd else 0 for d in dims})


def _group(n: int) -> int:
    """A power-of-two work-group size for n elements: up to 256, within the device's limit."""
    w = 1
    while w < min(n, 256, _B.max_group):
        w *= 2
    return min(w, _B.max_group)


def _reduce(kind: str, self: Tensor, dims: list[int], result: Tensor) -> Tensor:
    out = _empty(result._shape, result._dtype)
    nout = out.numel()
    if nout == 0:
        return out
    keep = [d for d in range(len(self._shape)) if d not in dims]
    nred = 1
    for d in dims:
        nred *= self._shape[d]
    # each group of dimensions merged where it walks memory as one (contiguous: one each)
    kn, (ks,) = _merge([self._shape[d] for d in keep], [[self._st[d] for d in keep]])
    rn, (rs,) = _merge([self._shape[d] for d in dims], [[self._st[d] for d in dims]])
    # few results of many elements (a full sum): split each over parts, then reduce the parts
    parts = max(1, min(64 // nout, nred // 8192))
    # partial results in the compute type: float16's are float sums, rounded once at the end
    dest = out if parts == 1 else _empty((nout, parts), _compute_dtype(self._dtype))
    first = kind if parts == 1 else ("sum" if kind == "mean" else kind)
    chunk = -(-nred // parts)
    _reduce_launch(first, self, dest, kn, ks, rn, rs, nred, parts, chunk, nred)
    if parts > 1:
        _reduce_launch(kind, dest, out, [nout], [parts], [parts], [1], parts, 1, parts, nred)
    return out


def _reduce_launch(kind, x, dest, kn, ks, rn, rs, nred, parts, chunk, divisor) -> None:
    w = _group(chunk)
    src = source.reduction_source(kind, source.ctype(x._dtype.name), len(kn), len(rn),
                                  out_t=source.ctype(dest._dtype.name))
    kargs = [dest._store, x._store, _long(x._offset), _long(nred), _long(parts), _long(chunk),
             _number(divisor, x._dtype), _local(w, x._dtype)]
    for n, st in list(zip(kn, ks)) + list(zip(rn, rs)):
        kargs += [_long(n), _long(st)]
    _B.run(_kernel(src, "al_reduce"), (dest.numel() * w,), (w,), *kargs)


def _local(w: int, dtype):
    """Work-group scratch of ``w`` values of ``dtype``'s compute type."""
    return _B.cl.LocalMemory(w * _compute_dtype(dtype).itemsize)


def _convert(x: Tensor, dtype) -> Tensor:
    """A contiguous copy of ``x`` in another float ``dtype`` (one rounding: float32 sums of
    float16 values become float16), by the ``_copy_strided`` expression's kernel."""
    out = _empty(x._shape, dtype)
    n = out.numel()
    if n:
        sizes, (st,) = _merge(list(x._shape), [list(x._st)])
        src = source.elementwise_source(fusion_entries.builtin()["_copy_strided"],
                                        source.ctype(x._dtype.name), source.ctype(dtype.name),
                                        (False,), len(sizes))
        _B.run(_kernel(src, "al_elementwise"), (n,), None, out._store, _long(n), x._store,
               _long(x._offset), *map(_long, st), *map(_long, sizes))
    return out


def _reduction_kernel(op: str, kind: str):
    on_cpu = cpu_fallback(op)

    def kernel(self, dim=None, keepdim=False, dtype=None):
        args = (self, dim, keepdim) if op.startswith("am") else (self, dim, keepdim, dtype)
        d = _float_operands([self])
        if d is None or (dtype is not None and _dtype.parse(dtype) is not d):
            return on_cpu(*args)
        result = _meta_result(op, args)
        return _reduce(kind, self, _reduce_dims(self, dim), result)

    return kernel


# ---- matrix products ----

def _matmul(a: Tensor, m: Tensor, batch: int, c: Tensor | None = None, beta=0, alpha=1,
            c_strides=(0, 0, 0)) -> Tensor:
    """out (batch, M, N) = alpha * a @ m + beta * c over strided 3-d views (a 2-d operand is
    given batch stride 0 by the caller)."""
    M, K = a._shape[-2], a._shape[-1]
    N = m._shape[-1]
    d = a._dtype
    out = _empty((batch, M, N), d)
    if batch * M * N == 0:
        return out

    def geometry(t):
        st = list(t._st)
        return [_long(t._offset), _long(st[-2]), _long(st[-1]),
                _long(st[0] if len(st) == 3 else 0)]

    has_c = c is not None and beta != 0
    cargs = [c._store, _long(c._offset), *map(_long, c_strides)] if has_c else \
        [a._store, _long(0), _long(0), _long(0), _long(0)]
    kargs = [out._store, _long(M), _long(N), _long(K), a._store, *geometry(a), m._store,
             *geometry(m), *cargs, np.int32(has_c), _number(alpha, d),
             _number(beta if has_c else 0, d)]
    rows, cols = source.BLOCK
    size = (-(-N // cols), -(-M // rows), batch)
    src = source.matmul_source(source.ctype(d.name), m._st[-1] == 1)
    _B.run(_kernel(src, "al_matmul"), size, None, *kargs)
    return out


def mm(self, mat2):
    if _float_operands([self, mat2]) is None:
        return cpu_fallback("mm")(self, mat2)
    result = _meta_result("mm", (self, mat2))
    out = _matmul(self, mat2, 1)
    return out.view(tuple(result._shape)) if out.numel() else _empty(result._shape, self._dtype)


def bmm(self, mat2):
    if _float_operands([self, mat2]) is None:
        return cpu_fallback("bmm")(self, mat2)
    result = _meta_result("bmm", (self, mat2))
    return _matmul(self, mat2, self._shape[0]).view(tuple(result._shape))


def addmm(self, mat1, mat2, beta=1, alpha=1):
    on_cpu = cpu_fallback("addmm")
    if _float_operands([self, mat1, mat2]) is None or not (_is_number(beta) and
                                                           _is_number(alpha)) \
           :
        return on_cpu(self, mat1, mat2, beta=beta, alpha=alpha)
    result = _meta_result("addmm", (self, mat1, mat2))
    shape = tuple(result._shape)
    cst = _broadcast_strides(self, shape)
    out = _matmul(mat1, mat2, 1, self, beta, alpha, (cst[0], cst[1], 0))
    return out.view(shape)


# ---- clone, log_softmax, nll_loss: what cross_entropy and its backward run ----

def clone(self):
    """A copy with the CPU kernel's layout (the Meta kernel's strides): the device's copy for
    a contiguous source, else the ``_copy_strided`` expression's kernel."""
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
    # The result's dimensions in its memory order: there it is contiguous, so the copy is the
    # contiguous _copy_strided of self's dimensions in that order, seen back in the op's order.
    shape, st = result._shape, result._st
    order = sorted(range(len(shape)), key=lambda d: (-st[d], d))
    walk = make_tensor(self._store, tuple(shape[d] for d in order), self._dtype, "opencl",
                       strides=tuple(self._st[d] for d in order), offset=self._offset)
    flat = _EW["_copy_strided"](walk)
    return make_tensor(flat._store, tuple(shape), self._dtype, "opencl", strides=tuple(st))


def _rows(x: Tensor, dim: int) -> bool:
    """Whether ``x`` is a contiguous float tensor reduced along its last dimension."""
    return x.dim() >= 1 and dim % x.dim() == x.dim() - 1 and x.is_contiguous()


def log_softmax(self, dim, dtype=None):
    if _float_operands([self]) is None or dtype is not None or not _rows(self, dim):
        return cpu_fallback("log_softmax.int")(self, dim, dtype)
    out = _empty(self._shape, self._dtype)
    n = self._shape[-1] if self.dim() else 1
    rows = out.numel() // n if n else 0
    if rows:
        w = _group(n)
        _B.run(_kernel(source.log_softmax_source(source.ctype(self._dtype.name)),
                       "al_log_softmax"), (rows * w,), (w,), out._store, self._store,
               _long(self._offset), _long(n), _local(w, self._dtype))
    return out


def log_softmax_backward(grad_output, log_probs, dim):
    if _float_operands([grad_output, log_probs]) is None or grad_output._shape != \
            log_probs._shape or not (_rows(grad_output, dim) and _rows(log_probs, dim)):
        return cpu_fallback("_log_softmax_backward")(grad_output, log_probs, dim)
    out = _empty(log_probs._shape, log_probs._dtype)
    n = log_probs._shape[-1] if log_probs.dim() else 1
    rows = out.numel() // n if n else 0
    if rows:
        w = _group(n)
        _B.run(_kernel(source.log_softmax_source(source.ctype(log_probs._dtype.name)),
                       "al_log_softmax_backward"), (rows * w,), (w,), out._store,
               grad_output._store, _long(grad_output._offset), log_probs._store,
               _long(log_probs._offset), _long(n), _local(w, log_probs._dtype))
    return out


def _nll_fits(self, target, weight) -> bool:
    return _float_operands([self]) is not None and weight is None and self.dim() == 2 and \
        self.is_contiguous() and _on_device(target) and target._dtype is _dtype.int64 and \
        target.dim() == 1 and target.is_contiguous() and target._shape[0] == self._shape[0]


def _nll_picks(self, target, ignore_index, check: bool):
    """(-self[i, target[i]] or 0 where ignored, 1 or 0 where ignored), per row. With
    ``check``, a target out of range is found by the kernel and raised at the next read
    (Note [Deferred device errors]), with the CPU kernel's IndexError and message."""
    rows, n = self._shape
    picks, counted = _empty((rows,), self._dtype), _empty((rows,), _compute_dtype(self._dtype))
    if rows:
        slot = -1
        if check:
            def message(value, n=n):
                return f"Target {value} is out of bounds for {n} classes"
            slot = _B.errors.slot("nll_loss", IndexError, message)
        src = source.nll_loss_source(source.ctype(self._dtype.name))
        _B.run(_kernel(src, "al_nll_pick_checked"),
               (rows,), None, picks._store, self._store, _long(self._offset), _long(n),
               target._store, _long(target._offset), _long(ignore_index), counted._store,
               _B.errors.buffer, np.int32(slot))
    return picks, counted


def _check_targets(target, n: int, ignore_index: int) -> None:
    """The targets' bounds checked on the host (one copy out, a wait): what the CUDA device's
    nll_loss does; OpenCL's checks in its kernel instead (al_nll_pick_checked)."""
    from ..backends.devices import to_host
    values = to_host(target)
    bad = values[(values != ignore_index) & ((values < 0) | (values >= n))]
    if bad.size:
        raise IndexError(f"nll_loss: target {int(bad[0])} is out of bounds for {n} classes "
                         f"(valid: 0..{n - 1}, or ignore_index {ignore_index})")


def nll_loss(self, target, weight=None, reduction=1, ignore_index=-100):
    if not _nll_fits(self, target, weight) or reduction not in (0, 1, 2):
        return cpu_fallback("nll_loss")(self, target, weight, reduction, ignore_index)
    result = _meta_result("nll_loss", (self, target, weight, reduction, ignore_index))
    picks, counted = _nll_picks(self, target, ignore_index, check=True)
    if reduction == 0:
        return picks
    if reduction == 2:
        return _reduce("sum", picks, [0], result)
    # the mean in the compute type, rounded once (float16: as the CPU kernel)
    c = Tensor._meta((), _compute_dtype(self._dtype))
    mean = _EW["div.Tensor"](_reduce("sum", picks, [0], c), _reduce("sum", counted, [0], c))
    return mean if mean._dtype is self._dtype else _convert(mean, self._dtype)


def nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index):
    args = (grad_output, self, target, weight, reduction, ignore_index)
    if not _nll_fits(self, target, weight) or reduction not in (0, 1, 2) or \
            not _on_device(grad_output) or grad_output._dtype is not self._dtype or \
            grad_output.dim() != (1 if reduction == 0 else 0):
        return cpu_fallback("_nll_loss_backward")(*args)
    rows, n = self._shape
    out = _empty(self._shape, self._dtype)
    if rows * n == 0:
        return out
    src = source.nll_loss_source(source.ctype(self._dtype.name))
    total = out  # unread unless the mean is taken
    if reduction == 1:
        _, counted = _nll_picks(self, target, ignore_index, check=False)
        total = _reduce("sum", counted, [0], Tensor._meta((), _compute_dtype(self._dtype)))
    gstride = grad_output._st[0] if reduction == 0 else 0
    _B.run(_kernel(src, "al_nll_backward"), (n, rows), None, out._store, _long(n),
           target._store, _long(target._offset), _long(ignore_index), grad_output._store,
           _long(grad_output._offset), _long(gstride), total._store,
           np.int32(reduction == 1))
    return out


# ---- registration ----

def install(backend) -> None:
    """Register the device's kernels (called once, when "opencl" registers)."""
    global _B
    _B = backend
    _KERNELS.clear()  # kernels of an earlier registration belong to its context
    for op, entry in elementwise_ops().items():
        _EW[op] = _elementwise_kernel(op, entry)
        impl(op, "opencl", _EW[op])
    for op in ("sum", "mean", "amax", "amin"):
        impl(op, "opencl", _reduction_kernel(op, op))
    impl("mm", "opencl", mm)
    impl("bmm", "opencl", bmm)
    impl("addmm", "opencl", addmm)
    impl("clone", "opencl", clone)
    impl("log_softmax.int", "opencl", log_softmax)
    impl("_log_softmax_backward", "opencl", log_softmax_backward)
    impl("nll_loss", "opencl", nll_loss)
    impl("_nll_loss_backward", "opencl", nll_loss_backward)
