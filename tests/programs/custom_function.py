"""Custom autograd.Function, as the "Extending torch.autograd" docs write them: MyReLU (saves
its input), an Exp that saves its output, a LinearFunction with an optional bias and
ctx.needs_input_grad, a sort with a non-differentiable index output
(ctx.mark_non_differentiable), a once_differentiable backward, a clamp with a straight-through
gradient; each checked with torch.autograd.gradcheck on double inputs, and one used inside a
small training loop."""
import numpy as np
import torch
from torch.autograd import Function, gradcheck
from torch.autograd.function import once_differentiable

results = {}
rng = np.random.default_rng(11)


class MyReLU(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class Exp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


class SortWithIndices(Function):
    @staticmethod
    def forward(ctx, x):
        values, indices = x.sort(dim=-1)
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_values, grad_indices):
        indices, = ctx.saved_tensors
        grad_x = torch.zeros_like(grad_values)
        grad_x.scatter_(-1, indices, grad_values)
        return grad_x


class StraightThroughClamp(Function):
    @staticmethod
    def forward(ctx, x, lo, hi):
        return x.clamp(lo, hi)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None, None


def dbl(*shape):
    return torch.tensor(rng.standard_normal(shape), dtype=torch.double, requires_grad=True)


x = dbl(4, 5)
results["relu_gradcheck"] = gradcheck(MyReLU.apply, (x,), eps=1e-6, atol=1e-4)
results["exp_gradcheck"] = gradcheck(Exp.apply, (dbl(3, 3),))
inp, w, b = dbl(6, 4), dbl(3, 4), dbl(3)
results["linear_gradcheck"] = gradcheck(LinearFunction.apply, (inp, w, b), eps=1e-6, atol=1e-4)
results["linear_nobias_gradcheck"] = gradcheck(LinearFunction.apply, (inp, w), eps=1e-6, atol=1e-4)

frozen = torch.tensor(rng.standard_normal((6, 4)), dtype=torch.double)  # needs no grad
out = LinearFunction.apply(frozen, w, b)
out.sum().backward()
results["frozen_input_grad_is_none"] = frozen.grad is None
results["linear_grad_fn"] = type(out.grad_fn).__name__
results["w_grad"] = w.grad.numpy().copy()

v = dbl(3, 5)
values, indices = SortWithIndices.apply(v)
results["indices_requires_grad"] = indices.requires_grad
results["indices_dtype"] = str(indices.dtype).split(".")[-1]
(values * torch.arange(5, dtype=torch.double)).sum().backward()
results["sort_grad"] = v.grad.numpy().copy()
results["sort_gradcheck"] = gradcheck(lambda t: SortWithIndices.apply(t)[0], (dbl(2, 4),))

s = dbl(5)
y = StraightThroughClamp.apply(s, -0.5, 0.5)
y.backward(torch.ones_like(y))
results["straight_through_grad"] = s.grad.tolist()

# A tiny model trained through the custom functions.
W = torch.tensor(rng.uniform(-0.5, 0.5, (3, 2)), dtype=torch.float32, requires_grad=True)
B = torch.zeros(3, requires_grad=True)
X = torch.tensor(rng.standard_normal((50, 2)), dtype=torch.float32)
T = torch.tensor(rng.standard_normal((50, 3)), dtype=torch.float32)
losses = []
for step in range(100):
    pred = Exp.apply(MyReLU.apply(LinearFunction.apply(X, W, B)) * 0.5)
    loss = ((pred - T) ** 2).mean()
    W.grad = None
    B.grad = None
    loss.backward()
    with torch.no_grad():
        W -= 0.1 * W.grad
        B -= 0.1 * B.grad
    losses.append(loss.item())
results["train_losses"] = losses[::10] + [losses[-1]]
results["W"] = W.detach().numpy().copy()
