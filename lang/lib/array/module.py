"""Python's array: array.array, a list of numbers (or characters) of one
C type, given by a typecode, with CPython's range checks, tobytes and
frombytes in the machine's layout (little-endian, 8-byte longs)."""

import struct as _struct
from operator import index as _index

__all__ = ['ArrayType', 'array', 'typecodes']

typecodes = 'bBuhHiIlLqQfd'

_SIZES = {'b': 1, 'B': 1, 'u': 4, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 8, 'L': 8,
          'q': 8, 'Q': 8, 'f': 4, 'd': 8}
# The struct format of one item (the layout of Linux on x86-64 and arm64).
_FORMATS = {'b': 'b', 'B': 'B', 'u': 'I', 'h': 'h', 'H': 'H', 'i': 'i', 'I': 'I',
            'l': 'q', 'L': 'Q', 'q': 'q', 'Q': 'Q', 'f': 'f', 'd': 'd'}
# The range of the small ints, and the name CPython's messages give it.
_RANGES = {'b': (-128, 127, 'signed char'), 'B': (0, 255, 'unsigned byte integer'),
           'h': (-2**15, 2**15 - 1, 'signed short integer'), 'H': (0, 2**16 - 1, 'unsigned short'),
           'i': (-2**31, 2**31 - 1, 'signed integer'), 'I': (0, 2**32 - 1, 'unsigned int')}


