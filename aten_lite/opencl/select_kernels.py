"""The OpenCL device's kernels that move, pick and compare elements rather than compute them:
``cat``, ``where``, ``index_select`` and ``embedding`` (a gather), ``argmax``/``argmin``, and
``softmax`` with its backward (the row kernels beside log_softmax's).

Copies and picks do not look at the values, so their kernels are specialised on the element
size, not the dtype (one ``uint`` kernel serves float32 and int32): every dtype, bool included,
runs on the device. A gather's index out of range is found by the kernel and raised at the
next read with the CPU kernel's message (Note [Deferred device errors] in deferred.py).
What a kernel here does not handle (operands of different dtypes, a CPU operand, a dim other
than the last for softmax) goes to the op's CPU fallback, as in kernels.py.
"""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl, make_tensor
from ..vocab import dtype as _dtype
from . import kernels as _k
from .device_kernels import broadcast_strides, merge, meta_result
from .device_kernels import rows as _rows
from . import source

__all__ = ["install"]

_BITS = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}  # an element of that many bytes


def _bits(dtype) -> str:
    return _BITS[dtype.itemsize]


def _walk_lines(ndim: int, operands: list[str]) -> list[str]:
    """Lines turning flat index ``i`` into the offsets p<name> of each operand over dims
    n_d with strides s<name>_d (row-major over the iteration space)."""
    lines = ["  long q = i, c;"]
    for d in reversed(range(ndim)):
        lines.append(f"  c = q % n_{d}; q /= n_{d};" if d else "  c = q;")
        lines += [f"  p{o} += c * s{o}_{d};" for o in operands]
    return lines


def copy_source(e: str, ndim: int) -> str:
    """dst[...] = src[...] over a strided iteration space of ndim dims."""
    args = [f"__global {e}* dst", "long pd", f"__global const {e}* src", "long ps",
            "const long n"]
    args += [f"const long n_{d}, const long sd_{d}, const long ss_{d}" for d in range(ndim)]
    return "\n".join([f"__kernel void al_copy({', '.join(args)}) {{",
                      "  const long i = get_global_id(0);", "  if (i >= n) return;",
                      *_walk_lines(ndim, ["d", "s"]), "  dst[pd] = src[ps];", "}", ""])


def where_source(e: str, ndim: int) -> str:
    """out[i] = cond ? a : b, the three broadcast over a strided space; out contiguous."""
    args = [f"__global {e}* out", "const long n", "__global const uchar* cnd", "long pc",
            f"__global const {e}* a", "long pa", f"__global const {e}* b", "long pb"]
    args += [f"const long n_{d}, const long sc_{d}, const long sa_{d}, const long sb_{d}"
             for d in range(ndim)]
    return "\n".join([f"__kernel void al_where({', '.join(args)}) {{",
                      "  const long i = get_global_id(0);", "  if (i >= n) return;",
                      *_walk_lines(ndim, ["c", "a", "b"]),
                      "  out[i] = cnd[pc] ? a[pa] : b[pb];", "}", ""])


def gather_source(e: str, index: str) -> str:
    """out (outer, k, inner) = src (outer, size, inner)[:, index[j], :] over a contiguous
    src; an index outside [0, size) flags the status slot and writes 0."""
    return f"""__kernel void al_gather(__global {e}* out, __global const {e}* src, const long so,
    const long size, const long k, const long inner, __global const {index}* idx,
    const long io, const long is, const long n, __global long* status, const int slot) {{
  const long i = get_global_id(0);
  if (i >= n) return;
  const long r = i % inner, j = (i / inner) % k, o = i / (inner * k);
  const long v = (long)idx[io + j * is];
  if (v < 0 || v >= size) {{
    status[2 * slot] = 1; status[2 * slot + 1] = v;
    out[i] = ({e})0;
    return;
  }}
  out[i] = src[so + (o * size + v) * inner + r];
}}
"""


