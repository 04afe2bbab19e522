package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Several groups of np functions are Python (npshape.py, npfunc.py,
// npmath.py, npsets.py), as NumPy writes them over its primitives: each
// file is a private source module, run once per session the first time
// one of its functions is called. Each np name is a builtin with NumPy's
// signature, whose call defSourceFuncs forwards to the module's function
// of the same name.

// sourceFunc is one np function of a source module: its NumPy signature
// and doc.
type sourceFunc struct{ sig, doc string }

// defSourceFuncs adds funcs to m, each calling the function of its name in
// the source module: the parameters before a bare * or a *args go
// positionally, *args spread, the later ones by keyword, and a **kwargs
// parameter's keywords as they came.
func defSourceFuncs(m map[string]lang.Value, module string, funcs []sourceFunc) {
	defSourceFuncsAs(m, module, "", funcs)
}

// defSourceFuncsAs is defSourceFuncs calling the module's function named
// prefix and the name (np.emath.sqrt is npnames.py's emath_sqrt).
func defSourceFuncsAs(m map[string]lang.Value, module, prefix string, funcs []sourceFunc) {
	for _, f := range funcs {
		name := f.sig[:strings.IndexByte(f.sig, '(')]
		params := sourceParams(f.sig)
		b := lang.NewBuiltin(lang.AsValue, f.sig, f.doc, func(a *lang.Args) (lang.Value, error) {
			mod, err := a.Import(module)
			if err != nil {
				return nil, err
			}
			fn, err := lang.GetAttr(mod, prefix+name)
			if err != nil {
				return nil, err
			}
			var pos []lang.Value
			var kwNames []string
			var kwVals []lang.Value
			keyword := false
			for _, p := range params {
				switch {
				case p == "*":
					keyword = true
				case strings.HasPrefix(p, "**"):
					names, vals := a.Keywords()
					kwNames = append(kwNames, names...)
					kwVals = append(kwVals, vals...)
				case strings.HasPrefix(p, "*"):
					pos = append(pos, a.Value(p[1:]).(lang.Tuple)...)
					keyword = true
				case keyword:
					kwNames = append(kwNames, p)
					kwVals = append(kwVals, a.Value(p))
				default:
					pos = append(pos, a.Value(p))
				}
			}
			return a.CallKw(fn, pos, kwNames, kwVals)
		})
		if strings.Contains(f.sig, "**") {
			b = b.CollectKeywords()
		}
		m[name] = b
	}
}

// sourceParams returns the parameter names of sig, with their stars (and
// "*" for a bare one), splitting at the commas outside brackets.
func sourceParams(sig string) []string {
	var names []string
	depth, start := 0, strings.IndexByte(sig, '(')+1
	for i := start; i < len(sig); i++ {
		switch c := sig[i]; {
		case c == '(' || c == '[':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case c == ',' && depth == 0 || i == len(sig)-1:
			name, _, _ := strings.Cut(strings.TrimSpace(sig[start:i]), "=")
			if name != "" {
				names = append(names, name)
			}
			start = i + 1
		}
	}
	return names
}
