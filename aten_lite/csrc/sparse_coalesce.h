// coalesce for sparse COO tensors: sort the entries by position and sum the duplicates.
//
//   kernel(dtype, out_values, out_keys, keys, values) -> u
//
// keys[k] is entry k's row-major linear position (Python folds the index rows into it), so
// one int64 sort orders the entries. The first u elements of out_keys receive the distinct
// keys in increasing order and those of out_values the sum of each key's values (summed in
// the compute type, in the order the entries came: the result does not depend on threads).
// Both outs have nnz elements; the kernel returns u.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "sparse_common.h"

namespace al {
AL_CPU_BEGIN
namespace sparse_coalesce {

using ::al::sparse::at;
using ::al::sparse::is_1d;

// Below this many entries a comparison sort beats the passes of the radix sort.
constexpr int64_t kRadixMin = 2048;
constexpr int kDigitBits = 16;

// The order of the entries, stable, by key: a comparison sort for few entries, else an LSD
// radix sort over 16-bit digits (only as many passes as the largest key needs).
inline std::vector<int64_t> sorted_order(const std::vector<int64_t>& keys) {
  int64_t n = static_cast<int64_t>(keys.size());
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), int64_t{0});
  if (n < kRadixMin) {
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return keys[a] < keys[b]; });
    return order;
  }
  std::vector<uint64_t> key(keys.begin(), keys.end());
  uint64_t top = 0;
  for (uint64_t k : key) top |= k;
  std::vector<uint64_t> key2(key.size());
  std::vector<int64_t> order2(order.size());
  std::vector<int64_t> count(size_t{1} << kDigitBits);
  for (int shift = 0; shift < 64 && (top >> shift) != 0; shift += kDigitBits) {
    std::fill(count.begin(), count.end(), 0);
    const uint64_t mask = (uint64_t{1} << kDigitBits) - 1;
    for (int64_t k = 0; k < n; ++k) ++count[(key[k] >> shift) & mask];
    int64_t sum = 0;
    for (int64_t& c : count) {
      int64_t here = c;
      c = sum;
      sum += here;
    }
    for (int64_t k = 0; k < n; ++k) {
      int64_t slot = count[(key[k] >> shift) & mask]++;
      key2[slot] = key[k];
      order2[slot] = order[k];
    }
    key.swap(key2);
    order.swap(order2);
  }
  return order;
}

// The keys as this run reads them, once (Note [Indices read once] in sparse_common.h): the
// sort and the merge then agree on one set of keys whatever another thread writes meanwhile.
// Empty when a key is negative at that moment.
inline std::vector<int64_t> read_keys(const TensorRef& keys) {
  std::vector<int64_t> copy(static_cast<size_t>(keys.sizes[0]));
  bool ok = true;
  for (size_t k = 0; k < copy.size(); ++k) {
    copy[k] = ::al::sparse::load_index(keys, static_cast<int64_t>(k));
    ok &= copy[k] >= 0;
  }
  if (!ok) copy.clear();
  return copy;
}

struct Kernel {
  static constexpr int kTensors = 3;  // not counting out (the values written)
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"out_keys", "keys", "values", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kInt64, kInt64, kComputeDType};
  static constexpr uint32_t kWrites = 0b0011;  // out (values) and out_keys

  static const char* check(const TensorRef* t, const Scalar*) {
    int64_t nnz = t[2].ndim == 1 ? t[2].sizes[0] : -1;
    if (nnz < 0 || !is_1d(t[0], nnz) || !is_1d(t[1], nnz) || !is_1d(t[3], nnz)) {
      return "out, out_keys, keys and values must be 1-D of one length (nnz)";
    }
    if (nnz > INT32_MAX) return "more than 2**31 - 1 entries; the count would not fit the result";
    for (int64_t k = 0; k < nnz; ++k) {
      if (at<int64_t>(t[2], k) < 0) return "keys must be non-negative";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using C = compute_t<S>;
    const TensorRef& values = t[3];
    int64_t n = t[2].sizes[0];
    if (n == 0) return 0;
    std::vector<int64_t> keys = read_keys(t[2]);
    if (keys.empty()) return kIndexChanged;
    // Entries already in order (the common case: coalesce of a coalesced pattern) need no sort.
    bool sorted = std::is_sorted(keys.begin(), keys.end());
    std::vector<int64_t> order;
    if (!sorted) order = sorted_order(keys);
    auto entry = [&](int64_t k) { return sorted ? k : order[static_cast<size_t>(k)]; };
    int64_t u = -1;
    int64_t last = -1;
    C acc{};
    for (int64_t k = 0; k < n; ++k) {
      int64_t e = entry(k);
      int64_t key = keys[static_cast<size_t>(e)];
      C v = static_cast<C>(at<S>(values, e));
      if (key != last) {
        if (u >= 0) at<S>(t[0], u) = static_cast<S>(acc);
        at<int64_t>(t[1], ++u) = key;
        last = key;
        acc = v;
      } else {
        acc = static_cast<C>(acc + v);
      }
    }
    at<S>(t[0], u) = static_cast<S>(acc);
    return static_cast<int>(u + 1);
  }
};

}  // namespace sparse_coalesce
AL_CPU_END
}  // namespace al
