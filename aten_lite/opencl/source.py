"""The OpenCL C and CUDA C++ source of the devices' kernels (Note [OpenCL kernels from the
YAML], Note [One generator, two dialects]).

Note [OpenCL kernels from the YAML]
An elementwise kernel is made from the op's ``elementwise:`` expression in
native_functions.yaml, as graph mode's fused C++ kernels are (Note [Fused kernels and the YAML
expressions] in compile/kernels_source.py): the expression, read from the generated fusion
table (compile/fusion_entries.py: the generator's parse of the YAML; nothing here reads the
YAML), becomes the body of a function whose parameters are the op's tensor arguments and
Scalar members, under ``#line N "native_functions.yaml"`` so that a compiler error names the
YAML line. The expressions are written in the C subset both C++ and OpenCL C share; what they
call beyond C's operators (``maximum``, ``sign``, ``round_half_even``, ...) the prelude below
defines for the compute type with the semantics of aten_lite/csrc/scalar_math.h (NaN
propagation of maximum, Python's remainder and floor division). Each kernel is specialised on
the op, the dtypes, which arguments are numbers (passed by value, "wrapped numbers" of the
compute dtype) and the number of dimensions after merging the dimensions every operand walks
contiguously; shapes, strides and offsets are arguments, so one build serves every shape.
Reductions are local-memory trees in work-groups (a second pass for a large full one); matrix
products are blocks of 4x8 results per work item, accumulated in registers.

Note [One generator, two dialects]
Every function here takes ``dialect``: "opencl" (OpenCL C) or "cuda" (CUDA C++ for NVRTC or
nvcc). The kernels are written once, in OpenCL's spelling; what differs is the prelude
(``_prelude``): CUDA's maps OpenCL's qualifiers and work-item functions (``__kernel``,
``__global``, ``get_global_id``, ``barrier``) onto CUDA's, makes the helper functions
``__device__``, and the local-memory scratch of a work-group tree, a kernel argument in OpenCL,
is CUDA's dynamic shared memory (``_local_param``/``_local_decl``). The expression functions
(``maximum``, ``remainder``, ...) are the same lines in both. Each kernel has an element type
``S`` (what memory holds) and a compute type ``T``, and reads and writes memory through
``AL_LD(p, i)`` and ``AL_ST(p, i, v)`` (``_load``/``_store`` for another element type): for
every dtype but float16 T is S and these are plain indexing. float16 computes in float, as the
CPU kernels do (Note [float16 on the devices]).

Note [float16 on the devices]
The CPU computes a float16 op in float and rounds once, on the store. Both dialects do the
same: in OpenCL the element type is ``half`` but only behind pointers, read with
``vload_half`` and written with ``vstore_half_rte`` (round to nearest even, the CPU's
conversion). These are core OpenCL C: no ``cl_khr_fp16`` is needed, so every OpenCL device
(PoCL's CPU driver included) runs float16 kernels, and an elementwise result is the bits of
the CPU's wherever the float computation is. CUDA's float16 is ``al_half`` (a prelude struct,
so no header is needed), whose conversions to and from float are the loads and stores.
Reductions keep their partial results in float (``reduction_source``'s ``out_t``).
"""

from __future__ import annotations

import re

__all__ = ["ctype", "elementwise_source", "reduction_source", "matmul_source",
           "log_softmax_source", "nll_loss_source", "fused_elementwise_source", "literal",
           "BLOCK", "DIALECTS", "locate_unresolved"]

# How the fusion table's expressions spell a floating literal's type: C++ only.
_TYPED_LITERAL = "::al::math::detail::real_t<AlCompute>("

BLOCK = (4, 8)  # the rows and columns of out one matmul work item computes

DIALECTS = ("opencl", "cuda")
_AFTER_EXPR = {"opencl": "opencl_elementwise.cl", "cuda": "cuda_elementwise.cu"}

_CTYPES = {"float32": "float", "float64": "double", "float16": "half", "bool": "uchar",
           "int64": "long", "int32": "int", "uint8": "uchar", "int8": "char", "int16": "short"}
