// The ABI between the core module and a fused kernel built just in time
// (aten_lite/compile/kernels.py, Note [Fused kernel ABI]).
//
// Note [Fused kernel ABI]
// A fused kernel is a small shared object compiled from one generated translation unit. It
// runs the same loops as the generated kernels (geometry.h, reduce.h, threads.h), but the
// thread pool and the Ctrl-C checks live in the core, whose symbols are hidden. So the object
// defines al::num_threads, al::parallel_for and al::stop_requested itself, forwarding to the
// core's through a JitRuntime table, and exports one C function, `al_fused_init`, that stores
// the table and returns the kernel's KernelInfo (a kCustom kernel: fixed dtype per tensor, its
// own shape check). Python calls it through ctypes with `_C._jit_runtime()`, then wraps the
// returned info with `_C._kernel_at(address)`: a Kernel object like any other, so the call
// goes through the core's checks (dtypes, shapes, overlap), releases the GIL and can be
// interrupted. The library is never unloaded, so the info outlives every Kernel object.
#pragma once

#include <cstdint>

#include "kernel_api.h"
#include "threads.h"

namespace al {

// Bumped whenever JitRuntime or the init signature changes: a cached object built against
// another version is refused and rebuilt (its hash includes this file's text anyway).
constexpr int kJitAbiVersion = 1;

struct JitRuntime {
  int abi_version;
  int (*num_threads)();
  void (*parallel_for)(int64_t n, int64_t grain, int64_t align, RangeFn fn, void* ctx);
  bool (*stop_requested)();
};

}  // namespace al

// The one symbol a fused kernel exports: null when `rt` has another ABI version.
extern "C" {
using AlFusedInitFn = const al::KernelInfo* (*)(const al::JitRuntime* rt);
}
