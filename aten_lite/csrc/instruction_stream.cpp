// The CPU instruction stream (Note [The instruction stream] in instruction_stream.h).
#include "instruction_stream.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#include "kernel_object.h"
#include "registry.h"
#include "threads.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define AL_STREAM_RELAX() _mm_pause()
#else
#define AL_STREAM_RELAX() std::this_thread::yield()
#endif

namespace al {

namespace {

using Clock = std::chrono::steady_clock;

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
      .count();
}

// ---- instructions ---------------------------------------------------------------------------

// Turns a queued entry's return code into an error message ("" when the call succeeded).
using ErrorDecoder = std::string (*)(const KernelInfo& info, int rc, const TensorRef* refs,
                                     const Scalar* scalars);

struct Instruction {
  const KernelInfo* info;
  ErrorDecoder decode;
  int code;
  int n_arrays;
  TensorRef refs[kMaxKernelArgs + 1];
  Scalar scalars[kMaxKernelArgs];
  PyObject* owned[kMaxKernelArgs + 1];  // a reference to each ndarray, released by the producer
  PyObject* site_code;  // the issuing Python code object (owned), or null
  int site_line;
  int64_t work;
  // Written by the thread that runs it, read by the producer after `head` passes it.
  int64_t t_enqueue, t_start, t_end;
  bool on_worker;
  bool skipped;
};

struct Stream {
  Instruction ring[kStreamSlots];
  // Monotonic indices; slot = index % kStreamSlots. reclaimed <= head <= tail. The producer's
  // fields and the runner's `head` sit on cache lines of their own, so neither side's writes
  // take the other's line away from it.
  alignas(64) std::atomic<uint64_t> tail{0};  // next slot to fill (producer, GIL held)
  uint64_t reclaimed = 0;         // next slot whose references to release (producer)
  std::atomic<uint64_t> issued{0};  // instructions ever queued (for trace_dispatch's `queued`)
  alignas(64) std::atomic<uint64_t> head{0};  // next instruction to run (under run_mu)
  alignas(64) char head_line_end = 0;

  std::mutex run_mu;  // held while an instruction runs: one at a time, in order
  std::mutex sleep_mu;
  std::condition_variable wake;       // the worker sleeps here
  std::condition_variable progressed; // a waiting caller sleeps here
  std::atomic<bool> worker_sleeping{false};  // cleared by the producer that wakes it
  std::atomic<int> waiters{0};
  // Bumped by the worker on every turn of its loop: a producer facing a full ring tells a
  // worker that is scheduled (about to take the next instruction) from one that is not.
  alignas(64) std::atomic<uint64_t> beat{0};
  alignas(64) uint64_t helped_at_beat = ~uint64_t{0};  // producer only
  bool worker_started = false;

  std::atomic<bool> enabled{false};
  std::atomic<int> depth{kDefaultStreamDepth};
  std::atomic<int64_t> slow_us{0};  // test hook: sleep before each instruction
  std::atomic<bool> poison{false};  // test hook: fill fresh results with a marker at issue
  std::atomic<bool> recording{false};

  // Sticky error: set once by the thread that ran the failing instruction.
  std::atomic<bool> failed{false};
  uint64_t error_index = 0;
  std::string error_message;
  PyObject* error_type = nullptr;  // borrowed exception class
  std::string error_op;
  std::string error_site;  // "file.py:42", filled in when the producer reclaims the slot

  // Ctrl-C: the worker's kernel stops, every pending instruction is skipped.
  CallControl worker_control;
  std::atomic<bool> discard{false};

  PyObject* records = nullptr;  // list of tuples (profiler hook), or null

  // Counters (_C.stream_stats(); docs/ASYNC.md, "Counters"): where the instructions ran and
  // what the issuing thread waited for. Each is written by one side at a time (the worker's
  // under run_mu or by the worker alone, the producer's with the GIL held), read anywhere.
  struct Counters {
    std::atomic<uint64_t> run_by_worker{0};
    std::atomic<uint64_t> run_by_caller{0};  // a full ring's help, a sync, a discard
    std::atomic<uint64_t> helped{0};         // of those, run by a producer facing a full ring
    std::atomic<uint64_t> full{0};           // appends that found the ring full
    std::atomic<uint64_t> wait_ns{0};        // time those appends spent waiting, helping aside
    std::atomic<uint64_t> sleeps{0};         // times the worker went to sleep
    std::atomic<uint64_t> wakes{0};          // notifications a producer sent to wake it
    std::atomic<uint64_t> in_call{0};        // calls run in the call: the worker fell behind
    std::atomic<uint64_t> fallbacks{0};      // times the stream switched to that
  } counters;

