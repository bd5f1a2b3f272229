"""aten_lite: a small tensor library whose operators are declared in YAML and generated.

>>> import aten_lite as al
>>> x = al.tensor([[1.0, 2.0], [3.0, 4.0]])
>>> (x @ x).sum().item()
54.0

The ops (``al.add``, ``x.sum()``, ``x + y``, ...) come from ``native_functions.yaml`` through
the generated bindings (``generated/ops.py``); see Note [The journey of an op] in
``dispatch/dispatcher.py`` for what a call does, and ``al.trace_dispatch()`` to watch it.
"""

from __future__ import annotations

import builtins
from pathlib import Path

from .vocab import checkout as _checkout


def _load_generated():
    """``aten_lite._generated``: in a checkout, the generated/ folder beside this package (so
    a copy of the repository runs its own generated code even while another copy is installed
    in editable mode); otherwise the package setuptools installed from generated/."""
    checkout = Path(__file__).resolve().parent.parent
    in_checkout = (checkout / "native_functions.yaml").is_file()
    return _checkout.load_package(f"{__name__}._generated",
                                  checkout / "generated" if in_checkout else None)


# `from m import X as X` re-exports X for type checkers: aten_lite is a typed package
# (py.typed), where a plainly imported name counts as private to the module (PEP 484).
from .vocab import (  # noqa: E402
    dtype as _dtype, device as _device, library_kernels as _library_kernels,
)
from .vocab.device import (  # noqa: E402
    device as device, Layout as Layout, strided as strided, sparse_coo as sparse_coo,
)
from .vocab.dtype import (  # noqa: E402
    DType as DType, uint8 as uint8, int8 as int8, int16 as int16, int32 as int32, int64 as int64,
    float16 as float16, float32 as float32, float64 as float64, bfloat16 as bfloat16,
    get_default_dtype as get_default_dtype, set_default_dtype as set_default_dtype,
    promote_types as promote_types, result_type as result_type, can_cast as can_cast,
    finfo as finfo, iinfo as iinfo,
)
from .tensors.tensor import Tensor as Tensor, Size as Size  # noqa: E402
from .vocab.grad_mode import (  # noqa: E402
    no_grad as no_grad, enable_grad as enable_grad, set_grad_enabled as set_grad_enabled,
    is_grad_enabled as is_grad_enabled,
)
from .dispatch.trace_mode import trace_dispatch as trace_dispatch  # noqa: E402
from .backends.creation import (  # noqa: E402
    arange as arange, as_tensor as as_tensor, empty as empty, empty_like as empty_like,
    eye as eye, from_numpy as from_numpy, from_dlpack as from_dlpack, full as full,
    full_like as full_like,
    linspace as linspace, ones as ones, ones_like as ones_like, tensor as tensor,
    zeros as zeros, zeros_like as zeros_like,
)
from .vocab.grad_mode import (  # noqa: E402
    inference_mode as inference_mode, is_inference_mode_enabled as is_inference_mode_enabled,
)

# ---- the install step (Note [Install step]) ----
# Note [Install step]: the layers (docs/DESIGN.md) meet here, in this order. The dispatcher
# makes a handle per op (tables still empty); the generated bindings then import, reading the
# handles; the backend packages import (the composite and sparse kernels call ops through those
# bindings and handles), the composite kernels fill their stacks, and CPU, Meta and SparseCPU
# register their records with register_backend, the function a device package calls, which
# fills every table (Note [Backend records] in backends/records.py); the autograd kernel is
# registered; and frontend/tensor_surface.py attaches the Tensor methods. No lower layer imports a
# higher one: each piece is handed to the one below by registration, here.
from .dispatch import dispatcher as _dispatch  # noqa: E402

_generated = _load_generated()
from ._generated import registry as _registry  # noqa: E402

_dispatch.install(_registry.OPS)

