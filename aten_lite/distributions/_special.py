"""The special functions the distributions need and aten_lite has no op for.

``lgamma`` and ``digamma`` are composed of aten_lite ops (the recurrence Gamma(x+1) = x Gamma(x)
shifts x past 8, then Stirling's series), so autograd records them and differentiates them to
any order. ``erf``/``erfinv`` and the regularised incomplete gamma function are computed in
float64 NumPy inside ``al.autograd.Function``s whose backward is written with aten_lite ops.
``standard_gamma`` draws Gamma(alpha, 1) samples from aten_lite's generator (Marsaglia and
Tsang's rejection method) and differentiates them implicitly: holding the sample's CDF value
fixed, dx/dalpha = -(dF/dalpha) / pdf(x), with dF/dalpha from the series or the continued
fraction of the incomplete gamma function.
"""

from __future__ import annotations

import math

import numpy as np

from . import _al as al

_SHIFT = 8
_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
# Stirling's series for lgamma: B_2k / (2k (2k-1)), k = 1..5.
_LGAMMA_TERMS = (1 / 12, -1 / 360, 1 / 1260, -1 / 1680, 1 / 1188)
# Its derivative's asymptotic series for digamma: B_2k / (2k), k = 1..6.
_DIGAMMA_TERMS = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760)

_TINY = {al.float16: 6.103515625e-05, al.float32: 1.1754943508222875e-38, al.float64: 2.2250738585072014e-308}
_EPS = {al.float16: 0.0009765625, al.float32: 1.1920928955078125e-07, al.float64: 2.220446049250313e-16}
_MAX = {al.float16: 65504.0, al.float32: 3.4028234663852886e+38, al.float64: 1.7976931348623157e+308}


def tiny(dtype) -> float:
    return _TINY[dtype]


def eps(dtype) -> float:
    return _EPS[dtype]


def max_value(dtype) -> float:
    return _MAX[dtype]


def lgamma(x):
    """log Gamma(x) for positive x, differentiable (its gradient is digamma)."""
    shift = al.zeros_like(x)
    for k in range(_SHIFT):
        shift = shift + al.log(x + k)
    z = x + _SHIFT
    inv = 1 / z
    inv2 = inv * inv
    series = al.zeros_like(x)
    for c in reversed(_LGAMMA_TERMS):
        series = series * inv2 + c
    return (z - 0.5) * al.log(z) - z + _HALF_LOG_2PI + series * inv - shift


def digamma(x):
    """d/dx log Gamma(x) for positive x, differentiable."""
    shift = al.zeros_like(x)
    for k in range(_SHIFT):
        shift = shift + 1 / (x + k)
    z = x + _SHIFT
    inv2 = 1 / (z * z)
    series = al.zeros_like(x)
    for c in reversed(_DIGAMMA_TERMS):
        series = series * inv2 + c
    return al.log(z) - 0.5 / z - series * inv2 - shift


def _np_digamma(x: np.ndarray) -> np.ndarray:
    shift = sum(1 / (x + k) for k in range(_SHIFT))
    z = x + _SHIFT
    inv2 = 1 / (z * z)
    series = np.zeros_like(z)
    for c in reversed(_DIGAMMA_TERMS):
        series = series * inv2 + c
    return np.log(z) - 0.5 / z - series * inv2 - shift


_np_lgamma = np.vectorize(math.lgamma, otypes=[np.float64])
_np_erf = np.vectorize(math.erf, otypes=[np.float64])


def _np(t) -> np.ndarray:
    return np.asarray(t.detach().to(al.float64).numpy(), dtype=np.float64)


def _back(a: np.ndarray, like):
    return al.from_numpy(np.ascontiguousarray(a)).to(like.dtype)


