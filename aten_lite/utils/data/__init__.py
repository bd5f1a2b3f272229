"""torch.utils.data for CPU programs: ``Dataset``, ``TensorDataset``, ``Subset``,
``random_split``, the samplers and ``DataLoader`` with torch's default collation.

>>> import aten_lite as al
>>> from aten_lite.utils.data import DataLoader, TensorDataset
>>> ds = TensorDataset(al.arange(10.0).reshape(5, 2), al.arange(5))
>>> [y.tolist() for _, y in DataLoader(ds, batch_size=2)]
[[0, 1], [2, 3], [4]]

Note [Loading in the main process]: ``num_workers`` is accepted (tutorials pass 2 or 4) and
every batch is loaded in the calling process. torch's workers hand back the same batches in
the same order (a worker's sampler indices come from the main process), so results agree;
only the overlap of loading and training is lost. A shuffled loader draws its permutation
as torch's RandomSampler does: from ``generator=`` when given, else from a generator seeded
by one draw of the global stream (so ``al.manual_seed`` makes it repeat). The permutations
are aten_lite's own (``al.randperm``), not torch's bit for bit.

The submodules ``dataloader``, ``dataset``, ``sampler``, ``distributed`` re-export these names
under torch's paths; they import this package, which does not import them (no import cycle).
"""

from __future__ import annotations

import collections.abc
import math
import numbers
import operator
import warnings

import numpy as np

from ...backends.creation import as_tensor, tensor
from ...vocab.dtype import float64
from ...frontend.random import Generator, multinomial, randint, randperm
from ...tensors.tensor import Tensor
from ..._ops import stack

__all__ = [
    "Dataset", "IterableDataset", "TensorDataset", "Subset", "ConcatDataset", "random_split",
    "Sampler", "SequentialSampler", "RandomSampler", "SubsetRandomSampler",
    "WeightedRandomSampler", "BatchSampler", "DistributedSampler", "DataLoader",
    "default_collate", "default_convert", "get_worker_info",
]


class Dataset:
    """A map-style dataset: ``__getitem__(i)`` and ``__len__``. ``a + b`` concatenates."""

    def __getitem__(self, index):
        raise NotImplementedError(f"{type(self).__name__} must define __getitem__")

    def __add__(self, other: "Dataset") -> "ConcatDataset":
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    """A dataset that is a stream: ``__iter__`` yields the samples (no sampler, no shuffle)."""

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__")


