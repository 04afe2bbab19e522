package lang

import (
	"testing"
)

func TestBuiltinsListMethods(t *testing.T) {
	runCells(t, []cell{
		{"l = [1]\nl.append(2)\nl.extend((3, 4))\nl.extend(range(5, 6))\nl", "[1, 2, 3, 4, 5]"},
		{"l = [1, 2, 3]\nl.pop(), l.pop(0), l", "(3, 1, [2])"},
		{"[].pop()", "IndexError: pop from empty list"},
		{"[1].pop(5)", "IndexError: pop index out of range"},
		{"l = [1, 3]\nl.insert(1, 2)\nl.insert(-10, 0)\nl.insert(99, 4)\nl", "[0, 1, 2, 3, 4]"},
		{"l = [1, 2, 1]\nl.index(1), l.index(2), l.count(1), l.count(5)", "(0, 1, 2, 0)"},
		{"[1, 2].index(3)", "ValueError: 3 is not in list"},
		{"l = [1, 2, 1]\nl.remove(1)\nl", "[2, 1]"},
		{"[1].remove(2)", "ValueError: list.remove(x): x not in list"},
		{"l = [1, 2]\nc = l.copy()\nc.append(3)\nl.reverse()\nl, c", "([2, 1], [1, 2, 3])"},
		{"l = [1, 2]\nl.clear()\nl", "[]"},
		{"l = [3, 1, 2]\nl.sort()\nm = ['bb', 'a', 'ccc']\nm.sort(key=len, reverse=True)\nl, m", "([1, 2, 3], ['ccc', 'bb', 'a'])"},
		{"l = [(1, 'b'), (0, 'c'), (1, 'a')]\nl.sort(key=lambda p: p[0])\nl", "[(0, 'c'), (1, 'b'), (1, 'a')]"},
		{"l = [1, 'a']\nl.sort()", "TypeError: '<' not supported between instances of 'str' and 'int'"},
		{"[1].sort(key=lambda x: undefined)", "~NameError"},
		{"[1].append()", "TypeError: append() missing required argument 'value'"},
		{"[1].push(2)", "AttributeError: 'list' object has no attribute 'push'"},
		{"(1, 2, 2).count(2), (1, 2).index(2)", "(2, 1)"},
	})
}

func TestBuiltinsDictMethods(t *testing.T) {
	runCells(t, []cell{
		{"d = {'a': 1, 'b': 2}\nd.keys(), d.values(), d.items()", "(dict_keys(['a', 'b']), dict_values([1, 2]), dict_items([('a', 1), ('b', 2)]))"},
		{"d = {'a': 1}\nd.get('a'), d.get('z'), d.get('z', 0)", "(1, None, 0)"},
		{"d = {'a': 1, 'b': 2}\nd.pop('a'), d.pop('z', 9), d", "(1, 9, {'b': 2})"},
		{"{}.pop('z')", "KeyError: 'z'"},
		{"{}.pop('z', 1, 2)", "TypeError: pop expected at most 2 arguments, got 3"},
		{"d = {'a': 1}\nd.update({'b': 2})\nd.update([('c', 3)])\nd", "{'a': 1, 'b': 2, 'c': 3}"},
		{"{}.update([1])", "TypeError: cannot convert dictionary update sequence element #0 to a sequence"},
		{"d = {}\nd.setdefault('a', []).append(1)\nd.setdefault('a', []).append(2)\nd", "{'a': [1, 2]}"},
		{"d = {'a': 1}\nc = d.copy()\nc['b'] = 2\nd.clear()\nd, c", "({}, {'a': 1, 'b': 2})"},
		{"d = {'a': 1}\nfor k, v in d.items():\n    print(k, v)", "a 1\n"},
		{"{}.get([1])", "TypeError: unhashable type: 'list'"},
	})
}

func TestBuiltinsStrMethods(t *testing.T) {
	runCells(t, []cell{
		{"', '.join(['a', 'b']), ''.join('xyz')", "('a, b', 'xyz')"},
		{"'-'.join([1, 2])", "TypeError: sequence item 0: expected str instance, int found"},
		{"' a  b \\n'.split(), 'a,b,,c'.split(','), 'a b c'.split(maxsplit=1), 'a,b,c'.split(',', 1)", "(['a', 'b'], ['a', 'b', '', 'c'], ['a', 'b c'], ['a', 'b,c'])"},
		{"'a'.split('')", "ValueError: empty separator"},
		{"'  x '.strip(), '  x '.lstrip(), '  x '.rstrip(), 'xxaxx'.strip('x')", "('x', 'x ', '  x', 'a')"},
		{"'Ab'.upper(), 'Ab'.lower()", "('AB', 'ab')"},
		{"'aaa'.replace('a', 'b'), 'aaa'.replace('a', 'b', 2)", "('bbb', 'bba')"},
		{"'kael.py'.endswith('.py'), 'kael'.startswith(('x', 'k')), 'kael'.startswith('e')", "(True, True, False)"},
		{"'abc'.startswith(1)", "TypeError: startswith first arg must be str or a tuple of str, not int"},
		{"'héllo'.find('l'), 'abc'.find('z'), 'banana'.count('an')", "(2, -1, 2)"},
		{"'abc'.formatt(1)", "AttributeError: 'str' object has no attribute 'formatt'"},
	})
}
