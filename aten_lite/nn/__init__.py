"""Neural-network building blocks: ``Module`` and ``Parameter``, layers, containers,
losses, ``functional`` and ``init``, named as in ``torch.nn``."""

from . import functional, init, parallel, utils
from .convolution import (Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d,
                          ConvTranspose3d, Fold, Unfold)
from .containers import ModuleDict, ModuleList, Sequential
from .distance import CosineSimilarity
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss,
                   MSELoss, NLLLoss, SmoothL1Loss)
from .module import Module, Parameter
from .recurrent import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase
from .attention import MultiheadAttention
from .transformer import (Transformer, TransformerDecoder, TransformerDecoderLayer,
                          TransformerEncoder, TransformerEncoderLayer)
from .padding import (
    CircularPad1d, CircularPad2d, CircularPad3d, ConstantPad1d, ConstantPad2d, ConstantPad3d,
    ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d,
    ReplicationPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d,
)
from .pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,
                      AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d, MaxUnpool1d,
                      MaxUnpool2d, Upsample)
from .containers import Container, ParameterDict, ParameterList
from .distance import PairwiseDistance
from .loss import (CosineEmbeddingLoss, CTCLoss, GaussianNLLLoss, HingeEmbeddingLoss,
                   MarginRankingLoss, MultiLabelMarginLoss, MultiLabelSoftMarginLoss,
                   MultiMarginLoss, NLLLoss2d, PoissonNLLLoss, SoftMarginLoss, TripletMarginLoss,
                   TripletMarginWithDistanceLoss)
from .pooling import (AdaptiveAvgPool3d, AdaptiveMaxPool3d, AvgPool3d, FractionalMaxPool2d,
                      FractionalMaxPool3d, LPPool1d, LPPool2d, LPPool3d, MaxPool3d,
                      MaxUnpool3d, UpsamplingBilinear2d, UpsamplingNearest2d)
from .parallel import DataParallel
from .modules.adaptive import AdaptiveLogSoftmaxWithLoss
from .modules.conv import (LazyConv1d, LazyConv2d, LazyConv3d, LazyConvTranspose1d,
                           LazyConvTranspose2d, LazyConvTranspose3d)
from .modules.lazy import UninitializedBuffer, UninitializedParameter
from .modules.channelshuffle import ChannelShuffle
from .modules.linear import Bilinear, LazyLinear
from .modules.pixelshuffle import PixelShuffle, PixelUnshuffle
from .modules.sparse import EmbeddingBag
from .modules import (GELU, BatchNorm1d, Dropout, Embedding, Flatten, Identity, LayerNorm,
                      LeakyReLU, Linear, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax, Tanh,
                      Unflatten)
from .modules.activation import (CELU, ELU, GLU, SELU, Hardshrink, Hardsigmoid, Hardswish,
                                 Hardtanh, LogSigmoid, Mish, PReLU, ReLU6, RReLU, Softmax2d,
                                 Softmin, Softplus, Softshrink, Softsign, Tanhshrink, Threshold)
from .modules.batchnorm import BatchNorm2d, BatchNorm3d
from .modules.dropout import AlphaDropout, Dropout1d, Dropout2d, Dropout3d, FeatureAlphaDropout
from .modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .modules.normalization import GroupNorm, LocalResponseNorm, RMSNorm

__all__ = [
    "functional", "init", "parallel", "utils", "Module", "Parameter", "Sequential", "ModuleList",
    "ModuleDict", "Linear", "Embedding", "Flatten", "Unflatten", "Dropout", "Identity", "ReLU",
    "LeakyReLU", "SiLU", "Tanh", "Sigmoid", "GELU", "Softmax", "LogSoftmax", "LayerNorm",
    "BatchNorm1d", "MSELoss", "L1Loss", "SmoothL1Loss", "CrossEntropyLoss", "NLLLoss", "BCELoss",
    "BCEWithLogitsLoss", "HuberLoss", "KLDivLoss", "CosineSimilarity",
    "CircularPad1d", "CircularPad2d", "CircularPad3d", "ConstantPad1d", "ConstantPad2d",
    "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d",
    "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad1d", "ZeroPad2d",
    "ZeroPad3d", "MultiheadAttention", "Transformer", "TransformerEncoder",
    "TransformerDecoder", "TransformerEncoderLayer", "TransformerDecoderLayer",
    "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d",
    "Fold", "Unfold", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d", "AvgPool1d", "AvgPool2d", "MaxPool1d", "MaxPool2d", "MaxUnpool1d",
    "MaxUnpool2d", "Upsample",
    "RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell",
    "CELU", "ELU", "SELU", "GLU", "Hardshrink", "Softshrink", "Hardsigmoid", "Hardswish",
    "Hardtanh", "ReLU6", "LogSigmoid", "Mish", "PReLU", "RReLU", "Softplus", "Softsign",
    "Tanhshrink", "Threshold", "Softmin", "Softmax2d", "BatchNorm2d", "BatchNorm3d",
    "GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "LocalResponseNorm",
    "RMSNorm", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout",
]
__all__ += [
    "ParameterList", "ParameterDict", "PairwiseDistance", "CosineEmbeddingLoss", "CTCLoss",
    "GaussianNLLLoss", "HingeEmbeddingLoss", "MarginRankingLoss", "MultiLabelMarginLoss",
    "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss", "SoftMarginLoss",
    "TripletMarginLoss", "TripletMarginWithDistanceLoss", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool3d", "AvgPool3d", "LPPool1d", "LPPool2d", "LPPool3d", "MaxPool3d",
    "MaxUnpool3d", "UpsamplingBilinear2d", "UpsamplingNearest2d", "ChannelShuffle", "Bilinear",
    "PixelShuffle", "PixelUnshuffle", "EmbeddingBag", "FractionalMaxPool2d",
    "FractionalMaxPool3d", "NLLLoss2d", "AdaptiveLogSoftmaxWithLoss",
    "Container", "LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
    "LazyConvTranspose2d", "LazyConvTranspose3d", "UninitializedParameter",
    "UninitializedBuffer", "DataParallel",
]
