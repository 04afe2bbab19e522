package lang

import "testing"

// storeCases are x[k] = v statements, which read x and k inline
// (assignTo): the value first, then the object, then the key, as
// CPython evaluates them; a dict, a list, a class's __setitem__ and the
// errors of each.
var storeCases = []struct{ src, want string }{
	{"log = []\ndef f(t):\n    log.append(repr(t))\n    return t\nd = {}\nf(d)[f('k')] = f('v')\nl = [0, 1]\nl[f(-1)] = f(5)\nlog, d, l", "([\"'v'\", '{}', \"'k'\", '5', '-1'], {'k': 'v'}, [0, 5])"},
	{"class M:\n    def __setitem__(self, k, v):\n        self.got = (k, v)\nm = M()\nk = 3\nm[k] = 'x'\nm.got", "(3, 'x')"},
	{"l = [1]\nk = 4\nl[k] = 2", "IndexError: list assignment index out of range"},
	{"d = {}\nd[[1]] = 2", "TypeError: unhashable type: 'list'"},
	{"d = {}\ndef g():\n    d[k] = 1\n    k = 2\ng()", "UnboundLocalError: cannot access local variable 'k' where it is not associated with a value"},
}

func TestSubscriptStores(t *testing.T) {
	checkCellCases(t, "", storeCases)
}

func TestSubscriptStoresAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", storeCases)
}
