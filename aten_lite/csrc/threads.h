// The thread pool seen by kernels: one global thread count and a parallel range helper.
//
// Kernels call parallel_for through a plain function pointer, so the generated translation
// units stay cheap to compile; the pool itself lives in threads.cpp.
//
// Note [Claimed pieces]
// A job is cut into a few pieces per thread, which the caller and the workers claim one at a
// time from an atomic counter; the caller then waits only for pieces another thread claimed.
// A fork-join pool (OpenMP) instead waits for every worker to arrive: on a machine whose other
// cores are busy with other processes, a worker that is not scheduled made a 1M-element add
// 50-100x slower with two threads than with one. Here the caller simply runs the pieces nobody
// took, so two threads are never much slower than one, and about twice as fast when a core is
// free. Workers poll briefly for the next job, then sleep.
#pragma once

#include <cstdint>

namespace al {

int num_threads();
void set_num_threads(int n);

using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);

// Runs fn(ctx, b, e) over disjoint ranges covering [0, n), using at most num_threads()
// threads and at least `grain` items per thread (Note [Claimed pieces]); fn may be called
// several times per thread, in any order. Range boundaries fall on multiples of `align` items
// (64 elements keeps threads off each other's cache lines). A parallel_for called from inside
// fn, or while another thread's job runs, runs inline.
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
