// The gradient of nll_loss (no class weights) with respect to self, in one kernel:
//
//   kernel(dtype, out, grad_output, target, ignore_index, reduction) -> 0, or 1 if a target
//   is bad
//
// out is (N, C), zero except -g at (r, target[r]) for every kept row, where g is grad_output[r]
// (reduction 0), grad_output / kept rows (1, divided in the compute type) or grad_output (2).
// The targets are read once into a private copy before anything is written: the mean needs
// the kept count first (Note [Indices read once] in sparse_common.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "nll_loss.h"

namespace al {
AL_CPU_BEGIN
namespace nll_loss_backward {

using ::al::sparse::at;
using ::al::sparse::at2;
using ::al::sparse::load_index;

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 2;
  static constexpr const char* kTensorNames[] = {"grad_output", "target", nullptr};
  static constexpr const char* kScalarNames[] = {"ignore_index", "reduction", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kInt64};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar* s) {
    return ::al::nll_loss::check_rows(t[0], t[2], t[1], s[1].i);
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &grad = t[1], &target = t[2];
    const int64_t ignore = s[0].i, reduction = s[1].i;
    const int64_t rows = out.sizes[0], classes = out.sizes[1];
    std::vector<int64_t> picked(static_cast<std::size_t>(rows));
    int64_t kept = 0;
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t c = load_index(target, r);
      picked[static_cast<std::size_t>(r)] = c;
      if (c == ignore) continue;
      if (c < 0 || c >= classes) return 1;
      ++kept;
    }
    if (out.strides[1] == static_cast<int64_t>(sizeof(S)) &&
        out.strides[0] == classes * static_cast<int64_t>(sizeof(S))) {
      // A fresh contiguous result (every kernel call from Python): one memset, whose zero
      // bytes are +0 in every floating dtype.
      std::memset(out.data, 0, static_cast<std::size_t>(rows * classes) * sizeof(S));
    } else {
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t j = 0; j < classes; ++j) at2<S>(out, r, j) = static_cast<S>(0);
    }
    C g = 0;
    if (reduction != 0) {
      g = static_cast<C>(*reinterpret_cast<const S*>(grad.data));
      if (reduction == 1) g = g / static_cast<C>(kept);
    }
    for (int64_t r = 0; r < rows; ++r) {
      if (picked[static_cast<std::size_t>(r)] == ignore) continue;
      const C gr = reduction == 0 ? static_cast<C>(at<S>(grad, r)) : g;
      at2<S>(out, r, picked[static_cast<std::size_t>(r)]) = static_cast<S>(-gr);
    }
    return 0;
  }
};

}  // namespace nll_loss_backward
AL_CPU_END
}  // namespace al
