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
    const C inv_n = C(1) / static_cast<C>(n);
    // Per block: its rows centred a step at a time (centre_rows), then each step below taken
    // over kStatRows rows before the next, so that the rows' sums overlap.
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* x, C* g, C* rstd) {
      ls::load_rows<S>(self, r0, m, n, x);
      ls::load_rows<S>(grad, r0, m, n, g);
      std::unique_ptr<C[]> scratch(new C[m * n]);
      C* __restrict sq = scratch.get();  // the squares, then gw * xhat
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      C mean[kRows], a[kRows], b[kRows];
      for (int64_t i0 = 0; i0 < m; i0 += kRows) {
        const int64_t k = m - i0 < kRows ? m - i0 : kRows;
        C* __restrict xb = x + i0 * n;
        C* __restrict gb = g + i0 * n;
        C* __restrict gxb = sq + i0 * n;
        const C* __restrict rs = rstd + i0;
        ln::centre_rows(xb, gxb, k, n, eps, mean, rstd + i0);
        for (int64_t i = 0; i < k; ++i) {
          C* __restrict xhat = xb + i * n;
          C* __restrict gw = gb + i * n;
          C* __restrict gx = gxb + i * n;
          const C r = rs[i];
          for (int64_t j = 0; j < n; ++j) xhat[j] = xhat[j] * r;
          for (int64_t j = 0; j < n; ++j) gw[j] = gw[j] * w[j];
          for (int64_t j = 0; j < n; ++j) gx[j] = gw[j] * xhat[j];
        }
        for (int64_t i = 0; i < k; ++i) a[i] = ::al::softmax::op_sum(gb + i * n, n) * inv_n;
        for (int64_t i = 0; i < k; ++i) b[i] = ::al::softmax::op_sum(gxb + i * n, n) * inv_n;
        for (int64_t i = 0; i < k; ++i) {
          const C* __restrict xhat = xb + i * n;
          const C* __restrict gw = gb + i * n;
          const C r = rs[i], ai = a[i], bi = b[i];
          if (unit) {
            S* __restrict dst = &at2<S>(out, r0 + i0 + i, 0);
            for (int64_t j = 0; j < n; ++j)
              dst[j] = static_cast<S>(r * (gw[j] - ai - xhat[j] * bi));
          } else {
            for (int64_t j = 0; j < n; ++j) {
              at2<S>(out, r0 + i0 + i, j) = static_cast<S>(r * (gw[j] - ai - xhat[j] * bi));
            }
          }
        }
      }
    });
    return 0;
  }
};

}  // namespace layer_norm_backward
AL_CPU_END
}  // namespace al
