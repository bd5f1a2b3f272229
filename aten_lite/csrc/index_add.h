// index_add along one dim, the gradient of every row lookup (embedding, x[idx]):
//
//   kernel(dtype, out, index, source, wrap_negative) -> rows done
//
// out is (P, R, K) and source (P, N, K), any strides; index is int64 (N,). For each p and
// each column k, the kernel adds source[p, n, k] into out[p, index[n], k] for n = 0, 1, ...
// in that order, so repeated indices add up in one fixed order: the result is the same for
// any thread count (threads split the (p, column block) pairs, never n). With wrap_negative,
// an index in [-R, 0) counts from the end, as index_put's indices do.
//
// The indices are read once into a private copy and checked before anything is written
// (Note [Indices read once] in sparse_common.h: no other thread can change what is used). The
// kernel returns N when every index was in range, else the position of the first one that was
// not, having written nothing: the caller names that index in its message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace index_add {

using ::al::sparse::at;

// Columns per piece of work: a block of out's and source's rows that stays in L1 (bounded, so
// the interrupt check between pieces comes often enough, Note [Interrupting kernels]).
constexpr int64_t kColumns = 512;
// Elements per thread before another thread pays off.
constexpr int64_t kGrainElements = 32768;

template <class S>
inline S& at3(const TensorRef& r, int64_t i, int64_t j, int64_t k) {
  return *reinterpret_cast<S*>(r.data + i * r.strides[0] + j * r.strides[1] + k * r.strides[2]);
}

// o[j] += s[j] over m unit-stride elements: the loop GCC vectorises.
template <class S>
inline void add_row(int64_t m, const S* __restrict s, S* __restrict o) {
  for (int64_t j = 0; j < m; ++j) o[j] = static_cast<S>(o[j] + s[j]);
}

// Columns [c0, c0 + m) of slice p, every index in order.
template <class S>
void add_block(const TensorRef* t, const std::vector<int64_t>& idx, int64_t p, int64_t c0,
               int64_t m) {
  using C = compute_t<S>;
  const TensorRef &out = t[0], &src = t[2];
  const auto unit = static_cast<int64_t>(sizeof(S));
  bool contiguous = out.strides[2] == unit && src.strides[2] == unit;
  for (std::size_t n = 0; n < idx.size(); ++n) {
    // Note [Interrupting kernels] in threads.h: one piece may hold many indices.
    if ((n & 4095) == 4095 && stop_requested()) return;
    S* o = &at3<S>(out, p, idx[n], c0);
    const S* s = &at3<S>(src, p, static_cast<int64_t>(n), c0);
    if constexpr (std::is_same_v<S, C> && !std::is_same_v<S, bool>) {
      if (contiguous) {
        add_row<S>(m, s, o);
        continue;
      }
    }
    for (int64_t j = 0; j < m; ++j) {
      S& x = *reinterpret_cast<S*>(reinterpret_cast<char*>(o) + j * out.strides[2]);
      C y = static_cast<C>(*reinterpret_cast<const S*>(reinterpret_cast<const char*>(s) +
                                                        j * src.strides[2]));
      x = static_cast<S>(static_cast<C>(x) + y);
    }
  }
}

struct Kernel {
  static constexpr int kTensors = 2;  // not counting out
  static constexpr int kScalars = 1;
  static constexpr const char* kTensorNames[] = {"index", "source", nullptr};
  static constexpr const char* kScalarNames[] = {"wrap_negative", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kInt64, kComputeDType};
  static constexpr uint32_t kWrites = 0b001;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &index = t[1], &src = t[2];
    if (out.ndim != 3 || src.ndim != 3 || index.ndim != 1) {
      return "out (P, R, K) and source (P, N, K) must be 3-D and index (N,) 1-D";
    }
    if (src.sizes[0] != out.sizes[0] || src.sizes[1] != index.sizes[0] ||
        src.sizes[2] != out.sizes[2]) {
      return "source must be (P, N, K) for out (P, R, K) and an index of length N";
    }
    if (index.sizes[0] > INT32_MAX) return "more than 2**31 - 1 indices; the count would not fit";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    const TensorRef& index = t[1];
    int64_t rows = t[0].sizes[1], n = index.sizes[0];
    bool wrap = s[0].i != 0;
    std::vector<int64_t> idx(static_cast<std::size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      int64_t v = ::al::sparse::load_index(index, k);
      if (wrap && v < 0) v += rows;
      if (!::al::sparse::in_range(v, rows)) return static_cast<int>(k);
      idx[static_cast<std::size_t>(k)] = v;
    }
    int64_t planes = t[0].sizes[0], cols = t[0].sizes[2];
    if (n == 0 || planes == 0 || cols == 0) return static_cast<int>(n);
    int64_t blocks = (cols + kColumns - 1) / kColumns;
    int64_t per_piece = n * (cols < kColumns ? cols : kColumns);
    int64_t grain = kGrainElements / per_piece > 0 ? kGrainElements / per_piece : 1;
    parallel_range(planes * blocks, grain, [&](int64_t b, int64_t e) {
      for (int64_t w = b; w < e; ++w) {
        int64_t p = w / blocks, c0 = w % blocks * kColumns;
        add_block<S>(t, idx, p, c0, cols - c0 < kColumns ? cols - c0 : kColumns);
      }
    });
    return static_cast<int>(n);
  }
};

}  // namespace index_add
AL_CPU_END
}  // namespace al
