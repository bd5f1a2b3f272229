"""Every error raised inside an op names the op (Note [Errors name the op] in
aten_lite/dispatch/dispatcher.py): the rules and kernels below the dispatcher do not know it."""

import traceback

import pytest

import aten_lite as al


def _raised(call):
    with pytest.raises(Exception) as e:
        call()
    return e.value


@pytest.mark.parametrize("call, kind, message", [
    (lambda: al.add(al.ones(2), al.ones(3)), RuntimeError,
     "al.add: shapes (2,) and (3,) cannot be broadcast: size 2 and size 3 differ in dimension -1 "
     "(sizes must match or be 1)"),
    (lambda: al.ones(2) * al.ones(3), RuntimeError,  # an operator reaches the op's entry too
     "al.mul: shapes (2,) and (3,) cannot be broadcast: size 2 and size 3 differ in dimension -1 "
     "(sizes must match or be 1)"),
    (lambda: al.ones(2).sum(5), IndexError,
     "al.sum: Dimension out of range (expected to be in range of [-1, 0], but got 5)"),
    (lambda: al.add(al.ones(2), al.ones(2), out=al.empty(2, dtype=al.int64)), RuntimeError,
     "al.add: result type Float can't be cast to the desired output type Long"),
    # The slow entry (an input that requires grad goes through the Autograd key) names it too.
    (lambda: al.ones(2, requires_grad=True).sum(5), IndexError,
     "al.sum: Dimension out of range (expected to be in range of [-1, 0], but got 5)"),
    # A message that names its op already is left as it is, in-place siblings included.
    (lambda: al.tensor([1, 2]).add_(2.5), RuntimeError,
     "al.add_: result type Float can't be cast to the desired output type Long"),
    (lambda: al.exp(al.sparse_coo_tensor(al.tensor([[0]]), al.ones(1), (2,))), NotImplementedError,
     "al.exp: no kernel for layout 'sparse_coo'; registered: CPU, Meta; exp(0) != 0, call "
     ".to_dense() first"),
    (lambda: al.topk(al.ones(2, 4), 5), RuntimeError,
     "topk: k=5 is out of range for dimension 1 of size 4"),
    (lambda: al.ones(2)[al.tensor([5])], IndexError,  # "index" here is a noun, not the op
     "al.index: index 5 is out of bounds for dimension 0 with size 2"),
    # An op called by another one: the op the user called first, then the one that failed.
    (lambda: al.logsumexp(al.ones(2, 3), 5), IndexError,
     "al.logsumexp: al.amax: Dimension out of range (expected to be in range of [-2, 1], but "
     "got 5)"),
])
def test_the_message_names_the_op(call, kind, message):
    e = _raised(call)
    assert type(e) is kind
    assert str(e) == message


def test_the_exception_keeps_its_traceback_to_where_it_was_raised():
    e = _raised(lambda: al.ones(2).sum(5))
    frames = traceback.extract_tb(e.__traceback__)
    assert "dispatch/dispatcher.py" not in frames[-1].filename  # the rule that raised, not the entry
    assert len(e.args) == 1


def test_an_error_raised_twice_through_an_entry_is_named_once():
    x = al.ones(2)
    for _ in range(2):
        e = _raised(lambda: x.sum(5))
        assert str(e).count("al.sum") == 1
