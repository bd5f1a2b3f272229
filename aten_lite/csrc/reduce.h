// Reductions of the trailing dims of `inp` into `out`.
//
// The kernel is called as kernel(dtype, out, inp): the Python runtime has permuted inp so the
// reduced dims are its last inp.ndim - out.ndim dims, and out holds the kept ones (keepdim is
// a view taken in Python). Three loops, numbered as Note [Kernel path codes] in aten_lite/csrc/loops.h:
//   0  the reduced elements of each output are one contiguous run: many-lane block loop, or,
//      for short runs, kAcross outputs at a time (Note [Short runs fold across outputs]);
//   1  they are not, but neighbouring outputs are neighbours in inp (a sum over dim 0):
//      a row of outputs is accumulated at once, walking inp row by row;
//   2  anything else: one output at a time, index counters over the reduced dims.
// Results do not depend on the thread count: a long single reduction is cut into chunks of fixed
// size whose partial results are merged in order. Nor do they depend on the input's address
// (Note [Lanes follow the logical index]).
//
// Note [Lanes follow the logical index]
// Element i of a contiguous run is always folded into lane i % L, and every lane folds its
// elements in increasing i, so a sum is a function of the values, the shape and the thread
// count only. fold_into used to peel up to a 64-byte boundary first, which moved the lane split
// with the address: the same values at 16 offsets gave 5 different float32 sums. It loads
// unaligned from element 0 wherever the data comes from. (A DRAM variant that started the wide
// loop at a line boundary on a rotated copy of the lanes kept the results but was ~5% slower
// than this plain loop with prefetching: 0.95x torch's float32 sum of 16M against 1.0x.)
//
// Note [Short runs fold across outputs]
// A run much shorter than the L lanes (a sum over the 27 columns of a (228146, 27) matrix)
// spent ~200 operations per output in fold_block: L lanes set, m steps, L - 1 merges, L resets.
// fold_short_runs computes kAcross outputs at once with the same lanes laid out as
// acc[lane][output], so each step and merge is one vector operation over kAcross outputs, and it
// skips the merges whose right operand is a lane no element reached (lane j + w >= min(m, L)).
// Skipping them keeps every result bit for bit: such a lane holds init(), and merge(a, init())
// == a for every reducer of reducers.h on every lane value a step can produce (sum: a + 0 == a
// because a lane is never -0.0, as it starts at +0.0 and x + y is -0.0 only when both are;
// prod: a * 1; amax/amin: init() is never better; all/any: a & 1, a | 0). Elements still go to
// lane i % L in increasing i, and the remaining merges run in fold_block's order, so the
// result is fold_contiguous's, which the last (numel_out % kAcross) outputs still use.
// (12.3 ms -> 1.2-1.5 ms for that sum, beside torch's 1.0 ms, on a shared 2-core machine.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "geometry.h"
#include "kernel_api.h"
#include "loops.h"
#include "reduce_lanes.h"
#include "reducers.h"
#include "threads.h"

