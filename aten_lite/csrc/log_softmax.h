// log_softmax over the rows of a matrix, in one kernel instead of five:
//
//   kernel(dtype, out, self)          out and self (M, C), any strides
//
// Each row is shifted by its max before exp, so nothing overflows: out = (x - max) - log(sum(e))
// with e = exp(x - max). A row's sum is a function of its values and length alone (row_sum),
// so a row gives the same result wherever it sits and whatever the thread count; the max
// propagates NaN, and a row holding +inf (or only -inf) gives NaN, as in torch. Blocks of rows
// are split between threads, each row computed by one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>

#include "reduce.h"
#include "scalar_math.h"
#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace log_softmax {

using ::al::sparse::at2;

// Rows per thread before another thread pays off, for rows of one element.
constexpr int64_t kGrainElements = 16384;
// Elements per block of rows computed together: exp runs over a whole block at once (short rows
// would otherwise pay a vector call per row), and the block stays in L1.
constexpr int64_t kBlockElements = 2048;
// Rows at least this long are summed by the `sum` reducer's many-lane loop.
constexpr int64_t kLongRow = 256;

inline bool is_rows(const TensorRef& t) { return t.ndim == 2; }

// The max of n contiguous values, NaN if one is NaN (the `amax` reducer's rule), in 64 bytes
// of lanes held as native vectors (GCC's vector extension: a compare and a blend per vector;
// Note [Native vector compares] in cpu_capability.h). A scalar loop (m = x[j] > m || x[j] !=
// x[j] ? x[j] : m) waits on one comparison after another and the CPU must predict each: that
// cost half of softmax's time on rows of 32, and log_softmax over rows of 1000 (an LSTM
// language model's decoder) ran at 3.3x torch's time; GCC vectorises neither it nor the same
// loop over an array of lanes. NaNs are noted on the side. Element j goes to lane j % (64 /
// sizeof(C)) in every variant. The max of a set is one of its values whatever the order, so
// only the sign of a zero max may differ from amax's, and x - (+0), x - (-0) differ only for
// x = -0, whose exp is 1 either way.
template <class C>
C vector_max(const C* x, int64_t n) {
  using V [[gnu::vector_size(kVecBytes)]] = C;
  constexpr int64_t N = kVecBytes / sizeof(C);  // lanes of one native vector
  constexpr int K = 64 / kVecBytes;             // native vectors in 64 bytes
  constexpr int64_t L = N * K;
  C m = x[0];
  bool nan = false;
  int64_t j = 0;
  if (n >= L) {
    V acc[K], bad[K] = {};
    std::memcpy(acc, x, sizeof acc);
    for (j = L; j + L <= n; j += L) {
      for (int k = 0; k < K; ++k) {
        V v;
        std::memcpy(&v, x + j + k * N, sizeof v);
        bad[k] = (v != v) ? v : bad[k];  // a NaN lane once any NaN came by
        acc[k] = v > acc[k] ? v : acc[k];
      }
    }
    for (int k = 0; k < K; ++k) {
      bad[k] = acc[k] != acc[k] ? acc[k] : bad[k];
      for (int64_t l = 0; l < N; ++l) {
        nan |= bad[k][l] != bad[k][l];
        m = acc[k][l] > m ? acc[k][l] : m;
      }
    }
  }
  for (; j < n; ++j) {
    nan |= x[j] != x[j];
    m = x[j] > m ? x[j] : m;
  }
  return nan ? std::numeric_limits<C>::quiet_NaN() : m;
}

// lane_fold (reduce.h): a vector's lanes summed, or maxed, by a fixed tree; attention and
// layer_norm's backward fold their rows' lanes with it (a row's lanes added in order were a
// chain of dependent adds that dominated attention's rows of 32).
using ::al::reduce_detail::lane_fold;

