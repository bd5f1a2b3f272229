"""Comparing an aten_lite result with torch's, shared by the torch parity tests."""

from __future__ import annotations

import numpy as np


def assert_same(ours, theirs, note=""):
    """Values (NaN and the sign of zero included), dtype and shape."""
    if isinstance(theirs, (tuple, list)):
        assert len(ours) == len(theirs), note
        for o, t in zip(ours, theirs):
            assert_same(o, t, note)
        return
    got, want = ours.numpy(), theirs.numpy()
    assert got.dtype == want.dtype and got.shape == want.shape, (note, got, want)
    if got.dtype.kind == "f":
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-12, equal_nan=True, err_msg=note)
        both_zero = (got == 0) & (want == 0)
        assert (np.signbit(got) == np.signbit(want))[both_zero].all(), (note, got, want)
    else:
        np.testing.assert_array_equal(got, want, err_msg=note)