def arg_reduce_source(t: str, largest: bool, nkeep: int, nred: int) -> str:
    """The index of the largest (smallest) value per output, NaN counting as the largest (as
    on the CPU: the first NaN wins) and ties going to the first index: each work item scans a
    strided share, then a tree of (value, index) pairs in local memory. ``t``: the element
    type; values are compared in its compute type (float16's in float, which orders them
    alike)."""
    ext = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" if t == "double" else ""
    c = source._compute(t, "opencl")
    cmp = "b > a" if largest else "b < a"
    nan = ("  if (b != b) return a == a || ib < ia;\n  if (a != a) return 0;\n"
           if t in ("float", "double", "half") else "")
    args = ["__global long* out", f"__global const {t}* x", "long base", "const long nred",
            f"__local {c}* sv", "__local long* si"]
    args += [f"const long nk_{d}, const long sk_{d}" for d in range(nkeep)]
    args += [f"const long nr_{d}, const long sr_{d}" for d in range(nred)]

    def walk(prefix, var, ndim, target):
        out = [f"    long q = {var}, c;"]
        for d in reversed(range(ndim)):
            out.append(f"    c = q % n{prefix}_{d}; q /= n{prefix}_{d}; "
                       f"{target} += c * s{prefix}_{d};" if d else
                       f"    {target} += q * s{prefix}_0;")
        return out

    return ext + f"""typedef {c} T;
inline int al_better(T a, long ia, T b, long ib) {{  /* is (b, ib) to be kept over (a, ia)? */
  if (ib < 0) return 0;
  if (ia < 0) return 1;
{nan}  if ({cmp}) return 1;
  return b == a && ib < ia;
}}
__kernel void al_arg_reduce({', '.join(args)}) {{
  const long o = get_group_id(0);
  const int lid = get_local_id(0), w = get_local_size(0);
  {{
{chr(10).join(walk("k", "o", nkeep, "base"))}
  }}
  T best = (T)0; long bi = -1;
  for (long j = lid; j < nred; j += w) {{
    long p = base;
    {{
{chr(10).join(walk("r", "j", nred, "p"))}
    }}
    const T v = {source._load("x", "p", t, "opencl")};
    if (al_better(best, bi, v, j)) {{ best = v; bi = j; }}
  }}
  sv[lid] = best; si[lid] = bi;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = w / 2; s > 0; s >>= 1) {{
    if (lid < s && al_better(sv[lid], si[lid], sv[lid + s], si[lid + s])) {{
      sv[lid] = sv[lid + s]; si[lid] = si[lid + s];
    }}
    barrier(CLK_LOCAL_MEM_FENCE);
  }}
  if (lid == 0) out[o] = si[0];
}}
"""


def softmax_source(t: str) -> str:
    """Row-wise softmax and its backward over contiguous (rows, n) views, one work-group per
    row: the max, then the sum of exp, in local-memory trees; element type ``t``, computed in
    its compute type (the prelude's AL_LD/AL_ST)."""
    return source._prelude(source._compute(t, "opencl"), "opencl", t) + f"""
inline T al_max_nan(T x, T y) {{ return (x != x) ? x : ((y != y) ? y : (x < y ? y : x)); }}
inline T al_tree(__local T* s, T v, int lid, int w, int take_max) {{
  s[lid] = v; barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = w / 2; k > 0; k >>= 1) {{
    if (lid < k) s[lid] = take_max ? al_max_nan(s[lid], s[lid + k]) : s[lid] + s[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }}
  T r = s[0]; barrier(CLK_LOCAL_MEM_FENCE); return r;
}}
__kernel void al_softmax(__global S* out, __global const S* x, const long xo, const long n,
                         __local T* s) {{
  const long row = get_group_id(0); const int lid = get_local_id(0), w = get_local_size(0);
  __global const S* xr = x + xo + row * n;
  T m = -INFINITY;
  for (long j = lid; j < n; j += w) m = al_max_nan(m, AL_LD(xr, j));
  m = al_tree(s, m, lid, w, 1);
  T acc = (T)0;
  for (long j = lid; j < n; j += w) acc += exp(AL_LD(xr, j) - m);
  const T total = al_tree(s, acc, lid, w, 0);
  for (long j = lid; j < n; j += w) AL_ST(out, row * n + j, exp(AL_LD(xr, j) - m) / total);
}}
__kernel void al_softmax_backward(__global S* out, __global const S* g, const long go,
                                  __global const S* y, const long yo, const long n,
                                  __local T* s) {{
  const long row = get_group_id(0); const int lid = get_local_id(0), w = get_local_size(0);
  __global const S* gr = g + go + row * n;
  __global const S* yr = y + yo + row * n;
  T acc = (T)0;
  for (long j = lid; j < n; j += w) acc += AL_LD(gr, j) * AL_LD(yr, j);
  const T dot = al_tree(s, acc, lid, w, 0);
  for (long j = lid; j < n; j += w)
    AL_ST(out, row * n + j, AL_LD(yr, j) * (AL_LD(gr, j) - dot));
}}
"""


_L = np.int64


# ---- cat ----

