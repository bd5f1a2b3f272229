"""Graph mode: ``al.compile`` captures a function's ops into a graph, optimises and replays it.

The fusion contract with the kernel builder is ``fused_spec.py``; ``eager_fused.py`` is its
reference executor.
"""
