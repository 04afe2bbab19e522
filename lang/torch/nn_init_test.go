package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // nn.init warns through it
)

// TestNNInitMatchesTorch checks the initialisers of torch.nn.init that
// draw or place values (trunc_normal_, constant_, eye_, dirac_, sparse_)
// and the deprecated aliases with their warnings against Debian's
// PyTorch: the same seed gives the same values.
func TestNNInitMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.init as I\nimport warnings\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\ntorch.manual_seed(0)\n" +
		"def err(f):\n    try:\n        return f()\n    except Exception as e:\n        return type(e).__name__, str(e)\n"
	srcs := []string{
		"r(I.trunc_normal_(torch.empty(3, 4)))",
		"r(I.trunc_normal_(torch.empty(5), mean=1.0, std=0.5, a=0.8, b=1.5))",
		"r(I.trunc_normal_(torch.empty(5, dtype=torch.float64), std=2.0))",
		"r(I.constant_(torch.empty(2, 3), 0.3)), I.eye_(torch.empty(2, 3)), I.eye_(torch.empty(3, 2, dtype=torch.float64))",
		"I.dirac_(torch.empty(2, 3, 3))",
		"r(I.dirac_(torch.empty(4, 2, 3, 3), groups=2)), r(I.dirac_(torch.empty(2, 2, 1, 2, 3)))",
		"torch.manual_seed(1)\nr(I.sparse_(torch.empty(5, 3), 0.4)), r(I.sparse_(torch.empty(4, 2), 0.3, std=1.0))",
		`with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    torch.manual_seed(2)
    x = torch.empty(2, 3)
    out = [I.uniform(x) is x, r(x), r(I.normal(x)), r(I.constant(x, 2)), r(I.eye(x)), r(I.xavier_uniform(x)), r(I.xavier_normal(x, gain=2)), r(I.kaiming_uniform(x)), r(I.kaiming_normal(x, mode='fan_out')), r(I.orthogonal(x)), r(I.sparse(x, 0.5)), r(I.dirac(torch.empty(1, 1, 3)))]
    I.trunc_normal_(x, mean=10.0)
out, [(str(m.message), m.category.__name__) for m in w]`,
		"import torch.nn.functional as F\nI.Tensor is torch.Tensor, F.Tensor is torch.Tensor",
		`import torch.nn.utils as U
import torch.nn.utils.clip_grad as CG
from torch.nn.utils.convert_parameters import parameters_to_vector
p = torch.nn.Parameter(torch.tensor([3.0, 4.0]))
p.grad = torch.tensor([3.0, 4.0])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    n = U.clip_grad_norm([p], 1.0)
hasattr(U, 'clip_grad'), hasattr(U, 'convert_parameters'), CG.clip_grad_value_ is U.clip_grad_value_, n, p.grad, [str(m.message) for m in w], parameters_to_vector([p])`,
		"err(lambda: I.eye_(torch.empty(3)))",
		"err(lambda: I.dirac_(torch.empty(3, 3)))",
		"err(lambda: I.dirac_(torch.empty(3, 3, 3), groups=2))",
		"err(lambda: I.sparse_(torch.empty(3), 0.1))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
