package lang

import "testing"

// mroEntriesCases are class statements whose bases have __mro_entries__
// and classes with __class_getitem__, as PEP 560 makes them.
var mroEntriesCases = []string{
	"class Base:\n    pass\nclass Stand:\n    def __mro_entries__(self, bases):\n        return (Base,)\ns = Stand()\nclass C(s):\n    pass\nC.__bases__ == (Base,), C.__orig_bases__ == (s,), issubclass(C, Base)",
	"class A:\n    pass\nclass B:\n    pass\nclass Two:\n    def __mro_entries__(self, bases):\n        return (A, B)\nclass C(Two(), A if False else object):\n    pass\n[k.__name__ for k in C.__mro__]",
	"class A:\n    pass\nclass Gone:\n    def __mro_entries__(self, bases):\n        return ()\nclass C(A, Gone()):\n    pass\nC.__bases__ == (A,), len(C.__orig_bases__)",
	"got = []\nclass Seen:\n    def __mro_entries__(self, bases):\n        got.append((len(bases), bases[1] is object))\n        return (object,)\nclass C(Seen(), object):\n    pass\nC.__bases__, got",
	"class Bad:\n    def __mro_entries__(self, bases):\n        return [object]\nclass C(Bad()):\n    pass",
	"class Raises:\n    def __mro_entries__(self, bases):\n        raise ValueError('no base')\nclass C(Raises()):\n    pass",
	"class A:\n    pass\nclass C(A):\n    pass\n'__orig_bases__' in C.__dict__",
	"class G:\n    def __class_getitem__(cls, item):\n        return (cls.__name__, item)\nclass H(G):\n    pass\nG[int], G[int, str], H['x'], G[1:2]",
	"class M(type):\n    pass\nclass Stand:\n    def __mro_entries__(self, bases):\n        return (K,)\nclass K(metaclass=M):\n    pass\nclass C(Stand()):\n    pass\ntype(C).__name__, C.__orig_bases__[0].__class__.__name__",
}

func TestMroEntriesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", mroEntriesCases)
}
