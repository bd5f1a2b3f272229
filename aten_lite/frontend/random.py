"""Random numbers: ``Generator`` objects, the default generator behind ``manual_seed``, and
the sampling functions (``rand``, ``randn``, ``randint``, ``randperm``, ``normal``,
``bernoulli``, ``multinomial``, ``dropout``), each taking ``generator=`` as torch's do.

Note [Random streams]
A generator is NumPy's PCG64 bit generator seeded with the integer seed, so the same seed
gives the same stream in every process and on every platform (PCG64's output is specified
bit for bit). The numbers are not torch's: a program seeded the same way draws different
values under torch and under aten_lite, but the same values on every run of either.
A generator's state (``get_state``) is a uint8 tensor: PCG64's 128-bit state and increment,
its buffered 32-bit half-word, and the seed, little-endian.

>>> import aten_lite as al
>>> g = al.Generator().manual_seed(3)
>>> a = al.rand(2, generator=g); _ = g.manual_seed(3)
>>> bool((al.rand(2, generator=g) == a).all())
True
"""

from __future__ import annotations

import math
import operator

import numpy as np

from ..vocab import dtype as _dtype
from ..backends.creation import _dt, _like, _make, _size, full
from ..vocab.device import cpu, device as _device
from ..vocab.grad_mode import is_grad_enabled, no_grad
from ..tensors.tensor import Tensor, empty_array, sync_stream

try:  # the C++ extension may not be built yet: `import aten_lite` must work anyway
    from .._C import randint_fill as _randint_fill
except ImportError:
    _randint_fill = None

__all__ = [
    "Generator", "default_generator", "manual_seed", "seed", "initial_seed", "get_rng_state",
    "set_rng_state", "rand", "randn", "randint", "randperm", "normal", "bernoulli",
    "multinomial", "dropout", "rand_like", "randn_like", "randint_like",
]

_STATE_BYTES = 16 + 16 + 1 + 4 + 8  # state, increment, has_uint32, uinteger, seed


class Generator:
    """An independent random stream, like ``torch.Generator``: pass it as ``generator=`` to
    a sampling function. It starts from torch's default seed, so an unseeded program draws
    the same numbers on every run (Note [Random streams])."""

    __slots__ = ("_seed", "_rng")

    DEFAULT_SEED = 67280421310721

    def __init__(self, device="cpu") -> None:
        if _device(device).type != "cpu":
            raise ValueError(f"Generator: only 'cpu' generators exist, got device {device!r}")
        self._reset(self.DEFAULT_SEED)

    def _reset(self, seed: int) -> None:
        self._seed = seed
        self._rng = np.random.Generator(np.random.PCG64(seed))

    @property
    def device(self):
        return cpu

    def manual_seed(self, seed) -> "Generator":
        """Restart the stream from `seed` (an int in [-2**63, 2**64), as torch accepts;
        negative seeds wrap modulo 2**64). Returns the generator."""
        try:
            seed = operator.index(seed)
        except TypeError:
            raise TypeError(f"manual_seed expected an int, got {type(seed).__name__}") from None
        if not -2**63 <= seed < 2**64:
            raise RuntimeError(
                f"manual_seed: seed {seed} is out of range; expected [-2**63, 2**64)")
        self._reset(seed % 2**64)
        return self

    def seed(self) -> int:
        """Restart the stream from a fresh non-deterministic seed and return that seed."""
        fresh = int(np.random.SeedSequence().entropy) % 2**63
        self._reset(fresh)
        return fresh

    def initial_seed(self) -> int:
        """The seed the stream last started from."""
        return self._seed

    def get_state(self) -> Tensor:
        """The stream's position as a uint8 tensor; ``set_state`` of it replays the stream
        from here."""
        st = self._rng.bit_generator.state
        raw = (st["state"]["state"].to_bytes(16, "little") + st["state"]["inc"].to_bytes(16, "little")
               + bytes([st["has_uint32"]]) + st["uinteger"].to_bytes(4, "little")
               + self._seed.to_bytes(8, "little"))
        return Tensor._wrap(np.frombuffer(raw, dtype=np.uint8).copy())

    def set_state(self, new_state) -> "Generator":
        """Continue from a state returned by ``get_state``."""
        if not isinstance(new_state, Tensor) or new_state._dtype is not _dtype.uint8 \
                or new_state._shape != (_STATE_BYTES,) or new_state._a is None:
            got = (f"a {new_state._dtype.name} tensor of shape {list(new_state._shape)}"
                   if isinstance(new_state, Tensor) else type(new_state).__name__)
            raise RuntimeError(
                f"set_state expects the uint8 tensor of shape [{_STATE_BYTES}] that get_state "
                f"returns, got {got}")
        sync_stream()
        raw = new_state._a.tobytes()
        bits = np.random.PCG64()
        bits.state = {
            "bit_generator": "PCG64",
            "state": {"state": int.from_bytes(raw[:16], "little"),
                      "inc": int.from_bytes(raw[16:32], "little")},
            "has_uint32": raw[32], "uinteger": int.from_bytes(raw[33:37], "little"),
        }
        self._seed = int.from_bytes(raw[37:45], "little")
        self._rng = np.random.Generator(bits)
        return self

    def __repr__(self) -> str:
        return f"<aten_lite.Generator object at {id(self):#x}>"