_CUDA_CTYPES = dict(_CTYPES, float16="al_half")
# float16 computes in float in both dialects (Note [float16 on the devices])
_COMPUTE = {"opencl": {"half": "float"}, "cuda": {"al_half": "float"}}


def ctype(dtype_name: str, dialect: str = "opencl") -> str:
    """The element type of ``dtype_name`` in ``dialect``."""
    return (_CUDA_CTYPES if _dialect(dialect) == "cuda" else _CTYPES)[dtype_name]


def _dialect(dialect: str) -> str:
    if dialect not in DIALECTS:
        raise ValueError(f"unknown device source dialect {dialect!r}; valid: "
                         f"{', '.join(DIALECTS)}")
    return dialect


def _compute(s: str, dialect: str) -> str:
    """The compute type of element type ``s``."""
    return _COMPUTE[_dialect(dialect)].get(s, s)


def _load(ptr: str, index: str, s: str, dialect: str) -> str:
    """C reading element ``index`` of ``ptr`` (element type ``s``) as its compute type."""
    if s == "half" and dialect == "opencl":
        return f"vload_half({index}, {ptr})"
    return f"(({_compute(s, dialect)})({ptr})[{index}])"


def _store(ptr: str, index: str, value: str, s: str, dialect: str) -> str:
    """C writing ``value`` (a compute-type value) to element ``index`` of ``ptr``."""
    if s == "half" and dialect == "opencl":
        return f"vstore_half_rte({value}, {index}, {ptr})"
    return f"({ptr})[{index}] = ({s})({value})"


# CUDA's spelling of what the kernels write in OpenCL's (Note [One generator, two dialects]);
# a 1-d launch's work items are numbered in 64 bits, as get_global_id's size_t is
_CUDA_HEADER = """typedef unsigned char uchar;
struct al_half {  /* float16 in memory; loads and stores convert to and from float */
  unsigned short bits;
  __device__ al_half() {}
  __device__ al_half(float f) { asm("cvt.rn.f16.f32 %0, %1;" : "=h"(bits) : "f"(f)); }
  __device__ operator float() const {
    float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits)); return f;
  }
};
#define __kernel extern "C" __global__
#define __global
#define __local
#define inline __device__ inline
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
inline long get_global_id(int d) {
  return d == 0 ? (long)blockIdx.x * blockDim.x + threadIdx.x
       : d == 1 ? (long)blockIdx.y * blockDim.y + threadIdx.y
                : (long)blockIdx.z * blockDim.z + threadIdx.z;
}
inline long get_group_id(int d) { return d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : blockIdx.z; }
inline int get_local_id(int d) { return d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : threadIdx.z; }
inline int get_local_size(int d) { return d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z; }
#define barrier(fence) __syncthreads()
"""


def _local_param(name: str, dialect: str) -> list[str]:
    """The work-group scratch ``name`` (of T) as a kernel parameter: OpenCL's only."""
    return [f"__local T* {name}"] if dialect == "opencl" else []


def _local_decl(name: str, dialect: str) -> list[str]:
    """CUDA's dynamic shared memory as the scratch ``name`` (the launch sizes it)."""
    if dialect == "opencl":
        return []
    return [f"  extern __shared__ double al_smem[]; T* {name} = (T*)al_smem;"]


_INTEGER = ("uchar", "char", "short", "int", "long")


