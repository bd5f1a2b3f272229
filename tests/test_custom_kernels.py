"""Hand-written C++ kernel templates (`cpp:` in native_functions.yaml): the YAML key and its
errors, the generated dtype-switched entry, and the core's checks of a custom kernel's
arguments, shown on the sparse COO kernels (NumPy is the oracle).

Note [Custom kernels] in aten_lite/csrc/kernel_api.h has the contract: the header's
``al::<name>::Kernel`` declares each tensor's dtype (the call's, or a fixed one such as
int64), which tensors it writes, and a shape check; the generator adds the switch over the
entry's `dtypes:` and the registration under ``<name>``.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tools.codegen import api_cpp, emit_cpp, vocab
from tools.codegen import build as cpp_build
from tools.codegen.load import SpecError, load

try:
    from aten_lite import _C
except ImportError:  # not built: the kernel tests skip
    _C = None

REPO = Path(__file__).resolve().parents[1]
CODE = {name: code for code, name in enumerate(vocab.DTYPES)}
RNG = np.random.default_rng(0)

MM = """\
- func: mm(Tensor self, Tensor mat2) -> Tensor
  dispatch:
    SparseCPU: mm_sparse
  cpp: {cpp}
  dtypes: [float32, float64]
"""


def write_spec(tmp_path: Path, native: str, headers=("sparse_mm",)) -> tuple[Path, Path]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "native_functions.yaml").write_text(textwrap.dedent(native))
    (tmp_path / "derivatives.yaml").write_text("")
    csrc = tmp_path / "aten_lite" / "csrc"
    csrc.mkdir(parents=True, exist_ok=True)
    for h in headers:
        (csrc / f"{h}.h").write_text("// a kernel header\n")
    return tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml"


def errors(tmp_path: Path, native: str) -> list[str]:
    native_path, derivatives_path = write_spec(tmp_path, native)
    with pytest.raises(SpecError) as info:
        load(native_path, derivatives_path, runtime_root=tmp_path)
    return list(info.value.messages)


# ---- the YAML key ----


def test_cpp_names_a_header_of_aten_lite_csrc(tmp_path):
    assert errors(tmp_path, MM.format(cpp="sparse_mn")) == [
        "native_functions.yaml:4: mm: no kernel header 'aten_lite/csrc/sparse_mn.h'; did you "
        "mean 'sparse_mm'?"]
    assert errors(tmp_path, MM.format(cpp="sparse-mm")) == [
        "native_functions.yaml:4: mm: 'cpp: sparse-mm' must be a C++ identifier (the header's "
        "stem and namespace), e.g. 'cpp: sparse_mm'"]


def test_cpp_needs_a_dispatch_kernel_dtypes_and_a_functional_entry(tmp_path):
    native = """\
    - func: mm(Tensor self, Tensor mat2) -> Tensor
      cpp: sparse_mm

    - func: mm_(Tensor(a!) self, Tensor mat2) -> Tensor(a!)
      dispatch:
        SparseCPU: mm_sparse_
      cpp: sparse_mm
      dtypes: all
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:1: mm: missing 'dtypes:'; say which dtypes the generated kernel "
        "covers: a group (all, all_and_bool, floating, integral, integral_and_bool, signed) or "
        "a list, e.g. [float32, float64]",
        "native_functions.yaml:2: mm: 'cpp:' names a C++ kernel that a Python kernel calls; "
        "add the 'dispatch:' entry naming that kernel",
        "native_functions.yaml:7: mm_: 'cpp:' belongs on a functional op; its C++ kernel serves "
        "the in-place and out= variants through their functional sibling"]


def test_a_cpp_name_is_one_kernel(tmp_path):
    native = MM.format(cpp="sparse_mm") + """
- func: bmm(Tensor self, Tensor mat2) -> Tensor
  dispatch:
    SparseCPU: bmm_sparse
  cpp: sparse_mm
  dtypes: all

- func: relu(Tensor self) -> Tensor
  elementwise: 'self > 0 ? self : 0'
  dtypes: all

- func: clip(Tensor self) -> Tensor
  dispatch:
    SparseCPU: clip_sparse
  cpp: relu
  dtypes: all
"""
    native_path, derivatives_path = write_spec(tmp_path, native, headers=("sparse_mm", "relu"))
    with pytest.raises(SpecError) as info:
        load(native_path, derivatives_path, runtime_root=tmp_path)
    assert list(info.value.messages) == [
        "native_functions.yaml:10: bmm: 'cpp: sparse_mm' is also the name of the 'cpp:' kernel "
        "of mm (native_functions.yaml:1); give one C++ kernel another name",
        "native_functions.yaml:20: clip: 'cpp: relu' is also the name of the generated kernel "
        "of relu (native_functions.yaml:13); give one C++ kernel another name"]


