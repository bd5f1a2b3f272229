"""Function transforms that need more than the autograd engine: ``vmap`` (``vmap.py``, with
the batched tensor in ``batched_tensor.py`` and its rules in ``batching_rules.py``) and
torch's ``autograd.functional`` (``autograd_functional.py``). docs/VMAP.md describes them.

This module imports nothing: ``aten_lite/func.py`` imports ``vmap`` from here, and
``autograd_functional`` imports ``func``, so an import here would close a cycle."""
