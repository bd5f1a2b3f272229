"""The training-loop idioms of current tutorials on a small regression net: LeakyReLU, SiLU,
ReLU(inplace=True) and Identity layers, weights set through model.apply(init_fn), gradient
accumulation over micro-batches, torch.nn.utils.clip_grad_norm_ / clip_grad_value_, AdamW,
x.square() and expand_as in a hand-written loss, and early stopping on a validation loss.
Weights and data come from NumPy so that both libraries train identically."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

results = {}
rng = np.random.default_rng(5)
X = torch.tensor(rng.standard_normal((256, 6)), dtype=torch.float32)
Y = (X[:, :1] * X[:, 1:2] - X[:, 2:3].square() + 0.1 * torch.tensor(
    rng.standard_normal((256, 1)), dtype=torch.float32))
X_train, Y_train, X_val, Y_val = X[:192], Y[:192], X[192:], Y[192:]


class Block(nn.Module):
    def __init__(self, n, act):
        super().__init__()
        self.fc = nn.Linear(n, n)
        self.act = act
        self.skip = nn.Identity()

    def forward(self, x):
        return self.skip(x) + self.act(self.fc(x))


model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(inplace=True), Block(32, nn.LeakyReLU(0.1)),
                      Block(32, nn.SiLU()), nn.Linear(32, 1))


def init_weights(m):
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            fan_in = m.weight.shape[1]
            m.weight.copy_(torch.tensor(rng.uniform(-1, 1, tuple(m.weight.shape)) / fan_in ** 0.5,
                                        dtype=torch.float32))
            m.bias.fill_(0.01)


model.apply(init_weights)
results["modules"] = [type(m).__name__ for m in model.modules()]
results["repr"] = repr(model).splitlines()[2]

opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.05)
accum, micro = 4, 16
best, bad_epochs, history, norms = float("inf"), 0, [], []
for epoch in range(40):
    model.train()
    order = torch.from_numpy(rng.permutation(192))
    for start in range(0, 192, accum * micro):
        opt.zero_grad()
        for k in range(accum):
            idx = order[start + k * micro:start + (k + 1) * micro]
            pred = model(X_train[idx])
            err = pred - Y_train[idx]
            weight = torch.ones(1).expand_as(err)
            loss = (weight * err.square()).mean() / accum
            loss.backward()
        norms.append(torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0).item())
        torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
        opt.step()
    model.eval()
    with torch.no_grad():
        val = F.mse_loss(model(X_val), Y_val).item()
    history.append(val)
    if val < best - 1e-4:
        best, bad_epochs = val, 0
        best_state = {k: v.clone() for k, v in model.state_dict().items()}
    else:
        bad_epochs += 1
        if bad_epochs >= 5:
            break
results["val_history"] = history
results["stopped_after"] = len(history)
results["clip_norms"] = norms[::10]
model.load_state_dict(best_state)
with torch.no_grad():
    results["best_val"] = F.mse_loss(model(X_val), Y_val).item()
    results["leaky_on_negatives"] = F.leaky_relu(torch.tensor([-2.0, 3.0]), 0.25).tolist()
    results["silu"] = F.silu(torch.tensor([-1.0, 0.0, 2.0])).tolist()
