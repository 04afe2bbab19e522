"""Python's keyword module: the reserved words of the language and its soft keywords."""

__all__ = ["iskeyword", "issoftkeyword", "kwlist", "softkwlist"]

kwlist = [
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
    'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
    'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
    'while', 'with', 'yield',
]

softkwlist = ['_', 'case', 'match']

_kw = frozenset(kwlist)
_soft = frozenset(softkwlist)


def iskeyword(s):
    """Whether s is one of Python's keywords."""
    return s in _kw


def issoftkeyword(s):
    """Whether s is one of Python's soft keywords."""
    return s in _soft