# ---- the generated entry ----


def _spec(tmp_path, native, headers):
    native_path, derivatives_path = write_spec(tmp_path, native, headers)
    return load(native_path, derivatives_path, runtime_root=tmp_path)


def test_emitted_entry_switches_over_the_entry_dtypes(tmp_path):
    spec = _spec(tmp_path, MM.format(cpp="sparse_mm"), ("sparse_mm",))
    files = emit_cpp.emit(spec)
    assert list(files) == ["generated/csrc/sparse_mm.cpp"]
    text = files["generated/csrc/sparse_mm.cpp"]
    assert '#include "aten_lite/csrc/sparse_mm.h"' in text
    assert "using Kernel = ::al::sparse_mm::Kernel;" in text
    # The entry switches over float32 and float64 (codes 7 and 8).
    assert "return ::al::dtype_entry<Kernel, 0x180>(dtype, t, s);" in text
    assert '{"sparse_mm", &::al::custom::sparse_mm::entry,' in text
    assert "0x180, ::al::OutKind::kSame,\n                   ::al::KernelKind::kCustom" in text
    nf = spec.native[0]
    assert emit_cpp.locate(spec, nf) == [
        "generated/csrc/sparse_mm.cpp: kernel 'sparse_mm' (aten_lite/csrc/sparse_mm.h), dtype "
        "switch over float32, float64"]


TOY = """\
// A toy custom kernel: out[i] = 2 * x[i] + k[i] with k always int64.
#pragma once
#include "aten_lite/csrc/sparse_common.h"

namespace al::toy_twice {

struct Kernel {
  static constexpr int kTensors = 2;
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"x", "k", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kInt64};
  static constexpr uint32_t kWrites = 0b001;
  static const char* check(const TensorRef* t, const Scalar*) {
    return t[0].ndim == 1 ? nullptr : "out must be 1-D";
  }
  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    for (int64_t i = 0; i < t[0].sizes[0]; ++i)
      ::al::sparse::at<S>(t[0], i) = static_cast<S>(2 * ::al::sparse::at<S>(t[1], i) +
                                                    ::al::sparse::at<int64_t>(t[2], i));
    return 0;
  }
};

}  // namespace al::toy_twice
"""


