"""CPU kernels of the convolution ops: `convolution` (plain and transposed, any number of
spatial dims, groups), `_conv_weight_grad` (its weight's gradient), `im2col` and `col2im`.

Each is a sliding-window copy plus one batched matrix product (docs/CONVOLUTION.md):

- im2col lays the windows of the zero-padded input out as columns, (N, C, *kernel, *blocks):
  one NumPy copy of a strided view, no Python loop;
- a plain convolution is ``weight (G, O/G, C/G * K) @ columns (N, G, C/G * K, L)``;
- a transposed one is ``weight.T @ input`` followed by col2im, which adds each kernel
  position's slice of the columns into the padded output (prod(kernel) strided additions) and
  crops the padding off;
- the weight's gradient is ``grad_output @ columns.T`` summed over the batch.

NumPy's matmul calls the BLAS it ships with for float32 and float64; float16 computes in
float32 and rounds once, as torch does. The shape rules (``rules/shapes/conv.py``) have
checked every argument.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ...vocab import grad_mode as _grad_mode, trace as _trace
from ...vocab.dtype import bfloat16, float16, from_numpy
from ...tensors.tensor import Tensor, empty_array
from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...rules.shapes import conv as rules

__all__ = ["convolution_cpu", "conv_weight_grad_cpu", "im2col_cpu", "col2im_cpu"]

_wrap = Tensor._wrap


def _empty(shape, np_dtype) -> np.ndarray:
    """An uninitialised array from the block cache (``empty_array``): the columns and products
    here are megabytes, and fresh ones from the OS would take a page fault per 4 KiB."""
    return empty_array(tuple(shape), from_numpy(np_dtype))


def _zeros(shape, np_dtype) -> np.ndarray:
    out = _empty(shape, np_dtype)
    out.fill(0)
    return out


def _contiguous(a: np.ndarray) -> np.ndarray:
    if a.flags.c_contiguous:
        return a
    out = _empty(a.shape, a.dtype)
    np.copyto(out, a)
    return out


def _matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1])
    return np.matmul(a, b, out=_empty(shape, np.result_type(a, b)))


def _compute(t: Tensor) -> np.ndarray:
    """t's data in the compute dtype, contiguous: a gradient arriving as an expanded view (the
    backward of a sum) would otherwise send the products down NumPy's slow non-BLAS loop."""
    a = t._a
    if t._dtype is float16 or t._dtype is bfloat16:
        return a.astype(np.float32)
    return _contiguous(a)


def _finish(out: np.ndarray, dtype) -> Tensor:
    if _trace.active is not None:
        _trace.note(dtype.name, None)  # NumPy ran it: a dtype, no C++ path code
    if out.dtype != dtype.np:  # float16, bfloat16 computed in float32; NumPy's sum widens small ints
        out = out.astype(dtype.np)
    return _wrap(_contiguous(out))


def _padded(x: np.ndarray, padding, extra=None) -> np.ndarray:
    """x (N, C, *spatial) with ``padding`` zeros before and after each spatial dim."""
    if not any(padding):
        return x
    shape = x.shape[:2] + tuple(n + 2 * p for n, p in zip(x.shape[2:], padding))
    out = _zeros(shape, x.dtype)
    out[(slice(None), slice(None)) + tuple(slice(p, p + n) for p, n in
                                           zip(padding, x.shape[2:]))] = x
    return out


def _windows(x: np.ndarray, kernel, dilation, padding, stride) -> np.ndarray:
    """The windows of x (N, C, *spatial), zero-padded, as a read-only (N, C, *kernel, *blocks)
    view."""
    xp = _padded(x, padding)
    blocks = rules.conv_output_size(x.shape[2:], kernel, stride, padding, dilation)
    st = xp.strides
    return as_strided(
        xp, shape=xp.shape[:2] + tuple(kernel) + blocks,
        strides=st[:2] + tuple(s * d for s, d in zip(st[2:], dilation))
        + tuple(s * t for s, t in zip(st[2:], stride)),
        writeable=False)


def columns(x: np.ndarray, kernel, dilation, padding, stride) -> np.ndarray:
    """The windows of x (N, C, *spatial), zero-padded, as a contiguous (N, C, *kernel,
    *blocks) array."""
    return _contiguous(_windows(x, kernel, dilation, padding, stride))


