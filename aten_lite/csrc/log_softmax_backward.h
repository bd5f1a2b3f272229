// log_softmax's gradient from its output, per row: out = grad - exp(y) * sum(grad), the sum as
// the `sum` op computes it (row_sum in log_softmax.h).
//
//   kernel(dtype, out, grad_output, log_probs)   all (M, C), any strides
#pragma once

#include <cstdint>

#include "log_softmax.h"

namespace al {
AL_CPU_BEGIN
namespace log_softmax_backward {

using ::al::sparse::at2;

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"grad_output", "log_probs", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar*) {
    for (int k = 0; k < 3; ++k) {
      if (!::al::log_softmax::is_rows(t[k]) || t[k].sizes[0] != t[0].sizes[0] ||
          t[k].sizes[1] != t[0].sizes[1]) {
        return "out, grad_output and log_probs must be 2-D of one shape (rows, classes)";
      }
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &grad = t[1], &y = t[2];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    namespace ls = ::al::log_softmax;
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* g, C* e, C*) {
      ls::load_rows<S>(grad, r0, m, n, g);
      ls::load_rows<S>(y, r0, m, n, e);
      ls::exp_all(e, e, m * n);
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      for (int64_t i = 0; i < m; ++i) {
        const C total = ls::row_sum(g + i * n, n);
        const C* __restrict gi = g + i * n;
        const C* __restrict ei = e + i * n;
        if (unit) {  // a loop GCC vectorises (at2 per element kept this kernel scalar)
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(gi[j] - ei[j] * total);
        } else {
          for (int64_t j = 0; j < n; ++j)
            at2<S>(out, r0 + i, j) = static_cast<S>(gi[j] - ei[j] * total);
        }
      }
    });
    return 0;
  }
};

}  // namespace log_softmax_backward
AL_CPU_END
}  // namespace al
