"""What the fuzz test's method calls found (tests/test_fuzz.py): each raises what torch raises
(its type), with a message naming the bad value, instead of NumPy's OverflowError."""

import pytest

import aten_lite as al

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("call", [
    lambda lib: lib.ones(2).new_empty(2**70),
    lambda lib: lib.ones(2).new_zeros((2, 2**64)),
    lambda lib: lib.ones(2).new_full((2**63,), 1.0),
], ids=["new_empty", "new_zeros", "new_full"])
def test_sizes_beyond_int64_raise_typeerror_as_in_torch(call):
    with pytest.raises(TypeError):
        call(torch)
    with pytest.raises(TypeError, match=r"argument 'size' must be a sequence of ints that fit "
                                        r"in int64, but found \d{19,} at pos [01]$"):
        call(al)


def test_empty_refuses_a_size_beyond_int64():
    with pytest.raises(TypeError) as e:
        al.empty(3, 2**70)
    assert str(e.value) == ("empty(): argument 'size' must be a sequence of ints that fit in "
                            f"int64, but found {2**70} at pos 1")


@pytest.mark.parametrize("a, b, kind", [
    (float("nan"), 1.0, RuntimeError), (1.5, 1.0, RuntimeError), (-1e308, 1e308, RuntimeError),
    (0.0, 1e39, RuntimeError), (None, 1.0, TypeError), ("a", 1.0, TypeError),
])
def test_uniform_bounds_are_checked_as_in_torch(a, b, kind):
    with pytest.raises(kind):
        torch.ones(3).uniform_(a, b)
    with pytest.raises(kind):
        al.ones(3).uniform_(a, b)


def test_uniform_still_draws_within_its_bounds():
    x = al.empty(1000, dtype=al.float64).uniform_(-2.0, 3)
    assert -2.0 <= x.min().item() and x.max().item() < 3.0
