package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// evalFString evaluates an f-string in the tree-walking evaluator: each
// field's expression, then its format spec (which may hold fields of its
// own), then formatField.
func (in *interp) evalFString(x *syntax.FStringExpr) (Value, error) {
	var b strings.Builder
	if err := in.fstringParts(&b, x.Parts); err != nil {
		return nil, err
	}
	return b.String(), nil
}

func (in *interp) fstringParts(b *strings.Builder, parts []syntax.Expr) error {
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.StringLit:
			b.WriteString(p.Value)
		case *syntax.FStringField:
			v, err := in.eval(p.X)
			if err != nil {
				return err
			}
			var spec strings.Builder
			if err := in.fstringParts(&spec, p.Spec); err != nil {
				return err
			}
			s, err := formatField(v, p, spec.String())
			if err != nil {
				return in.errorAt(err, p.Span())
			}
			b.WriteString(s)
		}
	}
	return nil
}

// formatField formats the value v of an f-string field, given the field's
// evaluated format spec: the self-documenting text, then v converted (!r,
// !s, !a) and formatted. A self-documenting field without a conversion or
// spec shows the repr, as in Python.
func formatField(v Value, f *syntax.FStringField, spec string) (string, error) {
	conv := f.Conv
	if f.Debug != "" && conv == "" && f.Spec == nil {
		conv = "r"
	}
	v, err := convert(v, conv)
	if err != nil {
		return "", err
	}
	s, err := formatValue(v, spec)
	return f.Debug + s, err
}
