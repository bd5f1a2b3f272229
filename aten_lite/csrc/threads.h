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

#include <atomic>
#include <cstdint>

namespace al {

int num_threads();
void set_num_threads(int n);

// Note [Interrupting kernels]
// A kernel call long enough to release the GIL gets a CallControl from the core
// (kernel_object.cpp). Its work is cut into pieces of at most kPieceGrains grains, and long
// loops inside one piece (a single huge reduction) check every ~64K elements as well; between
// pieces every thread asks stop_requested(). On the thread that called the kernel, when it is
// Python's main thread, that check takes the GIL back at most every kPollMillis to run
// PyErr_CheckSignals: a pending Ctrl-C then raises KeyboardInterrupt there, sets `stop`, and
// every thread abandons its remaining pieces, so the call ends (with the exception) within a
// piece's time. Kernels shorter than kPollMillis never touch the GIL, and between polls a check
// is a thread-local read and a coarse clock read, so ordinary kernels pay nothing measurable.
struct CallControl {
  std::atomic<bool> stop{false};
  // Runs on the calling thread, GIL released: true when the call must stop (a Python
  // exception is then set). Null when this call cannot take signals (not the main thread).
  bool (*poll)(CallControl*) = nullptr;
  void* state = nullptr;        // poll's own (the saved PyThreadState)
  int64_t next_poll_ms = 0;     // coarse monotonic clock
};

constexpr int64_t kPollMillis = 50;
// A piece of parallel work holds at most this many grains (about 1M elements' work).
constexpr int64_t kPieceGrains = 32;

// Makes `c` the control of the calling thread's kernel call; returns the previous one, which
// the caller restores when the call ends (a signal handler may call kernels itself).
CallControl* swap_call_control(CallControl* c);

// Whether the current kernel call should give up now (Note [Interrupting kernels]).
bool stop_requested();

using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);

// Runs fn(ctx, b, e) over disjoint ranges covering [0, n), using at most num_threads()
// threads and at least `grain` items per thread (Note [Claimed pieces]); fn may be called
// several times per thread, in any order. Range boundaries fall on multiples of `align` items
// (64 elements keeps threads off each other's cache lines). A parallel_for called from inside
// fn, or while another thread's job runs, runs inline. Pieces not yet started are skipped
// once stop_requested() (Note [Interrupting kernels]).
void parallel_for(int64_t n, int64_t grain, int64_t align, RangeFn fn, void* ctx);

// f over [0, n) on this thread, in pieces of at most kPieceGrains grains with a stop check
// between them (Note [Interrupting kernels]).
template <class F>
inline void serial_range(int64_t n, int64_t grain, const F& f, int64_t align = 1) {
  int64_t piece = (grain < 1 ? 1 : grain) * kPieceGrains;
  if (n <= piece) {
    f(int64_t{0}, n);
    return;
  }
  piece = (piece + align - 1) / align * align;
  for (int64_t b = 0; b < n && !stop_requested(); b += piece) f(b, b + piece < n ? b + piece : n);
}

// parallel_for for a callable f(begin, end); runs on this thread when the work is below two
// grains.
template <class F>
inline void parallel_range(int64_t n, int64_t grain, const F& f, int64_t align = 1) {
  if (n < 2 * grain || num_threads() <= 1) {
    serial_range(n, grain, f, align);
    return;
  }
  parallel_for(
      n, grain, align,
      [](void* ctx, int64_t b, int64_t e) { (*static_cast<const F*>(ctx))(b, e); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

}  // namespace al
