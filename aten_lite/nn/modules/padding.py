"""The path of torch.nn.modules.padding: the padding layers (defined in aten_lite/nn/padding.py)."""

from ..padding import *  # noqa: F401,F403
from ..padding import __all__  # noqa: F401
