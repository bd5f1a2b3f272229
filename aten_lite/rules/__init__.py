"""Layer 3, rules every backend computes the same way and that never dispatch: shape rules
(``shapes/``), view geometry (``views.py``), and the kernel rules (``kernel_rules.py``: type
promotion and reduction plans, out= / in-place / copy checks, the C++ entry by name)."""
