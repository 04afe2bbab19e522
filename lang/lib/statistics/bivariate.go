package statistics

import (
	"math"
	"math/big"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	pymath "github.com/kael-dev/kael/lang/lib/math"
	"github.com/kael-dev/kael/lang/syntax"
)

// CPython 3.11's float-based functions: covariance, correlation,
// linear_regression (over math.fsum, the correctly rounded sum of floats),
// geometric_mean, and quantiles (whose interpolation is the language's
// own arithmetic on the data, as CPython's).

// floatData reads a sample of ints, floats and bools as Python converts
// them to float (an int too large is CPython's OverflowError).
func floatData(v lang.Value) ([]lang.Value, []float64, error) {
	vals, err := lang.Collect(v)
	if err != nil {
		return nil, nil, err
	}
	out := make([]float64, len(vals))
	for i, x := range vals {
		f, ok := lang.AsFloat(x)
		if !ok {
			return nil, nil, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(x))
		}
		if math.IsInf(f, 0) {
			if _, isFloat := x.(float64); !isFloat {
				return nil, nil, lang.Errorf(lang.OverflowError, "int too large to convert to float")
			}
		}
		out[i] = f
	}
	return vals, out, nil
}

// pair reads x and y, which must have the same number of points, two at
// least; what names the function in CPython's messages.
func pair(a *lang.Args, what string) (xv, yv []lang.Value, x, y []float64, err error) {
	if xv, x, err = floatData(a.Value("x")); err != nil {
		return
	}
	if yv, y, err = floatData(a.Value("y")); err != nil {
		return
	}
	if len(x) != len(y) {
		err = lang.Errorf(StatisticsError, "%s requires that both inputs have same number of data points", what)
	} else if len(x) < 2 {
		err = lang.Errorf(StatisticsError, "%s requires at least two data points", what)
	}
	return
}

// deviations are xi - mean(x) for each xi, and the mean.
func deviations(x []float64) ([]float64, float64, error) {
	total, err := pymath.Fsum(x)
	if err != nil {
		return nil, 0, err
	}
	bar := total / float64(len(x))
	d := make([]float64, len(x))
	for i, xi := range x {
		d[i] = xi - bar
	}
	return d, bar, nil
}

