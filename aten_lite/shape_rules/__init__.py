"""Shape rules, found by the name an op's YAML `shape:` key gives (Note [Shape rules] in core.py).

Each module's ``__all__`` is star-imported here, explicitly, because the generator checks
`shape:` names by reading this file with ``ast`` (``tools/codegen/formula.py``,
``module_names``) and follows ``from .module import *`` lines. A new module of rules needs one
line below.
"""

from .core import *  # noqa: F401,F403
from .data import *  # noqa: F401,F403
from .indexed import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
