// out = 2 * self, for 1-D tensors: a hand-written kernel template of the library (cpp: twice).
#pragma once

#include <cstdint>

#include "aten_lite/csrc/kernel_api.h"

namespace al::twice {

struct Kernel {
  static constexpr int kTensors = 1;
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"self", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b1;

  static const char* check(const TensorRef* t, const Scalar*) {
    if (t[0].ndim != 1 || t[1].ndim != 1 || t[0].sizes[0] != t[1].sizes[0]) {
      return "out and self must be 1-D of one length";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    for (int64_t i = 0; i < t[1].sizes[0]; ++i) {
      const S x = *reinterpret_cast<const S*>(t[1].data + i * t[1].strides[0]);
      *reinterpret_cast<S*>(t[0].data + i * t[0].strides[0]) = x + x;
    }
    return 0;
  }
};

}  // namespace al::twice