class TensorDataset(Dataset):
    """Samples are the rows of tensors of equal first size: ``ds[i] == (t[i] for t)``."""

    def __init__(self, *tensors: Tensor) -> None:
        for t in tensors:
            if not isinstance(t, Tensor):
                raise TypeError(f"TensorDataset takes tensors, got {type(t).__name__}")
        sizes = [t.size(0) for t in tensors]
        if len(set(sizes)) > 1:
            raise ValueError(f"Size mismatch between tensors: first dims {sizes}; "
                             "give tensors with the same number of rows")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self) -> int:
        return self.tensors[0].size(0) if self.tensors else 0


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order."""

    def __init__(self, dataset, indices) -> None:
        self.dataset, self.indices = dataset, list(indices)

    def __getitem__(self, index):
        if isinstance(index, list):
            return self.dataset[[self.indices[i] for i in index]]
        return self.dataset[self.indices[index]]

    def __len__(self) -> int:
        return len(self.indices)


class ConcatDataset(Dataset):
    """The samples of several datasets, one after the other."""

    def __init__(self, datasets) -> None:
        self.datasets = list(datasets)
        if not self.datasets:
            raise ValueError("ConcatDataset: datasets should not be an empty iterable")
        self.cumulative_sizes = list(np.cumsum([len(d) for d in self.datasets]).tolist())

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, index):
        n = len(self)
        if not -n <= index < n:
            raise IndexError(f"index {index} is out of range for a dataset of length {n}")
        index %= n
        k = int(np.searchsorted(self.cumulative_sizes, index, side="right"))
        start = self.cumulative_sizes[k - 1] if k else 0
        return self.datasets[k][index - start]


def random_split(dataset, lengths, generator=None) -> list[Subset]:
    """`dataset` cut into non-overlapping random subsets of the given lengths, or of the
    given fractions of its length (floored, the remainder dealt one by one from the first)."""
    n = len(dataset)
    lengths = list(lengths)
    if lengths and math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        for f in lengths:
            if not 0 <= f <= 1:
                raise ValueError(f"random_split: fraction {f} is not between 0 and 1")
        counts = [int(math.floor(n * f)) for f in lengths]
        for i in range(n - sum(counts)):
            counts[i % len(counts)] += 1
        for i, k in enumerate(counts):
            if k == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an "
                              f"empty dataset.")
        lengths = counts
    if any(not isinstance(k, numbers.Integral) or k < 0 for k in lengths):
        raise ValueError(f"random_split: lengths must be non-negative ints or fractions "
                         f"summing to 1, got {lengths}")
    if sum(lengths) != n:
        raise ValueError(f"Sum of input lengths ({sum(lengths)}) does not equal the length of "
                         f"the input dataset ({n})!")
    order = randperm(n, generator=generator).tolist()
    out, start = [], 0
    for k in lengths:
        out.append(Subset(dataset, order[start:start + k]))
        start += k
    return out


# ---- samplers: iterables of indices (or of lists of indices) ----


def _check_positive(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{name} should be a positive integer value, but got {name}={value!r}")


def _check_bool(name: str, value, error=ValueError) -> None:
    if not isinstance(value, bool):
        raise error(f"{name} should be a boolean value, but got {name}={value!r}")


class Sampler:
    """Yields the indices a DataLoader reads, in order."""

    def __init__(self, data_source=None) -> None:
        pass

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__")


class SequentialSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source) -> None:
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self) -> int:
        return len(self.data_source)


def _seeded_generator(generator):
    """torch's RandomSampler: the given generator, else a fresh one seeded by one draw of
    the global stream (Note [Loading in the main process])."""
    if generator is not None:
        return generator
    return Generator().manual_seed(int(randint(0, 2**62, (1,)).item()))


_DRAW_CHUNK = 32  # indices RandomSampler draws at a time with replacement, as torch


class RandomSampler(Sampler):
    """A random permutation of the indices per pass (or `num_samples` draws with
    replacement when `replacement=True`)."""

    def __init__(self, data_source, replacement: bool = False, num_samples=None,
                 generator=None) -> None:
        _check_bool("replacement", replacement, TypeError)  # torch's types differ here
        self.data_source, self.replacement, self.generator = data_source, replacement, generator
        self._num_samples = num_samples
        _check_positive("num_samples", self.num_samples)

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        # As torch's: the seed is drawn at the first index, and indices come a chunk at a time,
        # so num_samples may be far larger than memory (a "sample forever" loader).
        n, g = len(self.data_source), _seeded_generator(self.generator)
        if self.replacement:
            full, rest = divmod(self.num_samples, _DRAW_CHUNK)
            for _ in range(full):
                yield from randint(0, n, (_DRAW_CHUNK,), generator=g).tolist()
            yield from randint(0, n, (rest,), generator=g).tolist()
            return
        full, rest = divmod(self.num_samples, n)
        for _ in range(full):
            yield from randperm(n, generator=g).tolist()
        yield from randperm(n, generator=g).tolist()[:rest]

    def __len__(self) -> int:
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices in a random order per pass."""

    def __init__(self, indices, generator=None) -> None:
        self.indices, self.generator = list(indices), generator

    def __iter__(self):
        g = _seeded_generator(self.generator)
        return iter([self.indices[i] for i in randperm(len(self.indices), generator=g).tolist()])

    def __len__(self) -> int:
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """`num_samples` indices drawn with probabilities proportional to `weights` (with
    replacement unless told otherwise): the sampler of imbalanced-class tutorials."""

    def __init__(self, weights, num_samples: int, replacement: bool = True,
                 generator=None) -> None:
        _check_positive("num_samples", num_samples)
        _check_bool("replacement", replacement)
        w = np.asarray(weights.numpy() if isinstance(weights, Tensor) else weights, np.float64)
        if w.ndim != 1:
            raise ValueError(f"weights should be a 1d sequence but given weights have shape "
                             f"{tuple(w.shape)}")
        self.weights = as_tensor(w)
        self.num_samples, self.replacement, self.generator = num_samples, replacement, generator

    def __iter__(self):
        drawn = multinomial(self.weights, self.num_samples, self.replacement,
                            generator=self.generator)
        return iter(drawn.tolist())

    def __len__(self) -> int:
        return self.num_samples


