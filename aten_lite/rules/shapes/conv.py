"""Shape rules of the convolution ops (Note [Shape rules] in core.py): `convolution` (plain and
transposed, any number of spatial dims), the weight gradient `_conv_weight_grad`, and the
sliding-window copies `im2col` / `col2im` behind ``F.unfold`` / ``F.fold``.

Note [Convolution layout]: the ops take a batched input (N, C, *spatial) and a weight of the
same number of dims, (out_channels, in_channels / groups, *kernel) for a plain convolution,
(in_channels, out_channels / groups, *kernel) for a transposed one, as torch's weights are
laid out; ``stride``, ``padding``, ``dilation`` and ``output_padding`` hold one value per
spatial dim. Unbatched inputs, single ints, ``padding='same'`` and padding modes other than
zeros are ``al.nn.functional``'s business (``aten_lite/nn/convolution.py``). The kernels in
``backends/cpu/convolution.py`` rely on these checks.
"""

from __future__ import annotations

from math import prod

__all__ = ["convolution", "conv_weight_grad", "im2col", "col2im", "conv_output_size"]


def _fmt(shape) -> str:
    return "[" + ", ".join(str(n) for n in shape) + "]"


def _per_dim(name: str, values, d: int) -> tuple:
    values = tuple(values)
    if len(values) != d:
        raise RuntimeError(
            f"expected {name} to be a single integer value or a list of {d} values to match "
            f"the convolution dimensions, but got {name}={list(values)}")
    return values


def _check_hyper(stride, padding, dilation) -> None:
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"non-positive stride is not supported (stride={list(stride)})")
    if any(p < 0 for p in padding):
        raise RuntimeError(f"negative padding is not supported (padding={list(padding)})")
    if any(x <= 0 for x in dilation):
        raise RuntimeError(f"non-positive dilation is not supported (dilation={list(dilation)})")


def conv_output_size(size, kernel, stride, padding, dilation) -> tuple:
    """The plain convolution's output size per spatial dim (may be < 1: the caller checks)."""
    return tuple((n + 2 * p - x * (k - 1) - 1) // s + 1
                 for n, k, s, p, x in zip(size, kernel, stride, padding, dilation))


_NUMERIC = "uint8, int8, int16, int32, int64, float16, float32, float64, bfloat16"  # the YAML `dtypes: all`


def _check_dtypes(input, weight, bias, name: str = "convolution") -> None:
    if input._dtype.name == "bool":  # the dispatcher's guard looks at an argument named self
        raise NotImplementedError(f"al.{name}: not implemented for 'bool'; supported: "
                                  f"{_NUMERIC}")
    if input._dtype is not weight._dtype:
        raise RuntimeError(f"Input type ({input._dtype.name}) and weight type "
                           f"({weight._dtype.name}) should be the same")
    if bias is not None and bias._dtype is not input._dtype:
        raise RuntimeError(f"Input type ({input._dtype.name}) and bias type "
                           f"({bias._dtype.name}) should be the same")


def convolution(input, weight, bias, stride, padding, dilation, transposed: bool,
                output_padding, groups: int):
    """(N, C, *spatial) convolved with weight (Note [Convolution layout])."""
    w, x = weight._shape, input._shape
    if len(w) < 3:
        raise RuntimeError(f"convolution: expected weight to have at least 3 dims (out, in, "
                           f"*kernel), got weight of size {_fmt(w)}")
    d = len(w) - 2
    if len(x) != d + 2:
        raise RuntimeError(f"Expected {d + 2}D input to convolution with a weight of size "
                           f"{_fmt(w)}, but got input of size: {_fmt(x)}")
    stride = _per_dim("stride", stride, d)
    padding = _per_dim("padding", padding, d)
    dilation = _per_dim("dilation", dilation, d)
    output_padding = _per_dim("output_padding", output_padding, d) if transposed else (0,) * d
    _check_hyper(stride, padding, dilation)
    if groups <= 0:
        raise RuntimeError(f"non-positive groups is not supported (groups={groups})")
    if any(p < 0 for p in output_padding):
        raise RuntimeError(f"negative output_padding is not supported "
                           f"(output_padding={list(output_padding)})")
    if w[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} "
                           f"at dimension 0, but got weight of size {_fmt(w)} instead")
    kernel = w[2:]
    if transposed:
        if x[1] != w[0]:
            raise RuntimeError(
                f"Given transposed=1, weight of size {_fmt(w)}, expected input{_fmt(x)} to "
                f"have {w[0]} channels, but got {x[1]} channels instead")
        out_channels = w[1] * groups
        if any(op >= s and op >= dl for op, s, dl in zip(output_padding, stride, dilation)):
            names = ("depth", "height", "width")[-d:] if d <= 3 else [str(i) for i in range(d)]
            parts = [f"output_padding_{n}: {v}" for n, v in zip(names, output_padding)]
            parts += [f"stride_{n}: {v}" for n, v in zip(names, stride)]
            parts += [f"dilation_{n}: {v}" for n, v in zip(names, dilation)]
            raise RuntimeError("output padding must be smaller than either stride or "
                               "dilation, but got " + " ".join(parts))
        out = tuple((n - 1) * s - 2 * p + dl * (k - 1) + op + 1 for n, k, s, p, dl, op in
                    zip(x[2:], kernel, stride, padding, dilation, output_padding))
        if any(n < 1 for n in out):
            raise RuntimeError(
                f"Given input size per channel: ({' x '.join(map(str, x[2:]))}). Calculated "
                f"output size per channel: ({' x '.join(map(str, out))}). Output size is too "
                f"small")
    else:
        if x[1] != w[1] * groups:
            raise RuntimeError(
                f"Given groups={groups}, weight of size {_fmt(w)}, expected input{_fmt(x)} to "
                f"have {w[1] * groups} channels, but got {x[1]} channels instead")
        out_channels = w[0]
        padded = tuple(n + 2 * p for n, p in zip(x[2:], padding))
        reach = tuple(dl * (k - 1) + 1 for k, dl in zip(kernel, dilation))
        if any(r > n for r, n in zip(reach, padded)):
            raise RuntimeError(
                f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
                f"Kernel size: ({' x '.join(map(str, reach))}). Kernel size can't be greater "
                f"than actual input size")
        out = conv_output_size(x[2:], kernel, stride, padding, dilation)
    if bias is not None and bias._shape != (out_channels,):
        raise RuntimeError(
            f"Given weight of size {_fmt(w)}, expected bias to be 1-dimensional with "
            f"{out_channels} elements, but got bias of size {_fmt(bias._shape)} instead")
    _check_dtypes(input, weight, bias)
    return (x[0], out_channels) + out, input._dtype


