// OpenMP lives here and only here (see threads.h).
#include "threads.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

namespace al {

namespace {

// Read by every kernel call; relaxed is enough: a count set by one Python thread only has to be
// seen by calls that start after it.
std::atomic<int> g_num_threads{0};

int initial_threads() {
  int n = omp_get_max_threads();  // honours OMP_NUM_THREADS
  return n < 1 ? 1 : n;
}

}  // namespace

int num_threads() {
  int n = g_num_threads.load(std::memory_order_relaxed);
  if (n == 0) {
    n = initial_threads();
    g_num_threads.store(n, std::memory_order_relaxed);
  }
  return n;
}

void set_num_threads(int n) { g_num_threads.store(n, std::memory_order_relaxed); }

void parallel_for(int64_t n, int64_t grain, int64_t align, RangeFn fn, void* ctx) {
  if (grain < 1) grain = 1;
  int64_t max_by_grain = std::max<int64_t>(1, n / grain);
  int nt = static_cast<int>(std::min<int64_t>(num_threads(), max_by_grain));
  if (nt <= 1) {
    fn(ctx, 0, n);
    return;
  }
  int64_t chunk = (n + nt - 1) / nt;
  if (align > 1) chunk = (chunk + align - 1) / align * align;
#pragma omp parallel num_threads(nt)
  {
    int64_t b = static_cast<int64_t>(omp_get_thread_num()) * chunk;
    int64_t e = std::min(n, b + chunk);
    if (b < e) fn(ctx, b, e);
  }
}

}  // namespace al
