"""The path of torch.nn.modules.container: the containers (defined in nn/containers.py)."""

from ..containers import (Container, ModuleDict, ModuleList, ParameterDict, ParameterList,
                          Sequential)

__all__ = ["Container", "ModuleDict", "ModuleList", "ParameterDict", "ParameterList",
           "Sequential"]