namespace al {

namespace reduce_detail {

// The loops are compiled into each capability's code (Note [CPU capability variants] in
// aten_lite/csrc/cpu_capability.h); plan_reduction, below them, once, in loops.cpp. The lanes
// and block sizes (reduce_lanes.h) are shared with fused kernels.
AL_CPU_BEGIN

// Folds n contiguous elements into the lanes acc[0..L): independent lanes the compiler keeps
// in vector registers. kFar: the input comes from DRAM (see kFarBytes).
// The wide loop: n a multiple of L, lanes acc[0..L) for elements p[0..L), p[L..2L), ...
template <class R, bool kFar, class S>
inline void fold_wide(typename R::Lane* __restrict acc, const S* __restrict p, int64_t n) {
  using C = typename R::C;
  constexpr int L = lanes<R>();
  for (int64_t i = 0; i < n; i += L) {
    if constexpr (kFar) {
      const char* ahead = reinterpret_cast<const char*>(p + i) + kPrefetchBytes;
      for (size_t b = 0; b < L * sizeof(S); b += 64) __builtin_prefetch(ahead + b, 0, 2);
    }
    for (int j = 0; j < L; ++j) acc[j] = R::step(acc[j], static_cast<C>(p[i + j]));
  }
}

template <class R, bool kFar = false, class S>
inline void fold_into(typename R::Lane* acc, const S* p, int64_t n) {
  using C = typename R::C;
  constexpr int L = lanes<R>();  // a power of two
  int64_t wide = n / L * L;
  fold_wide<R, kFar>(acc, p, wide);
  // The tail: element wide + j goes to lane j (wide is a multiple of L), written so that it
  // vectorises; `acc[i % L]` did not, which made a run of 96 floats cost more than one of 128.
  const S* tail = p + wide;
  for (int64_t j = 0; j < n - wide; ++j) acc[j] = R::step(acc[j], static_cast<C>(tail[j]));
}

// Loop 0's core: n <= kBlock contiguous elements into one Lane.
template <class R, bool kFar = false, class S>
typename R::Lane fold_block(const S* p, int64_t n) {
  typename R::Lane acc[lanes<R>()];
  for (auto& a : acc) a = R::init();
  fold_into<R, kFar>(acc, p, n);
  return merge_lanes<R>(acc);
}

template <class R, bool kFar = false, class S>
typename R::Wide fold_contiguous(const S* p, int64_t n) {
  typename R::Wide w = R::widen(R::init());
  for (int64_t i = 0; i < n; i += kBlock) {
    // Note [Interrupting kernels] in threads.h: one output may be a huge run.
    if (i % kChunk == 0 && i > 0 && stop_requested()) break;
    w = R::merge_wide(w, R::widen(fold_block<R, kFar>(p + i, std::min(kBlock, n - i))));
  }
  return w;
}

template <class R, class = void>
struct PlainSum : std::false_type {};
template <class R>
struct PlainSum<R, std::void_t<decltype(R::kPlainSum)>>
    : std::bool_constant<R::kPlainSum && std::is_floating_point_v<typename R::Lane>> {};

// A Lane type GCC's vector extension takes (not bool).
template <class L>
constexpr bool kVectorLane = std::is_arithmetic_v<L> && !std::is_same_v<L, bool>;
// The vectors of the merge tree: native ones, but at most 32 bytes. A tree level stored in
// 64-byte vectors and read back in 32-byte halves by the next level waits for the store to
// reach the cache (a load can take its data from a wider store only at the store's start):
// float sums of rows of 64 took 33 ns instead of 12 in the avx512 variant.
constexpr int kTreeBytes = kVecBytes < 32 ? kVecBytes : 32;

// The merge tree of N lanes (lane l with lane l + N/2, halving to one) in vector registers,
// halves merged by R::merge_v whatever vectors the variant has: the same pairs as merge_tree's
// loops, so the same bits everywhere. A half wider than the variant's vectors is merged in
// native vectors (Note [Native vector compares] in cpu_capability.h: a wider select ran
// scalar).
template <class R, int64_t N>
inline typename R::Lane lane_merge(const typename R::Lane* x) {
  using C = typename R::Lane;
  if constexpr (N == 1) {
    return x[0];
  } else {
    C half[N / 2];
    if constexpr (N / 2 * sizeof(C) > kVecBytes) {
      using V [[gnu::vector_size(kVecBytes)]] = C;
      constexpr int64_t M = kVecBytes / static_cast<int64_t>(sizeof(C));
      for (int64_t l = 0; l < N / 2; l += M) {
        V lo, hi;
        std::memcpy(&lo, x + l, sizeof lo);
        std::memcpy(&hi, x + l + N / 2, sizeof hi);
        lo = R::merge_v(lo, hi);
        std::memcpy(half + l, &lo, sizeof lo);
      }
    } else {
      using H [[gnu::vector_size(N / 2 * sizeof(C))]] = C;
      H lo, hi;
      std::memcpy(&lo, x, sizeof lo);
      std::memcpy(&hi, x + N / 2, sizeof hi);
      const H r = R::merge_v(lo, hi);
      std::memcpy(half, &r, sizeof r);
    }
    return lane_merge<R, N / 2>(half);
  }
}

// The sum, or the max (amax's: NaN wins), of N lanes by lane_merge's fixed tree.
template <class C, int64_t N>
inline C lane_fold(const C* x, bool sum) {
  return sum ? lane_merge<SumReducer<C>, N>(x) : lane_merge<AmaxReducer<C>, N>(x);
}

// acc[0] = the pairwise tree of acc[0 .. 2W): lane j with lane j + W, halving to one, each level
// a loop of a width known at compile time (unrolled and vectorised: with the width a run-time
// value, rows of 64 spent ~20 ns per sum in these loops; the same merges in the same order).
// A float sum's last 64 bytes of tree run in registers (lane_merge: the same pairs): written
// back to acc level by level, each level's narrower loads waited on the wider stores before
// them. (lane_merge over wider vectors went through memory: twice as slow.) Other reducers
// merge whole vectors of kTreeBytes per level (R::merge_v), then their last two vectors'
// worth in registers: the scalar loops GCC made of amax's merges (a compare, a NaN test and
// a select per lane) took ~210 ns per row of 64 floats, now ~30-45.
template <class R, int W>
inline void merge_tree(typename R::Lane* acc) {
  using Lane = typename R::Lane;
  constexpr bool in_registers =
      PlainSum<R>::value ? 2 * W * sizeof(Lane) <= 64 : W * sizeof(Lane) <= kTreeBytes;
  if constexpr (W >= 1 && kVectorLane<Lane> && in_registers) {
    acc[0] = lane_merge<R, 2 * W>(acc);
  } else if constexpr (W >= 1 && kVectorLane<Lane> && W * sizeof(Lane) % kTreeBytes == 0) {
    using V [[gnu::vector_size(kTreeBytes)]] = Lane;
    constexpr int N = kTreeBytes / static_cast<int>(sizeof(Lane));
    for (int j = 0; j < W; j += N) {
      V a, b;
      std::memcpy(&a, acc + j, sizeof a);
      std::memcpy(&b, acc + j + W, sizeof b);
      a = R::merge_v(a, b);
      std::memcpy(acc + j, &a, sizeof a);
    }
    merge_tree<R, W / 2>(acc);
  } else if constexpr (W >= 1) {
    for (int j = 0; j < W; ++j) acc[j] = R::merge(acc[j], acc[j + W]);
    merge_tree<R, W / 2>(acc);
  }
}

// merge_tree over the first `top` lanes (a power of two <= T).
template <class R, int T>
inline void merge_top(typename R::Lane* acc, int top) {
  if constexpr (T > 1) {
    if (top == T) return merge_tree<R, T / 2>(acc);
    merge_top<R, T / 2>(acc, top);
  }
}

// fold_contiguous for one row of a row kernel (softmax's sums, layer_norm's means), the same
// value: a row of one block is folded here, inline, by fold_block's steps (its lanes, then its
// merge tree). On rows of 64 the call, and the reset of the lanes that merge_lanes leaves for
// a next block, cost more than the sum; inline, one row's sum also overlaps the next row's.
// A row of at most L elements fills only lanes [0, n): the tree's levels whose right operands
// all lie at or past n merge init() into each lane, which changes no lane (the argument of Note
// [Short runs fold across outputs]), so they are skipped; attention's rows of 32 then cost 5
// levels over 32 lanes instead of 6 over 64 set to init().
template <class R, bool kFar = false, class S>
inline typename R::Wide fold_row(const S* p, int64_t n) {
  using C = typename R::C;
  if (n > kBlock) return fold_contiguous<R, kFar>(p, n);
  constexpr int L = lanes<R>();
  typename R::Lane acc[L];
  int top = L;  // lanes the tree merges: a power of two >= n
  if (n <= L) {
    top = 1;
    while (top < n) top *= 2;
    for (int j = 0; j < n; ++j) acc[j] = R::step(R::init(), static_cast<C>(p[j]));
    for (int j = static_cast<int>(n); j < top; ++j) acc[j] = R::init();
  } else {
    for (int j = 0; j < L; ++j) acc[j] = R::init();
    fold_into<R, kFar>(acc, p, n);
  }
  merge_top<R, L>(acc, top);
  return R::merge_wide(R::widen(R::init()), R::widen(acc[0]));
}

// One output of loop 0, split into fixed chunks when it is long enough to use threads.
template <class R, bool kFar = false, class S>
typename R::Wide fold_contiguous_parallel(const S* p, int64_t n) {
  int64_t chunks = (n + kChunk - 1) / kChunk;
  if (chunks <= 1 || num_threads() <= 1) {
    typename R::Wide w = R::widen(R::init());
    for (int64_t c = 0; c < chunks && !(c > 0 && stop_requested()); ++c) {
      w = R::merge_wide(w, fold_contiguous<R, kFar>(p + c * kChunk,
                                                    std::min(kChunk, n - c * kChunk)));
    }
    return w;
  }
  std::vector<typename R::Wide> part(chunks);
  parallel_range(chunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c)
      part[c] = fold_contiguous<R, kFar>(p + c * kChunk, std::min(kChunk, n - c * kChunk));
  });
  typename R::Wide w = R::widen(R::init());
  for (int64_t c = 0; c < chunks; ++c) w = R::merge_wide(w, part[c]);
  return w;
}

