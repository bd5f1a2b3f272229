"""aten_lite.utils.data against torch.utils.data: TensorDataset, DataLoader
(batch_size, shuffle with a generator, drop_last, samplers, default collation), random_split
and their errors. Shuffled orders are aten_lite's own stream, so for them the test checks
what torch's must also satisfy (a permutation per epoch, repeatable from a seed)."""

from __future__ import annotations

import warnings
from collections import namedtuple

import numpy as np
import pytest

import aten_lite as al
from aten_lite.utils import data as ald

torch = pytest.importorskip("torch")
from torch.utils import data as td  # noqa: E402

from torch_compare import assert_same  # noqa: E402


def _pair(lib, n=7):
    x = np.arange(n * 3, dtype=np.float32).reshape(n, 3)
    return lib.tensor(x), lib.tensor(np.arange(n) % 3)


@pytest.mark.parametrize("batch_size, drop_last", [(1, False), (3, False), (3, True),
                                                   (7, True), (10, False), (10, True)])
def test_sequential_batches_are_torchs(batch_size, drop_last):
    got = list(ald.DataLoader(ald.TensorDataset(*_pair(al)), batch_size=batch_size,
                              drop_last=drop_last))
    want = list(td.DataLoader(td.TensorDataset(*_pair(torch)), batch_size=batch_size,
                              drop_last=drop_last))
    assert len(got) == len(want) == len(ald.DataLoader(ald.TensorDataset(*_pair(al)),
                                                       batch_size=batch_size,
                                                       drop_last=drop_last))
    for g, w in zip(got, want):
        assert isinstance(g, list) and len(g) == 2  # torch collates a tuple sample as a list
        assert_same(g, w)


