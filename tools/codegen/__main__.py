"""`python -m tools.codegen` is the `aten-lite-gen` command run from a checkout."""

import sys

from .cli import main

sys.exit(main())
