"""The path of torch.nn.modules.transformer: the transformer layers (defined in
nn/transformer.py)."""

from ..transformer import (Transformer, TransformerDecoder, TransformerDecoderLayer,
                           TransformerEncoder, TransformerEncoderLayer)

__all__ = ["Transformer", "TransformerEncoder", "TransformerDecoder", "TransformerEncoderLayer",
           "TransformerDecoderLayer"]
