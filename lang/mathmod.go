package lang

import "math"

// mathModule is Python's math module in small: constants and scalar
// functions of one float.
func mathModule() *Module {
	m := &Module{Name: "math", Attrs: map[string]Value{
		"pi": math.Pi, "e": math.E, "tau": 2 * math.Pi, "inf": math.Inf(1), "nan": math.NaN(),
	}}
	fn := func(name, doc string, f func(x float64) (Value, error)) {
		m.Attrs[name] = &Builtin{Name: name, Sig: name + "(x)", Doc: doc,
			params: []param{{name: "x"}}, fn: func(a *Args) (Value, error) {
				x := a.Float("x")
				if err := a.Err(); err != nil {
					return nil, err
				}
				return f(x)
			}}
	}
	for name, f := range map[string]func(float64) float64{
		"sqrt": math.Sqrt, "exp": math.Exp, "log": math.Log, "log2": math.Log2, "log10": math.Log10,
		"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "tanh": math.Tanh, "fabs": math.Abs,
	} {
		fn(name, "math."+name+" of a number.", func(x float64) (Value, error) { return f(x), nil })
	}
	for name, f := range map[string]func(float64) float64{"floor": math.Floor, "ceil": math.Ceil} {
		fn(name, "math."+name+" of a number, as an int; NaN, the infinities and floats beyond the 64-bit integers are an error.",
			func(x float64) (Value, error) { return floatToInt(f(x)) })
	}
	for name, f := range map[string]func(float64) bool{"isnan": math.IsNaN, "isinf": func(x float64) bool { return math.IsInf(x, 0) }} {
		fn(name, "math."+name+" of a number.", func(x float64) (Value, error) { return f(x), nil })
	}
	return m
}