  // Note [When the worker is not scheduled] (producer only).
  int window_calls = 0;    // appends in the current window
  int window_helped = 0;   // of them, those that ran an instruction themselves
  int64_t in_call_left = 0;  // calls still to run in the call before the next try
  int64_t in_call_span = 0;  // how many the next fallback runs in the call
  int64_t try_wait = 0;      // calls of a try still waiting for the worker's first beat
  uint64_t try_beat = 0;     // the worker's beat when the try began
};

// One side's increment of a counter only it writes (no read-modify-write bus lock).
inline void bump(std::atomic<uint64_t>& c, uint64_t by = 1) {
  c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
}

Stream* g_stream = new Stream;  // never destroyed: the worker may still be polling it at exit
thread_local int t_inline_depth = 0;
// How long a producer facing a full ring waits for the worker before running an instruction
// itself (enqueue): well above the worker's step from one instruction to the next.
constexpr int kHelpAfterMicros = 3;
// How long a producer facing a full ring while the worker runs a kernel spins before it sleeps
// until the worker finishes one.
constexpr int kBlockAfterMicros = 50;

// Note [Waking the worker]
// The producer publishes an instruction with a release store of `tail` and then reads
// worker_sleeping with no fence in between: a sequentially consistent store there (an xchg on
// x86) waits for every store before it to reach the cache, the lines of the instruction
// among them, which the worker read last and the producer must first take back; measured, that
// was about 150 ns of a 0.45 us append. Without the fence the producer may read "awake" while
// its new `tail` is still on its way to the worker's core, just as the worker sets the flag
// and looks at `tail` one last time. So after setting the flag the worker keeps looking for
// kSleepRecheckMicros, far longer than a store takes to become visible, before it blocks.
// Should a wake-up still be missed, nothing waits on it: the next append finds the flag set
// and wakes the worker, a full ring runs the instruction in the producer (the worker's beat
// stands still), and a sync runs whatever is left itself.
constexpr int kSleepRecheckMicros = 20;

// Note [When the worker is not scheduled]
// On a loaded machine (more runnable threads than cores) the worker is often off its CPU: a
// full ring then finds it neither running an instruction nor taking the next, and the issuing
// thread runs the oldest instruction itself (enqueue). That keeps results coming, but costs
// more than a plain call (the ring's bookkeeping, and the worker still takes a share of the
// CPU when it is scheduled, spinning for instructions the caller already ran). So the producer
// watches windows of kWindowCalls appends: when at least three in four of one had to run an
// instruction itself (well above what a worker waking from its sleep costs, a few tens of
// microseconds of calls), it drains the stream and runs the next calls in the call, as with async
// execution off, for a span of calls that doubles while tries keep failing (from
// kInCallSpanMin to kInCallSpanMax), then queues again to try the worker afresh. Meanwhile
// the worker finds nothing to do and sleeps; so a try wakes it a few calls ahead, and its
// windows count only from the worker's first beat (or after kTryWaitCalls without one): on
// an idle machine in a VM, waking a halted CPU for the worker alone can take longer than a
// window of calls, which would fail the try on an idle core. With the test hook's delay on (slow_us) the stream
// never falls back: the tests count on instructions being queued.
constexpr int kWindowCalls = 64;
constexpr int64_t kInCallSpanMin = 256;
constexpr int64_t kInCallSpanMax = 16384;
constexpr int64_t kWakeBeforeTry = 8;
constexpr int64_t kTryWaitCalls = 4 * kWindowCalls;

// ---- error decoders ---------------------------------------------------------------------------

std::string decode_path(const KernelInfo& info, int rc, const TensorRef*, const Scalar*) {
  if (rc >= 0) return {};
  if (rc == kIndexChanged) {
    return "an index was out of range when the kernel read it, although it passed the check "
           "before the call: another thread wrote to the indices during the call; out is "
           "incomplete";
  }
  return std::string("kernel has no branch for this dtype (") + info.name + ")";
}

// nll_loss and its backward return 1 when a kept target is not a class: name the first one.
std::string decode_nll(const KernelInfo&, int rc, const TensorRef* t, const Scalar* s) {
  if (rc == 0) return {};
  if (rc < 0) return "kernel has no branch for this dtype";
  const TensorRef& target = t[2];
  // The (N, C) operand: self for the loss, out (the gradient) for its backward.
  const TensorRef& rows = t[1].ndim == 2 ? t[1] : t[0];
  int64_t classes = rows.ndim == 2 ? rows.sizes[1] : 0;
  int64_t ignore = s[0].i;
  for (int64_t r = 0; r < target.sizes[0]; ++r) {
    int64_t c = *reinterpret_cast<const int64_t*>(target.data + r * target.strides[0]);
    if (c != ignore && (c < 0 || c >= classes)) {
      return "Target " + std::to_string(c) + " is out of bounds for " + std::to_string(classes) +
             " classes";
    }
  }
  return "a target is out of bounds for " + std::to_string(classes) + " classes";
}

std::string decode_zero_ok(const KernelInfo&, int rc, const TensorRef*, const Scalar*) {
  if (rc >= 0) return {};
  return "kernel has no branch for this dtype";
}

// _gemm (small_gemm.cpp) returns 1 when out is not C-contiguous or a stride is not a whole
// number of elements; its Python caller hands it only fresh outputs and NumPy's arrays.
std::string decode_gemm(const KernelInfo&, int rc, const TensorRef*, const Scalar*) {
  if (rc == 0) return {};
  if (rc < 0) return "kernel has no branch for this dtype";
  return "out must be C-contiguous and every stride a whole number of elements";
}

// Custom entries whose return value no caller needs beyond "it succeeded", with how to read
// a failure. Every other custom entry runs in the call (after a drain): its caller reads what
// it returns (a row count, a flag).
struct CustomEntry {
  const char* name;
  ErrorDecoder decode;
};
const CustomEntry kQueuedCustom[] = {
    {"nll_loss", decode_nll},
    {"nll_loss_backward", decode_nll},
    {"log_softmax", decode_zero_ok},
    {"log_softmax_backward", decode_zero_ok},
    {"softmax", decode_zero_ok},
    {"softmax_backward", decode_zero_ok},
    {"_gemm", decode_gemm},
};

// Whether an entry with this decoder can fail on values it reads at run time (nll_loss's
// class indices). The others fail only for a dtype without a branch, which the dtype mask
// checked before the enqueue rules out: a queued elementwise, reduction, softmax or product
// entry cannot fail, so its instruction skips the issuing line's lookup (Note [The issuing
// line]).
bool fails_on_values(ErrorDecoder decode) { return decode == decode_nll; }

PyObject* error_type_of(const KernelInfo& info) {
  if (std::strncmp(info.name, "nll_loss", 8) == 0) return PyExc_IndexError;
  return PyExc_RuntimeError;
}

// ---- the producer side (GIL held) ----------------------------------------------------------

// Code objects whose file lies inside aten_lite (or its generated modules): the issuing line
// is the first frame outside them. Prefixes are set by Python at import.
std::vector<std::string> g_internal_prefixes;
struct SiteCacheEntry {
  PyObject* code;
  bool internal;
};
SiteCacheEntry g_site_cache[256];

bool internal_code(PyCodeObject* code) {
  auto& e = g_site_cache[(reinterpret_cast<uintptr_t>(code) >> 4) & 255];
  if (e.code == reinterpret_cast<PyObject*>(code)) return e.internal;
  const char* file = PyUnicode_AsUTF8(code->co_filename);
  bool internal = false;
  if (!file) {
    PyErr_Clear();
  } else {
    for (const std::string& p : g_internal_prefixes) {
      if (std::strncmp(file, p.c_str(), p.size()) == 0) {
        internal = true;
        break;
      }
    }
    if (!internal && file[0] == '<') internal = std::strncmp(file, "<fast entry", 11) == 0 ||
                                                std::strncmp(file, "<below-autograd", 15) == 0 ||
                                                std::strncmp(file, "<tensor constructor", 19) == 0;
  }
  e.code = reinterpret_cast<PyObject*>(code);
  e.internal = internal;
  return internal;
}

// Note [The issuing line]
// An instruction names the Python line that issued it for two readers only: the message of a
// kernel error raised at the next sync, and the profiler's records. Finding it walks the
// Python frames to the first one outside aten_lite, and each frame object the walk asks for
// is created for it and copied out when its function returns: on a small op that was the
// largest part of the enqueue. So it is looked up only for an instruction that can fail at
// run time (fails_on_values) or while the profiler records; any other instruction cannot
// raise, and the profiler, once on, sees every line.

// The first frame outside aten_lite: its code object (new reference) and line.
void issuing_site(PyObject** code_out, int* line_out) {
  *code_out = nullptr;
  *line_out = 0;
  PyFrameObject* f = PyThreadState_GetFrame(PyThreadState_Get());
  PyObject* fallback = nullptr;
  int fallback_line = 0;
  for (int hops = 0; f && hops < 64; ++hops) {
    PyCodeObject* code = PyFrame_GetCode(f);
    if (!internal_code(code)) {
      *code_out = reinterpret_cast<PyObject*>(code);
      *line_out = PyFrame_GetLineNumber(f);
      Py_DECREF(f);
      Py_XDECREF(fallback);
      return;
    }
    if (!fallback) {
      fallback = reinterpret_cast<PyObject*>(code);
      fallback_line = PyFrame_GetLineNumber(f);
    } else {
      Py_DECREF(code);
    }
    PyFrameObject* back = PyFrame_GetBack(f);
    Py_DECREF(f);
    f = back;
  }
  Py_XDECREF(f);
  *code_out = fallback;  // every frame is aten_lite's own (a test of the library itself)
  *line_out = fallback_line;
}

std::string site_text(PyObject* code, int line) {
  if (!code) return "an unknown line";
  const char* file = PyUnicode_AsUTF8(reinterpret_cast<PyCodeObject*>(code)->co_filename);
  if (!file) {
    PyErr_Clear();
    file = "?";
  }
  return std::string(file) + ":" + std::to_string(line);
}

// Storages shared with NumPy (docs/ASYNC.md, "Sync points"): keyed by the object
// that owns the memory, the end of the array's base chain.
std::unordered_set<PyObject*> g_shared;
std::unordered_map<PyObject*, PyObject*> g_shared_refs;  // root -> weakref (owned)

PyObject* root_of(PyObject* obj) {
  while (PyArray_Check(obj)) {
    PyObject* base = PyArray_BASE(reinterpret_cast<PyArrayObject*>(obj));
    if (!base) return obj;
    obj = base;
  }
  return obj;
}

bool touches_shared(PyObject* const* arrays, int n) {
  if (g_shared.empty()) return false;
  for (int k = 0; k < n; ++k) {
    if (g_shared.count(root_of(arrays[k]))) return true;
  }
  return false;
}

void start_worker();

// Releases the references of every instruction that has run, and notes a failure's site and
// the profiler's records (the GIL is held).
void reclaim() {
  Stream& s = *g_stream;
  uint64_t head = s.head.load(std::memory_order_acquire);
  while (s.reclaimed < head) {
    Instruction& in = s.ring[s.reclaimed % kStreamSlots];
    if (s.failed.load(std::memory_order_acquire) && s.reclaimed == s.error_index &&
        s.error_site.empty()) {
      s.error_site = site_text(in.site_code, in.site_line);
    }
    if (s.records && in.t_enqueue) {
      const char* file = "";
      if (in.site_code) {
        file = PyUnicode_AsUTF8(reinterpret_cast<PyCodeObject*>(in.site_code)->co_filename);
        if (!file) {
          PyErr_Clear();
          file = "?";
        }
      }
      PyObject* rec = Py_BuildValue("(ssiLLLsO)", in.info->name, file, in.site_line,
                                    static_cast<long long>(in.t_enqueue),
                                    static_cast<long long>(in.t_start),
                                    static_cast<long long>(in.t_end),
                                    in.on_worker ? "worker" : "caller",
                                    in.skipped ? Py_True : Py_False);
      if (rec) {
        PyList_Append(s.records, rec);
        Py_DECREF(rec);
      } else {
        PyErr_Clear();
      }
    }
    // The slot is released before the references: a finalizer the release runs may call a
    // kernel, which appends and reclaims in turn.
    PyObject* owned[kMaxKernelArgs + 1];
    int n = in.n_arrays;
    for (int k = 0; k < n; ++k) owned[k] = in.owned[k];
    PyObject* code = in.site_code;
    in.n_arrays = 0;
    in.site_code = nullptr;
    ++s.reclaimed;
    for (int k = 0; k < n; ++k) Py_DECREF(owned[k]);
    Py_XDECREF(code);
    head = s.head.load(std::memory_order_acquire);
  }
}

// Runs instruction `index` (run_mu held, GIL not needed).
void run_one(uint64_t index, bool on_worker) {
  Stream& s = *g_stream;
  Instruction& in = s.ring[index % kStreamSlots];
  in.on_worker = on_worker;
  int64_t slow = s.slow_us.load(std::memory_order_relaxed);
  if (slow > 0) {
    // The test hook's delay, cut short by Ctrl-C at a sync (discard).
    auto until = Clock::now() + std::chrono::microseconds(slow);
    while (!s.discard.load(std::memory_order_relaxed) && Clock::now() < until) {
      std::this_thread::sleep_for(std::min<Clock::duration>(until - Clock::now(),
                                                            std::chrono::milliseconds(1)));
    }
  }
  if (s.failed.load(std::memory_order_relaxed) || s.discard.load(std::memory_order_relaxed)) {
    in.skipped = true;
    in.t_start = in.t_end = in.t_enqueue ? now_ns() : 0;
  } else {
    in.skipped = false;
    if (in.t_enqueue) in.t_start = now_ns();
    // Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h: the dtype's variant.
    const KernelVariants* variants = kernel_variants(in.info);
    KernelFn fn = variants && in.code >= 0 && in.code < kNumDTypes ? variants->fn[in.code]
                                                                   : in.info->fn;
    int rc = fn(in.code, in.refs, in.scalars);
    if (in.t_enqueue) in.t_end = now_ns();
    std::string message = in.decode(*in.info, rc, in.refs, in.scalars);
    if (!message.empty() && !s.discard.load(std::memory_order_relaxed)) {
      s.error_index = index;
      s.error_message = std::move(message);
      s.error_type = error_type_of(*in.info);
      s.error_op = in.info->name;
      s.failed.store(true, std::memory_order_release);
    }
  }
  bump(on_worker ? s.counters.run_by_worker : s.counters.run_by_caller);  // run_mu held
  s.head.store(index + 1, std::memory_order_seq_cst);
  if (s.waiters.load(std::memory_order_seq_cst) > 0) {
    std::lock_guard<std::mutex> lock(s.sleep_mu);
    s.progressed.notify_all();
  }
}

// The worker: runs instructions in order; spins briefly for the next, then sleeps.
//
// It takes run_mu with try_lock only: while a producer runs an instruction itself (a full ring
// the worker was not scheduled for, a sync), the worker keeps spinning instead of blocking on
// the mutex, so the producer's unlock never has a sleeper to wake (a system call per
// instruction on a loaded machine), and the worker takes the next instruction as soon as it
// is back. On Linux it runs as SCHED_BATCH: a woken batch thread does not preempt the thread
// that woke it, so on a loaded machine a wake-up does not take the issuing thread's CPU away
// from it for a time slice.
void worker_main() {
  Stream& s = *g_stream;
#if defined(__linux__)
  {
    sched_param param{};
    param.sched_priority = 0;
    pthread_setschedparam(pthread_self(), SCHED_BATCH, &param);  // best effort
  }
#endif
  swap_call_control(&s.worker_control);  // Ctrl-C at a sync stops its kernel (threads.h)
  constexpr auto kSpin = std::chrono::microseconds(100);
  constexpr int kLockedOutSpins = 64;
  uint64_t beat = 0;
  int locked_out = 0;  // turns in a row that found run_mu held
  auto spin_until = Clock::now() + kSpin;
  for (;;) {
    s.beat.store(++beat, std::memory_order_relaxed);
    uint64_t h = s.head.load(std::memory_order_acquire);
    if (h != s.tail.load(std::memory_order_acquire)) {
      if (s.run_mu.try_lock()) {
        locked_out = 0;
        h = s.head.load(std::memory_order_acquire);
        if (h != s.tail.load(std::memory_order_acquire)) run_one(h, true);
        s.run_mu.unlock();
        spin_until = Clock::now() + kSpin;
      } else if (++locked_out < kLockedOutSpins) {
        for (int i = 0; i < 8; ++i) AL_STREAM_RELAX();  // a producer is running one
      } else {
        // Locked out for a while: the producer holding run_mu may have been preempted on
        // this very CPU (a loaded machine), so give it the CPU instead of spinning out the
        // time slice.
        std::this_thread::yield();
      }
      continue;
    }
    if (Clock::now() < spin_until) {
      // Spin, keeping the CPU: a sched_yield here hands it to any other runnable thread for
      // a whole time slice (measured: a worker that yielded ran a handful of loop turns per
      // millisecond at load 2 on 2 cores, and no instruction). A worker sharing the issuing
      // thread's CPU is Note [When the worker is not scheduled]'s case.
      for (int i = 0; i < 32; ++i) AL_STREAM_RELAX();
      continue;
    }
    // Sleep until a producer clears worker_sleeping (wake_worker); Note [Waking the worker].
    s.worker_sleeping.store(true, std::memory_order_seq_cst);
    auto recheck_until = Clock::now() + std::chrono::microseconds(kSleepRecheckMicros);
    bool work = false;
    while (!(work = s.head.load(std::memory_order_acquire) !=
                    s.tail.load(std::memory_order_acquire)) &&
           Clock::now() < recheck_until) {
      AL_STREAM_RELAX();
    }
    if (!work) {
      std::unique_lock<std::mutex> lock(s.sleep_mu);
      bump(s.counters.sleeps);
      while (s.worker_sleeping.load(std::memory_order_seq_cst) &&
             s.head.load(std::memory_order_seq_cst) == s.tail.load(std::memory_order_seq_cst)) {
        s.wake.wait(lock);
      }
    }
    s.worker_sleeping.store(false, std::memory_order_relaxed);
    spin_until = Clock::now() + kSpin;
  }
}

void start_worker() {
  Stream& s = *g_stream;
  if (s.worker_started) return;
  s.worker_started = true;
  std::thread(worker_main).detach();
}

// Called after `tail` moved (Note [Waking the worker]). Only the producer that clears the flag
// notifies: while a woken worker waits to be scheduled, later appends pay one load, not a lock
// and a system call each.
void wake_worker() {
  Stream& s = *g_stream;
  if (s.worker_sleeping.load(std::memory_order_relaxed) &&
      s.worker_sleeping.exchange(false, std::memory_order_seq_cst)) {
    bump(s.counters.wakes);
    std::lock_guard<std::mutex> lock(s.sleep_mu);
    s.wake.notify_one();
  }
}

// Runs the oldest pending instruction on this thread when nobody else is running one; true
// when it ran one. The GIL is held; a large one runs with it released.
bool help_once() {
  Stream& s = *g_stream;
  if (!s.run_mu.try_lock()) return false;
  uint64_t h = s.head.load(std::memory_order_acquire);
  bool ran = false;
  if (h != s.tail.load(std::memory_order_acquire)) {
    Instruction& in = s.ring[h % kStreamSlots];
    if (in.work >= 8192) {
      PyThreadState* state = PyEval_SaveThread();
      run_one(h, false);
      PyEval_RestoreThread(state);
    } else {
      run_one(h, false);
    }
    ran = true;
  }
  s.run_mu.unlock();
  return ran;
}

// Waits, GIL released, until `head` moves past `from` or `deadline`.
void wait_progress(uint64_t from, Clock::time_point deadline) {
  Stream& s = *g_stream;
  s.waiters.fetch_add(1);
  {
    std::unique_lock<std::mutex> lock(s.sleep_mu);
    s.progressed.wait_until(lock, deadline,
                            [&] { return s.head.load(std::memory_order_seq_cst) != from; });
  }
  s.waiters.fetch_sub(1);
}

// Skips every pending instruction (after Ctrl-C): their results stay unwritten.
void discard_pending() {
  Stream& s = *g_stream;
  s.discard.store(true);
  s.worker_control.stop.store(true);
  {
    std::lock_guard<std::mutex> run(s.run_mu);
    uint64_t t = s.tail.load(std::memory_order_acquire);
    for (uint64_t h = s.head.load(); h < t; ++h) run_one(h, false);  // skipped: discard set
    s.worker_control.stop.store(false);
    s.discard.store(false);
  }
}

bool raise_sticky() {
  Stream& s = *g_stream;
  if (!s.failed.load(std::memory_order_acquire)) return true;
  std::string op = s.error_op.substr(0, s.error_op.find('.'));
  std::string site = s.error_site.empty() ? "an unknown line" : s.error_site;
  PyErr_Format(s.error_type ? s.error_type : PyExc_RuntimeError,
               "al.%s (issued at %s): %s; set AL_LAUNCH_BLOCKING=1 to raise at the call",
               op.c_str(), site.c_str(), s.error_message.c_str());
  s.error_message.clear();
  s.error_site.clear();
  s.failed.store(false, std::memory_order_release);
  return false;
}

struct SyncPoll {
  CallControl control;
  CallControl* previous;
};

}  // namespace