// Loop 2's core: every reduced element of one output, dims [lo, nd) of g, operand 1. The lanes
// carry over from one inner run to the next and widen every kBlock elements, so short runs
// (a sum over dims 0 and 2) still take the many-lane loop when they are contiguous.
template <class R, class S>
typename R::Wide fold_strided(const Geometry<2>& g, int lo, char* base) {
  using C = typename R::C;
  constexpr int L = lanes<R>();
  int last = g.nd - 1;
  int64_t idx[kMaxDims] = {};
  char* ptr[2] = {nullptr, base};
  typename R::Lane acc[L];
  for (auto& a : acc) a = R::init();
  typename R::Wide w = R::widen(R::init());
  int64_t s = g.stride[last][1], n = g.size[last], pending = 0, blocks = 0;
  bool unit = s == static_cast<int64_t>(sizeof(S));
  for (;;) {
    for (int64_t i = 0; i < n;) {
      int64_t m = std::min(n - i, kBlock - pending);
      if (unit) {
        fold_into<R>(acc, reinterpret_cast<const S*>(ptr[1]) + i, m);
      } else {
        for (int64_t j = 0; j < m; ++j) {
          const S* x = reinterpret_cast<const S*>(ptr[1] + (i + j) * s);
          acc[j % L] = R::step(acc[j % L], static_cast<C>(*x));
        }
      }
      i += m;
      pending += m;
      if (pending == kBlock) {
        w = R::merge_wide(w, R::widen(merge_lanes<R>(acc)));
        pending = 0;
        // Note [Interrupting kernels] in threads.h: one output may be a huge reduction.
        if (++blocks % (kChunk / kBlock) == 0 && stop_requested()) return w;
      }
    }
    int d = last - 1;
    for (; d >= lo; --d) {
      ptr[1] += g.stride[d][1];
      if (++idx[d] < g.size[d]) break;
      ptr[1] -= g.size[d] * g.stride[d][1];
      idx[d] = 0;
    }
    if (d < lo) return pending ? R::merge_wide(w, R::widen(merge_lanes<R>(acc))) : w;
  }
}

