package lang

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// describe is the text of an inspection of v, named chain. Detail 0 gives
// a builtin's signature and doc, a function's signature, or a variable's
// type and, for a tensor, its dtype, shape, size, device and autograd
// state; detail 1 adds a tensor's values and gradient, a callable's type
// and the other way to call a builtin, and a value's full repr.
func describe(chain string, v Value, detail int) string {
	if t, isTensor := v.(*tensor.Tensor); isTensor {
		return describeTensor(chain, t, detail)
	}
	text, ok := helpText(v)
	if !ok {
		text = chain + ": " + TypeName(v) + " = " + Repr(v)
		if detail == 0 {
			if r := []rune(text); len(r) > 200 {
				text = string(r[:197]) + "..."
			}
		}
		return text
	}
	if detail > 0 {
		text += "\nType: " + TypeName(v)
		if b, ok := v.(*Builtin); ok && b.Method && b.Func {
			text += "\nAlso a tensor method: x." + b.Name + "(...)"
		}
		if m, ok := v.(*BoundMethod); ok && m.Method.Func {
			text += "\nAlso a function: " + m.Method.Sig
		}
	}
	return text
}

// describeTensor is the inspection of a tensor.
func describeTensor(chain string, t *tensor.Tensor, detail int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", chain, Summary(t))
	row := func(k, v string) { fmt.Fprintf(&b, "%-14s %s\n", k+":", v) }
	row("Type", "Tensor")
	row("dtype", t.DType().String())
	row("shape", tensor.FormatShape(t.Shape()))
	row("size", tensor.HumanBytes(float64(t.Nbytes())))
	row("device", string(t.Device()))
	row("requires_grad", pyBool(t.RequiresGrad()))
	m := t.Autograd()
	if m != nil && m.GradFn != nil {
		row("grad_fn", "<"+m.GradFn.Name()+">")
	}
	grad := "None"
	if m != nil && m.Grad != nil {
		grad = Summary(m.Grad)
	}
	row("grad", grad)
	if detail > 0 {
		b.WriteString("Value:\n" + t.String() + "\n")
		if m != nil && m.Grad != nil {
			b.WriteString("Gradient:\n" + m.Grad.String() + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// CompletionKind says what a completion match names, for front ends that
// show it beside the match (Jupyter's _jupyter_types_experimental): its
// type ("function", "keyword", "param", "Tensor", "module", ...) and, for
// a callable, its signature.
func (s *Session) CompletionKind(code string, match Completion, i int) (kind, signature string) {
	name := match.Matches[i]
	if strings.HasSuffix(name, "=") {
		return "param", ""
	}
	for _, k := range keywords {
		if k == name {
			return "keyword", ""
		}
	}
	runes := []rune(code)
	start := min(max(match.Start, 0), len(runes))
	chain := name
	if start > 0 && runes[start-1] == '.' {
		chain = string(runes[chainStart(runes, start-1):start-1]) + "." + name
	}
	v, ok := s.resolveChain(chain)
	if !ok {
		return "", ""
	}
	switch f := v.(type) {
	case *Builtin:
		return "function", f.Sig
	case *BoundMethod:
		return "method", f.Method.Sig
	case *Function:
		return "function", f.signatureText()
	case *Module:
		return "module", ""
	case *tensor.Tensor:
		return "Tensor", Badge(f)
	}
	return TypeName(v), ""
}