def _integer_functions(t: str, s: str) -> str:
    """The expression functions for an integer (or bool, as uchar) compute type, with the
    semantics of scalar_math.h's integer cases: Python's remainder and floor division, floor,
    ceil and trunc the value itself. The float-only functions are not defined, so an
    expression using them does not build and its op takes the CPU fallback for that dtype."""
    return f"""typedef {t} T;
typedef {s} S;
inline T al_sign(T x) {{ return (T)((x > (T)0) - (x < (T)0)); }}
inline T al_maximum(T x, T y) {{ return x < y ? y : x; }}
inline T al_minimum(T x, T y) {{ return y < x ? y : x; }}
inline T al_remainder(T x, T y) {{
  T r = x % y;
  if (r != (T)0 && ((r < (T)0) != (y < (T)0))) r += y;
  return r;
}}
inline T al_floor_divide(T x, T y) {{
  T q = x / y;
  if (x % y != (T)0 && ((x < (T)0) != (y < (T)0))) q -= (T)1;
  return q;
}}
inline T al_trunc_divide(T x, T y) {{ return x / y; }}
#undef sign
#define sign(x) al_sign(x)
#undef maximum
#define maximum(x, y) al_maximum(x, y)
#undef minimum
#define minimum(x, y) al_minimum(x, y)
#undef remainder
#define remainder(x, y) al_remainder(x, y)
#undef floor_divide
#define floor_divide(x, y) al_floor_divide(x, y)
#undef trunc_divide
#define trunc_divide(x, y) al_trunc_divide(x, y)
#undef round_half_even
#define round_half_even(x) (x)
#define floor(x) (x)
#define ceil(x) (x)
#define trunc(x) (x)
"""


def _prelude(t: str, dialect: str = "opencl", s: str | None = None) -> str:
    """The dialect's header, ``T`` (the compute type) and ``S`` (the element type, ``t`` when
    not given) and the expression functions."""
    s = t if s is None else s
    if _dialect(dialect) == "cuda":
        head = _CUDA_HEADER
    else:
        ext = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" if t == "double" else ""
        head = ext + "#pragma OPENCL FP_CONTRACT OFF\n"
    head += (f"#define AL_LD(p, i) {_load('p', 'i', s, dialect)}\n"
             f"#define AL_ST(p, i, v) {_store('p', 'i', 'v', s, dialect)}\n")
    if t in _INTEGER:
        return head + _integer_functions(t, s)
    return head + f"""typedef {t} T;
typedef {s} S;
inline T al_sign(T x) {{ return (T)((x > (T)0) - (x < (T)0)); }}
inline T al_sigmoid(T x) {{ return (T)1 / ((T)1 + exp(-x)); }}
inline T al_reciprocal(T x) {{ return (T)1 / x; }}
inline T al_rsqrt(T x) {{ return (T)1 / sqrt(x); }}
inline T al_maximum(T x, T y) {{
  if (x != x) return x;
  if (y != y) return y;
  return x < y ? y : x;
}}
inline T al_minimum(T x, T y) {{
  if (x != x) return x;
  if (y != y) return y;
  return y < x ? y : x;
}}
inline T al_remainder(T x, T y) {{
  T r = fmod(x, y);
  if (r != (T)0 && ((r < (T)0) != (y < (T)0))) r += y;
  return r;
}}
inline T al_floor_divide(T x, T y) {{
  if (y == (T)0) return x / y;
  T mod = fmod(x, y);
  T div = (x - mod) / y;
  if (mod != (T)0 && ((y < (T)0) != (mod < (T)0))) div -= (T)1;
  if (div == (T)0) return copysign((T)0, x / y);
  T fl = floor(div);
  if (div - fl > (T)0.5) fl += (T)1;
  return fl;
}}
inline T al_trunc_divide(T x, T y) {{ return trunc(x / y); }}
#undef abs
#define abs(x) fabs(x)
#undef sign
#define sign(x) al_sign(x)
#undef sigmoid
#define sigmoid(x) al_sigmoid(x)
#undef reciprocal
#define reciprocal(x) al_reciprocal(x)
#undef rsqrt
#define rsqrt(x) al_rsqrt(x)
#undef maximum
#define maximum(x, y) al_maximum(x, y)
#undef minimum
#define minimum(x, y) al_minimum(x, y)
#undef remainder
#define remainder(x, y) al_remainder(x, y)
#undef floor_divide
#define floor_divide(x, y) al_floor_divide(x, y)
#undef trunc_divide
#define trunc_divide(x, y) al_trunc_divide(x, y)
#undef round_half_even
#define round_half_even(x) rint(x)
"""


