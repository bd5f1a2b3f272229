// The product of two dense matrices sampled at a sparse pattern (SDDMM): the gradient of
// sparse @ dense with respect to the sparse operand, which keeps that operand's pattern.
//
//   kernel(dtype, out, rows, cols, a, b)
//
// out[k] = sum_j a[rows[k], j] * b[cols[k], j] for each of the nnz entries: (a @ b.T) read only
// where the pattern has an entry, so the work is nnz * N instead of M * K * N. a is (M, N),
// b is (K, N), any strides; the entries are independent, so threads split them freely.
// Returns 0.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace sparse_sampled_mm {

using ::al::sparse::at;
using ::al::sparse::at2;

constexpr int64_t kGrainElements = 32768;  // as in sparse_mm.h

template <class S>
inline compute_t<S> row_dot(const TensorRef& a, int64_t r, const TensorRef& b, int64_t c) {
  using C = compute_t<S>;
  int64_t n = a.sizes[1];
  C acc{};
  if (a.strides[1] == static_cast<int64_t>(sizeof(S)) &&
      b.strides[1] == static_cast<int64_t>(sizeof(S)) && std::is_same_v<S, C>) {
    const S* __restrict x = &at2<S>(a, r, 0);
    const S* __restrict y = &at2<S>(b, c, 0);
    for (int64_t j = 0; j < n; ++j) acc += x[j] * y[j];
    return acc;
  }
  for (int64_t j = 0; j < n; ++j) {
    acc += static_cast<C>(at2<S>(a, r, j)) * static_cast<C>(at2<S>(b, c, j));
  }
  return acc;
}

struct Kernel {
  static constexpr int kTensors = 4;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"rows", "cols", "a", "b", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kInt64, kInt64, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b00001;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &rows = t[1], &cols = t[2], &a = t[3], &b = t[4];
    if (a.ndim != 2 || b.ndim != 2 || a.sizes[1] != b.sizes[1]) {
      return "a (M, N) and b (K, N) must be 2-D with the same number of columns";
    }
    int64_t nnz = rows.ndim == 1 ? rows.sizes[0] : -1;
    if (nnz < 0 || !::al::sparse::is_1d(cols, nnz) || !::al::sparse::is_1d(out, nnz)) {
      return "out, rows and cols must be 1-D of one length (nnz)";
    }
    if (!::al::sparse::indices_below(rows, a.sizes[0])) return "a row index is out of range";
    if (!::al::sparse::indices_below(cols, b.sizes[0])) return "a column index is out of range";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &rows = t[1], &cols = t[2], &a = t[3], &b = t[4];
    int64_t nnz = rows.sizes[0], m = a.sizes[0], k_rows = b.sizes[0];
    int64_t n = a.sizes[1] > 0 ? a.sizes[1] : 1;
    int64_t grain = kGrainElements / n > 0 ? kGrainElements / n : 1;
    std::atomic<bool> ok{true};
    parallel_range(nnz, grain, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k) {
        // Note [Indices read once] in sparse_common.h.
        int64_t r = ::al::sparse::load_index(rows, k), c = ::al::sparse::load_index(cols, k);
        if (!::al::sparse::in_range(r, m) || !::al::sparse::in_range(c, k_rows)) {
          ok.store(false, std::memory_order_relaxed);
          at<S>(out, k) = S{};
          continue;
        }
        at<S>(out, k) = static_cast<S>(row_dot<S>(a, r, b, c));
      }
    });
    return ok.load() ? 0 : kIndexChanged;
  }
};

}  // namespace sparse_sampled_mm
AL_CPU_END
}  // namespace al