def _int_item(tc, v):
    if isinstance(v, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    v = _index(v)
    if tc in 'bBhHil':
        if not -2**63 <= v < 2**63:
            raise OverflowError('Python int too large to convert to C long')
    elif tc in 'IL':
        if v < 0:
            raise OverflowError("can't convert negative value to unsigned int")
        if v >= 2**64:
            raise OverflowError('Python int too large to convert to C unsigned long')
    elif tc == 'q':
        if not -2**63 <= v < 2**63:
            raise OverflowError('int too big to convert')
    elif tc == 'Q':
        if v < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if v >= 2**64:
            raise OverflowError('int too big to convert')
    r = _RANGES.get(tc)
    if r is not None:
        if v < r[0]:
            raise OverflowError(r[2] + ' is less than minimum')
        if v > r[1]:
            raise OverflowError(r[2] + ' is greater than maximum')
    return int(v)


def _item(tc, v):
    """v checked and converted to what an array of typecode tc holds."""
    if tc == 'u':
        if not isinstance(v, str) or len(v) != 1:
            raise TypeError('array item must be unicode character')
        return v
    if tc in 'fd':
        if isinstance(v, (int, float)) or hasattr(type(v), '__float__'):
            x = float(v)
        else:
            raise TypeError(f'must be real number, not {type(v).__name__}')
        if tc == 'f':
            try:
                x = _struct.unpack('<f', _struct.pack('<f', x))[0]
            except OverflowError:
                x = float('inf') if x > 0 else float('-inf')
        return x
    return _int_item(tc, v)


class array:
    """array(typecode[, initializer]): a sequence of items of one type,
    typecode one of 'bBuhHiIlLqQfd'; initializer a list, an iterable,
    bytes, or a str for typecode 'u'."""

    __hash__ = None

    def __init__(self, typecode, initializer=None, /):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError(f"array() argument 1 must be a unicode character, not {type(typecode).__name__}")
        if typecode not in typecodes:
            raise ValueError('bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)')
        self._tc = typecode
        self._items = []
        if initializer is None:
            return
        if isinstance(initializer, str):
            if typecode != 'u':
                raise TypeError(f"cannot use a str to initialize an array with typecode '{typecode}'")
            self.fromunicode(initializer)
        elif isinstance(initializer, (bytes, bytearray)):
            self.frombytes(initializer)
        elif isinstance(initializer, array) and (initializer._tc == 'u') != (typecode == 'u'):
            raise TypeError(f"cannot use a unicode array to initialize an array with typecode '{typecode}'")
        else:
            self.extend(iter(initializer))

    @property
    def typecode(self):
        return self._tc

    @property
    def itemsize(self):
        return _SIZES[self._tc]

    def _new(self, items):
        a = array(self._tc)
        a._items = items
        return a

    def append(self, v, /):
        """Adds v at the end."""
        self._items.append(_item(self._tc, v))

    def extend(self, iterable, /):
        """Adds the items of iterable (an array of the same typecode, or
        any iterable) at the end."""
        if isinstance(iterable, array):
            if iterable._tc != self._tc:
                raise TypeError('can only extend with array of same kind')
            self._items.extend(iterable._items)
            return
        new = [_item(self._tc, v) for v in iterable]
        self._items.extend(new)

    def insert(self, i, v, /):
        """Inserts v before position i."""
        self._items.insert(_index(i), _item(self._tc, v))

    def pop(self, i=-1, /):
        """Removes and returns the item at i (the last by default)."""
        if not self._items:
            raise IndexError('pop from empty array')
        i = _index(i)
        if not -len(self._items) <= i < len(self._items):
            raise IndexError('pop index out of range')
        return self._items.pop(i)

    def remove(self, v, /):
        """Removes the first item equal to v."""
        for i, x in enumerate(self._items):
            if x == v:
                del self._items[i]
                return
        raise ValueError('array.remove(x): x not in array')

    def index(self, v, start=0, stop=None, /):
        """The position of the first item equal to v in [start:stop]."""
        n = len(self._items)
        stop = n if stop is None else stop
        for i in range(*slice(start, stop).indices(n)):
            if self._items[i] == v:
                return i
        raise ValueError('array.index(x): x not in array')

    def count(self, v, /):
        """How many items equal v."""
        return sum(1 for x in self._items if x == v)

    def reverse(self):
        """Reverses the items in place."""
        self._items.reverse()

    def tolist(self):
        """The items as a list."""
        return list(self._items)

    def fromlist(self, items, /):
        """Adds the items of the list items at the end (none when one is
        wrong)."""
        if not isinstance(items, list):
            raise TypeError('arg must be list')
        self.extend(items)

    def tobytes(self):
        """The items' bytes in the machine's layout."""
        fmt = '<%d%s' % (len(self._items), _FORMATS[self._tc])
        items = [ord(c) for c in self._items] if self._tc == 'u' else self._items
        return _struct.pack(fmt, *items)

    def frombytes(self, buffer, /):
        """Adds the items whose bytes are buffer, in the machine's layout."""
        data = bytes(buffer)
        size = self.itemsize
        if len(data) % size:
            raise ValueError('bytes length not a multiple of item size')
        items = list(_struct.unpack('<%d%s' % (len(data) // size, _FORMATS[self._tc]), data))
        if self._tc == 'u':
            items = [chr(c) for c in items]
        self._items.extend(items)

    def tounicode(self):
        """The characters of a 'u' array as a str."""
        if self._tc != 'u':
            raise ValueError('tounicode() may only be called on unicode type arrays')
        return ''.join(self._items)

    def fromunicode(self, s, /):
        """Adds the characters of s to a 'u' array."""
        if not isinstance(s, str):
            raise TypeError(f"fromunicode() argument must be str, not {type(s).__name__}")
        if self._tc != 'u':
            raise ValueError('fromunicode() may only be called on unicode type arrays')
        self._items.extend(s)

    def byteswap(self):
        """Swaps the bytes of each item (for data of the other byte order)."""
        size = self.itemsize
        if size == 1:
            return
        data = self.tobytes()
        swapped = b''.join(data[i:i + size][::-1] for i in range(0, len(data), size))
        self._items = []
        self.frombytes(swapped)

    def buffer_info(self):
        """(address, length): kael gives the array's id() as its address."""
        return (id(self), len(self._items))

    def __bytes__(self):
        return self.tobytes()

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, v):
        return any(x == v for x in self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._new(self._items[i])
        try:
            return self._items[_index(i)]
        except IndexError:
            raise IndexError('array index out of range') from None

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError(f'can only assign array (not "{type(v).__name__}") to array slice')
            if v._tc != self._tc:
                raise TypeError('bad argument type for built-in operation')
            self._items[i] = list(v._items)
            return
        try:
            self._items[_index(i)] = _item(self._tc, v)
        except IndexError:
            raise IndexError('array assignment index out of range') from None

    def __delitem__(self, i):
        if isinstance(i, slice):
            del self._items[i]
            return
        try:
            del self._items[_index(i)]
        except IndexError:
            raise IndexError('array assignment index out of range') from None

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only append array (not "{type(other).__name__}") to array')
        if other._tc != self._tc:
            raise TypeError('bad argument type for built-in operation')
        return self._new(self._items + other._items)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only extend array with array (not "{type(other).__name__}")')
        self.extend(other)
        return self

    def __mul__(self, n):
        return self._new(self._items * _index(n))

    def __rmul__(self, n):
        return self._new(self._items * _index(n))

    def __imul__(self, n):
        self._items *= _index(n)
        return self

    def _compare(self, other, op):
        if not isinstance(other, array):
            return NotImplemented
        return op(self._items, other._items)

    def __eq__(self, other):
        return self._compare(other, lambda a, b: a == b)

    def __ne__(self, other):
        return self._compare(other, lambda a, b: a != b)

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b)

    def __repr__(self):
        if not self._items:
            return f"array('{self._tc}')"
        if self._tc == 'u':
            return f"array('u', {''.join(self._items)!r})"
        return f"array('{self._tc}', {self._items!r})"

    def __copy__(self):
        return self._new(list(self._items))

    def __deepcopy__(self, memo):
        return self._new(list(self._items))

    def __reduce__(self):
        return (array, (self._tc, list(self._items)))


ArrayType = array