def elementwise_source(entry, t: str, r: str, numbers: tuple[bool, ...], ndim: int,
                       dialect: str = "opencl", bool_result: bool = False) -> str:
    """A kernel computing ``entry``'s expression (a fusion_entries.Entry) on operands of
    element type ``t`` into a contiguous output of type ``r``. ``numbers[i]``: the i-th
    tensor parameter is a number passed by value (of the compute type); ``ndim``: dimensions
    of the (merged) iteration space. ``bool_result``: r holds a bool, so the value is made 0
    or 1 (true + true is 1)."""
    params = ", ".join(f"T {p}" for p in entry.tensors + entry.scalars)
    # A floating literal in the compute type's real type, as the C++ kernels compute it (Note
    # [Literals in the compute type] in tools/codegen/formula.py): T for a float T, the literal
    # itself (a double, where the device has them) for an integer T.
    compute = _compute(t, dialect)
    real = "((T)(x))" if compute in ("float", "double", "half") else "(x)"
    rc = _compute(r, dialect)  # al_op returns the result's compute type; the store converts
    lines = [_prelude(compute, dialect, t), f"#define AL_REAL(x) {real}",
             f"inline {rc} al_op({params}) {{",
             f"  return ({rc})({'(bool)' if bool_result else ''}(",
             f'#line {entry.line} "{entry.file}"',
             entry.expr.replace(_TYPED_LITERAL, "AL_REAL("),
             f'#line 1000 "{_AFTER_EXPR[dialect]}"',
             "  ));", "}", ""]
    args = [f"__global {r}* out", "const long n"]
    body = ["  long i = get_global_id(0);", "  if (i >= n) return;", "  long rem = i, c;"]
    call = []
    for k, is_number in enumerate(numbers):
        if is_number:
            args.append(f"const T a{k}")
            call.append(f"a{k}")
            continue
        args += [f"__global const S* a{k}", f"long p{k}"]
        args += [f"const long s{k}_{d}" for d in range(ndim)]
        call.append(f"AL_LD(a{k}, p{k})")
    args += [f"const long n_{d}" for d in range(ndim)]
    args += [f"const T {s}" for s in entry.scalars]
    tensors = [k for k, is_number in enumerate(numbers) if not is_number]
    for d in reversed(range(ndim)):
        body.append(f"  c = rem % n_{d}; rem /= n_{d};" if d else f"  c = rem;")
        body += [f"  p{k} += c * s{k}_{d};" for k in tensors]
    call += list(entry.scalars)
    body.append(f"  {_store('out', 'i', 'al_op(' + ', '.join(call) + ')', r, dialect)};")
    lines += [f"__kernel void al_elementwise({', '.join(args)}) {{", *body, "}"]
    return "\n".join(lines) + "\n"


_REDUCERS = {
    # name: (initial value, combine(a, b), final(acc)); mean's divisor is an argument, so a
    # second pass over partial sums divides by the count of the whole reduction
    "sum": ("(T)0", "a + b", "acc"),
    "mean": ("(T)0", "a + b", "acc / divisor"),
    "amax": ("-INFINITY", "(a != a) ? a : ((b != b) ? b : (a < b ? b : a))", "acc"),
    "amin": ("INFINITY", "(a != a) ? a : ((b != b) ? b : (b < a ? b : a))", "acc"),
}


def _walk(prefix: str, var: str, ndim: int, target: str) -> list[str]:
    """Lines adding to ``target`` the offset of flat index ``var`` over dims n{prefix}_d with
    strides s{prefix}_d."""
    out = [f"    long q = {var}, c;"]
    for d in reversed(range(ndim)):
        if d:
            out.append(f"    c = q % n{prefix}_{d}; q /= n{prefix}_{d}; "
                       f"{target} += c * s{prefix}_{d};")
        else:
            out.append(f"    {target} += q * s{prefix}_0;")
    return out


