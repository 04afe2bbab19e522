package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const userPrelude = "from collections import UserDict, UserList, UserString\nimport collections, collections.abc, copy\n"

// userCases are UserDict, UserList and UserString (collections.py), with
// CPython 3.11's outcomes; TestUserAgainstCPython checks them there.
var userCases = []langtest.Case{
	{"d = UserDict({'a': 1}, b=2)\nd, len(d), d['a'], d.get('z', 0), 'a' in d, list(d), d.keys(), d.items(), d.values(), list(d.items()), d.data", "({'a': 1, 'b': 2}, 2, 1, 0, True, ['a', 'b'], KeysView({'a': 1, 'b': 2}), ItemsView({'a': 1, 'b': 2}), ValuesView({'a': 1, 'b': 2}), [('a', 1), ('b', 2)], {'a': 1, 'b': 2})"},
	{"d = UserDict(a=1, b=2)\nr = (d == {'a': 1, 'b': 2}, d != {'a': 1}, d.pop('a'), d.setdefault('c', 3), d.pop('q', None))\nr, d, d.popitem(), d", "((True, True, 1, 3, None), {'c': 3}, ('b', 2), {'c': 3})"},
	{"d = UserDict(c=3)\nd.update([('x', 1)], y=2)\nd, d | {'z': 0}, {'q': 1} | d, d.copy(), UserDict.fromkeys('ab', 0), ('x', 1) in d.items(), 2 in d.values()", "({'c': 3, 'x': 1, 'y': 2}, {'c': 3, 'x': 1, 'y': 2, 'z': 0}, {'q': 1, 'c': 3, 'x': 1, 'y': 2}, {'c': 3, 'x': 1, 'y': 2}, {'a': 0, 'b': 0}, True, True)"},
	{"d = UserDict(a=1)\nd |= {'b': 2}\nd.clear()\nd, UserDict()['k']", "KeyError: 'k'"},
	{"d = UserDict(a=1)\nd.pop('z')", "KeyError: 'z'"},
	{"class M(UserDict):\n    def __missing__(self, k):\n        return k * 2\nm = M(a=1)\nm['ab'], 'ab' in m, type(m.copy()).__name__, m.copy(), type(M(a=1) | {}).__name__", "('abab', False, 'M', {'a': 1}, 'M')"},
	{"class Lower(UserDict):\n    def __setitem__(self, k, v):\n        super().__setitem__(k.lower(), v)\nd = Lower({'A': 1}, B=2)\nd['C'] = 3\nd.update(D=4)\nd, d.setdefault('E', 5), d", "({'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5}, 5, {'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5})"},
	{"l = UserList([3, 1, 2])\nl.append(0)\nl.sort()\nl, l[1:], type(l[1:]).__name__, l + [9], [9] + l, l * 2, 2 in l, list(reversed(l)), l == [0, 1, 2, 3], l < [5], l.index(2), l.pop(), l", "([0, 1, 2], [1, 2, 3], 'UserList', [0, 1, 2, 3, 9], [9, 0, 1, 2, 3], [0, 1, 2, 3, 0, 1, 2, 3], True, [3, 2, 1, 0], True, True, 2, 3, [0, 1, 2])"},
	{"l = UserList('ab')\nl += (7,)\nl *= 2\nl.extend(UserList([1]))\nl.insert(0, 'z')\nl.remove('a')\nl, len(l), l.count(7), l.copy(), l.data[0], UserList(), UserList(l) == l", "(['z', 'b', 7, 'a', 'b', 7, 1], 7, 2, ['z', 'b', 7, 'a', 'b', 7, 1], 'z', [], True)"},
	{"UserList([1]).index(5)", "ValueError: 5 is not in list"},
	{"class Stack(UserList):\n    def push(self, x):\n        self.append(x)\ns = Stack()\ns.push(1)\ns.push(2)\ns, type(s[:1]).__name__, type(s + s).__name__, s.pop(), [x * 10 for x in s]", "([1], 'Stack', 'Stack', 2, [10])"},
	{"s = UserString('Hello')\ns, str(s), s.upper(), s[1:3], s + '!', '>' + s, s * 2, 'ell' in s, s.find('l'), s.split('l'), s == 'Hello', s < 'Z', hash(s) == hash('Hello'), list(s), s.replace('l', 'L'), s.center(9, '*'), s.zfill(8), '%s!' % s, len(s)", "('Hello', 'Hello', 'HELLO', 'el', 'Hello!', '>Hello', 'HelloHello', True, 2, ['He', '', 'o'], True, True, True, ['H', 'e', 'l', 'l', 'o'], 'HeLLo', '**Hello**', '000Hello', 'Hello!', 5)"},
	{"s = UserString(' a-b ')\ns.strip(), s.strip().title(), s.count('-'), s.startswith(' '), s.isspace(), s.encode(), s.partition('-'), UserString(12), UserString(UserString('x')), UserString('%d-%s') % (1, 'a'), ''.join(str(c) for c in reversed(UserString('abc')))", "('a-b', 'A-B', 1, True, False, b' a-b ', (' a', '-', 'b '), '12', 'x', '1-a', 'cba')"},
	{"class Up(UserString):\n    def shout(self):\n        return self.upper() + '!'\nUp('hi').shout(), type(Up('hi').strip()).__name__, type(Up('a') + 'b').__name__", "('HI!', 'Up', 'Up')"},
	{"UserString('abc').index('z')", "ValueError: substring not found"},
	{"isinstance(UserDict(), collections.abc.MutableMapping), isinstance(UserList(), collections.abc.MutableSequence), isinstance(UserString(''), collections.abc.Sequence), isinstance(UserString(''), collections.abc.MutableSequence), isinstance(UserDict(), dict), isinstance(UserList(), list)", "(True, True, True, False, False, False)"},
	{"class D(UserDict):\n    pass\nisinstance(D(), collections.abc.Mapping), isinstance(D(), collections.abc.Sequence), collections.abc.Mapping is collections.abc.Mapping, collections.UserDict.__module__, collections.__all__", "(True, False, True, 'collections', ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList', 'UserString', 'defaultdict', 'deque', 'namedtuple'])"},
	{"d = UserDict(a=[1])\nc, e = copy.copy(d), copy.deepcopy(d)\nd['a'].append(2)\nd['b'] = 0\nc, e, copy.copy(UserList([1])), type(copy.copy(UserString('s'))).__name__", "({'a': [1, 2]}, {'a': [1]}, [1], 'UserString')"},
}

func TestUser(t *testing.T) { langtest.CheckCellCases(t, userPrelude, userCases) }

func TestUserAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, userPrelude, userCases) }
