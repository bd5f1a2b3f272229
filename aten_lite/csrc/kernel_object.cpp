// Kernel objects: `kernel(dtype_code, out, *tensors, *scalars)` -> path code (int).
//
// This call sits on the critical path of every small op, so the happy path reads the ndarray
// structs directly and formats nothing; every message is built only once a check has failed.
#include "kernel_object.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <algorithm>
#include <cstddef>
#include <string>

#include "geometry.h"
#include "registry.h"
#include "instruction_stream.h"
#include "threads.h"

static_assert(NPY_MAXDIMS <= al::kMaxDims, "loops.h must hold NumPy's largest ndim");
static_assert(sizeof(npy_intp) == sizeof(int64_t), "strides are read as int64");

namespace al {

// Note [Interrupting kernels] in threads.h: the main thread polls for signals while a long
// kernel runs. The thread that imported the module is taken as Python's main thread when
// threading cannot tell.
unsigned long g_main_thread = 0;

bool on_main_thread() { return PyThread_get_thread_ident() == g_main_thread; }

bool poll_signals(CallControl* c) {
  PyEval_RestoreThread(static_cast<PyThreadState*>(c->state));
  auto poll = c->poll;
  c->poll = nullptr;  // a signal handler that calls kernels must not poll from inside this one
  bool stop = PyErr_CheckSignals() != 0;
  c->poll = poll;
  c->state = PyEval_SaveThread();
  return stop;
}

namespace {

// Below this many elements the loop is shorter than releasing and retaking the GIL is worth.
constexpr npy_intp kReleaseGilElements = 8192;

struct KernelObject {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  const KernelInfo* info;
  // The registry's entry per dtype (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h); null
  // for a fused kernel, which has one entry.
  const KernelVariants* variants;
};

// The entry to call for dtype code `code` (a valid one: read_array checked the arrays).
KernelFn entry_for(const KernelObject* k, int code) {
  if (k->variants && code >= 0 && code < kNumDTypes) return k->variants->fn[code];
  return k->info->fn;
}

// bfloat16 arrays are of ml_dtypes.bfloat16, a user dtype whose type number NumPy hands out
// when ml_dtypes registers it: looked up once, on the first array of a user dtype (the GIL is
// held). -1 when ml_dtypes cannot be imported (then no array is bfloat16).
int bfloat16_type_num() {
  static int num = -2;
  if (num != -2) return num;
  num = -1;
  PyObject* mod = PyImport_ImportModule("ml_dtypes");
  PyObject* type = mod ? PyObject_GetAttrString(mod, "bfloat16") : nullptr;
  PyArray_Descr* descr = type ? PyArray_DescrFromTypeObject(type) : nullptr;
  if (descr) num = descr->type_num;
  Py_XDECREF(descr);
  Py_XDECREF(type);
  Py_XDECREF(mod);
  PyErr_Clear();
  return num;
}

// NumPy type number -> our dtype code, or -1. int64 is both NPY_LONG and NPY_LONGLONG on LP64.
int code_of_type_num(int type_num) {
  switch (type_num) {
    case NPY_BOOL: return kBool;
    case NPY_UBYTE: return kUInt8;
    case NPY_BYTE: return kInt8;
    case NPY_SHORT: return kInt16;
    case NPY_INT: return kInt32;
    case NPY_LONG: return sizeof(long) == 8 ? kInt64 : kInt32;
    case NPY_LONGLONG: return kInt64;
    case NPY_HALF: return kFloat16;
    case NPY_FLOAT: return kFloat32;
    case NPY_DOUBLE: return kFloat64;
    default: return type_num >= NPY_USERDEF && type_num == bfloat16_type_num() ? kBFloat16 : -1;
  }
}

// "out", "tensor 'other'", "scalar 'alpha'" for messages.
std::string arg_label(const KernelInfo& info, int tensor_index) {
  if (tensor_index == 0) return "out";
  return std::string("tensor '") + info.tensor_names[tensor_index - 1] + "'";
}

std::string shape_str(int ndim, const npy_intp* dims) {
  std::string s = "(";
  for (int d = 0; d < ndim; ++d) {
    if (d) s += ", ";
    s += std::to_string(static_cast<long long>(dims[d]));
  }
  if (ndim == 1) s += ",";
  return s + ")";
}

std::string supported_list(uint32_t mask) {
  std::string s;
  for (int c = 0; c < kNumDTypes; ++c) {
    if (!(mask >> c & 1)) continue;
    if (!s.empty()) s += ", ";
    s += kDTypeNames[c];
  }
  return s;
}

std::string dtype_str(PyArrayObject* a) {
  int code = code_of_type_num(PyArray_DESCR(a)->type_num);
  if (code >= 0) return kDTypeNames[code];
  PyObject* s = PyObject_Str(reinterpret_cast<PyObject*>(PyArray_DESCR(a)));
  std::string out = s ? PyUnicode_AsUTF8(s) : "?";
  Py_XDECREF(s);
  return out;
}

// Whether the kernel writes tensor k (0 = out).
bool writes_tensor(const KernelInfo& info, int k) {
  return k == 0 || (info.custom && (info.custom->writes >> k & 1));
}

// Checks tensor argument k (0 = out) and fills ref. Returns false with an exception set.
bool read_array(const KernelInfo& info, PyObject* obj, int k, int want, TensorRef* ref) {
  if (!PyArray_Check(obj)) {
    PyErr_Format(PyExc_TypeError, "%s: %s must be a numpy.ndarray, got %s", info.name,
                 arg_label(info, k).c_str(), Py_TYPE(obj)->tp_name);
    return false;
  }
  auto* a = reinterpret_cast<PyArrayObject*>(obj);
  PyArray_Descr* descr = PyArray_DESCR(a);
  if (code_of_type_num(descr->type_num) != want) {
    PyErr_Format(PyExc_TypeError, "%s: %s has dtype %s, expected %s", info.name,
                 arg_label(info, k).c_str(), dtype_str(a).c_str(), kDTypeNames[want]);
    return false;
  }
  int flags = PyArray_FLAGS(a);
  if (PyArray_ISBYTESWAPPED(a) || !(flags & NPY_ARRAY_ALIGNED)) {
    PyErr_Format(PyExc_ValueError,
                 "%s: %s must be aligned and in native byte order; pass "
                 "x.astype(x.dtype.newbyteorder('='))",
                 info.name, arg_label(info, k).c_str());
    return false;
  }
  if (writes_tensor(info, k) && !(flags & NPY_ARRAY_WRITEABLE)) {
    PyErr_Format(PyExc_ValueError, "%s: %s is read-only", info.name, arg_label(info, k).c_str());
    return false;
  }
  ref->data = static_cast<char*>(PyArray_DATA(a));
  ref->ndim = PyArray_NDIM(a);
  ref->sizes = reinterpret_cast<const int64_t*>(PyArray_DIMS(a));
  ref->strides = reinterpret_cast<const int64_t*>(PyArray_STRIDES(a));
  return true;
}

bool read_scalar(const KernelInfo& info, PyObject* obj, int j, Scalar* s) {
  if (PyFloat_Check(obj)) {
    *s = Scalar{Scalar::kFloating, 0, PyFloat_AS_DOUBLE(obj)};
    return true;
  }
  if (PyBool_Check(obj)) {
    *s = Scalar{Scalar::kBoolean, obj == Py_True, 0.0};
    return true;
  }
  if (PyLong_Check(obj)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow) {
      // RuntimeError, as torch raises for an int it cannot unpack (the documented set).
      PyErr_Format(PyExc_RuntimeError, "%s: scalar '%s' = %R does not fit in int64", info.name,
                   info.scalar_names[j], obj);
      return false;
    }
    *s = Scalar{Scalar::kInteger, v, 0.0};
    return true;
  }
  PyErr_Format(PyExc_TypeError, "%s: scalar '%s' must be a bool, int or float, got %s",
               info.name, info.scalar_names[j], Py_TYPE(obj)->tp_name);
  return false;
}

// The shape rules the loops rely on for memory safety (Python has checked them already; a
// direct caller of _C gets an error instead of a stray read).
bool check_shapes(const KernelInfo& info, PyArrayObject* const* arrays) {
  PyArrayObject* out = arrays[0];
  int ond = PyArray_NDIM(out);
  const npy_intp* od = PyArray_DIMS(out);
  for (int k = 1; k <= info.n_tensors; ++k) {
    int nd = PyArray_NDIM(arrays[k]);
    const npy_intp* dims = PyArray_DIMS(arrays[k]);
    bool ok;
    if (info.kind == KernelKind::kReduction) {
      ok = nd >= ond;
      for (int d = 0; ok && d < ond; ++d) ok = dims[d] == od[d];
    } else {
      ok = nd <= ond;
      for (int d = 0; ok && d < nd; ++d) {
        npy_intp want = od[ond - nd + d];
        ok = dims[d] == want || dims[d] == 1;
      }
    }
    if (!ok) {
      const char* rule = info.kind == KernelKind::kReduction
                             ? "must start with the out shape"
                             : "does not broadcast to the out shape";
      PyErr_Format(PyExc_ValueError, "%s: %s of shape %s %s %s", info.name,
                   arg_label(info, k).c_str(), shape_str(nd, dims).c_str(), rule,
                   shape_str(ond, od).c_str());
      return false;
    }
  }
  return true;
}

// Note [Out overlap]
// A kernel writes its outputs while it reads its inputs, in an order the loops choose, so an
// output that shares memory with another operand would read values already overwritten (the
// elementwise loops), or corrupt the indices it is about to use (sparse_mm writing over its
// rows, then following them out of bounds). The core refuses any call where the byte extent
// [lowest, highest] of a written array meets that of another operand: NumPy's
// may_share_memory bounds check, which can refuse interleaved views that share no byte (the
// caller then passes a copy). One overlap is allowed: an elementwise kernel's out that is
// exactly an input (same data pointer, shape and strides), as the public in-place ops pass it;
// each element is then read before it is written, in the same iteration (loops.h). The public
// API refuses a partial overlap as torch does and copies any other overlapping input before
// it calls (Note [Partial overlap] in aten_lite/rules/kernel_rules.py), so this check only
// ever fires for direct callers of _C.
struct Extent {
  uintptr_t lo = 0, hi = 0;  // [lo, hi); empty (lo == hi) for an array without elements
};

Extent extent_of(PyArrayObject* a) {
  int nd = PyArray_NDIM(a);
  const npy_intp* dims = PyArray_DIMS(a);
  const npy_intp* strides = PyArray_STRIDES(a);
  intptr_t lo = 0, hi = 0;
  for (int d = 0; d < nd; ++d) {
    if (dims[d] == 0) return {};
    intptr_t span = static_cast<intptr_t>(dims[d] - 1) * strides[d];
    (span < 0 ? lo : hi) += span;
  }
  auto base = reinterpret_cast<intptr_t>(PyArray_DATA(a));
  return {static_cast<uintptr_t>(base + lo),
          static_cast<uintptr_t>(base + hi + PyArray_ITEMSIZE(a))};
}

bool same_layout(PyArrayObject* a, PyArrayObject* b) {
  int nd = PyArray_NDIM(a);
  if (PyArray_DATA(a) != PyArray_DATA(b) || nd != PyArray_NDIM(b)) return false;
  for (int d = 0; d < nd; ++d) {
    if (PyArray_DIM(a, d) != PyArray_DIM(b, d) || PyArray_STRIDE(a, d) != PyArray_STRIDE(b, d))
      return false;
  }
  return true;
}

// Note [Self-overlapping out]
// A written array whose elements share memory (a zero stride, as expand gives, or strides that
// interleave, as np.lib.stride_tricks.as_strided can make) would have one location written for
// several elements: a reduction would store partial results over each other, a sparse kernel
// would scatter into the wrong cells. The public API never passes one (it refuses expanded
// destinations), so the core refuses them from any caller. The test is a cheap sufficient
// one: with the dims of size > 1 sorted by |stride|, each stride must step over everything
// the smaller dims span; an array that fails it may still be free of overlap (an unusual
// interleaving), and is then refused too, which is safe.
bool may_overlap_itself(PyArrayObject* a) {
  int nd = PyArray_NDIM(a);
  struct Step {
    npy_intp stride, size;  // |stride| in bytes, size of a dim of size > 1
  } steps[NPY_MAXDIMS];
  int n = 0;
  for (int d = 0; d < nd; ++d) {
    npy_intp size = PyArray_DIM(a, d);
    if (size == 0) return false;  // no elements, nothing written
    if (size > 1) {
      npy_intp st = PyArray_STRIDE(a, d);
      steps[n++] = {st < 0 ? -st : st, size};
    }
  }
  std::sort(steps, steps + n, [](const Step& x, const Step& y) { return x.stride < y.stride; });
  npy_intp span = PyArray_ITEMSIZE(a);  // bytes covered by the dims taken so far
  for (int i = 0; i < n; ++i) {
    if (steps[i].stride < span) return true;
    span += steps[i].stride * (steps[i].size - 1);
  }
  return false;
}

// Refuses a call whose written arrays overlap another operand (Note [Out overlap]) or
// themselves (Note [Self-overlapping out]).
bool check_overlap(const KernelInfo& info, PyArrayObject* const* arrays) {
  Extent ext[kMaxKernelArgs + 1];
  for (int k = 0; k <= info.n_tensors; ++k) ext[k] = extent_of(arrays[k]);
  for (int w = 0; w <= info.n_tensors; ++w) {
    if (!writes_tensor(info, w) || ext[w].lo == ext[w].hi) continue;
    if (may_overlap_itself(arrays[w])) {
      PyErr_Format(PyExc_ValueError,
                   "%s: %s has elements that share memory (a zero or overlapping stride), so "
                   "one location would be written for several elements; pass an array whose "
                   "elements are distinct, such as a contiguous copy",
                   info.name, arg_label(info, w).c_str());
      return false;
    }
    for (int k = 0; k <= info.n_tensors; ++k) {
      if (k == w || (writes_tensor(info, k) && k < w)) continue;  // each pair once
      if (ext[k].lo >= ext[w].hi || ext[w].lo >= ext[k].hi) continue;
      bool exact_in_place = info.kind == KernelKind::kElementwise && w == 0 &&
                            same_layout(arrays[0], arrays[k]);
      if (exact_in_place) continue;
      const char* allowed = info.kind == KernelKind::kElementwise
                                ? "only an exact alias of an input (same data, shape and "
                                  "strides) may be written in place"
                                : "this kernel writes nothing in place";
      PyErr_Format(PyExc_ValueError, "%s: %s overlaps %s in memory; %s: pass a copy", info.name,
                   arg_label(info, w).c_str(), arg_label(info, k).c_str(), allowed);
      return false;
    }
  }
  return true;
}

// Runs the entry with the GIL released and a CallControl that lets Ctrl-C stop it; returns
// the entry's code, or kInterrupted with the exception (KeyboardInterrupt) set.
constexpr int kInterrupted = -100;

int run_without_gil(KernelFn fn, int code, const TensorRef* refs, const Scalar* scalars) {
  CallControl control;
  if (PyThread_get_thread_ident() == g_main_thread) control.poll = poll_signals;
  CallControl* previous = swap_call_control(&control);
  control.state = PyEval_SaveThread();
  int rc = fn(code, refs, scalars);
  PyEval_RestoreThread(static_cast<PyThreadState*>(control.state));
  swap_call_control(previous);
  return control.stop.load() ? kInterrupted : rc;
}

// The dtype code tensor k (0 = out) must have in a call with dtype `code`.
int tensor_dtype(const KernelInfo& info, int k, int code) {
  if (info.custom) {
    int d = info.custom->dtypes[k];
    return d == kComputeDType ? code : d;
  }
  return k == 0 ? out_dtype(info.out_kind, code) : code;
}

// A custom kernel checks its own shapes (Note [Custom kernels] in kernel_api.h).
bool check_custom(const KernelInfo& info, const TensorRef* refs, const Scalar* scalars) {
  const char* why = info.custom->check(refs, scalars);
  if (why) PyErr_Format(PyExc_ValueError, "%s: %s", info.name, why);
  return why == nullptr;
}

bool read_dtype_code(const KernelInfo& info, PyObject* obj, int* code) {
  if (!PyLong_Check(obj)) {
    PyErr_Format(PyExc_TypeError, "%s: the first argument must be an int dtype code, got %s",
                 info.name, Py_TYPE(obj)->tp_name);
    return false;
  }
  long v = PyLong_AsLong(obj);
  if (v == -1 && PyErr_Occurred()) return false;
  if (v < 0 || v >= kNumDTypes) {
    PyErr_Format(PyExc_ValueError, "%s: dtype code %ld out of range; valid codes are 0..%d",
                 info.name, v, kNumDTypes - 1);
    return false;
  }
  if (!(info.dtype_mask >> v & 1)) {
    PyErr_Format(PyExc_TypeError, "%s: not implemented for '%s'; supported: %s", info.name,
                 kDTypeNames[v], supported_list(info.dtype_mask).c_str());
    return false;
  }
  *code = static_cast<int>(v);
  return true;
}

void wrong_count(const KernelInfo& info, Py_ssize_t nargs) {
  std::string names = "dtype code, out";
  for (int k = 0; k < info.n_tensors; ++k) names += std::string(", ") + info.tensor_names[k];
  for (int j = 0; j < info.n_scalars; ++j) names += std::string(", ") + info.scalar_names[j];
  PyErr_Format(PyExc_TypeError, "%s: expected %d arguments (%s), got %zd", info.name,
               2 + info.n_tensors + info.n_scalars, names.c_str(), nargs);
}

PyObject* kernel_vectorcall(PyObject* self, PyObject* const* args, size_t nargsf,
                            PyObject* kwnames) {
  const KernelInfo& info = *reinterpret_cast<KernelObject*>(self)->info;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (kwnames && PyTuple_GET_SIZE(kwnames)) {
    PyErr_Format(PyExc_TypeError, "%s: kernels take no keyword arguments", info.name);
    return nullptr;
  }
  if (nargs != 2 + info.n_tensors + info.n_scalars) {
    wrong_count(info, nargs);
    return nullptr;
  }
  int code;
  if (!read_dtype_code(info, args[0], &code)) return nullptr;
  TensorRef refs[kMaxKernelArgs + 1];
  Scalar scalars[kMaxKernelArgs];
  PyArrayObject* arrays[kMaxKernelArgs + 1];
  for (int k = 0; k <= info.n_tensors; ++k) {
    if (!read_array(info, args[1 + k], k, tensor_dtype(info, k, code), &refs[k])) return nullptr;
  }
  for (int k = 0; k <= info.n_tensors; ++k) arrays[k] = reinterpret_cast<PyArrayObject*>(args[1 + k]);
  for (int j = 0; j < info.n_scalars; ++j) {
    if (!read_scalar(info, args[2 + info.n_tensors + j], j, &scalars[j])) return nullptr;
  }
  if (info.custom ? !check_custom(info, refs, scalars) : !check_shapes(info, arrays)) {
    return nullptr;
  }
  if (!check_overlap(info, arrays)) return nullptr;
  npy_intp work = PyArray_SIZE(info.kind == KernelKind::kReduction ? arrays[1] : arrays[0]);
  if (info.kind == KernelKind::kCustom) {
    for (int k = 1; k <= info.n_tensors; ++k) work = std::max(work, PyArray_SIZE(arrays[k]));
  }
  if (stream_accepts(info)) {
    // Note [The instruction stream]: every check above ran here; the entry runs in order on
    // the stream's worker. kStreamRunHere: an operand is shared with NumPy, run it now.
    int queued = stream_enqueue(info, code, refs, scalars, args + 1, work);
    if (queued != kStreamRunHere) return queued < 0 ? nullptr : PyLong_FromLong(queued);
  } else if (stream_active() && !stream_synchronize()) {
    return nullptr;  // a call that does not queue reads results the stream has yet to write
  }
  KernelFn fn = entry_for(reinterpret_cast<const KernelObject*>(self), code);
  int rc = work >= kReleaseGilElements ? run_without_gil(fn, code, refs, scalars)
                                       : fn(code, refs, scalars);
  if (rc == kInterrupted) return nullptr;
  if (rc == kIndexChanged) {
    PyErr_Format(PyExc_RuntimeError,
                 "%s: an index was out of range when the kernel read it, although it passed "
                 "the check before the call: another thread wrote to the indices during the "
                 "call; out is incomplete",
                 info.name);
    return nullptr;
  }
  if (rc < 0) {
    PyErr_Format(PyExc_SystemError, "%s: kernel has no branch for dtype %s", info.name,
                 kDTypeNames[code]);
    return nullptr;
  }
  return PyLong_FromLong(rc);
}

// ---- attributes --------------------------------------------------------------------------

const KernelInfo& info_of(PyObject* self) { return *reinterpret_cast<KernelObject*>(self)->info; }

PyObject* get_name(PyObject* self, void*) { return PyUnicode_FromString(info_of(self).name); }

PyObject* get_dtypes(PyObject* self, void*) {
  uint32_t mask = info_of(self).dtype_mask;
  PyObject* t = PyTuple_New(__builtin_popcount(mask));
  if (!t) return nullptr;
  for (int c = 0, i = 0; c < kNumDTypes; ++c) {
    if (mask >> c & 1) PyTuple_SET_ITEM(t, i++, PyLong_FromLong(c));
  }
  return t;
}

PyObject* get_n_tensors(PyObject* self, void*) { return PyLong_FromLong(info_of(self).n_tensors); }
PyObject* get_n_scalars(PyObject* self, void*) { return PyLong_FromLong(info_of(self).n_scalars); }

PyObject* names_tuple(const char* const* names, int n) {
  PyObject* t = PyTuple_New(n);
  if (!t) return nullptr;
  for (int i = 0; i < n; ++i) {
    PyObject* s = PyUnicode_FromString(names[i]);
    if (!s) {
      Py_DECREF(t);
      return nullptr;
    }
    PyTuple_SET_ITEM(t, i, s);
  }
  return t;
}

PyObject* get_tensor_names(PyObject* self, void*) {
  return names_tuple(info_of(self).tensor_names, info_of(self).n_tensors);
}

PyObject* get_scalar_names(PyObject* self, void*) {
  return names_tuple(info_of(self).scalar_names, info_of(self).n_scalars);
}

const char* kind_name(const KernelInfo& info) {
  static const char* const names[] = {"elementwise", "reduction", "custom"};
  return names[static_cast<int>(info.kind)];
}

PyObject* get_kind(PyObject* self, void*) { return PyUnicode_FromString(kind_name(info_of(self))); }

PyObject* get_out_kind(PyObject* self, void*) {
  static const char* const names[] = {"same", "bool", "wide_int"};
  return PyUnicode_FromString(names[static_cast<int>(info_of(self).out_kind)]);
}

PyObject* kernel_repr(PyObject* self) {
  const KernelInfo& info = info_of(self);
  return PyUnicode_FromFormat("<aten_lite._C.Kernel %s: %s, %d tensors, %d scalars; dtypes %s>",
                              info.name, kind_name(info), info.n_tensors,
                              info.n_scalars, supported_list(info.dtype_mask).c_str());
}

PyGetSetDef kernel_getset[] = {
    {"name", get_name, nullptr, "op full name, as in native_functions.yaml", nullptr},
    {"dtypes", get_dtypes, nullptr, "tuple of supported dtype codes", nullptr},
    {"n_tensors", get_n_tensors, nullptr, "tensor inputs, out not counted", nullptr},
    {"n_scalars", get_n_scalars, nullptr, "scalar arguments", nullptr},
    {"tensor_names", get_tensor_names, nullptr, "schema names of the tensor inputs, in call order",
     nullptr},
    {"scalar_names", get_scalar_names, nullptr, "schema names of the scalars, in call order",
     nullptr},
    {"kind", get_kind, nullptr, "'elementwise', 'reduction' or 'custom'", nullptr},
    {"out_kind", get_out_kind, nullptr,
     "out dtype rule: 'same' (compute dtype), 'bool', or 'wide_int' (int64 for bool and "
     "integer inputs)",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

// kernel.cpu_capability(code): which variant a call with dtype code `code` runs.
PyObject* kernel_cpu_capability(PyObject* self, PyObject* arg) {
  const auto* k = reinterpret_cast<const KernelObject*>(self);
  long code = PyLong_Check(arg) ? PyLong_AsLong(arg) : -1;
  if (code == -1 && PyErr_Occurred()) return nullptr;
  if (code < 0 || code >= kNumDTypes) {
    PyErr_Format(PyExc_ValueError, "%s.cpu_capability: expected a dtype code 0..%d, got %R",
                 k->info->name, kNumDTypes - 1, arg);
    return nullptr;
  }
  int c = k->variants ? k->variants->capability[code] : AL_CPU_DEFAULT_CODE;
  return PyUnicode_FromString(kCpuCapabilityNames[c]);
}

PyMethodDef kernel_methods[] = {
    {"cpu_capability", kernel_cpu_capability, METH_O,
     "cpu_capability(dtype_code) -> 'default', 'avx2' or 'avx512': the variant of the kernel's "
     "code a call with that dtype runs."},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(nullptr, 0)
};

}  // namespace

int add_kernel_type(PyObject* module) {
  g_main_thread = PyThread_get_thread_ident();
  if (PyObject* threading = PyImport_ImportModule("threading")) {
    PyObject* main = PyObject_CallMethod(threading, "main_thread", nullptr);
    PyObject* ident = main ? PyObject_GetAttrString(main, "ident") : nullptr;
    if (ident && PyLong_Check(ident)) g_main_thread = PyLong_AsUnsignedLong(ident);
    Py_XDECREF(ident);
    Py_XDECREF(main);
    Py_DECREF(threading);
  }
  PyErr_Clear();
  KernelType.tp_name = "aten_lite._C.Kernel";
  KernelType.tp_basicsize = sizeof(KernelObject);
  KernelType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_IMMUTABLETYPE;
  KernelType.tp_doc =
      "A registered C++ kernel. Call as kernel(dtype_code, out, *tensors, *scalars); returns "
      "the path code (0 contiguous, 1 scalar operand / row reduction, 2 strided).";
  KernelType.tp_vectorcall_offset = offsetof(KernelObject, vectorcall);
  KernelType.tp_call = PyVectorcall_Call;
  KernelType.tp_repr = kernel_repr;
  KernelType.tp_getset = kernel_getset;
  KernelType.tp_methods = kernel_methods;
  if (PyType_Ready(&KernelType) < 0) return -1;
  Py_INCREF(&KernelType);
  if (PyModule_AddObject(module, "Kernel", reinterpret_cast<PyObject*>(&KernelType)) < 0) {
    Py_DECREF(&KernelType);
    return -1;
  }
  return 0;
}

PyObject* make_kernel(const KernelInfo* info) {
  KernelObject* k = PyObject_New(KernelObject, &KernelType);
  if (!k) return nullptr;
  k->vectorcall = kernel_vectorcall;
  k->info = info;
  k->variants = kernel_variants(info);
  return reinterpret_cast<PyObject*>(k);
}

PyObject* dtype_names_tuple() {
  PyObject* t = PyTuple_New(kNumDTypes);
  if (!t) return nullptr;
  for (int c = 0; c < kNumDTypes; ++c) PyTuple_SET_ITEM(t, c, PyUnicode_FromString(kDTypeNames[c]));
  return t;
}

}  // namespace al
