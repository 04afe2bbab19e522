package statistics

import (
	"math/big"

	"github.com/kael-dev/kael/lang"
)

// harmonic_mean and median_grouped, as CPython 3.11's.

// harmonicMean is harmonic_mean: the weights' sum over the exact sum of
// the (correctly rounded) float quotients w / x, as CPython's _sum of
// them; a zero data point (of non-zero weight) makes it 0.
func harmonicMean(a *lang.Args) (lang.Value, error) {
	const negative = "harmonic mean does not support negative values"
	vals, rats, _, err := numbers(a.Value("data"))
	if err != nil {
		return nil, err
	}
	n := len(rats)
	if n < 1 {
		return nil, lang.Errorf(StatisticsError, "harmonic_mean requires at least one data point")
	}
	if n == 1 && a.IsNone("weights") {
		if rats[0].Sign() < 0 {
			return nil, lang.Errorf(StatisticsError, negative)
		}
		return vals[0], nil
	}
	ws := make([]*big.Rat, n)
	sumW := new(big.Rat).SetInt64(int64(n))
	if a.IsNone("weights") {
		for i := range ws {
			ws[i] = big.NewRat(1, 1)
		}
	} else {
		if _, ws, _, err = numbers(a.Value("weights")); err != nil {
			return nil, err
		}
		if len(ws) != n {
			return nil, lang.Errorf(StatisticsError, "Number of weights does not match data size")
		}
		for _, w := range ws {
			if w.Sign() < 0 {
				return nil, lang.Errorf(StatisticsError, negative)
			}
		}
		sumW = sum(ws)
	}
	total := new(big.Rat)
	for i, x := range rats {
		if x.Sign() < 0 {
			return nil, lang.Errorf(StatisticsError, negative)
		}
		if ws[i].Sign() == 0 {
			continue
		}
		if x.Sign() == 0 {
			return int64(0), nil
		}
		q, _ := new(big.Rat).Quo(ws[i], x).Float64()
		total.Add(total, new(big.Rat).SetFloat64(q))
	}
	if total.Sign() <= 0 {
		return nil, lang.Errorf(StatisticsError, "Weighted sum must be positive")
	}
	f, _ := new(big.Rat).Quo(sumW, total).Float64()
	return f, nil
}

// medianGrouped is median_grouped: the median of data binned around
// midpoints interval apart, interpolated within the median's bin.
func medianGrouped(a *lang.Args) (lang.Value, error) {
	s, err := sorted(a, a.Value("data"))
	if err != nil {
		return nil, err
	}
	n := len(s)
	if n == 0 {
		return nil, lang.Errorf(StatisticsError, "no median for empty data")
	}
	x := s[n/2]
	i, j := n/2, n/2+1 // data[i:j] are the values equal to x
	for i > 0 {
		if c, err := lang.Compare(s[i-1], x); err != nil || c != 0 {
			break
		}
		i--
	}
	for j < n {
		if c, err := lang.Compare(s[j], x); err != nil || c != 0 {
			break
		}
		j++
	}
	interval, ok := lang.AsFloat(a.Value("interval"))
	xf, okX := lang.AsFloat(x)
	if !ok || !okX {
		return nil, lang.Errorf(lang.TypeError, "Value cannot be converted to a float")
	}
	l := xf - interval/2.0
	return l + interval*(float64(n)/2-float64(i))/float64(j-i), nil
}

func init() {
	statisticsModule.Attrs["harmonic_mean"] = lang.NewBuiltin(lang.AsValue, "harmonic_mean(data, weights=None)",
		"The harmonic mean of data (the reciprocal of the mean of the reciprocals), weighted by weights when given; 0 when a data point is 0.", harmonicMean)
	statisticsModule.Attrs["median_grouped"] = lang.NewBuiltin(lang.AsValue, "median_grouped(data, interval=1.0)",
		"The median of data whose values are the midpoints of bins interval wide, interpolated within the median's bin.", medianGrouped)
}
