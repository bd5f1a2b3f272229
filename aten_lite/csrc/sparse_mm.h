// sparse @ dense for a 2-D sparse COO matrix: out = S @ D.
//
//   kernel(dtype, out, rows, cols, values, dense)
//
// S has entries (rows[k], cols[k], values[k]) (duplicates add up, order does not matter),
// out is (M, N) and dense is (K, N), any strides. The kernel zeroes out, then adds
// values[k] * dense[cols[k], :] into out[rows[k], :] for each entry. When rows are sorted (a
// coalesced matrix) threads split the entries at row boundaries, so each output row has one
// writer; otherwise one thread runs. Returns 0.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace sparse_mm {

using ::al::sparse::at;
using ::al::sparse::at2;

// Entries per thread before another thread pays off, for rows of one element; divided by the
// row length N.
constexpr int64_t kGrainElements = 32768;

// out_row[j] += v * d_row[j] over n unit-stride elements: the loop GCC vectorises.
template <class S>
inline void axpy(int64_t n, S v, const S* __restrict d, S* __restrict o) {
  for (int64_t j = 0; j < n; ++j) o[j] += v * d[j];
}

template <class S>
void zero(const TensorRef& out) {
  int64_t m = out.sizes[0], n = out.sizes[1];
  if (out.strides[1] == static_cast<int64_t>(sizeof(S)) && out.strides[0] == n * out.strides[1]) {
    std::memset(out.data, 0, static_cast<size_t>(m * n) * sizeof(S));
    return;
  }
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) at2<S>(out, i, j) = S{};
}

// Adds entries [begin, end) into out; false when an index was out of range as it was read
// (Note [Indices read once] in sparse_common.h): that entry is skipped.
template <class S>
bool accumulate(const TensorRef* t, int64_t begin, int64_t end) {
  using C = compute_t<S>;
  const TensorRef &out = t[0], &rows = t[1], &cols = t[2], &values = t[3], &dense = t[4];
  int64_t m = out.sizes[0], k_rows = dense.sizes[0], n = out.sizes[1];
  bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S)) &&
              dense.strides[1] == static_cast<int64_t>(sizeof(S)) && std::is_same_v<S, C>;
  bool ok = true;
  for (int64_t k = begin; k < end; ++k) {
    int64_t r = ::al::sparse::load_index(rows, k), c = ::al::sparse::load_index(cols, k);
    if (!::al::sparse::in_range(r, m) || !::al::sparse::in_range(c, k_rows)) {
      ok = false;
      continue;
    }
    C v = static_cast<C>(at<S>(values, k));
    if (unit) {
      if constexpr (std::is_same_v<S, C>) {
        axpy<S>(n, v, &at2<S>(dense, c, 0), &at2<S>(out, r, 0));
      }
      continue;
    }
    for (int64_t j = 0; j < n; ++j) {
      S& o = at2<S>(out, r, j);
      o = static_cast<S>(static_cast<C>(o) + v * static_cast<C>(at2<S>(dense, c, j)));
    }
  }
  return ok;
}

struct Kernel {
  static constexpr int kTensors = 4;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"rows", "cols", "values", "dense", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kInt64, kInt64, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b00001;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &rows = t[1], &cols = t[2], &values = t[3], &dense = t[4];
    if (out.ndim != 2 || dense.ndim != 2 || out.sizes[1] != dense.sizes[1]) {
      return "out (M, N) and dense (K, N) must be 2-D with the same number of columns";
    }
    int64_t nnz = rows.ndim == 1 ? rows.sizes[0] : -1;
    if (nnz < 0 || !::al::sparse::is_1d(cols, nnz) || !::al::sparse::is_1d(values, nnz)) {
      return "rows, cols and values must be 1-D of one length (nnz)";
    }
    if (!::al::sparse::indices_below(rows, out.sizes[0])) return "a row index is out of range";
    if (!::al::sparse::indices_below(cols, dense.sizes[0])) return "a column index is out of range";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    zero<S>(t[0]);
    int64_t nnz = t[1].sizes[0];
    int64_t n = t[0].sizes[1];
    if (nnz == 0 || n == 0) return 0;
    int64_t grain = kGrainElements / n > 0 ? kGrainElements / n : 1;
    std::atomic<bool> ok{true};
    auto body = [&](int64_t b, int64_t e) {
      if (!accumulate<S>(t, b, e)) ok.store(false, std::memory_order_relaxed);
    };
    if (::al::sparse::non_decreasing(t[1])) {
      ::al::sparse::parallel_rows(t[1], grain, body);
    } else {
      serial_range(nnz, grain, body);  // rows in any order: one writer
    }
    return ok.load() ? 0 : kIndexChanged;
  }
};

}  // namespace sparse_mm
AL_CPU_END
}  // namespace al
