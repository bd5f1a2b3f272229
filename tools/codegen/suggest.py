""""Did you mean" for a misspelt name: only suggestions a reader would find plausible.

A suggestion that is wrong costs more than none (``other`` -> ``gather``, ``input`` -> ``int``
send the reader looking for a connection that is not there). So a candidate is offered only
when it is a typo's distance away: at most one edit per three characters of the written name
(at least one edit), counting a swap of two neighbours (``grda``) as one edit; or when the
written name is the candidate with characters added around it (``explog`` holds ``exp``).
Among those, the names of the entry's own arguments win, then the fewest edits.

    >>> did_you_mean("grda", ["grad", "gather", "result"])
    'grad'
    >>> did_you_mean("other", ["gather", "sum"]) is None
    True
    >>> did_you_mean("slef", ["sel", "self"], preferred=["self"])
    'self'
"""

from __future__ import annotations

import difflib
from typing import Iterable


def did_you_mean(name: str, candidates: Iterable[str],
                 preferred: Iterable[str] = ()) -> str | None:
    """The most plausible candidate for a misspelt ``name``, or None when none is close."""
    close = close_names(name, candidates, 1, preferred)
    return close[0] if close else None


def close_names(name: str, candidates: Iterable[str], n: int,
                preferred: Iterable[str] = ()) -> list[str]:
    """Up to ``n`` plausible candidates, best first (see the module docstring)."""
    own = set(preferred)
    budget = max(1, len(name) // 3)
    ranked = []
    for candidate in set(candidates):
        if candidate == name:
            continue
        edits = _edits(name.lower(), candidate.lower(), budget)
        if edits <= budget or _holds(name, candidate):
            ratio = difflib.SequenceMatcher(None, name, candidate).ratio()
            ranked.append((candidate not in own, edits, -ratio, candidate))
    return [item[-1] for item in sorted(ranked)[:n]]


def _holds(name: str, candidate: str) -> bool:
    """``name`` is ``candidate`` with a prefix or suffix added (``explog``: ``exp``, ``log``)."""
    return len(candidate) >= 3 and 2 * len(candidate) >= len(name) and (
        name.startswith(candidate) or name.endswith(candidate))


def _edits(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent swaps (optimal string alignment); anything above ``limit``
    is returned as ``limit + 1`` early."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return prev[-1]
