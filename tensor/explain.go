package tensor

import (
	"fmt"
	"strings"
)

// ExplainBinary describes, step by step, what Apply does for a op b:
// promotion, casts, broadcasting, the iterator's loop and the dispatch. It
// runs no kernel. The steps are for people learning how a tensor library
// works (the REPL's :explain).
func (s *BinarySpec) ExplainBinary(a, b *Tensor) ([]string, error) {
	var steps []string
	add := func(format string, args ...any) { steps = append(steps, fmt.Sprintf(format, args...)) }
	add("operands: a is %s, b is %s", describeOperand(a), describeOperand(b))
	common := ResultType(a, b)
	add("promotion: %s", explainPromotion(a, b, common))
	compute, out, err := s.Types(a, b)
	if err != nil {
		add("refused: %v", err)
		return steps, err
	}
	switch {
	case out == Bool && compute != Bool:
		add("%s compares in %s and returns bool", s.Name, compute)
	case compute != common:
		add("%s computes in %s (promoted %s), result %s", s.Name, compute, common, out)
	default:
		add("%s computes in %s, result %s", s.Name, compute, out)
	}
	for _, op := range []struct {
		name string
		t    *Tensor
	}{{"a", a}, {"b", b}} {
		if op.t.dtype != compute {
			add("cast: %s %s → %s (a new tensor of %s)", op.name, op.t.dtype, compute, plural(op.t.Numel(), "element"))
		} else {
			add("cast: %s is already %s, used as it is", op.name, compute)
		}
	}
	if _, err := s.kernels.Select(s.Name, compute); err != nil {
		add("dispatch refused: %v", err)
		return steps, err
	}
	shape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		add("broadcast refused: %v", err)
		return steps, err
	}
	add("broadcast: %s and %s → %s; broadcast dimensions get stride 0", FormatShape(a.shape), FormatShape(b.shape), FormatShape(shape))
	ac, err := a.To(compute)
	if err != nil {
		return steps, err
	}
	bc, err := b.To(compute)
	if err != nil {
		return steps, err
	}
	it, err := NewIter(IterConfig{OutDType: out, Inputs: []*Tensor{ac, bc}})
	if err != nil {
		return steps, err
	}
	add("iterator: reordered and coalesced to loop shape %s with strides out %v, a %v, b %v (in elements)",
		FormatShape(it.shape), it.strides[0], it.strides[1], it.strides[2])
	add("inner loop: %s", innerPath(it))
	add("dispatch: %s kernel instantiated for %s", s.Name, compute)
	if it.numel > GrainSize {
		add("parallel: %d elements > grain %d → split across goroutines", it.numel, GrainSize)
	} else {
		add("parallel: %d elements ≤ grain %d → one goroutine", it.numel, GrainSize)
	}
	return steps, nil
}

func describeOperand(t *Tensor) string {
	switch {
	case t.wrapped:
		kind := map[DType]string{Float64: "float", Int64: "int", Bool: "bool", Float32: "float"}[t.dtype]
		return "a Python " + kind + " (a weak operand)"
	case t.Dim() == 0:
		return t.dtype.String() + " 0-d tensor"
	}
	return t.dtype.String() + FormatShape(t.shape)
}

func explainPromotion(a, b *Tensor, common DType) string {
	groups := func(t *Tensor) string {
		switch {
		case t.wrapped:
			return "wrapped number"
		case t.Dim() == 0:
			return "0-d tensor"
		}
		return "dimensioned tensor"
	}
	if groups(a) == groups(b) {
		return fmt.Sprintf("both are %ss: PromoteTypes(%s, %s) = %s", groups(a), a.dtype, b.dtype, common)
	}
	return fmt.Sprintf("a %s and a %s: the lower group counts only when its category (bool < integer < floating) is higher → %s",
		groups(a), groups(b), common)
}

func innerPath(it *Iter) string {
	var kinds []string
	for k := range it.ops {
		switch it.strides[k][len(it.shape)-1] {
		case 1:
			kinds = append(kinds, "contiguous")
		case 0:
			kinds = append(kinds, "broadcast")
		default:
			kinds = append(kinds, "strided")
		}
	}
	path := "general strided loop"
	if kinds[0] == "contiguous" {
		switch {
		case kinds[1] == "contiguous" && kinds[2] == "contiguous":
			path = "contiguous fast path"
		case kinds[1] == "contiguous" && kinds[2] == "broadcast", kinds[1] == "broadcast" && kinds[2] == "contiguous":
			path = "scalar-broadcast fast path"
		}
	}
	return path + " (out, a, b: " + strings.Join(kinds, ", ") + ")"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