default_generator = Generator()


def _rng(generator) -> np.random.Generator:
    return _generator(generator)._rng


# Called as hook() before every draw while set: vmap's randomness='error' raises there
# (aten_lite/transforms/vmap.py).
_draw_hook = None


def set_draw_hook(hook):
    """Set the hook called before each random draw (None: none); returns the previous one."""
    global _draw_hook
    previous, _draw_hook = _draw_hook, hook
    return previous


def _generator(generator) -> Generator:
    if _draw_hook is not None:
        _draw_hook()
    if generator is None:
        return default_generator
    if not isinstance(generator, Generator):
        raise TypeError(
            f"generator must be an aten_lite.Generator, got {type(generator).__name__}")
    return generator


def manual_seed(seed) -> Generator:
    """Restart the default stream from `seed`: the same calls then give the same numbers.
    Returns the default generator, as torch does."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    """Seed the default stream non-deterministically; returns the seed used."""
    return default_generator.seed()


def initial_seed() -> int:
    """The seed the default stream last started from."""
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    return default_generator.get_state()


def set_rng_state(new_state) -> None:
    default_generator.set_state(new_state)


# ---- sampling factories ----


def _random_float(fn: str, size, dtype, device, requires_grad, generator, draw) -> Tensor:
    dt = _dt(dtype)
    if not dt.is_floating_point:
        raise TypeError(f"{fn}(): expected a floating dtype, got {dt.name}; use randint for integers")
    rng = _rng(generator)

    def fill(a):
        wide = np.float64 if dt.np == np.float64 else np.float32
        values = draw(rng, a.shape, wide)
        if dt.itemsize == 2 and fn == "rand":
            # Rounding to half (or bfloat16) precision must not turn values just below 1 into 1.
            values = np.minimum(values, np.float32(_BELOW_ONE[dt.name]))
        a[...] = values

    return _make(_size(fn, size), dt, device, requires_grad, fill)


def rand(*size, generator=None, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Uniform samples from [0, 1)."""
    return _random_float("rand", size, dtype, device, requires_grad, generator,
                         lambda rng, shape, wide: rng.random(shape, dtype=wide))


def randn(*size, generator=None, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Standard normal samples (mean 0, variance 1)."""
    return _random_float("randn", size, dtype, device, requires_grad, generator,
                         lambda rng, shape, wide: rng.standard_normal(shape, dtype=wide))


def randint(*args, size=None, generator=None, dtype=None, device=None,
            requires_grad: bool = False) -> Tensor:
    """Uniform integers in [low, high): ``randint(high, size)`` or
    ``randint(low, high, size)``; int64 unless `dtype` says otherwise."""
    if len(args) == 3 and size is None and dtype is None and device is None and \
            generator is None and requires_grad is False:
        # A minibatch's indices, every training step (randint(0, n, (batch,))): the checks
        # of _randint, in line, for int bounds and a 1-d size; the same draw from the same
        # stream.
        low, high, shape = args
        if low.__class__ is int and high.__class__ is int and shape.__class__ is tuple and \
                len(shape) == 1 and shape[0].__class__ is int and shape[0] >= 0 and \
                -_I64 <= low < high <= _I64:
            return _draw_int64(default_generator, low, high, shape)
    return _randint(args, size, generator, dtype, device, requires_grad)


# Note [randint in C++]
# A minibatch's indices are drawn every training step, and NumPy's integers() costs more than
# the draw (its argument handling). So randint's int64 draws call _C.randint_fill, which draws
# as integers(low, high, size, dtype=np.int64) does from the same bit generator
# (Note [NumPy's bounded draws] in aten_lite/csrc/random_draw.cpp), holding the generator's
# lock as integers() does: the same numbers, and the stream left where NumPy would leave it,
# so seeds, get_state/set_state and every other sampler keep their streams. Without the
# extension, integers() itself.


def _draw_int64(gen: Generator, low: int, high: int, shape: tuple) -> Tensor:
    """``gen``'s integers in [low, high) as an int64 tensor of ``shape`` (Note [randint in
    C++]); low < high, both in int64's range (high up to 2**63)."""
    if _randint_fill is None:
        return Tensor._wrap(gen._rng.integers(low, high, size=shape, dtype=np.int64))
    out = empty_array(shape, _dtype.int64)
    bits = gen._rng.bit_generator  # read per call: a capsule kept would stop pickling
    with bits.lock:
        _randint_fill(bits.capsule, out, low, high - 1 - low)
    return Tensor._wrap(out)