def _copy_into_view(dst: Tensor, src: Tensor) -> None:
    """dst's elements (a strided view of device memory) := src's, of one dtype and shape."""
    n = src.numel()
    if n == 0:
        return
    sizes, (sd, ss) = merge(list(src._shape), [list(dst._st), list(src._st)])
    kargs = [dst._store, _L(dst._offset), src._store, _L(src._offset), _L(n)]
    for k, size in enumerate(sizes):
        kargs += [_L(size), _L(sd[k]), _L(ss[k])]
    _k.DEV.B.run(_k.DEV.function(copy_source(_bits(src._dtype), len(sizes)), "al_copy"), (n,), None,
              *kargs)


def _contiguous(t: Tensor) -> Tensor:
    """t itself when contiguous, else a contiguous copy (any dtype)."""
    if t.is_contiguous():
        return t
    out = _k.DEV.empty(t._shape, t._dtype)
    _copy_into_view(out, t)
    return out


def cat(tensors, dim=0):
    tensors = list(tensors)
    d = _k.DEV.same_dtype(tensors) if tensors else None
    if d is None:
        return cpu_fallback("cat")(tensors, dim)
    result = meta_result("cat", (tensors, dim))
    out = _k.DEV.empty(result._shape, result._dtype)
    nd = len(result._shape)
    if out.numel() == 0:
        return out
    dim = dim % nd
    at = 0
    for t in tensors:
        if t.dim() == 1 and t._shape[0] == 0 and nd != 1:
            continue  # the legacy rule: a 1-d empty tensor joins anything
        size = t._shape[dim]
        st = out._st
        view = make_tensor(out._store, t._shape, d, "opencl", strides=st,
                              offset=at * st[dim])
        _copy_into_view(view, t)
        at += size
    return out


# ---- where ----

def where(condition, self, other):
    d = _k.DEV.same_dtype([self, other])
    if d is None or not _k.DEV.on_device(condition) or condition._dtype is not _dtype.bool_:
        return cpu_fallback("where.self")(condition, self, other)
    result = meta_result("where.self", (condition, self, other))
    if result._dtype is not d:
        return cpu_fallback("where.self")(condition, self, other)
    out = _k.DEV.empty(result._shape, d)
    n = out.numel()
    if n == 0:
        return out
    shape = list(result._shape)
    operands = [condition, self, other]
    sizes, strides = merge(shape, [broadcast_strides(t, shape) for t in operands])
    kargs = [out._store, _L(n)]
    for t in operands:
        kargs += [t._store, _L(t._offset)]
    for k, size in enumerate(sizes):
        kargs += [_L(size), *(_L(s[k]) for s in strides)]
    _k.DEV.B.run(_k.DEV.function(where_source(_bits(d), len(sizes)), "al_where"), (n,), None, *kargs)
    return out


# ---- index_select, embedding: a gather along one dim ----

_INDEX = {_dtype.int64: "long", _dtype.int32: "int"}


def _gather(op: str, src: Tensor, dim: int, index: Tensor, shape, message) -> Tensor:
    """out of ``shape`` (src's with dim's size replaced by index's length) holding src's
    slices at index's positions; an index out of range raised at the next read as
    IndexError(message(value))."""
    src = _contiguous(src)
    out = _k.DEV.empty(shape, src._dtype)
    n = out.numel()
    if n == 0:
        return out
    outer = 1
    for s in src._shape[:dim]:
        outer *= s
    inner = 1
    for s in src._shape[dim + 1:]:
        inner *= s
    k = index.numel()
    if index.dim() > 1:
        index = _contiguous(index)
    istride = index._st[0] if index.dim() == 1 else 1
    slot = _k.DEV.B.errors.slot(op, IndexError, message)
    _k.DEV.B.run(_k.DEV.function(gather_source(_bits(src._dtype), _INDEX[index._dtype]), "al_gather"),
              (n,), None, out._store, src._store, _L(src._offset), _L(src._shape[dim]), _L(k),
              _L(inner), index._store, _L(index._offset), _L(istride), _L(n),
              _k.DEV.B.errors.buffer, np.int32(slot))
    return out


