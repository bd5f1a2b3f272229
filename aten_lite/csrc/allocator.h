// Result allocation for the CPU kernels: `_C.empty(shape, dtype)`, NumPy's np.empty with a
// cache of large blocks behind it.
//
// Note [Large block cache]
// A fresh 64 MB result costs its page faults and the kernel's zeroing of every page (ANCHORS.md:
// ~16,000 faults with 4 KB pages, ~500 with the huge pages NumPy asks for, and the zeroing
// either way): `c = a + b` then runs at half the speed of `add(a, b, out=c)`. Results of at
// least kMinCachedBytes are therefore allocated through a NumPy memory handler (NEP 49) whose
// free keeps the block, and whose next allocation of a similar size takes it back: a loop over
// fresh results reuses the same warm pages, as PyTorch's GPU caching allocator does. The handler
// is installed only around the one allocation (arrays remember their handler), so NumPy's own
// arrays are not affected. At most kMaxCachedBytes stay cached; `_C.empty_cache()` returns them
// to the system. Smaller results use NumPy's default allocator. kMinCachedBytes is 64 KB, not
// 1 MB: glibc maps and trims blocks from 128 KB up, so a training step's mid-sized activations
// faulted every step too (allocator.cpp says how often).
#pragma once

#include "kernel_object.h"

namespace al {

// _C.empty(shape, dtype) -> ndarray: uninitialised, C-contiguous; shape a tuple/list of ints or
// an int, dtype a numpy.dtype (or anything np.dtype() accepts).
PyObject* py_empty(PyObject* self, PyObject* const* args, Py_ssize_t nargs);
// _C.empty_cache() -> int: bytes released to the system.
PyObject* py_empty_cache(PyObject* self, PyObject* unused);
// _C.cache_info() -> (cached bytes, cached blocks, live cached-handler blocks).
PyObject* py_cache_info(PyObject* self, PyObject* unused);

}  // namespace al
