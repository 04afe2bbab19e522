// Package statistics is Python's statistics module for ints, floats and
// bools: mean, fmean, median (and median_low, median_high, median_grouped),
// mode, multimode, variance, pvariance, stdev and pstdev, harmonic_mean
// (grouped.go), the bivariate functions (bivariate.go), all Go, the module
// _statistics; statistics itself is Python (module.py), those names
// and CPython's NormalDist. As CPython's, sums are
// exact (rationals), so the results are the correctly rounded floats, and
// an int result stays an int where CPython's does.
package statistics

import (
	_ "embed"
	"math"
	"math/big"
	"slices"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/random" // module.py imports random, as CPython's does
	"github.com/kael-dev/kael/lang/syntax"
)

// StatisticsError is statistics.StatisticsError, a ValueError.
const StatisticsError lang.ErrorKind = "statistics.StatisticsError"

var errorClass = lang.RegisterExceptionClass(StatisticsError, "statistics", "StatisticsError", "ValueError")

// numbers reads data: each an int, a float or a bool, as an exact
// rational; allInts reports whether there was no float.
func numbers(v lang.Value) (vals []lang.Value, rats []*big.Rat, allInts bool, err error) {
	if vals, err = lang.Collect(v); err != nil {
		return nil, nil, false, err
	}
	allInts = true
	for _, x := range vals {
		r := new(big.Rat)
		switch n := x.(type) {
		case int64:
			r.SetInt64(n)
		case bool:
			if n {
				r.SetInt64(1)
			}
		case float64:
			allInts = false
			if math.IsInf(n, 0) || math.IsNaN(n) {
				return vals, nil, false, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's statistics takes finite numbers, not %s", lang.Repr(n))
			}
			r.SetFloat64(n)
		default:
			return nil, nil, false, lang.Errorf(lang.TypeError, "can't convert type '%s' to numerator/denominator", lang.TypeName(x))
		}
		rats = append(rats, r)
	}
	return vals, rats, allInts, nil
}

// convert is CPython's _convert: an int when the data were ints and the
// value is one, else the nearest float.
func convert(r *big.Rat, allInts bool) lang.Value {
	if allInts && r.IsInt() && r.Num().IsInt64() {
		return r.Num().Int64()
	}
	f, _ := r.Float64()
	return f
}

func sum(rats []*big.Rat) *big.Rat {
	t := new(big.Rat)
	for _, r := range rats {
		t.Add(t, r)
	}
	return t
}

func meanOf(rats []*big.Rat) *big.Rat {
	return new(big.Rat).Quo(sum(rats), new(big.Rat).SetInt64(int64(len(rats))))
}

// ss is the exact sum of squared deviations from c, the mean when nil.
func ss(rats []*big.Rat, c *big.Rat) *big.Rat {
	m := c
	if m == nil {
		m = meanOf(rats)
	}
	t := new(big.Rat)
	for _, r := range rats {
		d := new(big.Rat).Sub(r, m)
		t.Add(t, d.Mul(d, d))
	}
	return t
}

// sqrtRat is the correctly rounded float square root of r, as CPython
// 3.11's _float_sqrt_of_frac.
func sqrtRat(r *big.Rat) float64 {
	const prec = 256
	x := new(big.Float).SetPrec(prec).SetRat(r)
	x.Sqrt(x)
	f, _ := x.Float64()
	return f
}

// spread is variance, pvariance, stdev or pstdev.
func spread(a *lang.Args, name, center string, sample, root bool) (lang.Value, error) {
	_, rats, allInts, err := numbers(a.Value("data"))
	if err != nil {
		return nil, err
	}
	var c *big.Rat
	if !a.IsNone(center) {
		_, cs, cInt, err := numbers(lang.Tuple{a.Value(center)})
		if err != nil {
			return nil, err
		}
		c, allInts = cs[0], allInts && cInt
	}
	n := len(rats)
	if sample && n < 2 {
		return nil, lang.Errorf(StatisticsError, "%s requires at least two data points", name)
	}
	if !sample && n < 1 {
		return nil, lang.Errorf(StatisticsError, "%s requires at least one data point", name)
	}
	div := int64(n)
	if sample {
		div--
	}
	v := new(big.Rat).Quo(ss(rats, c), new(big.Rat).SetInt64(div))
	if root {
		return sqrtRat(v), nil
	}
	return convert(v, allInts), nil
}

// sorted is data sorted with the language's <.
func sorted(a *lang.Args, v lang.Value) ([]lang.Value, error) {
	b, _ := lang.LookupBuiltin("sorted")
	r, err := a.Call(b, v)
	if err != nil {
		return nil, err
	}
	return r.(*lang.List).Elems, nil
}

// counts are the elements of data with how often each appears, in order
// of first appearance.
func counts(v lang.Value) ([]lang.Value, []int, error) {
	vals, err := lang.Collect(v)
	if err != nil {
		return nil, nil, err
	}
	index := lang.NewDict()
	var keys []lang.Value
	var ns []int
	for _, x := range vals {
		i, found, err := index.Get(x)
		if err != nil {
			return nil, nil, err
		}
		if found {
			ns[i.(int64)]++
			continue
		}
		_ = index.Set(x, int64(len(keys)))
		keys, ns = append(keys, x), append(ns, 1)
	}
	return keys, ns, nil
}

