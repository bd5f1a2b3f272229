"""The one Jinja2 environment every emitter renders with.

StrictUndefined turns a misspelt template variable into an error instead of empty text; the
templates live in ``templates/`` beside this file and hold no decisions (those are in api_*.py).
"""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent / "templates"

ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)),
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    autoescape=False,
)
