"""Transformer layers as torch's: ``TransformerEncoderLayer``, ``TransformerDecoderLayer``,
their stacks ``TransformerEncoder``/``TransformerDecoder``, and ``Transformer``, with torch's
parameter names (``self_attn.in_proj_weight``, ``linear1.weight``, ``norm1.weight``, ...) so
torch state dicts load.

>>> import aten_lite as al
>>> layer = TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True)
>>> layer(al.ones(2, 5, 8)).shape
aten_lite.Size([2, 5, 8])
"""

from __future__ import annotations

import copy
import math

from ..backends import creation as _creation
from ..tensors.tensor import Tensor
from . import functional as F
from . import init
from .attention import MultiheadAttention
from .containers import ModuleList
from .module import Module
from .modules import Dropout, LayerNorm, Linear

__all__ = ["TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerDecoder", "Transformer"]


def _activation(activation):
    if callable(activation):
        return activation
    if activation == "relu":
        return F.relu
    if activation == "gelu":
        return F.gelu
    raise RuntimeError(f"activation should be 'relu', 'gelu' or a callable, not "
                       f"{activation!r}")


def _layer_norm(d_model, eps, bias, dtype):
    norm = LayerNorm(d_model, eps=eps, bias=bias)
    return norm if dtype is None else norm.to(dtype)


class _FeedForward:
    """The parts the two layer kinds share: the feed-forward block and the checks."""

    def _init_ff(self, d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                 bias, dtype):
        if not isinstance(d_model, int) or d_model <= 0:
            raise ValueError(f"d_model must be a positive int, got {d_model!r}")
        if not isinstance(dim_feedforward, int) or dim_feedforward <= 0:
            raise ValueError(f"dim_feedforward must be a positive int, got "
                             f"{dim_feedforward!r}")
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype)
        self.activation = _activation(activation)

    def _ff_block(self, x: Tensor) -> Tensor:
        return self.dropout_last(self.linear2(self.dropout(self.activation(self.linear1(x)))))

    @staticmethod
    def _attend(attn: MultiheadAttention, q, kv, mask, padding, is_causal) -> Tensor:
        return attn(q, kv, kv, attn_mask=mask, key_padding_mask=padding, need_weights=False,
                    is_causal=is_causal)[0]


class TransformerEncoderLayer(Module, _FeedForward):
    """Self-attention then a feed-forward block (``linear1`` -> activation -> ``linear2``),
    each with a residual connection and a LayerNorm (after it, or before with
    ``norm_first``)."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, bias: bool = True,
                 device=None, dtype=None) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias,
                                            batch_first=batch_first, dtype=dtype)
        self._init_ff(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                      bias, dtype)
        self.norm_first = norm_first
        self.norm1 = _layer_norm(d_model, layer_norm_eps, bias, dtype)
        self.norm2 = _layer_norm(d_model, layer_norm_eps, bias, dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)

    @property
    def dropout_last(self):
        return self.dropout2

    def _sa_block(self, x, mask, padding, is_causal):
        return self.dropout1(self._attend(self.self_attn, x, x, mask, padding, is_causal))

    def forward(self, src: Tensor, src_mask=None, src_key_padding_mask=None,
                is_causal: bool = False) -> Tensor:
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal))
        return self.norm2(x + self._ff_block(x))


class TransformerDecoderLayer(Module, _FeedForward):
    """Self-attention over the target, attention to the encoder's ``memory``, then a
    feed-forward block; each with a residual connection and a LayerNorm."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, bias: bool = True,
                 device=None, dtype=None) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias,
                                            batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias,
                                                 batch_first=batch_first, dtype=dtype)
        self._init_ff(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                      bias, dtype)
        self.norm_first = norm_first
        self.norm1 = _layer_norm(d_model, layer_norm_eps, bias, dtype)
        self.norm2 = _layer_norm(d_model, layer_norm_eps, bias, dtype)
        self.norm3 = _layer_norm(d_model, layer_norm_eps, bias, dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)

    @property
    def dropout_last(self):
        return self.dropout3

    def forward(self, tgt: Tensor, memory: Tensor, tgt_mask=None, memory_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None,
                tgt_is_causal: bool = False, memory_is_causal: bool = False) -> Tensor:
        def sa(x):
            return self.dropout1(self._attend(self.self_attn, x, x, tgt_mask,
                                              tgt_key_padding_mask, tgt_is_causal))

        def mha(x):
            return self.dropout2(self._attend(self.multihead_attn, x, memory, memory_mask,
                                              memory_key_padding_mask, memory_is_causal))

        x = tgt
        if self.norm_first:
            x = x + sa(self.norm1(x))
            x = x + mha(self.norm2(x))
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + sa(x))
        x = self.norm2(x + mha(x))
        return self.norm3(x + self._ff_block(x))


def _clones(layer: Module, n: int) -> ModuleList:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"num_layers must be a non-negative int, got {n!r}")
    return ModuleList([copy.deepcopy(layer) for _ in range(n)])


