package torch

import "github.com/kael-dev/kael/lang"

// funcExamples and methodExamples are the examples help and x? show for
// torch's functions and the tensor methods (lang.Builtin.Examples, set by WithExamples);
// TestExamplesMatchTorch runs each against PyTorch.
var (
	funcExamples = map[string][]string{
		"arange":   {"torch.arange(5)", "torch.arange(1, 2, 0.25)"},
		"cat":      {"torch.cat([torch.zeros(2), torch.ones(3)])"},
		"eye":      {"torch.eye(2)"},
		"full":     {"torch.full((2, 2), 7.0)"},
		"linspace": {"torch.linspace(0, 1, 5)"},
		"matmul":   {"torch.matmul(torch.ones(2, 3), torch.ones(3))"},
		"ones":     {"torch.ones(2, dtype=torch.int64)"},
		"stack":    {"torch.stack([torch.zeros(2), torch.ones(2)])"},
		"tensor":   {"torch.tensor([[1, 2], [3, 4]])"},
		"where":    {"torch.where(torch.tensor([1, -2, 3]) > 0, 1, 0)"},
		"zeros":    {"torch.zeros(2, 3)"},
	}
	methodExamples = map[string][]string{
		"argmax":    {"torch.tensor([3, 1, 2]).argmax()"},
		"expand":    {"torch.tensor([1, 2, 3]).expand(2, 3)"},
		"mean":      {"torch.tensor([1., 2., 4.]).mean()"},
		"permute":   {"torch.zeros(2, 3, 4).permute(2, 0, 1).shape"},
		"reshape":   {"torch.arange(6).reshape(2, 3)"},
		"squeeze":   {"torch.zeros(1, 3, 1).squeeze().shape"},
		"sum":       {"torch.tensor([[1, 2], [3, 4]]).sum(dim=0)"},
		"t":         {"torch.arange(6).reshape(2, 3).t()"},
		"unsqueeze": {"torch.zeros(2, 3).unsqueeze(0).shape"},
		"view":      {"torch.arange(6).view(3, 2)"},
	}
)

// defExamples adds the examples to the builtins the steps before it
// define.
func defExamples() {
	for name, code := range funcExamples {
		b, ok := lang.LookupBuiltin(name)
		if !ok {
			panic("an example for " + name + ", which is not a builtin")
		}
		b.WithExamples(code...)
	}
	for name, code := range methodExamples {
		m, ok := lang.TensorMethod(name)
		if !ok {
			panic("an example for Tensor." + name + ", which is not a tensor method")
		}
		if !m.Func || funcExamples[name] == nil { // one shared builtin gets them once
			m.WithExamples(code...)
		}
	}
}
