"""Layer 7's core, what users call by name besides the generated ops: the Tensor surface
(every method, attached in one place), indexing, random sampling, torch's non-op Tensor API,
and op libraries loaded at run time (``oplib.py``)."""
