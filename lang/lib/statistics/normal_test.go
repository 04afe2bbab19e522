package statistics_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const normalPrelude = "import statistics as st\nfrom statistics import NormalDist\nn = NormalDist(100, 15)\n"

// normalCases are NormalDist (module.py), harmonic_mean and
// median_grouped (grouped.go), with CPython 3.11's outcomes;
// TestNormalAgainstCPython checks them there.
var normalCases = []langtest.Case{
	{"n, n.mean, n.stdev, n.variance, n.median, n.mode, n.pdf(110), n.cdf(130), n.inv_cdf(0.975), n.zscore(130)", "(NormalDist(mu=100.0, sigma=15.0), 100.0, 15.0, 225.0, 100.0, 100.0, 0.02129653370149015, 0.9772498680518208, 129.3994597681008, 2.0)"},
	{"n.quantiles(), n.quantiles(10)[:3], NormalDist().inv_cdf(1e-10), NormalDist().inv_cdf(0.3), NormalDist(0, 1).cdf(-40)", "([89.88265374705878, 100.0, 110.11734625294122], [80.77672651683099, 87.37568149640629, 92.1339923093794], -6.361340902404056, -0.5244005127080407, 0.0)"},
	{"NormalDist(2.4, 1.6).overlap(NormalDist(3.2, 2.0)), NormalDist(1, 2).overlap(NormalDist(1, 2)), NormalDist(0, 1).overlap(NormalDist(5, 1)), NormalDist.from_samples([2.5, 3.1, 2.1, 2.4, 2.7, 3.5]), NormalDist.from_samples(iter([1, 2, 3, 4]))", "(0.8035050657330205, 1.0, 0.012419330651552318, NormalDist(mu=2.716666666666667, sigma=0.5076087732365021), NormalDist(mu=2.5, sigma=1.2909944487358056))"},
	{"n + 5, n * 2, n / 2, -n, +n, 5 - n, 2 * n, n - NormalDist(1, 1), n + NormalDist(3, 4)", "(NormalDist(mu=105.0, sigma=15.0), NormalDist(mu=200.0, sigma=30.0), NormalDist(mu=50.0, sigma=7.5), NormalDist(mu=-100.0, sigma=15.0), NormalDist(mu=100.0, sigma=15.0), NormalDist(mu=-95.0, sigma=15.0), NormalDist(mu=200.0, sigma=30.0), NormalDist(mu=99.0, sigma=15.033296378372908), NormalDist(mu=103.0, sigma=15.524174696260024))"},
	{"n == NormalDist(100, 15), n == NormalDist(100, 16), n == 5, hash(n) == hash(NormalDist(100, 15)), NormalDist(), NormalDist(mu=1, sigma=0).mean", "(True, False, False, True, NormalDist(mu=0.0, sigma=1.0), 1.0)"},
	{"class N(NormalDist):\n    pass\nN(1, 2) + 1, type(N(1, 2) + 1).__name__, N.from_samples([1, 3])", "(NormalDist(mu=2.0, sigma=2.0), 'NormalDist', N(mu=2.0, sigma=1.4142135623730951))"},
	{raises("NormalDist(0, -1)"), "('StatisticsError', 'sigma must be non-negative')"},
	{raises("NormalDist().inv_cdf(1.5)"), "('StatisticsError', 'p must be in the range 0.0 < p < 1.0')"},
	{raises("NormalDist(1, 0).pdf(1)"), "('StatisticsError', 'pdf() not defined when sigma is zero')"},
	{raises("NormalDist(1, 0).overlap(NormalDist())"), "('StatisticsError', 'overlap() not defined when sigma is zero')"},
	{raises("NormalDist.from_samples([1])"), "('StatisticsError', 'stdev requires at least two data points')"},
	{"n.overlap(3)", "TypeError: Expected another NormalDist instance"},
	{"len(NormalDist().samples(5)), NormalDist(3, 0).samples(2), NormalDist(0, 1).samples(3, seed=42), n.samples(2, seed='s') == n.samples(2, seed='s')", "(5, [3.0, 3.0], [-0.14409032957792836, -0.1729036003315193, -0.11131586156766246], True)"},
	{"st.harmonic_mean([40, 60]), st.harmonic_mean([40, 60], weights=[5, 30]), st.harmonic_mean([2]), st.harmonic_mean([1, 0, 3]), st.harmonic_mean([2.5, 3, 10]), st.harmonic_mean([1, 2, 4]), st.harmonic_mean(iter([3, 3])), st.harmonic_mean([0, 5], weights=[0, 1])", "(48.0, 56.0, 2, 0, 3.6, 1.7142857142857142, 3.0, 5.0)"},
	{raises("st.harmonic_mean([])"), "('StatisticsError', 'harmonic_mean requires at least one data point')"},
	{raises("st.harmonic_mean([1, -1])"), "('StatisticsError', 'harmonic mean does not support negative values')"},
	{raises("st.harmonic_mean([-2])"), "('StatisticsError', 'harmonic mean does not support negative values')"},
	{raises("st.harmonic_mean([1, 2], weights=[1])"), "('StatisticsError', 'Number of weights does not match data size')"},
	{raises("st.harmonic_mean([1, 2], weights=[0, 0])"), "('StatisticsError', 'Weighted sum must be positive')"},
	{"st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7]), st.median_grouped([1, 3, 3, 5, 7], interval=2), st.median_grouped([25] * 172 + [35] * 484 + [45] * 387, interval=10), st.median_grouped([2.5]), st.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5])", "(52.5, 3.25, 3.5, 37.22107438016529, 2.5, 3.7)"},
	{raises("st.median_grouped([])"), "('StatisticsError', 'no median for empty data')"},
	{"st.__all__ == sorted(st.__all__), len(st.__all__), st.StatisticsError.__module__, issubclass(st.StatisticsError, ValueError)", "(True, 20, 'statistics', True)"},
}

// raises is a cell that catches what src raises, to show its class's
// name and message (a traceback names the class statistics.StatisticsError
// where the engine raises it and StatisticsError where Python code does).
func raises(src string) string {
	return "try:\n    " + src + "\nexcept Exception as e:\n    r = (type(e).__name__, str(e))\nr"
}

func TestNormal(t *testing.T) { langtest.CheckCellCases(t, normalPrelude, normalCases) }

func TestNormalAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, normalPrelude, normalCases)
}