def test_a_new_header_compiles_for_every_dtype(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(REPO / "aten_lite" / "csrc", root / "aten_lite" / "csrc",
                    ignore=shutil.ignore_patterns("*.cpp"))
    (root / "aten_lite" / "csrc" / "toy_twice.h").write_text(TOY)
    (root / "generated" / "csrc").mkdir(parents=True)
    spec = _spec(tmp_path / "spec", """\
    - func: twice(Tensor self, Tensor k) -> Tensor
      dispatch:
        CPU: twice_cpu
      cpp: toy_twice
      dtypes: all_and_bool
    """, ("toy_twice",))
    for path, text in emit_cpp.emit(spec).items():
        (root / path).write_text(text)
    report = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert report.compiled == ("generated/csrc/toy_twice.cpp",)


# ---- the core's checks of a custom kernel's arguments ----


def kernel(name: str):
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    return _C.get_kernel(name)


def _coo(m, k, nnz, dtype=np.float64):
    rows = np.sort(RNG.integers(0, m, nnz)).astype(np.int64)
    cols = RNG.integers(0, k, nnz).astype(np.int64)
    return rows, cols, RNG.standard_normal(nnz).astype(dtype)


def test_custom_kernels_describe_themselves():
    k = kernel("sparse_mm")
    assert (k.kind, k.tensor_names, k.n_scalars) == ("custom", ("rows", "cols", "values",
                                                                "dense"), 0)
    assert repr(kernel("sparse_coalesce")) == (
        "<aten_lite._C.Kernel sparse_coalesce: custom, 3 tensors, 0 scalars; dtypes bool, "
        "uint8, int8, int16, int32, int64, float16, float32, float64, bfloat16>")


@pytest.mark.parametrize("dtype", ["int8", "int64", "float16", "float32", "float64"])
def test_sparse_mm_matches_numpy(dtype):
    rows, cols, vals = _coo(7, 5, 20, np.float64)
    vals = (vals * 3).astype(dtype)
    dense = (RNG.standard_normal((5, 3)) * 3).astype(dtype)
    out = np.full((7, 3), 99, dtype)  # the kernel zeroes out itself
    assert kernel("sparse_mm")(CODE[dtype], out, rows, cols, vals, dense) == 0
    want = np.zeros((7, 3), np.float64)
    np.add.at(want, rows, vals.astype(np.float64)[:, None] * dense.astype(np.float64)[cols])
    tol = 1e-2 if dtype == "float16" else 1e-6
    np.testing.assert_allclose(out.astype(np.float64), want.astype(dtype).astype(np.float64),
                               rtol=tol, atol=tol)


def test_sparse_mm_splits_sorted_rows_between_threads():
    rows, cols, vals = _coo(300, 200, 20000)
    dense = RNG.standard_normal((200, 64))
    before = _C.get_num_threads() if _C is not None else 1
    outs = []
    try:
        for n in (1, 2):
            kernel("sparse_mm")  # skips when not built
            _C.set_num_threads(n)
            out = np.empty((300, 64))
            kernel("sparse_mm")(CODE["float64"], out, rows, cols, vals, dense)
            outs.append(out)
    finally:
        if _C is not None:
            _C.set_num_threads(before)
    # Each output row has one writer, so the sums run in the same order: bitwise equal.
    assert np.array_equal(outs[0], outs[1])
    # A transposed (strided) dense operand and unsorted rows take the general loop.
    order = RNG.permutation(rows.shape[0])
    out = np.empty((300, 64))
    kernel("sparse_mm")(CODE["float64"], out, rows[order], cols[order], vals[order],
                        np.asfortranarray(dense))
    np.testing.assert_allclose(out, outs[0], rtol=1e-12, atol=1e-12)


def test_sparse_sampled_mm_matches_numpy():
    rows, cols, _ = _coo(6, 4, 10)
    a, b = RNG.standard_normal((6, 3)), RNG.standard_normal((4, 3))
    out = np.empty(10)
    kernel("sparse_sampled_mm")(CODE["float64"], out, rows, cols, a, b)
    np.testing.assert_allclose(out, (a @ b.T)[rows, cols], rtol=1e-12)


def test_coalesce_returns_the_number_of_distinct_keys():
    keys = np.array([5, 1, 5, 0, 1], np.int64)
    vals = np.array([1, 2, 3, 4, 5], np.int16)
    out_vals, out_keys = np.empty(5, np.int16), np.empty(5, np.int64)
    assert kernel("sparse_coalesce")(CODE["int16"], out_vals, out_keys, keys, vals) == 3
    assert out_keys[:3].tolist() == [0, 1, 5] and out_vals[:3].tolist() == [4, 7, 4]


@pytest.mark.parametrize("args,error,message", [
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 2)), r.astype(np.int32), c, v, d),
     TypeError, "sparse_mm: tensor 'rows' has dtype int32, expected int64"),
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 2)), r, c, v.astype(np.float32), d),
     TypeError, "sparse_mm: tensor 'values' has dtype float32, expected float64"),
    (lambda r, c, v, d: (CODE["bool"], np.empty((3, 2), bool), r, c, v, d),
     TypeError, "sparse_mm: not implemented for 'bool'; supported: uint8, int8, int16, int32, "
                "int64, float16, float32, float64, bfloat16"),
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 5)), r, c, v, d),
     ValueError, "sparse_mm: out (M, N) and dense (K, N) must be 2-D with the same number of "
                 "columns"),
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 2)), r, c[:-1], v, d),
     ValueError, "sparse_mm: rows, cols and values must be 1-D of one length (nnz)"),
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 2)), r + 3, c, v, d),
     ValueError, "sparse_mm: a row index is out of range"),
    (lambda r, c, v, d: (CODE["float64"], np.empty((3, 2)), r, c - 9, v, d),
     ValueError, "sparse_mm: a column index is out of range"),
])
def test_the_core_checks_a_custom_kernel_before_it_runs(args, error, message):
    rows, cols, vals = np.array([0, 2], np.int64), np.array([1, 0], np.int64), np.ones(2)
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        kernel("sparse_mm")(*args(rows, cols, vals, np.ones((4, 2))))


def test_written_tensors_must_be_writable():
    out_keys = np.empty(2, np.int64)
    out_keys.flags.writeable = False
    with pytest.raises(ValueError, match=re.escape(
            "sparse_coalesce: tensor 'out_keys' is read-only")):
        kernel("sparse_coalesce")(CODE["float64"], np.empty(2), out_keys,
                                  np.array([1, 0], np.int64), np.ones(2))


def test_the_custom_kernel_of_an_op_is_listed_by_the_generator():
    from tools.codegen.gen import load_spec

    spec = load_spec(REPO)
    names = {k.ident: k.op_name for k in api_cpp.cpp_kernels(spec) if k.kind == "custom"}
    assert names == {"sparse_mm": "mm", "sparse_coalesce": "coalesce",
                     "sparse_sampled_mm": "sparse_sampled_mm", "index_add": "index_add",
                     "log_softmax": "log_softmax.int",
                     "log_softmax_backward": "_log_softmax_backward",
                     "softmax": "softmax.int", "softmax_backward": "_softmax_backward",
                     "layer_norm": "_layer_norm", "layer_norm_backward": "_layer_norm_backward",
                     "layer_norm_weight_grad": "_layer_norm_weight_grad",
                     "layer_norm_backward_all": "_layer_norm_backward_all",
                     "sdpa": "_sdpa", "sdpa_backward": "_sdpa_backward",
                     "nll_loss": "nll_loss", "nll_loss_backward": "_nll_loss_backward",
                     "cumsum": "cumsum", "cumprod": "cumprod", "col2im": "col2im"}


