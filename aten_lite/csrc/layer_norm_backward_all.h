// The three gradients of _layer_norm in one pass over the rows:
//
//   kernel(dtype, out, grad_output, self, weight, eps)   out (M + 2, C): rows [0, M) the
//                                                        gradient of self, row M that of
//                                                        weight, row M + 1 that of bias;
//                                                        grad_output and self (M, C),
//                                                        weight (C,), any strides
//
// Note [Three layer_norm gradients in one pass]
// A LayerNorm's backward ran three kernels (layer_norm_backward.h, layer_norm_weight_grad.h
// and the sum over rows of grad_output), two of which recomputed every row's mean and rstd:
// on 512 rows of 64 (a small transformer's) they took ~3x torch's one kernel. Here each group
// of rows is centred once (centre_rows, or one long row at a time as Note [Long rows of
// layer_norm] in layer_norm.h), its rows' input gradients written by grad_row, and their
// products grad_output * xhat and grad_output folded into the weight's and bias's columns.
// The columns are folded as the `sum` reducer folds a column of a row-major matrix (reduce.h
// fold_rows): SumReducer lanes stepping through the rows in order, widened and merged every
// kBlock rows, finished once; which is what layer_norm_weight_grad.h does and what the sum
// over the rows of a grad_output with adjacent features does. So every value has the bits of
// the three kernels. The rows are one thread's (the columns need them in order): the formula
// that calls this (aten_lite/autograd/_formulas_norm.py) takes the three kernels for large
// inputs when several threads would help.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "layer_norm_backward.h"

namespace al {
AL_CPU_BEGIN
namespace layer_norm_backward_all {

using ::al::sparse::at2;

struct Kernel {
  static constexpr int kTensors = 3;  // not counting out
  static constexpr int kScalars = 1;
  static constexpr const char* kTensorNames[] = {"grad_output", "self", "weight", nullptr};
  static constexpr const char* kScalarNames[] = {"eps", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b0001;

  static const char* check(const TensorRef* t, const Scalar*) {
    if (t[1].ndim != 2 || t[2].ndim != 2 || t[1].sizes[0] != t[2].sizes[0] ||
        t[1].sizes[1] != t[2].sizes[1]) {
      return "grad_output and self must be 2-D of one shape (rows, features)";
    }
    if (t[0].ndim != 2 || t[0].sizes[0] != t[1].sizes[0] + 2 || t[0].sizes[1] != t[1].sizes[1]) {
      return "out must be 2-D (rows + 2, features)";
    }
    if (!::al::layer_norm::is_vector_of(t[3], t[1].sizes[1])) {
      return "weight must be 1-D with one value per feature";
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
    const int64_t group =
        n >= ln::kLongRow ? 1
                          : std::min(ln::kStatRows, std::max<int64_t>(1, ls::kBlockElements / n));
    std::unique_ptr<C[]> scratch(new C[n + 3 * group * n + 2 * group]);
    C* w = scratch.get();
    C* x = w + n;              // the group's rows: centred, then xhat
    C* g = x + group * n;      // their grad_output
    C* sq = g + group * n;     // their squares, then gw
    C* mean = sq + group * n;  // centre_rows's
    C* rs = mean + group;
    ln::load_vector<S>(t[3], n, w);
    std::unique_ptr<Lane[]> lanes(new Lane[2 * n]);
    std::unique_ptr<Wide[]> wides(new Wide[2 * n]);
    Lane *aw = lanes.get(), *ab = aw + n;
    Wide *ww = wides.get(), *wb = ww + n;
    for (int64_t j = 0; j < 2 * n; ++j) {
      lanes[j] = R::init();
      wides[j] = R::widen(R::init());
    }
    const ln::Reader<S> xs(self, rows, n), gs(grad, rows, n);
    for (int64_t r0 = 0; r0 < rows; r0 += group) {
      if (r0 > 0 && stop_requested()) return 0;  // Note [Interrupting kernels] in threads.h
      const int64_t m = std::min(group, rows - r0);
      xs.ahead(r0);
      gs.ahead(r0);
      ls::load_rows<S>(self, r0, m, n, x);
      ls::load_rows<S>(grad, r0, m, n, g);
      ln::centre_rows(x, sq, m, n, eps, mean, rs);
      for (int64_t i = 0; i < m; ++i) {
        const int64_t row = r0 + i;
        if (row > 0 && row % reduce_detail::kBlock == 0) {
          for (int64_t j = 0; j < 2 * n; ++j) {
            wides[j] = R::merge_wide(wides[j], R::widen(lanes[j]));
            lanes[j] = R::init();
          }
        }
        C* __restrict xh = x + i * n;
        const C* __restrict gr = g + i * n;
        layer_norm_backward::grad_row<S>(out, row, xh, gr, sq + i * n, w, n, rs[i]);
        for (int64_t j = 0; j < n; ++j) {
          aw[j] = R::step(aw[j], gr[j] * xh[j]);
          ab[j] = R::step(ab[j], gr[j]);
        }
      }
    }
    for (int64_t j = 0; j < n; ++j) {
      if (rows > 0) {
        ww[j] = R::merge_wide(ww[j], R::widen(aw[j]));
        wb[j] = R::merge_wide(wb[j], R::widen(ab[j]));
      }
      at2<S>(out, rows, j) = static_cast<S>(R::finish(ww[j], rows));
      at2<S>(out, rows + 1, j) = static_cast<S>(R::finish(wb[j], rows));
    }
    return 0;
  }
};

}  // namespace layer_norm_backward_all
AL_CPU_END
}  // namespace al