def conv_weight_grad(input, grad_output, weight_size, stride, padding, dilation, groups: int):
    """The gradient of a plain convolution's weight: a tensor of ``weight_size``."""
    weight_size = tuple(weight_size)
    d = len(weight_size) - 2
    x, g = input._shape, grad_output._shape
    if d < 1 or len(x) != d + 2 or len(g) != d + 2:
        raise RuntimeError(f"_conv_weight_grad: input {_fmt(x)}, grad_output {_fmt(g)} and "
                           f"weight_size {_fmt(weight_size)} must have one number of dims (>= 3)")
    stride = _per_dim("stride", stride, d)
    padding = _per_dim("padding", padding, d)
    dilation = _per_dim("dilation", dilation, d)
    _check_hyper(stride, padding, dilation)
    if groups <= 0 or weight_size[0] % groups or x[1] != weight_size[1] * groups:
        raise RuntimeError(f"_conv_weight_grad: weight_size {_fmt(weight_size)} with "
                           f"groups={groups} does not fit input {_fmt(x)}")
    want = (x[0], weight_size[0]) + conv_output_size(x[2:], weight_size[2:], stride, padding,
                                                     dilation)
    if g != want:
        raise RuntimeError(f"_conv_weight_grad: expected grad_output of size {_fmt(want)} for "
                           f"input {_fmt(x)}, got {_fmt(g)}")
    _check_dtypes(input, grad_output, None, "_conv_weight_grad")
    return weight_size, input._dtype


def _window_args(name, d, kernel_size, dilation, padding, stride):
    kernel_size = tuple(kernel_size)
    for arg, values in (("kernel_size", kernel_size), ("dilation", dilation),
                        ("padding", padding), ("stride", stride)):
        if len(tuple(values)) != d:
            raise RuntimeError(f"{name}: expected {arg} to hold {d} values (one per spatial "
                               f"dim), got {list(values)}")
    if any(k <= 0 for k in kernel_size):
        raise RuntimeError(f"{name}: kernel_size should be greater than zero, but got "
                           f"kernel_size={list(kernel_size)}")
    _check_hyper(tuple(stride), tuple(padding), tuple(dilation))
    return kernel_size


def _blocks(name, size, kernel_size, dilation, padding, stride) -> tuple:
    blocks = conv_output_size(size, kernel_size, stride, padding, dilation)
    if any(b < 1 for b in blocks):
        raise RuntimeError(
            f"{name}: given input with spatial size {tuple(size)}, kernel_size="
            f"{tuple(kernel_size)}, dilation={tuple(dilation)}, padding={tuple(padding)}, "
            f"stride={tuple(stride)}, calculated shape of the array of sliding blocks as "
            f"{blocks}, but its components must be at least one.")
    return blocks


def im2col(self, kernel_size, dilation, padding, stride):
    """(N, C, *spatial) -> (N, C * prod(kernel_size), number of blocks)."""
    x = self._shape
    if len(x) < 3:
        raise RuntimeError(f"im2col: expected a batched input (N, C, *spatial), got size "
                           f"{_fmt(x)}")
    kernel_size = _window_args("im2col", len(x) - 2, kernel_size, dilation, padding, stride)
    blocks = _blocks("im2col", x[2:], kernel_size, dilation, padding, stride)
    return (x[0], x[1] * prod(kernel_size), prod(blocks)), self._dtype


def col2im(self, output_size, kernel_size, dilation, padding, stride):
    """(N, C * prod(kernel_size), number of blocks) -> (N, C, *output_size), overlaps summed."""
    x, output_size = self._shape, tuple(output_size)
    if len(x) != 3:
        raise RuntimeError(f"col2im: expected a batched input (N, C * prod(kernel_size), L), "
                           f"got size {_fmt(x)}")
    kernel_size = _window_args("col2im", len(output_size), kernel_size, dilation, padding,
                               stride)
    k = prod(kernel_size)
    if x[1] % k:
        raise RuntimeError(
            f"Expected size of input's dimension 1 to be divisible by the product of "
            f"kernel_size, but got input.size(1)={x[1]} and kernel_size={kernel_size}.")
    blocks = _blocks("col2im", output_size, kernel_size, dilation, padding, stride)
    if prod(blocks) != x[2]:
        raise RuntimeError(
            f"Given output_size={output_size}, kernel_size={kernel_size}, dilation="
            f"{tuple(dilation)}, padding={tuple(padding)}, stride={tuple(stride)}, expected "
            f"size of input's dimension 2 to match the calculated number of sliding blocks "
            f"{' * '.join(map(str, blocks))} = {prod(blocks)}, but got input.size(2)={x[2]}.")
    return (x[0], x[1] // k) + output_size, self._dtype