def test_shuffle_is_a_permutation_per_epoch_and_follows_the_generator():
    ds = ald.TensorDataset(*_pair(al, 10))

    def epochs(generator, n=4):
        loader = ald.DataLoader(ds, batch_size=4, shuffle=True, generator=generator)
        return [[int(v) // 3 for x, _ in loader for v in x[:, 0].tolist()] for _ in range(n)]

    orders = epochs(al.Generator().manual_seed(3))
    assert all(sorted(o) == list(range(10)) for o in orders)
    assert len({tuple(o) for o in orders}) > 1  # a new permutation each epoch
    assert epochs(al.Generator().manual_seed(3)) == orders
    assert epochs(al.Generator().manual_seed(4)) != orders
    al.manual_seed(5)
    first = [b[1].tolist() for b in ald.DataLoader(ds, batch_size=4, shuffle=True)]
    al.manual_seed(5)
    assert [b[1].tolist() for b in ald.DataLoader(ds, batch_size=4, shuffle=True)] == first
    dropped = ald.DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)
    assert [len(b[0]) for b in dropped] == [4, 4] == [len(b[0]) for b in td.DataLoader(
        td.TensorDataset(*_pair(torch, 10)), batch_size=4, shuffle=True, drop_last=True)]


def test_random_split_sizes_are_torchs_and_the_parts_partition_the_data():
    for lengths in ([0.5, 0.3, 0.2], [0.34, 0.33, 0.33], [4, 3], [0.7, 0.3], [1.0, 0.0]):
        n = 7
        with warnings.catch_warnings(record=True) as ours:
            warnings.simplefilter("always")
            got = ald.random_split(ald.TensorDataset(*_pair(al, n)), lengths,
                                   generator=al.Generator().manual_seed(0))
        with warnings.catch_warnings(record=True) as theirs:
            warnings.simplefilter("always")
            want = td.random_split(td.TensorDataset(*_pair(torch, n)), lengths,
                                   generator=torch.Generator().manual_seed(0))
        assert [str(w.message) for w in ours] == [str(w.message) for w in theirs]
        assert [len(s) for s in got] == [len(s) for s in want], lengths
        assert sorted(i for s in got for i in s.indices) == list(range(n))
        for s in got:
            for k in range(len(s)):
                x, _ = s[k]
                assert int(x[0].item()) == 3 * s.indices[k]
    a = ald.random_split(range(20), [10, 10], generator=al.Generator().manual_seed(1))
    b = ald.random_split(range(20), [10, 10], generator=al.Generator().manual_seed(1))
    assert [s.indices for s in a] == [s.indices for s in b]


Point = namedtuple("Point", "x y")


@pytest.mark.parametrize("samples", [
    [1.5, 2.0], [1, 2, 3], [True, False], ["a", "b"],
    [{"a": 1.0, "b": np.ones(2, np.float32)}, {"a": 2.0, "b": np.zeros(2, np.float32)}],
    [(1, 2.0), (3, 4.0)], [Point(1, 2.0), Point(3, 4.0)], [np.float32(1), np.float32(2)],
    [np.arange(3), np.arange(3) + 1],
    [(1, "a"), (2, "b")], [Point("a", 1.0), Point("b", 2.0)],
], ids=["floats", "ints", "bools", "strings", "dicts", "tuples", "namedtuples", "np-scalars",
        "arrays", "strings in tuples", "strings in namedtuples"])
def test_default_collate_is_torchs(samples):
    def norm(v, lib):
        if isinstance(v, (lib.Tensor,)):
            return ("tensor", str(v.dtype).split(".")[-1], v.tolist())
        if isinstance(v, dict):
            return {k: norm(x, lib) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return (type(v).__name__, [norm(x, lib) for x in v])
        return v
    assert norm(ald.default_collate(samples), al) == norm(td.default_collate(samples), torch)


def test_default_convert_turns_numpy_scalars_into_tensors_as_torch():
    for data in ((np.float64(2.0),), [np.int32(3), "s"], {"k": np.float32(1.5)}):
        ours, theirs = ald.default_convert(data), td.default_convert(data)
        flat_o = list(ours.values()) if isinstance(ours, dict) else list(ours)
        flat_t = list(theirs.values()) if isinstance(theirs, dict) else list(theirs)
        assert type(ours).__name__ == type(theirs).__name__
        for o, t in zip(flat_o, flat_t):
            if isinstance(t, torch.Tensor):
                assert isinstance(o, al.Tensor) and o.shape == () and o.item() == t.item()
                assert str(o.dtype).split(".")[-1] == str(t.dtype).split(".")[-1]
            else:
                assert o == t


def test_workers_load_in_this_process_with_torchs_batches():
    # Note [Loading in the main process]: the batches are those torch's workers return
    x, y = _pair(al, 9)
    got = list(ald.DataLoader(ald.TensorDataset(x, y), batch_size=4, num_workers=2))
    want = list(td.DataLoader(td.TensorDataset(*_pair(torch, 9)), batch_size=4, num_workers=0))
    for g, w in zip(got, want):
        assert_same(g, w)


def test_tensor_samples_are_stacked_and_batch_size_none_yields_samples():
    ds = [al.ones(2) * i for i in range(3)]
    got = list(ald.DataLoader(ds, batch_size=2))
    assert [b.shape for b in got] == [al.Size([2, 2]), al.Size([1, 2])]
    assert [b.tolist() for b in ald.DataLoader(ds, batch_size=None)] == [[0, 0], [1, 1], [2, 2]]
    sampler = ald.BatchSampler(ald.SequentialSampler(range(5)), 2, False)
    assert list(sampler) == list(td.BatchSampler(td.SequentialSampler(range(5)), 2, False))
    assert [b.tolist() for b in ald.DataLoader(list(range(5)), batch_sampler=sampler)] == \
        [[0, 1], [2, 3], [4]]
    assert len(ald.ConcatDataset([range(3), range(4)])) == 7
    assert (ald.TensorDataset(al.arange(2)) + ald.TensorDataset(al.arange(3)))[3][0].item() == 1


def test_weighted_sampling_follows_the_weights_and_the_generator():
    weights = [0.1, 0.9, 0.0, 2.0]
    draw = lambda seed, n=4000: list(ald.WeightedRandomSampler(  # noqa: E731
        weights, n, generator=al.Generator().manual_seed(seed)))
    counts = np.bincount(draw(0), minlength=4) / 4000
    np.testing.assert_allclose(counts, np.array(weights) / 3.0, atol=0.03)
    assert draw(1, 50) == draw(1, 50) and draw(1, 50) != draw(2, 50)
    once = list(ald.WeightedRandomSampler(weights, 3, replacement=False,
                                          generator=al.Generator().manual_seed(0)))
    assert sorted(once) == [0, 1, 3]  # without replacement the zero-weight row never comes
    assert len(ald.WeightedRandomSampler(weights, 7)) == 7 == len(td.WeightedRandomSampler(weights, 7))
    assert ald.get_worker_info() is td.get_worker_info() is None


class _Stream(ald.IterableDataset):
    def __iter__(self):
        return iter(range(5))


def test_an_iterable_dataset_is_batched_in_order():
    assert [b.tolist() for b in ald.DataLoader(_Stream(), batch_size=2)] == [[0, 1], [2, 3], [4]]
    with pytest.raises(ValueError, match="expected unspecified shuffle"):
        ald.DataLoader(_Stream(), shuffle=True)


@pytest.mark.parametrize("make", [
    lambda d: d.TensorDataset(*[(torch if d is td else al).ones(n) for n in (3, 4)]),
    lambda d: d.DataLoader(range(4), batch_size=0),
    lambda d: d.DataLoader(range(4), num_workers=-1),
    lambda d: d.DataLoader(range(4), shuffle=True, sampler=d.SequentialSampler(range(4))),
    lambda d: d.DataLoader(range(4), batch_size=None, drop_last=True),
    lambda d: d.random_split(range(5), [2, 2]),
    lambda d: d.DataLoader(range(4), persistent_workers=True),
    lambda d: d.DataLoader(range(4), prefetch_factor=2),
    lambda d: d.WeightedRandomSampler([0.1], -1),
    lambda d: d.WeightedRandomSampler([[0.1, 0.2]], 2),
    lambda d: d.WeightedRandomSampler([0.1], 2, replacement=1),
    lambda d: list(d.WeightedRandomSampler([0.0, 0.0], 2)),
], ids=["size mismatch", "batch_size 0", "num_workers", "shuffle+sampler", "drop_last no batch",
        "split sum", "persistent", "prefetch", "weighted count", "weighted 2-D",
        "weighted replacement", "weighted zeros"])
def test_bad_arguments_raise_as_torch(make):
    with pytest.raises(Exception) as theirs:
        make(td)
    with pytest.raises(Exception) as ours:
        make(ald)
    # torch asserts the sizes match; an assert vanishes under -O, so a ValueError here
    assert type(ours.value) is type(theirs.value) or (
        isinstance(theirs.value, AssertionError) and isinstance(ours.value, ValueError))


def test_every_runtime_package_is_installed():
    # A package left out of pyproject.toml's list is missing from `pip install .`, and
    # `import aten_lite` then fails there (aten_lite.utils once was)
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(root).parts)
             for p in (root / "aten_lite").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
