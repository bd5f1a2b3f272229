"""aten_lite.linalg: torch.linalg's functions (functions.py) over the LAPACK-backed ops of
native_functions.yaml, and the linear algebra names torch keeps at its top level
(torch_names.py: torch.inverse, torch.svd, ...), which aten_lite re-exports. docs/LINALG.md.
"""

from .functions import *  # noqa: F401,F403
from .functions import __all__ as _functions_all
from .functions import (  # noqa: F401 (the result types, as torch.return_types holds them)
    CholeskyExResult, EighResult, InvExResult, LstsqResult, QRResult, SlogdetResult, SVDResult,
)

__all__ = list(_functions_all)