# The generated functions; type checkers read their stub, _ops.pyi (Note [The type stub] in
# tools/codegen/api_pyi.py), whose TensorOps types the methods frontend/tensor_surface.py attaches.
from ._ops import *  # noqa: E402,F401,F403
from . import backends as _backends  # noqa: E402
from .backends import composite, cpu, meta, sparse  # noqa: E402 (Note [One backend, one package])
from .backends.devices import register_backend as _register_backend  # noqa: E402 (the public one)

_backends.build_composite(_dispatch.handles(), composite.KERNELS)
for _package in (cpu, meta, sparse):  # Note [Backend records]
    _register_backend(_package.BACKEND)
del composite, cpu, meta, sparse, _package, _register_backend


def _load_forced_capability() -> None:
    """A bad AL_CPU_CAPABILITY (a kernel variant this CPU lacks) or AL_STREAMING_STORES is
    refused when aten_lite loads, not at the first kernel call (docs/CPU_CAPABILITY.md)."""
    import os

    if not (forced := [v for v in ("AL_CPU_CAPABILITY", "AL_STREAMING_STORES")
                       if os.environ.get(v)]):
        return
    try:
        from . import _C  # noqa: F401
    except ImportError as error:
        if any(v in str(error) for v in forced):
            raise


_load_forced_capability()
del _load_forced_capability

from . import library  # noqa: E402,F401
from . import autograd  # noqa: E402
from .autograd import kernel as _autograd_kernel  # noqa: E402

_autograd_kernel.install()  # the Autograd key's kernel, now that the ops exist
from .frontend import tensor_surface as _tensor_surface  # noqa: E402,F401 (every Tensor method, attached)
from .frontend.random import (  # noqa: E402
    Generator as Generator, bernoulli as bernoulli, default_generator as default_generator,
    dropout as dropout, get_rng_state as get_rng_state, initial_seed as initial_seed,
    manual_seed as manual_seed, multinomial as multinomial, normal as normal, rand as rand,
    rand_like as rand_like, randint as randint, randint_like as randint_like, randn as randn,
    randn_like as randn_like, randperm as randperm, seed as seed,
    set_rng_state as set_rng_state,
)
from .frontend.tensor_api import (  # noqa: E402
    BoolTensor as BoolTensor, ByteTensor as ByteTensor, CharTensor as CharTensor,
    DoubleTensor as DoubleTensor, FloatTensor as FloatTensor, HalfTensor as HalfTensor,
    BFloat16Tensor as BFloat16Tensor,
    IntTensor as IntTensor, LongTensor as LongTensor, ShortTensor as ShortTensor,
    allclose as allclose, equal as equal, get_default_device as get_default_device,
    is_tensor as is_tensor, isclose as isclose, set_default_device as set_default_device,
    unique as unique,
)
from .frontend.tensor_api import __version__ as __version__  # noqa: E402
from .tensors.printing import (  # noqa: E402
    get_printoptions as get_printoptions, set_printoptions as set_printoptions,
)
from typing import TYPE_CHECKING  # noqa: E402

if not TYPE_CHECKING:  # type checkers must still flag a misspelt al.name: no __getattr__ for them
    from .frontend.tensor_api import __getattr__  # noqa: E402,F401 (al.complex64: "not supported")
from . import distributed, nn, optim, sparse, utils  # noqa: E402,F401 (sparse: al.sparse.mm)
from .autograd import forward_ad as _forward_ad  # noqa: E402,F401 (al.autograd.forward_ad)
from ._generated import forward_rules as _forward_rules  # noqa: E402

_forward_ad.install_rules(_forward_rules)
from . import func  # noqa: E402,F401
from .func import vmap as vmap  # noqa: E402 (torch's al.vmap, as torch.vmap)
from .transforms import autograd_functional as _autograd_functional  # noqa: E402
import sys as _sys  # noqa: E402