class BatchSampler(Sampler):
    """The indices of `sampler` in lists of `batch_size` (the last shorter unless dropped)."""

    def __init__(self, sampler, batch_size: int, drop_last: bool) -> None:
        _check_positive("batch_size", batch_size)
        _check_bool("drop_last", drop_last)
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        batch = []
        for i in self.sampler:
            batch.append(i)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self) -> int:
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)


class DistributedSampler(Sampler):
    """Each process's share of a dataset, for data-parallel training (torch's
    ``DistributedSampler``): the indices (a permutation seeded by ``seed + epoch`` when
    ``shuffle``, else 0..n-1) padded by repeating from the start to a multiple of
    ``num_replicas`` (or, with ``drop_last``, cut down to one), then every ``num_replicas``-th
    from ``rank`` on. ``num_replicas`` and ``rank`` default to the process group's. Call
    ``set_epoch(e)`` before each epoch so that every rank draws that epoch's permutation.

    Self-contained (it needs only ``randperm`` and ``Generator``), so that it moves with the
    samplers wherever they live."""

    def __init__(self, dataset, num_replicas: int | None = None, rank: int | None = None,
                 shuffle: bool = True, seed: int = 0, drop_last: bool = False) -> None:
        if num_replicas is None or rank is None:
            from ... import distributed as dist
            if not dist.is_initialized():
                raise RuntimeError("DistributedSampler: pass num_replicas and rank, or call "
                                   "aten_lite.distributed.init_process_group('mpi') first")
            num_replicas = dist.get_world_size() if num_replicas is None else num_replicas
            rank = dist.get_rank() if rank is None else rank
        for name, v in (("num_replicas", num_replicas), ("rank", rank), ("seed", seed)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"DistributedSampler: {name} must be an int, got {v!r}")
        if num_replicas < 1:
            raise ValueError(f"DistributedSampler: num_replicas must be at least 1, got "
                             f"{num_replicas}")
        if not 0 <= rank < num_replicas:
            raise ValueError(f"Invalid rank {rank}, rank should be in the interval "
                             f"[0, {num_replicas - 1}]")
        self.dataset, self.num_replicas, self.rank = dataset, num_replicas, rank
        self.shuffle, self.seed, self.drop_last = bool(shuffle), seed, bool(drop_last)
        self.epoch = 0
        n = len(dataset)
        if self.drop_last and n % num_replicas:
            self.num_samples = math.ceil((n - num_replicas) / num_replicas)
        else:
            self.num_samples = math.ceil(n / num_replicas)
        self.total_size = self.num_samples * num_replicas

    def set_epoch(self, epoch: int) -> None:
        """The epoch whose permutation the next pass draws (the same on every rank)."""
        self.epoch = epoch

    def __iter__(self):
        n = len(self.dataset)
        if self.shuffle:
            g = Generator().manual_seed(self.seed + self.epoch)
            indices = randperm(n, generator=g).tolist()
        else:
            indices = list(range(n))
        if self.drop_last:
            indices = indices[:self.total_size]
        elif len(indices) < self.total_size:
            short = self.total_size - len(indices)
            repeats = math.ceil(short / len(indices)) if indices else 0
            indices += (indices * repeats)[:short]
        return iter(indices[self.rank:self.total_size:self.num_replicas])

    def __len__(self) -> int:
        return self.num_samples


def get_worker_info():
    """None: every batch is loaded in the calling process (Note [Loading in the main
    process]), where torch's get_worker_info also returns None."""
    return None


# ---- collation ----


def default_convert(data):
    """NumPy arrays (not of strings) become tensors, inside lists, tuples and dicts too."""
    if isinstance(data, (np.ndarray, np.generic)) and data.dtype.kind not in "USO":
        return as_tensor(data)  # a NumPy scalar becomes a 0-dim tensor, as in torch
    if isinstance(data, collections.abc.Mapping):
        return type(data)({k: default_convert(v) for k, v in data.items()})
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(v) for v in data))
    if isinstance(data, tuple):  # a plain tuple comes back a list, as torch's does
        return [default_convert(v) for v in data]
    if isinstance(data, list):
        return [default_convert(v) for v in data]
    return data


