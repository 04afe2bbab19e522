package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.CTCLoss and F.ctc_loss (package nn's ctc_loss.go, the kernel in
// tensor/ctc_loss.go).

// ctcLengths reads input_lengths and target_lengths as torch.ctc_loss's
// two overloads take them: both tuples (or lists) of ints, or both
// integer tensors. Anything else is PyTorch's TypeError naming the
// overloads; a tensor of another dtype is its RuntimeError.
func ctcLengths(a *lang.Args, blank, zi lang.Value) (in, target []int) {
	iv, tv := a.Value("input_lengths"), a.Value("target_lengths")
	it, iok := iv.(*tensor.Tensor)
	tt, tok := tv.(*tensor.Tensor)
	if iok && tok {
		for _, l := range []struct {
			name string
			t    *tensor.Tensor
			out  *[]int
		}{{"input_lengths", it, &in}, {"target_lengths", tt, &target}} {
			if d := l.t.DType(); d.IsFloating() || d.IsComplex() || d == tensor.Bool {
				a.Fail(lang.Errorf(lang.RuntimeError, "%s must be integral", l.name))
				return nil, nil
			}
			vals, err := l.t.Float64s()
			if err != nil {
				a.Fail(lang.ToError(err))
				return nil, nil
			}
			*l.out = make([]int, len(vals))
			for i, v := range vals {
				(*l.out)[i] = int(v)
			}
		}
		return in, target
	}
	ints := func(v lang.Value) ([]int, bool) {
		switch x := v.(type) {
		case lang.Tuple:
			return intElems(x)
		case *lang.List:
			return intElems(x.Elems)
		}
		return nil, false
	}
	in, ok1 := ints(iv)
	target, ok2 := ints(tv)
	_, blankOK := blank.(int64)
	_, ziOK := zi.(bool)
	if ok1 && ok2 && blankOK && ziOK {
		return in, target
	}
	typ := func(v lang.Value) string {
		if _, ok := v.(*tensor.Tensor); ok {
			return "Tensor"
		}
		return lang.TypeName(v)
	}
	mark := func(v lang.Value, ok bool) string {
		if ok {
			return typ(v)
		}
		return "!" + typ(v) + "!"
	}
	got := []string{"Tensor", "Tensor", typ(iv), typ(tv), typ(blank), "int", typ(zi)}
	// PyTorch marks the tuples of the first overload even when they
	// match.
	first := []string{"Tensor", "Tensor", mark(iv, false), mark(tv, false), mark(blank, blankOK), "int", mark(zi, ziOK)}
	second := []string{"Tensor", "Tensor", mark(iv, iok), mark(tv, tok), mark(blank, blankOK), "int", mark(zi, ziOK)}
	join := func(s []string) string { return "(" + strings.Join(s, ", ") + ")" }
	a.Fail(lang.Errorf(lang.TypeError, "ctc_loss() received an invalid combination of arguments - got %s, but expected one of:\n"+
		" * (Tensor log_probs, Tensor targets, tuple of ints input_lengths, tuple of ints target_lengths, int blank, int reduction, bool zero_infinity)\n"+
		"      didn't match because some of the arguments have invalid types: %s\n"+
		" * (Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, int blank, int reduction, bool zero_infinity)\n"+
		"      didn't match because some of the arguments have invalid types: %s\n", join(got), join(first), join(second)))
	return nil, nil
}

// intElems is elems as ints when every one is a Python int (not a bool,
// which torch's int lists refuse).
func intElems(elems []lang.Value) ([]int, bool) {
	out := make([]int, len(elems))
	for i, e := range elems {
		n, ok := e.(int64)
		if !ok {
			return nil, false
		}
		out[i] = int(n)
	}
	return out, true
}

// ctcLoss computes F.ctc_loss of the arguments in a with blank,
// reduction and zero_infinity given, checked in PyTorch's order: the
// reduction first (_Reduction.get_enum), then the overloads.
func ctcLoss(a *lang.Args, blank, reduction, zeroInfinity lang.Value) (lang.Value, error) {
	r, ok := reduction.(string)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "%s is not a valid value for reduction", lang.Str(reduction))
	}
	if _, err := tensor.LossReduction(r); err != nil {
		return nil, err
	}
	lp, targets := tensorArg(a, "log_probs"), tensorArg(a, "targets")
	in, target := ctcLengths(a, blank, zeroInfinity)
	if err := a.Err(); err != nil {
		return nil, err
	}
	return result(nn.CTCLossF(lp, targets, in, target, int(blank.(int64)), r, zeroInfinity.(bool)))
}

func defCTCLoss() {
	const doc = "The connectionist temporal classification loss: the negative log-likelihood of each target sequence summed over every alignment of it (blanks and repeats) to the steps of log_probs [T, N, C] (or [T, C]), computed by PyTorch's forward-backward recursion in log space; targets are [N, S] padded or 1-D concatenated, input_lengths and target_lengths tuples or integer tensors. reduction 'mean' divides each loss by its target length before averaging; zero_infinity makes the infinite losses of impossible alignments (and their gradients) zero."
	defLayer("loss", "CTCLoss(blank=0, reduction='mean', zero_infinity=False)", doc+" Called as ctc_loss(log_probs, targets, input_lengths, target_lengths).", func(a *lang.Args) (nn.Module, error) {
		blank, reduction, zi := a.Int("blank"), a.Str("reduction"), a.Bool("zero_infinity")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewCTCLoss(blank, reduction, zi), nil
	})
	layerForwards["CTCLoss"] = lang.NewBuiltin(lang.AsValue, "forward(self, log_probs, targets, input_lengths, target_lengths)", "The CTC loss with the module's blank, reduction and zero_infinity.", func(a *lang.Args) (lang.Value, error) {
		l, err := selfLayer[*nn.CTCLoss](a)
		if err != nil {
			return nil, err
		}
		return ctcLoss(a, int64(l.Blank), l.Reduction, l.ZeroInfinity)
	})
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False)", doc, func(a *lang.Args) (lang.Value, error) {
		return ctcLoss(a, a.Value("blank"), a.Value("reduction"), a.Value("zero_infinity"))
	}))
}