bool stream_synchronize() {
  Stream& s = *g_stream;
  if (s.tail.load(std::memory_order_acquire) == s.reclaimed) {
    return !s.failed.load(std::memory_order_acquire) || raise_sticky();
  }
  uint64_t target = s.tail.load(std::memory_order_acquire);
  CallControl control;
  if (on_main_thread()) control.poll = poll_signals;
  CallControl* previous = swap_call_control(&control);
  control.state = PyEval_SaveThread();
  int64_t next_poll = 0;
  auto poll_due = [&]() {
    int64_t t = now_ns();
    if (t < next_poll) return false;
    next_poll = t + kPollMillis * 1000000;
    return true;
  };
  poll_due();
  while (s.head.load(std::memory_order_acquire) < target && !control.stop.load()) {
    if (s.run_mu.try_lock()) {
      // The worker is between instructions (or asleep): run what is left here.
      uint64_t h;
      while ((h = s.head.load(std::memory_order_acquire)) < target && !control.stop.load()) {
        run_one(h, false);
        if (control.poll && poll_due() && control.poll(&control)) control.stop.store(true);
      }
      s.run_mu.unlock();
      break;
    }
    uint64_t from = s.head.load(std::memory_order_acquire);
    auto spin_until = Clock::now() + std::chrono::microseconds(20);
    while (s.head.load(std::memory_order_acquire) == from && Clock::now() < spin_until) {
      AL_STREAM_RELAX();
    }
    if (s.head.load(std::memory_order_acquire) == from) {
      wait_progress(from, Clock::now() + std::chrono::milliseconds(kPollMillis));
    }
    if (control.poll && poll_due() && control.poll(&control)) control.stop.store(true);
  }
  PyEval_RestoreThread(static_cast<PyThreadState*>(control.state));
  swap_call_control(previous);
  bool interrupted = control.stop.load();
  if (interrupted) {
    Py_BEGIN_ALLOW_THREADS
    discard_pending();
    Py_END_ALLOW_THREADS
  }
  reclaim();
  if (interrupted) {
    // The poll set KeyboardInterrupt; a pending sticky error is dropped with the work.
    s.failed.store(false);
    if (!PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
    return false;
  }
  return raise_sticky();
}

Py_ssize_t stream_references(PyObject* obj) {
  Stream& s = *g_stream;
  if (s.tail.load(std::memory_order_acquire) == s.reclaimed) return 0;
  reclaim();
  Py_ssize_t n = 0;
  uint64_t tail = s.tail.load(std::memory_order_acquire);
  for (uint64_t i = s.reclaimed; i < tail; ++i) {
    const Instruction& in = s.ring[i % kStreamSlots];
    for (int k = 0; k < in.n_arrays; ++k) n += in.owned[k] == obj;
  }
  return n;
}

bool stream_accepts(const KernelInfo& info) {
  Stream& s = *g_stream;
  return s.enabled.load(std::memory_order_relaxed) && t_inline_depth == 0 &&
         (info.kind != KernelKind::kCustom || [&] {
           for (const CustomEntry& e : kQueuedCustom)
             if (std::strcmp(e.name, info.name) == 0) return true;
           return false;
         }());
}

bool stream_active() {
  return g_stream->enabled.load(std::memory_order_relaxed) ||
         g_stream->tail.load(std::memory_order_relaxed) != g_stream->reclaimed;
}

int stream_enqueue(const KernelInfo& info, int code, const TensorRef* refs, const Scalar* scalars,
                   PyObject* const* arrays, int64_t work) {
  Stream& s = *g_stream;
  int n = info.n_tensors + 1;
  if (touches_shared(arrays, n)) {
    return stream_synchronize() ? kStreamRunHere : -1;
  }
  if (s.in_call_left > 0) {  // Note [When the worker is not scheduled]
    // A few calls before queueing resumes, wake the worker (asleep by now), so the try finds
    // it spinning rather than paying for its wake-up.
    if (--s.in_call_left == kWakeBeforeTry) wake_worker();
    if (s.in_call_left == 0) {  // the try: its windows count from the worker's first beat
      s.try_wait = kTryWaitCalls;
      s.try_beat = s.beat.load(std::memory_order_relaxed);
    }
    bump(s.counters.in_call);
    return stream_synchronize() ? kStreamRunHere : -1;
  }
  ErrorDecoder decode = decode_path;
  if (info.kind == KernelKind::kCustom && !info.custom) {
    decode = decode_zero_ok;  // the stream's own entries (stream_gemm), never registered
  } else if (info.kind == KernelKind::kCustom) {
    for (const CustomEntry& e : kQueuedCustom)
      if (std::strcmp(e.name, info.name) == 0) decode = e.decode;
  }
  // Room in the ring: at most `depth` instructions ahead of the one running. Waiting may
  // release the GIL (another Python thread may then append) and releasing references may run
  // finalizers, so `tail` is read again each time; from the last read to the store below this
  // thread runs no Python code and keeps the GIL: it is the only producer.
  int depth = s.depth.load(std::memory_order_relaxed);
  uint64_t t;
  int64_t full_since = 0, helping_ns = 0;  // the counters' wait time
  for (;;) {
    reclaim();
    t = s.tail.load(std::memory_order_acquire);
    uint64_t h = s.head.load(std::memory_order_acquire);
    if (t - h < static_cast<uint64_t>(depth)) break;
    if (!full_since) {
      full_since = now_ns();
      bump(s.counters.full);
    }
    // Full. A scheduled worker frees a slot within a kernel's time: wait for it, as running
    // the instruction here would only move the kernel back onto this thread. One that is not
    // scheduled (a loaded machine) or asleep leaves `head` and its beat still: run the oldest
    // instruction here then, and keep doing so, without the wait, until its beat moves again.
    uint64_t beat = s.beat.load(std::memory_order_relaxed);
    if (beat != s.helped_at_beat) {
      auto until = Clock::now() + std::chrono::microseconds(kHelpAfterMicros);
      while (s.head.load(std::memory_order_acquire) == h && Clock::now() < until) {
        for (int i = 0; i < 16; ++i) AL_STREAM_RELAX();
      }
      if (s.head.load(std::memory_order_acquire) != h) continue;
      beat = s.beat.load(std::memory_order_relaxed);
    }
    int64_t help_start = now_ns();
    if (help_once()) {
      helping_ns += now_ns() - help_start;
      bump(s.counters.helped);
      if (s.try_wait == 0) ++s.window_helped;
      s.helped_at_beat = beat;
      continue;
    }
    // The worker is running the oldest instruction: wait for it, letting other Python
    // threads run meanwhile, and past kBlockAfterMicros (a long kernel) asleep until it
    // finishes one rather than spinning on a core.
    for (int i = 0; i < 64; ++i) AL_STREAM_RELAX();
    if (s.head.load(std::memory_order_acquire) == h) {
      PyThreadState* state = PyEval_SaveThread();
      if (now_ns() - full_since > kBlockAfterMicros * 1000) {
        wait_progress(h, Clock::now() + std::chrono::milliseconds(1));
      } else {
        std::this_thread::yield();
      }
      PyEval_RestoreThread(state);
    }
  }
  if (full_since) bump(s.counters.wait_ns, static_cast<uint64_t>(now_ns() - full_since - helping_ns));
  if (s.try_wait > 0 && (s.beat.load(std::memory_order_relaxed) != s.try_beat ||
                         --s.try_wait == 0)) {
    s.try_wait = 0;  // the worker is up (or never came): windows count from here
    s.window_calls = s.window_helped = 0;
  } else if (s.try_wait == 0 && ++s.window_calls == kWindowCalls) {
    // Note [When the worker is not scheduled]
    if (4 * s.window_helped >= 3 * kWindowCalls && s.slow_us.load(std::memory_order_relaxed) == 0) {
      s.in_call_span = std::min(std::max(s.in_call_span * 2, kInCallSpanMin), kInCallSpanMax);
      s.in_call_left = s.in_call_span;  // from the next call on: this one is queued below
      bump(s.counters.fallbacks);
    } else if (4 * s.window_helped < kWindowCalls) {
      s.in_call_span = 0;  // the worker kept up: the next fallback starts short again
    }
    s.window_calls = s.window_helped = 0;
  }
  Instruction& in = s.ring[t % kStreamSlots];
  in.info = &info;
  in.decode = decode;
  in.code = code;
  in.n_arrays = n;
  in.work = work;
  for (int k = 0; k < n; ++k) {
    in.refs[k] = refs[k];
    Py_INCREF(arrays[k]);
    in.owned[k] = arrays[k];
  }
  for (int j = 0; j < info.n_scalars; ++j) in.scalars[j] = scalars[j];
  bool recording = s.recording.load(std::memory_order_relaxed);
  if (recording || fails_on_values(decode)) {
    issuing_site(&in.site_code, &in.site_line);  // Note [The issuing line]
  } else {
    in.site_code = nullptr;
    in.site_line = 0;
  }
  in.t_enqueue = recording ? now_ns() : 0;
  in.t_start = in.t_end = 0;
  if (s.poison.load(std::memory_order_relaxed) && info.kind != KernelKind::kCustom) {
    // Test hook: a result read before its instruction ran shows as a marker, not as luck.
    auto* out = reinterpret_cast<PyArrayObject*>(arrays[0]);
    bool aliased = false;
    for (int k = 1; k < n; ++k) aliased = aliased || refs[k].data == refs[0].data;
    if (!aliased && PyArray_IS_C_CONTIGUOUS(out)) {
      std::memset(PyArray_DATA(out), 0xA5, static_cast<size_t>(PyArray_NBYTES(out)));
    }
  }
  if (!s.worker_started) start_worker();
  s.tail.store(t + 1, std::memory_order_release);  // Note [Waking the worker]
  bump(s.issued);
  wake_worker();
  return info.kind == KernelKind::kCustom ? 0 : kQueuedPath;
}

namespace {

// ---- Python functions -------------------------------------------------------------------------

PyObject* py_stream_set_enabled(PyObject*, PyObject* arg) {
  int on = PyObject_IsTrue(arg);
  if (on < 0) return nullptr;
  if (!on && !stream_synchronize()) {
    g_stream->enabled.store(false);
    return nullptr;
  }
  g_stream->enabled.store(on != 0);
  Py_RETURN_NONE;
}

PyObject* py_stream_enabled(PyObject*, PyObject*) {
  return PyBool_FromLong(g_stream->enabled.load());
}

PyObject* py_stream_synchronize(PyObject*, PyObject*) {
  if (!stream_synchronize()) return nullptr;
  Py_RETURN_NONE;
}

PyObject* py_stream_pending(PyObject*, PyObject*) {
  Stream& s = *g_stream;
  return PyLong_FromUnsignedLongLong(s.tail.load() - s.head.load());
}

PyObject* py_stream_issued(PyObject*, PyObject*) {
  return PyLong_FromUnsignedLongLong(g_stream->issued.load());
}

PyObject* py_stream_stats(PyObject*, PyObject*) {
  Stream& s = *g_stream;
  Stream::Counters& c = s.counters;
  return Py_BuildValue(
      "{sKsKsKsKsKsKsKsKsKsKsK}", "issued", static_cast<unsigned long long>(s.issued.load()),
      "run_by_worker", static_cast<unsigned long long>(c.run_by_worker.load()),
      "run_by_caller", static_cast<unsigned long long>(c.run_by_caller.load()),
      "helped", static_cast<unsigned long long>(c.helped.load()),
      "full", static_cast<unsigned long long>(c.full.load()),
      "wait_ns", static_cast<unsigned long long>(c.wait_ns.load()),
      "worker_sleeps", static_cast<unsigned long long>(c.sleeps.load()),
      "worker_wakes", static_cast<unsigned long long>(c.wakes.load()),
      "in_call", static_cast<unsigned long long>(c.in_call.load()),
      "fallbacks", static_cast<unsigned long long>(c.fallbacks.load()),
      "worker_beats", static_cast<unsigned long long>(s.beat.load()));
}

bool read_int_kw(PyObject* kwargs, const char* name, long lo, long hi, long* out, bool* given) {
  *given = false;
  if (!kwargs) return true;
  PyObject* v = PyDict_GetItemString(kwargs, name);
  if (!v || v == Py_None) return true;
  if (!PyLong_Check(v)) {
    PyErr_Format(PyExc_TypeError, "stream_configure: %s must be an int, got %s", name,
                 Py_TYPE(v)->tp_name);
    return false;
  }
  long x = PyLong_AsLong(v);
  if (x == -1 && PyErr_Occurred()) return false;
  if (x < lo || x > hi) {
    PyErr_Format(PyExc_ValueError, "stream_configure: %s must be in [%ld, %ld], got %ld", name,
                 lo, hi, x);
    return false;
  }
  *out = x;
  *given = true;
  return true;
}

// stream_configure(depth=None, slow_us=None, poison=None) -> (depth, slow_us, poison)
PyObject* py_stream_configure(PyObject*, PyObject* args, PyObject* kwargs) {
  if (PyTuple_GET_SIZE(args)) {
    PyErr_SetString(PyExc_TypeError, "stream_configure takes keyword arguments only");
    return nullptr;
  }
  if (kwargs) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
      const char* k = PyUnicode_AsUTF8(key);
      if (!k) return nullptr;
      if (std::strcmp(k, "depth") && std::strcmp(k, "slow_us") && std::strcmp(k, "poison")) {
        PyErr_Format(PyExc_TypeError,
                     "stream_configure: unknown option %R; valid: depth, slow_us, poison", key);
        return nullptr;
      }
    }
  }
  Stream& s = *g_stream;
  long depth, slow;
  bool has_depth, has_slow;
  if (!read_int_kw(kwargs, "depth", 1, kStreamSlots - 1, &depth, &has_depth)) return nullptr;
  if (!read_int_kw(kwargs, "slow_us", 0, 10000000, &slow, &has_slow)) return nullptr;
  if (has_depth || has_slow) {
    if (!stream_synchronize()) return nullptr;
  }
  if (has_depth) s.depth.store(static_cast<int>(depth));
  if (has_slow) s.slow_us.store(slow);
  if (has_depth || has_slow) {
    // A new configuration starts queueing afresh: a fallback to in-call execution that earlier
    // calls chose (Note [When the worker is not scheduled]) would run the next calls in the
    // caller, under a setting made for the worker. The producer's fields are the GIL holder's.
    s.in_call_left = s.in_call_span = s.try_wait = 0;
    s.window_calls = s.window_helped = 0;
  }
  if (kwargs) {
    PyObject* p = PyDict_GetItemString(kwargs, "poison");
    if (p && p != Py_None) {
      int on = PyObject_IsTrue(p);
      if (on < 0) return nullptr;
      s.poison.store(on != 0);
    }
  }
  return Py_BuildValue("(iLO)", s.depth.load(), static_cast<long long>(s.slow_us.load()),
                       s.poison.load() ? Py_True : Py_False);
}

