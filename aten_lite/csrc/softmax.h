// softmax over the rows of a matrix, in one kernel instead of five (amax, sub, exp, sum, div):
//
//   kernel(dtype, out, self)          out and self (M, C), any strides
//
// Each row is shifted by its max before exp, so nothing overflows: out = e / sum(e) with
// e = exp(x - max), every step the one the separate ops took before on the same values (the
// max as `amax` (vector_max), our exp, the sum as the `sum` op's (op_sum), one division per element), so
// the result is theirs to the bit. A row holding +inf (or only -inf) gives NaN, as in torch.
// Blocks of rows are split between threads, each row computed by one.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "log_softmax.h"

namespace al {
AL_CPU_BEGIN
namespace softmax {

using ::al::sparse::at2;

// The sum of n contiguous values in the order the `sum` reducer takes over a row of n, for any
// n (its short rows too: log_softmax's row_sum sums those in another order, a last bit apart).
template <class C>
C op_sum(const C* x, int64_t n) {
  using R = SumReducer<C>;
  return R::finish(reduce_detail::fold_contiguous<R>(x, n), n);
}

// The max of n contiguous values, NaN if one is NaN (the `amax` reducer's rule), in one
// 64-byte vector of lanes (GCC's vector extension: a compare and a blend per 16 floats).
// log_softmax's row_max waits on one comparison after another and the CPU must predict each,
// which cost half of this kernel's time on rows of 32; GCC vectorises neither it nor the
// same loop over an array of lanes. NaNs are noted on the side. The max of a set is one of
// its values whatever the order, so only the sign of a zero max may differ from amax's, and
// x - (+0), x - (-0) differ only for x = -0, whose exp is 1 either way.
template <class C>
C vector_max(const C* x, int64_t n) {
  using V [[gnu::vector_size(64)]] = C;
  constexpr int64_t L = 64 / sizeof(C);
  C m = x[0];
  bool nan = false;
  int64_t j = 0;
  if (n >= L) {
    V acc, bad = {};
    std::memcpy(&acc, x, sizeof acc);
    for (j = L; j + L <= n; j += L) {
      V v;
      std::memcpy(&v, x + j, sizeof v);
      bad = (v != v) ? v : bad;  // a NaN lane once any NaN came by
      acc = v > acc ? v : acc;
    }
    bad = acc != acc ? acc : bad;
    for (int64_t k = 0; k < L; ++k) {
      nan |= bad[k] != bad[k];
      m = acc[k] > m ? acc[k] : m;
    }
  }
  for (; j < n; ++j) {
    nan |= x[j] != x[j];
    m = x[j] > m ? x[j] : m;
  }
  return nan ? std::numeric_limits<C>::quiet_NaN() : m;
}

struct Kernel {
  static constexpr int kTensors = 1;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"self", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b01;

  static const char* check(const TensorRef* t, const Scalar*) {
    namespace ls = ::al::log_softmax;
    if (!ls::is_rows(t[0]) || !ls::is_rows(t[1]) || t[0].sizes[0] != t[1].sizes[0] ||
        t[0].sizes[1] != t[1].sizes[1]) {
      return "out and self must be 2-D of one shape (rows, classes)";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using C = compute_t<S>;
    namespace ls = ::al::log_softmax;
    const TensorRef &out = t[0], &self = t[1];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* d, C* e, C* total) {
      ls::load_rows<S>(self, r0, m, n, d);
      for (int64_t i = 0; i < m; ++i) {
        C* row = d + i * n;
        const C mx = vector_max(row, n);
        for (int64_t j = 0; j < n; ++j) row[j] = row[j] - mx;
      }
      ls::exp_all(d, e, m * n);
      for (int64_t i = 0; i < m; ++i) total[i] = op_sum(e + i * n, n);
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      for (int64_t i = 0; i < m; ++i) {
        const C* __restrict src = e + i * n;
        const C sum = total[i];
        if (unit) {
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(src[j] / sum);
        } else {
          for (int64_t j = 0; j < n; ++j) at2<S>(out, r0 + i, j) = static_cast<S>(src[j] / sum);
        }
      }
    });
    return 0;
  }
};

}  // namespace softmax
AL_CPU_END
}  // namespace al
