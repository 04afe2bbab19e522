package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The functions of torch.nn.functional that are not in files of their own
// (conv.go has conv2d and max_pool2d): softmax, the activations, the
// losses, layer_norm, linear, embedding, dropout and one_hot
// (autograd/nn.go, autograd/loss.go, tensor/nn.go). Like the other
// functions of F they are global builtins too.

// functionalOnly are the members of torch.nn.functional whose signature
// differs from the builtin of the same name (torch.softmax needs dim;
// F.softmax does not).
var functionalOnly = map[string]lang.Value{}

func defFunctional() {
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, dim int) (*tensor.Tensor, error)
		doc  string
	}{
		{"softmax", autograd.Softmax, "exp(input) normalized to sum to 1 along dim."},
		{"log_softmax", autograd.LogSoftmax, "log(softmax(input, dim)), computed stably."},
	} {
		defWithInt(lang.AsBoth, op.name+"(input, dim, dtype=None)", op.doc, op.f)
		f := op.f
		functionalOnly[op.name] = lang.NewBuiltin(lang.AsValue, op.name+"(input, dim=None, _stacklevel=3, dtype=None)", op.doc+" Without dim, PyTorch's deprecated implicit choice: dimension 0 of a 0-, 1- or 3-d input, else 1.", func(a *lang.Args) (lang.Value, error) {
			x, err := reduceInput(a)
			if err != nil {
				return nil, err
			}
			dim := optionalDim(a, "dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if dim == nil {
				d := nn.ImplicitSoftmaxDim(x.Dim())
				dim = &d
			}
			return result(f(x, *dim))
		})
	}
	lang.NewBuiltin(lang.AsFunc, "gelu(input, approximate='none')", "The GELU activation x·Φ(x); approximate='tanh' uses the tanh formula.", func(a *lang.Args) (lang.Value, error) {
		x, approx := tensorArg(a, "input"), a.Str("approximate")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Gelu(x, approx))
	})
	defUnary(lang.AsFunc, "silu(input)", "The SiLU (swish) activation x·sigmoid(x).", autograd.Silu)
	for _, op := range []struct {
		name, extra string
		f           func(x, target *tensor.Tensor, opt nn.ClassLossOptions) (*tensor.Tensor, error)
		doc         string
	}{
		{"cross_entropy", ", label_smoothing=0.0", nn.CrossEntropyLoss, "The cross-entropy loss of logits input ([N, C], [C] or [N, C, d1, ...]) at the int64 class indices target, or at class probabilities of input's shape; weight rescales each class, label_smoothing mixes the targets with the uniform distribution; reduction 'mean', 'sum' or 'none'; targets equal to ignore_index do not count."},
		{"nll_loss", "", nn.NLLLoss, "The negative log-likelihood loss of log-probabilities input at the int64 class indices target; weight rescales each class; reduction 'mean', 'sum' or 'none'."},
	} {
		lang.NewBuiltin(lang.AsFunc, op.name+"(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'"+op.extra+")", op.doc, func(a *lang.Args) (lang.Value, error) {
			x, target := tensorArg(a, "input"), tensorArg(a, "target")
			opt := nn.ClassLossOptions{Weight: a.OptTensor("weight"), IgnoreIndex: a.Int64("ignore_index"), Reduction: lossReduction(a)}
			if op.extra != "" {
				opt.LabelSmoothing = a.Float("label_smoothing")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, target, opt))
		})
	}
	lang.NewBuiltin(lang.AsFunc, "mse_loss(input, target, size_average=None, reduce=None, reduction='mean')", "The mean squared error (input - target)², reduced by 'mean', 'sum' or 'none'.", func(a *lang.Args) (lang.Value, error) {
		x, target, reduction := tensorArg(a, "input"), a.TensorLike("target"), lossReduction(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.MseLoss(x, target, reduction))
	})
	lang.NewBuiltin(lang.AsFunc, "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)", "Normalizes input over its last dimensions (normalized_shape) to mean 0 and variance 1, then scales by weight and adds bias when given.", func(a *lang.Args) (lang.Value, error) {
		x, shape := tensorArg(a, "input"), a.Ints("normalized_shape")
		weight, bias, eps := a.OptTensor("weight"), a.OptTensor("bias"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.LayerNorm(x, shape, weight, bias, eps))
	})
	lang.NewBuiltin(lang.AsFunc, "linear(input, weight, bias=None)", "input @ weight.T + bias: weight is [out_features, in_features].", func(a *lang.Args) (lang.Value, error) {
		x, weight, bias := tensorArg(a, "input"), tensorArg(a, "weight"), a.OptTensor("bias")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Linear(x, weight, bias))
	})
	lang.NewBuiltin(lang.AsFunc, "embedding(input, weight)", "The rows of weight ([num_embeddings, dim]) picked by the int64 indices input.", func(a *lang.Args) (lang.Value, error) {
		x, weight := tensorArg(a, "input"), tensorArg(a, "weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Embedding(x, weight))
	})
	lang.NewBuiltin(lang.AsFunc, "dropout(input, p=0.5, training=True)", "Zeroes each element with probability p and scales the others by 1/(1-p); the input itself when training is False.", func(a *lang.Args) (lang.Value, error) {
		x, p, training := tensorArg(a, "input"), a.Float("p"), a.Bool("training")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Dropout(x, p, training, nil))
	})
	// F.dropout takes inplace too; torch.dropout(input, p, train) does not.
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "dropout(input, p=0.5, training=True, inplace=False)", "Zeroes each element with probability p and scales the others by 1/(1-p); the input itself when training is False. With inplace the result is written into input, which it returns.", func(a *lang.Args) (lang.Value, error) {
		x, p, training, inplace := tensorArg(a, "input"), a.Float("p"), a.Bool("training"), a.Bool("inplace")
		if err := a.Err(); err != nil {
			return nil, err
		}
		drop := func(x *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Dropout(x, p, training, nil) }
		if !inplace {
			return result(drop(x))
		}
		if p < 0 || p > 1 {
			return result(drop(x)) // the range error
		}
		if !training || p == 0 {
			return x, nil
		}
		return inPlace(x, nn.RewriteInPlace(x, "dropout_", drop))
	}))
	lang.NewBuiltin(lang.AsFunc, "one_hot(tensor, num_classes=-1)", "The int64 tensor of shape (*tensor.shape, num_classes) with a 1 at each class index of the int64 tensor and 0 elsewhere; num_classes=-1 takes the largest index plus one.", oneHot)
	lang.NewBuiltin(lang.AsFunc, "l1_loss(input, target, size_average=None, reduce=None, reduction='mean')", "The mean absolute error abs(input - target), reduced by 'mean', 'sum' or 'none'.", func(a *lang.Args) (lang.Value, error) {
		x, target, reduction := tensorArg(a, "input"), a.TensorLike("target"), lossReduction(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.L1Loss(x, target, reduction))
	})
	lang.NewBuiltin(lang.AsFunc, "binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean')", "The binary cross-entropy -(y·log x + (1-y)·log(1-x)) of probabilities input (each in [0, 1]) at targets of the same shape, each log clamped at -100; weight rescales each element.", func(a *lang.Args) (lang.Value, error) {
		x, target, weight, reduction := tensorArg(a, "input"), a.Tensor("target"), a.OptTensor("weight"), lossReduction(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BinaryCrossEntropy(x, target, weight, reduction))
	})
	lang.NewBuiltin(lang.AsFunc, "binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)", "sigmoid and binary_cross_entropy in one, computed stably from the logits input; pos_weight weighs the positive targets, weight each element.", func(a *lang.Args) (lang.Value, error) {
		x, target, weight, posWeight, reduction := tensorArg(a, "input"), a.Tensor("target"), a.OptTensor("weight"), a.OptTensor("pos_weight"), lossReduction(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BinaryCrossEntropyWithLogits(x, target, weight, posWeight, reduction))
	})
}

