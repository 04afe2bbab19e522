# np.matrix, np.asmatrix, np.mat and np.bmat, written in Python over
# kael's ndarray subclasses: kael's own code, behaving as NumPy 1.24's
# numpy/matrixlib/defmatrix.py.
import numpy as np
import warnings


def _literal(text):
    # a number of a matrix string: '1', '-2.5', '1e3', '2j', 'True'
    if text == 'True':
        return True
    if text == 'False':
        return False
    for kind in (int, float, complex):
        try:
            return kind(text)
        except ValueError:
            pass
    raise ValueError("malformed node or string: %r" % (text,))


def _convert_from_string(data):
    for char in '[]':
        data = data.replace(char, '')
    rows = []
    ncols = 0
    for k, row in enumerate(data.split(';')):
        values = []
        for col in row.split(','):
            for word in col.split():
                values.append(_literal(word))
        if k == 0:
            ncols = len(values)
        elif len(values) != ncols:
            raise ValueError("Rows not the same size.")
        rows.append(values)
    return rows


def _plain(m):
    # the matrix's data as an ndarray (a view)
    return m.view(np.ndarray)


def asmatrix(data, dtype=None):
    """Interpret the input as a matrix: no copy when data is already a
    matrix or an ndarray (matrix(data, copy=False))."""
    return matrix(data, dtype=dtype, copy=False)


class matrix(np.ndarray):
    """matrix(data, dtype=None, copy=True)

    A specialized 2-D array that keeps its 2-D nature through operations:
    * is the matrix product and ** the matrix power; from an array-like
    object or a string of data ('1 2; 3 4': spaces or commas between
    columns, semicolons between rows). It is no longer recommended, even
    for linear algebra: use regular arrays."""

    def __new__(subtype, data, dtype=None, copy=True):
        warnings.warn('the matrix subclass is not the recommended way to '
                      'represent matrices or deal with linear algebra (see '
                      'https://docs.scipy.org/doc/numpy/user/'
                      'numpy-for-matlab-users.html). '
                      'Please adjust your code to use regular ndarray.',
                      PendingDeprecationWarning, stacklevel=2)
        if isinstance(data, matrix):
            if dtype is None:
                dtype = data.dtype
            if np.dtype(dtype) == data.dtype and not copy:
                return data
            return data.astype(dtype)
        if isinstance(data, np.ndarray):
            new = data.view(subtype)
            if dtype is not None and np.dtype(dtype) != data.dtype:
                return new.astype(dtype)
            if copy:
                return new.copy()
            return new
        if isinstance(data, str):
            data = _convert_from_string(data)
        arr = np.array(data, dtype=dtype)
        if arr.ndim > 2:
            raise ValueError("matrix must be 2-dimensional")
        if arr.ndim == 0:
            arr = arr.reshape(1, 1)
        elif arr.ndim == 1:
            arr = arr.reshape(1, arr.shape[0])
        return arr.view(subtype)

    def __array_finalize__(self, obj):
        self._getitem = False
        ndim = self.ndim
        if ndim == 2:
            return
        if ndim > 2:
            newshape = tuple([n for n in self.shape if n > 1])
            ndim = len(newshape)
            if ndim == 2:
                self.shape = newshape
                return
            if ndim > 2:
                raise ValueError("shape too large to be a matrix.")
        else:
            newshape = self.shape
        if ndim == 0:
            self.shape = (1, 1)
        elif ndim == 1:
            self.shape = (1, newshape[0])

    def __getitem__(self, index):
        if isinstance(index, tuple):
            out = _plain(self)[tuple([_unwrap(i) for i in index])]
        else:
            out = _plain(self)[_unwrap(index)]
        if not isinstance(out, np.ndarray):
            return out
        if out.ndim == 0:
            return out[()]
        if out.ndim == 1:
            n = len(index) if isinstance(index, tuple) else 0
            if n > 1 and np.isscalar(index[1]):
                out.shape = (out.shape[0], 1)
            else:
                out.shape = (1, out.shape[0])
        return out.view(matrix)

    def __mul__(self, other):
        if isinstance(other, (np.ndarray, list, tuple)):
            # a 1-d vector becomes a row vector
            return asmatrix(np.dot(_plain(self), _plain(asmatrix(other))))
        if np.isscalar(other) or not hasattr(other, '__rmul__'):
            return asmatrix(np.dot(_plain(self), other))
        return NotImplemented

    def __rmul__(self, other):
        if isinstance(other, matrix):
            other = _plain(other)
        return asmatrix(np.dot(other, _plain(self)))

    def __imul__(self, other):
        self[:] = self * other
        return self

    def __pow__(self, other):
        return asmatrix(np.linalg.matrix_power(_plain(self), other))

    def __ipow__(self, other):
        self[:] = self ** other
        return self

    def __rpow__(self, other):
        return NotImplemented

    def _align(self, axis):
        if axis is None:
            return self[0, 0]
        if axis == 0:
            return self
        if axis == 1:
            return self.transpose()
        raise ValueError("unsupported axis")

    def _collapse(self, axis):
        if axis is None:
            return self[0, 0]
        return self

    def tolist(self):
        """The matrix as a nested list of rows."""
        return _plain(self).tolist()

    def sum(self, axis=None, dtype=None, out=None):
        """The sum of the elements over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).sum(axis, dtype=dtype, keepdims=True), out)._collapse(axis)

    def mean(self, axis=None, dtype=None, out=None):
        """The mean of the elements over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).mean(axis, dtype=dtype, keepdims=True), out)._collapse(axis)

    def std(self, axis=None, dtype=None, out=None, ddof=0):
        """The standard deviation over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).std(axis, dtype=dtype, ddof=ddof, keepdims=True), out)._collapse(axis)

    def var(self, axis=None, dtype=None, out=None, ddof=0):
        """The variance over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).var(axis, dtype=dtype, ddof=ddof, keepdims=True), out)._collapse(axis)

    def prod(self, axis=None, dtype=None, out=None):
        """The product of the elements over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).prod(axis, dtype=dtype, keepdims=True), out)._collapse(axis)

    def any(self, axis=None, out=None):
        """Whether any element over axis is true, a matrix (a bool when axis is None)."""
        return _keep(_plain(self).any(axis, keepdims=True), out)._collapse(axis)

    def all(self, axis=None, out=None):
        """Whether all elements over axis are true, a matrix (a bool when axis is None)."""
        return _keep(_plain(self).all(axis, keepdims=True), out)._collapse(axis)

    def max(self, axis=None, out=None):
        """The largest element over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).max(axis, keepdims=True), out)._collapse(axis)

    def min(self, axis=None, out=None):
        """The smallest element over axis, a matrix (a scalar when axis is None)."""
        return _keep(_plain(self).min(axis, keepdims=True), out)._collapse(axis)

    def argmax(self, axis=None, out=None):
        """The indices of the largest elements over axis: a row matrix for
        axis 0, a column for axis 1, an int for None."""
        return _keep(_plain(self).argmax(axis), out)._align(axis)

    def argmin(self, axis=None, out=None):
        """The indices of the smallest elements over axis: a row matrix for
        axis 0, a column for axis 1, an int for None."""
        return _keep(_plain(self).argmin(axis), out)._align(axis)

    def ptp(self, axis=None, out=None):
        """The range (max - min) over axis: a row matrix for axis 0, a
        column for axis 1, a scalar for None."""
        return _keep(np.ptp(_plain(self), axis), out)._align(axis)

    @property
    def I(self):
        """The inverse (the pseudo-inverse when not square)."""
        m, n = self.shape
        if m == n:
            return asmatrix(np.linalg.inv(_plain(self)))
        return asmatrix(np.linalg.pinv(_plain(self)))

    @property
    def A(self):
        """The matrix as an ndarray."""
        return _plain(self)

    @property
    def A1(self):
        """The matrix as a flattened ndarray."""
        return _plain(self).ravel()

    @property
    def T(self):
        """The transpose."""
        return self.transpose()

    @property
    def H(self):
        """The (complex) conjugate transpose."""
        if self.dtype.kind == 'c':
            return self.transpose().conjugate()
        return self.transpose()

    def getT(self):
        """The transpose (matrix.T)."""
        return self.T

    def getA(self):
        """The matrix as an ndarray (matrix.A)."""
        return self.A

    def getA1(self):
        """The matrix as a flattened ndarray (matrix.A1)."""
        return self.A1

    def getH(self):
        """The conjugate transpose (matrix.H)."""
        return self.H

    def getI(self):
        """The inverse (matrix.I)."""
        return self.I


