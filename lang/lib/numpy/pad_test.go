package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPadModesMatchNumPy pads in every mode kael has, pads wider than the
// array included (NumPy 1.24 fills those round by round, and 'wrap' then
// repeats its own pad).
func TestPadModesMatchNumPy(t *testing.T) {
	var srcs []string
	for _, mode := range []string{"'constant'", "'edge'", "'reflect'", "'symmetric'", "'wrap'"} {
		m := ", mode=" + mode + ")"
		srcs = append(srcs,
			"np.pad(a, 2"+m+", np.pad(a, (0, 9)"+m+", np.pad(a, (7, 1)"+m,
			"np.pad(b, ((1, 2), (3, 1))"+m+", np.pad(np.array([5]), 3"+m+", np.pad(np.array([5, 6]), 5"+m,
			"[np.pad(np.array([1, 2, 3]), w"+m+".tolist() for w in [(10, 11), (3, 0), (0, 7), (5, 5), (8, 2)]]",
			"np.pad(np.zeros((0, 2)), 1"+m,
			"np.pad(np.arange(4.0, dtype=np.float32), 1"+m,
		)
	}
	for _, mode := range []string{"'maximum'", "'minimum'", "'mean'", "'median'"} {
		m := ", mode=" + mode + ")"
		srcs = append(srcs,
			"np.pad(a, 2"+m+", np.pad(a, (0, 3)"+m+", np.pad(b, ((1, 2), (3, 1))"+m+", np.pad(np.array([5]), 3"+m,
			"np.pad(np.array([1, 2, 4, 4]), 1"+m+", np.pad(np.array([1, 2], np.int8), 1"+m+", np.pad(np.array([2.5, np.nan]), 1"+m,
			"np.pad(np.arange(6.0, dtype=np.float32).reshape(2, 3) / 7, 1"+m+", np.pad(np.array([0.1, 0.2], np.float16), 1"+m,
			"np.pad(np.zeros((0, 2)), 1"+m, "np.pad(np.zeros((0, 2)), ((0, 0), (1, 1))"+m,
		)
	}
	srcs = append(srcs,
		"np.pad(np.array([1, 2, 4, 5]), 2, mode='median')", "np.pad(np.array([[1, 8], [2, 6]]), 1, mode='median')",
		"np.pad(a, 2, mode='empty').shape", "np.pad(np.zeros((0, 2)), 1, mode='empty').shape", "np.pad(b, ((1, 0), (0, 2)), mode='empty').dtype",
		"np.pad(a, 3, mode='linear_ramp')", "np.pad(a, (2, 5), mode='linear_ramp', end_values=(10, -7))", "np.pad(b, 2, mode='linear_ramp')",
		"np.pad(b, ((1, 2), (3, 1)), mode='linear_ramp', end_values=((1, 2), (3.5, -4)))", "np.pad(np.array([5]), 4, mode='linear_ramp', end_values=5)",
		"np.pad(np.array([-3, 7], np.int8), 3, mode='linear_ramp', end_values=(2, -9))", "np.pad(np.arange(4.0, dtype=np.float32) / 3, 3, mode='linear_ramp', end_values=0.1)",
		"np.pad(np.array([[0, 3], [1, 1]]), 3, mode='linear_ramp', end_values=1)", "np.pad(np.array([1.0, 2.0]), 7, mode='linear_ramp', end_values=(0.3, 1e-300))",
		"np.pad(np.zeros((0, 2)), 1, mode='linear_ramp')", "np.pad(a, 1, mode='linear_ramp', end_values=(1, 2, 3))", "np.pad(a, 1, mode='foo')",
		"np.pad(a, -1, mode='reflect')", "np.pad(b, (1, 2, 3))", "np.pad(np.array([1, 3, 6]), 1, mode='mean')", "np.pad(np.array([1, 2]), 1, mode='mean')")
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([1, 2, 3, 4])\nb = np.arange(6.0).reshape(2, 3)\n", srcs)
}

