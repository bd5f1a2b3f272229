// The loops of a fused kernel (aten_lite/compile/kernels.py): one pass over the iteration
// space evaluates a chain of elementwise steps, writes any number of outputs, and optionally
// folds the last step into a reduction.
//
// They are the eager loops' geometry and thread machinery (geometry.h, threads.h) and
// reduce.h's folding, around a generated Body instead of a functor: loops.h's elementwise<Out,
// S, N> has one out and one input type, while a fused group has several outputs and inputs of
// several dtypes. A Body is
//   struct Body {
//     static constexpr int kOperands;  // outputs then inputs, in the order of the call
//     using Acc = ...;                 // storage type of the value the reduction folds
//     // (elementwise kernels) n elements of every operand k at p[k], byte stride s[k]
//     void operator()(int64_t n, char* const* p, const int64_t* s) const;
//     // (reductions) the same n elements, each last value folded into lanes[(off + j) % L]
//     template <class R> void fold(int64_t n, char* const* p, const int64_t* s,
//                                  typename R::Lane* lanes, int64_t off) const;
//   };
//
// Note [Fused reductions fold like reduce.h]
// The reduction does not materialise the last step: for each output the body computes the
// reduced elements in the order of the logical index and folds each into its lane as it goes,
// element i of each kBlock block into lane i % L (reduce.h's fold_block on that block, without
// the block in memory); blocks and chunks are merged exactly as fold_contiguous and
// fold_contiguous_parallel merge them. Eager aten_lite reduces a fresh contiguous intermediate,
// whose reduced elements are one run when the reduced dims are the trailing ones (a full
// reduction, a sum over the last dim): its loop 0, which puts element i in lane i % L (Note
// [Lanes follow the logical index] in aten_lite/csrc/reduce.h). So those fused results equal
// eager's bit for bit, whatever the thread count, when the steps do too (arithmetic does; exp
// and the other libmvec functions may differ in the last bit between their vector and scalar
// versions, and which one an element meets depends on where the loop's tail falls, in eager's
// loops as in these). Other reductions (over leading dims) fold in another order: equal for
// integers and amax/amin, within rounding for floating sums and products.
//
// Note [Fused runs are aligned]
// NumPy puts a large array 16 bytes past a page (malloc's header), so every 64-byte vector
// load of a plain loop over it straddles two cache lines: ~15% of f's time on 4M float32
// (reading from L2 as from DRAM). A unit-stride run of a reduction (fold_unit in
// jit/fused.cpp.j2) therefore folds a head up to the first input's next 64-byte boundary,
// then the body from there, then the tail. The lanes do not move: element j still goes to
// lane j % L, the body using a rotated copy of the lanes (element head + j into rot[j % L] =
// lane (head + j) % L), so the result is the same whatever the address. The head and the
// tail are computed by one vectorised loop over L elements (fold_some) that overlaps the run,
// so every element of a run of at least L elements meets the vector versions of the libmvec
// functions, wherever the run's boundaries and the address fall.
#pragma once

// Note [Fused kernel includes]: a fused kernel's compile is mostly parsing (its own code is a
// few hundred lines), so this header reaches only what a kernel uses: the geometry, the
// loops' sizes and the reductions' lanes (loop_sizes.h, reduce_lanes.h, not loops.h and
// reduce.h, whose <immintrin.h>, <memory> and <vector> were two thirds of the ~110k lines a
// kernel parsed), the reducers, the thread pool and the scalar math the YAML expressions call.
// Not <algorithm> either (17k of the 32k lines left): the few helpers below stand in for it.
#include <cstdint>

#include "aten_lite/csrc/geometry.h"
#include "aten_lite/csrc/loop_sizes.h"
#include "aten_lite/csrc/reduce_lanes.h"
#include "aten_lite/csrc/reducers.h"
#include "aten_lite/csrc/scalar_math.h"
#include "aten_lite/csrc/threads.h"