class _Erf(al.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return _back(_np_erf(_np(x)), x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (2 / math.sqrt(math.pi)) * al.exp(-x * x)


def _np_erfinv(y: np.ndarray) -> np.ndarray:
    """Newton's method on erf from a closed-form start (Winitzki's approximation)."""
    out = np.full_like(y, np.nan)
    out[y == 1] = np.inf
    out[y == -1] = -np.inf
    inside = np.abs(y) < 1
    v = y[inside]
    a = 0.147
    ln = np.log1p(-v * v)
    first = 2 / (math.pi * a) + ln / 2
    x = np.sign(v) * np.sqrt(np.sqrt(first * first - ln / a) - first)
    for _ in range(6):
        err = _np_erf(x) - v
        x = x - err / (2 / math.sqrt(math.pi) * np.exp(-x * x))
    out[inside] = x
    return out


class _Erfinv(al.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        out = _back(_np_erfinv(_np(y)), y)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (math.sqrt(math.pi) / 2) * al.exp(x * x)


def erf(x):
    return _Erf.apply(x)


def erfinv(y):
    return _Erfinv.apply(y)


# ---- the regularised incomplete gamma function and its derivative in a ----

def _series(a: np.ndarray, x: np.ndarray):
    """S = sum_n x^n / ((a+1)...(a+n)) and dS/da, for P(a, x) = x^a e^-x S / Gamma(a+1)."""
    term = np.ones_like(x)
    harmonic = np.zeros_like(x)
    s, ds = term.copy(), np.zeros_like(x)
    for n in range(1, 100000):
        term = term * x / (a + n)
        harmonic = harmonic + 1 / (a + n)
        s += term
        ds -= term * harmonic
        if np.all(term * (1 + harmonic) <= 1e-17 * s):
            break
    return s, ds


def _fraction(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The continued fraction h with Q(a, x) = x^a e^-x h / Gamma(a) (modified Lentz)."""
    floor = 1e-300
    b = x + 1 - a
    c = np.full_like(x, 1 / floor)
    d = 1 / b
    h = d.copy()
    for i in range(1, 2000):
        an = -i * (i - a)
        b = b + 2
        d = an * d + b
        d = np.where(np.abs(d) < floor, floor, d)
        c = b + an / c
        c = np.where(np.abs(c) < floor, floor, c)
        d = 1 / d
        step = d * c
        h = h * step
        if np.all(np.abs(step - 1) < 1e-15):
            break
    return h


def _gammainc(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    a, x = np.broadcast_arrays(a, x)
    out = np.zeros(a.shape)
    pos = x > 0
    low = pos & (x < a + 1)
    high = pos & ~low
    if low.any():
        aa, xx = a[low], x[low]
        s, _ = _series(aa, xx)
        out[low] = np.exp(aa * np.log(xx) - xx - _np_lgamma(aa + 1)) * s
    if high.any():
        aa, xx = a[high], x[high]
        h = _fraction(aa, xx)
        out[high] = 1 - np.exp(aa * np.log(xx) - xx - _np_lgamma(aa)) * h
    out[np.isinf(x) & (x > 0)] = 1.0
    return out


def _gamma_sample_grad(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    """dx/da of a Gamma(a, 1) sample x at a fixed CDF value."""
    out = np.zeros(a.shape)
    low = x < a + 1
    high = ~low
    if low.any():
        aa, xx = a[low], x[low]
        s, ds = _series(aa, xx)
        out[low] = -(xx / aa) * ((np.log(xx) - _np_digamma(aa + 1)) * s + ds)
    if high.any():
        aa, xx = a[high], x[high]
        step = 1e-6 * np.maximum(aa, 1.0)
        h = _fraction(aa, xx)
        dh = (_fraction(aa + step, xx) - _fraction(aa - step, xx)) / (2 * step)
        out[high] = xx * (h * (np.log(xx) - _np_digamma(aa)) + dh)
    return out


class _Gammainc(al.autograd.Function):
    @staticmethod
    def forward(ctx, a, x):
        ctx.save_for_backward(a, x)
        return _back(_gammainc(_np(a), _np(x)), x)

    @staticmethod
    def backward(ctx, g):
        a, x = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            raise NotImplementedError(
                "the gradient of the regularised incomplete gamma function with respect to its "
                "first argument (Gamma.cdf with respect to concentration) is not implemented, "
                "as in torch")
        # d/dx P(a, x) is the Gamma(a, 1) density.
        safe = al.where(x > 0, x, al.ones_like(x))
        density = al.exp((a - 1) * al.log(safe) - safe - lgamma(a))
        return None, g * al.where(x > 0, density, al.zeros_like(density))


def gammainc(a, x):
    """The regularised lower incomplete gamma function P(a, x) (torch.special.gammainc)."""
    return _Gammainc.apply(a, x)


def _draw_standard_gamma(alpha):
    """Gamma(alpha, 1) samples of alpha's shape from aten_lite's generator (no autograd)."""
    with al.no_grad():
        alpha = alpha.detach()
        small = alpha < 1
        boosted = al.where(small, alpha + 1, alpha)
        d = boosted - 1 / 3
        c = 1 / al.sqrt(9 * d)
        out = al.zeros_like(alpha)
        done = al.zeros_like(alpha).bool()
        while not bool(done.all()):
            z = al.randn(alpha.shape, dtype=alpha.dtype)
            u = al.rand(alpha.shape, dtype=alpha.dtype)
            v = (1 + c * z) ** 3
            safe_v = al.where(v > 0, v, al.ones_like(v))
            accept = (v > 0) & (al.log(u) < 0.5 * z * z + d - d * safe_v + d * al.log(safe_v))
            fresh = accept & ~done
            out = al.where(fresh, d * safe_v, out)
            done = done | accept
        if bool(small.any()):
            u = al.rand(alpha.shape, dtype=alpha.dtype)
            out = al.where(small, out * u ** (1 / alpha), out)
        return out.clamp(min=tiny(alpha.dtype))


class _StandardGamma(al.autograd.Function):
    @staticmethod
    def forward(ctx, alpha):
        x = _draw_standard_gamma(alpha)
        ctx.save_for_backward(alpha, x)
        return x

    @staticmethod
    def backward(ctx, g):
        alpha, x = ctx.saved_tensors
        return g * _back(_gamma_sample_grad(_np(alpha), _np(x)), x)


def standard_gamma(alpha):
    """Gamma(alpha, 1) samples; differentiable in alpha when alpha requires grad."""
    return _StandardGamma.apply(alpha)


def standard_gamma_grad(alpha, x):
    """dx/dalpha at samples x (compare torch._standard_gamma_grad)."""
    return _back(_gamma_sample_grad(_np(alpha), _np(x)), x)
