# @generated from native_functions.yaml and derivatives.yaml (sha256 82e8de754057a8f8).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""Code generated from native_functions.yaml and derivatives.yaml: the Python bindings
(ops.py), the op table data (registry.py), autograd nodes, forward-mode rules, the data graph
mode fuses element-wise ops from (fusion_table.py) and the C++ kernel sources (csrc/).

Installed as ``aten_lite._generated``; ``aten_lite/__init__.py`` loads it from a checkout too.
"""
