"""Shape rules, found by the name an op's YAML `shape:` key gives (Note [Shape rules] in core.py).

Each module's ``__all__`` is star-imported here, explicitly: a new module of rules needs one
line below, and its rules a line in ``aten_lite/vocab/manifest.py``'s ``SHAPE_RULES``, which the
generator checks `shape:` names against (``python -m tools.runtime_manifest --write``).
"""

from .core import *  # noqa: F401,F403
from .data import *  # noqa: F401,F403
from .indexed import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