def _randint(args, size, generator, dtype, device, requires_grad) -> Tensor:
    """randint's every form and check (the general path)."""
    if size is None:
        if not args:
            raise TypeError("randint(): missing the 'size' argument")
        args, size = args[:-1], args[-1]
    if len(args) == 1:
        low, high = 0, args[0]
    elif len(args) == 2:
        low, high = args
    else:
        raise TypeError(
            "randint(): expected randint(high, size) or randint(low, high, size), got "
            f"{len(args)} bounds"
        )
    low, high = operator.index(low), operator.index(high)
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    dt = _dt(dtype, _dtype.int64)
    lo, hi = _exact_range(dt)
    for name, v in (("from", low), ("to - 1", high - 1)):
        if not lo <= v <= hi:
            raise RuntimeError(
                f"randint(): {name} = {v} is out of bounds for {dt.name} (valid: {lo}..{hi})"
            )
    gen = _generator(generator)
    shape = _size("randint", (size,))
    if dt is _dtype.int64 and device is None and not requires_grad:
        # A minibatch's indices, every training step: the draws are the tensor.
        return _draw_int64(gen, low, high, shape)

    def fill(a):
        sync_stream()  # queued kernels may still read or write `a` (docs/ASYNC.md)
        a[...] = _draw_int64(gen, low, high, a.shape)._a

    return _make(shape, dt, device, requires_grad, fill)


# The largest value below 1 of each 2-byte floating dtype (rand's values are clamped to it).
_BELOW_ONE = {"float16": float(np.nextafter(np.float16(1), np.float16(0))), "bfloat16": 1 - 2 ** -8}
_I64 = 2 ** 63  # randint's fast path: int64 holds low..high - 1 when -_I64 <= low < high <= _I64
_EXACT_RANGES: dict = {}  # dtype -> its exact integer range (np.iinfo costs a microsecond)


def _exact_range(dt) -> tuple[int, int]:
    """The integers `dt` holds exactly: its range, or +-2**(mantissa bits + 1) for floats."""
    found = _EXACT_RANGES.get(dt)
    if found is not None:
        return found
    if dt is _dtype.bool_:
        found = 0, 1
    elif dt.is_floating_point:
        n = 2 ** round(1 - math.log2(_dtype.finfo(dt).eps))  # 2 ** (mantissa bits + 1)
        found = -n, n
    else:
        info = np.iinfo(dt.np)
        found = int(info.min), int(info.max)
    _EXACT_RANGES[dt] = found
    return found