# Note [Bias row]
# A plain convolution with a bias computes ``weight @ columns + bias``; adding the bias after
# the product is one more pass over the whole output (a fifth of a small convolution's
# forward). Instead each group's columns get one more row, all ones, and its weight one more
# column, the bias: the product then adds the bias in its own sums. The columns are kept for
# the weight's gradient as a view without that row (each sample's first rows are still one
# contiguous matrix, so the product stays on BLAS).
def _columns_with_ones(x: np.ndarray, groups: int, kernel, dilation, padding,
                       stride) -> np.ndarray:
    """columns(x) as (N, G, C/G * K + 1, L), each group's last row all ones."""
    view = _windows(x, kernel, dilation, padding, stride)
    n, c = view.shape[:2]
    rows = c // groups * int(math.prod(kernel))
    blocks = int(math.prod(view.shape[2 + len(kernel):]))
    out = _empty((n, groups, rows + 1, blocks), x.dtype)
    split = (n, groups, c // groups) + view.shape[2:]
    head, view = out[:, :, :rows], view.view()
    head.shape = view.shape = split  # views of the same memory (raises rather than copying)
    np.copyto(head, view)
    out[:, :, rows] = 1
    return out


def fold_columns(cols: np.ndarray, size, kernel, dilation, padding, stride) -> np.ndarray:
    """The adjoint of ``columns``: cols (N, C, *kernel, *blocks) added into an (N, C, *size)
    array, each kernel position's slice at its offset."""
    d = len(size)
    blocks = cols.shape[2 + d:]
    padded = tuple(n + 2 * p for n, p in zip(size, padding))
    out = _zeros(cols.shape[:2] + padded, cols.dtype)
    for pos in itertools.product(*(range(k) for k in kernel)):
        target = tuple(slice(i * dl, i * dl + s * (b - 1) + 1, s)
                       for i, dl, s, b in zip(pos, dilation, stride, blocks))
        out[(slice(None), slice(None)) + target] += cols[(slice(None), slice(None)) + pos]
    if any(padding):
        out = out[(slice(None), slice(None)) + tuple(slice(p, p + n) for p, n in
                                                     zip(padding, size))]
    return out


def _grid(spatial, padding, dilation, kernel):
    """For stride 1: the padded sizes, their flat strides (in elements), the zeros needed past
    the end of a flat padded plane so every kernel offset's window stays inside it, and each
    kernel position's flat offset (Note [Flat windows])."""
    padded = tuple(n + 2 * p for n, p in zip(spatial, padding))
    strides = tuple(int(math.prod(padded[i + 1:])) for i in range(len(padded)))
    extra = sum((k - 1) * dl * st for k, dl, st in zip(kernel[1:], dilation[1:], strides[1:]))
    offsets = [sum(i * dl * st for i, dl, st in zip(pos, dilation, strides))
               for pos in itertools.product(*(range(k) for k in kernel))]
    return padded, strides, extra, offsets


# Note [Flat windows]
# With stride 1 in every dim, a window's element at kernel position pos, for the block at o,
# sits at flat index o . strides + pos . (dilation * strides) of the padded plane. Counting
# blocks on the padded plane's grid (rows of the padded width: Q = blocks_0 *
# prod(padded[1:]) positions, zeros past a row's last block) makes each kernel position's
# slice of the columns one contiguous run of the flat plane, shifted by its offset: folding
# the columns back is one long contiguous addition per kernel position instead of many short
# strided ones (a transposed convolution, and so every plain convolution's input gradient).
# The plane gets `extra` zeros at its end so the last runs stay inside it; the grid's extra
# columns cost prod(padded[1:]) / prod(blocks[1:]) more work in the product before.


# Note [Columns kept for the weight's gradient]
# A training step computes the input's windows twice: in the forward product and again in the
# weight's gradient (its backward formula calls _conv_weight_grad on the saved input). The
# forward keeps its last columns here, with the very array they were read from, that array's
# version and the window arguments; _conv_weight_grad reuses them only when all of these
# match (an in-place write to the input bumps its version), so the result is the same either
# way. One entry: a model with many convolutions recomputes, as without it.
_kept: list = [None]


def _keep(x: Tensor, key, cols) -> None:
    _kept[0] = (x._a, x._version, key, cols)


def _kept_columns(x: Tensor, key):
    entry = _kept[0]
    if entry is not None and entry[0] is x._a and entry[1] == x._version and entry[2] == key:
        _kept[0] = None
        return entry[3]
    return None


def _on_grid(g: np.ndarray, padded) -> np.ndarray:
    """g (N, C, *out) placed on the padded grid (N, C, out_0 * prod(padded[1:])), zeros in the
    grid's extra columns."""
    n, c = g.shape[:2]
    if g.shape[3:] == tuple(padded[1:]):
        return g.reshape(n, c, int(math.prod(g.shape[2:])))
    grid = _zeros((n, c, g.shape[2]) + tuple(padded[1:]), g.dtype)
    grid[(slice(None), slice(None), slice(None)) + tuple(slice(0, m) for m in g.shape[3:])] = g
    return grid.reshape(n, c, int(math.prod(grid.shape[2:])))


def _flat_fold(cols: np.ndarray, size, kernel, dilation, padding) -> np.ndarray:
    """cols (N, C, K, Q) on the padded grid of ``size`` (Note [Flat windows]) added into
    (N, C, *size), each kernel position's run at its offset: one pass of the C++ kernel
    (aten_lite/csrc/col2im.h) over each plane, the same sums as adding run after run."""
    n, c, k, q = cols.shape
    padded, _, extra, offsets = _grid(size, padding, dilation, kernel)
    total = int(math.prod(padded))
    flat = _empty((n, c, total + extra), cols.dtype)
    if flat.size:
        at = np.asarray(offsets, np.int64)
        done = _kernel("col2im")(from_numpy(cols.dtype).code, flat.reshape(n * c, -1),
                                 cols.reshape(n * c, k, q), at)
        if done != k:  # _grid keeps every run inside the plane; this would be a bug
            raise AssertionError(f"col2im: offset {at[done]} puts a run of {q} outside a "
                                 f"plane of {total + extra}")
    out = flat[:, :, :total].reshape((n, c) + padded)
    return out[(slice(None), slice(None)) + tuple(slice(p, p + m) for p, m in
                                                  zip(padding, size))]


def convolution_cpu(input: Tensor, weight: Tensor, bias, stride, padding, dilation,
                    transposed: bool, output_padding, groups: int) -> Tensor:
    shape, dtype = rules.convolution(input, weight, bias, stride, padding, dilation,
                                     transposed, output_padding, groups)
    x, w = _compute(input), _compute(weight)
    n, g, d = x.shape[0], groups, w.ndim - 2
    kernel = w.shape[2:]
    k = int(math.prod(kernel))
    if transposed:
        cin, cout_g = w.shape[0], w.shape[1]
        # columns[n, g] = W[g].T (cout_g * K, cin_g) @ x[n, g] (cin_g, L)
        wg = w.reshape(g, cin // g, cout_g * k).transpose(0, 2, 1)
        if all(s == 1 for s in stride):  # Note [Flat windows]
            padded = tuple(m + 2 * p for m, p in zip(shape[2:], padding))
            xg = _on_grid(x, padded)
            q = xg.shape[2]
            cols = _matmul(wg, xg.reshape(n, g, cin // g, q)).reshape(n, g * cout_g, k, q)
            out = _flat_fold(cols, shape[2:], kernel, dilation, padding)
        else:
            xg = x.reshape(n, g, cin // g, int(math.prod(x.shape[2:])))
            cols = _matmul(wg, xg).reshape((n, g * cout_g) + tuple(kernel) + x.shape[2:])
            out = fold_columns(cols, shape[2:], kernel, dilation, padding, stride)
    else:
        cout, cin_g = w.shape[0], w.shape[1]
        rows = cin_g * k
        wg = w.reshape(g, cout // g, rows)
        blocks = int(math.prod(shape[2:]))
        if bias is not None:  # Note [Bias row]
            cols = _columns_with_ones(x, g, kernel, dilation, padding, stride)
            b = _compute(bias)
            wb = _empty((g, cout // g, rows + 1), np.result_type(wg, b))
            wb[:, :, :rows] = wg
            wb[:, :, rows] = b.reshape(g, cout // g)
            wg = wb
        else:
            cols = columns(x, kernel, dilation, padding, stride).reshape(n, g, rows, blocks)
        if weight.requires_grad and _grad_mode._state.enabled:  # without a bias row: a view
            _keep(input, (tuple(kernel), tuple(dilation), tuple(padding), tuple(stride)),
                  cols[:, :, :rows])
        out = _matmul(wg, cols).reshape(shape)
    if transposed and bias is not None:
        out += _compute(bias).reshape((-1,) + (1,) * d)
    return _finish(out, dtype)


def conv_weight_grad_cpu(input: Tensor, grad_output: Tensor, weight_size, stride, padding,
                         dilation, groups: int) -> Tensor:
    shape, dtype = rules.conv_weight_grad(input, grad_output, weight_size, stride, padding,
                                          dilation, groups)
    x, gout = _compute(input), _compute(grad_output)
    n, g = x.shape[0], groups
    kernel = shape[2:]
    cols = _kept_columns(input, (tuple(kernel), tuple(dilation), tuple(padding), tuple(stride)))
    if cols is None:
        cols = columns(x, kernel, dilation, padding, stride)
    blocks = int(math.prod(gout.shape[2:]))
    cols = cols.reshape(n, g, shape[1] * int(math.prod(kernel)), blocks)
    go = gout.reshape(n, g, shape[0] // g, blocks)
    # One (O/G, L) @ (L, C/G*K) product per sample and group, summed over the samples.
    out = _matmul(go, cols.transpose(0, 1, 3, 2)).sum(0)
    return _finish(out.reshape(shape), dtype)


def im2col_cpu(self: Tensor, kernel_size, dilation, padding, stride) -> Tensor:
    shape, dtype = rules.im2col(self, kernel_size, dilation, padding, stride)
    cols = columns(_compute(self), tuple(kernel_size), dilation, padding, stride)
    return _finish(cols.reshape(shape), dtype)


def col2im_cpu(self: Tensor, output_size, kernel_size, dilation, padding, stride) -> Tensor:
    shape, dtype = rules.col2im(self, output_size, kernel_size, dilation, padding, stride)
    kernel_size = tuple(kernel_size)
    blocks = rules.conv_output_size(shape[2:], kernel_size, stride, padding, dilation)
    cols = _compute(self).reshape(shape[:2] + kernel_size + blocks)
    return _finish(fold_columns(cols, shape[2:], kernel_size, dilation, padding, stride),
                   dtype)
