// The kernels' thread pool (see threads.h, Note [Claimed pieces]).
#include "threads.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define AL_CPU_RELAX() _mm_pause()
#else
#define AL_CPU_RELAX() std::this_thread::yield()
#endif

namespace al {

namespace {

// Pieces per thread: enough that a thread which starts late finds work left for others to take.
constexpr int64_t kPiecesPerThread = 4;
// How long an idle worker polls for the next job before it sleeps: long enough to stay awake
// between the kernels of a Python loop, short enough not to hog a shared core.
constexpr auto kSpin = std::chrono::microseconds(200);
// state = generation << 32 | index of the next unclaimed piece; kClosed: nothing to claim.
constexpr uint64_t kClosed = 0xffffffffu;

std::atomic<int> g_num_threads{0};

int initial_threads() {
  // OMP_NUM_THREADS is the variable users already set to limit kernel threads.
  if (const char* env = std::getenv("OMP_NUM_THREADS")) {
    int n = std::atoi(env);
    if (n >= 1) return n;
  }
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

struct Pool {
  // The current job. Its fields are written only while state says kClosed, before the state
  // that opens it is published, so a worker that claims a piece reads the fields of that job.
  std::atomic<uint64_t> state{kClosed};
  std::atomic<RangeFn> fn{nullptr};
  std::atomic<void*> ctx{nullptr};
  std::atomic<int64_t> n{0}, piece{0}, pieces{0};
  std::atomic<int64_t> done{0};  // pieces finished in the current job

  std::mutex job_mu;       // one job at a time; a second caller runs its range inline
  std::mutex sleep_mu;     // with wake: idle workers block here
  std::condition_variable wake;
  std::atomic<int> sleepers{0};
  int workers = 0;         // started so far (under job_mu); they never exit
};

Pool* g_pool = new Pool;  // never destroyed: workers may still be polling it at exit
thread_local bool t_in_job = false;  // a kernel running a piece does not start another job

// Claims and runs pieces of job `gen` until none is left; returns how many it ran.
int64_t run_pieces(Pool& p, uint64_t gen) {
  int64_t ran = 0;
  for (;;) {
    uint64_t s = p.state.load();
    if ((s >> 32) != gen || (s & kClosed) >= static_cast<uint64_t>(p.pieces.load())) break;
    RangeFn fn = p.fn.load();
    void* ctx = p.ctx.load();
    int64_t n = p.n.load(), piece = p.piece.load();
    if (!p.state.compare_exchange_weak(s, s + 1)) continue;
    int64_t b = static_cast<int64_t>(s & kClosed) * piece;
    fn(ctx, b, std::min(n, b + piece));
    ++ran;
    p.done.fetch_add(1);
  }
  return ran;
}

void worker_main(Pool* pool) {
  Pool& p = *pool;
  t_in_job = true;
  uint64_t seen = p.state.load() >> 32;
  for (;;) {
    auto until = std::chrono::steady_clock::now() + kSpin;
    uint64_t gen = p.state.load() >> 32;
    for (int i = 0; gen == seen; ++i) {
      AL_CPU_RELAX();
      gen = p.state.load() >> 32;
      if ((i & 63) == 63 && std::chrono::steady_clock::now() > until) break;
    }
    if (gen == seen) {
      std::unique_lock<std::mutex> lock(p.sleep_mu);
      p.sleepers.fetch_add(1);
      p.wake.wait(lock, [&] { return (p.state.load() >> 32) != seen; });
      p.sleepers.fetch_sub(1);
      gen = p.state.load() >> 32;
    }
    seen = gen;
    run_pieces(p, gen);
  }
}

// After fork() only the forking thread exists: start over with a pool without workers.
void reset_after_fork() { g_pool = new Pool; }

void start_workers(Pool& p, int wanted) {
  static std::once_flag once;
  std::call_once(once, [] { pthread_atfork(nullptr, nullptr, reset_after_fork); });
  for (; p.workers < wanted; ++p.workers) std::thread(worker_main, &p).detach();
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
  if (align < 1) align = 1;
  int64_t nt = std::min<int64_t>(num_threads(), std::max<int64_t>(1, n / grain));
  Pool& p = *g_pool;
  std::unique_lock<std::mutex> job(p.job_mu, std::defer_lock);
  if (nt <= 1 || t_in_job || !job.try_lock()) {
    fn(ctx, 0, n);
    return;
  }
  start_workers(p, static_cast<int>(nt) - 1);
  int64_t pieces = std::min(nt * kPiecesPerThread, std::max<int64_t>(nt, n / grain));
  int64_t piece = (n + pieces - 1) / pieces;
  piece = (piece + align - 1) / align * align;
  pieces = (n + piece - 1) / piece;
  // Open the job: fields first, then the state that names it (Note [Claimed pieces]).
  uint64_t gen = (p.state.load() >> 32) + 1;
  p.fn.store(fn);
  p.ctx.store(ctx);
  p.n.store(n);
  p.piece.store(piece);
  p.pieces.store(pieces);
  p.done.store(0);
  p.state.store(gen << 32);
  if (p.sleepers.load() > 0) {
    std::lock_guard<std::mutex> lock(p.sleep_mu);
    p.wake.notify_all();
  }
  t_in_job = true;
  run_pieces(p, gen);
  t_in_job = false;
  // Wait only for pieces other threads claimed; none is left unclaimed now.
  for (int i = 0; p.done.load() < pieces; ++i) {
    if (i < 4096) {
      AL_CPU_RELAX();
    } else {
      std::this_thread::yield();
    }
  }
  // Close it under a new generation, so a worker still holding this job's state fails to claim.
  p.state.store((gen + 1) << 32 | kClosed);
}

}  // namespace al