def reduction_source(kind: str, t: str, nkeep: int, nred: int,
                     dialect: str = "opencl", out_t: str | None = None) -> str:
    """Work-group g reduces part g % parts (elements [part * chunk, +chunk) of the nred
    reduced ones) of output element g / parts: each work item folds a strided share, then a
    tree in local memory (the group size is a power of two). parts > 1 splits a large
    reduction with few outputs over many groups, a second launch reducing the parts. ``t``
    is the element type; the tree computes in the compute type. ``out_t``: the element type of
    out when not ``t`` (float partial sums of float16, Note [float16 on the devices])."""
    init, combine, final = _REDUCERS[kind]
    out_t = t if out_t is None else out_t
    args = [f"__global {out_t}* out", "__global const S* x", "long base", "const long nred",
            "const long parts", "const long chunk", "const T divisor",
            *_local_param("scratch", dialect)]
    args += [f"const long nk_{d}, const long sk_{d}" for d in range(nkeep)]
    args += [f"const long nr_{d}, const long sr_{d}" for d in range(nred)]
    lines = [_prelude(_compute(t, dialect), dialect, t),
             f"inline T al_combine(T a, T b) {{ return {combine}; }}",
             f"__kernel void al_reduce({', '.join(args)}) {{", *_local_decl("scratch", dialect),
             "  const long g = get_group_id(0), o = g / parts, part = g % parts;",
             "  const int lid = get_local_id(0), w = get_local_size(0);",
             "  {", *_walk("k", "o", nkeep, "base"), "  }",
             "  const long lo = part * chunk, hi = min(nred, lo + chunk);",
             f"  T acc = {init};",
             "  for (long j = lo + lid; j < hi; j += w) {", "    long p = base;",
             *["  " + s for s in _walk("r", "j", nred, "p")],
             "    acc = al_combine(acc, AL_LD(x, p));", "  }",
             "  scratch[lid] = acc;", "  barrier(CLK_LOCAL_MEM_FENCE);",
             "  for (int s = w / 2; s > 0; s >>= 1) {",
             "    if (lid < s) scratch[lid] = al_combine(scratch[lid], scratch[lid + s]);",
             "    barrier(CLK_LOCAL_MEM_FENCE);", "  }",
             "  if (lid == 0) {", "    acc = scratch[0];",
             f"    {_store('out', 'g', final, out_t, dialect)};", "  }",
             "}"]
    return "\n".join(lines) + "\n"


def matmul_source(t: str, unit_col_stride: bool, dialect: str = "opencl") -> str:
    """out[b] = alpha * a[b] @ m[b] (+ beta * c[b] when has_c) over strided operands; out is
    contiguous (batch, M, N). Each work item computes a ROWS x COLS block in registers (rows
    and columns past the edge read the last valid one and are not stored), which is what makes
    a CPU driver vectorise: 16x16 tiles staged in local memory ran 50 times slower on PoCL.
    ``unit_col_stride``: m's columns are adjacent (ms1 == 1), a constant to the compiler."""
    ms1 = "1" if unit_col_stride else "ms1"
    return _prelude(_compute(t, dialect), dialect, t) + f"""#define ROWS {BLOCK[0]}
#define COLS {BLOCK[1]}
__kernel void al_matmul(__global S* out, const long M, const long N, const long K,
    __global const S* a, const long ao, const long as0, const long as1, const long asb,
    __global const S* m, const long mo, const long ms0, const long ms1, const long msb,
    __global const S* cm, const long co, const long cs0, const long cs1, const long csb,
    const int has_c, const T alpha, const T beta) {{
  const long c0 = get_global_id(0) * COLS, r0 = get_global_id(1) * ROWS, b = get_global_id(2);
  if (c0 >= N || r0 >= M) return;
  __global const S* ar[ROWS];
  for (int i = 0; i < ROWS; ++i) ar[i] = a + ao + b * asb + min(r0 + i, M - 1) * as0;
  const long cl = min(c0, N - COLS) < 0 ? 0 : min(c0, N - COLS);
  __global const S* mr = m + mo + b * msb + cl * {ms1};
  T acc[ROWS][COLS];
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < COLS; ++j) acc[i][j] = (T)0;
  if (N >= COLS) {{
    for (long k = 0; k < K; ++k) {{
      T mv[COLS];
      for (int j = 0; j < COLS; ++j) mv[j] = AL_LD(mr, k * ms0 + j * {ms1});
      for (int i = 0; i < ROWS; ++i) {{
        const T av = AL_LD(ar[i], k * as1);
        for (int j = 0; j < COLS; ++j) acc[i][j] += av * mv[j];
      }}
    }}
  }} else {{
    for (long k = 0; k < K; ++k)
      for (int i = 0; i < ROWS; ++i) {{
        const T av = AL_LD(ar[i], k * as1);
        for (int j = 0; j < COLS; ++j)
          acc[i][j] += av * AL_LD(mr, k * ms0 + min((long)j, N - 1) * {ms1});
      }}
  }}
  const long shift = c0 - cl;  /* the last block of columns starts early: skip its overlap */
  for (int i = 0; i < ROWS; ++i) {{
    const long row = r0 + i;
    if (row >= M) break;
    for (int j = 0; j < COLS; ++j) {{
      const long col = cl + j;
      if (j < shift || col >= N) continue;
      T v = alpha * acc[i][j];
      if (has_c) v += beta * AL_LD(cm, co + b * csb + row * cs0 + col * cs1);
      AL_ST(out, (b * M + row) * N + col, v);
    }}
  }}
}}
"""


