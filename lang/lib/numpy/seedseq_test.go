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
