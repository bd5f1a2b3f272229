// The CPU instruction stream: asynchronous eager execution (docs/ASYNC.md).
//
// (Not to be confused with stream.h, which holds the non-temporal stores of the loops.)
//
// Note [The instruction stream]
// With async execution on (al.set_async(True), AL_ASYNC=1), a kernel call through a Kernel
// object (kernel_object.cpp) does every check it always did, on the calling thread, and then,
// instead of running the entry, appends an instruction to one in-order ring: the entry, the
// dtype code, the operands as the core read them, the scalars, a reference to every ndarray it
// touches (so no buffer is freed under it), the op's name and the Python file:line that issued
// it. One worker std::thread runs the ring in order and never takes the GIL; it spins briefly
// for the next instruction, then sleeps. The result arrays were allocated by the caller before
// the call, so the tensors exist at once and only their values are pending.
//
// The ring is shallow on purpose (kDefaultDepth instructions of run-ahead): a deep ring lets
// the issuing thread run hundreds of fresh results ahead of the worker, a working set that
// falls out of the caches, and loses about 10x on small ops; a few slots win. When the ring is
// full, the issuing thread runs the oldest instruction itself if the worker is not running one
// (a loaded machine where the worker is not scheduled), else waits for a slot; at a sync it
// runs what is left itself. So async is never much slower than running each kernel in the
// call.
//
// One lock, run_mu, is held by whoever runs an instruction (the worker or a helping caller),
// so instructions run one at a time, in issue order: in-place writes and views keep program
// order. Only the thread holding the GIL appends or releases references (the producer side);
// the worker only reads the ring and advances `head`.
//
// A kernel that fails while queued (an index out of range, a class index outside nll_loss's
// classes) makes the stream's error sticky: later instructions are skipped, and the next sync
// raises it, naming the op and the line that issued it, with the AL_LAUNCH_BLOCKING=1 hint.
// Ctrl-C during a sync stops the running kernel, drops the pending instructions (their results
// are left unwritten) and raises KeyboardInterrupt.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>

#include "kernel_api.h"

namespace al {

// Run-ahead of the ring unless configured otherwise (_C.stream_configure(depth=...)).
constexpr int kDefaultStreamDepth = 6;
// Physical slots; depth may be configured up to this.
constexpr int kStreamSlots = 64;

// Whether a kernel call on this thread goes to the stream: async execution is on, the thread
// is not inside a kernel that runs inline (_C.stream_inline), and the entry's return value is
// not needed by its caller (elementwise and reduction entries return only a path code; custom
// entries are accepted by name, each with its error decoder).
bool stream_accepts(const KernelInfo& info);

// Appends one call. `arrays` are the n_tensors + 1 ndarrays (out first), borrowed: the stream
// takes its own references. `work` is the element count the call loops over. Returns the value
// the Kernel object returns for a queued call (kQueuedPath for a path code, 0 for custom
// entries), or -1 with a Python exception set. An operand whose memory is shared with NumPy
// (Tensor.numpy(), from_numpy, as_tensor) makes the call run in line after a drain.
constexpr int kQueuedPath = 3;
// What stream_enqueue returns when the call must run in the caller after all (an operand is
// shared with NumPy): the stream has been drained, the caller runs the entry as usual.
constexpr int kStreamRunHere = -7;
int stream_enqueue(const KernelInfo& info, int code, const TensorRef* refs, const Scalar* scalars,
                   PyObject* const* arrays, int64_t work);

// Runs everything issued so far (the GIL is held on entry and exit). False with a Python
// exception set: a sticky kernel error, or KeyboardInterrupt.
bool stream_synchronize();

// Whether the stream is on or still holds instructions (then a call that does not queue must
// drain it first: its operands may be results not yet written).
bool stream_active();

// References to `obj` that queued instructions hold (the GIL is held): code that counts
// references to decide whether an array is shared (the engine's gradient stealing) discounts
// them, since an instruction only keeps its operands alive.
Py_ssize_t stream_references(PyObject* obj);

// Adds the stream's functions (stream_* and the InlineKernel type) to the module.
int add_stream_functions(PyObject* module);

}  // namespace al
