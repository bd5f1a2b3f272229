"""Comparing error messages that the dispatcher names the op in (Note [Errors name the op] in
aten_lite/dispatch/dispatcher.py)."""

import re


def named(text: str, message: str) -> bool:
    """``text`` is ``message``, either as it was raised (it names its op already) or with the
    ``al.<op>: `` that the op's entry puts in front (one per op, outer first, when the op that
    failed was called by another)."""
    return text == message or re.fullmatch(r"(al\.\w+: )+" + re.escape(message), text) is not None
