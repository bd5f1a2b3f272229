// The thread pool seen by kernels: one global thread count and a parallel range helper.
//
// Only threads.cpp is compiled with OpenMP pragmas; kernels call parallel_for through a plain
// function pointer so the generated translation units stay cheap to compile.
#pragma once

#include <cstdint>

namespace al {

int num_threads();
void set_num_threads(int n);

using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);

// Runs fn(ctx, b, e) over [0, n) cut into one contiguous chunk per thread, using at most
// num_threads() threads and at least `grain` items per thread. Chunk boundaries fall on
// multiples of `align` items (64 elements keeps threads off each other's cache lines).
void parallel_for(int64_t n, int64_t grain, int64_t align, RangeFn fn, void* ctx);

// parallel_for for a callable f(begin, end); runs inline when the work is below two grains.
template <class F>
inline void parallel_range(int64_t n, int64_t grain, const F& f, int64_t align = 1) {
  if (n < 2 * grain || num_threads() <= 1) {
    f(int64_t{0}, n);
    return;
  }
  parallel_for(
      n, grain, align,
      [](void* ctx, int64_t b, int64_t e) { (*static_cast<const F*>(ctx))(b, e); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

}  // namespace al
