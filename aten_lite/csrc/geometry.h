// Iteration geometry shared by loops.h and reduce.h: dims with byte strides per operand,
// size-1 dims dropped, dims ordered and merged so the loops see as few and as long dims as
// possible.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "kernel_api.h"

namespace al {

// NumPy 2 allows 64 dims.
constexpr int kMaxDims = 64;

// NT operands (out first); stride[d][k] is operand k's byte stride along dim d.
template <int NT>
struct Geometry {
  int nd = 0;
  int64_t numel = 1;
  int64_t size[kMaxDims];
  int64_t stride[kMaxDims][NT];
  char* base[NT];
};

// The helpers are compiled into each capability's code (Note [CPU capability variants] in
// cpu_capability.h); the struct, which the type-erased loops of loops.cpp take, is shared.
AL_CPU_BEGIN

// Appends dim `d` of the tensors in t[0..NT) to g. Operand k's dim is right-aligned with dim d
// of t[0] (numpy broadcasting): a missing dim or a size-1 dim gets stride 0.
template <int NT>
inline void push_dim(Geometry<NT>& g, const TensorRef* t, int64_t d, int64_t size) {
  int64_t nd0 = t[0].ndim;
  g.size[g.nd] = size;
  for (int k = 0; k < NT; ++k) {
    int64_t ad = d - (nd0 - t[k].ndim);
    bool broadcast = ad < 0 || t[k].sizes[ad] == 1;
    g.stride[g.nd][k] = broadcast ? 0 : t[k].strides[ad];
  }
  g.numel *= size;
  ++g.nd;
}

// Dims [lo, hi) of t[0] broadcast against the others; size-1 dims are dropped. Returns false when
// the range holds a size-0 dim (nothing to compute).
template <int NT>
inline bool push_dims(Geometry<NT>& g, const TensorRef* t, int64_t lo, int64_t hi) {
  for (int64_t d = lo; d < hi; ++d) {
    int64_t size = t[0].sizes[d];
    if (size == 0) return false;
    if (size != 1) push_dim(g, t, d, size);
  }
  return true;
}

// Orders dims [lo, hi) so operand `key`'s strides shrink towards the inner end (stable), so a
// transposed output is still walked in memory order.
template <int NT>
inline void sort_dims(Geometry<NT>& g, int lo, int hi, int key) {
  for (int i = lo + 1; i < hi; ++i) {
    for (int j = i; j > lo; --j) {
      if (std::llabs(g.stride[j - 1][key]) >= std::llabs(g.stride[j][key])) break;
      int64_t s = g.size[j];
      g.size[j] = g.size[j - 1];
      g.size[j - 1] = s;
      for (int k = 0; k < NT; ++k) {
        int64_t t = g.stride[j][k];
        g.stride[j][k] = g.stride[j - 1][k];
        g.stride[j - 1][k] = t;
      }
    }
  }
}

// Merges neighbours in [lo, hi) where every operand steps through the outer dim exactly as
// through a continuation of the inner one. Returns the new end of the range; dims after `hi`
// move down to follow it.
template <int NT>
inline int coalesce(Geometry<NT>& g, int lo, int hi) {
  int m = lo;
  for (int d = lo; d < hi; ++d) {
    bool merge = m > lo;
    for (int k = 0; merge && k < NT; ++k)
      merge = g.stride[m - 1][k] == g.stride[d][k] * g.size[d];
    if (merge) {
      g.size[m - 1] *= g.size[d];
      for (int k = 0; k < NT; ++k) g.stride[m - 1][k] = g.stride[d][k];
    } else {
      g.size[m] = g.size[d];
      for (int k = 0; k < NT; ++k) g.stride[m][k] = g.stride[d][k];
      ++m;
    }
  }
  int removed = hi - m;
  for (int d = hi; d < g.nd; ++d) {
    g.size[d - removed] = g.size[d];
    for (int k = 0; k < NT; ++k) g.stride[d - removed][k] = g.stride[d][k];
  }
  g.nd -= removed;
  return m;
}

// Pointers of every operand at the multi-index idx over dims [lo, hi).
template <int NT>
inline void offset_pointers(const Geometry<NT>& g, const int64_t* idx, int lo, int hi,
                            char** ptr) {
  for (int k = 0; k < NT; ++k) {
    char* p = g.base[k];
    for (int d = lo; d < hi; ++d) p += idx[d] * g.stride[d][k];
    ptr[k] = p;
  }
}

// idx[lo..hi) = the multi-index of the flat position `pos` in row-major order.
template <int NT>
inline void unravel(const Geometry<NT>& g, int64_t pos, int lo, int hi, int64_t* idx) {
  for (int d = hi - 1; d >= lo; --d) {
    idx[d] = pos % g.size[d];
    pos /= g.size[d];
  }
}

// Moves idx (and ptr) one step forward over dims [lo, hi), carrying into outer dims.
template <int NT>
inline void increment(const Geometry<NT>& g, int64_t* idx, int lo, int hi, char** ptr) {
  for (int d = hi - 1; d >= lo; --d) {
    for (int k = 0; k < NT; ++k) ptr[k] += g.stride[d][k];
    if (++idx[d] < g.size[d]) return;
    for (int k = 0; k < NT; ++k) ptr[k] -= g.size[d] * g.stride[d][k];
    idx[d] = 0;
  }
}

AL_CPU_END

}  // namespace al