template <class R>
void store(char* p, typename R::Wide w, int64_t n) {
  *reinterpret_cast<typename R::Out*>(p) = R::finish(w, n);
}

// Outputs per group in fold_short_runs: 16 float lanes fill an AVX-512 register (8 and 32 were
// slower for float sums of 27 elements).
constexpr int kAcross = 16;

// Loop 0 for short runs (m < L, where fold_block is slower: for float sums of m = 64 and more
// elements its contiguous loads win): the outputs at flat positions [b, e) of the kept dims,
// kAcross at a time (Note [Short runs fold across outputs]).
template <class R, class S>
void fold_short_runs(const Geometry<2>& g, int kept, int64_t b, int64_t e, int64_t m) {
  using C = typename R::C;
  constexpr int L = lanes<R>();
  const int used = static_cast<int>(std::min<int64_t>(m, L));  // lanes some element reaches
  int top = 1;  // the widest merge of the tree that pairs two used lanes
  while (top * 2 < used) top *= 2;
  typename R::Lane acc[L][kAcross];
  int64_t idx[kMaxDims];
  char* ptr[2];
  unravel(g, b, 0, kept, idx);
  offset_pointers(g, idx, 0, kept, ptr);
  int64_t i = b;
  for (; i + kAcross <= e; i += kAcross) {
    char* out[kAcross];
    const S* in[kAcross];
    for (int v = 0; v < kAcross; ++v) {
      out[v] = ptr[0];
      in[v] = reinterpret_cast<const S*>(ptr[1]);
      increment(g, idx, 0, kept, ptr);
    }
    for (int j = 0; j < used; ++j) {
      for (int v = 0; v < kAcross; ++v) acc[j][v] = R::step(R::init(), static_cast<C>(in[v][j]));
    }
    for (int64_t k = L; k < m; ++k) {
      auto* lane = acc[k % L];
      for (int v = 0; v < kAcross; ++v) lane[v] = R::step(lane[v], static_cast<C>(in[v][k]));
    }
    int live = used;  // lanes [0, live) hold values; the others are init()
    for (int w = top; w >= 1; w /= 2) {
      for (int j = 0; j < w && j + w < live; ++j) {
        for (int v = 0; v < kAcross; ++v) acc[j][v] = R::merge(acc[j][v], acc[j + w][v]);
      }
      live = std::min(live, w);
    }
    for (int v = 0; v < kAcross; ++v)
      store<R>(out[v], R::merge_wide(R::widen(R::init()), R::widen(acc[0][v])), m);
  }
  for (; i < e; ++i) {
    store<R>(ptr[0], fold_contiguous<R>(reinterpret_cast<const S*>(ptr[1]), m), m);
    increment(g, idx, 0, kept, ptr);
  }
}

