"""Every row of the op table, compiled and eager: identical results.

Each sample runs as ``f(*args) = op(*args) * 1``: the trailing multiply gives fusion an
elementwise op to group with (``x * 1`` is exact, NaN, inf and -0.0 included), and the oracle
is the same function run eagerly. Integer and bool results must be bitwise equal. Rows the
compiler cannot capture (no Meta kernel, data-dependent results) run eagerly after a graph
break, which must not change their results either; the elementwise rows must all capture.

Each dtype builds its own fused kernels, a few hundred in all, so by default float32 runs in
every second row, int64 and bool in every fourth and each other dtype in one row in eight,
rotating across the table, and a row none of them picks runs its first dtype: every dtype and
every row is covered (about 290 cases, 220 kernels; tests/test_fused_kernels.py builds every
elementwise op's kernel in float32, int32 and bool). COMPILE_FULL=1 runs every row in every
dtype.

Kernels build into a fresh cache for the module, and all at once: the ``kernels_built`` fixture first
captures every selected case's graph (building nothing), then compiles the fused kernels those
graphs need in parallel (``kernels.compile_many``: every core, one shared precompiled header),
so each test then loads its kernels from the cache. Each test still captures, compiles and
replays its function as a user's call does; only the C++ builds moved ahead of it.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import aten_lite as al
from aten_lite.compile import kernels
from aten_lite.compile.eager_fused import eager_fused
from aten_lite.compile.passes import fusion
from conftest import fresh_cache_dir
from op_table import CASES, case_id

FULL = os.environ.get("COMPILE_FULL") == "1"
DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64")
# By default a dtype runs one row in EVERY[dtype] (others: one in eight), rotating across
# the table; a row none of them picks runs its first dtype.
EVERY = {"float32": 2, "int64": 4, "bool": 4}
SHARE = 8


def _dtypes(i: int, case) -> tuple:
    """The dtypes row ``i`` runs in (module docstring): all of them with COMPILE_FULL=1."""
    if FULL:
        return case.dtypes
    chosen = tuple(d for d in case.dtypes if (i + DTYPES.index(d)) % EVERY.get(d, SHARE) == 0)
    return chosen or case.dtypes[:1]


PARAMS = [pytest.param(c, d, id=case_id(c, d)) for i, c in enumerate(CASES) for d in _dtypes(i, c)]


@pytest.fixture(scope="module", autouse=True)
def kernels_built(request, tmp_path_factory):
    """A fresh kernel cache for the module, holding every fused kernel the selected cases
    need before the first of them runs (module docstring). Yields the specs it built."""
    body = fresh_cache_dir(tmp_path_factory, "compile_ops")
    next(body)
    chosen = [item.callspec.params for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")]
    specs = _fused_specs([(p["case"], p["dtype"]) for p in chosen])
    # A spec the builder refuses comes back as its FusionBuildError; its group runs on the
    # reference executor in the test, as in a user's call.
    kernels.compile_many(specs)
    yield specs
    next(body, None)


def _fused_specs(cases) -> list:
    """The FusedSpec of every fused group in the graphs of ``cases``, captured with the
    kernel builder set aside (the groups run on the reference; nothing is compiled)."""
    specs: list = []

    def record(group):
        specs.append(group.spec)
        return eager_fused(group.spec)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fusion, "build_kernel", record)
        for case, dtype in cases:
            f = _function(case)
            for sample in case.samples(dtype):
                args = [_tensor(a) for a in sample.args]
                kwargs = {k: _tensor(v) for k, v in sample.kwargs.items()}
                try:
                    al.compile(f).graph(*args, **kwargs)
                except Exception:  # a graph break or eager's own error: no kernel to build
                    pass
    return list(dict.fromkeys(specs))


def _function(case):
    def f(*args, **kwargs):
        return _times_one(case.fn(*args, **kwargs))

    return f


def _tensor(x):
    if isinstance(x, np.ndarray):
        return al.from_numpy(x)
    if isinstance(x, list):
        return [_tensor(e) for e in x]
    return "cpu" if type(x).__name__ == "_Device" else x


def _times_one(r):
    if isinstance(r, al.Tensor) and not r.is_sparse:
        return r * 1
    if isinstance(r, (tuple, list)):
        return type(r)(_times_one(x) for x in r) if not hasattr(r, "_fields") else \
            type(r)(*(_times_one(x) for x in r))
    return r


def _same(got, want, note):
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want), note
        for g, w in zip(got, want):
            _same(g, w, note)
        return
    if not isinstance(want, al.Tensor):
        assert got == want, note
        return
    assert (got.dtype, tuple(got.shape)) == (want.dtype, tuple(want.shape)), note
    assert got.is_sparse == want.is_sparse, note
    if want.is_sparse:
        got, want = got.to_dense(), want.to_dense()
    g, w = got.detach().numpy(), want.detach().numpy()
    if want.dtype.is_floating_point:
        # The graph may compute a composite op in other steps than eager's kernel (addmm as
        # mm, then a fused add): where the result cancels to near zero, a couple of ulps of
        # the operands' magnitude (the largest element's) is the honest bound, not rtol.
        big = np.abs(w[np.isfinite(w)]).max(initial=0.0)
        np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=1e-6,
                                   atol=2 * float(np.finfo(w.dtype).eps) * float(big),
                                   equal_nan=True, err_msg=note)
    else:
        np.testing.assert_array_equal(g, w, err_msg=note)


@pytest.mark.parametrize("case,dtype", PARAMS)
def test_compiled_matches_eager(case, dtype):
    f = _function(case)
    for sample in case.samples(dtype):
        note = f"al.{case.name} {dtype} ({sample.note})"
        args = [_tensor(a) for a in sample.args]
        kwargs = {k: _tensor(v) for k, v in sample.kwargs.items()}
        try:
            want = f(*args, **kwargs)
        except Exception as e:  # eager refuses: compiled must refuse the same way
            with pytest.raises(type(e)):
                al.compile(f)(*args, **kwargs)
            continue
        compiled = al.compile(f)
        got = compiled(*args, **kwargs)
        _same(got, want, note)
        _same(compiled(*args, **kwargs), want, note + ", replay")
        handle = al._dispatch.handles().get(case.op or case.name)
        if handle is not None and handle.elementwise:
            assert compiled.stats["eager"] == 0, f"{note}: {compiled._cache}"
