// softmax's gradient from its output, per row, in one kernel instead of four (mul, sum, sub,
// mul): out = y * (grad - sum(grad * y)), each step the one the separate ops took before on
// the same values (the sum as the `sum` op's, op_sum in softmax.h): their result to the bit.
//
//   kernel(dtype, out, grad_output, probs)   all (M, C), any strides
#pragma once

#include <cstdint>
#include <memory>

#include "softmax.h"

namespace al {
AL_CPU_BEGIN
namespace softmax_backward {

using ::al::sparse::at2;

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"grad_output", "probs", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar*) {
    for (int k = 0; k < 3; ++k) {
      if (!::al::log_softmax::is_rows(t[k]) || t[k].sizes[0] != t[0].sizes[0] ||
          t[k].sizes[1] != t[0].sizes[1]) {
        return "out, grad_output and probs must be 2-D of one shape (rows, classes)";
      }
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using C = compute_t<S>;
    namespace ls = ::al::log_softmax;
    const TensorRef &out = t[0], &grad = t[1], &y = t[2];
    int64_t rows = out.sizes[0], n = out.sizes[1];
    if (rows == 0 || n == 0) return 0;
    ls::each_block<C>(rows, n, [&](int64_t r0, int64_t m, C* g, C* p, C*) {
      ls::load_rows<S>(grad, r0, m, n, g);
      ls::load_rows<S>(y, r0, m, n, p);
      std::unique_ptr<C[]> gy(new C[n]);  // one row of grad * y, summed as its own row
      for (int64_t i = 0; i < m; ++i) {
        C* __restrict gi = g + i * n;
        const C* __restrict pi = p + i * n;
        for (int64_t j = 0; j < n; ++j) gy[j] = gi[j] * pi[j];
        const C total = ::al::softmax::op_sum(gy.get(), n);
        for (int64_t j = 0; j < n; ++j) gi[j] = pi[j] * (gi[j] - total);
      }
      const bool unit = out.strides[1] == static_cast<int64_t>(sizeof(S));
      for (int64_t i = 0; i < m; ++i) {
        const C* __restrict src = g + i * n;
        if (unit) {
          S* __restrict dst = &at2<S>(out, r0 + i, 0);
          for (int64_t j = 0; j < n; ++j) dst[j] = static_cast<S>(src[j]);
        } else {
          for (int64_t j = 0; j < n; ++j) at2<S>(out, r0 + i, j) = static_cast<S>(src[j]);
        }
      }
    });
    return 0;
  }
};

}  // namespace softmax_backward
AL_CPU_END
}  // namespace al