def log_softmax_source(t: str, dialect: str = "opencl") -> str:
    """Row-wise log_softmax and its backward over a contiguous (rows, n) view, one work-group
    per row (max, then sum of exp, in local-memory trees)."""
    scratch = "".join(", " + p for p in _local_param("s", dialect))
    shared = "\n".join(_local_decl("s", dialect))
    return _prelude(_compute(t, dialect), dialect, t) + """
inline T al_group_max(__local T* s, T v, int lid, int w) {
  s[lid] = v; barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = w / 2; k > 0; k >>= 1) {
    if (lid < k) s[lid] = al_maximum(s[lid], s[lid + k]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  T r = s[0]; barrier(CLK_LOCAL_MEM_FENCE); return r;
}
inline T al_group_sum(__local T* s, T v, int lid, int w) {
  s[lid] = v; barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = w / 2; k > 0; k >>= 1) {
    if (lid < k) s[lid] += s[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  T r = s[0]; barrier(CLK_LOCAL_MEM_FENCE); return r;
}
__kernel void al_log_softmax(__global S* out, __global const S* x, const long xo,
                             const long n{scratch}) {
{shared}
  const long row = get_group_id(0); const int lid = get_local_id(0), w = get_local_size(0);
  __global const S* xr = x + xo + row * n;
  T m = -INFINITY;
  for (long j = lid; j < n; j += w) m = al_maximum(m, AL_LD(xr, j));
  m = al_group_max(s, m, lid, w);
  T acc = (T)0;
  for (long j = lid; j < n; j += w) acc += exp(AL_LD(xr, j) - m);
  T lse = m + log(al_group_sum(s, acc, lid, w));
  for (long j = lid; j < n; j += w) AL_ST(out, row * n + j, AL_LD(xr, j) - lse);
}
__kernel void al_log_softmax_backward(__global S* out, __global const S* g, const long go,
                                      __global const S* y, const long yo, const long n{scratch}) {
{shared}
  const long row = get_group_id(0); const int lid = get_local_id(0), w = get_local_size(0);
  __global const S* gr = g + go + row * n;
  __global const S* yr = y + yo + row * n;
  T acc = (T)0;
  for (long j = lid; j < n; j += w) acc += AL_LD(gr, j);
  T total = al_group_sum(s, acc, lid, w);
  for (long j = lid; j < n; j += w)
    AL_ST(out, row * n + j, AL_LD(gr, j) - exp(AL_LD(yr, j)) * total);
}
""".replace("{scratch}", scratch).replace("{shared}", shared)


