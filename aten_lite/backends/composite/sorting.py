"""CompositeImplicitAutograd kernels of the sort overloads that only rearrange arguments:
sort with `stable=` and argsort. Every sort here is stable (the CPU kernel's,
``backends/cpu/scans_and_sorts.py``), so `stable=` changes nothing.
"""

from __future__ import annotations

from ..._generated import ops as al  # the generated op functions (al.add, ...)

__all__ = ["sort_stable", "argsort", "argsort_stable"]


def sort_stable(self, stable=None, dim=-1, descending=False):
    return al.sort(self, dim, descending)


def argsort(self, dim=-1, descending=False):
    return al.sort(self, dim, descending)[1]


def argsort_stable(self, stable, dim=-1, descending=False):
    return al.sort(self, dim, descending)[1]