namespace al::fused {

template <class T>
constexpr T min_of(T a, T b) { return b < a ? b : a; }
template <class T>
constexpr T max_of(T a, T b) { return a < b ? b : a; }
template <class T>
inline void fill_n(T* to, int64_t n, T value) {
  for (int64_t i = 0; i < n; ++i) to[i] = value;
}
// A copy of a fixed size, which GCC inlines (a variable one would call memcpy).
template <int N, class T>
inline void copy_n(const T* from, T* to) {
  for (int i = 0; i < N; ++i) to[i] = from[i];
}
// A heap array freed with its scope (row buffers; no <memory>).
template <class T>
struct Buffer {
  explicit Buffer(int64_t n) : data(n > 0 ? new T[n] : nullptr) {}
  ~Buffer() { delete[] data; }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  T* get() const { return data; }
  T& operator[](int64_t i) const { return data[i]; }
  T* data;
};

// Flat positions [b, e) of g's dims [lo, g.nd) from the pointers base (one per operand),
// one inner run at a time: body(run, ptr + off, strides + off).
template <int NT, class Body>
void run_range(const Geometry<NT>& g, int lo, char* const* base, int off, const Body& body,
               int64_t b, int64_t e) {
  int last = g.nd - 1;
  int64_t idx[kMaxDims];
  char* ptr[NT];
  unravel(g, b, lo, g.nd, idx);
  for (int k = 0; k < NT; ++k) {
    char* p = base[k];
    for (int d = lo; d < g.nd; ++d) p += idx[d] * g.stride[d][k];
    ptr[k] = p;
  }
  const int64_t* inner = g.stride[last];
  for (int64_t pos = b; pos < e;) {
    int64_t run = min_of<int64_t>(g.size[last] - idx[last], e - pos);
    body(run, ptr + off, inner + off);
    pos += run;
    for (int k = 0; k < NT; ++k) ptr[k] += (run - 1) * inner[k];
    idx[last] += run - 1;
    increment(g, idx, lo, g.nd, ptr);
  }
}

// Every operand t[0..kOperands) has the iteration shape (Python passes broadcast views).
template <class Body>
int elementwise(const TensorRef* t, const Body& body) {
  constexpr int NT = Body::kOperands;
  Geometry<NT> g;
  for (int k = 0; k < NT; ++k) g.base[k] = t[k].data;
  if (!push_dims(g, t, 0, t[0].ndim)) return kPathContiguous;
  sort_dims(g, 0, g.nd, 0);
  coalesce(g, 0, g.nd);
  if (g.nd == 0) {
    int64_t zero[NT] = {};
    body(1, g.base, zero);
    return kPathContiguous;
  }
  parallel_range(g.numel, kGrain, [&](int64_t b, int64_t e) {
    run_range<NT>(g, 0, g.base, 0, body, b, e);
  }, kLineElements);
  return g.nd == 1 ? kPathContiguous : kPathStrided;
}

// Reduced positions [b, e) of one output (pointers at its first element) folded as reduce.h's
// fold_contiguous folds them from memory (Note [Fused reductions fold like reduce.h]): blocks
// of kBlock, each into fresh lanes (element i of a block in lane i % L, which the body's fold
// keeps across the block's inner runs), merged pairwise and widened.
template <class R, int NT, class Body>
typename R::Wide fold_range(const Geometry<NT>& g, int kept, char* const* at, const Body& body,
                            int64_t b, int64_t e) {
  using namespace reduce_detail;
  constexpr int L = lanes<R>();
  static_assert(kBlock % L == 0, "a block starts at lane 0");
  typename R::Lane acc[L];
  for (auto& a : acc) a = R::init();
  typename R::Wide w = R::widen(R::init());
  int last = g.nd - 1;
  const int64_t* inner = g.stride[last] + 1;
  for (int64_t i = b; i < e; i += kBlock) {
    if ((i - b) % kChunk == 0 && i > b && stop_requested()) break;
    int64_t n = min_of<int64_t>(kBlock, e - i);
    int64_t idx[kMaxDims];
    char* ptr[NT];
    unravel(g, i, kept, g.nd, idx);
    for (int k = 0; k < NT; ++k) {
      char* p = at[k];
      for (int d = kept; d < g.nd; ++d) p += idx[d] * g.stride[d][k];
      ptr[k] = p;
    }
    for (int64_t pos = i; pos < i + n;) {
      int64_t run = min_of<int64_t>(g.size[last] - idx[last], i + n - pos);
      body.template fold<R>(run, ptr + 1, inner, acc, pos - i);
      pos += run;
      for (int k = 0; k < NT; ++k) ptr[k] += (run - 1) * g.stride[last][k];
      idx[last] += run - 1;
      increment(g, idx, kept, g.nd, ptr);
    }
    w = R::merge_wide(w, R::widen(merge_lanes<R>(acc)));  // merge_lanes resets acc
  }
  return w;
}

// visit(ptr) for the outputs at flat positions [b, e) of the kept dims [0, kept); ptr holds
// every operand's pointer at that output's first element.
template <int NT, class Visit>
void each_output(const Geometry<NT>& g, int kept, int64_t b, int64_t e, const Visit& visit) {
  int64_t idx[kMaxDims];
  char* ptr[NT];
  unravel(g, b, 0, kept, idx);
  offset_pointers(g, idx, 0, kept, ptr);
  for (int64_t i = b; i < e; ++i) {
    visit(static_cast<char* const*>(ptr));
    increment(g, idx, 0, kept, ptr);
  }
}

// t[0] (element type Res) = R over the trailing dims of the iteration space, which every
// other operand t[1..] has in full; t[0] holds the leading (kept) dims.
template <class R, class Res, class Body>
int reduce(const TensorRef* t, const Body& body) {
  using namespace reduce_detail;
  constexpr int NT = Body::kOperands + 1;  // out first
  Geometry<NT> g;
  for (int k = 0; k < NT; ++k) g.base[k] = t[k].data;
  int64_t kept_in = t[0].ndim;
  int kept = 0;
  bool any_in = true;
  for (int64_t d = 0; d < t[1].ndim; ++d) {
    int64_t size = t[1].sizes[d];
    bool is_kept = d < kept_in;
    if (size == 0 && is_kept) return kPathContiguous;  // no outputs
    if (size == 0) any_in = false;
    if (size <= 1) continue;
    g.size[g.nd] = size;
    for (int k = 0; k < NT; ++k) g.stride[g.nd][k] = k == 0 ? (is_kept ? t[0].strides[d] : 0)
                                                            : t[k].strides[d];
    if (is_kept) {
      g.numel *= size;
      ++kept;
    }
    ++g.nd;
  }
  int64_t numel_out = g.numel;
  int64_t m = 1;
  for (int d = kept; d < g.nd; ++d) m *= g.size[d];
  auto store = [&](char* o, typename R::Wide w) {
    *reinterpret_cast<Res*>(o) = static_cast<Res>(R::finish(w, any_in ? m : 0));
  };
  // Only merges: the logical order of the reduced elements must stay row-major.
  kept = coalesce(g, 0, kept);
  coalesce(g, kept, g.nd);
  if (!any_in) {
    each_output(g, kept, 0, numel_out, [&](char* const* ptr) { store(ptr[0], R::widen(R::init())); });
    return kPathContiguous;
  }
  if (g.nd == kept) {  // every reduced dim has size 1: one element per output
    parallel_range(numel_out, kGrain, [&](int64_t b, int64_t e) {
      const int64_t zero[NT] = {};
      typename R::Lane lane[lanes<R>()];
      each_output(g, kept, b, e, [&](char* const* ptr) {
        for (auto& a : lane) a = R::init();
        body.template fold<R>(1, ptr + 1, zero + 1, lane, 0);  // the one element: lane 0
        store(ptr[0], R::widen(lane[0]));
      });
    });
    return kPathStrided;
  }
  if (numel_out == 1) {
    int64_t chunks = (m + kChunk - 1) / kChunk;
    typename R::Wide w = R::widen(R::init());
    if (chunks <= 1 || num_threads() <= 1) {
      for (int64_t c = 0; c < chunks && !(c > 0 && stop_requested()); ++c)
        w = R::merge_wide(w, fold_range<R>(g, kept, g.base, body, c * kChunk,
                                           min_of<int64_t>(m, (c + 1) * kChunk)));
    } else {
      // kParts chunks at a time in parallel, their results merged in chunk order: the same
      // merges as reduce.h's fold_contiguous_parallel, without a heap buffer (and <vector>).
      constexpr int64_t kParts = 256;
      typename R::Wide part[kParts];
      for (int64_t first = 0; first < chunks && !stop_requested(); first += kParts) {
        int64_t count = min_of<int64_t>(kParts, chunks - first);
        for (int64_t c = 0; c < count; ++c) part[c] = R::widen(R::init());  // if stopped
        parallel_range(count, 1, [&](int64_t b, int64_t e) {
          for (int64_t c = first + b; c < first + e; ++c)
            part[c - first] = fold_range<R>(g, kept, g.base, body, c * kChunk,
                                            min_of<int64_t>(m, (c + 1) * kChunk));
        });
        for (int64_t c = 0; c < count; ++c) w = R::merge_wide(w, part[c]);
      }
    }
    store(g.base[0], w);
    return kPathContiguous;
  }
  parallel_range(numel_out, max_of<int64_t>(1, kGrain / m), [&](int64_t b, int64_t e) {
    each_output(g, kept, b, e, [&](char* const* ptr) {
      store(ptr[0], fold_range<R>(g, kept, ptr, body, 0, m));
    });
  });
  return kPathStrided;
}

}  // namespace al::fused
