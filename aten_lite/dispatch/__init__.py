"""Layer 4, dispatch: the op handles and their dispatch decision (``dispatcher.py``, Note [The
journey of an op]), the argument parser the generated bindings call (``binding.py``), and
``al.trace_dispatch`` (``trace_mode.py``). It knows kernels only through registration."""