// TestPadStatLengthMatchesNumPy pads with the statistics of the first
// and last stat_length elements of each axis (one length, a pair, a pair
// per axis, rounded half to even, longer than the axis), and NumPy's
// errors for lengths of 0 and negative ones.
func TestPadStatLengthMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([1, 5, 2, 8, 3, 9, 4])\nm = np.arange(20).reshape(4, 5) ** 2 % 7\nf = np.array([1.5, -2.0, 3.25, 7.0, 0.5])\n", []string{
		"np.pad(a, 2, 'maximum', stat_length=2), np.pad(a, (3, 2), 'minimum', stat_length=(2, 3)), np.pad(a, 2, 'mean', stat_length=3), np.pad(a, 2, 'median', stat_length=(2, 4))",
		"np.pad(a, 2, 'mean', stat_length=100), np.pad(a, 1, 'mean', stat_length=1.5), np.pad(a, 1, 'mean', stat_length=2.5), np.pad(a, 2, 'maximum', stat_length=None)",
		"np.pad(m, 1, 'maximum', stat_length=((1, 2), (3, 1))), np.pad(m, ((1, 0), (2, 2)), 'mean', stat_length=2), np.pad(m, ((0, 0), (2, 2)), 'median', stat_length=((1, 1), (2, 3)))",
		"np.pad(f, 2, 'mean', stat_length=(1, 2)), np.pad(f, 2, 'median', stat_length=2), np.pad(f, 3, 'minimum', stat_length=(4, 1)), np.pad(a.astype(np.float32), 2, 'mean', stat_length=3)",
		"np.pad(np.array([1, 2, 2]), 1, 'mean', stat_length=2), np.pad(np.zeros((0, 2)), ((0, 0), (1, 1)), 'maximum', stat_length=0)",
		"np.pad(a, 2, 'maximum', stat_length=0)", "np.pad(m, ((0, 0), (1, 1)), 'minimum', stat_length=((0, 1), (1, 1)))",
		"np.pad(a, 2, 'maximum', stat_length=-1)", "np.pad(a, 2, 'maximum', stat_length=(1, 2, 3))",
		"np.pad(a, 1, 'mean', stat_length=np.nan)", "np.pad(a, 1, 'mean', stat_length=np.inf)", "np.pad(a, 1, 'maximum', stat_length=[[1, 2], [3, 4]])",
	})
}

// TestPadWithFunctionMatchesNumPy covers np.pad with a function as the
// mode: NumPy's pad_func(vector, iaxis_pad_width, iaxis, kwargs) called
// on each 1-d view of the zero-padded array along each axis, in NumPy's
// order, writing the pads in place; the widths as NumPy's _as_pairs gives
// them, the other keyword arguments as kwargs.
func TestPadWithFunctionMatchesNumPy(t *testing.T) {
	const funcs = `def pad_with(vector, pad_width, iaxis, kwargs):
    pad_value = kwargs.get('padder', 10)
    vector[:pad_width[0]] = pad_value
    vector[-pad_width[1]:] = pad_value
calls = []
def rec(v, w, ax, kw):
    calls.append((v.tolist(), w, type(w).__name__, type(w[0]).__name__, ax, kw))
def ramp(v, w, ax, kw):
    if w[0] > 0:
        v[:w[0]] = v[w[0]] - np.arange(w[0], 0, -1)
def bad(v, w, ax, kw):
    raise KeyError('x')
a = np.arange(6).reshape((2, 3))
`
	langtest.CheckMatchesCPython(t, prelude+funcs, []string{
		"np.pad(a, 2, pad_with)", "np.pad(a, 2, pad_with, padder=100)", "np.pad(a, (1, 2), mode=pad_with, padder=-1)",
		"calls.clear()\nr = np.pad(np.arange(4.0).reshape(2, 2), ((1, 0), (0, 2)), rec, foo=3)\nr, calls",
		"calls.clear()\nnp.pad(np.zeros((2, 2)), 1, rec), np.pad(np.zeros((2, 2)), (1, 2), rec), calls",
		"calls.clear()\nnp.pad(np.zeros((2, 2)), [[1], [2]], rec), np.pad(np.zeros(2), [[1, 2]], rec), calls",
		"np.pad(np.array([5, 6, 7]), (3, 1), mode=ramp)", "np.pad(np.array([1.5, 2.5], np.float32), 1, lambda v, w, ax, kw: None)",
		"np.pad(np.zeros((0, 2)), 1, pad_with)", "np.pad(np.ones((2, 1, 2)), 1, pad_with)",
		"np.pad(a, 1, bad)", "np.pad(a, 1, mode='edge', foo=1)", "np.pad(a, 1, mode='nope')",
		"np.pad(a, [[1], [2]]), np.pad(a, [[1], [2]], mode='edge')",
	})
}
