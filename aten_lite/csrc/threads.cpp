// The kernels' thread pool (see threads.h, Note [Claimed pieces]).
#include "threads.h"

#include <pthread.h>
#include <time.h>

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
// Most pieces of one job: their index must stay below kClosed.
constexpr int64_t kMaxPieces = int64_t{1} << 30;

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
  std::atomic<CallControl*> control{nullptr};  // of the kernel call that opened the job
  std::atomic<int64_t> done{0};  // pieces finished in the current job

  std::mutex job_mu;       // one job at a time; a second caller runs its range inline
  std::mutex sleep_mu;     // with wake: idle workers block here
  std::condition_variable wake;
  std::atomic<int> sleepers{0};
  int workers = 0;         // started so far (under job_mu); they never exit
};

Pool* g_pool = new Pool;  // never destroyed: workers may still be polling it at exit
thread_local bool t_in_job = false;  // a kernel running a piece does not start another job
thread_local bool t_is_worker = false;  // pool threads never poll Python
thread_local CallControl* t_control = nullptr;  // Note [Interrupting kernels]

int64_t coarse_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Claims every piece of job `gen` not yet claimed, counting them as done: nobody runs them.
void abandon_pieces(Pool& p, uint64_t gen) {
  for (;;) {
    uint64_t s = p.state.load();
    int64_t pieces = p.pieces.load();
    int64_t next = static_cast<int64_t>(s & kClosed);
    if ((s >> 32) != gen || next >= pieces) return;
    if (p.state.compare_exchange_weak(s, gen << 32 | static_cast<uint64_t>(pieces))) {
      p.done.fetch_add(pieces - next);
      return;
    }
  }
}

// Claims and runs pieces of job `gen` until none is left; returns how many it ran.
int64_t run_pieces(Pool& p, uint64_t gen) {
  int64_t ran = 0;
  CallControl* saved = t_control;
  for (;;) {
    uint64_t s = p.state.load();
    if ((s >> 32) != gen || (s & kClosed) >= static_cast<uint64_t>(p.pieces.load())) break;
    RangeFn fn = p.fn.load();
    void* ctx = p.ctx.load();
    CallControl* control = p.control.load();
    int64_t n = p.n.load(), piece = p.piece.load();
    if (!p.state.compare_exchange_weak(s, s + 1)) continue;
    t_control = control;
    if (stop_requested()) {  // Note [Interrupting kernels]: skip this piece and the rest
      p.done.fetch_add(1);
      abandon_pieces(p, gen);
      break;
    }
    int64_t b = static_cast<int64_t>(s & kClosed) * piece;
    fn(ctx, b, std::min(n, b + piece));
    ++ran;
    p.done.fetch_add(1);
  }
  t_control = saved;
  return ran;
}

void worker_main(Pool* pool) {
  Pool& p = *pool;
  t_in_job = true;
  t_is_worker = true;
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

CallControl* swap_call_control(CallControl* c) {
  if (c != nullptr) c->next_poll_ms = coarse_ms() + kPollMillis;
  CallControl* previous = t_control;
  t_control = c;
  return previous;
}

bool stop_requested() {
  CallControl* c = t_control;
  if (c == nullptr) return false;
  if (c->stop.load(std::memory_order_relaxed)) return true;
  if (c->poll == nullptr || t_is_worker) return false;
  int64_t now = coarse_ms();
  if (now < c->next_poll_ms) return false;
  c->next_poll_ms = now + kPollMillis;
  if (!c->poll(c)) return false;
  c->stop.store(true, std::memory_order_relaxed);
  return true;
}

void parallel_for(int64_t n, int64_t grain, int64_t align, RangeFn fn, void* ctx) {
  if (grain < 1) grain = 1;
  if (align < 1) align = 1;
  int64_t nt = std::min<int64_t>(num_threads(), std::max<int64_t>(1, n / grain));
  Pool& p = *g_pool;
  std::unique_lock<std::mutex> job(p.job_mu, std::defer_lock);
  // Pieces of at most kPieceGrains grains, so that a stop is seen soon (Note [Interrupting
  // kernels]), yet not more than kMaxPieces.
  int64_t most = std::max(grain * kPieceGrains, (n + kMaxPieces - 1) / kMaxPieces);
  if (nt <= 1 || t_in_job || !job.try_lock()) {
    int64_t piece = (most + align - 1) / align * align;
    for (int64_t b = 0; b < n && !stop_requested(); b += piece) fn(ctx, b, std::min(n, b + piece));
    return;
  }
  start_workers(p, static_cast<int>(nt) - 1);
  int64_t pieces = std::min(nt * kPiecesPerThread, std::max<int64_t>(nt, n / grain));
  int64_t piece = std::min((n + pieces - 1) / pieces, most);
  piece = (piece + align - 1) / align * align;
  pieces = (n + piece - 1) / piece;
  // Open the job: fields first, then the state that names it (Note [Claimed pieces]).
  uint64_t gen = (p.state.load() >> 32) + 1;
  p.fn.store(fn);
  p.ctx.store(ctx);
  p.n.store(n);
  p.piece.store(piece);
  p.pieces.store(pieces);
  p.control.store(t_control);
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
      stop_requested();  // keeps polling for the workers' long pieces
      std::this_thread::yield();
    }
  }
  // Close it under a new generation, so a worker still holding this job's state fails to claim.
  p.state.store((gen + 1) << 32 | kClosed);
}

}  // namespace al
