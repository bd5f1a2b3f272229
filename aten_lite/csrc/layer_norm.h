// layer_norm over the rows of a matrix, in one kernel instead of nine ops:
//
//   kernel(dtype, out, self, weight, bias, eps)   out and self (M, C), weight and bias (C,),
//                                                 any strides; eps a float
//
// Per row: mean, centered = x - mean, var = mean(centered * centered), rstd = rsqrt(var + eps),
// out = centered * rstd * weight + bias. Every step is the one nn.functional.layer_norm's ops
// took on the same values (the means as the `mean` reducer's, row_stats; eps rounded to the
// compute type as a Python number is; rsqrt as 1 / sqrt), so the result is theirs to the bit.
// Blocks of rows are split between threads, each row computed by one.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>

#include "softmax.h"

namespace al {
AL_CPU_BEGIN
namespace layer_norm {

using ::al::sparse::at;
using ::al::sparse::at2;

// The mean of n contiguous values as the `mean` reducer computes it over a row of n.
template <class C>
inline C row_mean(const C* x, int64_t n) {
  using R = MeanReducer<C>;
  return R::finish(reduce_detail::fold_row<R>(x, n), n);
}

// Centres row x (n values, in place) and returns its rstd = 1 / sqrt(var + eps); sq is
// scratch for the squares.
template <class C>
C centre_row(C* __restrict x, C* __restrict sq, int64_t n, C eps) {
  const C mean = row_mean(x, n);
  for (int64_t j = 0; j < n; ++j) x[j] = x[j] - mean;
  for (int64_t j = 0; j < n; ++j) sq[j] = x[j] * x[j];
  return C(1) / std::sqrt(row_mean(sq, n) + eps);
}

// centre_row over the m rows of x (n values each, contiguous, in place): mean[i] and rstd[i]
// of row i; sq is scratch of m * n. The same steps on the same values, each taken over all m
// rows before the next, so that one row's chain of dependent sums, divisions and square root
// overlaps the next row's instead of waiting on it (on rows of 64 this kernel spent most of
// its time waiting). Division and sqrt round correctly at any vector width: the same bits.
template <class C>
void centre_rows(C* __restrict x, C* __restrict sq, int64_t m, int64_t n, C eps,
                 C* __restrict mean, C* __restrict rstd) {
  for (int64_t i = 0; i < m; ++i) mean[i] = row_mean(x + i * n, n);
  for (int64_t i = 0; i < m; ++i) {
    C* __restrict row = x + i * n;
    C* __restrict sqr = sq + i * n;
    const C mu = mean[i];
    for (int64_t j = 0; j < n; ++j) row[j] = row[j] - mu;
    for (int64_t j = 0; j < n; ++j) sqr[j] = row[j] * row[j];
  }
  for (int64_t i = 0; i < m; ++i) rstd[i] = row_mean(sq + i * n, n);
  for (int64_t i = 0; i < m; ++i) rstd[i] = C(1) / std::sqrt(rstd[i] + eps);
}

// w[0 .. n) = the vector t (C,) in the compute type.
template <class S, class C>
void load_vector(const TensorRef& t, int64_t n, C* w) {
  for (int64_t j = 0; j < n; ++j) w[j] = static_cast<C>(at<S>(t, j));
}

// Rows whose statistics one centre_rows call takes at a time (a stack array of means).
constexpr int64_t kStatRows = 64;

inline bool is_vector_of(const TensorRef& t, int64_t n) { return t.ndim == 1 && t.sizes[0] == n; }

struct Kernel {
  static constexpr int kTensors = 3;  // not counting out
  static constexpr int kScalars = 1;
  static constexpr const char* kTensorNames[] = {"self", "weight", "bias", nullptr};
  static constexpr const char* kScalarNames[] = {"eps", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b0001;

  static const char* check(const TensorRef* t, const Scalar*) {
    if (t[0].ndim != 2 || t[1].ndim != 2 || t[0].sizes[0] != t[1].sizes[0] ||
        t[0].sizes[1] != t[1].sizes[1]) {
      return "out and self must be 2-D of one shape (rows, features)";
    }
    if (!is_vector_of(t[2], t[1].sizes[1]) || !is_vector_of(t[3], t[1].sizes[1])) {
      return "weight and bias must be 1-D with one value per feature";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    namespace ls = ::al::log_softmax;
    const TensorRef &out = t[0], &self = t[1];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    const C eps = s[0].to<C>();
    std::unique_ptr<C[]> wb(new C[2 * n]);
    load_vector<S>(t[2], n, wb.get());
    load_vector<S>(t[3], n, wb.get() + n);
    const C* __restrict w = wb.get();
    const C* __restrict b = wb.get() + n;
    // Each block's rows are centred a step at a time (centre_rows), then normalised straight
    // into out's rows.
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* x, C* sq, C* rstd) {
      ls::load_rows<S>(self, r0, m, n, x);
      C mean[kStatRows];
      for (int64_t i0 = 0; i0 < m; i0 += kStatRows) {
        const int64_t k = m - i0 < kStatRows ? m - i0 : kStatRows;
        centre_rows(x + i0 * n, sq + i0 * n, k, n, eps, mean, rstd + i0);
      }
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      for (int64_t i = 0; i < m; ++i) {
        const C* __restrict row = x + i * n;
        const C r = rstd[i];
        if (unit) {
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(row[j] * r * w[j] + b[j]);
        } else {
          for (int64_t j = 0; j < n; ++j) {
            at2<S>(out, r0 + i, j) = static_cast<S>(row[j] * r * w[j] + b[j]);
          }
        }
      }
    });
    return 0;
  }
};

}  // namespace layer_norm
AL_CPU_END
}  // namespace al
