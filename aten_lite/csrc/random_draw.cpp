// NumPy's bounded integer draws in C++ (random_draw.h).
#include "random_draw.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>
#include <numpy/random/bitgen.h>

#include <cstdint>

namespace al {

namespace {

// Note [NumPy's bounded draws]
// Generator.integers(low, high, size, dtype=int64) (Lemire's method, NumPy's default) fills
// its result with off + a draw from [0, rng], rng = high - 1 - low, and the draw depends on
// rng alone:
//   * rng == 0: no draw, every element is off;
//   * rng < 2**32 - 1: m = next_uint32() * (rng + 1) in 64 bits; the draw is m >> 32, unless
//     the low half of m is below (2**32 - 1 - rng) % (rng + 1) (only possible when it is below
//     rng + 1, where the threshold is computed), then a fresh next_uint32 is tried again;
//   * rng == 2**32 - 1: next_uint32() itself;
//   * 2**32 <= rng < 2**64 - 1: the same rejection in 128 bits, on next_uint64();
//   * rng == 2**64 - 1: next_uint64() itself.
// next_uint32 and next_uint64 are the bit generator's own functions (PCG64's next_uint32
// keeps the second half of a 64-bit output for the next call), so the stream, and the state
// after the draws, are what NumPy's call would leave. tests/test_random_draw.py compares with
// NumPy's integers() over many seeds, ranges and sizes, and the state afterwards.

uint64_t bounded32(bitgen_t* g, uint32_t rng) {
  const uint32_t span = rng + 1;  // rng < 2**32 - 1, so no overflow
  uint64_t m = static_cast<uint64_t>(g->next_uint32(g->state)) * span;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < span) {
    const uint32_t threshold = (UINT32_MAX - rng) % span;
    while (low < threshold) {
      m = static_cast<uint64_t>(g->next_uint32(g->state)) * span;
      low = static_cast<uint32_t>(m);
    }
  }
  return m >> 32;
}

uint64_t bounded64(bitgen_t* g, uint64_t rng) {
  const uint64_t span = rng + 1;  // rng < 2**64 - 1, so no overflow
  unsigned __int128 m = static_cast<unsigned __int128>(g->next_uint64(g->state)) * span;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < span) {
    const uint64_t threshold = (UINT64_MAX - rng) % span;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(g->next_uint64(g->state)) * span;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

void fill(bitgen_t* g, uint64_t off, uint64_t rng, int64_t n, uint64_t* out) {
  if (rng == 0) {
    for (int64_t i = 0; i < n; ++i) out[i] = off;
  } else if (rng < UINT32_MAX) {
    for (int64_t i = 0; i < n; ++i) out[i] = off + bounded32(g, static_cast<uint32_t>(rng));
  } else if (rng == UINT32_MAX) {
    for (int64_t i = 0; i < n; ++i) out[i] = off + g->next_uint32(g->state);
  } else if (rng < UINT64_MAX) {
    for (int64_t i = 0; i < n; ++i) out[i] = off + bounded64(g, rng);
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = off + g->next_uint64(g->state);
  }
}

}  // namespace

PyObject* py_randint_fill(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 4) {
    PyErr_Format(PyExc_TypeError, "randint_fill(capsule, out, off, rng) takes 4 arguments, "
                 "got %zd", nargs);
    return nullptr;
  }
  auto* g = static_cast<bitgen_t*>(PyCapsule_GetPointer(args[0], "BitGenerator"));
  if (!g) return nullptr;  // not a bit generator's capsule: PyCapsule's own error
  if (!PyArray_Check(args[1])) {
    PyErr_Format(PyExc_TypeError, "randint_fill: out must be an ndarray, got %s",
                 Py_TYPE(args[1])->tp_name);
    return nullptr;
  }
  auto* out = reinterpret_cast<PyArrayObject*>(args[1]);
  // ISCARRAY: C-contiguous, aligned, writeable and in native byte order (a '>i8' array
  // reports NPY_INT64 too, and would be filled with byte-swapped draws).
  if (PyArray_TYPE(out) != NPY_INT64 || !PyArray_ISCARRAY(out)) {
    PyErr_SetString(PyExc_ValueError,
                    "randint_fill: out must be a C-contiguous, aligned, writable int64 array in "
                    "native byte order");
    return nullptr;
  }
  if (!PyLong_Check(args[2]) || !PyLong_Check(args[3])) {
    PyErr_SetString(PyExc_TypeError, "randint_fill: off and rng must be ints");
    return nullptr;
  }
  const long long off = PyLong_AsLongLong(args[2]);
  if (off == -1 && PyErr_Occurred()) return nullptr;
  const unsigned long long rng = PyLong_AsUnsignedLongLong(args[3]);
  if (rng == static_cast<unsigned long long>(-1) && PyErr_Occurred()) return nullptr;
  fill(g, static_cast<uint64_t>(off), static_cast<uint64_t>(rng),
       static_cast<int64_t>(PyArray_SIZE(out)), static_cast<uint64_t*>(PyArray_DATA(out)));
  Py_RETURN_NONE;
}

}  // namespace al
