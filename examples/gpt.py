"""A small decoder-only transformer (a character-level GPT, as nanoGPT's shakespeare_char
config shrinks it), written once against the torch API: ``gpt_class(al)`` and
``gpt_class(torch)`` give the same model in either library. benchmarks/bench_gpt.py and
bench_gpt_compiled.py time its training step at full size; tests/test_compile_transformer.py
trains a tiny one under ``al.compile``.

    >>> import aten_lite as al
    >>> GPT = gpt_class(al, vocab=11, block=8, emb=16, heads=2, layers=2)
    >>> model = GPT()
    >>> idx = al.tensor([[1, 2, 3, 4]])
    >>> round(model(idx, idx).item(), 1) > 0
    True
"""

from __future__ import annotations


def gpt_class(lib, vocab: int = 65, block: int = 32, emb: int = 64, heads: int = 4,
              layers: int = 4):
    """The GPT class written with ``lib.nn`` (aten_lite or torch): token and position
    embeddings, ``layers`` pre-norm blocks of causal self-attention (``heads`` heads, q, k and
    v from one matmul) and a 4x GELU MLP, a final LayerNorm and an unbiased head; its forward
    takes (idx, targets) and returns the cross-entropy loss."""
    nn, F = lib.nn, lib.nn.functional

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1 = nn.LayerNorm(emb)
            self.c_attn = nn.Linear(emb, 3 * emb)  # q, k and v in one matmul
            self.c_proj = nn.Linear(emb, emb)
            self.ln_2 = nn.LayerNorm(emb)
            self.c_fc = nn.Linear(emb, 4 * emb)
            self.mlp_proj = nn.Linear(4 * emb, emb)

        def forward(self, x):
            B, T, C = x.shape
            q, k, v = self.c_attn(self.ln_1(x)).split(emb, dim=2)
            q, k, v = (t.view(B, T, heads, C // heads).transpose(1, 2) for t in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.c_proj(y.transpose(1, 2).reshape(B, T, C))
            return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x))))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte = nn.Embedding(vocab, emb)
            self.wpe = nn.Embedding(block, emb)
            self.blocks = nn.ModuleList([Block() for _ in range(layers)])
            self.ln_f = nn.LayerNorm(emb)
            self.lm_head = nn.Linear(emb, vocab, bias=False)

        def forward(self, idx, targets):
            x = self.wte(idx) + self.wpe(lib.arange(idx.shape[1]))
            for b in self.blocks:
                x = b(x)
            logits = self.lm_head(self.ln_f(x))
            return F.cross_entropy(logits.view(-1, vocab), targets.view(-1))

    return GPT
