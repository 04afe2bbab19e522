package lang

import "testing"

// TestSetOrderMatchesCPython prints sets built every way a program
// builds them (displays, set(), comprehensions, adds after removes,
// growth, pop, the operators and methods) and compares the text with
// CPython 3.11's: kael's sets iterate in the order of CPython's table for
// elements whose hash CPython computes from the value.
func TestSetOrderMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"{3, 1, 2}",
		"{1, 0}",
		"set(range(10, 0, -1))",
		"{-1, 5, 1000, 2**40}",
		"{100, 4, 36, 68, 7, 2, 11}",
		"x = 4\n{100, x, 36, 68, 7, 2, 11}",
		"{-5, -1, -2, 1 << 70, 0.5, 2**64, -2**63}",
		"{1.5, 2.5, 0.1, 3.0, -7.25, 1e10, float('inf'), -0.0}",
		"{(1, 2), (3, 4), (0, 0), (5,), (), ((1, 2), 3.5)}",
		"{True, 0, 2, False, 1.0}",
		"{frozenset({1, 2}), frozenset({3}), frozenset(), 2.5j, 1 + 1j}",
		"s = {3, 1, 2}; s.remove(1); s.add(17); s.add(9); s.add(1); s",
		"s = set()\nfor i in range(5): s.add(i * 8)\ns",
		"set(i * 37 % 101 for i in range(50))",
		"{i * 37 % 1001 for i in range(500)}",
		"s = set((i * 7919) % 100003 for i in range(50000)); l = list(s); (l[:30], l[-30:], l[25000:25030])",
		"s = set(range(60000)); s.add(-1); l = list(s); (l[:5], l[-5:])",
		"s = set(range(20, 0, -3)); ([s.pop() for _ in range(3)], s)",
		"s = {8, 16, 24, 0}; s.pop(); s.add(32); s.pop(); s.add(1); s",
		"frozenset({9, 17, 1, 25}), frozenset(range(30, 0, -4)), frozenset([5, 13, 21, 29, 37])",
		"s = set(range(100))\nfor i in range(0, 100, 3): s.discard(i)\nfor i in range(200, 240): s.add(i)\ns",
		"s = set(range(40))\nfor i in range(40): s.remove(i)\ns.update([64, 128, 0, 8]); s",
		"a = {1, 9, 17, 33, 5}; b = {9, 2, 10, 18, 65, 33}; (a | b, a & b, a - b, a ^ b)",
		"a = {1, 9, 17, 33, 5}; b = {9, 2, 10, 18, 65, 33}; (b | a, b & a, b - a, b ^ a)",
		"a = set(range(0, 64, 4)); b = {8, 72, 136, 3}; (a - b, b - a, a & b, b & a, a ^ b)",
		"a = {1, 9, 17, 33, 5}; (a.union([100, 4, 36]), a.intersection([33, 17, 99]), a.difference([1]), a.symmetric_difference([1, 2, 200]))",
		"a = {1, 9, 17, 33, 5}; (a.union(), a.intersection({9, 1}, [1, 9, 5]), a.difference({1}, [5]), a.difference({8: 0, 1: 0}))",
		"c = {1, 9, 17, 33, 5}; c |= {9, 2, 10, 18, 65}; r = [set(c)]; c &= {33, 9, 2, 77}; r.append(set(c)); c -= {9}; r.append(set(c)); c ^= {1, 33, 64}; r + [c]",
		"c = set(range(16)); c.intersection_update(range(30, 0, -2)); d = set(range(16)); d.symmetric_difference_update([40, 3, 24]); e = set(range(16)); e.difference_update([3], {4}); (c, d, e)",
		"{1, 2} & {2.0, 1.0}, {2.0, 1.0} & {1, 2, 3}, {1.0} | {1}",
		"d = {k: 1 for k in [40, 8, 16, 24, 0, 32]}; (set(d), {x for x in [40, 8, 16, 24]}, set(d.keys()), set(d.items()))",
		"sorted({5, 3, 9}), list({16, 8, 0, 24}), tuple(frozenset([33, 1, 65]))",
		"{*range(20, 0, -4), *[64, 0]}",
		"hash((1, 2)), hash(()), hash((1.5, -1, (2, 3))), hash((True, 2**70))",
		"s = set(range(8)); s2 = s.copy(); s2.add(100); (s, s2, frozenset(s).copy())",
		"s = set(range(64)); s.difference_update(range(0, 64, 3)); s.difference_update(range(1, 64, 3)); (s, set(s))",
		setOrderFuzz,
	})
}

