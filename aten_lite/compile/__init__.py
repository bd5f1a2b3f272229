"""Graph mode: ``al.compile`` captures a function's ops into a graph, optimises and replays it.

The fusion contract with the kernel builder is ``fused_spec.py``; ``eager_fused.py`` is its
reference executor.
"""

from . import render  # noqa: E402,F401 (attaches print(g), g.save_dot, g.save_svg)
from .api import CompiledFunction, GraphBreakError, compile  # noqa: E402

__all__ = ["compile", "CompiledFunction", "GraphBreakError"]
