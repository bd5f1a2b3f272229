// The elementwise loop: out[i] = f(in_1[i], ..., in_N[i]) over broadcast, strided operands.
//
// Note [Kernel path codes]
// Every kernel entry returns which loop ran, so the Python dispatcher can show it in its trace:
//   0 (kPathContiguous)     every operand is one contiguous run (or the call has one element);
//   1 (kPathScalarOperand)  as 0, but some input is a single element repeated (stride 0);
//   2 (kPathStrided)        anything else: index counters over the outer dims, and an inner loop
//                           that is still the contiguous one when the innermost dim allows it.
// Reductions (reduce.h) use the same numbers for their own three loops. The codes and the
// loops' sizes are in loop_sizes.h, which fused kernels include instead of this file.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "geometry.h"
#include "kernel_api.h"
#include "loop_sizes.h"
#include "scalar_math.h"
#include "threads.h"
// Not stream.h: only loops.cpp writes with streaming stores, and its <immintrin.h> took half
// of the ~1.2 s every kernel file spent parsing headers.

namespace al {

namespace loops_detail {

// The op's loops are compiled into each capability's code (Note [CPU capability variants] in
// cpu_capability.h); the type-erased outer loops below them are compiled once, in loops.cpp.
AL_CPU_BEGIN

// The loop GCC vectorises: unit strides, restrict pointers, the functor copied into a local so
// its captured scalars stay in registers. Exact aliasing of out with an input (in-place ops) is
// fine: each element is read before it is written, in the same iteration. ``contig`` calls it
// out of line. The macro defines the pair under two names (Note [Wide vectors for float
// kernels] below).
#define AL_CONTIG_LOOPS(restrict_loop, loop)                                                  \
  template <class Out, class S, class F, class... P>                                          \
  inline void restrict_loop(int64_t n, F f, Out* __restrict o, P __restrict... in) {          \
    using C = compute_t<S>;                                                                   \
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<Out>(f(static_cast<C>(in[i])...));     \
  }                                                                                           \
  template <class Out, class S, class F, size_t... I>                                         \
  [[gnu::noinline]] void loop(int64_t n, const F& f, Out* o, const S* const* in,              \
                              std::index_sequence<I...>) {                                    \
    restrict_loop<Out, S>(n, f, o, in[I]...);                                                 \
  }

AL_CONTIG_LOOPS(contig_restrict, contig)

// Note [Wide vectors for float kernels]
// AVX-512 builds ask for 256-bit vectors (Note [One vector width] in tools/codegen/build.py):
// libmvec's 512-bit tanhf, logf, ... round differently from its narrower ones. An op whose
// expression calls no such function (the generator marks its functor kWide: add, mul, exp,
// sigmoid, ...) computes the same bits at any width in float (the float exp is plain
// arithmetic, Note [Float exp]; nothing is contracted), so its float and float16 loops are
// compiled for 512-bit vectors, as the fused kernels of the same ops are (Note [Wide vectors in
// fused kernels] in aten_lite/compile/kernels_source.py). float64 keeps 256 bits: its exp is
// libmvec's. On CPUs without AVX-512 the option changes nothing. The loops are defined a
// second time under the option (contig_wide): a target option applies to the functions
// defined under it, whatever instantiates them.
#if defined(__x86_64__) || defined(_M_X64)
#pragma GCC push_options
#pragma GCC target("prefer-vector-width=512")
#endif
AL_CONTIG_LOOPS(contig_restrict_wide, contig_wide)
#if defined(__x86_64__) || defined(_M_X64)
#pragma GCC pop_options
#endif
#undef AL_CONTIG_LOOPS

template <class F, class = void> struct WideFunctor : std::false_type {};
template <class F> struct WideFunctor<F, std::void_t<decltype(F::kWide)>>
    : std::bool_constant<F::kWide> {};

// The contiguous loop of functor F over S: contig_wide for a kWide functor computing in float.
template <class Out, class S, class F, size_t... I>
inline void contig_any(int64_t n, const F& f, Out* o, const S* const* in,
                       std::index_sequence<I...> seq) {
  if constexpr (WideFunctor<F>::value && std::is_same_v<compute_t<S>, float>) {
    contig_wide<Out, S>(n, f, o, in, seq);
  } else {
    contig<Out, S>(n, f, o, in, seq);
  }
}

template <class Out, class S, class F, size_t... I>
[[gnu::noinline]] void strided(int64_t n, const F& fref, char* o, int64_t os,
                              const char* const* in, const int64_t* is,
                              std::index_sequence<I...>) {
  using C = compute_t<S>;
  F f = fref;
  for (int64_t i = 0; i < n; ++i) {
    *reinterpret_cast<Out*>(o + i * os) = static_cast<Out>(
        f(static_cast<C>(*reinterpret_cast<const S*>(in[I] + i * is[I]))...));
  }
}

// One inner run of n elements from the pointers p (out first) with inner strides s.
// Unit strides (or stride 0 for inputs) take the vectorised loop; a stride-0 input is copied
// into a small buffer so the same loop serves it, without another instantiation per pattern.
template <class Out, class S, int N, class F>
void run_inner(int64_t n, const F& f, char* const* p, const int64_t* s) {
  using Seq = std::make_index_sequence<N>;
  bool unit = s[0] == static_cast<int64_t>(sizeof(Out));
  bool any_zero = false;
  for (int k = 1; k <= N && unit; ++k) {
    any_zero |= s[k] == 0;
    unit = s[k] == 0 || s[k] == static_cast<int64_t>(sizeof(S));
  }
  if (!unit) {
    const char* in[N];
    for (int k = 0; k < N; ++k) in[k] = p[k + 1];
    strided<Out, S>(n, f, p[0], s[0], in, s + 1, Seq{});
    return;
  }
  const S* in[N];
  for (int k = 0; k < N; ++k) in[k] = reinterpret_cast<const S*>(p[k + 1]);
  Out* o = reinterpret_cast<Out*>(p[0]);
  if (!any_zero) {
    contig_any<Out, S>(n, f, o, in, Seq{});
    return;
  }
  S buf[N][kScalarChunk];
  int64_t fill = std::min(n, kScalarChunk);
  for (int k = 0; k < N; ++k) {
    if (s[k + 1] != 0) continue;
    std::fill(buf[k], buf[k] + fill, *in[k]);
  }
  for (int64_t i = 0; i < n; i += kScalarChunk) {
    const S* q[N];
    for (int k = 0; k < N; ++k) q[k] = s[k + 1] == 0 ? buf[k] : in[k] + i;
    contig_any<Out, S>(std::min(kScalarChunk, n - i), f, o + i, q, Seq{});
  }
}

// Note [Type-erased outer loops]
// The loops around the op's inner run (outer_strided, outer_tiled, outer_streamed: index
// counters, tiles, packing a transposed input, blocks copied out with streaming stores) depend
// on neither the op nor the dtype, only on the operand count and the element sizes; they reach
// the op through InnerFn, one run of the innermost dim (or one block) at a time. So
// they are compiled once, in loops.cpp, instead of once per (op, dtype) in every kernel file:
// that halved the compile time of an elementwise op (of a clean build). So is the choice among
// them and the thread split (run_elementwise): a kernel file holds only its inner runs, which
// is also all that is compiled again for each capability (Note [CPU capability variants]). The inner run,
// where the time goes, is still the op's own loop (run_inner), and each call of it covers a
// whole inner run or tile row, so the indirect call is noise.
template <class Out, class S, int N, class F>
void inner_thunk(const void* f, int64_t n, char* const* p, const int64_t* s) {
  run_inner<Out, S, N>(n, *static_cast<const F*>(f), p, s);
}

AL_CPU_END

using InnerFn = void (*)(const void* f, int64_t n, char* const* p, const int64_t* s);

// The inner run for a large contiguous out (elements of out_size bytes, inputs of in_size):
// blocks are computed into an L1 buffer and copied out with streaming stores (see stream.h);
// the unaligned head and the tail are written directly. Stride-0 inputs are expanded once into
// block-sized buffers.
template <int NT>
void outer_streamed(int64_t n, int64_t out_size, int64_t in_size, InnerFn inner, const void* f,
                    char* const* p, const int64_t* s);

// Flat positions [b, e) of g in row-major order, one inner run at a time.
template <int NT>
void outer_strided(const Geometry<NT>& g, InnerFn inner, const void* f, int64_t b, int64_t e);

AL_CPU_BEGIN

// Operand k walks the two innermost dims in the opposite order to out (the a of a.T + b).
template <int NT>
bool is_transposed(const Geometry<NT>& g, int k) {
  int64_t outer = std::llabs(g.stride[g.nd - 2][k]), inner = std::llabs(g.stride[g.nd - 1][k]);
  return outer != 0 && outer < inner;
}

// True when the plain row loop would touch a new cache line per element of some input; the
// tiled loop then packs that input tile by tile, reading it along its own contiguous dim.
template <int NT>
bool wants_tiles(const Geometry<NT>& g) {
  if (g.nd < 2 || g.size[g.nd - 1] < 2 * kTile || g.size[g.nd - 2] < 2 * kTile) return false;
  for (int k = 1; k < NT; ++k) {
    if (is_transposed(g, k)) return true;
  }
  return false;
}

// Note [Short rows with a broadcast operand]
// counts / counts.sum(1, keepdim=True) on a (228146, 27) float32: the divisor's inner stride is
// 0, so the two inner dims cannot merge, and outer_strided ran one inner call of 27 elements per
// row (an indirect call, a buffer fill, a short vector loop): 8.4 ms against torch's 2.8. When
// out is contiguous over its two inner dims and the innermost is short (< kScalarChunk), every
// input is one of: contiguous over both dims like out, a column (inner stride 0: one value per
// row), a row (outer stride 0: one row repeated) or a single element. outer_rows then takes
// about kRowsChunk elements of whole rows per inner call, expanding each column and row
// operand into a buffer, so the op's own loop runs over long unit-stride runs. Elementwise
// results do not depend on how runs are cut. Chunks are kRowsChunk flat positions of the two
// inner dims (rows may be cut), and out is written with plain stores even when large: streaming
// these chunks (as the 1-d path streams) measured ~1.4x slower here.
// Elementwise results do not depend on how runs are cut, except for the libmvec functions
// (Note [Vector math] in aten_lite/csrc/scalar_math.h), whose vector and scalar versions may differ in the last
// bit: an element meets the scalar one only in the tail of a run. Rows shorter than
// kRowsMinCols therefore keep their own runs, all tail, as torch's loops also run them:
// x.unsqueeze(-1).pow(p) with p = [1, 2, 3] (tests/programs/poly_fit.py) then gives torch's bits,
// which the RMSprop fit there needs to follow torch's losses; rows of 16 and more change
// versions in their tails only. So for those functions the last bit of such an element can
// depend on out's layout: a contiguous out takes outer_rows, a strided one (`big[:, :C].pow_(p)`)
// the per-row runs. Arithmetic, comparisons and our own exp are exact either way.
template <int NT>
bool wants_rows(const Geometry<NT>& g, int64_t out_size, int64_t in_size) {
  if (g.nd < 2 || g.size[g.nd - 1] < kRowsMinCols || g.size[g.nd - 1] >= kScalarChunk) {
    return false;
  }
  const int64_t* inner = g.stride[g.nd - 1];
  const int64_t* outer = g.stride[g.nd - 2];
  int64_t cols = g.size[g.nd - 1];
  if (inner[0] != out_size || outer[0] != cols * out_size) return false;
  for (int k = 1; k < NT; ++k) {
    bool flat = inner[k] == in_size && outer[k] == cols * in_size;
    bool row = inner[k] == in_size && outer[k] == 0;
    if (!flat && !row && inner[k] != 0) return false;  // inner 0: a column or a single element
  }
  return true;
}

AL_CPU_END

// Flat positions [b, e) of g when wants_rows(g).
template <int NT>
void outer_rows(const Geometry<NT>& g, int64_t out_size, int64_t in_size, InnerFn inner,
                const void* f, int64_t b, int64_t e);

// Tiles [tb, te) of kTile x kTile over the two innermost dims, for every outer index. Each
// transposed input's tile (elements of `elem` bytes) is first copied into a buffer laid out
// like out's rows.
template <int NT>
void outer_tiled(const Geometry<NT>& g, int64_t elem, InnerFn inner, const void* f, int64_t tb,
                 int64_t te);

// g = the operands t[0..NT) broadcast, size-1 dims dropped, dims sorted by out's strides and
// merged; false when there is nothing to compute (a size-0 dim).
template <int NT>
bool build(const TensorRef* t, Geometry<NT>& g);

// The elementwise loop of t[0..NT) (out first; elements of out_size and in_size bytes) around
// the op's inner run `inner` of its functor f: geometry, threads, and the loop above
// (contiguous, tiled, rows, strided) that suits the operands. Returns the path code.
template <int NT>
int run_elementwise(const TensorRef* t, int64_t out_size, int64_t in_size, InnerFn inner,
                    const void* f);

// Compiled in loops.cpp for every operand count (Note [Type-erased outer loops]).
#define AL_OUTER_LOOPS(NT)                                                                   \
  extern template int run_elementwise<NT>(const TensorRef*, int64_t, int64_t, InnerFn,      \
                                          const void*);                                      \
  extern template void outer_strided<NT>(const Geometry<NT>&, InnerFn, const void*, int64_t, \
                                         int64_t);                                           \
  extern template void outer_tiled<NT>(const Geometry<NT>&, int64_t, InnerFn, const void*,   \
                                       int64_t, int64_t);                                    \
  extern template bool build<NT>(const TensorRef*, Geometry<NT>&);                           \
  extern template void outer_streamed<NT>(int64_t, int64_t, int64_t, InnerFn, const void*,   \
                                          char* const*, const int64_t*);                     \
  extern template void outer_rows<NT>(const Geometry<NT>&, int64_t, int64_t, InnerFn,        \
                                      const void*, int64_t, int64_t);
AL_OUTER_LOOPS(2) AL_OUTER_LOOPS(3) AL_OUTER_LOOPS(4) AL_OUTER_LOOPS(5) AL_OUTER_LOOPS(6)
AL_OUTER_LOOPS(7) AL_OUTER_LOOPS(8) AL_OUTER_LOOPS(9) AL_OUTER_LOOPS(10) AL_OUTER_LOOPS(11)
AL_OUTER_LOOPS(12) AL_OUTER_LOOPS(13) AL_OUTER_LOOPS(14) AL_OUTER_LOOPS(15) AL_OUTER_LOOPS(16)
AL_OUTER_LOOPS(17)
#undef AL_OUTER_LOOPS

}  // namespace loops_detail

AL_CPU_BEGIN

// Runs f over the operands t[0] (out, element type Out) and t[1..N] (element type S), which
// broadcast to out. Returns the path code (Note [Kernel path codes]). Everything but the op's
// inner run is run_elementwise's, compiled once in loops.cpp (Note [Type-erased outer loops]).
template <class Out, class S, int N, class F>
int elementwise(const TensorRef* t, const F& f) {
  static_assert(N >= 1, "an elementwise kernel needs at least one tensor input");
  return loops_detail::run_elementwise<N + 1>(t, sizeof(Out), sizeof(S),
                                              &loops_detail::inner_thunk<Out, S, N, F>, &f);
}

// The kernel struct of a generated elementwise op (generated/csrc/<op>.cpp), which
// dtype_entry (kernel_api.h) runs for each of the op's dtypes: the op's functor F<compute
// type>, its NScalars captured scalars (s[0..]) converted once to the compute type, run by
// elementwise() over NTensors inputs; out is bool for an always_bool op, else the storage type.
template <template <class> class F, int NTensors, int NScalars, bool BoolOut = false>
struct Elementwise {
  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    return with_scalars<S>(t, s, std::make_index_sequence<NScalars>{});
  }

 private:
  template <class S, size_t... I>
  static int with_scalars(const TensorRef* t, [[maybe_unused]] const Scalar* s,
                          std::index_sequence<I...>) {
    using C = compute_t<S>;
    const F<C> f{s[I].to<C>()...};
    return elementwise<std::conditional_t<BoolOut, bool, S>, S, NTensors>(t, f);
  }
};

AL_CPU_END

}  // namespace al
