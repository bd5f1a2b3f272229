"""``autocast``: torch's mixed-precision context manager (Note [Autocast on aten_lite]).

>>> import aten_lite as al
>>> with al.autocast("cpu"):
...     y = al.ones(2, 3) @ al.ones(3, 2)
>>> y.dtype
aten_lite.bfloat16
"""

from __future__ import annotations

import functools
import warnings

from ..dispatch import dispatcher as _dispatch
from ..tensors.tensor import Tensor
from ..vocab import dtype as _dtype

__all__ = ["autocast", "is_autocast_enabled", "get_autocast_dtype", "cast_for"]

# Note [Autocast on aten_lite]
# torch's autocast runs chosen ops in a lower precision inside the region. aten_lite runs on
# the CPU only, so it honours CPU autocast (bfloat16 by default, or float16) with torch's CPU
# policy, by op name:
#   * _LOWER: products and convolutions run in the region's dtype: their floating arguments
#     other than float64 are cast to it (float64 ones are left alone, as in torch);
#   * _FLOAT32: ops that lose too much in 16 bits (losses, prod, linear algebra...) run in
#     float32: their floating arguments other than float64 are cast to float32;
#   * _PROMOTE: ops taking several tensors (cat, stack, index_copy) run in the widest floating
#     dtype among them;
#   * every other op runs on the dtypes it is given (an elementwise op on a bfloat16 result
#     stays bfloat16).
# The policy applies to functional overloads called from user code: the cast is done once, at
# the top, and the ops an op's kernel calls (a composite such as matmul or addmm decomposing)
# run as that kernel asks, as below torch's Autocast key; it is not applied again below
# autograd, and never to in-place or out= overloads (torch's autocast leaves them too). The
# casts are ordinary differentiable `to` calls, so gradients flow back in the leaves' dtypes.
# It is a dispatch mode (Note [Dispatch modes] in dispatch/dispatcher.py), set while an
# enabled region is open and chained to the mode set before it (a trace, forward AD).
# A region for CUDA (or another accelerator) warns and is disabled, as torch does on a machine
# without that device; a dtype CPU autocast does not take (float64, ...) warns and disables.
# Functions torch has as one op but aten_lite composes in Python (nn.functional.linear, the
# losses, scaled_dot_product_attention) ask `cast_for(torch's op name, *tensors)` first, so
# that they follow the same policy as one op would; other compositions run on their ops'.

# The device types torch's autocast accepts the name of (else it raises, as here).
_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip",
                 "ve", "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                 "privateuseone")

# torch's CPU autocast lists (its "CPU Ops that can autocast to bfloat16" and "CPU Ops that
# can autocast to float32"), by op name; names aten_lite has no op of are kept so the lists
# read as torch's.
_LOWER = frozenset((
    "conv1d", "conv2d", "conv3d", "bmm", "mm", "linalg_vecdot", "baddbmm", "addmm", "addbmm",
    "linear", "_convolution", "convolution", "matmul", "conv_tbc", "mkldnn_rnn_layer",
    "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "prelu",
    "scaled_dot_product_attention", "_native_multi_head_attention",
))
_FLOAT32 = frozenset((
    "avg_pool3d", "binary_cross_entropy", "grid_sampler", "polar", "prod", "quantile",
    "nanquantile", "stft", "cdist", "trace", "view_as_complex", "cholesky", "cholesky_inverse",
    "cholesky_solve", "inverse", "lu_solve", "orgqr", "ormqr", "pinverse", "max_pool3d",
    "max_unpool2d", "max_unpool3d", "adaptive_avg_pool3d", "reflection_pad1d",
    "reflection_pad2d", "replication_pad1d", "replication_pad2d", "replication_pad3d",
    "mse_loss", "cosine_embedding_loss", "nll_loss", "nll_loss2d", "hinge_embedding_loss",
    "poisson_nll_loss", "smooth_l1_loss", "cross_entropy_loss", "l1_loss", "huber_loss",
    "margin_ranking_loss", "soft_margin_loss", "triplet_margin_loss", "multi_margin_loss",
    "ctc_loss", "kl_div", "multilabel_margin_loss", "binary_cross_entropy_with_logits",
    "fft_fft", "fft_ifft", "fft_fft2", "fft_ifft2", "fft_fftn", "fft_ifftn", "fft_rfft",
    "fft_irfft", "fft_rfft2", "fft_irfft2", "fft_rfftn", "fft_irfftn", "fft_hfft", "fft_ihfft",
    "linalg_cond", "linalg_matrix_rank", "linalg_solve", "linalg_cholesky", "linalg_svdvals",
    "linalg_eigvals", "linalg_eigvalsh", "linalg_inv", "linalg_householder_product",
    "linalg_tensorinv", "linalg_tensorsolve", "fake_quantize_per_tensor_affine", "geqrf",
    "_lu_with_info", "qr", "svd", "triangular_solve", "fractional_max_pool2d",
    "fractional_max_pool3d", "adaptive_max_pool3d", "multilabel_margin_loss_forward",
    "linalg_qr", "linalg_cholesky_ex", "linalg_svd", "linalg_eig", "linalg_eigh",
    "linalg_lstsq", "linalg_inv_ex", "linalg_det", "linalg_slogdet",
))
_PROMOTE = frozenset(("stack", "cat", "index_copy"))

# The dtypes CPU autocast takes; the default is the first.
_CPU_DTYPES = (_dtype.bfloat16, _dtype.float16)


