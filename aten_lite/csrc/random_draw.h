// _C.randint_fill: NumPy's bounded integer draws (Generator.integers for int64), made in C++ on
// the bit generator of a numpy.random.Generator, so a minibatch's indices cost one call.
//
//   randint_fill(capsule, out, off, rng)
//
// capsule is the bit generator's `capsule` attribute (a PyCapsule named "BitGenerator" around
// NumPy's bitgen_t), out a C-contiguous writable int64 array, off = low (an int64) and rng =
// high - 1 - low (a uint64). Each element of out becomes off + a draw from [0, rng], taken as
// NumPy's random_bounded_uint64_fill takes it (Note [NumPy's bounded draws] in
// random_draw.cpp), so the stream and its position afterwards are NumPy's own. The caller
// holds the bit generator's lock, as NumPy's integers() does.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace al {

PyObject* py_randint_fill(PyObject* self, PyObject* const* args, Py_ssize_t nargs);

}  // namespace al