def randperm(n, *, generator=None, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A random permutation of 0..n-1 (int64 unless `dtype` says otherwise)."""
    n = operator.index(n)
    if n < 0:
        raise RuntimeError(f"randperm(): n must be non-negative, got {n}")
    dt = _dt(dtype, _dtype.int64)
    lo, hi = _exact_range(dt)
    if n - 1 > hi:
        raise RuntimeError(f"randperm(): n = {n} is too large for {dt.name} (at most {hi + 1})")
    rng = _rng(generator)
    return _make((n,), dt, device, requires_grad, lambda a: a.__setitem__(..., rng.permutation(n)))


def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None,
           requires_grad: bool = False) -> Tensor:
    """Normal samples. ``normal(mean, std, size)`` with numbers; or tensors for `mean` and/or
    `std` (broadcast together), one sample per element, as torch.normal. Gradients do not
    flow through `mean` or `std` (torch's do; here the result is a fresh sample)."""
    tensors = [x for x in (mean, std) if isinstance(x, Tensor)]
    if not tensors:
        if size is None:
            raise TypeError("normal(): with number mean and std, give size= as well")
        if std < 0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
        out = randn(size, generator=generator, dtype=dtype, device=device)
        if out._a is not None:
            out._a *= np.asarray(std, dtype=out._a.dtype)
            out._a += np.asarray(mean, dtype=out._a.dtype)
        return out.requires_grad_(requires_grad) if requires_grad else out
    if size is not None:
        raise TypeError("normal(): size= is only taken when mean and std are numbers")
    for t in tensors:
        if not t._dtype.is_floating_point:
            raise RuntimeError(f"normal expects floating tensors for mean and std, got {t._dtype.name}")
    sync_stream()  # NumPy reads std's values below and writes results in place
    if isinstance(std, Tensor) and std._a is not None and (std._a < 0).any():
        raise RuntimeError("normal expects all elements of std >= 0.0")
    with _no_grad():
        m = mean.detach() if isinstance(mean, Tensor) else mean
        s = std.detach() if isinstance(std, Tensor) else std
        shape = np.broadcast_shapes(*(t._shape for t in tensors))
        dt = _dtype.result_type(*tensors)
        z = randn(shape, generator=generator, dtype=dt, device=tensors[0]._device)
        return z * s + m


def _no_grad():
    return no_grad()


def _probabilities(fn: str, p) -> np.ndarray:
    a = p._data_or_raise(f"{fn}()")
    if a.size and (np.isnan(a).any() or (a < 0).any() or (a > 1).any()):
        raise RuntimeError(f"{fn}(): expected all probabilities p to be in [0, 1]")
    return a


def bernoulli(input: Tensor, p=None, *, generator=None) -> Tensor:
    """1 with probability `input` (or the number `p`), else 0, per element; the result has
    input's dtype and shape and no gradient (as in torch)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"bernoulli(): input must be a Tensor, got {type(input).__name__}")
    if not input._dtype.is_floating_point:
        raise RuntimeError(f"bernoulli(): expected a floating tensor, got {input._dtype.name}")
    if input._a is None:
        return Tensor._meta(input._shape, input._dtype)
    if p is None:
        probs = _probabilities("bernoulli", input)
    else:
        if not 0 <= p <= 1:
            raise RuntimeError(f"bernoulli(): expected p in [0, 1], got {p}")
        probs = np.full(input._shape, p)
    draws = _rng(generator).random(input._shape)
    return Tensor._wrap((draws < probs).astype(input._dtype.np))


def multinomial(input: Tensor, num_samples: int, replacement: bool = False, *,
                generator=None) -> Tensor:
    """`num_samples` indices per row of `input` (1-D: one row), drawn with probabilities
    proportional to the row's non-negative weights; without replacement an index is drawn
    at most once, so a row needs that many non-zero weights. Returns int64."""
    if not isinstance(input, Tensor):
        raise TypeError(f"multinomial(): input must be a Tensor, got {type(input).__name__}")
    if input.dim() not in (1, 2):
        raise RuntimeError(f"multinomial(): prob_dist must be 1 or 2 dim, got {input.dim()} dims")
    if not input._dtype.is_floating_point:
        raise RuntimeError(f"multinomial(): expected a floating tensor, got {input._dtype.name}")
    num_samples = operator.index(num_samples)
    if num_samples <= 0:
        raise RuntimeError(f"multinomial(): cannot sample num_samples={num_samples} <= 0 samples")
    rows = input._data_or_raise("multinomial()").astype(np.float64).reshape(-1, input._shape[-1])
    n = rows.shape[1]
    if not replacement and num_samples > n:
        raise RuntimeError(
            f"multinomial(): cannot sample n_sample={num_samples} > prob_dist.size(-1)={n} "
            "samples without replacement")
    if not np.isfinite(rows).all() or (rows < 0).any():
        raise RuntimeError("multinomial(): probability tensor contains either inf, nan or element < 0")
    rng = _rng(generator)
    out = np.empty((rows.shape[0], num_samples), dtype=np.int64)
    for i, w in enumerate(rows):
        total = w.sum()
        if total <= 0:
            raise RuntimeError(f"multinomial(): row {i} has invalid distribution: its weights sum to 0")
        if not replacement and np.count_nonzero(w) < num_samples:
            raise RuntimeError(
                f"multinomial(): row {i} has {np.count_nonzero(w)} non-zero weights, fewer than "
                f"num_samples={num_samples} drawn without replacement")
        out[i] = rng.choice(n, size=num_samples, replace=replacement, p=w / total)
    return Tensor._wrap(out.reshape(input._shape[:-1] + (num_samples,)))


def dropout(input: Tensor, p: float = 0.5, train: bool = True, *, generator=None) -> Tensor:
    """Zero each element with probability `p` and scale the rest by 1/(1-p) when `train`;
    the identity otherwise. Differentiable: the gradient is the same mask and scale."""
    if not 0 <= p <= 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not train or p == 0:
        return input
    if p == 1:
        return input * 0
    keep = bernoulli(_empty_like_prob(input, 1 - p), generator=generator)
    return input * keep.mul_(1.0 / (1 - p))


def _empty_like_prob(input: Tensor, q: float) -> Tensor:
    dt = input._dtype if input._dtype.is_floating_point else _dtype.get_default_dtype()
    return full(input._shape, q, dtype=dt, device=input._device)


# ---- *_like ----


def rand_like(input: Tensor, *, generator=None, dtype=None, device=None,
              requires_grad: bool = False):
    def draw(shape, dtype, device, requires_grad=False):
        return rand(shape, generator=generator, dtype=dtype, device=device,
                    requires_grad=requires_grad)
    return _like(draw, input, dtype, device, requires_grad)


def randn_like(input: Tensor, *, generator=None, dtype=None, device=None,
               requires_grad: bool = False):
    def draw(shape, dtype, device, requires_grad=False):
        return randn(shape, generator=generator, dtype=dtype, device=device,
                     requires_grad=requires_grad)
    return _like(draw, input, dtype, device, requires_grad)


def randint_like(input: Tensor, low: int = 0, high: int | None = None, *, generator=None,
                 dtype=None, device=None, requires_grad: bool = False):
    """Integers in [low, high) shaped like `input`: ``randint_like(x, high)`` or
    ``randint_like(x, low, high)``; `input`'s dtype and device unless given."""
    if high is None:
        low, high = 0, low

    def draw(shape, dtype, device, requires_grad=False):
        return randint(low, high, shape, generator=generator, dtype=dtype, device=device,
                       requires_grad=requires_grad)
    return _like(draw, input, dtype, device, requires_grad)


# ---- Tensor methods (torch has these on Tensor too) ----


def _bernoulli_method(self: Tensor, p=None, *, generator=None) -> Tensor:
    return bernoulli(self, p, generator=generator)


def _multinomial_method(self: Tensor, num_samples: int, replacement: bool = False, *,
                        generator=None) -> Tensor:
    return multinomial(self, num_samples, replacement, generator=generator)


def _fill_random(name: str, self: Tensor, draw) -> Tensor:
    """Write samples into `self` in place (an nn.init-style initialiser; no autograd)."""
    if not self._dtype.is_floating_point:
        raise RuntimeError(f"{name}: expected a floating tensor, got {self._dtype.name}")
    if self._requires_grad and self.grad_fn is None and _grad_enabled():
        raise RuntimeError(
            f"a leaf Variable that requires grad is being used in an in-place operation "
            f"({name}); wrap it in `with al.no_grad():`")
    if self._a is None:
        return self
    if self._requires_grad and _grad_enabled():
        # A tensor with history (a leaf was refused above): its old values no longer reach
        # the result, so the write goes through copy_, whose node gives the overwritten
        # values a zero gradient (and rebases a view's base), as torch's uniform_/normal_.
        self.copy_(Tensor._wrap(np.asarray(draw(self._shape), dtype=self._a.dtype)))
        return self
    sync_stream()  # queued kernels may still read or write self (docs/ASYNC.md)
    self._a[...] = draw(self._shape)
    self._bump_version()
    return self


def _grad_enabled() -> bool:
    return is_grad_enabled()


def _uniform_(self: Tensor, a: float = 0.0, b: float = 1.0, *, generator=None) -> Tensor:
    _check_uniform_range(self, a, b)
    rng = _rng(generator)
    return _fill_random("uniform_", self, lambda shape: rng.uniform(a, b, shape))


def _check_uniform_range(self: Tensor, a, b) -> None:
    """torch's checks of uniform_'s bounds: numbers, finite in the tensor's dtype, ordered,
    and a width that a float64 holds (NumPy would raise OverflowError on its own)."""
    for name, v in (("from", a), ("to", b)):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise TypeError(f"uniform_(): argument '{name}' must be a number, not "
                            f"{type(v).__name__}")
    if self._dtype.is_floating_point:
        top = _dtype.finfo(self._dtype).max
        for name, v in (("from", a), ("to", b)):
            if not -top <= float(v) <= top:
                raise RuntimeError(f"uniform_: {name}={v} is out of bounds for "
                                   f"{self._dtype.name}")
    if float(a) > float(b):
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found "
                           f"from={a} > to={b}")
    if not np.isfinite(float(b) - float(a)):
        raise RuntimeError(f"uniform_ expects to - from to be finite, but found to={b} and "
                           f"from={a}")


def _normal_(self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator=None) -> Tensor:
    if std < 0:
        raise RuntimeError(f"normal_ expects std >= 0.0, but found std {std}")
    rng = _rng(generator)
    return _fill_random("normal_", self, lambda shape: rng.normal(mean, std, shape))
