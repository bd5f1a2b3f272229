"""Indexing with Python sequences (lists, nested lists, ranges, arrays) mixed with tensors,
against torch: reads, writes (which must touch exactly what the read returns) and gradients
(Note [Sequences as tuples] in aten_lite/frontend/indexing.py)."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
# torch 2.13 warns that it reads a list of index items as a tuple; aten_lite warns too.
pytestmark = pytest.mark.filterwarnings("ignore:Using a non-tuple sequence",
                                        "ignore:a list of index items")

# Each index is written for the library it is applied to (lib.tensor builds its tensors).
INDICES = [
    "range(3)", "[1, 2]", "[]", "[0, 0, 3]", "[-1, 0]", "[[0, 1], [1, 0]]", "[[0], [1]]",
    "[range(2), [1, 0]]", "(range(4), lib.tensor([0, 1, 2, 3]))", "(range(4), [5, 4, 3, 2])",
    "[0, slice(1, 3)]", "[None, 0]", "[0, None]", "[lib.tensor(1), 2]", "(0, [])",
    "[True, False, True, False]", "[[True, False, True, False]]", "(slice(None), [0, 2])",
    "([[0], [1]], [1, 2])", "[np.int64(1), 2]", "np.array([[0, 1], [1, 0]])",
    "(np.array([3, 1]), slice(None, None, 2))", "(Ellipsis, [5, 0])", "([1, 3], ..., range(2))",
    "(lib.tensor([[0], [2]]), range(3))", "((0, 2), (1, 3))", "([0, 2], None, [1, 3])",
]


def _index(lib, text):
    return eval(text, {"lib": lib, "np": np, "Ellipsis": Ellipsis})


def _base(lib):
    return lib.tensor(np.arange(24.0).reshape(4, 6))


@pytest.mark.parametrize("text", INDICES)
def test_read_matches_torch(text):
    ours = _base(al)[_index(al, text)]
    theirs = _base(torch)[_index(torch, text)]
    assert tuple(ours.shape) == tuple(theirs.shape)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize("text", INDICES)
def test_write_matches_torch_and_the_read(text):
    ours, theirs = _base(al), _base(torch)
    shape = tuple(theirs[_index(torch, text)].shape)
    values = np.arange(100.0, 100.0 + int(np.prod(shape))).reshape(shape)
    ours[_index(al, text)] = al.tensor(values)
    theirs[_index(torch, text)] = torch.from_numpy(values)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())
    # Where indices do not repeat, reading back gives what was written.
    read = ours[_index(al, text)].numpy()
    if len(np.unique(read)) == read.size:
        np.testing.assert_array_equal(read, values)
    ours[_index(al, text)] = -1.0  # a number too
    theirs[_index(torch, text)] = -1.0
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


def test_range_and_tensor_pick_one_entry_per_row_with_gradient():
    # The language-model idiom: the log-probability of each row's target.
    logits = np.random.default_rng(0).standard_normal((5, 7))
    y = [3, 0, 6, 6, 1]
    x = al.tensor(logits, requires_grad=True)
    t = torch.from_numpy(logits).requires_grad_()
    ours = -x.log_softmax(1)[range(5), al.tensor(y)].mean()
    theirs = -t.log_softmax(1)[range(5), torch.tensor(y)].mean()
    np.testing.assert_allclose(ours.item(), theirs.item(), rtol=1e-12)
    ours.backward()
    theirs.backward()
    np.testing.assert_allclose(x.grad.numpy(), t.grad.numpy(), rtol=1e-12, atol=1e-15)


def test_list_of_index_items_warns_like_torch():
    x = al.arange(6).reshape(2, 3)
    with pytest.warns(UserWarning, match="read as the tuple"):
        assert x[[0, slice(1, 3)]].tolist() == [1, 2]


def test_float_list_index_is_refused():
    with pytest.raises(IndexError, match="must be integer or bool tensors, got float32"):
        al.arange(4)[[0.5, 1.0]]