def default_collate(batch):
    """A list of samples as one batch, as torch's default_collate: tensors (and NumPy
    arrays) stacked along a new first dim, Python floats as a float64 tensor, ints and
    bools as a tensor of theirs, strings as given (the batch's list; a tuple inside a
    sequence's field), and mappings, named tuples and sequences collated field by field (a
    plain tuple or list gives a list)."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(list(batch), 0)
    if isinstance(elem, np.ndarray) and elem.dtype.kind not in "USO":
        return stack([as_tensor(b) for b in batch], 0)
    if isinstance(elem, np.generic) and elem.dtype.kind not in "USO":
        return as_tensor(np.array(batch))
    if isinstance(elem, float):
        return tensor(batch, dtype=float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        return type(elem)({k: default_collate([d[k] for d in batch]) for k in elem})
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return type(elem)(*(default_collate(s) for s in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        if any(len(b) != len(elem) for b in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        # Each field's samples as zip gives them (a tuple): strings come back as that tuple,
        # as torch's do; only the loader's own batch is a list.
        return [default_collate(s) for s in zip(*batch)]
    raise TypeError(f"default_collate: batch must contain tensors, NumPy arrays, numbers, "
                    f"dicts or lists; found {type(elem).__name__}")


# ---- the loader ----


class DataLoader:
    """Batches of a dataset: ``for x, y in DataLoader(ds, batch_size=64, shuffle=True)``.
    Takes torch's arguments; ``num_workers`` loads in this process (Note [Loading in the
    main process]); ``pin_memory`` and ``timeout`` have nothing to do on a CPU."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers: int = 0, collate_fn=None, pin_memory: bool = False,
                 drop_last: bool = False, timeout: float = 0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None,
                 persistent_workers: bool = False, pin_memory_device: str = "") -> None:
        if isinstance(num_workers, bool) or operator.index(num_workers) < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 "
                             "to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing."
                             "let num_workers > 0 to enable multiprocessing, otherwise set "
                             "prefetch_factor to None.")
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        if generator is not None and not isinstance(generator, Generator):
            raise TypeError(f"generator must be an aten_lite.Generator, got "
                            f"{type(generator).__name__}")
        self.dataset, self.num_workers, self.generator = dataset, num_workers, generator
        self.pin_memory, self.timeout, self.worker_init_fn = pin_memory, timeout, worker_init_fn
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable and (shuffle or sampler is not None or batch_sampler is not None):
            raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle, "
                             "sampler and batch_sampler options")
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None and not self._iterable:
            sampler = (RandomSampler(dataset, generator=generator) if shuffle
                       else SequentialSampler(dataset))
        if batch_size is not None and batch_sampler is None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        elif batch_size is not None:
            _check_positive("batch_size", batch_size)
        self.batch_size, self.drop_last = batch_size, drop_last
        self.sampler, self.batch_sampler = sampler, batch_sampler
        auto = batch_sampler is not None or (self._iterable and batch_size is not None)
        self.collate_fn = collate_fn or (default_collate if auto else default_convert)

    def __iter__(self):
        if self._iterable:
            return self._iter_stream()
        if self.batch_sampler is not None:
            return (self.collate_fn([self.dataset[i] for i in b]) for b in self.batch_sampler)
        return (self.collate_fn(self.dataset[i]) for i in self.sampler)

    def _iter_stream(self):
        if self.batch_size is None:
            yield from (self.collate_fn(s) for s in self.dataset)
            return
        batch = []
        for s in self.dataset:
            batch.append(s)
            if len(batch) == self.batch_size:
                yield self.collate_fn(batch)
                batch = []
        if batch and not self.drop_last:
            yield self.collate_fn(batch)

    def __len__(self) -> int:
        if self._iterable:
            n = len(self.dataset)
            if self.batch_size is None:
                return n
            return n // self.batch_size if self.drop_last else -(-n // self.batch_size)
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)