// Calls visit(out_ptr, inp_ptr) for the outputs at flat positions [b, e) of the kept dims.
template <class Visit>
void for_outputs(const Geometry<2>& g, int kept, int64_t b, int64_t e, const Visit& visit) {
  int64_t idx[kMaxDims];
  char* ptr[2];
  unravel(g, b, 0, kept, idx);
  offset_pointers(g, idx, 0, kept, ptr);
  for (int64_t i = b; i < e; ++i) {
    visit(ptr[0], ptr[1]);
    increment(g, idx, 0, kept, ptr);
  }
}

// Loop 1: outputs [j0, j0 + v) of the innermost kept dim, at the outer kept position in ptr.
template <class R, class S>
void fold_rows(const Geometry<2>& g, int kept, char* out, char* inp, int64_t v, int64_t m) {
  using C = typename R::C;
  using Lane = typename R::Lane;
  // acc sits half a page away from the rows of inp modulo 4 KB: a store to acc[j] otherwise
  // looks like a store to the address a later load of the row reads (4K aliasing), which made
  // this loop 1.5x slower for rows 16 KB apart.
  std::unique_ptr<char[]> raw(new char[v * sizeof(Lane) + 4096]);
  uintptr_t base = reinterpret_cast<uintptr_t>(raw.get());
  uintptr_t want = (reinterpret_cast<uintptr_t>(inp) + 2048) & 4032;  // 64-byte aligned
  Lane* acc = reinterpret_cast<Lane*>(base + ((want - base) & 4095));
  std::unique_ptr<typename R::Wide[]> wide(new typename R::Wide[v]);
  for (int64_t j = 0; j < v; ++j) wide[j] = R::widen(R::init());
  int64_t idx[kMaxDims] = {};
  char* ptr[2] = {nullptr, inp};
  for (int64_t row = 0; row < m;) {
    if (row > 0 && stop_requested()) return;  // Note [Interrupting kernels] in threads.h
    for (int64_t j = 0; j < v; ++j) acc[j] = R::init();
    const int64_t e = std::min(m, row + kBlock);
    // Four rows per pass over acc, each lane still stepping through the rows in order (the
    // same bits): one row per pass loaded and stored acc for every element it read, which
    // bound a float product over dim 0 of (1024, 1024) to 0.66x torch's speed.
    for (; row + 4 <= e; row += 4) {
      const S* p[4];
      for (auto& q : p) {
        q = reinterpret_cast<const S*>(ptr[1]);
        increment(g, idx, kept, g.nd, ptr);
      }
      for (int64_t j = 0; j < v; ++j) {
        Lane a = acc[j];
        a = R::step(a, static_cast<C>(p[0][j]));
        a = R::step(a, static_cast<C>(p[1][j]));
        a = R::step(a, static_cast<C>(p[2][j]));
        acc[j] = R::step(a, static_cast<C>(p[3][j]));
      }
    }
    for (; row < e; ++row) {
      const S* p = reinterpret_cast<const S*>(ptr[1]);
      for (int64_t j = 0; j < v; ++j) acc[j] = R::step(acc[j], static_cast<C>(p[j]));
      increment(g, idx, kept, g.nd, ptr);
    }
    for (int64_t j = 0; j < v; ++j) wide[j] = R::merge_wide(wide[j], R::widen(acc[j]));
  }
  int64_t os = g.stride[kept - 1][0];
  for (int64_t j = 0; j < v; ++j) store<R>(out + j * os, wide[j], m);
}

