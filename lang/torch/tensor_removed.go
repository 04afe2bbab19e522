package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The tensor members PyTorch 1.13 keeps for removed features, devices and
// layouts kael has not: each answers as PyTorch does on a CPU build
// (is_nested False, is_distributed() False, reinforce's RuntimeError,
// ipu()/xpu() not linked), and conj_physical_, the in-place conjugate.

// reinforceRemoved is PyTorch's text for Tensor.reinforce.
const reinforceRemoved = `reinforce() was removed.
Use torch.distributions instead.
See https://pytorch.org/docs/master/distributions.html

Instead of:

probs = policy_network(state)
action = probs.multinomial()
next_state, reward = env.step(action)
action.reinforce(reward)
action.backward()

Use:

probs = policy_network(state)
# NOTE: categorical is equivalent to what used to be called multinomial
m = torch.distributions.Categorical(probs)
action = m.sample()
next_state, reward = env.step(action)
loss = -m.log_prob(action) * reward
loss.backward()
`

func defRemovedTensorMembers() {
	// torch.FatalError is the exception class PyTorch's C++ side raises for
	// an unrecoverable error; kael raises it nowhere, but code may catch it.
	torchMembers["FatalError"] = lang.RegisterExceptionClass("torch.FatalError", "torch", "FatalError", "Exception")
	lang.RegisterTensorAttr("name", "The tensor's name in PyTorch's graph tracer: None, as for every tensor PyTorch's Python code makes.",
		func(t *tensor.Tensor) (lang.Value, error) { return lang.None, nil }, nil)
	lang.RegisterTensorAttr("output_nr", "Which output of its grad_fn the tensor is: 0 for a leaf and for the first output of an operation, i for the i-th of several (torch.split's pieces), as in PyTorch.",
		func(t *tensor.Tensor) (lang.Value, error) {
			if m := t.Autograd(); m != nil && m.GradFn != nil {
				return int64(m.OutputNr), nil
			}
			return int64(0), nil
		}, nil)
	lang.RegisterTensorAttr("volatile", "Removed from PyTorch (torch.no_grad replaces it): reading it gives False and assigning it does nothing, each with PyTorch's UserWarning.",
		func(t *tensor.Tensor) (lang.Value, error) {
			return nil, &lang.Warned{Value: false, Category: "UserWarning", Messages: []string{"volatile was removed (Variable.volatile is always False)"}}
		}, func(t *tensor.Tensor, v lang.Value) error {
			return &lang.Warned{Value: lang.None, Category: "UserWarning", Messages: []string{"volatile was removed and now has no effect. Use `with torch.no_grad():` instead."}}
		})
	lang.RegisterTensorAttr("is_nested", "Whether the tensor is a nested tensor (torch.nested, a prototype of PyTorch 1.13): always False in kael, whose tensors are strided.",
		func(t *tensor.Tensor) (lang.Value, error) { return false, nil }, nil)
	lang.NewBuiltin(lang.AsMethod, "is_distributed(input)", "Whether the tensor is spread over processes (the removed THD backend): False, as in PyTorch.", func(a *lang.Args) (lang.Value, error) {
		a.Tensor("input")
		return false, a.Err()
	})
	lang.NewBuiltin(lang.AsMethod, "reinforce(input, reward)", "Removed from PyTorch (a RuntimeError that shows the torch.distributions way to write it).", func(a *lang.Args) (lang.Value, error) {
		a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nil, lang.Errorf(lang.RuntimeError, "%s", reinforceRemoved)
	})
	for _, dev := range []string{"ipu", "xpu"} {
		lang.NewBuiltin(lang.AsMethod, dev+"(input, device=None, non_blocking=False)", "Moves the tensor to an "+dev+" device: a RuntimeError, as in a PyTorch built without that device.", func(a *lang.Args) (lang.Value, error) {
			a.Tensor("input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return nil, lang.Errorf(lang.RuntimeError, "PyTorch is not linked with support for %s devices", dev)
		})
	}
	lang.NewBuiltin(lang.AsMethod, "to_padded_tensor(input, padding, output_size=None)", "A nested tensor padded to a strided one; nested tensors are a prototype kael has not, and on a strided tensor PyTorch 1.13 has no kernel either: NotImplementedError.", func(a *lang.Args) (lang.Value, error) {
		a.Tensor("input")
		a.Float("padding")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nil, lang.Errorf(tensor.NotImplementedError, "Could not run 'aten::to_padded_tensor' with arguments from the 'CPU' backend. This could be because the operator doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom build). 'aten::to_padded_tensor' is only available for these backends: [NestedTensorCPU].")
	})
	lang.NewBuiltin(lang.AsBoth, "conj_physical_(input)", "In place: input = its complex conjugate; a real tensor is left as it is. Returns input.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !x.DType().IsComplex() {
			return x, nil
		}
		return inPlace(x, autograd.Rewrite(x, "conj_physical_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.ConjOp.Apply(old)
		}))
	})
}

// defEmbeddingRenorm defines torch.embedding_renorm_, the step of
// F.embedding's max_norm as a function of its own.
func defEmbeddingRenorm() {
	lang.NewBuiltin(lang.AsFunc, "embedding_renorm_(input, indices, max_norm, norm_type)", "In place: each row of input that indices pick whose norm_type-norm exceeds max_norm is scaled to that norm (by max_norm / (norm + 1e-7)), as F.embedding's max_norm does; returns input.", func(a *lang.Args) (lang.Value, error) {
		w, idx, maxNorm, p := a.Tensor("input"), a.Tensor("indices"), a.Float("max_norm"), a.Float("norm_type")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d := idx.DType(); d != tensor.Int64 && d != tensor.Int32 {
			return nil, lang.Errorf(lang.RuntimeError, "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but got torch.%sTensor instead (while checking arguments for embedding_renorm_)", d.ScalarTypeName())
		}
		if err := checkOverwrite(w, "embedding_renorm_"); err != nil {
			return nil, err
		}
		return inPlace(w, tensor.EmbeddingRenorm(w, idx, maxNorm, p))
	})
}