// TestSetIteratorSizeChange checks the RuntimeError of a set changed in
// size while iterated, and that a change undone before the next step
// goes unnoticed, as in CPython.
func TestSetIteratorSizeChange(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"s = {1, 2, 3}\nfor x in s: s.add(x + 10)",
		"s = {1, 2, 3}\nr = []\nfor x in s:\n    s.add(100); s.discard(100); r.append(x)\nr",
		"s = {1, 2, 3}\nfor x in s: s.discard(x)",
	})
}

// setOrderFuzz runs random adds, discards, pops and set operations over
// ints that collide in the table, seeded, and lists the sets' reprs.
const setOrderFuzz = `import random
out = []
for seed in range(150):
    r = random.Random(seed)
    s = set()
    t = set(r.randrange(-50, 200) * r.choice([1, 8, 32, 1024]) for _ in range(r.randrange(0, 30)))
    for _ in range(r.randrange(0, 200)):
        op = r.random()
        k = r.randrange(-20, 300) * r.choice([1, 8, 64, 2**33])
        if op < 0.5: s.add(k)
        elif op < 0.75: s.discard(k)
        elif op < 0.8 and s: s.pop()
        elif op < 0.83: s |= t
        elif op < 0.86: s = s ^ t
        elif op < 0.89: s = s - t if r.random() < .5 else t - s
        elif op < 0.92: s = s & t if r.random() < .5 else t & s
        elif op < 0.94: s.difference_update(list(t)[:5])
        elif op < 0.96: s = set(s)
        elif op < 0.97: s.update(list(t)[:7], (1.5, 2.5))
        elif op < 0.98: s.intersection_update(list(t) + list(s)[::2])
    out.append(repr(s))
out
`

// TestSetWholeWhenEqMutatesIt runs an __eq__ that clears or grows the set
// it is compared for, in add, |=, discard and pop: the set must stay one
// set (as many elements iterated and popped as len says), under kael as
// under CPython, whose element-by-element results differ from kael's
// here. Before the Dict reported its insertions (Dict.insert), add's
// length test put an element in the order table that the Dict did not
// hold, and the set printed one element more than its len.
func TestSetWholeWhenEqMutatesIt(t *testing.T) {
	prelude := `
class B:
    def __init__(self, n, mode): self.n, self.mode = n, mode
    def __hash__(self): return 1000003
    def __eq__(self, o):
        if self.mode == "clear": s.clear()
        if self.mode == "grow" and len(s) < 40:
            for i in range(30): s.add(i)
        if self.mode == "true" and len(s) < 3:
            s.add(len(s) + 100)
        return self.mode == "true"
def whole():
    return len(s) == len(list(s)) == len(set(s))
def run(mode):
    global s
    ok = []
    s = {B(0, mode)}
    s.add(B(1, mode)); ok.append(whole())
    s |= {B(2, mode), B(3, mode)}; ok.append(whole())
    s.discard(B(4, mode)); ok.append(whole())
    n, want = 0, len(s)
    while s:
        s.pop(); n += 1
    ok.append(n >= want and len(s) == 0 and list(s) == [])
    return ok
`
	checkMatchesCPython(t, prelude, []string{
		`run("clear")`,
		`run("grow")`,
		`run("true")`,
	})
}
