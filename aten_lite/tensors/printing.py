"""Tensor repr in torch's format, so printed values look as a PyTorch user expects.

>>> import aten_lite as al
>>> al.tensor([[1.0, 2.5], [3.0, 4.0]])
tensor([[1.0000, 2.5000],
        [3.0000, 4.0000]])

The rules follow torch's printing: floats print with 4 decimals, or as ``1.`` when every value
is whole, or in scientific notation when values span more than 1000x, exceed 1e8 or go below
1e-4; columns are right-aligned to a common width; rows wrap at 80 columns; tensors of more
than 1000 elements show the first and last 3 entries of each dimension around ``...``.
``set_printoptions`` changes those numbers (precision, threshold, edgeitems, linewidth) and
can force scientific notation on or off, as torch's does.
"""

from __future__ import annotations

import math

import numpy as np

from ..vocab import dtype as _dtype

PRECISION = 4
THRESHOLD = 1000  # more elements than this: summarise
EDGEITEMS = 3  # entries kept at each end of a summarised dimension
LINEWIDTH = 80
SCI_MODE = None  # None: chosen from the values; True/False: always / never scientific

_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None) -> None:
    """The options of Tensor repr, as torch.set_printoptions: ``precision`` (decimals),
    ``threshold`` (more elements than this print summarised), ``edgeitems`` (entries kept at
    each end of a summarised dim), ``linewidth`` (characters per line), ``profile`` (one of
    "default", "short", "full", applied before the other arguments) and ``sci_mode`` (True or
    False forces scientific notation on or off; None, which every call without it sets,
    lets the values choose).

    >>> import aten_lite as al
    >>> al.set_printoptions(precision=2); al.tensor([1.2345])
    tensor([1.23])
    >>> al.set_printoptions(profile="default")
    """
    global PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH, SCI_MODE
    if profile is not None:
        if profile not in _PROFILES:
            raise ValueError(f"set_printoptions: profile must be one of "
                             f"{', '.join(map(repr, _PROFILES))}, got {profile!r}")
        chosen = _PROFILES[profile]
        PRECISION, THRESHOLD = chosen["precision"], chosen["threshold"]
        EDGEITEMS, LINEWIDTH = chosen["edgeitems"], chosen["linewidth"]
    for name, value in (("precision", precision), ("edgeitems", edgeitems),
                        ("linewidth", linewidth)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 0):
            raise ValueError(f"set_printoptions: {name} must be a non-negative int, got "
                             f"{value!r}")
    if threshold is not None and not isinstance(threshold, (int, float)):
        raise ValueError(f"set_printoptions: threshold must be a number, got {threshold!r}")
    if sci_mode is not None and not isinstance(sci_mode, bool):
        raise ValueError(f"set_printoptions: sci_mode must be True, False or None, got "
                         f"{sci_mode!r}")
    if precision is not None:
        PRECISION = precision
    if threshold is not None:
        THRESHOLD = threshold
    if edgeitems is not None:
        EDGEITEMS = edgeitems
    if linewidth is not None:
        LINEWIDTH = linewidth
    SCI_MODE = sci_mode


def get_printoptions() -> dict:
    """The current options of Tensor repr, as torch.get_printoptions."""
    return dict(precision=PRECISION, threshold=THRESHOLD, edgeitems=EDGEITEMS,
                linewidth=LINEWIDTH, sci_mode=SCI_MODE)


def tensor_repr(t, values: np.ndarray | None = None) -> str:
    """torch's repr of t; ``values``: the data of a tensor on a registered device, copied to
    the host (its repr names the device, as torch's does for 'cuda:0')."""
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    a = t._a if values is None else values
    if values is not None:
        suffixes.append(f"device='{t._device.type}'")
    if a is None:
        suffixes.append(f"device='{t._device.type}'")
        suffixes.append(f"size={tuple(t._shape)}")
        if t._dtype is not _dtype.get_default_dtype():
            suffixes.append(f"dtype={t._dtype!r}")
        body = "..."
    elif a.size == 0:
        # No values to infer the dtype from, so it is shown unless it is the default float.
        if len(t._shape) != 1:
            suffixes.append(f"size={tuple(t._shape)}")
        if t._dtype is not _dtype.get_default_dtype():
            suffixes.append(f"dtype={t._dtype!r}")
        body = "[]"
    else:
        if t._dtype not in (_dtype.get_default_dtype(), _dtype.int64, _dtype.bool_):
            suffixes.append(f"dtype={t._dtype!r}")
        body = _body(a, indent)
    if t.grad_fn is not None:
        suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")
    elif t._requires_grad:
        suffixes.append("requires_grad=True")
    return prefix + _add_suffixes(body, suffixes, indent) + ")"