class _State:
    """The open CPU regions, innermost last: (enabled, dtype) each; and the mode installed by
    the outermost enabled region (with the mode it replaced), if any."""

    __slots__ = ("regions", "mode", "previous", "depth")

    def __init__(self) -> None:
        self.regions: list[tuple[bool, object]] = []
        self.mode = None
        self.previous = None
        self.depth = 0  # how many op kernels run below the mode now (their calls: no policy)


_state = _State()


def is_autocast_enabled(device_type: str | None = None) -> bool:
    """Whether an autocast region of ``device_type`` is in force (torch.is_autocast_enabled;
    without an argument torch asks about CUDA): only "cpu" regions are ever enabled here."""
    return device_type == "cpu" and bool(_state.regions) and _state.regions[-1][0]


def get_autocast_dtype(device_type: str):
    """The dtype CPU autocast casts to (bfloat16 unless a region asked for float16)."""
    if device_type == "cpu" and _state.regions:
        return _state.regions[-1][1]
    return _CPU_DTYPES[0]


def _eligible(t) -> bool:
    return isinstance(t, Tensor) and t._dtype.is_floating_point and t._dtype is not _dtype.float64


def _cast_all(args: tuple, to) -> tuple:
    def cast(x):
        if _eligible(x) and x._dtype is not to:
            return x.to(to)
        if isinstance(x, (list, tuple)) and any(_eligible(t) for t in x):
            return type(x)(cast(t) for t in x)
        return x

    return tuple(cast(x) for x in args)


def _widest(args: tuple):
    found = None
    for x in args:
        for t in x if isinstance(x, (list, tuple)) else (x,):
            if isinstance(t, Tensor) and t._dtype.is_floating_point:
                found = t._dtype if found is None else _dtype.promote_types(found, t._dtype)
    return found


def cast_for(name: str, *tensors):
    """``tensors`` as the op ``name`` (torch's name) sees them in the current CPU autocast
    region: cast by Note [Autocast on aten_lite]'s policy, or as given outside a region."""
    regions = _state.regions
    if not regions or not regions[-1][0]:
        return tensors
    if name in _LOWER:
        return _cast_all(tensors, regions[-1][1])
    if name in _FLOAT32:
        return _cast_all(tensors, _dtype.float32)
    return tensors


class _AutocastMode:
    """The dispatch mode of CPU autocast (Note [Autocast on aten_lite])."""

    def __init__(self, previous) -> None:
        self.previous = previous

    def run(self, handle, key: str, keys: tuple[str, ...], args: tuple, below_autograd: bool):
        regions = _state.regions
        if not below_autograd and not _state.depth and handle.kind == "functional" and \
                regions and regions[-1][0]:
            name = handle.base
            if name in _LOWER:
                args = _cast_all(args, regions[-1][1])
            elif name in _FLOAT32:
                args = _cast_all(args, _dtype.float32)
            elif name in _PROMOTE:
                widest = _widest(args)
                if widest is not None:
                    args = _cast_all(args, widest)
        _state.depth += 1
        try:
            if self.previous is not None:
                return self.previous.run(handle, key, keys, args, below_autograd)
            return handle.table[key](*args)
        finally:
            _state.depth -= 1


class autocast:
    """``with al.autocast("cpu"):`` (bfloat16), ``al.amp.autocast("cpu", dtype=al.float16)``,
    or as a decorator; ``enabled=False`` turns an enclosing region off inside it (Note
    [Autocast on aten_lite])."""

    def __init__(self, device_type: str, dtype=None, enabled: bool = True,
                 cache_enabled=None) -> None:
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        kind = device_type.split(":")[0]
        if kind not in _DEVICE_TYPES:
            raise RuntimeError(f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start "
                               f"of device string: {device_type}")
        if not isinstance(enabled, bool):
            raise ValueError(f"autocast: enabled must be True or False, got {enabled!r}")
        self.device = kind
        self.fast_dtype = _CPU_DTYPES[0] if dtype is None else _dtype.parse(dtype)
        self._enabled = enabled
        self._entered: list[bool] = []  # per nesting of this object: whether it pushed a region
        if enabled and kind != "cpu":
            warnings.warn(f"autocast: device type {kind!r} is not available (aten_lite runs "
                          "on the CPU only). Disabling autocast.", stacklevel=2)
            self._enabled = False
        elif enabled and self.fast_dtype not in _CPU_DTYPES:
            warnings.warn("In CPU autocast, but the target dtype is not supported. Disabling "
                          f"autocast (got {self.fast_dtype.name}; CPU autocast takes "
                          "bfloat16 or float16).", stacklevel=2)
            self._enabled = False

    def __enter__(self) -> "autocast":
        if self.device != "cpu":
            self._entered.append(False)
            return self
        _state.regions.append((self._enabled, self.fast_dtype))
        if self._enabled and _state.mode is None:
            _state.previous = _dispatch.set_mode(None)
            _state.mode = _AutocastMode(_state.previous)
            _dispatch.set_mode(_state.mode)
        self._entered.append(True)
        return self

    def __exit__(self, *exc) -> None:
        if not self._entered.pop():
            return None
        _state.regions.pop()
        if _state.mode is not None and not any(on for on, _ in _state.regions):
            _dispatch.set_mode(_state.previous)
            _state.mode = _state.previous = None
        return None

    def __call__(self, func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        return run
