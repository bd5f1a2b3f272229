// The backward engine's walk over the graph, in C++ (Note [The walk in C++] in
// aten_lite/autograd/engine.py says what it does and what it leaves to Python).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace al {

// _C.backward(roots, keep_graph, create_graph, wanted, captured, callbacks, batch_sum) -> None.
//   roots: list of (edge, gradient); wanted: a set of nodes or None; captured: a dict or None;
//   callbacks: (Tensor, matched, pre_hooks, capture, leaf_hooks, accumulate), engine.py's;
//   batch_sum: the sum op's Kernel, or None where the sum must be dispatched.
PyObject* py_backward(PyObject* self, PyObject* const* args, Py_ssize_t nargs);

}  // namespace al
