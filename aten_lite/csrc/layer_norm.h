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
//
// Note [Long rows of layer_norm]
// Rows of at least kLongRow values are normalised one at a time, read where they lie: the
// statistics fold the input row itself (when it is already a contiguous row of the compute
// type), and the centred values and their squares go to scratch of one row, in L1. Copying
// blocks of rows first and centring them a step at a time, as short rows are (centre_rows),
// made each value pass through the cache six times: (4096, 1024) float32 took 4.1 ms against
// torch's 2.3, its input's gradient 10.4 ms. A row read from DRAM is also asked for 16 KB
// ahead: rows of 1024 floats are one 4 KB page each, where the hardware prefetcher stops (as
// for reduce.h's rows). The input's gradient (layer_norm_backward.h) now takes 5.1-7.1 ms,
// interleaved with the old kernels' 7.2-9.6 on a busy host. The steps and their order are
// centre_rows's, so the bits are the same either way.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <type_traits>

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
// Note [Long rows of layer_norm]: rows of at least this many values go one at a time.
constexpr int64_t kLongRow = 256;
// Inputs of at least this many bytes are read from beyond L2: their rows are prefetched.
constexpr int64_t kFarInput = int64_t{4} << 20;

// Row r of t (n values) in the compute type: t's own row when it is one already (S is C and
// the row's values adjacent), else a converted copy in buf.
template <class S, class C>
inline const C* row_in(const TensorRef& t, int64_t r, int64_t n, C* __restrict buf) {
  const bool unit = n == 1 || t.strides[1] == static_cast<int64_t>(sizeof(S));
  if constexpr (std::is_same_v<S, C>) {
    if (unit) return &at2<S>(t, r, 0);
  }
  if (unit) {
    const S* __restrict row = &at2<S>(t, r, 0);
    for (int64_t j = 0; j < n; ++j) buf[j] = static_cast<C>(row[j]);
  } else {
    for (int64_t j = 0; j < n; ++j) buf[j] = static_cast<C>(at2<S>(t, r, j));
  }
  return buf;
}

// Rows of t are read in order from DRAM: Reader::ahead(r) asks for the row 2 * kPrefetchBytes
// past row r's start (Note [Long rows of layer_norm]). Only for contiguous rows of an input
// larger than kFarInput; otherwise it does nothing.
template <class S>
struct Reader {
  const TensorRef& t;
  int64_t rows, n, skip = 0;
  Reader(const TensorRef& t_, int64_t rows_, int64_t n_) : t(t_), rows(rows_), n(n_) {
    const int64_t bytes = n * static_cast<int64_t>(sizeof(S));
    if ((n == 1 || t.strides[1] == static_cast<int64_t>(sizeof(S))) &&
        rows * bytes >= kFarInput) {
      skip = (2 * reduce_detail::kPrefetchBytes + bytes - 1) / bytes;
    }
  }
  void ahead(int64_t r) const {
    if (skip == 0 || r + skip >= rows) return;
    const char* p = reinterpret_cast<const char*>(&at2<S>(t, r + skip, 0));
    const int64_t bytes = n * static_cast<int64_t>(sizeof(S));
    for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(p + b, 0, 2);
    __builtin_prefetch(p + bytes - 1, 0, 2);
  }
};

// One long row's statistics, as centre_rows takes them: c = x - mean and the returned rstd;
// sq is scratch for the squares.
template <class C>
inline C centre_long_row(const C* __restrict x, C* __restrict c, C* __restrict sq, int64_t n,
                         C eps) {
  const C mean = row_mean(x, n);
  for (int64_t j = 0; j < n; ++j) c[j] = x[j] - mean;
  for (int64_t j = 0; j < n; ++j) sq[j] = c[j] * c[j];
  return C(1) / std::sqrt(row_mean(sq, n) + eps);
}

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
    const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
    const auto store_row = [&](int64_t r, const C* __restrict row, C rs) {
      if (unit) {
        S* __restrict dst = &at2<S>(out, r, 0);
        for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(row[j] * rs * w[j] + b[j]);
      } else {
        for (int64_t j = 0; j < n; ++j)
          at2<S>(out, r, j) = static_cast<S>(row[j] * rs * w[j] + b[j]);
      }
    };
    if (n >= kLongRow) {  // Note [Long rows of layer_norm]
      const Reader<S> reader(self, rows, n);
      parallel_range(rows, std::max<int64_t>(1, ls::kGrainElements / n), [&](int64_t r0,
                                                                             int64_t r1) {
        std::unique_ptr<C[]> scratch(new C[3 * n]);
        C* buf = scratch.get();
        for (int64_t r = r0; r < r1; ++r) {
          reader.ahead(r);
          const C* x = row_in<S>(self, r, n, buf);
          store_row(r, buf + n, centre_long_row(x, buf + n, buf + 2 * n, n, eps));
        }
      });
      return 0;
    }
    // Each block's rows are centred a step at a time (centre_rows), then normalised straight
    // into out's rows.
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* x, C* sq, C* rstd) {
      ls::load_rows<S>(self, r0, m, n, x);
      C mean[kStatRows];
      for (int64_t i0 = 0; i0 < m; i0 += kStatRows) {
        const int64_t k = m - i0 < kStatRows ? m - i0 : kStatRows;
        centre_rows(x + i0 * n, sq + i0 * n, k, n, eps, mean, rstd + i0);
      }
      for (int64_t i = 0; i < m; ++i) store_row(r0 + i, x + i * n, rstd[i]);
    });
    return 0;
  }
};

}  // namespace layer_norm
AL_CPU_END
}  // namespace al