// The sum of n contiguous values: for a long row the `sum` reducer's loop (reduce.h), for a
// short one four running sums in the reducer's wide type. Either way a function of the row's
// values and length only.
template <class C>
C row_sum(const C* x, int64_t n) {
  using R = SumReducer<C>;
  if (n >= kLongRow) return R::finish(reduce_detail::fold_row<R>(x, n), n);
  typename R::Wide s[4] = {};
  int64_t j = 0;
  for (; j + 4 <= n; j += 4) {
    for (int k = 0; k < 4; ++k) s[k] += x[j + k];
  }
  for (; j < n; ++j) s[j % 4] += x[j];
  return R::finish((s[0] + s[1]) + (s[2] + s[3]), n);
}

// Note [One log per row]
// v[0 .. m) = log(v[0 .. m)), each value by the same code whatever m and its place. A plain
// loop over the m rows of a block runs libmvec's vector log over its first lanes and the
// scalar one over its tail (GCC also vectorises the tail in narrower vectors), and the two
// differ in the last bit for some inputs: a row alone (m = 1) gave other bits than the same
// row inside a block of 6, for 2 rows in 1000. Groups of a fixed 16 values, padded with ones,
// always take the same path.
template <class C>
void log_all(C* v, int64_t m) {
  constexpr int64_t G = 16;
  for (int64_t i = 0; i < m; i += G) {
    C x[G];
    for (int64_t l = 0; l < G; ++l) x[l] = i + l < m ? v[i + l] : C(1);
    for (int64_t l = 0; l < G; ++l) x[l] = ::al::math::log(x[l]);
    for (int64_t l = 0; l < G && i + l < m; ++l) v[i + l] = x[l];
  }
}

// e[0 .. n) = exp(x[0 .. n) - mx): the shifted exps of one unit-stride float row, for softmax's
// and log_softmax's direct paths (Note [Softmax in out's rows] in softmax.h), in 512-bit
// vectors where the build has them: Note [Float exp]'s exp gives the same bits at any width.
#if defined(__x86_64__) || defined(_M_X64)
#pragma GCC push_options
#pragma GCC target("prefer-vector-width=512")
#endif
[[gnu::noinline]] inline void exp_shifted(const float* __restrict x, float* __restrict e,
                                          int64_t n, float mx) {
  for (int64_t j = 0; j < n; ++j) e[j] = ::al::math::exp(x[j] - mx);
}
#if defined(__x86_64__) || defined(_M_X64)
#pragma GCC pop_options
#endif

// Runs block(r0, m, a, b, c) over blocks of m rows starting at r0, with two scratch buffers of
// m * n compute-type values and one of m; blocks are split between threads, a row never.
template <class C, class F>
void each_block(int64_t rows, int64_t n, const F& block) {
  int64_t per_block = kBlockElements / n > 0 ? kBlockElements / n : 1;
  int64_t blocks = (rows + per_block - 1) / per_block;
  int64_t grain = kGrainElements / (per_block * n) > 0 ? kGrainElements / (per_block * n) : 1;
  parallel_range(blocks, grain, [&](int64_t b, int64_t e) {
    std::unique_ptr<C[]> scratch(new C[(2 * n + 1) * per_block]);
    for (int64_t k = b; k < e; ++k) {
      int64_t r0 = k * per_block;
      int64_t m = rows - r0 < per_block ? rows - r0 : per_block;
      block(r0, m, scratch.get(), scratch.get() + per_block * n,
            scratch.get() + 2 * per_block * n);
    }
  });
}

// a[0 .. m*n) = the rows [r0, r0 + m) of t in the compute type, contiguous.
template <class S, class C>
void load_rows(const TensorRef& t, int64_t r0, int64_t m, int64_t n, C* a) {
  if (t.strides[1] == static_cast<int64_t>(sizeof(S))) {  // unit-stride rows: a loop GCC
    for (int64_t i = 0; i < m; ++i) {                      // vectorises
      const S* __restrict row = &at2<S>(t, r0 + i, 0);
      C* __restrict dst = a + i * n;
      for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<C>(row[j]);
    }
    return;
  }
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) a[i * n + j] = static_cast<C>(at2<S>(t, r0 + i, j));
}

