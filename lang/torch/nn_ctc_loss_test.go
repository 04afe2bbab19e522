package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCTCLossMatchesTorch checks F.ctc_loss and nn.CTCLoss against
// Debian's PyTorch: every reduction, blank, zero_infinity, padded and
// concatenated targets, unbatched input, lengths as tuples, lists or
// tensors, float32 and float64, the gradient of log_probs (PyTorch's
// kernel's, through log_softmax and directly), the grad_fn, the module's
// repr and attributes, and the errors of bad arguments.
func TestCTCLossMatchesTorch(t *testing.T) {
	prelude := nnPrelude + `x = torch.randn(7, 3, 5)
lp = x.log_softmax(2)
tg = torch.tensor([[1, 2, 2, 4], [3, 1, 0, 0], [4, 4, 1, 2]])
il, tl = (7, 5, 6), (3, 2, 4)
def g(f, src=x, logits=True):
    a = src.clone().requires_grad_(True)
    out = f(a.log_softmax(-1) if logits else a)
    w = torch.arange(1, out.numel() + 1, dtype=out.dtype).view(out.shape)
    (out * w).sum().backward()
    return out.shape, r(out), r(a.grad), type(out.grad_fn).__name__
`
	srcs := []string{
		"g(lambda p: F.ctc_loss(p, tg, il, tl, reduction='none'))",
		"g(lambda p: F.ctc_loss(p, tg, il, tl)), g(lambda p: F.ctc_loss(p, tg, il, tl, reduction='sum'))",
		"g(lambda p: F.ctc_loss(p, tg, il, tl, reduction='none'), lp, logits=False)",
		"g(lambda p: F.ctc_loss(p, tg, list(il), list(tl), blank=4, reduction='none'))",
		"g(lambda p: F.ctc_loss(p, torch.tensor([1, 2, 2, 3, 1, 4, 4, 1, 2]), torch.tensor(il), torch.tensor(tl, dtype=torch.int32), reduction='none'))",
		"g(lambda p: F.ctc_loss(p, tg, (7, 1, 6), (3, 2, 0), reduction='none')), g(lambda p: F.ctc_loss(p, tg, (7, 1, 6), (3, 2, 0), zero_infinity=True, reduction='none'))",
		"g(lambda p: F.ctc_loss(p, tg, (7, 1, 6), (3, 2, 0), zero_infinity=True)), g(lambda p: F.ctc_loss(p, tg, (7, 2, 2), (3, 2, 1), zero_infinity=True, reduction='sum'))",
		"g(lambda p: F.ctc_loss(p, tg.float(), (7, 2, 6), (3, 1, 4), reduction='none'), x.double())",
		"g(lambda p: F.ctc_loss(p, tg[1], (7,), (2,), reduction='none'), x[:, 1]), g(lambda p: F.ctc_loss(p, tg[1, :2], torch.tensor(6), torch.tensor(2)), x[:, 1])",
		"g(lambda p: F.ctc_loss(p, torch.tensor([[1, 1, 1]]), (7,), (3,), reduction='none'), x[:, :1])",
		"g(lambda p: F.ctc_loss(p, torch.tensor([[2, 3]] * 3), (7, 4, 3), (2, 2, 2), reduction='none'), x * 3)",
		"F.ctc_loss(lp, tg, il, tl), F.ctc_loss(lp, tg, il, tl, reduction='none').grad_fn",
		"c = nn.CTCLoss()\nrepr(c), c.blank, c.reduction, c.zero_infinity, r(c(lp, tg, il, tl)), list(c.state_dict())",
		"c = nn.CTCLoss(blank=4, reduction='sum', zero_infinity=True)\nrepr(c), c.blank, c.reduction, c.zero_infinity, r(c(lp, tg, torch.tensor(il), torch.tensor(tl))), r(c(lp, tg, (7, 1, 6), (3, 2, 4)))",
		"err(lambda: nn.CTCLoss(reduction='x')(lp, tg, il, tl))",
		"err(lambda: F.ctc_loss(lp, tg, (8, 5, 6), tl))",
		"err(lambda: F.ctc_loss(lp, tg, (7, 5), tl)), err(lambda: F.ctc_loss(lp, tg, il, (3, 2)))",
		"err(lambda: F.ctc_loss(lp, tg, il, (5, 2, 1)))",
		"err(lambda: F.ctc_loss(lp, tg, il, tl, blank=5)), err(lambda: F.ctc_loss(lp, tg, il, tl, blank=-1))",
		"err(lambda: F.ctc_loss(lp, tg, il, tl, reduction='x')), err(lambda: F.ctc_loss(lp, tg, il, tl, reduction=None))",
		"err(lambda: F.ctc_loss(lp, tg, torch.tensor([7., 5, 6]), torch.tensor(tl))), err(lambda: F.ctc_loss(lp, tg, torch.tensor(il), torch.tensor([3., 2, 4])))",
		"err(lambda: F.ctc_loss(lp, tg, torch.tensor([True] * 3), torch.tensor(tl)))",
		"err(lambda: F.ctc_loss(lp, tg, 7, 3))",
		"err(lambda: F.ctc_loss(lp, tg, torch.tensor(il), tl))",
		"err(lambda: F.ctc_loss(lp, tg, (7., 5, 6), tl)), err(lambda: F.ctc_loss(lp, tg, None, tl))",
		"err(lambda: F.ctc_loss(lp, tg, il, tl, blank=1.0)), err(lambda: F.ctc_loss(lp, tg, il, tl, zero_infinity=1))",
		"err(lambda: F.ctc_loss(lp.int(), tg, il, tl)), err(lambda: F.ctc_loss(lp.half(), tg, il, tl))",
		"err(lambda: F.ctc_loss(lp[0, 0], tg, il, tl)), err(lambda: F.ctc_loss(lp[0], tg, il, tl)), err(lambda: F.ctc_loss(lp.view(7, 3, 5, 1), tg, il, tl))",
		"err(lambda: F.ctc_loss(torch.zeros(()), tg, il, tl))",
		"err(lambda: F.ctc_loss(lp, tg[0], il, tl)), err(lambda: F.ctc_loss(lp, tg.view(3, 4, 1), il, tl)), err(lambda: F.ctc_loss(lp, tg[:2], il, tl))",
		"err(lambda: F.ctc_loss(lp, torch.tensor([1, 2, 2, 3, 1, 4, 4, 1]), il, tl))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
