"""A regression model trained with Adam then AdamW under lr_scheduler.StepLR and
CosineAnnealingLR, the loop every tutorial shows (zero_grad, backward, step, scheduler.step,
get_last_lr), with a checkpoint of model + optimizer + scheduler taken halfway and resumed into
fresh objects: the resumed run must end where the uninterrupted one does. Weights and data
come from NumPy, so both libraries train identically."""
import copy

import numpy as np
import torch
import torch.nn as nn

results = {}
rng = np.random.default_rng(3)
X = torch.tensor(rng.standard_normal((200, 8)), dtype=torch.float32)
true_w = torch.tensor(rng.standard_normal((8, 1)), dtype=torch.float32)
Y = torch.sin(X @ true_w) + 0.1 * torch.tensor(rng.standard_normal((200, 1)), dtype=torch.float32)
init = {k: rng.uniform(-0.4, 0.4, s) for k, s in
        [("0.weight", (16, 8)), ("0.bias", (16,)), ("2.weight", (1, 16)), ("2.bias", (1,))]}


def make_model():
    model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 1))
    model.load_state_dict({k: torch.tensor(v, dtype=torch.float32) for k, v in init.items()})
    return model


def train(opt_name, sched_name, steps, resume_at=None):
    model = make_model()
    if opt_name == "adam":
        optimizer = torch.optim.Adam(model.parameters(), lr=0.05, betas=(0.9, 0.99))
    elif opt_name == "adam_amsgrad_wd":
        optimizer = torch.optim.Adam(model.parameters(), lr=0.05, weight_decay=1e-3, amsgrad=True)
    else:
        optimizer = torch.optim.AdamW(model.parameters(), lr=0.05, weight_decay=0.1)
    if sched_name == "step":
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=20, gamma=0.5)
    else:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=steps, eta_min=1e-4)
    loss_fn = nn.MSELoss()
    losses, lrs = [], []
    for step in range(steps):
        if step == resume_at:
            ckpt = copy.deepcopy({"model": model.state_dict(), "opt": optimizer.state_dict(),
                                  "sched": scheduler.state_dict()})
            model = make_model()
            model.load_state_dict(ckpt["model"])
            optimizer = type(optimizer)(model.parameters(), lr=0.05)
            optimizer.load_state_dict(ckpt["opt"])
            scheduler = type(scheduler)(optimizer, **({"step_size": 20} if sched_name == "step"
                                                      else {"T_max": steps}))
            scheduler.load_state_dict(ckpt["sched"])
        optimizer.zero_grad()
        loss = loss_fn(model(X), Y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        losses.append(loss.item())
        lrs.append(scheduler.get_last_lr()[0])
    params = [p.detach().numpy().copy() for p in model.parameters()]
    return losses, lrs, params, optimizer


for opt_name, sched_name in [("adam", "step"), ("adamw", "cosine"), ("adam_amsgrad_wd", "step")]:
    losses, lrs, params, optimizer = train(opt_name, sched_name, 80)
    results[f"{opt_name}_{sched_name}_losses"] = losses[::5] + [losses[-1]]
    results[f"{opt_name}_{sched_name}_lrs"] = lrs
    results[f"{opt_name}_{sched_name}_params"] = params
    state = optimizer.state_dict()
    results[f"{opt_name}_{sched_name}_state_keys"] = sorted(state["state"][0].keys())
    results[f"{opt_name}_{sched_name}_step"] = float(state["state"][0]["step"])
    r_losses, _, r_params, _ = train(opt_name, sched_name, 80, resume_at=40)
    results[f"{opt_name}_{sched_name}_resume_gap"] = max(
        float(np.abs(a - b).max()) for a, b in zip(params, r_params))
