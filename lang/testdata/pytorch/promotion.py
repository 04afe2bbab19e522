# torch.can_cast, torch.promote_types and torch.result_type over every pair
# of kael's dtypes and kinds of operand; torch.autograd.gradcheck.
import torch

dtypes = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]


def name(d):
    return str(d).replace("torch.", "")


for a in dtypes:
    print(name(a), [name(torch.promote_types(a, b)) for b in dtypes], [torch.can_cast(a, b) for b in dtypes])

operands = [True, 3, 2.5]
for d in dtypes:
    operands.append(torch.zeros(2, dtype=d))
    operands.append(torch.zeros((), dtype=d))


def kind(v):
    if isinstance(v, torch.Tensor):
        return name(v.dtype) + ("[]" if v.dim() == 0 else "[2]")
    return type(v).__name__


for x in operands:
    print(kind(x), [name(torch.result_type(x, y)) for y in operands])

x = torch.linspace(-1.0, 1.0, 5, dtype=torch.float64).requires_grad_()
w = torch.linspace(0.5, 2.0, 5, dtype=torch.float64).requires_grad_()
gradcheck = torch.autograd.gradcheck
print(gradcheck(torch.sin, (x,)), gradcheck(lambda a: a.exp().sum(), x), gradcheck(lambda a, b: (a * b).tanh(), (x, w)))
print(gradcheck(lambda a, b: (a @ b, a - b), (x, w), eps=1e-6, atol=1e-5, rtol=1e-3))
print(gradcheck(lambda a: a.detach() * a, (x,), raise_exception=False))
print(gradcheck(lambda a, b: torch.softmax(a * b, 0), [x, w]))