def nll_loss_source(t: str, dialect: str = "opencl") -> str:
    """nll_loss over contiguous (rows, classes) log-probabilities and int64 targets, without
    class weights: per-row picks (forward) and the scattered gradient (backward); the mean or
    sum of the picks is a reduction kernel's. ``al_nll_pick_checked`` also flags a target
    out of range in the status slot ``slot`` (when >= 0) and picks 0 for it (Note [Deferred
    device errors] in deferred.py). ``counted`` and ``total`` are of the compute type T."""
    return _prelude(_compute(t, dialect), dialect, t) + """
__kernel void al_nll_pick_checked(__global S* out, __global const S* x, const long xo,
                                  const long n, __global const long* target, const long to,
                                  const long ignore, __global T* counted,
                                  __global long* status, const int slot) {
  const long row = get_global_id(0);
  const long c = target[to + row];
  const int bad = c != ignore && (c < 0 || c >= n);
  if (bad && slot >= 0) { status[2 * slot] = 1; status[2 * slot + 1] = c; }
  counted[row] = c == ignore ? (T)0 : (T)1;
  AL_ST(out, row, (c == ignore || bad) ? (T)0 : -AL_LD(x, xo + row * n + c));
}
__kernel void al_nll_pick(__global S* out, __global const S* x, const long xo, const long n,
                          __global const long* target, const long to, const long ignore,
                          __global T* counted) {
  const long row = get_global_id(0);
  const long c = target[to + row];
  counted[row] = c == ignore ? (T)0 : (T)1;
  AL_ST(out, row, c == ignore ? (T)0 : -AL_LD(x, xo + row * n + c));
}
__kernel void al_nll_backward(__global S* out, const long n, __global const long* target,
                              const long to, const long ignore, __global const S* g,
                              const long go, const long gstride, __global const T* total,
                              const int mean) {
  const long row = get_global_id(1), j = get_global_id(0);
  if (j >= n) return;
  const long c = target[to + row];
  const T v = -AL_LD(g, go + row * gstride);
  AL_ST(out, row * n + j, (j == c && c != ignore) ? (mean ? v / total[0] : v) : (T)0);
}
"""


# Note [Fused device kernels]
# A fused group of a compiled graph on a device (compile/device_plan.py) is one kernel: each
# distinct op of the group becomes an inline function of its YAML expression (as
# ``elementwise_source``'s ``al_op``, under ``#line`` to the YAML), and the kernel, for each
# element of the group's iteration space, loads every input once (broadcast and strided, its
# offset walked over the merged dimensions as ``elementwise_source`` walks them), computes the
# steps in order into registers, and writes the outputs the group's readers need, contiguous.
# A number the graph baked into a step is a literal of the compute type (``literal``). A group
# of one float dtype may hold bools (a comparison, ``logical_and``): they are 0 or 1 in the
# compute type, made so after each bool step as C's conversion to bool makes them (a NaN is
# true), and stored as uchar, as the op kernels store them.

_AFTER_FUSED = {"opencl": "opencl_fused.cl", "cuda": "cuda_fused.cu"}
# a quiet NaN of the compute type: OpenCL C has NAN, CUDA's runtime headers are not included
_NAN = {"opencl": "NAN", "cuda": "__int_as_float(0x7fc00000)"}


def literal(value, dialect: str = "opencl") -> str:
    """The C spelling of the number ``value`` in the compute type ``T``."""
    if isinstance(value, bool):
        return "((T)1)" if value else "((T)0)"
    if isinstance(value, int):
        return f"((T){value})"
    if value != value:
        return f"((T){_NAN[_dialect(dialect)]})"
    if value in (float("inf"), float("-inf")):
        return "((T)INFINITY)" if value > 0 else "(-(T)INFINITY)"
    return f"((T){float(value)!r})"