def _add_suffixes(body: str, suffixes: list[str], indent: int) -> str:
    # Each suffix goes on the current line unless that would pass LINEWIDTH.
    parts = [body]
    line_len = len(body) - body.rfind("\n") + 1
    for suffix in suffixes:
        if line_len + len(suffix) + 2 > LINEWIDTH:
            parts.append(",\n" + " " * indent + suffix)
            line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            line_len += len(suffix) + 2
    return "".join(parts)


def _body(a: np.ndarray, indent: int) -> str:
    if a.dtype.kind == "V":  # bfloat16 (ml_dtypes' dtype): printed as the floats it holds
        a = a.astype(np.float32)
    summarize = a.size > THRESHOLD
    shown = _summarized(a) if summarize else a
    fmt = _Formatter(shown)
    return _nested(a, indent, summarize, fmt)


def _summarized(a: np.ndarray) -> np.ndarray:
    # The entries that will be printed, so the column width only depends on them.
    for axis, n in enumerate(a.shape):
        if n > 2 * EDGEITEMS:
            keep = list(range(EDGEITEMS)) + list(range(n - EDGEITEMS, n))
            a = np.take(a, keep, axis=axis)
    return a


class _Formatter:
    """Chooses one number format and width for all the values shown."""

    def __init__(self, a: np.ndarray) -> None:
        self.floating = a.dtype.kind == "f"
        self.int_mode = True  # floats that are all whole print as "3."
        self.sci_mode = False
        self.width = 1
        values = a.reshape(-1)
        if not self.floating:
            self.width = max(len(_plain(v)) for v in values.tolist())
            return
        values = values.astype(np.float64)
        finite = values[np.isfinite(values) & (values != 0)]
        if finite.size == 0:
            return
        mags = np.abs(finite)
        lo, hi = float(mags.min()), float(mags.max())
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        spread = hi / lo > 1000.0 or hi > 1.0e8
        if self.int_mode:
            self.sci_mode = spread
        else:
            self.sci_mode = spread or lo < 1.0e-4
        if SCI_MODE is not None:  # set_printoptions(sci_mode=...) overrides the choice
            self.sci_mode = SCI_MODE
        extra = 1 if self.int_mode and not self.sci_mode else 0  # room for the trailing "."
        self.width = max(len(self._raw(v)) + extra for v in finite.tolist())

    def _raw(self, v: float) -> str:
        if self.sci_mode:
            return f"{v:.{PRECISION}e}"
        if self.int_mode:
            return f"{v:.0f}"
        return f"{v:.{PRECISION}f}"

    def format(self, v) -> str:
        if not self.floating:
            text = _plain(v)
        else:
            text = self._raw(v)
            if self.int_mode and not self.sci_mode and math.isfinite(v):
                text += "."
        return text.rjust(self.width)


def _plain(v) -> str:
    return str(v)  # ints as digits, bools as True/False


def _nested(a: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    if a.ndim == 0:
        return fmt.format(a.item())
    if a.ndim == 1:
        return _row(a, indent, summarize, fmt)
    n = a.shape[0]
    if summarize and n > 2 * EDGEITEMS:
        parts = [_nested(a[i], indent + 1, summarize, fmt) for i in range(EDGEITEMS)]
        parts.append("...")
        parts += [_nested(a[i], indent + 1, summarize, fmt) for i in range(n - EDGEITEMS, n)]
    else:
        parts = [_nested(a[i], indent + 1, summarize, fmt) for i in range(n)]
    # Blank lines between blocks grow with the depth, as in torch and NumPy.
    sep = "," + "\n" * (a.ndim - 1) + " " * (indent + 1)
    return "[" + sep.join(parts) + "]"


def _row(a: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    values = a.tolist()
    if summarize and len(values) > 2 * EDGEITEMS:
        items = [fmt.format(v) for v in values[:EDGEITEMS]] + [" ..."]
        items += [fmt.format(v) for v in values[-EDGEITEMS:]]
    else:
        items = [fmt.format(v) for v in values]
    per_line = max(1, (LINEWIDTH - indent) // (fmt.width + 2))
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
