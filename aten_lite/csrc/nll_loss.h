// nll_loss for class indices without class weights, in one pass over the rows (what
// cross_entropy runs every training step; the weighted form stays in NumPy):
//
//   kernel(dtype, out, self, target, ignore_index, reduction) -> 0, or 1 if a target is bad
//
// self is (N, C) and target int64 (N,), any strides; out is (N,) for reduction 0 (none), else
// 0-dim. A row whose target is ignore_index counts for nothing (0 under none); mean divides
// by the rows kept (NaN when none is, as torch's 0/0). The sum is taken in double and rounded
// once. Each target is read once (Note [Indices read once] in sparse_common.h); one out of
// [0, C) that is not ignore_index stops the kernel with 1, and Python names it.
#pragma once

#include <cstdint>
#include <limits>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace nll_loss {

using ::al::sparse::at;
using ::al::sparse::at2;
using ::al::sparse::load_index;

// What the loss kernels share: self (or the gradient) is (N, C), target (N,), and the
// per-row or 0-dim operand matches the reduction (0 none, 1 mean, 2 sum).
inline const char* check_rows(const TensorRef& rows, const TensorRef& target,
                              const TensorRef& per_row, int64_t reduction) {
  if (rows.ndim != 2) return "self must be 2-D (rows, classes)";
  if (target.ndim != 1 || target.sizes[0] != rows.sizes[0])
    return "target must be 1-D with one class index per row of self";
  if (reduction < 0 || reduction > 2) return "reduction must be 0, 1 or 2";
  if (reduction == 0 ? (per_row.ndim != 1 || per_row.sizes[0] != rows.sizes[0])
                     : per_row.ndim != 0)
    return "the loss (or its gradient) must be (N,) for reduction 0, else 0-dim";
  return nullptr;
}

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 2;
  static constexpr const char* kTensorNames[] = {"self", "target", nullptr};
  static constexpr const char* kScalarNames[] = {"ignore_index", "reduction", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kInt64};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar* s) {
    return check_rows(t[1], t[2], t[0], s[1].i);
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &self = t[1], &target = t[2];
    const int64_t ignore = s[0].i, reduction = s[1].i;
    const int64_t rows = self.sizes[0], classes = self.sizes[1];
    double total = 0;
    int64_t kept = 0;
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t c = load_index(target, r);
      if (c == ignore) {
        if (reduction == 0) at<S>(out, r) = static_cast<S>(0);
        continue;
      }
      if (c < 0 || c >= classes) return 1;
      const C loss = -static_cast<C>(at2<S>(self, r, c));
      if (reduction == 0) {
        at<S>(out, r) = static_cast<S>(loss);
      } else {
        total += static_cast<double>(loss);
        ++kept;
      }
    }
    if (reduction == 1)
      total = kept ? total / static_cast<double>(kept) : std::numeric_limits<double>::quiet_NaN();
    if (reduction != 0) *reinterpret_cast<S*>(out.data) = static_cast<S>(static_cast<C>(total));
    return 0;
  }
};

}  // namespace nll_loss
AL_CPU_END
}  // namespace al