// oneHot is F.one_hot.
func oneHot(a *lang.Args) (lang.Value, error) {
	x, classes := a.Tensor("tensor"), a.Int("num_classes")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if x.DType() != tensor.Int64 {
		return nil, lang.Errorf(lang.RuntimeError, "one_hot is only applicable to index tensor.").
			WithHint("the tensor is %s; convert it with x.long()", x.DType())
	}
	idx, err := tensor.Values[int64](x)
	if err != nil {
		return nil, err
	}
	if classes == -1 {
		if len(idx) == 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Can not infer total number of classes from empty tensor.")
		}
		for _, v := range idx {
			classes = max(classes, int(v)+1)
		}
	}
	if classes < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "num_classes should be positive or -1, not %d", classes)
	}
	if len(idx) > 0 && classes > lang.MaxCollect/len(idx) {
		return nil, lang.Errorf(lang.MemoryError, "one_hot of %d indices with %d classes is too large", len(idx), classes)
	}
	out := make([]int64, len(idx)*classes)
	for i, v := range idx {
		switch {
		case v < 0:
			return nil, lang.Errorf(lang.RuntimeError, "Class values must be non-negative.")
		case v >= int64(classes):
			return nil, lang.Errorf(lang.RuntimeError, "Class values must be smaller than num_classes.")
		}
		out[i*classes+int(v)] = 1
	}
	return result(tensor.FromSlice(out, append(x.Shape(), classes)...))
}