@pytest.mark.parametrize("name, args, message", [
    ("nll_loss", lambda: (np.empty(()), np.ones(3), np.zeros(3, np.int64), -100, 1),
     "self must be 2-D (rows, classes)"),
    ("nll_loss", lambda: (np.empty(()), np.ones((3, 2)), np.zeros(2, np.int64), -100, 1),
     "target must be 1-D with one class index per row of self"),
    ("nll_loss", lambda: (np.empty(()), np.ones((3, 2)), np.zeros(3, np.int64), -100, 0),
     "the loss (or its gradient) must be (N,) for reduction 0, else 0-dim"),
    ("nll_loss", lambda: (np.empty(()), np.ones((3, 2)), np.zeros(3, np.int64), -100, 3),
     "reduction must be 0, 1 or 2"),
    ("nll_loss_backward", lambda: (np.empty((3, 2)), np.ones(3), np.zeros(3, np.int64), -100,
                                   1),
     "the loss (or its gradient) must be (N,) for reduction 0, else 0-dim"),
])
def test_the_nll_loss_kernels_check_their_shapes(name, args, message):
    # What keeps a direct caller of _C from reading or writing out of bounds.
    with pytest.raises(ValueError, match=f"^{re.escape(name + ': ' + message)}$"):
        kernel(name)(CODE["float64"], *args())


def test_the_nll_loss_kernels_report_a_bad_target_without_reading_it():
    out = np.full((2, 3), 7.0)
    assert kernel("nll_loss_backward")(CODE["float64"], out, np.ones(()),
                                       np.array([1, 3], np.int64), -100, 1) == 1
    assert kernel("nll_loss")(CODE["float64"], np.empty(()), np.ones((2, 3)),
                              np.array([-1, 0], np.int64), -100, 2) == 1


# ---- col2im: the fold of a stride-1 convolution's columns (aten_lite/csrc/col2im.h) ----


def _fold_reference(cols, offsets, length):
    """What the kernel promises, bit for bit: zeros, then each run added in offset order."""
    out = np.zeros((cols.shape[0], length), cols.dtype)
    for k, off in enumerate(offsets):
        out[:, off:off + cols.shape[2]] += cols[:, k]
    return out


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64, np.int32])
@pytest.mark.parametrize("strided", [False, True])
def test_col2im_kernel_adds_runs_in_order(dtype, strided):
    planes, q, length = 37, 300, 380
    offsets = np.array([0, 1, 2, 40, 41, 42, 80, 79, 0], np.int64)  # repeats and any order
    cols = (RNG.standard_normal((planes, len(offsets), q)) * 1e3).astype(dtype)
    out = np.full((planes, length), 7, dtype)
    if strided:  # every operand with non-unit strides
        cols = np.repeat(cols, 2, axis=2)[:, :, ::2]
        out = np.full((planes, 2 * length), 7, dtype)[:, ::2]
    done = kernel("col2im")(CODE[np.dtype(dtype).name], out, cols, offsets)
    assert done == len(offsets)
    np.testing.assert_array_equal(out, _fold_reference(cols, offsets, length))


@pytest.mark.parametrize("bad", [-1, 81])
def test_col2im_kernel_refuses_an_offset_past_the_plane_and_writes_nothing(bad):
    cols = np.ones((3, 4, 20))
    out = np.full((3, 100), 5.0)
    offsets = np.array([0, 80, bad, 3], np.int64)  # 80 + 20 reaches the end exactly: fine
    assert kernel("col2im")(CODE["float64"], out, cols, offsets) == 2  # the first bad one
    assert (out == 5.0).all()


@pytest.mark.parametrize("args, message", [
    (lambda: (np.empty((3, 10, 1)), np.ones((3, 2, 4)), np.zeros(2, np.int64)),
     "out (P, R) must be 2-D, cols (P, K, Q) 3-D and offsets (K,) 1-D"),
    (lambda: (np.empty((3, 10)), np.ones((2, 2, 4)), np.zeros(2, np.int64)),
     "cols must be (P, K, Q) for out (P, R) and K offsets"),
    (lambda: (np.empty((3, 10)), np.ones((3, 2, 4)), np.zeros(3, np.int64)),
     "cols must be (P, K, Q) for out (P, R) and K offsets"),
])
def test_col2im_kernel_checks_its_shapes(args, message):
    with pytest.raises(ValueError, match=f"^{re.escape('col2im: ' + message)}$"):
        kernel("col2im")(CODE["float64"], *args())
