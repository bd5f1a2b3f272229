"""The path of torch.nn.modules.container: the containers (defined in nn/containers.py)."""

from ..containers import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential

__all__ = ["ModuleDict", "ModuleList", "ParameterDict", "ParameterList", "Sequential"]
