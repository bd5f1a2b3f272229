"""Layer 2, the tensor types: `Tensor` (storage, sizes, strides, version counter, dispatch
key), its printing, and the COO subclass `SparseTensor`. No ops: the methods are attached by
the front end (``frontend/tensor_surface.py``)."""
