"""randint's C++ draws against NumPy's Generator.integers (Note [randint in C++] in
aten_lite/frontend/random.py): the same numbers from the same seed, and the stream left where NumPy
leaves it, for every branch of NumPy's bounded draw (Note [NumPy's bounded draws] in
aten_lite/csrc/random_draw.cpp)."""

import numpy as np
import pytest

import aten_lite as al
from aten_lite import _C

# (low, high): one of each branch, and both sides of each boundary.
RANGES = [
    (7, 8),                        # rng 0: no draw
    (0, 2), (0, 27), (-5, 3), (0, 200_000), (0, 3 << 30),
    (0, 2**32 - 1), (-1, 2**32 - 2),   # rng 2**32 - 2: the last 32-bit rejection range
    (0, 2**32), (10, 2**32 + 10),      # rng 2**32 - 1: next_uint32 itself
    (0, 2**32 + 1), (-2**40, 2**41),   # 64-bit rejection
    (-2**62, 2**62 + 12345), (-2**63, 2**63 - 1),  # rng 2**64 - 2
    (-2**63, 2**63),                   # rng 2**64 - 1: next_uint64 itself
]
SIZES = [(0,), (1,), (7,), (32,), (3, 5)]


def _numpy(seed):
    return np.random.Generator(np.random.PCG64(seed))


@pytest.mark.parametrize("low,high", RANGES)
def test_randint_draws_numpys_integers_and_leaves_its_state(low, high):
    for seed in range(12):
        g, ref = al.Generator().manual_seed(seed), _numpy(seed)
        for size in SIZES:
            got = al.randint(low, high, size, generator=g)
            want = ref.integers(low, high, size=size, dtype=np.int64)
            assert got.dtype is al.int64 and tuple(got.shape) == size
            np.testing.assert_array_equal(got.numpy(), want)
            # The stream's position, the buffered half of a 64-bit output included.
            assert g._rng.bit_generator.state == ref.bit_generator.state
        # The other samplers continue NumPy's stream from there.
        np.testing.assert_array_equal(al.rand(3, generator=g, dtype=al.float64).numpy(),
                                      ref.random(3))


def test_the_minibatch_form_draws_the_default_generators_stream():
    for seed in (0, 1, 2**40, 2**64 - 1):
        al.manual_seed(seed)
        ref = _numpy(seed)
        for low, high in ((0, 200_000), (0, 27), (-3, 2**33)):
            np.testing.assert_array_equal(al.randint(low, high, (32,)).numpy(),
                                          ref.integers(low, high, size=(32,), dtype=np.int64))


def test_other_dtypes_and_set_state_keep_the_stream():
    g = al.Generator().manual_seed(5)
    state = g.get_state()
    ref = _numpy(5)
    np.testing.assert_array_equal(
        al.randint(-100, 100, (4, 6), dtype=al.int8, generator=g).numpy(),
        ref.integers(-100, 100, size=(4, 6), dtype=np.int64).astype(np.int8))
    np.testing.assert_array_equal(
        al.randint(0, 1000, (9,), dtype=al.float32, generator=g).numpy(),
        ref.integers(0, 1000, size=(9,), dtype=np.int64).astype(np.float32))
    g.set_state(state)  # replays the stream, from a bit generator made anew
    ref = _numpy(5)
    np.testing.assert_array_equal(al.randint(0, 3, (11,), generator=g).numpy(),
                                  ref.integers(0, 3, size=(11,), dtype=np.int64))


def test_randint_fill_refuses_what_it_cannot_fill():
    bits = np.random.PCG64(0)
    with pytest.raises(ValueError, match="C-contiguous, aligned, writable int64"):
        _C.randint_fill(bits.capsule, np.empty(3, np.int32), 0, 5)
    with pytest.raises(ValueError, match="C-contiguous, aligned, writable int64"):
        _C.randint_fill(bits.capsule, np.empty((4, 2), np.int64)[:, 0], 0, 5)
    with pytest.raises(ValueError, match="native byte order"):  # would be filled byte-swapped
        _C.randint_fill(bits.capsule, np.empty(4, ">i8"), 0, 9)
    unaligned = np.frombuffer(bytearray(8 * 4 + 1), np.uint8)[1:].view(np.int64)
    unaligned.flags.writeable = True
    with pytest.raises(ValueError, match="aligned"):
        _C.randint_fill(bits.capsule, unaligned, 0, 9)
    with pytest.raises(TypeError, match="out must be an ndarray"):
        _C.randint_fill(bits.capsule, [0, 0], 0, 5)
    with pytest.raises(ValueError):  # not a bit generator's capsule
        _C.randint_fill(object(), np.empty(3, np.int64), 0, 5)
    with pytest.raises(OverflowError):
        _C.randint_fill(bits.capsule, np.empty(3, np.int64), 0, -1)


def test_a_generator_pickles_and_copies_with_its_stream():
    import copy
    import pickle
    g = al.Generator().manual_seed(9)
    al.randint(0, 5, (3,), generator=g)
    ahead = _numpy(9)  # NumPy's stream, as far along as g
    ahead.integers(0, 5, size=(3,), dtype=np.int64)
    want = ahead.integers(0, 1000, size=(6,), dtype=np.int64)
    for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert twin.initial_seed() == 9
        np.testing.assert_array_equal(al.randint(0, 1000, (6,), generator=twin).numpy(), want)
    ref = _numpy(9)
    ref.integers(0, 5, size=(3,), dtype=np.int64)
    np.testing.assert_array_equal(al.randint(0, 1000, (6,), generator=g).numpy(),
                                  ref.integers(0, 1000, size=(6,), dtype=np.int64))