// Width of loop 1's blocks: whole rows, but cut so that every thread gets a block.
inline int64_t row_block(int64_t inner, int64_t outer, int64_t m) {
  int64_t threads = inner * outer * m >= 2 * kGrain ? num_threads() : 1;
  int64_t per_thread = (inner * outer + threads - 1) / threads;
  int64_t block = std::min({kRowBlock, inner, std::max<int64_t>(per_thread, 64)});
  return (block + 63) / 64 * 64;
}

AL_CPU_END

// g = out (operand 0) and inp (operand 1) with the kept dims first (`kept` of them, sorted by
// out's strides and merged) and the reduced dims after (sorted by inp's, merged); numel_out
// outputs of m reduced elements each (m = 0: empty input). False when there are no outputs.
// Compiled once, in loops.cpp (Note [Type-erased outer loops] in aten_lite/csrc/loops.h).
bool plan_reduction(const TensorRef* t, Geometry<2>& g, int& kept, int64_t& numel_out,
                    int64_t& m);

}  // namespace reduce_detail

AL_CPU_BEGIN

// out (t[0]) = the reduction R over the trailing t[1].ndim - t[0].ndim dims of t[1].
template <class R, class S>
int reduce(const TensorRef* t) {
  using namespace reduce_detail;
  Geometry<2> g;
  int kept = 0;
  int64_t numel_out = 0, m = 0;
  if (!plan_reduction(t, g, kept, numel_out, m)) return kPathContiguous;  // no outputs
  if (m == 0) {
    for_outputs(g, kept, 0, numel_out, [&](char* o, char*) {
      store<R>(o, R::widen(R::init()), 0);
    });
    return kPathContiguous;
  }
  int reduced = g.nd - kept;

  const int64_t unit = sizeof(S);
  if (reduced == 1 && g.stride[g.nd - 1][1] == unit) {
    if (numel_out == 1) {
      const S* p = reinterpret_cast<const S*>(g.base[1]);
      // The DRAM variant only for floating data, the reductions that are read at bandwidth
      // (sum, mean): its results are the same, and each variant costs compile time.
      if constexpr (is_floating_v<S>) {
        if (m * unit >= kFarBytes) {
          store<R>(g.base[0], fold_contiguous_parallel<R, true>(p, m), m);
          return kPathContiguous;
        }
      }
      store<R>(g.base[0], fold_contiguous_parallel<R>(p, m), m);
      return kPathContiguous;
    }
    if (m < lanes<R>()) {
      parallel_range(numel_out, std::max<int64_t>(kAcross, kGrain / m), [&](int64_t b, int64_t e) {
        fold_short_runs<R, S>(g, kept, b, e, m);
      }, kAcross);
      return kPathContiguous;
    }
    const auto rows = [&](auto far) {  // far: std::bool_constant<kFar>
      parallel_range(numel_out, std::max<int64_t>(1, kGrain / m), [&](int64_t b, int64_t e) {
        for_outputs(g, kept, b, e, [&](char* o, char* p) {
          store<R>(o, fold_row<R, decltype(far)::value>(reinterpret_cast<const S*>(p), m), m);
        });
      });
      return kPathContiguous;
    };
    // Rows read from DRAM: the lanes' loop asks for the data kPrefetchBytes ahead, into the
    // rows after this one (the hardware's prefetcher stops at each 4 KB page: rows of 1024
    // floats, one page each, read at ~8 GB/s, floating dtypes only, as above).
    if constexpr (is_floating_v<S>) {
      if (numel_out * m * unit >= kFarBytes) return rows(std::true_type{});
    }
    return rows(std::false_type{});
  }
  if (kept >= 1 && reduced >= 1 && g.stride[kept - 1][1] == unit) {
    int64_t inner = g.size[kept - 1];
    int64_t width = row_block(inner, numel_out / inner, m);
    int64_t blocks = (inner + width - 1) / width;
    int64_t tasks = numel_out / inner * blocks;
    int64_t per_task = std::min(inner, width) * m;
    parallel_range(tasks, std::max<int64_t>(1, kGrain / per_task), [&](int64_t b, int64_t e) {
      for (int64_t task = b; task < e; ++task) {
        int64_t blk = task % blocks, outer = task / blocks;
        int64_t idx[kMaxDims];
        char* ptr[2];
        unravel(g, outer, 0, kept - 1, idx);
        idx[kept - 1] = blk * width;
        offset_pointers(g, idx, 0, kept, ptr);
        int64_t v = std::min(width, inner - blk * width);
        fold_rows<R, S>(g, kept, ptr[0], ptr[1], v, m);
      }
    });
    return kPathScalarOperand;
  }
  parallel_range(numel_out, std::max<int64_t>(1, kGrain / m), [&](int64_t b, int64_t e) {
    for_outputs(g, kept, b, e, [&](char* o, char* p) {
      store<R>(o, reduced == 0 ? R::widen(R::step(R::init(), static_cast<typename R::C>(
                                     *reinterpret_cast<const S*>(p))))
                               : fold_strided<R, S>(g, kept, p),
               m);
    });
  });
  return kPathStrided;
}

// The kernel struct of a generated reduction (generated/csrc/<op>.cpp), which dtype_entry
// (kernel_api.h) runs for each of the op's dtypes: reduce() with the reducer R<storage type>.
template <template <class> class R>
struct Reduction {
  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    return reduce<R<S>, S>(t);
  }
};

AL_CPU_END

}  // namespace al
