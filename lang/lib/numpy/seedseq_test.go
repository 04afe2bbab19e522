package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSeedSequenceMatchesNumPy compares SeedSequence's words, spawned
// children and the streams of the bit generators it seeds with NumPy's.
// generate_state's words are compared as lists: kael gives them as int64
// (it has no uint32 dtype).
func TestSeedSequenceMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "5", "12345", "2**40 + 3", "[1, 2]", "[7] * 9"} {
		ss := "ss = np.random.SeedSequence(" + seed + ")\n"
		srcs = append(srcs,
			ss+"ss, ss.entropy, ss.spawn_key, ss.pool_size, ss.n_children_spawned, ss.pool.tolist(), ss.state",
			ss+"ss.generate_state(5).tolist(), ss.generate_state(1, 'uint32').tolist(), ss.generate_state(0).tolist()",
			ss+"kids = ss.spawn(3)\n(kids[2], kids[2].spawn_key, ss.n_children_spawned, ss.spawn(1)[0].spawn_key, kids[1].spawn(2)[1].spawn_key)",
			ss+"kids = ss.spawn(2)\n[k.generate_state(3).tolist() for k in kids], [k.pool.tolist() for k in kids]",
			ss+"[np.random.default_rng(k).random(3) for k in ss.spawn(2)], np.random.default_rng(ss).integers(100, size=4)",
			ss+"np.random.Generator(np.random.PCG64(ss.spawn(1)[0])).normal(size=3)",
			ss+"np.random.RandomState(np.random.MT19937(ss)).random_sample(3)",
			"rs = np.random.RandomState(np.random.MT19937("+seed+"))\nrs.random_sample(700)[::97], rs.randint(0, 1000, 5), rs.normal(size=3)",
		)
	}
	srcs = append(srcs,
		"np.random.SeedSequence(5, spawn_key=(1, 2)).generate_state(3).tolist()", "np.random.SeedSequence(5, spawn_key=(1, 2))", "s = np.random.SeedSequence([3, 4], spawn_key=(2,))\ns.spawn(2)\ns",
		"np.random.SeedSequence(2**33, spawn_key=(0,)).pool.tolist()", "np.random.SeedSequence([1, 2, 3, 4, 5], spawn_key=(9,)).pool.tolist()",
		"np.random.SeedSequence(-1)", "np.random.SeedSequence(1.5)", "np.random.SeedSequence(1).generate_state(2, 'int64')",
		"s = np.random.SeedSequence()\n(type(s.entropy), s.entropy < 2**128, len(s.generate_state(4)))",
		"type(np.random.SeedSequence(1)).__name__, type(np.random.MT19937(1)).__name__",
		"bg = np.random.MT19937(3)\na = np.random.RandomState(bg)\nb = np.random.RandomState(bg)\n(a.random_sample(), b.random_sample(), np.random.RandomState(np.random.MT19937(3)).random_sample(2))",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestIntegersArrayBoundsMatchNumPy draws Generator.integers with array
// bounds for several seeds: broadcasting, size, each dtype's width and
// buffer, and NumPy's checks in NumPy's order.
func TestIntegersArrayBoundsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7", "12345"} {
		r := "rng = np.random.default_rng(" + seed + ")\n"
		for _, call := range []string{
			"rng.integers([1, 5, 10], 20)", "rng.integers([3, 10, 100])", "rng.integers(0, [3, 10, 100])", "rng.integers([0, 1], 5, size=(3, 2))",
			"rng.integers([0, 0], [1, 0], endpoint=True)", "rng.integers([0, 1], [10, 300], dtype=np.int16)", "rng.integers([0, 1], [2, 2], dtype=bool)",
			"rng.integers([0.5, 1.7], [10.9, 20.2])", "rng.integers(np.array([1, 2]), 2**40)", "rng.integers([0, 2**40], [2**32, 2**41], size=(2, 2))",
			"rng.integers(np.array(3), np.array(9), size=2)", "rng.integers([5], 10)", "rng.integers([], 3)", "rng.integers([0, 1], [3, 4], endpoint=True, size=(2, 2))",
			"rng.integers(np.arange(6).reshape(2, 3), 100, dtype=np.int32)", "rng.integers(0, [2**31, 5], dtype=np.int32)", "rng.integers([0, 3], [2**63 - 1, 10])",
			"rng.integers([0, 3], [1, 10], size=0)", "rng.integers([[0], [10]], [50, 20, 30], dtype=np.int8)", "rng.integers(0, [255, 3, 256], dtype=np.uint8, size=(4, 3))",
			"rng.integers([-5, 0], [[1], [6], [2**15 - 1]], dtype=np.int16), rng.random()", "rng.integers([0, 1], [1, 2], dtype=bool, size=(3, 2)), rng.integers(5)",
			"rng.integers(np.arange(5)[::-1], 10), rng.integers((1, 2), (3, 4))",
		} {
			srcs = append(srcs, r+call)
		}
	}
	srcs = append(srcs, "rng = np.random.default_rng(0)\n",
		"rng = np.random.default_rng(0)\nrng.integers([[0], [10]], [5, 20, 30])", "rng = np.random.default_rng(0)\nrng.integers([0, 1], 5, size=3)",
		"rng = np.random.default_rng(0)\nrng.integers([0, 1], 5, size=(2, 3))", "rng = np.random.default_rng(0)\nrng.integers([0, 1], [5, 2, 3])",
		"rng = np.random.default_rng(0)\nrng.integers([0, 5], 5)", "rng = np.random.default_rng(0)\nrng.integers([0, 0], [1, 0])",
		"rng = np.random.default_rng(0)\nrng.integers([0, 0], [1, -1], endpoint=True)", "rng = np.random.default_rng(0)\nrng.integers([1, 6], [5, 5], endpoint=True)",
		"rng = np.random.default_rng(0)\nrng.integers([0, 1], [100, 200], dtype=np.int8)", "rng = np.random.default_rng(0)\nrng.integers([-1, 1], [10, 30], dtype=np.uint8)",
		"rng = np.random.default_rng(0)\nrng.integers([0, 1], [10, 300], dtype=np.int8)", "rng = np.random.default_rng(0)\nrng.integers([0, 1], [5, 6], size=(3, 1))", "rng = np.random.default_rng(0)\nrng.integers([0, 1], [5, 6], size=(1, 3))",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
