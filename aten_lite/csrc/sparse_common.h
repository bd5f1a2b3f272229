// What the sparse COO kernels (sparse_coalesce.h, sparse_mm.h, sparse_sampled_mm.h) share:
// element access through byte strides, and the shape checks their CustomSig runs.
//
// A sparse COO tensor reaches C++ as plain arrays (Note [Sparse COO storage] in
// aten_lite/tensors/sparse_tensor.py): int64 index rows or linear keys of length nnz, and the nnz values.
// Python has validated them already; the checks here only keep a direct caller of _C from
// reading out of bounds (Note [Custom kernels] in kernel_api.h).
#pragma once

#include <cstdint>

#include "kernel_api.h"
#include "threads.h"

namespace al {
AL_CPU_BEGIN
namespace sparse {

// Element i of a 1-D array, any stride.
template <class T>
inline T& at(const TensorRef& r, int64_t i) {
  return *reinterpret_cast<T*>(r.data + i * r.strides[0]);
}

// Element (i, j) of a 2-D array, any strides.
template <class T>
inline T& at2(const TensorRef& r, int64_t i, int64_t j) {
  return *reinterpret_cast<T*>(r.data + i * r.strides[0] + j * r.strides[1]);
}

inline bool is_1d(const TensorRef& r, int64_t n) { return r.ndim == 1 && r.sizes[0] == n; }

// Note [Indices read once]
// The index arrays a sparse kernel reads may be shared with the user (s.indices() is an alias),
// so another Python thread can rewrite them while the kernel runs without the GIL, after the
// CustomSig check passed. A kernel therefore reads each index it uses exactly once (an atomic
// relaxed load: a plain move, which the compiler may not repeat) and compares that value with
// its bound before using it as an address; an index out of range at that moment makes the
// kernel return kIndexChanged (kernel_api.h) instead of touching memory. The check before the
// run still gives the precise message for the common mistake; this one costs a compare.
inline int64_t load_index(const TensorRef& r, int64_t i) {
  return __atomic_load_n(&at<int64_t>(r, i), __ATOMIC_RELAXED);
}

// Whether 0 <= v < bound, in one compare.
inline bool in_range(int64_t v, int64_t bound) {
  return static_cast<uint64_t>(v) < static_cast<uint64_t>(bound);
}

// Whether every index in the int64 array `idx` (1-D) lies in [0, bound).
inline bool indices_below(const TensorRef& idx, int64_t bound) {
  for (int64_t k = 0; k < idx.sizes[0]; ++k) {
    int64_t v = at<int64_t>(idx, k);
    if (v < 0 || v >= bound) return false;
  }
  return true;
}

// Whether the int64 array `idx` (1-D) never decreases: coalesced rows are sorted.
inline bool non_decreasing(const TensorRef& idx) {
  for (int64_t k = 1; k < idx.sizes[0]; ++k) {
    if (at<int64_t>(idx, k) < at<int64_t>(idx, k - 1)) return false;
  }
  return true;
}

// Runs f(begin, end) over [0, nnz) split between threads so that no row (a run of equal values
// in the sorted int64 array `rows`) is cut: each output row then has one writer.
template <class F>
void parallel_rows(const TensorRef& rows, int64_t grain, const F& f) {
  int64_t nnz = rows.sizes[0];
  auto row_start = [&](int64_t k) {
    while (k > 0 && k < nnz && at<int64_t>(rows, k) == at<int64_t>(rows, k - 1)) ++k;
    return k;
  };
  parallel_range(nnz, grain, [&](int64_t b, int64_t e) {
    int64_t rb = row_start(b);
    int64_t re = row_start(e);
    if (rb < re) f(rb, re);
  });
}

}  // namespace sparse
AL_CPU_END
}  // namespace al