def index_select(self, dim, index):
    if not (_k.DEV.on_device(self) and _k.DEV.on_device(index) and index._dtype in _INDEX):
        return cpu_fallback("index_select")(self, dim, index)
    result = meta_result("index_select", (self, dim, index))
    if self.dim() == 0:
        return cpu_fallback("index_select")(self, dim, index)
    dim = dim % self.dim()
    size = self._shape[dim]

    def message(value, dim=dim, size=size):
        return f"index {value} is out of bounds for dimension {dim} with size {size}"

    return _gather("index_select", self, dim, index, result._shape, message)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    args = (weight, indices, padding_idx, scale_grad_by_freq, sparse)
    if not (_k.DEV.on_device(weight) and _k.DEV.on_device(indices) and indices._dtype in _INDEX
            and weight.dim() == 2):
        return cpu_fallback("embedding")(*args)
    result = meta_result("embedding", args)
    rows = weight._shape[0]

    def message(value, rows=rows):
        return f"index {value} is out of range for weight with {rows} rows"

    return _gather("embedding", weight, 0, indices, result._shape, message)


# ---- argmax, argmin ----

_ARG_DTYPES = ("float32", "float64", "float16", "int32", "int64", "uint8", "int8", "int16")


def _arg_reduce(op: str, largest: bool):
    on_cpu = cpu_fallback(op)

    def kernel(self, dim=None, keepdim=False):
        if not _k.DEV.on_device(self) or self._dtype.name not in _ARG_DTYPES:
            return on_cpu(self, dim, keepdim)
        if self._dtype is _dtype.float64 and not _k.DEV.B.fp64:
            _k.DEV.B.refuse_float64()
        result = meta_result(op, (self, dim, keepdim))
        out = _k.DEV.empty(result._shape, _dtype.int64)
        nout = out.numel()
        if nout == 0 or self.numel() == 0:
            return out if nout == 0 else on_cpu(self, dim, keepdim)
        nd = self.dim()
        dims = list(range(nd)) if dim is None else [dim % nd] if nd else []
        keep = [d for d in range(nd) if d not in dims]
        nred = 1
        for d in dims:
            nred *= self._shape[d]
        kn, (ks,) = merge([self._shape[d] for d in keep], [[self._st[d] for d in keep]])
        rn, (rs,) = merge([self._shape[d] for d in dims], [[self._st[d] for d in dims]])
        w = _k.DEV.group(nred)
        t = source.ctype(self._dtype.name)
        kargs = [out._store, self._store, _L(self._offset), _L(nred),
                 _k.DEV.local(w, self._dtype), _k.DEV.B.cl.LocalMemory(w * 8)]
        for size, st in list(zip(kn, ks)) + list(zip(rn, rs)):
            kargs += [_L(size), _L(st)]
        _k.DEV.B.run(_k.DEV.function(arg_reduce_source(t, largest, len(kn), len(rn)), "al_arg_reduce"),
                  (nout * w,), (w,), *kargs)
        return out

    return kernel


# ---- softmax and its backward ----

def _row_launch(name: str, out: Tensor, n: int, *kargs) -> None:
    rows = out.numel() // n if n else 0
    if rows:
        w = _k.DEV.group(n)
        _k.DEV.B.run(_k.DEV.function(softmax_source(source.ctype(out._dtype.name)), name),
                  (rows * w,), (w,), out._store, *kargs, _L(n), _k.DEV.local(w, out._dtype))


def softmax(self, dim, dtype=None):
    if _k.DEV.float_operands([self]) is None or dtype is not None or not _rows(self, dim):
        return cpu_fallback("softmax.int")(self, dim, dtype)
    out = _k.DEV.empty(self._shape, self._dtype)
    _row_launch("al_softmax", out, self._shape[-1] if self.dim() else 1, self._store,
                _L(self._offset))
    return out


def softmax_backward(grad_output, probs, dim):
    if _k.DEV.float_operands([grad_output, probs]) is None or \
            grad_output._shape != probs._shape or \
            not (_rows(grad_output, dim) and _rows(probs, dim)):
        return cpu_fallback("_softmax_backward")(grad_output, probs, dim)
    out = _k.DEV.empty(probs._shape, probs._dtype)
    _row_launch("al_softmax_backward", out, probs._shape[-1] if probs.dim() else 1,
                grad_output._store, _L(grad_output._offset), probs._store, _L(probs._offset))
    return out


def install() -> None:
    """Register these kernels for device "opencl" (when it registers, after kernels.py's)."""
    impl("cat", "opencl", cat)
    impl("where.self", "opencl", where)
    impl("index_select", "opencl", index_select)
    impl("embedding", "opencl", embedding)
    impl("argmax", "opencl", _arg_reduce("argmax", True))
    impl("argmin", "opencl", _arg_reduce("argmin", False))
    impl("softmax.int", "opencl", softmax)
    impl("_softmax_backward", "opencl", softmax_backward)
