package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
)

// formatField formats the value v of an f-string field, given the field's
// evaluated format spec: the self-documenting text, then v converted (!r,
// !s, !a) and formatted. A self-documenting field without a conversion or
// spec shows the repr, as in Python.
func formatField(v Value, f *syntax.FStringField, spec string) (string, error) {
	conv := f.Conv
	if f.Debug != "" && conv == "" && f.Spec == nil {
		conv = "r"
	}
	v, err := Convert(v, conv)
	if err != nil {
		return "", err
	}
	s, err := formatValue(v, spec)
	return f.Debug + s, err
}