def _keep(r, out):
    # a reduction's result as a matrix (a scalar stays one)
    if out is not None:
        raise NotImplementedError("kael's np.matrix reductions do not take out=")
    if not isinstance(r, np.ndarray):
        r = np.asarray(r)
    return r.view(matrix)


def _from_string(text, gdict, ldict):
    rows = []
    for row in text.split(';'):
        names = []
        for part in row.split(','):
            names.extend(part.split())
        cols = []
        for name in names:
            name = name.strip()
            try:
                cols.append(ldict[name])
            except KeyError:
                try:
                    cols.append(gdict[name])
                except KeyError:
                    raise NameError(f"name {name!r} is not defined") from None
        rows.append(np.concatenate(cols, axis=-1))
    return np.concatenate(rows, axis=0)


def bmat(obj, ldict=None, gdict=None):
    """Build a matrix from a nested sequence of blocks ([[A, B], [C, D]]),
    or a string of names ('A, B; C, D') looked up in ldict and gdict."""
    if isinstance(obj, str):
        if gdict is None:
            raise NotImplementedError("kael's np.bmat of a string needs gdict= (and ldict=): it cannot read the caller's variables")
        return matrix(_from_string(obj, gdict, ldict))
    if isinstance(obj, (tuple, list)):
        rows = []
        for row in obj:
            if isinstance(row, np.ndarray):  # not 2-d
                return matrix(np.concatenate([_unwrap(x) for x in obj], axis=-1))
            rows.append(np.concatenate([_unwrap(x) for x in row], axis=-1))
        return matrix(np.concatenate(rows, axis=0))
    if isinstance(obj, np.ndarray):
        return matrix(obj)


def _unwrap(x):
    return _plain(x) if isinstance(x, matrix) else x


mat = asmatrix

# np.dot gives the operand of higher priority its type (kael refuses the
# name in a class body)
matrix.__array_priority__ = 10.0
matrix.__module__ = 'numpy'
asmatrix.__module__ = 'numpy'
bmat.__module__ = 'numpy'
