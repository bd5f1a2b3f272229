// layer_norm's gradient with respect to its input, per row, in one kernel:
//
//   kernel(dtype, out, grad_output, self, weight, eps)   out, grad_output and self (M, C),
//                                                        weight (C,), any strides
//
// With xhat = (x - mean) * rstd recomputed as layer_norm.h computes it and gw = grad * weight:
// out = rstd * (gw - mean(gw) - xhat * mean(gw * xhat)). Recomputing the row's statistics costs
// one pass over it and spares the forward from saving them (the op has one output).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>

#include "layer_norm.h"

namespace al {
AL_CPU_BEGIN
namespace layer_norm_backward {

using ::al::sparse::at2;

constexpr int64_t kRows = ::al::layer_norm::kStatRows;

// Row r's gradient from its centred values c (rstd rs) and its grad_output g, in one pass and
// one write into out's row r: xhat = c * rs (kept in c) and gw = g * weight (kept in gw),
// with the sums of gw and gw * xhat in P lanes by the element's index (a tail element j in
// lane j - whole), folded by a fixed tree (lane_fold): the same bits in every variant. (The
// `sum` reducer's order, which nothing here needs, cost four passes and two merge trees per
// row: 512 rows of 64 took 98 us, against 46-67 now on the same busy host.)
template <class S, class C>
inline void grad_row(const TensorRef& out, int64_t r, C* __restrict c, const C* __restrict g,
                     C* __restrict gw, const C* __restrict w, int64_t n, C rs) {
  namespace ls = ::al::log_softmax;
  constexpr int64_t P = 64 / static_cast<int64_t>(sizeof(C));
  const int64_t whole = n / P * P;
  const C inv_n = C(1) / static_cast<C>(n);
  C sa[P] = {}, sb[P] = {};
  for (int64_t j0 = 0; j0 < whole; j0 += P) {
    for (int64_t l = 0; l < P; ++l) {
      const C xh = c[j0 + l] * rs, gv = g[j0 + l] * w[j0 + l];
      c[j0 + l] = xh;
      gw[j0 + l] = gv;
      sa[l] += gv;
      sb[l] += gv * xh;
    }
  }
  for (int64_t j = whole; j < n; ++j) {
    const C xh = c[j] * rs, gv = g[j] * w[j];
    c[j] = xh;
    gw[j] = gv;
    sa[j - whole] += gv;
    sb[j - whole] += gv * xh;
  }
  const C a = ls::lane_fold<C, P>(sa, true) * inv_n;
  const C b = ls::lane_fold<C, P>(sb, true) * inv_n;
  if (out.strides[1] == static_cast<int64_t>(sizeof(S))) {
    S* __restrict dst = &at2<S>(out, r, 0);
    for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(rs * (gw[j] - a - c[j] * b));
  } else {
    for (int64_t j = 0; j < n; ++j) at2<S>(out, r, j) = static_cast<S>(rs * (gw[j] - a - c[j] * b));
  }
}

struct Kernel {
  static constexpr int kTensors = 3;  // not counting out
  static constexpr int kScalars = 1;
  static constexpr const char* kTensorNames[] = {"grad_output", "self", "weight", nullptr};
  static constexpr const char* kScalarNames[] = {"eps", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b0001;

  static const char* check(const TensorRef* t, const Scalar*) {
    for (int k = 0; k < 3; ++k) {
      if (t[k].ndim != 2 || t[k].sizes[0] != t[0].sizes[0] || t[k].sizes[1] != t[0].sizes[1]) {
        return "out, grad_output and self must be 2-D of one shape (rows, features)";
      }
    }
    if (!::al::layer_norm::is_vector_of(t[3], t[0].sizes[1])) {
      return "weight must be 1-D with one value per feature";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    namespace ls = ::al::log_softmax;
    namespace ln = ::al::layer_norm;
    const TensorRef &out = t[0], &grad = t[1], &self = t[2];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    const C eps = s[0].to<C>();
    std::unique_ptr<C[]> wv(new C[n]);
    ln::load_vector<S>(t[3], n, wv.get());
    const C* __restrict w = wv.get();
    if (n >= ln::kLongRow) {  // Note [Long rows of layer_norm] in layer_norm.h
      const ln::Reader<S> xs(self, rows, n), gs(grad, rows, n);
      parallel_range(rows, std::max<int64_t>(1, ls::kGrainElements / n), [&](int64_t r0,
                                                                             int64_t r1) {
        std::unique_ptr<C[]> scratch(new C[4 * n]);
        C *xb = scratch.get(), *gb = xb + n, *c = gb + n, *sq = c + n;
        for (int64_t r = r0; r < r1; ++r) {
          xs.ahead(r);
          gs.ahead(r);
          const C* x = ln::row_in<S>(self, r, n, xb);
          const C* g = ln::row_in<S>(grad, r, n, gb);
          const C rs = ln::centre_long_row(x, c, sq, n, eps);
          grad_row<S>(out, r, c, g, sq, w, n, rs);  // gw over the squares, read by now
        }
      });
      return 0;
    }
    // Per block: its rows centred a step at a time (centre_rows, the forward's statistics),
    // then each row by grad_row.
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* x, C* g, C* rstd) {
      ls::load_rows<S>(self, r0, m, n, x);
      ls::load_rows<S>(grad, r0, m, n, g);
      std::unique_ptr<C[]> scratch(new C[m * n]);
      C* __restrict sq = scratch.get();  // the squares, then gw
      C mean[kRows];
      for (int64_t i0 = 0; i0 < m; i0 += kRows) {
        const int64_t k = m - i0 < kRows ? m - i0 : kRows;
        ln::centre_rows(x + i0 * n, sq + i0 * n, k, n, eps, mean, rstd + i0);
      }
      for (int64_t i = 0; i < m; ++i)
        grad_row<S>(out, r0 + i, x + i * n, g + i * n, sq + i * n, w, n, rstd[i]);
    });
    return 0;
  }
};

}  // namespace layer_norm_backward
AL_CPU_END
}  // namespace al