# al.autograd.functional (torch's name): it builds on al.func, a layer above autograd/, so the
# install step hands it to the autograd package rather than autograd importing it.
autograd.functional = _autograd_functional
_sys.modules[f"{__name__}.autograd.functional"] = _autograd_functional
del _sys, _autograd_functional
from .compile import compile as compile  # noqa: E402 (graph mode; the package stays importable)
from . import cuda  # noqa: E402,F401
from . import opencl  # noqa: E402,F401 (al.opencl; device "opencl" registers on first use)
from . import amp  # noqa: E402,F401 (al.amp.GradScaler, al.amp.autocast)
from . import linalg  # noqa: E402,F401 (al.linalg.inv, al.linalg.svd, ...)
from . import distributions  # noqa: E402,F401 (al.distributions.Normal, ...; uses al.linalg)
from . import profiler  # noqa: E402,F401 (al.profiler.profile, record_function)
from .linalg.torch_names import (  # noqa: E402 (torch's top-level linear algebra names)
    cholesky as cholesky, cholesky_inverse as cholesky_inverse, cholesky_solve as cholesky_solve,
    det as det, inverse as inverse, logdet as logdet, pinverse as pinverse, qr as qr, svd as svd,
    slogdet as slogdet, matrix_exp as matrix_exp,
)
from .amp import autocast as autocast  # noqa: E402
from .backends.cuda import (  # noqa: E402
    get_float32_matmul_precision as get_float32_matmul_precision,
    set_float32_matmul_precision as set_float32_matmul_precision,
)
from .serialization import save as save, load as load  # noqa: E402
# Op libraries outside the tree: al.load_library, al.ops.NS, al.library.define_yaml.
from .frontend.oplib import load_library as load_library, ops as ops  # noqa: E402
# Asynchronous eager execution on the CPU instruction stream (docs/ASYNC.md).
from .frontend.async_execution import (  # noqa: E402
    async_execution as async_execution, is_async_enabled as is_async_enabled,
    set_async as set_async, synchronize as synchronize,
)
from .frontend import async_execution as _async_execution  # noqa: E402

# torch's short dtype names: al.bool, al.float (= float32), al.long, ... (see vocab/dtype.py).
bool = _dtype.bool_  # noqa: A001
float = _dtype.float32  # noqa: A001
double = _dtype.float64
half = _dtype.float16
long = _dtype.int64
int = _dtype.int32  # noqa: A001
short = _dtype.int16

# torch's constants: al.inf, al.nan, al.pi, al.e (Python floats, as there).
import math as _math  # noqa: E402

inf = _math.inf
nan = _math.nan
pi = _math.pi
e = _math.e


def set_num_threads(n) -> None:
    """Threads the C++ kernels and NumPy's BLAS (which runs matmul) may use, like
    torch.set_num_threads. Until it is called, both keep the thread counts they start with.

    >>> import aten_lite as al
    >>> n = al.get_num_threads()
    >>> al.set_num_threads(1); al.get_num_threads()
    1
    >>> al.set_num_threads(n)
    """
    if type(n) is not type(1) or n < 1:
        raise ValueError(f"set_num_threads expects a positive int, got {n!r}")
    from . import _C

    _C.set_num_threads(n)
    _library_kernels.set_num_threads(n)  # each op library's extension (Note [Library kernels])
    # threadpoolctl finds the BLAS NumPy loaded (OpenBLAS, MKL...) and sets its thread count;
    # imported here because it inspects the loaded libraries, which `import aten_lite` need not.
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=n, user_api="blas")


# In this module `int` is al.int, a dtype: annotations that mean the Python type say builtins.int.
def get_num_threads() -> builtins.int:
    """Threads the C++ kernels may use for large tensors."""
    from . import _C

    return _C.get_num_threads()


def empty_cache() -> builtins.int:
    """Return the freed large result blocks that aten_lite keeps for reuse to the system, like
    torch.cuda.empty_cache; returns the bytes released. Results of 1 MB and more come from
    that cache, which is why a loop over fresh large results takes no page faults.

    >>> import aten_lite as al
    >>> x = al.ones(1 << 20) + 1
    >>> del x
    >>> al.empty_cache() >= 4 << 20
    True
    """
    from . import _C

    return _C.empty_cache()


_async_execution._from_environment()  # AL_ASYNC=1: on from the start, every table built
del _async_execution