def fused_elementwise_source(steps, t: str, ninputs: int, outputs, ndim: int,
                             dialect: str = "opencl", bool_inputs=(), bool_steps=()) -> str:
    """Kernel ``al_fused`` of a fused group (Note [Fused device kernels]). ``steps``: per step
    (its fusion_entries.Entry, the C expression of each of the entry's tensor and Scalar
    parameters: ``x{i}`` for input i, ``v{j}`` for step j's value, or a ``literal``);
    ``t``: the element type of the inputs and outputs; ``outputs``: the steps written out, in
    order, as ``out0``, ``out1``...; ``ndim``: dimensions of the merged iteration space.
    ``bool_inputs``/``bool_steps``: the indices of the inputs and steps that hold bools
    (stored as uchar, computed as 0 or 1 in the compute type, as a bool converts)."""
    compute = _compute(t, _dialect(dialect))
    real = "((T)(x))" if compute in ("float", "double", "half") else "(x)"
    lines = [_prelude(compute, dialect, t), f"#define AL_REAL(x) {real}"]
    names: dict = {}
    for entry, _ in steps:
        if entry.op in names:
            continue
        name = names[entry.op] = f"al_f{len(names)}"
        params = ", ".join(f"T {p}" for p in entry.tensors + entry.scalars)
        lines += [f"inline T {name}({params}) {{", "  return (T)(",
                  f'#line {entry.line} "{entry.file}"',
                  entry.expr.replace(_TYPED_LITERAL, "AL_REAL("),
                  f'#line 1000 "{_AFTER_FUSED[dialect]}"', "  );", "}"]
    args = [f"__global {'uchar' if j in bool_steps else 'S'}* out{k}"
            for k, j in enumerate(outputs)] + ["const long n"]
    for k in range(ninputs):
        args += [f"__global const {'uchar' if k in bool_inputs else 'S'}* a{k}", f"long p{k}"]
        args += [f"const long s{k}_{d}" for d in range(ndim)]
    args += [f"const long n_{d}" for d in range(ndim)]
    body = ["  long i = get_global_id(0);", "  if (i >= n) return;", "  long rem = i, c;"]
    for d in reversed(range(ndim)):
        body.append(f"  c = rem % n_{d}; rem /= n_{d};" if d else "  c = rem;")
        body += [f"  p{k} += c * s{k}_{d};" for k in range(ninputs)]
    body += [f"  const T x{k} = (T)a{k}[p{k}];" for k in range(ninputs)]
    for j, (entry, exprs) in enumerate(steps):
        value = f"{names[entry.op]}({', '.join(exprs)})"
        if j in bool_steps:  # nonzero (NaN included) is true, as C's conversion to bool
            value = f"({value} != (T)0) ? (T)1 : (T)0"
        elif compute != t:  # float16 in memory: each step rounds to it, as eager's ops do
            value = f"(T)(S)({value})"
        body.append(f"  const T v{j} = {value};")
    body += [f"  out{k}[i] = (uchar)(v{j} != (T)0);" if j in bool_steps else
             f"  out{k}[i] = (S)v{j};" for k, j in enumerate(outputs)]
    lines += [f"__kernel void al_fused({', '.join(args)}) {{", *body, "}"]
    return "\n".join(lines) + "\n"


_LINE_DIRECTIVE = re.compile(r'^#line (\d+) "([^"]+)"$')
_QUOTED_NAME = re.compile(r"['\"`]([A-Za-z_][A-Za-z0-9_]*)['\"`]")


def locate_unresolved(log: str, source: str) -> list[str]:
    """``native_functions.yaml:226: 'no_such_function' ...`` for each name the compiler's
    ``log`` quotes that a YAML expression of ``source`` uses, at that expression's line (its
    ``#line``). Some drivers report an unknown function only when they link, with no
    location: NVIDIA's says ``ptxas fatal: Unresolved extern function 'no_such_function'``."""
    names = dict.fromkeys(_QUOTED_NAME.findall(log))
    found = []
    origin = None  # (YAML line, file, index of the directive) of the expression being read
    for i, text in enumerate(source.splitlines()):
        m = _LINE_DIRECTIVE.match(text)
        if m:
            origin = (int(m.group(1)), m.group(2), i) if m.group(2).endswith(".yaml") else None
            continue
        if origin is None:
            continue
        for name in names:
            if re.search(rf"\b{re.escape(name)}\b", text):
                line = origin[0] + i - origin[2] - 1
                where = f"{origin[1]}:{line}: '{name}'"
                if where not in found:
                    found.append(where)
    return [f"{w}, which the device compiler could not resolve" for w in found]
