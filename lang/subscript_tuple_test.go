package lang

import "testing"

// subscriptKeyPrelude's K shows the key each subscript passes to its
// class's __getitem__, and logs those __setitem__ and __delitem__ get.
const subscriptKeyPrelude = `log = []
class K:
    __getitem__ = lambda s, k: k
    def __setitem__(s, k, v): log.append(('set', k, v))
    def __delitem__(s, k): log.append(('del', k))
k = K()
`

// TestSubscriptTrailingCommaMatchesCPython checks that a lone subscript
// with a trailing comma is a tuple of one, a slice's too (x[1:2,] is
// x[(slice(1, 2, None),)]), in reads, stores and deletions, and what the
// built-in sequences and mappings make of such a key.
func TestSubscriptTrailingCommaMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, subscriptKeyPrelude, []string{
		"k[1:2,], k[:,], k[::2,], k[1::-1,], k[1,], k[1:2], k[1:2, 3], k[1:2, :], k[1:2, 3,]",
		"a, b = 1, 4\nk[a:b,], k[a:b:a,], k[:b,]",
		"k[1:2,] = 5\nk[:,] = 6\ndel k[1:2,]\ndel k[:,]\nlog",
		"[1, 2, 3][1:2,]", "{}[1:2,]", "(1, 2)[:,]", "'ab'[:,]", "range(3)[1:2,]",
		"{(slice(1, 2),): 0}[1:2,]", "d = {}\nd[1:2,] = 0", "l = [1, 2]\ndel l[:,]",
		"l = [1, 2]\nl[1:2,] = [3]", "l = [1, 2]\nl['a'] = 3", "'ab'[1, 2]", "'ab'[1.5]",
	})
}

// TestAugmentedContainerStoreMatchesCPython checks that x[i] op= v and
// o.a op= v store the result back even when a list, set or dict was
// updated in place: __setitem__ runs with the subscript's key, a tuple's
// item raises after its list grew, a property without a setter raises.
func TestAugmentedContainerStoreMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "log = []\nclass G:\n    def __getitem__(s, k): return [10]\n    def __setitem__(s, k, v): log.append((k, v))\ng = G()\n", []string{
		"g[1:2,] += [1]\ng[1,] += [2]\ng[1:2] *= 2\ng[0] += (3,)\nlog",
		"t = ([1],)\ntry:\n    t[0] += [2]\nexcept TypeError as e:\n    err = str(e)\nerr, t",
		"class A:\n    @property\n    def x(self): return self._x\na = A()\na._x = [1]\na.x += [2]",
		"d = {'a': [1], 's': {1}, 'd': {}}\nd['a'] += [2]\nd['a'] *= 2\nd['s'] |= {2}\nd['d'] |= {'k': 1}\nd",
	})
}

// TestTensorSubscriptTrailingCommaMatchesTorch checks that a tensor reads
// the tuple of one slice as it reads the slice: t[1:3,] is t[1:3].
func TestTensorSubscriptTrailingCommaMatchesTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\nt = torch.arange(6)\n", []string{
		"t[1:3,].tolist(), t[:,].tolist(), t[::2,].tolist(), t.reshape(2, 3)[1:,].tolist()",
		"t[1:3,] = 0\nt.tolist()",
	})
}
