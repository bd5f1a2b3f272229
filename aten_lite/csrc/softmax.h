// softmax over the rows of a matrix, in one kernel instead of six (amax, sub, exp, sum,
// reciprocal, mul):
//
//   kernel(dtype, out, self)          out and self (M, C), any strides
//
// Each row is shifted by its max before exp, so nothing overflows: out = e * (1 / sum(e))
// with e = exp(x - max), every step the one the separate ops took before on the same values
// (the max as `amax` (vector_max), our exp, the sum as the `sum` op's (op_sum), one
// reciprocal per row and one multiply per element), so the result is theirs to the bit. A
// row holding +inf (or only -inf) gives NaN, as in torch. Blocks of rows are split between
// threads, each row computed by one.
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
  return R::finish(reduce_detail::fold_row<R>(x, n), n);
}

using ::al::log_softmax::exp_shifted;
using ::al::log_softmax::vector_max;

// Note [Softmax scales by the reciprocal]
// A row's exps are multiplied by 1 / sum, as torch's kernel does, instead of divided by the
// sum: a vector division takes several times a multiply's throughput, and on rows of 1024
// floats the divisions were a fifth of the kernel (4096 rows: 4.4 ms -> 3.6, one thread). The
// result can differ from e / sum in the last bit. Softmax over another dim (backends/cpu/
// softmax.py) and graph mode's decomposition (compile/passes/decompose.py) take the same
// reciprocal and multiply, so compiled and eager give the same bits.

// Whether the rows can be computed in out itself (Note [Softmax in out's rows]): both
// unit-stride along the row. (out never overlaps self: the call refuses it before C++.)
template <class S>
bool unit_rows(const TensorRef& out, const TensorRef& self) {
  const int64_t unit = static_cast<int64_t>(sizeof(S));
  return out.strides[1] == unit && self.strides[1] == unit;
}

// Note [Softmax in out's rows]
// The blocked path below copies a block of rows into scratch, shifts it, exps it into a second
// buffer, sums and divides into out: six passes. float32 rows of unit stride are instead exped
// straight into out's row (out and self never overlap: the call refuses it), summed from
// there and divided in place: four passes and no copies, on the same values in the same
// order. Our float exp is plain arithmetic (Note [Float exp] in scalar_math.h), the same bits
// in a vector lane or a scalar tail and at any vector width, so the loop (exp_shifted, in
// log_softmax.h) is compiled for 512-bit vectors where the build allows them (Note [Wide
// vectors for float kernels] in loops.h) and the bits are the blocked path's. float64 stays
// blocked: libmvec's vector and scalar exp may differ in the last bit, and the tails would fall
// elsewhere. log_softmax takes the same path (log_softmax::direct).
template <class S>
void direct(const TensorRef& out, const TensorRef& self, int64_t rows, int64_t n) {
  const int64_t grain = log_softmax::kGrainElements / n > 0 ? log_softmax::kGrainElements / n : 1;
  // Each step is taken over kRows rows before the next, so that on short rows (attention's
  // 32) one row's max, sum and scaling overlap the next row's instead of waiting on them.
  constexpr int64_t kRows = 32;
  parallel_range(rows, grain, [&](int64_t b, int64_t e) {
    S mx[kRows], sum[kRows];
    for (int64_t r0 = b; r0 < e; r0 += kRows) {
      const int64_t m = e - r0 < kRows ? e - r0 : kRows;
      for (int64_t i = 0; i < m; ++i) mx[i] = vector_max(&at2<S>(self, r0 + i, 0), n);
      for (int64_t i = 0; i < m; ++i) {
        exp_shifted(&at2<S>(self, r0 + i, 0), &at2<S>(out, r0 + i, 0), n, mx[i]);
      }
      for (int64_t i = 0; i < m; ++i) sum[i] = op_sum(&at2<S>(out, r0 + i, 0), n);
      for (int64_t i = 0; i < m; ++i) {
        S* __restrict y = &at2<S>(out, r0 + i, 0);
        const S scale = S(1) / sum[i];  // Note [Softmax scales by the reciprocal]
        for (int64_t j = 0; j < n; ++j) y[j] = y[j] * scale;
      }
    }
  });
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
    if constexpr (std::is_same_v<S, float>) {
      if (unit_rows<S>(out, self)) {
        direct<S>(out, self, rows, n);
        return 0;
      }
    }
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
        const C scale = C(1) / total[i];  // Note [Softmax scales by the reciprocal]
        if (unit) {
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(src[j] * scale);
        } else {
          for (int64_t j = 0; j < n; ++j) at2<S>(out, r0 + i, j) = static_cast<S>(src[j] * scale);
        }
      }
    });
    return 0;
  }
};

}  // namespace softmax
AL_CPU_END
}  // namespace al
