package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestRandomFillsMatchTorch checks Tensor.random_ (its three forms, every
// dtype, the bound checks, warnings and the full 64-bit range), cauchy_,
// log_normal_ and geometric_ against Debian's PyTorch: the same seed
// draws the same values, on contiguous tensors, transposed views and with
// a generator of their own; torch.poisson likewise.
func TestRandomFillsMatchTorch(t *testing.T) {
	prelude := `import torch, warnings
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = f()
    return out, [str(x.message).split(' (Triggered internally')[0] for x in w]
dtypes = [torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64, torch.bool, torch.float16, torch.bfloat16, torch.float32, torch.float64]
torch.manual_seed(0)
`
	srcs := []string{
		"[torch.empty(5, dtype=d).random_().tolist() for d in dtypes]",
		"[torch.empty(4, dtype=d).random_(2).tolist() for d in dtypes]",
		"[err(lambda: torch.empty(4, dtype=d).random_(-3, 100).tolist()) for d in dtypes]",
		"[err(lambda: torch.empty(3, dtype=d).random_(5, None).tolist()) for d in dtypes]",
		"[err(lambda: torch.empty(2, dtype=d).random_(-2**63, None).tolist()) for d in dtypes]",
		"[err(lambda: caught(lambda: torch.empty(3, dtype=d).random_(2**40).tolist())) for d in dtypes]",
		"caught(lambda: torch.empty(2).random_(2**62, 2**62 + 5).tolist())",
		"torch.empty(3, 4).t().random_(10).tolist(), torch.empty(4, dtype=torch.long).random_(-2**40, 2**40).tolist()",
		"g = torch.Generator().manual_seed(7)\ntorch.empty(4).random_(0, 9, generator=g).tolist(), torch.empty(3, dtype=torch.int32).random_(to=6).tolist()",
		"torch.empty(0).random_(), torch.empty(2, dtype=torch.float16).random_(-65504, 65504).tolist(), torch.empty(2, dtype=torch.bfloat16).random_(3, 300).tolist()",
		"[err(lambda: f()) for f in [lambda: torch.empty(2, dtype=torch.complex64).random_(), lambda: torch.empty(2, dtype=torch.complex64).random_(3), " +
			"lambda: torch.empty(2).random_(3, 2), lambda: torch.empty(2).random_(2**60, None), lambda: torch.empty(2, dtype=torch.int8).random_(200), " +
			"lambda: torch.empty(2, dtype=torch.int8).random_(-200, 3), lambda: torch.empty(2, dtype=torch.float16).random_(70000), lambda: torch.empty(2, dtype=torch.bool).random_(-1, 1)]]",
		"type(err(lambda: torch.empty(2).random_(2.5))), err(lambda: torch.empty(2).random_(2.5)).split(' - ')[0]",
		"x = torch.zeros(2, requires_grad=True)\nerr(lambda: x.random_())",
		"torch.empty(4, dtype=torch.float64).cauchy_().tolist(), torch.empty(3).cauchy_(1, 2).tolist(), torch.empty(2, 3).t().cauchy_(sigma=0.5).tolist()",
		"torch.empty(4, dtype=torch.float64).log_normal_().tolist(), torch.empty(3).log_normal_(0.5, 0.2).tolist(), torch.empty(3, dtype=torch.bfloat16).log_normal_().tolist()",
		"torch.empty(4, dtype=torch.float64).geometric_(0.3).tolist(), torch.empty(3, dtype=torch.int32).geometric_(0.7).tolist(), torch.empty(3, dtype=torch.float16).geometric_(0.01).tolist()",
		"g = torch.Generator().manual_seed(3)\ntorch.empty(3).cauchy_(generator=g).tolist(), torch.empty(3).log_normal_(generator=g).tolist(), torch.empty(3).geometric_(0.5, generator=g).tolist()",
		"[err(f) for f in [lambda: torch.empty(2, dtype=torch.long).cauchy_(), lambda: torch.empty(2).cauchy_(0, 0).tolist(), " +
			"lambda: torch.empty(2, dtype=torch.long).log_normal_(), lambda: torch.empty(2).log_normal_(0, 0), lambda: torch.empty(2).log_normal_(0, -1), " +
			"lambda: torch.empty(2).geometric_(0), lambda: torch.empty(2).geometric_(1), lambda: torch.empty(2).geometric_(1.5), lambda: torch.empty(2, dtype=torch.bool).geometric_(0.5), " +
			"lambda: torch.empty(2, dtype=torch.complex64).geometric_(0.5), lambda: torch.empty(2, dtype=torch.complex64).cauchy_(), lambda: torch.empty(2, dtype=torch.complex64).log_normal_()]]",
		// torch.poisson: both of ATen's samplers, views, dtypes, a
		// generator, the zero gradient and the refusals.
		"r = torch.tensor([[0.5, 3.0, 12.0], [0., 40.0, 1.0]], requires_grad=True)\ny = torch.poisson(r)\ny.sum().backward()\ny.tolist(), y.grad_fn.name(), r.grad.tolist()",
		"torch.poisson(torch.tensor([2.0, 20.0], dtype=torch.float64)).tolist(), torch.poisson(torch.ones(4, 3).t() * 4).tolist(), torch.poisson(torch.tensor([5., 200.], dtype=torch.bfloat16)).tolist()",
		"g = torch.Generator().manual_seed(4)\ntorch.poisson(torch.tensor([3.0, 30.0]), g).tolist(), torch.poisson(torch.tensor([float('inf')])).tolist(), torch.poisson(torch.tensor([1.0]), generator=g).tolist()",
		"[err(lambda: torch.poisson(r)) for r in [torch.tensor([-1.0]), torch.tensor([float('nan')]), torch.tensor([1]), torch.tensor([1.0], dtype=torch.float16)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
