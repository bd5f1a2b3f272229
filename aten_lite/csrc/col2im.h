// The fold of a stride-1 convolution's columns back onto its flat padded planes, the inner
// step of col2im and of every transposed convolution with stride 1 (so of every plain
// convolution's input gradient; Note [Flat windows] in aten_lite/backends/cpu/convolution.py):
//
//   kernel(dtype, out, cols, offsets) -> offsets checked
//
// out is (P, R) and cols (P, K, Q), any strides; offsets is int64 (K,). The kernel sets
// out[p, :] to zero and then adds cols[p, k, j] into out[p, offsets[k] + j] for k = 0, 1, ...
// in that order: the sum NumPy's `flat[:, off:off + Q] += cols[:, k]` loop made, bit for bit,
// in one pass over each plane instead of K passes over all of them. Threads split the planes,
// so the result is the same for any thread count.
//
// The offsets are read once into a private copy and checked (0 <= offset and offset + Q <= R)
// before anything is written. The kernel returns K when every offset was in range, else the
// position of the first one that was not, having written nothing: the caller names it.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace col2im {

// Planes per thread before another thread pays off, counted in elements added.
constexpr int64_t kGrainElements = 32768;

// o[j] += s[j] over m unit-stride elements: the loop GCC vectorises.
template <class S>
inline void add_run(int64_t m, const S* __restrict s, S* __restrict o) {
  for (int64_t j = 0; j < m; ++j) o[j] = static_cast<S>(o[j] + s[j]);
}

template <class S>
void fold_plane(const TensorRef* t, const std::vector<int64_t>& off, int64_t p) {
  using C = compute_t<S>;
  const TensorRef &out = t[0], &cols = t[1];
  const int64_t R = out.sizes[1], Q = cols.sizes[2];
  const int64_t os = out.strides[1], cs = cols.strides[2];
  const auto unit = static_cast<int64_t>(sizeof(S));
  char* o = out.data + p * out.strides[0];
  for (int64_t j = 0; j < R; ++j) *reinterpret_cast<S*>(o + j * os) = static_cast<S>(C(0));
  for (std::size_t k = 0; k < off.size(); ++k) {
    const char* c = cols.data + p * cols.strides[0] + static_cast<int64_t>(k) * cols.strides[1];
    char* dst = o + off[k] * os;
    if constexpr (std::is_same_v<S, C> && !std::is_same_v<S, bool>) {
      if (os == unit && cs == unit) {
        add_run<S>(Q, reinterpret_cast<const S*>(c), reinterpret_cast<S*>(dst));
        continue;
      }
    }
    for (int64_t j = 0; j < Q; ++j) {
      S& x = *reinterpret_cast<S*>(dst + j * os);
      x = static_cast<S>(static_cast<C>(x) +
                         static_cast<C>(*reinterpret_cast<const S*>(c + j * cs)));
    }
  }
}

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"cols", "offsets", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kInt64};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &cols = t[1], &offsets = t[2];
    if (out.ndim != 2 || cols.ndim != 3 || offsets.ndim != 1) {
      return "out (P, R) must be 2-D, cols (P, K, Q) 3-D and offsets (K,) 1-D";
    }
    if (cols.sizes[0] != out.sizes[0] || cols.sizes[1] != offsets.sizes[0]) {
      return "cols must be (P, K, Q) for out (P, R) and K offsets";
    }
    if (offsets.sizes[0] > INT32_MAX) return "more than 2**31 - 1 offsets; the count would not fit";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    const TensorRef& offsets = t[2];
    const int64_t K = offsets.sizes[0], R = t[0].sizes[1], Q = t[1].sizes[2];
    std::vector<int64_t> off(static_cast<std::size_t>(K));
    for (int64_t k = 0; k < K; ++k) {
      const int64_t v = ::al::sparse::load_index(offsets, k);
      if (v < 0 || v > R - Q) return static_cast<int>(k);
      off[static_cast<std::size_t>(k)] = v;
    }
    const int64_t planes = t[0].sizes[0];
    if (planes == 0 || R == 0) return static_cast<int>(K);
    const int64_t per_plane = R + K * Q;
    const int64_t grain = kGrainElements / per_plane > 0 ? kGrainElements / per_plane : 1;
    parallel_range(planes, grain, [&](int64_t b, int64_t e) {
      for (int64_t p = b; p < e; ++p) fold_plane<S>(t, off, p);
    });
    return static_cast<int>(K);
  }
};

}  // namespace col2im
AL_CPU_END
}  // namespace al
