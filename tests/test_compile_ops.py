"""Every row of the op table, compiled and eager, on every dtype: identical results.

Each sample runs as ``f(*args) = op(*args) * 1``: the trailing multiply gives fusion an
elementwise op to group with (``x * 1`` is exact, NaN, inf and -0.0 included), and the oracle
is the same function run eagerly. Integer and bool results must be bitwise equal. Rows the
compiler cannot capture (no Meta kernel, data-dependent results) run eagerly after a graph
break, which must not change their results either; the elementwise rows must all capture.
"""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from op_table import CASES, case_id

PARAMS = [pytest.param(c, d, id=case_id(c, d)) for c in CASES for d in c.dtypes]


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
        np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=1e-6,
                                   atol=0, equal_nan=True, err_msg=note)
    else:
        np.testing.assert_array_equal(g, w, err_msg=note)


@pytest.mark.parametrize("case,dtype", PARAMS)
def test_compiled_matches_eager(case, dtype):
    def f(*args, **kwargs):
        return _times_one(case.fn(*args, **kwargs))

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
