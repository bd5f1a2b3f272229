// The Python-visible Kernel object: a registry entry made callable through vectorcall.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel_api.h"
#include "threads.h"

namespace al {

// Readies the Kernel type and adds it to `module` as `Kernel`; returns -1 with an exception set.
int add_kernel_type(PyObject* module);

// A new Kernel object for the registry entry `info` (which lives as long as the module).
PyObject* make_kernel(const KernelInfo* info);

// Whether the calling thread is Python's main thread (the one that takes signals).
bool on_main_thread();

// A CallControl poll (Note [Interrupting kernels] in threads.h): takes the GIL back from the
// state saved in c->state, runs the signal handlers, releases it again; true to stop.
bool poll_signals(CallControl* c);

// A tuple of the dtype names, indexed by dtype code.
PyObject* dtype_names_tuple();

}  // namespace al
