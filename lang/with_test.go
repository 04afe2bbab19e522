package lang

import "testing"

// withPrelude is a context manager class that logs what happens to it.
const withPrelude = `log = []
class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        log.append('enter ' + self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            log.append('exit ' + self.name)
        else:
            log.append('exit ' + self.name + ' ' + exc_type.__name__ + ': ' + str(exc))
        return self.suppress
`

// TestWithUserClasses checks with statements over user classes against
// CPython.
func TestWithUserClasses(t *testing.T) {
	checkMatchesCPython(t, withPrelude, []string{
		"with CM('a') as x:\n    log.append('body ' + x)\nlog",
		"with CM('a') as x, CM('b') as y:\n    log.append(x + y)\nlog",
		"with CM('a'), CM('b'):\n    pass\nlog",
		"with CM('a', suppress=True):\n    1 / 0\n    log.append('not reached')\nlog",
		"with CM('a'):\n    1 / 0",
		"with CM('a', suppress=True), CM('b'):\n    [][1]\nlog",
		"with CM('a'), CM('b', suppress=True):\n    {}['k']\nlog",
		"def f():\n    with CM('a'):\n        return 'ret'\nf(), log",
		"for i in range(3):\n    with CM(str(i)):\n        if i == 1:\n            break\nlog",
		"for i in range(2):\n    with CM(str(i)):\n        continue\nlog",
		"with CM('a') as (p, q):\n    pass\nlog, p, q",
		"with CM('a') as t:\n    pass\nt",
		"class E:\n    def __enter__(self):\n        return self\n    def __exit__(self, *a):\n        return 1\nwith E() as e:\n    x = undefined_name\ntype(e).__name__",
		"class E:\n    def __enter__(self):\n        return 7\n    def __exit__(self, t, v, tb):\n        raise_it = 1 / 0\nwith E():\n    pass",
		"class N:\n    def __exit__(self, *a):\n        pass\nwith N():\n    pass",
		"class N:\n    def __enter__(self):\n        pass\nwith N():\n    pass",
		"with 1:\n    pass",
		"class B:\n    def __enter__(self):\n        log.append('enter')\n        return 1 / 0\n    def __exit__(self, *a):\n        log.append('exit')\nwith B():\n    pass",
		"class S:\n    def __enter__(self):\n        return self\n    def __exit__(self, t, v, tb):\n        self.args = (t.__name__, v.args)\n        return True\nwith S() as s:\n    int('x')\ns.args",
		"class L:\n    def __init__(self):\n        self.items = []\n    def __enter__(self):\n        return self.items\n    def __exit__(self, *exc):\n        self.items.append(exc == (None, None, None))\nwith L() as l:\n    l.append(1)\nl",
		"def g():\n    with CM('a', True):\n        return 1 / 0\n    return 'after'\ng(), log",
	})
	// kael's own context managers nest with user classes.
	checkCellCases(t, withPrelude, []struct{ src, want string }{
		{"with CM('a'), torch.no_grad():\n    y = torch.ones(2, requires_grad=True) * 2\ny.requires_grad, torch.is_grad_enabled(), log", "(False, True, ['enter a', 'exit a'])"},
		{"with torch.no_grad(), CM('a', True):\n    1 / 0\ntorch.is_grad_enabled(), log", "(True, ['enter a', 'exit a ZeroDivisionError: division by zero'])"},
	})
}
