package lang

import "testing"

// numberProtocolCases: int(), float(), complex() and operator.index call
// the number protocols of a class (__int__, __index__, __float__,
// __complex__, __trunc__), abs() __abs__, divmod() __divmod__ and
// __rdivmod__, with CPython's errors.
var numberProtocolCases = []string{
	"class I:\n    def __int__(self):\n        return 7\nclass X:\n    def __index__(self):\n        return 5\nclass F:\n    def __float__(self):\n        return 2.5\nclass C:\n    def __complex__(self):\n        return 1+2j\nint(I()), int(X()), float(F()), float(X()), complex(C()), complex(F()), complex(X()), complex(X(), 1)",
	"import operator\nclass X:\n    def __index__(self):\n        return 5\noperator.index(X()), range(X()), [1, 2, 3, 4, 5, 6][X()], hex(X()), int('10', X())",
	"class T:\n    def __trunc__(self):\n        return 3\nint(T())",
	"class F:\n    def __float__(self):\n        return 2.5\nint(F())",
	"class N:\n    pass\nint(N())",
	"class N:\n    pass\nfloat(N())",
	"class N:\n    pass\ncomplex(N())",
	"class I:\n    def __int__(self):\n        return 7\nfloat(I())",
	"class Bad:\n    def __int__(self):\n        return 'x'\nint(Bad())",
	"class BadF:\n    def __float__(self):\n        return 1\nfloat(BadF())",
	"class BadC:\n    def __complex__(self):\n        return 1\ncomplex(BadC())",
	"import operator\nclass I:\n    def __int__(self):\n        return 7\noperator.index(I())",
	"import operator\nclass BadI:\n    def __index__(self):\n        return 1.5\noperator.index(BadI())",
	"import operator\noperator.index(2 ** 70), operator.index(True)",
	"int([])",
	"float([])",
	"int(None)",
	"class A:\n    def __abs__(self):\n        return 'abs'\n    def __divmod__(self, o):\n        return ('dm', o)\n    def __rdivmod__(self, o):\n        return ('rdm', o)\nabs(A()), divmod(A(), 3), divmod(3, A())",
	"class N:\n    def __divmod__(self, o):\n        return NotImplemented\nclass R:\n    def __rdivmod__(self, o):\n        return 'r'\ndivmod(N(), R())",
	"class N:\n    pass\nabs(N())",
	"class B:\n    def __bytes__(self):\n        return b'xy'\n    def __iter__(self):\n        return iter([1])\nclass Bad:\n    def __bytes__(self):\n        return 'no'\nr = bytes(B()), bytearray(B())\ntry:\n    bytes(Bad())\nexcept TypeError as e:\n    r += (str(e),)\nr",
	"class N:\n    def __divmod__(self, o):\n        return NotImplemented\ndivmod(N(), 1)",
}

func TestNumberProtocolsAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", numberProtocolCases)
}
