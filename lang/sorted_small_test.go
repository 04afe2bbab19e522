package lang

import "testing"

// sortedSmallCases: sorted and list.sort of ints, floats and strs sort
// short lists (up to insertionSortMax) by insertion and longer ones by
// Go's stable sort; both must give CPython's order, equal elements in
// their order (0.0 and -0.0 compare equal and print apart), at the
// lengths around the switch.
var sortedSmallCases = []string{
	"sorted([]), sorted([1]), sorted([2, 1]), sorted([3, 1, 2, 5, 4]), sorted((5, 4, 3, 2, 1)), sorted([1, 1, 0, 1])",
	"sorted([0.0, -0.0, 1.5, -0.0, 0.0, -1.5]), sorted([2.5, float('inf'), -float('inf'), 0.1])",
	"sorted(['b', 'a', 'ab', '', 'B', 'é', 'z']), sorted(['x'] * 3)",
	"[sorted([(i * 7919) % 13 * 0.0 * (-1) ** i + (i * 31) % 5 for i in range(n)]) for n in (19, 20, 21, 22, 40)]",
	"[sorted([(-0.0 if i % 3 else 0.0) + (i * 37) % 4 for i in range(n)]) for n in (19, 20, 21, 33)]",
	"[sorted([str((i * 7) % 11) for i in range(n)]) for n in (20, 21)]",
	"xs = [0.0, -0.0, 3.0, -0.0, 1.0, 0.0]\nxs.sort()\nys = [5, 3, 9, 1]\nys.sort()\nxs, ys",
	"sorted([1, 2.5, 0, -0.0, 0.0, True, False])",
	"sorted([3, float('nan'), 1.0])",
}

func TestSortedSmallAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", sortedSmallCases)
}