PyObject* py_stream_set_internal_prefixes(PyObject*, PyObject* arg) {
  PyObject* seq = PySequence_Fast(arg, "stream_set_internal_prefixes: expected a sequence of str");
  if (!seq) return nullptr;
  std::vector<std::string> prefixes;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); ++i) {
    PyObject* item = PySequence_Fast_GET_ITEM(seq, i);
    const char* p = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : nullptr;
    if (!p) {
      Py_DECREF(seq);
      if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "stream_set_internal_prefixes: item %zd is %s, not str", i,
                     Py_TYPE(item)->tp_name);
      }
      return nullptr;
    }
    prefixes.emplace_back(p);
  }
  Py_DECREF(seq);
  g_internal_prefixes = std::move(prefixes);
  std::memset(g_site_cache, 0, sizeof g_site_cache);
  Py_RETURN_NONE;
}

PyObject* py_unshare(PyObject* key, PyObject*) {
  auto* root = static_cast<PyObject*>(PyLong_AsVoidPtr(key));
  g_shared.erase(root);
  auto it = g_shared_refs.find(root);
  if (it != g_shared_refs.end()) {
    PyObject* ref = it->second;
    g_shared_refs.erase(it);
    Py_DECREF(ref);
  }
  Py_RETURN_NONE;
}