// e[0 .. len) = exp(d[0 .. len)): one vectorised loop over the whole block.
template <class C>
void exp_all(const C* __restrict d, C* __restrict e, int64_t len) {
  for (int64_t j = 0; j < len; ++j) e[j] = ::al::math::exp(d[j]);
}

// float32 rows of unit stride (Note [Softmax in out's rows] in softmax.h): each row's shifted
// exps go to one row of scratch, which stays in L1, and out = (x - max) - log(sum) is written
// from self: four passes over a row instead of six, and no copy of the block. The values are
// the blocked path's, step for step (x - max rounded, then exp of it, then the same row_sum and
// log_all), so the bits are too.
inline void direct(const TensorRef& out, const TensorRef& self, int64_t rows, int64_t n) {
  const int64_t grain = kGrainElements / n > 0 ? kGrainElements / n : 1;
  constexpr int64_t kRows = 32;  // each step over a block of rows, as softmax's direct path
  const int64_t per_block = std::clamp<int64_t>(kBlockElements / n, 1, kRows);
  parallel_range(rows, grain, [&](int64_t b, int64_t e) {
    std::unique_ptr<float[]> scratch(new float[per_block * n]);
    float mx[kRows], log_sum[kRows];
    for (int64_t r0 = b; r0 < e; r0 += per_block) {
      const int64_t m = e - r0 < per_block ? e - r0 : per_block;
      for (int64_t i = 0; i < m; ++i) mx[i] = vector_max(&at2<float>(self, r0 + i, 0), n);
      for (int64_t i = 0; i < m; ++i) {
        exp_shifted(&at2<float>(self, r0 + i, 0), scratch.get() + i * n, n, mx[i]);
      }
      for (int64_t i = 0; i < m; ++i) log_sum[i] = row_sum(scratch.get() + i * n, n);
      log_all(log_sum, m);  // Note [One log per row]
      for (int64_t i = 0; i < m; ++i) {
        const float* __restrict x = &at2<float>(self, r0 + i, 0);
        float* __restrict y = &at2<float>(out, r0 + i, 0);
        const float shift = mx[i], total = log_sum[i];
        for (int64_t j = 0; j < n; ++j) y[j] = (x[j] - shift) - total;
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
    if (!is_rows(t[0]) || !is_rows(t[1]) || t[0].sizes[0] != t[1].sizes[0] ||
        t[0].sizes[1] != t[1].sizes[1]) {
      return "out and self must be 2-D of one shape (rows, classes)";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &self = t[1];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    if constexpr (std::is_same_v<S, float>) {
      const int64_t unit = static_cast<int64_t>(sizeof(S));
      if (out.strides[1] == unit && self.strides[1] == unit) {
        direct(out, self, rows, n);
        return 0;
      }
    }
    each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* d, C* e, C* log_sum) {
      load_rows<S>(self, r0, m, n, d);
      for (int64_t i = 0; i < m; ++i) {
        C* row = d + i * n;
        C mx = vector_max(row, n);
        for (int64_t j = 0; j < n; ++j) row[j] = row[j] - mx;
      }
      exp_all(d, e, m * n);
      for (int64_t i = 0; i < m; ++i) log_sum[i] = row_sum(e + i * n, n);
      log_all(log_sum, m);  // Note [One log per row]
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      for (int64_t i = 0; i < m; ++i) {
        const C* __restrict src = d + i * n;
        const C shift = log_sum[i];
        if (unit) {
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(src[j] - shift);
        } else {
          for (int64_t j = 0; j < n; ++j) at2<S>(out, r0 + i, j) = static_cast<S>(src[j] - shift);
        }
      }
    });
    return 0;
  }
};

}  // namespace log_softmax
AL_CPU_END
}  // namespace al
