# The examples of NumPy 1.24's "Iterating over arrays" guide (numpy.org/doc/1.24/reference/arrays.nditer.html)
# but for its buffered reduction (delay_bufalloc), each error caught and printed.
import numpy as np
a = np.arange(6).reshape(2,3)
for x in np.nditer(a):
    print(x, end=' ')
print()
for x in np.nditer(a.T):
    print(x, end=' ')
print()
for x in np.nditer(a.T.copy(order='C')):
    print(x, end=' ')
print()
for x in np.nditer(a, order='F'):
    print(x, end=' ')
print()
for x in np.nditer(a.T, order='C'):
    print(x, end=' ')
print()
try:
    for x in np.nditer(a):
        x[...] = 2 * x
except ValueError as e:
    print(e)
with np.nditer(a, op_flags=['readwrite']) as it:
    for x in it:
        x[...] = 2 * x
print(a)
a = np.arange(6).reshape(2,3)
for x in np.nditer(a, flags=['external_loop']):
    print(x, end=' ')
print()
for x in np.nditer(a, flags=['external_loop'], order='F'):
    print(x, end=' ')
print()
it = np.nditer(a, flags=['f_index'])
for x in it:
    print("%d <%d>" % (x, it.index), end=' ')
print()
it = np.nditer(a, flags=['multi_index'])
for x in it:
    print("%d <%s>" % (x, it.multi_index), end=' ')
print()
with np.nditer(a, flags=['multi_index'], op_flags=['writeonly']) as it:
    for x in it:
        x[...] = it.multi_index[1] - it.multi_index[0]
print(a)
try:
    np.nditer(a, flags=['c_index', 'external_loop'])
except ValueError as e:
    print('ValueError:', e)
a = np.arange(6).reshape(2,3)
it = np.nditer(a, flags=['f_index'])
while not it.finished:
    print("%d <%d>" % (it[0], it.index), end=' ')
    is_not_finished = it.iternext()
print()
it = np.nditer(a, flags=['multi_index'])
while not it.finished:
    print("%d <%s>" % (it[0], it.multi_index), end=' ')
    is_not_finished = it.iternext()
print()
with np.nditer(a, flags=['multi_index'], op_flags=['writeonly']) as it:
    while not it.finished:
        it[0] = it.multi_index[1] - it.multi_index[0]
        is_not_finished = it.iternext()
print(a)
a = np.arange(6).reshape(2,3)
for x in np.nditer(a, flags=['external_loop'], order='F'):
    print(x, end=' ')
print()
for x in np.nditer(a, flags=['external_loop','buffered'], order='F'):
    print(x, end=' ')
print()
a = np.arange(6).reshape(2,3) - 3
try:
    for x in np.nditer(a, op_dtypes=['complex128']):
        print(np.sqrt(x), end=' ')
except TypeError as e:
    print(e)
for x in np.nditer(a, flags=['buffered'], op_dtypes=['complex128']):
    print(np.sqrt(x), end=' ')
print()
try:
    for x in np.nditer(a, flags=['buffered'], op_dtypes=['float32']):
        print(x, end=' ')
except TypeError as e:
    print(e)
for x in np.nditer(a, flags=['buffered'], op_dtypes=['float32'], casting='same_kind'):
    print(x, end=' ')
print()
a = np.arange(6.)
try:
    with np.nditer(a, flags=['buffered'], op_dtypes=['int64'], op_flags=['readwrite'], casting='same_kind') as it:
        for x in it:
            x[...] = x / 2.0
except TypeError as e:
    print(e)
a = np.arange(3)
b = np.arange(6).reshape(2,3)
for x, y in np.nditer([a,b]):
    print("%d:%d" % (x,y), end=' ')
print()
a = np.arange(2)
b = np.arange(6).reshape(2,3)
try:
    for x, y in np.nditer([a,b]):
        print("%d:%d" % (x,y), end=' ')
except ValueError as e:
    print(e)
def square(a):
    with np.nditer([a, None]) as it:
        for x, y in it:
            y[...] = x*x
        return it.operands[1]
print(square([1,2,3]))
def square(a, out=None):
    it = np.nditer([a, out],
            flags = ['external_loop', 'buffered'],
            op_flags = [['readonly'],
                        ['writeonly', 'allocate', 'no_broadcast']])
    with it:
        for x, y in it:
            y[...] = x*x
        return it.operands[1]
print(square([1,2,3]))
b = np.zeros((3,))
square([1,2,3], out=b)
print(b)
try:
    square(np.arange(6).reshape(2,3), out=b)
except ValueError as e:
    print(e)
a = np.arange(3)
b = np.arange(8).reshape(2,4)
it = np.nditer([a, b, None], flags=['external_loop'],
            op_axes=[[0, -1, -1], [-1, 0, 1], None])
with it:
    for x, y, z in it:
        z[...] = x*y
    result = it.operands[2]
print(result)
a = np.arange(24).reshape(2,3,4)
b = np.array(0)
with np.nditer([a, b], flags=['reduce_ok'],
                    op_flags=[['readonly'], ['readwrite']]) as it:
    for x,y in it:
        y[...] += x
print(b)
print(np.sum(a))
a = np.arange(24).reshape(2,3,4)
it = np.nditer([a, None], flags=['reduce_ok'],
            op_flags=[['readonly'], ['readwrite', 'allocate']],
            op_axes=[None, [0,1,-1]])
with it:
    it.operands[1][...] = 0
    for x, y in it:
        y[...] += x
    result = it.operands[1]
print(result)
print(np.sum(a, axis=2))