// sums are the fsums of the products a[i]*b[i] of each pair (a, b).
func sums(pairs ...[2][]float64) ([]float64, error) {
	out := make([]float64, len(pairs))
	for k, p := range pairs {
		prod := make([]float64, len(p[0]))
		for i := range prod {
			prod[i] = p[0][i] * p[1][i]
		}
		var err error
		if out[k], err = pymath.Fsum(prod); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// centered are the deviations of x and of y from their means, and the
// means.
func centered(x, y []float64) (dx, dy []float64, xbar, ybar float64, err error) {
	if dx, xbar, err = deviations(x); err != nil {
		return
	}
	dy, ybar, err = deviations(y)
	return
}

var linearRegressionType = &lang.ReturnType{Name: "LinearRegression", Qualified: "LinearRegression", Fields: []string{"slope", "intercept"}}

var bivariate = map[string]*lang.Builtin{
	"covariance": lang.NewBuiltin(lang.AsValue, "covariance(x, y)", "The sample covariance of x and y (as floats, over correctly rounded sums).", func(a *lang.Args) (lang.Value, error) {
		_, _, x, y, err := pair(a, "covariance")
		if err != nil {
			return nil, err
		}
		dx, dy, _, _, err := centered(x, y)
		if err != nil {
			return nil, err
		}
		sxy, err := sums([2][]float64{dx, dy})
		if err != nil {
			return nil, err
		}
		return sxy[0] / float64(len(x)-1), nil
	}),
	"correlation": lang.NewBuiltin(lang.AsValue, "correlation(x, y)", "Pearson's correlation coefficient of x and y, in [-1, 1].", func(a *lang.Args) (lang.Value, error) {
		_, _, x, y, err := pair(a, "correlation")
		if err != nil {
			return nil, err
		}
		dx, dy, _, _, err := centered(x, y)
		if err != nil {
			return nil, err
		}
		s, err := sums([2][]float64{dx, dy}, [2][]float64{dx, dx}, [2][]float64{dy, dy})
		if err != nil {
			return nil, err
		}
		sxy, sxx, syy := s[0], s[1], s[2]
		den := math.Sqrt(sxx * syy)
		if den == 0 {
			return nil, lang.Errorf(StatisticsError, "at least one of the inputs is constant")
		}
		return sxy / den, nil
	}),
	"linear_regression": lang.NewBuiltin(lang.AsValue, "linear_regression(x, y, *, proportional=False)", "The least-squares line y = slope * x + intercept, as LinearRegression(slope, intercept); with proportional, the line through the origin.", func(a *lang.Args) (lang.Value, error) {
		xv, yv, x, y, err := pair(a, "linear regression")
		if err != nil {
			return nil, err
		}
		prop, err := lang.Truth(a.Value("proportional"))
		if err != nil {
			return nil, err
		}
		var sxy, sxx, xbar, ybar float64
		if prop {
			// xi * yi as Python computes it: exact for two ints, then
			// rounded by fsum
			xy, xx := make([]float64, len(x)), make([]float64, len(x))
			for i := range x {
				xy[i] = product(xv[i], yv[i], x[i], y[i])
				xx[i] = product(xv[i], xv[i], x[i], x[i])
			}
			if sxy, err = pymath.Fsum(xy); err != nil {
				return nil, err
			}
			if sxx, err = pymath.Fsum(xx); err != nil {
				return nil, err
			}
		} else {
			var dx, dy []float64
			if dx, dy, xbar, ybar, err = centered(x, y); err != nil {
				return nil, err
			}
			s, err := sums([2][]float64{dx, dy}, [2][]float64{dx, dx})
			if err != nil {
				return nil, err
			}
			sxy, sxx = s[0], s[1]
		}
		if sxx == 0 {
			return nil, lang.Errorf(StatisticsError, "x is constant")
		}
		slope := sxy / sxx
		intercept := 0.0
		if !prop {
			intercept = ybar - float64(slope*xbar) // rounded product, no FMA: CPython's
		}
		return lang.NewNamedTuple(linearRegressionType, slope, intercept), nil
	}),
	"geometric_mean": lang.NewBuiltin(lang.AsValue, "geometric_mean(data)", "The geometric mean of positive numbers, as a float: exp(fmean(log(x) for x in data)).", func(a *lang.Args) (lang.Value, error) {
		_, x, err := floatData(a.Value("data"))
		if err != nil {
			return nil, err
		}
		logs := make([]float64, len(x))
		for i, xi := range x {
			if xi <= 0 {
				x = nil
				break
			}
			logs[i] = libm.Log(xi) // glibc's log, as CPython's math.log
		}
		if len(x) == 0 {
			return nil, lang.Errorf(StatisticsError, "geometric mean requires a non-empty dataset containing positive numbers")
		}
		total, err := pymath.Fsum(logs)
		if err != nil {
			return nil, err
		}
		return math.Exp(total / float64(len(logs))), nil
	}),
	"quantiles": lang.NewBuiltin(lang.AsValue, "quantiles(data, *, n=4, method='exclusive')", "The n-1 cut points dividing data into n intervals of equal probability, interpolated as CPython ('exclusive', or 'inclusive' for data that are the whole population).", func(a *lang.Args) (lang.Value, error) {
		n := a.Int("n")
		method := a.Str("method")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n < 1 {
			return nil, lang.Errorf(StatisticsError, "n must be at least 1")
		}
		data, err := sorted(a, a.Value("data"))
		if err != nil {
			return nil, err
		}
		ld := len(data)
		if ld < 2 {
			return nil, lang.Errorf(StatisticsError, "must have at least two data points")
		}
		// (lo * (n - delta) + hi * delta) / n, in the language's arithmetic
		interpolate := func(lo, hi lang.Value, delta int) (lang.Value, error) {
			p, err := a.Binary(syntax.STAR, lo, int64(n-delta))
			if err != nil {
				return nil, err
			}
			q, err := a.Binary(syntax.STAR, hi, int64(delta))
			if err != nil {
				return nil, err
			}
			s, err := a.Binary(syntax.PLUS, p, q)
			if err != nil {
				return nil, err
			}
			return a.Binary(syntax.SLASH, s, int64(n))
		}
		var out []lang.Value
		switch method {
		case "inclusive":
			m := ld - 1
			for i := 1; i < n; i++ {
				j, delta := i*m/n, i*m%n
				hi := data[min(j+1, ld-1)]
				v, err := interpolate(data[j], hi, delta)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
		case "exclusive":
			m := ld + 1
			for i := 1; i < n; i++ {
				j := min(max(i*m/n, 1), ld-1)
				delta := i*m - j*n
				v, err := interpolate(data[j-1], data[j], delta)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
		default:
			return nil, lang.Errorf(lang.ValueError, "Unknown method: %s", lang.Repr(method))
		}
		return &lang.List{Elems: out}, nil
	}),
}

// product is xi * yi as Python computes it, as a float: the exact
// product of two ints rounded once, else the float product.
func product(xv, yv lang.Value, x, y float64) float64 {
	xi, xInt := lang.AsInt(xv)
	yi, yInt := lang.AsInt(yv)
	_, xf := xv.(float64)
	_, yf := yv.(float64)
	if xInt && yInt && !xf && !yf {
		p := new(big.Int).Mul(big.NewInt(xi), big.NewInt(yi))
		f, _ := new(big.Float).SetInt(p).Float64()
		return f
	}
	return x * y
}

func init() {
	for name, b := range bivariate {
		statisticsModule.Attrs[name] = b
	}
	statisticsModule.Attrs["LinearRegression"] = lang.NewBuiltin(lang.AsValue, "LinearRegression(slope, intercept)", "The named tuple linear_regression returns.", func(a *lang.Args) (lang.Value, error) {
		return lang.NewNamedTuple(linearRegressionType, a.Value("slope"), a.Value("intercept")), nil
	})
}