def _is_causal_mask(mask, L: int) -> bool:
    """Whether ``mask`` is the causal mask of size L (float -inf above the diagonal, or
    bool True above it), as torch's detection."""
    if mask is None or tuple(mask._shape) != (L, L):
        return False
    blocked = (mask == -math.inf) if mask._dtype.is_floating_point else mask
    want = _creation.ones(L, L, dtype=blocked._dtype, device=mask._device).triu(1)
    if mask._dtype.is_floating_point:
        return bool(((mask == 0) | blocked).all()) and bool((blocked == want).all())
    return bool((blocked == want).all())


class TransformerEncoder(Module):
    """``num_layers`` copies of ``encoder_layer`` (``layers.0``, ``layers.1``, ...) applied
    in turn, then ``norm`` if given."""

    def __init__(self, encoder_layer: Module, num_layers: int, norm=None,
                 enable_nested_tensor: bool = True, mask_check: bool = True) -> None:
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src: Tensor, mask=None, src_key_padding_mask=None, is_causal=None):
        first = self.layers[0] if len(self.layers) else None
        seq_dim = 1 if first is not None and first.self_attn.batch_first else 0
        if is_causal is None:
            is_causal = _is_causal_mask(mask, src._shape[seq_dim] if src.ndim == 3
                                        else src._shape[0])
        out = src
        for layer in self.layers:
            out = layer(out, src_mask=mask, src_key_padding_mask=src_key_padding_mask,
                        is_causal=is_causal)
        return out if self.norm is None else self.norm(out)


class TransformerDecoder(Module):
    """``num_layers`` copies of ``decoder_layer`` applied in turn to the target with the
    same ``memory``, then ``norm`` if given."""

    def __init__(self, decoder_layer: Module, num_layers: int, norm=None) -> None:
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt: Tensor, memory: Tensor, tgt_mask=None, memory_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None, tgt_is_causal=None,
                memory_is_causal: bool = False) -> Tensor:
        first = self.layers[0] if len(self.layers) else None
        seq_dim = 1 if first is not None and first.self_attn.batch_first else 0
        if tgt_is_causal is None:
            tgt_is_causal = _is_causal_mask(tgt_mask, tgt._shape[seq_dim] if tgt.ndim == 3
                                            else tgt._shape[0])
        out = tgt
        for layer in self.layers:
            out = layer(out, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                        tgt_key_padding_mask=tgt_key_padding_mask,
                        memory_key_padding_mask=memory_key_padding_mask,
                        tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
        return out if self.norm is None else self.norm(out)


class Transformer(Module):
    """An encoder (``encoder``) and a decoder (``decoder``) stack, each ending in a
    LayerNorm; matrices start xavier-uniform as torch's."""

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6,
                 num_decoder_layers: int = 6, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", custom_encoder=None,
                 custom_decoder=None, layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, bias: bool = True, device=None, dtype=None) -> None:
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout,
                                            activation, layer_norm_eps, batch_first,
                                            norm_first, bias, dtype=dtype)
            self.encoder = TransformerEncoder(
                layer, num_encoder_layers, _layer_norm(d_model, layer_norm_eps, bias, dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout,
                                            activation, layer_norm_eps, batch_first,
                                            norm_first, bias, dtype=dtype)
            self.decoder = TransformerDecoder(
                layer, num_decoder_layers, _layer_norm(d_model, layer_norm_eps, bias, dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first
        for p in self.parameters():
            if p.ndim > 1:
                init.xavier_uniform_(p)

    def forward(self, src: Tensor, tgt: Tensor, src_mask=None, tgt_mask=None,
                memory_mask=None, src_key_padding_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                memory_is_causal: bool = False) -> Tensor:
        if src.ndim == 3 and tgt.ndim == 3:
            b = 0 if self.batch_first else 1
            if src._shape[b] != tgt._shape[b]:
                raise RuntimeError(f"the batch number of src and tgt must be equal, got "
                                   f"{src._shape[b]} and {tgt._shape[b]}")
        elif src.ndim != tgt.ndim:
            raise RuntimeError(f"src and tgt must both be batched (3-D) or unbatched (2-D), "
                               f"got shapes {list(src._shape)} and {list(tgt._shape)}")
        if src._shape[-1] != self.d_model or tgt._shape[-1] != self.d_model:
            raise RuntimeError(f"the feature number of src and tgt must be equal to d_model "
                               f"({self.d_model}), got {src._shape[-1]} and "
                               f"{tgt._shape[-1]}")
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask,
                              is_causal=src_is_causal)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask,
                            tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)

    @staticmethod
    def generate_square_subsequent_mask(sz: int, device=None, dtype=None) -> Tensor:
        """The (sz, sz) float mask with -inf above the diagonal and 0 elsewhere."""
        from ..vocab.dtype import float32
        full = _creation.full((sz, sz), -math.inf, dtype=dtype or float32, device=device)
        return full.triu(1)
