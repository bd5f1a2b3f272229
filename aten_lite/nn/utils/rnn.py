"""``torch.nn.utils.rnn``: batches of sequences of different lengths, padded or packed.

A *padded* batch is one tensor ``(T, B, *)`` (``(B, T, *)`` with ``batch_first``) whose
shorter sequences are filled up to the longest. A *packed* batch, :class:`PackedSequence`,
holds only the real steps: ``data`` is ``(sum of lengths, *)``, the rows of time step 0 of
every sequence, then those of step 1 of the sequences that have one, and so on, with the
sequences sorted longest first; ``batch_sizes[t]`` says how many rows step ``t`` has. The
recurrent layers (``nn.RNN``, ``nn.LSTM``, ``nn.GRU``) take a packed batch and return one,
skipping the padding. ``sorted_indices`` (``None`` when the batch came sorted) maps sorted
position to original batch index; ``unsorted_indices`` is its inverse.

Every function here is differentiable in the sequences' values (they are gathers, made of
``index_select`` and ``cat``).

>>> import aten_lite as al
>>> a, b = al.tensor([1., 2., 3.]), al.tensor([4., 5.])
>>> p = pack_sequence([a, b])
>>> p.data.tolist(), p.batch_sizes.tolist()
([1.0, 4.0, 2.0, 5.0, 3.0], [2, 2, 1])
>>> padded, lengths = pad_packed_sequence(p, batch_first=True)
>>> padded.tolist(), lengths.tolist()
([[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]], [3, 2])
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable

import numpy as np

from ... import _ops
from ...backends import creation as _creation
from ...tensors.tensor import Tensor
from ...vocab.dtype import int64

__all__ = ["PackedSequence", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "pack_sequence", "unpad_sequence", "unpack_sequence", "invert_permutation"]


def invert_permutation(permutation: Tensor | None) -> Tensor | None:
    """The inverse of a permutation given as a 1-D index tensor (``None`` stays ``None``)."""
    if permutation is None:
        return None
    p = np.asarray(permutation.tolist(), dtype=np.int64)
    inverse = np.empty_like(p)
    inverse[p] = np.arange(len(p), dtype=np.int64)
    return _creation.tensor(inverse)


_PackedFields = namedtuple("_PackedFields", ["data", "batch_sizes", "sorted_indices",
                                             "unsorted_indices"])


class PackedSequence(_PackedFields):
    """A packed batch of sequences (see the module docstring): a named tuple of ``data``,
    ``batch_sizes`` (int64, on the CPU), ``sorted_indices`` and ``unsorted_indices``.
    Made by :func:`pack_padded_sequence` and :func:`pack_sequence`, not by hand. As in
    torch, ``PackedSequence(data, batch_sizes, sorted_indices)`` fills ``unsorted_indices``
    in, and ``PackedSequence((data, batch_sizes))`` takes the pair as its first argument."""

    __slots__ = ()

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is None:
            if not (isinstance(data, (list, tuple)) and len(data) == 2):
                raise AssertionError("Expected data to be a list or tuple of length 2")
            data, batch_sizes = data
        if not isinstance(batch_sizes, Tensor) or batch_sizes.ndim != 1:
            raise TypeError(f"PackedSequence: batch_sizes must be a 1-D int64 tensor, got "
                            f"{type(batch_sizes).__name__}")
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def _with_data(self, data: Tensor) -> "PackedSequence":
        if data is self.data:
            return self
        move = (lambda t: t) if data.device == self.data.device else (
            lambda t: None if t is None else t.to(data.device))
        return type(self)(data, self.batch_sizes, move(self.sorted_indices),
                          move(self.unsorted_indices))

    def to(self, *args, **kwargs) -> "PackedSequence":
        """``data.to(...)`` (dtype and/or device); ``batch_sizes`` stays on the CPU. Returns
        ``self`` when nothing changes."""
        return self._with_data(self.data.to(*args, **kwargs))

    def cpu(self, *args, **kwargs) -> "PackedSequence":
        return self._with_data(self.data.cpu(*args, **kwargs))

    def double(self) -> "PackedSequence":
        return self.to(dtype="float64")

    def float(self) -> "PackedSequence":
        return self.to(dtype="float32")

    def half(self) -> "PackedSequence":
        return self.to(dtype="float16")

    def bfloat16(self) -> "PackedSequence":
        return self.to(dtype="bfloat16")

    def long(self) -> "PackedSequence":
        return self.to(dtype="int64")

    def int(self) -> "PackedSequence":
        return self.to(dtype="int32")

    def short(self) -> "PackedSequence":
        return self.to(dtype="int16")

    def char(self) -> "PackedSequence":
        return self.to(dtype="int8")

    def byte(self) -> "PackedSequence":
        return self.to(dtype="uint8")

    @property
    def is_cuda(self) -> bool:
        return False

    def is_pinned(self) -> bool:
        return False


def _lengths_list(lengths) -> list[int]:
    if isinstance(lengths, Tensor):
        if lengths.ndim != 1:
            raise RuntimeError(f"pack_padded_sequence: lengths must be a 1-D tensor, got shape "
                               f"{list(lengths.shape)}")
        if lengths.is_floating_point():
            raise RuntimeError(f"pack_padded_sequence: lengths must hold integers, got "
                               f"{lengths.dtype}")
        return [int(v) for v in lengths.tolist()]
    return [int(v) for v in lengths]


def _batch_sizes(lengths: list[int]) -> list[int]:
    """``batch_sizes[t]``: how many of the (sorted, longest first) lengths exceed ``t``."""
    counts = np.bincount(np.asarray(lengths, dtype=np.int64), minlength=max(lengths) + 1)
    # lengths exceeding t = total - lengths <= t
    return (len(lengths) - np.cumsum(counts)[:-1]).tolist()


def pack_padded_sequence(input: Tensor, lengths, batch_first: bool = False,
                         enforce_sorted: bool = True) -> PackedSequence:
    """Pack a padded batch ``(T, B, *)`` (``(B, T, *)`` with ``batch_first``) whose sequence
    ``b`` has ``lengths[b]`` real steps (a list or a 1-D integer tensor). With
    ``enforce_sorted`` the lengths must be in decreasing order; without, the batch is sorted
    here and the permutation kept in ``sorted_indices``."""
    lengths = _lengths_list(lengths)
    if input.ndim < 2:
        raise RuntimeError(f"pack_padded_sequence: input must have at least 2 dimensions "
                           f"(time and batch), got shape {list(input.shape)}")
    batch_dim, time_dim = (0, 1) if batch_first else (1, 0)
    batch, steps = input.shape[batch_dim], input.shape[time_dim]
    if len(lengths) != batch:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got "
                           f"{len(lengths)} (batch_size={batch})")
    # torch's order of checks: the last (with sorted lengths, the shortest) length, then
    # the order.
    if (lengths[-1] if enforce_sorted else min(lengths)) <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an "
                           "element in 'lengths' that is <= 0")
    if enforce_sorted and any(a < b for a, b in zip(lengths, lengths[1:])):
        raise RuntimeError(
            "`lengths` array must be sorted in decreasing order when `enforce_sorted` is "
            "True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
            "pack_sequence to sidestep this requirement if you do not need ONNX "
            "exportability.")
    if max(lengths) > steps:
        raise RuntimeError(f"pack_padded_sequence: lengths {lengths} go past the input's "
                           f"{steps} time steps (its shape is {list(input.shape)}, "
                           f"batch_first={batch_first})")
    sorted_indices = None
    if not enforce_sorted:
        order = np.argsort(-np.asarray(lengths, dtype=np.int64), kind="stable")
        sorted_indices = _creation.tensor(order.astype(np.int64))
        input = input.index_select(batch_dim, sorted_indices)
        lengths = [lengths[i] for i in order]
    batch_sizes = _batch_sizes(lengths)
    # Row (t, b) of the packed data is element t*B + b of the time-major flattening
    # (b*T + t of the batch-major one).
    t_idx = np.concatenate([np.full(n, t, dtype=np.int64) for t, n in enumerate(batch_sizes)])
    b_idx = np.concatenate([np.arange(n, dtype=np.int64) for n in batch_sizes])
    flat = b_idx * steps + t_idx if batch_first else t_idx * batch + b_idx
    rows = input.reshape((batch * steps,) + tuple(input.shape[2:]))
    data = rows.index_select(0, _creation.tensor(flat))
    return PackedSequence(data, _creation.tensor(batch_sizes, dtype=int64), sorted_indices,
                          None)


def pad_packed_sequence(sequence: PackedSequence, batch_first: bool = False,
                        padding_value: float = 0.0, total_length: int | None = None):
    """The inverse of :func:`pack_padded_sequence`: ``(padded, lengths)``, the batch in its
    original order, padded with ``padding_value`` to the longest sequence or to
    ``total_length`` steps; ``lengths`` is an int64 tensor."""
    if not isinstance(sequence, PackedSequence):
        raise TypeError(f"pad_packed_sequence: expected a PackedSequence, got "
                        f"{type(sequence).__name__}")
    data = sequence.data
    batch_sizes = [int(v) for v in sequence.batch_sizes.tolist()]
    steps = len(batch_sizes)
    if total_length is not None:
        if total_length < steps:
            raise ValueError(
                "Expected total_length to be at least the length of the longest sequence in "
                f"input, but got total_length={total_length} and max sequence length being "
                f"{steps}")
        steps = total_length
    batch = batch_sizes[0] if batch_sizes else 0
    rows = data.shape[0]
    offsets = np.concatenate([[0], np.cumsum(batch_sizes)]).astype(np.int64)
    sizes = np.zeros(steps, dtype=np.int64)
    sizes[:len(batch_sizes)] = batch_sizes
    # Source row of output (t, b): offsets[t] + b while b < batch_sizes[t], else the padding
    # row appended at index `rows`.
    t_grid, b_grid = np.meshgrid(np.arange(steps), np.arange(batch), indexing="ij")
    starts = np.concatenate([offsets[:-1], np.zeros(steps - len(batch_sizes), np.int64)])
    source = np.where(b_grid < sizes[:, None], starts[:, None] + b_grid, rows)
    if batch_first:
        source = source.T
    feature = tuple(data.shape[1:])
    pad_row = _creation.full((1,) + feature, padding_value, dtype=data.dtype,
                             device=data.device)
    padded = _ops.cat([data, pad_row]).index_select(
        0, _creation.tensor(np.ascontiguousarray(source).reshape(-1)))
    padded = padded.view(source.shape + feature)
    lengths = _creation.tensor((sizes[None, :len(batch_sizes)] > np.arange(batch)[:, None])
                               .sum(1).astype(np.int64))
    if sequence.unsorted_indices is not None:
        padded = padded.index_select(0 if batch_first else 1, sequence.unsorted_indices)
        lengths = lengths.index_select(0, sequence.unsorted_indices)
    return padded, lengths


def pad_sequence(sequences, batch_first: bool = False, padding_value: float = 0.0,
                 padding_side: str = "right") -> Tensor:
    """Stack tensors of shape ``(L_i, *)`` into ``(T, B, *)`` (``(B, T, *)`` with
    ``batch_first``), ``T`` the longest ``L_i``, filling with ``padding_value`` after each
    sequence (``padding_side='right'``) or before it (``'left'``). The result has the first
    sequence's dtype."""
    if isinstance(sequences, Tensor):
        sequences = sequences.unbind(0)
    if not isinstance(sequences, Iterable):
        raise RuntimeError(f"pad_sequence: Expected iterable for input sequences, but got arg "
                           f"of type: {type(sequences)}")
    sequences = tuple(sequences)
    if padding_side not in ("left", "right"):
        raise RuntimeError(f"Expected padding_side to be one of left or right, but got "
                           f"{padding_side}.")
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    first = sequences[0]
    trailing = tuple(first.shape[1:])
    for i, s in enumerate(sequences):
        if not isinstance(s, Tensor):
            raise TypeError(f"pad_sequence: sequence {i} is a {type(s).__name__}, not a Tensor")
        if s.ndim == 0 or tuple(s.shape[1:]) != trailing:
            raise RuntimeError(f"pad_sequence: sequence {i} has shape {list(s.shape)} but "
                               f"sequence 0 has {list(first.shape)}: every sequence needs a "
                               f"length dim followed by the same trailing dims")
    longest = max(s.shape[0] for s in sequences)
    rows = []
    for s in sequences:
        s = s.to(first.dtype)
        missing = longest - s.shape[0]
        if missing:
            fill = _creation.full((missing,) + trailing, padding_value, dtype=first.dtype,
                                  device=first.device)
            s = _ops.cat([s, fill] if padding_side == "right" else [fill, s])
        rows.append(s)
    return _ops.stack(rows, 0 if batch_first else 1)


def unpad_sequence(padded_sequences: Tensor, lengths, batch_first: bool = False) -> list:
    """The list of sequences in a padded batch: sequence ``b`` is its first ``lengths[b]``
    steps."""
    lengths = _lengths_list(lengths)
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    return [padded_sequences[b, :n] for b, n in enumerate(lengths)]


def pack_sequence(sequences, enforce_sorted: bool = True) -> PackedSequence:
    """Pack a list of tensors ``(L_i, *)``: ``pack_padded_sequence(pad_sequence(...))``.
    With ``enforce_sorted`` they must come longest first."""
    lengths = [s.shape[0] for s in sequences]
    return pack_padded_sequence(pad_sequence(sequences), lengths,
                                enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences: PackedSequence) -> list:
    """The list of sequences a packed batch holds, in their original order."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
