"""A small classifier with BatchNorm1d, LayerNorm and Dropout, as in the tutorials on
train/eval modes and saving models: train in train mode, evaluate in eval mode under
torch.no_grad(), save the state_dict with torch.save, load it into a fresh model with
torch.load + load_state_dict, and get the same predictions. The first run has dropout off so
that both libraries train identically (BatchNorm's batch statistics and running averages are
compared); the second checks what dropout does in each mode."""
import io
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

results = {}
rng = np.random.default_rng(7)
torch.manual_seed(0)

n, d_in, n_classes = 256, 20, 4
centers = rng.standard_normal((n_classes, d_in)) * 2.0
labels = rng.integers(0, n_classes, n)
feats = centers[labels] + rng.standard_normal((n, d_in))
X = torch.tensor(feats, dtype=torch.float32)
Y = torch.tensor(labels)


class Net(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.fc1 = nn.Linear(d_in, 32)
        self.bn = nn.BatchNorm1d(32)
        self.drop = nn.Dropout(p)
        self.fc2 = nn.Linear(32, 16)
        self.ln = nn.LayerNorm(16)
        self.head = nn.Linear(16, n_classes)

    def forward(self, x):
        x = self.drop(F.relu(self.bn(self.fc1(x))))
        x = torch.tanh(self.ln(self.fc2(x)))
        return self.head(x)


def init_from_numpy(model):
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.startswith(("bn.", "ln.")):
                continue
            p.copy_(torch.tensor(rng.uniform(-0.3, 0.3, tuple(p.shape)), dtype=p.dtype))


model = Net()
init_from_numpy(model)
results["state_keys"] = list(model.state_dict().keys())
results["repr_lines"] = len(repr(model).splitlines())
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []
for epoch in range(10):
    model.train()
    for i in range(0, n, 32):
        out = model(X[i:i + 32])
        loss = F.cross_entropy(out, Y[i:i + 32])
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
results["losses"] = losses
results["running_mean"] = model.bn.running_mean.numpy().copy()
results["running_var"] = model.bn.running_var.numpy().copy()
results["num_batches_tracked"] = int(model.bn.num_batches_tracked)

model.eval()
with torch.no_grad():
    eval_out = model(X)
    eval_out2 = model(X)
results["eval_deterministic"] = torch.equal(eval_out, eval_out2)
results["eval_out"] = eval_out.numpy().copy()
results["accuracy"] = (eval_out.argmax(1) == Y).float().mean().item()
model.train()
with torch.no_grad():
    train_out = model(X[:64])  # batch statistics; the running averages move (no_grad or not)
results["train_mode_differs"] = not torch.allclose(train_out, eval_out[:64])
results["running_mean_moved"] = not torch.equal(model.bn.running_mean,
                                                torch.tensor(results["running_mean"]))
model.eval()
with torch.no_grad():
    eval_out = model(X)

# save / load through a file and through a buffer
path = os.path.join(tempfile.mkdtemp(), "model.pt")
torch.save(model.state_dict(), path)
fresh = Net()
fresh.load_state_dict(torch.load(path))
fresh.eval()
with torch.no_grad():
    results["reload_equal"] = torch.equal(fresh(X), eval_out)
buf = io.BytesIO()
torch.save({"model": model.state_dict(), "optimizer": opt.state_dict()}, buf)
buf.seek(0)
ckpt = torch.load(buf)
other = Net()
other.load_state_dict(ckpt["model"])
opt2 = torch.optim.SGD(other.parameters(), lr=0.1, momentum=0.9)
opt2.load_state_dict(ckpt["optimizer"])
results["ckpt_lr"] = opt2.param_groups[0]["lr"]
results["bn_buffer_reloaded"] = torch.equal(other.bn.running_var, model.bn.running_var)
try:
    other.load_state_dict({"fc1.weight": torch.zeros(3, 3)})
    results["bad_load"] = "accepted"
except (RuntimeError, KeyError) as e:
    results["bad_load"] = type(e).__name__

# dropout: active in train mode, identity in eval mode
drop = nn.Dropout(p=0.5)
x = torch.ones(10000)
drop.train()
y1, y2 = drop(x), drop(x)
results["dropout_zero_fraction"] = round((y1 == 0).float().mean().item(), 1)
results["dropout_scale"] = y1.max().item()
results["dropout_masks_differ"] = not torch.equal(y1, y2)
drop.eval()
results["dropout_eval_identity"] = torch.equal(drop(x), x)
net = Net(p=0.5)
net.train()
net(X).sum().backward()
results["dropout_net_grads"] = all(p.grad is not None for p in net.parameters())