var statisticsModule = &lang.Module{Name: "statistics", Attrs: map[string]lang.Value{
	"StatisticsError": errorClass,
	"mean": lang.NewBuiltin(lang.AsValue, "mean(data)", "The arithmetic mean, exact: an int for ints whose mean is one, else the correctly rounded float.",
		func(a *lang.Args) (lang.Value, error) {
			_, rats, allInts, err := numbers(a.Value("data"))
			if err != nil {
				return nil, err
			}
			if len(rats) == 0 {
				return nil, lang.Errorf(StatisticsError, "mean requires at least one data point")
			}
			return convert(meanOf(rats), allInts), nil
		}),
	"fmean": lang.NewBuiltin(lang.AsValue, "fmean(data, weights=None)", "The arithmetic mean as a float.",
		func(a *lang.Args) (lang.Value, error) {
			_, rats, _, err := numbers(a.Value("data"))
			if err != nil {
				return nil, err
			}
			if !a.IsNone("weights") {
				_, ws, _, err := numbers(a.Value("weights"))
				if err != nil {
					return nil, err
				}
				if len(ws) != len(rats) {
					return nil, lang.Errorf(StatisticsError, "data and weights must be the same length")
				}
				num, den := new(big.Rat), sum(ws)
				for i, r := range rats {
					num.Add(num, new(big.Rat).Mul(r, ws[i]))
				}
				if den.Sign() == 0 {
					return nil, lang.Errorf(StatisticsError, "sum of weights must be non-zero")
				}
				f, _ := new(big.Rat).Quo(num, den).Float64()
				return f, nil
			}
			if len(rats) == 0 {
				return nil, lang.Errorf(StatisticsError, "fmean requires at least one data point")
			}
			f, _ := meanOf(rats).Float64()
			return f, nil
		}),
	"median": lang.NewBuiltin(lang.AsValue, "median(data)", "The middle value of the sorted data, or the mean of the two middle ones.",
		func(a *lang.Args) (lang.Value, error) {
			s, err := sorted(a, a.Value("data"))
			if err != nil {
				return nil, err
			}
			n := len(s)
			if n == 0 {
				return nil, lang.Errorf(StatisticsError, "no median for empty data")
			}
			if n%2 == 1 {
				return s[n/2], nil
			}
			b, err := a.Binary(syntax.PLUS, s[n/2-1], s[n/2])
			if err != nil {
				return nil, err
			}
			return a.Binary(syntax.SLASH, b, int64(2))
		}),
	"median_low": lang.NewBuiltin(lang.AsValue, "median_low(data)", "The low middle value of the sorted data.",
		func(a *lang.Args) (lang.Value, error) {
			s, err := sorted(a, a.Value("data"))
			if err != nil {
				return nil, err
			}
			if len(s) == 0 {
				return nil, lang.Errorf(StatisticsError, "no median for empty data")
			}
			return s[(len(s)-1)/2], nil
		}),
	"median_high": lang.NewBuiltin(lang.AsValue, "median_high(data)", "The high middle value of the sorted data.",
		func(a *lang.Args) (lang.Value, error) {
			s, err := sorted(a, a.Value("data"))
			if err != nil {
				return nil, err
			}
			if len(s) == 0 {
				return nil, lang.Errorf(StatisticsError, "no median for empty data")
			}
			return s[len(s)/2], nil
		}),
	"mode": lang.NewBuiltin(lang.AsValue, "mode(data)", "The most common value (the first of those equally common).",
		func(a *lang.Args) (lang.Value, error) {
			keys, ns, err := counts(a.Value("data"))
			if err != nil {
				return nil, err
			}
			if len(keys) == 0 {
				return nil, lang.Errorf(StatisticsError, "no mode for empty data")
			}
			return keys[slices.Index(ns, slices.Max(ns))], nil
		}),
	"multimode": lang.NewBuiltin(lang.AsValue, "multimode(data)", "The most common values, in order of first appearance.",
		func(a *lang.Args) (lang.Value, error) {
			keys, ns, err := counts(a.Value("data"))
			if err != nil || len(keys) == 0 {
				return &lang.List{}, err
			}
			top := slices.Max(ns)
			var out []lang.Value
			for i, k := range keys {
				if ns[i] == top {
					out = append(out, k)
				}
			}
			return &lang.List{Elems: out}, nil
		}),
	"variance": lang.NewBuiltin(lang.AsValue, "variance(data, xbar=None)", "The sample variance (n - 1 in the denominator), exact.",
		func(a *lang.Args) (lang.Value, error) { return spread(a, "variance", "xbar", true, false) }),
	"pvariance": lang.NewBuiltin(lang.AsValue, "pvariance(data, mu=None)", "The population variance (n in the denominator), exact.",
		func(a *lang.Args) (lang.Value, error) { return spread(a, "pvariance", "mu", false, false) }),
	"stdev": lang.NewBuiltin(lang.AsValue, "stdev(data, xbar=None)", "The sample standard deviation, the correctly rounded square root of variance.",
		func(a *lang.Args) (lang.Value, error) { return spread(a, "stdev", "xbar", true, true) }),
	"pstdev": lang.NewBuiltin(lang.AsValue, "pstdev(data, mu=None)", "The population standard deviation.",
		func(a *lang.Args) (lang.Value, error) { return spread(a, "pstdev", "mu", false, true) }),
}}

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("statistics", "Python's statistics: mean, fmean, median, mode, multimode, variance, stdev and their population forms, exact as CPython's, quantiles, the bivariate functions and NormalDist.", source)
	lang.RegisterModule("_statistics", "The part of statistics written in Go: its functions and StatisticsError.",
		func() *lang.Module { return statisticsModule })
}
