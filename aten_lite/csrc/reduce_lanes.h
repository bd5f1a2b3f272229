// The lanes a reduction folds into and the block sizes it folds by (reduce.h): what a
// just-in-time fused reduction (aten_lite/compile/jit/fused_loops.h) must share with the eager
// one to give its bits (Note [Fused reductions fold like reduce.h]), without parsing reduce.h.
#pragma once

#include <cstdint>

namespace al::reduce_detail {

constexpr int64_t kBlock = 4096;          // elements folded in Lane precision before widening
constexpr int64_t kChunk = 16 * kBlock;   // unit of work when one reduction is split over threads
// Most outputs accumulated together in loop 1: whole rows of inp are read at once (a block of
// 256 was twice as slow for a sum over dim 0 of 4096 x 4096), within L2.
constexpr int64_t kRowBlock = 16384;
// A single reduction reading at least this much (the L3 of the machines we measure on) streams
// from DRAM; fold_into then asks for the lines kPrefetchBytes ahead into L2, which gave ~6% more
// bandwidth on one core than the hardware prefetcher alone (4 KB ahead: ~3%, erratic; 16 KB:
// no better), and costs ~20% when the data is in cache, hence the threshold.
constexpr int64_t kFarBytes = int64_t{32} << 20;
constexpr int64_t kPrefetchBytes = 8192;

template <class R> constexpr int lanes() {
  constexpr int by_size = static_cast<int>(256 / sizeof(typename R::Lane));
  return by_size < 64 ? by_size : 64;
}

// Merges the lanes pairwise (for accuracy) into one Lane and resets them.
template <class R>
inline typename R::Lane merge_lanes(typename R::Lane* acc) {
  constexpr int L = lanes<R>();
  for (int w = L / 2; w >= 1; w /= 2) {
    for (int j = 0; j < w; ++j) acc[j] = R::merge(acc[j], acc[j + w]);
  }
  typename R::Lane result = acc[0];
  for (int j = 0; j < L; ++j) acc[j] = R::init();
  return result;
}

}  // namespace al::reduce_detail