PyMethodDef g_unshare_def = {"_stream_unshare", py_unshare, METH_O, nullptr};

// stream_share(ndarray): its memory is shared with NumPy from now on, so every kernel call on
// it runs in line (a user's write through NumPy must not race a queued instruction).
//
// Note [The shared mark's lifetime]
// The mark is the owner's address, so it must go when the owner does: a later object at that
// address (an unrelated array's buffer) would otherwise run every call in line. A weak
// reference drops it. An owner without weak references (bytes, a DLPack capsule) gets its
// weak reference through the last object of the base chain that takes one (an ndarray, at
// worst `arg` itself): that object holds the owner, so the owner outlives the mark.
PyObject* py_stream_share(PyObject*, PyObject* arg) {
  if (!PyArray_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "stream_share: expected a numpy.ndarray, got %s",
                 Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  PyObject* root = arg;
  PyObject* holder = arg;  // an ndarray takes weak references
  for (;;) {
    if (PyType_SUPPORTS_WEAKREFS(Py_TYPE(root))) holder = root;
    if (!PyArray_Check(root)) break;
    PyObject* base = PyArray_BASE(reinterpret_cast<PyArrayObject*>(root));
    if (!base) break;
    root = base;
  }
  if (g_shared.count(root)) Py_RETURN_NONE;
  PyObject* key = PyLong_FromVoidPtr(root);
  if (!key) return nullptr;
  PyObject* callback = PyCFunction_New(&g_unshare_def, key);
  Py_DECREF(key);
  if (!callback) return nullptr;
  PyObject* ref = PyWeakref_NewRef(holder, callback);
  Py_DECREF(callback);
  if (!ref) return nullptr;
  g_shared_refs[root] = ref;
  g_shared.insert(root);
  Py_RETURN_NONE;
}

PyObject* py_stream_is_shared(PyObject*, PyObject* arg) {
  if (!PyArray_Check(arg)) Py_RETURN_FALSE;
  return PyBool_FromLong(g_shared.count(root_of(arg)) != 0);
}

PyObject* py_stream_record(PyObject*, PyObject* arg) {
  int on = PyObject_IsTrue(arg);
  if (on < 0) return nullptr;
  Stream& s = *g_stream;
  if (!stream_synchronize()) return nullptr;
  if (on && !s.records) {
    s.records = PyList_New(0);
    if (!s.records) return nullptr;
  }
  s.recording.store(on != 0);
  Py_RETURN_NONE;
}

PyObject* py_stream_take_records(PyObject*, PyObject*) {
  Stream& s = *g_stream;
  reclaim();
  PyObject* out = s.records ? s.records : PyList_New(0);
  s.records = s.recording.load() ? PyList_New(0) : nullptr;
  return out;
}

PyObject* py_stream_enter_inline(PyObject*, PyObject*) {
  if (g_stream->enabled.load() && t_inline_depth == 0 && !stream_synchronize()) return nullptr;
  ++t_inline_depth;
  Py_RETURN_NONE;
}

PyObject* py_stream_exit_inline(PyObject*, PyObject*) {
  if (t_inline_depth > 0) --t_inline_depth;
  Py_RETURN_NONE;
}

// ---- matrix products on the stream ---------------------------------------------------------------

// Note [Products on the stream]
// mm's kernel computes with NumPy's np.dot, which calls the CBLAS of the OpenBLAS NumPy ships
// (scipy-openblas, 64-bit integers). A Python call cannot be queued, so the stream calls that
// same function itself: Python hands over the addresses of its sgemm and dgemm once
// (stream_set_blas), and stream_gemm(out, a, b) makes exactly the call np.dot makes for two
// matrices (the same transposition flags and leading dimensions, alpha 1, beta 0), queued or in
// the call. The results are the same bits as np.dot's, in either mode. stream_gemm declines
// (returns False) every case where np.dot would call something else (a row or column
// operand: gemv or dot; a @ a.T: syrk; an operand BLAS cannot take without a copy), and the
// caller then runs np.dot after a drain.
using Gemm64 = void (*)(int order, int trans_a, int trans_b, int64_t m, int64_t n, int64_t k,
                        double alpha, const void* a, int64_t lda, const void* b, int64_t ldb,
                        double beta, void* c, int64_t ldc);
using SGemm64 = void (*)(int, int, int, int64_t, int64_t, int64_t, float, const float*, int64_t,
                         const float*, int64_t, float, float*, int64_t);
using DGemm64 = void (*)(int, int, int, int64_t, int64_t, int64_t, double, const double*,
                         int64_t, const double*, int64_t, double, double*, int64_t);
SGemm64 g_sgemm = nullptr;
DGemm64 g_dgemm = nullptr;
constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;

// t: out (m, n), a (m, k), b (k, n); s: trans_a, trans_b, lda, ldb.
int gemm_entry(int code, const TensorRef* t, const Scalar* s) {
  int64_t m = t[0].sizes[0], n = t[0].sizes[1], k = t[1].sizes[1];
  int ta = static_cast<int>(s[0].i), tb = static_cast<int>(s[1].i);
  int64_t lda = s[2].i, ldb = s[3].i, ldc = n > 1 ? n : 1;
  if (code == kFloat32) {
    g_sgemm(kRowMajor, ta, tb, m, n, k, 1.0f, reinterpret_cast<const float*>(t[1].data), lda,
            reinterpret_cast<const float*>(t[2].data), ldb, 0.0f,
            reinterpret_cast<float*>(t[0].data), ldc);
  } else {
    g_dgemm(kRowMajor, ta, tb, m, n, k, 1.0, reinterpret_cast<const double*>(t[1].data), lda,
            reinterpret_cast<const double*>(t[2].data), ldb, 0.0,
            reinterpret_cast<double*>(t[0].data), ldc);
  }
  return 0;
}

const char* const kGemmTensorNames[] = {"self", "mat2"};
const char* const kGemmScalarNames[] = {"trans_a", "trans_b", "lda", "ldb"};
const KernelInfo kGemmInfo = {"mm", gemm_entry, 2, 4, (1u << kFloat32) | (1u << kFloat64),
                              OutKind::kSame, KernelKind::kCustom, kGemmTensorNames,
                              kGemmScalarNames, nullptr};

// NumPy's is_blasable2d: rows of unit stride, a row step BLAS can name.
bool blasable(npy_intp s0, npy_intp s1, npy_intp d0, npy_intp d1, npy_intp item) {
  if (d1 > 1 && s1 != item) return false;
  if (s0 % item != 0) return false;
  npy_intp u = s0 / item;
  return u >= d1 && u >= 1 && u <= INT32_MAX;
}

// How np.dot passes one matrix operand: (transposition flag, leading dimension); false when
// it would copy the operand first.
bool operand_layout(PyArrayObject* x, int* trans, int64_t* ld) {
  npy_intp item = PyArray_ITEMSIZE(x);
  npy_intp s0 = PyArray_STRIDE(x, 0), s1 = PyArray_STRIDE(x, 1);
  npy_intp d0 = PyArray_DIM(x, 0), d1 = PyArray_DIM(x, 1);
  if (blasable(s0, s1, d0, d1, item)) {
    *trans = kNoTrans;
    *ld = s0 / item > 1 ? s0 / item : 1;
    return true;
  }
  if (blasable(s1, s0, d1, d0, item)) {
    *trans = kTrans;
    *ld = s1 / item > 1 ? s1 / item : 1;
    return true;
  }
  return false;
}

PyObject* py_stream_set_blas(PyObject*, PyObject* args) {
  PyObject *s, *d;
  if (!PyArg_ParseTuple(args, "OO", &s, &d)) return nullptr;
  void* sp = s == Py_None ? nullptr : PyLong_AsVoidPtr(s);
  void* dp = d == Py_None ? nullptr : PyLong_AsVoidPtr(d);
  if (PyErr_Occurred()) return nullptr;
  if (!stream_synchronize()) return nullptr;
  g_sgemm = reinterpret_cast<SGemm64>(sp);
  g_dgemm = reinterpret_cast<DGemm64>(dp);
  Py_RETURN_NONE;
}

// stream_gemm(out, a, b) -> bool (Note [Products on the stream]).
PyObject* py_stream_gemm(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3) {
    PyErr_Format(PyExc_TypeError, "stream_gemm: expected (out, a, b), got %zd arguments", nargs);
    return nullptr;
  }
  for (int i = 0; i < 3; ++i) {
    if (!PyArray_Check(args[i]) || PyArray_NDIM(reinterpret_cast<PyArrayObject*>(args[i])) != 2)
      Py_RETURN_FALSE;
  }
  auto* out = reinterpret_cast<PyArrayObject*>(args[0]);
  auto* a = reinterpret_cast<PyArrayObject*>(args[1]);
  auto* b = reinterpret_cast<PyArrayObject*>(args[2]);
  int type = PyArray_TYPE(out);
  int code = type == NPY_FLOAT ? kFloat32 : type == NPY_DOUBLE ? kFloat64 : -1;
  if (code < 0 || (code == kFloat32 ? !g_sgemm : !g_dgemm)) Py_RETURN_FALSE;
  if (PyArray_TYPE(a) != type || PyArray_TYPE(b) != type) Py_RETURN_FALSE;
  const int need = NPY_ARRAY_ALIGNED;
  if ((PyArray_FLAGS(a) & need) != need || (PyArray_FLAGS(b) & need) != need ||
      PyArray_ISBYTESWAPPED(a) || PyArray_ISBYTESWAPPED(b) || !PyArray_IS_C_CONTIGUOUS(out) ||
      !PyArray_ISWRITEABLE(out) || PyArray_ISBYTESWAPPED(out))
    Py_RETURN_FALSE;
  npy_intp m = PyArray_DIM(a, 0), k = PyArray_DIM(a, 1), n = PyArray_DIM(b, 1);
  if (PyArray_DIM(b, 0) != k || PyArray_DIM(out, 0) != m || PyArray_DIM(out, 1) != n)
    Py_RETURN_FALSE;
  // Both operands matrices in np.dot's sense (no dim of 1: those go to gemv or dot).
  if (m < 2 || k < 2 || n < 2) Py_RETURN_FALSE;
  // a @ a.T goes to syrk in np.dot.
  if (PyArray_DATA(a) == PyArray_DATA(b) && m == n && PyArray_STRIDE(a, 0) == PyArray_STRIDE(b, 1) &&
      PyArray_STRIDE(a, 1) == PyArray_STRIDE(b, 0))
    Py_RETURN_FALSE;
  int ta, tb;
  int64_t lda, ldb;
  if (!operand_layout(a, &ta, &lda) || !operand_layout(b, &tb, &ldb)) Py_RETURN_FALSE;
  // The result must not overlap an operand (callers pass a fresh one; a direct caller might not).
  auto lo_hi = [](PyArrayObject* x, uintptr_t* lo, uintptr_t* hi) {
    auto base = reinterpret_cast<uintptr_t>(PyArray_DATA(x));
    npy_intp span = (PyArray_DIM(x, 0) - 1) * PyArray_STRIDE(x, 0) +
                    (PyArray_DIM(x, 1) - 1) * PyArray_STRIDE(x, 1);
    *lo = base;
    *hi = base + span + PyArray_ITEMSIZE(x);
  };
  uintptr_t olo, ohi;
  lo_hi(out, &olo, &ohi);
  for (PyArrayObject* x : {a, b}) {
    uintptr_t lo, hi;
    lo_hi(x, &lo, &hi);
    if (lo < ohi && olo < hi) Py_RETURN_FALSE;
  }
  TensorRef refs[3];
  for (int i = 0; i < 3; ++i) {
    auto* x = reinterpret_cast<PyArrayObject*>(args[i]);
    refs[i] = {static_cast<char*>(PyArray_DATA(x)), 2,
               reinterpret_cast<const int64_t*>(PyArray_DIMS(x)),
               reinterpret_cast<const int64_t*>(PyArray_STRIDES(x))};
  }
  Scalar scalars[4] = {{Scalar::kInteger, ta, 0.0}, {Scalar::kInteger, tb, 0.0},
                       {Scalar::kInteger, lda, 0.0}, {Scalar::kInteger, ldb, 0.0}};
  int64_t work = static_cast<int64_t>(m) * n * k;
  if (g_stream->enabled.load(std::memory_order_relaxed) && t_inline_depth == 0) {
    int queued = stream_enqueue(kGemmInfo, code, refs, scalars, args, work);
    if (queued < 0 && queued != kStreamRunHere) return nullptr;
    if (queued != kStreamRunHere) Py_RETURN_TRUE;
  } else if (stream_active() && !stream_synchronize()) {
    return nullptr;
  }
  Py_BEGIN_ALLOW_THREADS  // as np.dot does around its BLAS call
  gemm_entry(code, refs, scalars);
  Py_END_ALLOW_THREADS
  Py_RETURN_TRUE;
}

