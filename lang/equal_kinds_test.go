package lang

import "testing"

// TestListTupleEquality: a list never equals a tuple, at any depth, as in
// CPython (issue 32: (2, 3) == [2, 3] was True, so a check accepted a
// tuple where the exercise asked for a list).
func TestListTupleEquality(t *testing.T) {
	checkMatchesCPython(t, "from collections import namedtuple\nP = namedtuple('P', 'x y')\n", []string{
		"(2, 3) == [2, 3], [2, 3] == (2, 3), (2, 3) != [2, 3], [2, 3] != (2, 3)",
		"[(1, 2)] == [[1, 2]], [[1, 2]] == [[1, 2]], ((1,),) == ((1,),), {'a': (1,)} == {'a': [1]}",
		"P(1, 2) == (1, 2), P(1, 2) == [1, 2], [] == (), () == ()",
		"[2, 3] in [(2, 3)], (2, 3) in [(2, 3)], [(2, 3)].count([2, 3]), [[2, 3]].index([2, 3])",
	})
}

// TestTypeIdentity: type() gives one class object per type, so that
// type(a) is type(b) holds for values of the same type, as in CPython (the
// book's checks compare types).
func TestTypeIdentity(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"type(None) is type(None), type(...) is type(...), type(len) is type(print)",
		"type(None) is type(1), type(1) is type(2), type([]) is type(())",
	})
}
