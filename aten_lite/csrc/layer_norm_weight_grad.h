// The gradient of _layer_norm's weight, in one kernel instead of five ops:
//
//   kernel(dtype, out, grad_output, self, eps)   out (C,); grad_output and self (M, C), any
//                                                strides; eps a float
//
// out[j] = the sum over rows r of grad_output[r, j] * xhat[r, j], with xhat the row normalised
// as layer_norm.h computes it (centre_row, then times rstd). It is what the formula
// sum_to(grad * _layer_norm(self, ones, zeros, eps), weight.shape) computed with five ops (a
// second forward, the ones and zeros, a product and a sum over the rows), to the bit:
//   * xhat is layer_norm.h's row with weight 1 and bias 0 (times 1 and plus 0 change no bit
//     that a product with grad keeps: -0 becomes +0, and a sum of zeros is +0 either way);
//   * each product is folded into its column as the `sum` reducer folds a column of a
//     row-major matrix (reduce.h fold_rows): SumReducer lanes over blocks of kBlock rows, in
//     row order, widened and merged block by block, finished once.
// Two passes, each split between threads without changing a value: the rows' mean and rstd
// (rows split), then the columns' sums (columns split; a column is summed by one thread).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>

#include "layer_norm.h"
#include "reduce.h"

namespace al {
AL_CPU_BEGIN
namespace layer_norm_weight_grad {

using ::al::sparse::at;
using ::al::sparse::at2;

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 1;
  static constexpr const char* kTensorNames[] = {"grad_output", "self", nullptr};
  static constexpr const char* kScalarNames[] = {"eps", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b0001;

  static const char* check(const TensorRef* t, const Scalar*) {
    if (t[1].ndim != 2 || t[2].ndim != 2 || t[1].sizes[0] != t[2].sizes[0] ||
        t[1].sizes[1] != t[2].sizes[1]) {
      return "grad_output and self must be 2-D of one shape (rows, features)";
    }
    if (!::al::layer_norm::is_vector_of(t[0], t[1].sizes[1])) {
      return "out must be 1-D with one value per feature";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    using R = SumReducer<S>;
    using Lane = typename R::Lane;
    using Wide = typename R::Wide;
    namespace ls = ::al::log_softmax;
    namespace ln = ::al::layer_norm;
    const TensorRef &out = t[0], &grad = t[1], &self = t[2];
    const int64_t rows = grad.sizes[0], n = grad.sizes[1];
    if (n == 0) return 0;
    const C eps = s[0].to<C>();
    // Pass 1: each row's mean and rstd, as centre_row computes them (centre_rows).
    std::unique_ptr<C[]> stats(new C[2 * rows + 1]);
    C* __restrict mean = stats.get();
    C* __restrict rstd = stats.get() + rows;
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* x, C* sq, C*) {
      ls::load_rows<S>(self, r0, m, n, x);
      ln::centre_rows(x, sq, m, n, eps, mean + r0, rstd + r0);
    });
    // Pass 2: the columns, in blocks of columns; rows in order, kBlock at a time.
    const bool unit = grad.strides[1] == static_cast<int64_t>(sizeof(S)) &&
                      self.strides[1] == static_cast<int64_t>(sizeof(S));
    constexpr int64_t kColumns = 256;
    const int64_t blocks = (n + kColumns - 1) / kColumns;
    const int64_t per_block = std::max<int64_t>(1, rows * kColumns);
    const int64_t grain = std::max<int64_t>(1, ls::kGrainElements / per_block);
    parallel_range(blocks, grain, [&](int64_t b, int64_t e) {
      std::unique_ptr<Lane[]> acc(new Lane[kColumns]);
      std::unique_ptr<Wide[]> wide(new Wide[kColumns]);
      for (int64_t blk = b; blk < e; ++blk) {
        const int64_t j0 = blk * kColumns, v = std::min(kColumns, n - j0);
        for (int64_t j = 0; j < v; ++j) wide[j] = R::widen(R::init());
        for (int64_t row = 0; row < rows;) {
          for (int64_t j = 0; j < v; ++j) acc[j] = R::init();
          for (int64_t stop = std::min(rows, row + reduce_detail::kBlock); row < stop; ++row) {
            const C mu = mean[row], rs = rstd[row];
            Lane* __restrict a = acc.get();
            if (unit) {
              const S* __restrict g = &at2<S>(grad, row, j0);
              const S* __restrict x = &at2<S>(self, row, j0);
              for (int64_t j = 0; j < v; ++j) {
                const C xhat = (static_cast<C>(x[j]) - mu) * rs;
                a[j] = R::step(a[j], static_cast<C>(g[j]) * xhat);
              }
            } else {
              for (int64_t j = 0; j < v; ++j) {
                const C xhat = (static_cast<C>(at2<S>(self, row, j0 + j)) - mu) * rs;
                a[j] = R::step(a[j], static_cast<C>(at2<S>(grad, row, j0 + j)) * xhat);
              }
            }
          }
          for (int64_t j = 0; j < v; ++j) wide[j] = R::merge_wide(wide[j], R::widen(acc[j]));
        }
        for (int64_t j = 0; j < v; ++j)
          at<S>(out, j0 + j) = static_cast<S>(R::finish(wide[j], rows));
      }
    });
    return 0;
  }
};

}  // namespace layer_norm_weight_grad
AL_CPU_END
}  // namespace al