// ---- InlineKernel: a Python kernel that reads arrays, run after a drain ----------------------

struct InlineKernelObject {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  PyObject* fn;
};

PyObject* inline_vectorcall(PyObject* self, PyObject* const* args, size_t nargsf,
                            PyObject* kwnames) {
  PyObject* fn = reinterpret_cast<InlineKernelObject*>(self)->fn;
  if (t_inline_depth == 0 && stream_active() && !stream_synchronize()) return nullptr;
  ++t_inline_depth;
  PyObject* r = PyObject_Vectorcall(fn, args, nargsf, kwnames);
  --t_inline_depth;
  return r;
}

void inline_dealloc(PyObject* self) {
  Py_XDECREF(reinterpret_cast<InlineKernelObject*>(self)->fn);
  PyObject_Free(self);
}

PyObject* inline_get_wrapped(PyObject* self, void*) {
  PyObject* fn = reinterpret_cast<InlineKernelObject*>(self)->fn;
  Py_INCREF(fn);
  return fn;
}

PyObject* inline_repr(PyObject* self) {
  return PyUnicode_FromFormat("<inline kernel %R>", reinterpret_cast<InlineKernelObject*>(self)->fn);
}

PyGetSetDef inline_getset[] = {
    {"__wrapped__", inline_get_wrapped, nullptr, "the kernel run after a drain", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyTypeObject InlineKernelType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyObject* py_stream_inline(PyObject*, PyObject* fn) {
  if (!PyCallable_Check(fn)) {
    PyErr_Format(PyExc_TypeError, "stream_inline: expected a callable, got %s",
                 Py_TYPE(fn)->tp_name);
    return nullptr;
  }
  auto* k = PyObject_New(InlineKernelObject, &InlineKernelType);
  if (!k) return nullptr;
  k->vectorcall = inline_vectorcall;
  Py_INCREF(fn);
  k->fn = fn;
  return reinterpret_cast<PyObject*>(k);
}

PyMethodDef stream_methods[] = {
    {"stream_set_enabled", py_stream_set_enabled, METH_O,
     "stream_set_enabled(on): queue kernel calls on the instruction stream (turning it off "
     "drains it first)."},
    {"stream_enabled", py_stream_enabled, METH_NOARGS, "stream_enabled() -> bool."},
    {"stream_synchronize", py_stream_synchronize, METH_NOARGS,
     "stream_synchronize(): run every queued instruction; raises a sticky kernel error."},
    {"stream_pending", py_stream_pending, METH_NOARGS,
     "stream_pending() -> instructions queued and not yet run."},
    {"stream_issued", py_stream_issued, METH_NOARGS,
     "stream_issued() -> instructions ever queued (a counter)."},
    {"stream_stats", py_stream_stats, METH_NOARGS,
     "stream_stats() -> counters since import: issued, run_by_worker, run_by_caller (of "
     "which helped: by a producer facing a full ring), full (appends that found the ring "
     "full), wait_ns (their wait, helping aside), worker_sleeps, worker_wakes, in_call (calls "
     "run in the call while the worker was not scheduled), fallbacks, worker_beats (turns of "
     "the worker's loop)."},
    {"stream_configure", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_stream_configure)),
     METH_VARARGS | METH_KEYWORDS,
     "stream_configure(depth=None, slow_us=None, poison=None) -> (depth, slow_us, poison): "
     "run-ahead depth; the test hooks (sleep per instruction, mark fresh results at issue)."},
    {"stream_set_internal_prefixes", py_stream_set_internal_prefixes, METH_O,
     "stream_set_internal_prefixes(paths): files whose frames are skipped when naming the "
     "line that issued an instruction."},
    {"stream_share", py_stream_share, METH_O,
     "stream_share(ndarray): its memory is shared with NumPy; calls on it run in line."},
    {"stream_is_shared", py_stream_is_shared, METH_O, "stream_is_shared(ndarray) -> bool."},
    {"stream_record", py_stream_record, METH_O,
     "stream_record(on): keep a record per instruction (the profiler's hook)."},
    {"stream_take_records", py_stream_take_records, METH_NOARGS,
     "stream_take_records() -> [(op, file, line, t_enqueue_ns, t_start_ns, t_end_ns, "
     "'worker'|'caller', skipped)] of the instructions that ran since the last call."},
    {"stream_enter_inline", py_stream_enter_inline, METH_NOARGS,
     "stream_enter_inline(): drain; kernel calls on this thread run in the call until "
     "stream_exit_inline()."},
    {"stream_exit_inline", py_stream_exit_inline, METH_NOARGS, "stream_exit_inline()."},
    {"stream_set_blas", py_stream_set_blas, METH_VARARGS,
     "stream_set_blas(sgemm_address, dgemm_address): NumPy's 64-bit-integer CBLAS gemm "
     "functions, for stream_gemm (None: not available)."},
    {"stream_gemm", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_stream_gemm)),
     METH_FASTCALL,
     "stream_gemm(out, a, b) -> bool: out = a @ b with np.dot's own BLAS call, queued when "
     "async execution is on; False (nothing done) where np.dot would call something else."},
    {"stream_inline", py_stream_inline, METH_O,
     "stream_inline(fn) -> a callable that drains the stream, then runs fn with every kernel "
     "call inside it in line."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

int add_stream_functions(PyObject* module) {
  InlineKernelType.tp_name = "aten_lite._C.InlineKernel";
  InlineKernelType.tp_basicsize = sizeof(InlineKernelObject);
  InlineKernelType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL;
  InlineKernelType.tp_vectorcall_offset = offsetof(InlineKernelObject, vectorcall);
  InlineKernelType.tp_call = PyVectorcall_Call;
  InlineKernelType.tp_dealloc = inline_dealloc;
  InlineKernelType.tp_repr = inline_repr;
  InlineKernelType.tp_getset = inline_getset;
  InlineKernelType.tp_doc = "A kernel that reads arrays in Python: run after a stream drain.";
  if (PyType_Ready(&InlineKernelType) < 0) return -1;
  for (PyMethodDef* m = stream_methods; m->ml_name; ++m) {
    PyObject* f = PyCFunction_NewEx(m, nullptr, nullptr);
    if (!f || PyModule_AddObject(module, m->ml_name, f) < 0) {
      Py_XDECREF(f);
      return -1;
    }
  }
  return 0;
}

}  // namespace al
