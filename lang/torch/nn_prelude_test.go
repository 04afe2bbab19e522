package torch

// The start of the PyTorch programs that the nn_*_test.go files compare
// with kael's: nnPrelude imports torch, nn and F, seeds 0 and defines r
// (a tensor's values rounded to 4 digits, which float32 sums in another
// order keep) and err (a call's value, or its exception as (type,
// text)); nnGrad defines g, a function's value and its inputs' gradients
// from the sum of its output.
const (
	nnPrelude = `import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
r = lambda t: [round(v, 4) for v in t.flatten().tolist()]
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
`
	nnGrad = `def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    out.sum().backward()
    return r(out), [r(x.grad) for x in xs]
`
)
