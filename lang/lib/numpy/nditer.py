# np.nditer, written in Python over kael's NumPy views: kael's own code,
# behaving as NumPy 1.24's iterator (numpy/core/src/multiarray/nditer_*.c)
# does for the flags its "Iterating over arrays" guide uses.
import numpy as np

_GLOBAL_FLAGS = ('buffered', 'c_index', 'f_index', 'multi_index', 'external_loop',
                 'common_dtype', 'copy_if_overlap', 'delay_bufalloc', 'grow_inner',
                 'ranged', 'refs_ok', 'reduce_ok', 'zerosize_ok')
# flags kael accepts without effect: its arrays hold numbers (refs_ok), in
# native byte order and aligned; grow_inner only lets chunks grow
_NOOP_GLOBAL = ('refs_ok', 'grow_inner', 'copy_if_overlap')
_UNSUPPORTED_GLOBAL = ('common_dtype', 'delay_bufalloc', 'ranged')

_OP_FLAGS = ('readonly', 'readwrite', 'writeonly', 'allocate', 'no_broadcast', 'copy',
             'updateifcopy', 'nbo', 'aligned', 'contig', 'no_subtype', 'arraymask',
             'writemasked', 'overlap_assume_elementwise', 'virtual')
_NOOP_OP = ('nbo', 'aligned', 'overlap_assume_elementwise')
_UNSUPPORTED_OP = ('contig', 'arraymask', 'writemasked', 'virtual')

_CASTINGS = ('no', 'equiv', 'safe', 'same_kind', 'unsafe')


def _flag_list(flags, what):
    if flags is None:
        return []
    if isinstance(flags, str):
        flags = [flags]
    out = []
    for f in flags:
        if not isinstance(f, str):
            raise ValueError(what + " must be a tuple or array of strings")
        out.append(f)
    return out


def _can_cast(src, dst, casting):
    if casting == 'unsafe':
        return True
    if casting in ('no', 'equiv'):
        return src == dst
    return bool(np.can_cast(src, dst, casting))


def _shape_text(shape):
    # a shape as NumPy's iterator errors print it: (2,3,4)
    if len(shape) == 1:
        return '(%d,)' % shape[0]
    return '(' + ','.join([str(n) for n in shape]) + ')'


def _broadcast_shape(shapes):
    nd = max([len(s) for s in shapes]) if shapes else 0
    out = [1] * nd
    for s in shapes:
        for i in range(len(s)):
            k = nd - len(s) + i
            if s[i] == 1:
                continue
            if out[k] != 1 and out[k] != s[i]:
                text = ''.join([_shape_text(t) + ' ' for t in shapes])
                raise ValueError("operands could not be broadcast together with shapes " + text)
            out[k] = s[i]
    return tuple(out)


def _iteration_view(a, m):
    # a view of a over the iteration's axes: axis k is a's axis m[k], or
    # a new axis of length 1 where m[k] is -1
    if type(a) is not np.ndarray:
        a = a.view(np.ndarray)  # a subclass's (np.matrix) elements as ndarray views
    used = [j for j in m if j >= 0]
    t = a.transpose(used) if used != list(range(a.ndim)) else a
    if len(used) == len(m):
        return t
    return t[tuple([None if j < 0 else slice(None) for j in m])]


class nditer:
    """Efficient multi-dimensional iterator object to iterate over arrays:
    NumPy's nditer, in the memory order of its operands ('K'), C or F
    order, with multi_index, c_index/f_index, external_loop, buffering
    and casting, several broadcast operands, op_axes, reductions and
    allocated outputs."""

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order='K',
                 casting='safe', op_axes=None, itershape=None, buffersize=0):
        if itershape is not None:
            raise NotImplementedError("kael's np.nditer does not take itershape=")
        multi = isinstance(op, (list, tuple))
        ops = list(op) if multi else [op]
        nop = len(ops)
        if nop == 0:
            raise ValueError("Must provide at least one operand")
        gflags = _flag_list(flags, "Iterator global flags")
        for f in gflags:
            if f not in _GLOBAL_FLAGS:
                raise ValueError('Unexpected iterator global flag "%s"' % f)
            if f in _UNSUPPORTED_GLOBAL:
                raise NotImplementedError("kael's np.nditer does not support the flag '%s'" % f)
        if order not in ('C', 'F', 'A', 'K'):
            raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
        if casting not in _CASTINGS:
            raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
        self._multi = multi
        self._has_mi = 'multi_index' in gflags
        self._c_index = 'c_index' in gflags
        self._f_index = 'f_index' in gflags
        self._external = 'external_loop' in gflags
        self._buffered = 'buffered' in gflags
        if self._c_index and self._f_index:
            raise ValueError("Iterator flags C_INDEX and F_INDEX cannot both be specified")
        if self._external and (self._has_mi or self._c_index or self._f_index):
            raise ValueError("Iterator flag EXTERNAL_LOOP cannot be used if an index or multi-index is being tracked")

        # each operand's flags
        if op_flags is None:
            per = [['writeonly', 'allocate'] if o is None else ['readonly'] for o in ops]
        elif len(op_flags) > 0 and isinstance(op_flags[0], str):
            per = [list(op_flags)] * nop
        else:
            per = [_flag_list(f, "op_flags") for f in op_flags]
            if len(per) != nop:
                raise ValueError("op_flags must be a tuple/list matching the number of ops")
        self._read = []
        self._write = []
        allocate = []
        copies = []
        for fl in per:
            for f in fl:
                if f not in _OP_FLAGS:
                    raise ValueError('Unexpected per-op iterator flag "%s"' % f)
                if f in _UNSUPPORTED_OP:
                    raise NotImplementedError("kael's np.nditer does not support the operand flag '%s'" % f)
            rw = [f for f in fl if f in ('readonly', 'readwrite', 'writeonly')]
            if not rw:
                raise ValueError("None of the iterator flags READWRITE, READONLY, or WRITEONLY were specified for an operand")
            if len(rw) > 1:
                raise ValueError("Only one of the iterator flags READWRITE, READONLY, and WRITEONLY may be specified for an operand")
            self._read.append(rw[0] != 'writeonly')
            self._write.append(rw[0] != 'readonly')
            allocate.append('allocate' in fl)
            copies.append('copy' in fl or 'updateifcopy' in fl)

        # the operands as arrays
        arrays = []
        for i in range(nop):
            o = ops[i]
            if o is None:
                if not allocate[i]:
                    raise ValueError("Iterator operand was NULL, but neither the ALLOCATE nor the VIRTUAL flag was specified")
                if not self._write[i]:
                    raise ValueError("Automatic allocation was requested for an iterator operand, but it wasn't flagged for writing")
                arrays.append(None)
                continue
            a = o if isinstance(o, np.ndarray) else np.asarray(o)
            if self._write[i] and not a.flags.writeable:
                raise ValueError("operand array with iterator write flag set is read-only")
            arrays.append(a)

        if self._buffered:
            for i in range(nop):
                if ops[i] is None and self._read[i]:
                    raise ValueError("Automatic allocation was requested for an iterator operand, and it was flagged as readable, but buffering  without delayed allocation was enabled")
        if op_dtypes is None:
            dts = [None] * nop
        elif isinstance(op_dtypes, (list, tuple)):
            dts = [None if d is None else np.dtype(d) for d in op_dtypes]
            if len(dts) != nop:
                raise ValueError("op_dtypes must be a tuple/list matching the number of ops")
        else:
            dts = [np.dtype(op_dtypes)] * nop

        inputs = [a for a in arrays if a is not None]
        maps = self._axis_maps(arrays, op_axes)
        nd = len(maps[0])
        # each input over the iteration's axes: its axes moved where
        # op_axes puts them, length 1 where it has none
        itvs = [None if arrays[i] is None else _iteration_view(arrays[i], maps[i]) for i in range(nop)]
        try:
            shape = _broadcast_shape([v.shape for v in itvs if v is not None])
        except ValueError:
            if op_axes is None:
                text = ''.join([_shape_text(a.shape) + ' ' for a in inputs])
                raise ValueError("operands could not be broadcast together with shapes " + text) from None
            text = ''.join(['%s->%s ' % (_shape_text(a.shape), _shape_text(v.shape)) for a, v in zip(arrays, itvs) if a is not None])
            raise ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " + text) from None
        if not inputs:
            shape = (1,) * nd
        for i in range(nop):
            a = arrays[i]
            if a is not None and 'no_broadcast' in per[i] and itvs[i].shape != shape:
                raise ValueError("non-broadcastable %s with shape %s doesn't match the broadcast shape %s" % (
                    'output operand' if self._write[i] else 'operand', _shape_text(a.shape), _shape_text(shape)))
        reduce_ok = 'reduce_ok' in gflags
        self._reduce = [False] * nop
        for i in range(nop):
            if not self._write[i]:
                continue
            for k in range(nd - 1, -1, -1):
                n = 1 if itvs[i] is None and maps[i][k] < 0 else (shape[k] if itvs[i] is None else itvs[i].shape[k])
                if n == 1 and shape[k] != 1:
                    if not reduce_ok:
                        dim = -1 if op_axes is not None and maps[i][k] < 0 else nd - 1 - k
                        raise ValueError("output operand requires a reduction along dimension %d, but the reduction is not enabled. The dimension size of 1 does not match the expected output shape." % dim)
                    if not self._read[i]:
                        raise ValueError("output operand requires a reduction, but is flagged as write-only, not read-write")
                    self._reduce[i] = True
        if any(self._reduce) and self._buffered:
            raise NotImplementedError("kael's np.nditer does not buffer a reduction (flags 'reduce_ok' and 'buffered' together)")
        size = 1
        for n in shape:
            size *= n
        if size == 0 and 'zerosize_ok' not in gflags:
            raise ValueError("Iteration of zero-sized operands is not enabled")

        # dtypes and casts: a cast needs buffering or a copy
        self._cast = [False] * nop
        for i in range(nop):
            a = arrays[i]
            if a is None:
                if dts[i] is None:
                    dts[i] = np.result_type(*[x.dtype for x in inputs]) if inputs else np.dtype('float64')
                continue
            if dts[i] is None or dts[i] == a.dtype:
                dts[i] = a.dtype
                continue
            if not (self._buffered or copies[i]):
                raise TypeError("Iterator operand required copying or buffering, but neither copying nor buffering was enabled")
            if self._read[i] and not _can_cast(a.dtype, dts[i], casting):
                raise TypeError("Iterator operand %d dtype could not be cast from %r to %r according to the rule %r" % (i, a.dtype, dts[i], casting))
            if self._write[i] and not _can_cast(dts[i], a.dtype, casting):
                raise TypeError("Iterator requested dtype could not be cast from %r to %r, the operand %d dtype, according to the rule %r" % (dts[i], a.dtype, i, casting))
            self._cast[i] = True

        # strides of each input over the broadcast shape (0 where broadcast)
        strides = []
        for v in itvs:
            if v is not None:
                strides.append([v.strides[k] if v.shape[k] != 1 else 0 for k in range(nd)])

        if order == 'A':
            order = 'F' if inputs and all([x.flags.f_contiguous for x in inputs]) else 'C'
        flip = [False] * nd
        if order == 'C':
            perm = list(range(nd))
        elif order == 'F':
            perm = list(range(nd))[::-1]
        else:
            # an axis every operand walks backwards is walked forwards
            for k in range(nd):
                neg = False
                pos = False
                for st in strides:
                    if st[k] < 0:
                        neg = True
                    elif st[k] > 0:
                        pos = True
                if neg and not pos:
                    flip[k] = True
                    for st in strides:
                        st[k] = -st[k]
            perm = self._memory_order(nd, strides)
        self._shape = shape
        self._perm = perm
        self._flip = flip
        self._pshape = tuple([shape[k] for k in perm])
        self._size = size

        # allocated outputs follow the iteration's layout
        for i in range(nop):
            if arrays[i] is not None:
                continue
            m = maps[i]
            mem = [k for k in perm if m[k] >= 0]  # its axes, outermost first in memory
            base = np.zeros(tuple([shape[k] for k in mem]), dtype=dts[i])
            inv = [0] * len(mem)
            for q in range(len(mem)):
                inv[m[mem[q]]] = q
            out = base.transpose(inv) if len(mem) > 1 else base
            if any(flip):
                out = out[tuple([slice(None, None, -1) if flip[k] else slice(None) for k in sorted(mem, key=lambda k: m[k])])]
            itvs[i] = _iteration_view(out, m)
            if 'no_subtype' not in per[i]:
                # the class of the input of highest __array_priority__ (np.matrix)
                best = None
                prio = 0.0
                for x in inputs:
                    p = getattr(type(x), '__array_priority__', 0.0)
                    if type(x) is not np.ndarray and p > prio:
                        best = type(x)
                        prio = p
                if best is not None:
                    out = out.view(best)
            arrays[i] = out
        self._dtypes = tuple(dts)

        # each operand's view in iteration order: broadcast, flipped and
        # permuted, read-only where the operand is read
        self._work = []
        views = []
        for i in range(nop):
            a = arrays[i]
            w = a
            v = itvs[i]
            if self._cast[i] and not self._buffered:
                w = a.astype(dts[i])  # a copy, written back on close
                v = _iteration_view(w, maps[i])
            self._work.append(w)
            if v.shape != shape and self._write[i]:
                # a reduction: the operand's element repeats along the
                # axes it lacks, each repetition writable
                v = np.lib.stride_tricks.as_strided(v, shape, tuple([v.strides[k] if v.shape[k] != 1 else 0 for k in range(nd)]))
            elif v.shape != shape:
                v = np.broadcast_to(v, shape)
            elif not self._write[i]:
                v = v.view()
                v.flags.writeable = False
            if any(flip):
                v = v[tuple([slice(None, None, -1) if f else slice(None) for f in flip])]
            if nd > 1:
                v = v.transpose(perm)
            views.append(v)
        self._operands = tuple(arrays)
        self._views = views

        # the dimensions NumPy coalesces (contiguous in every operand)
        groups = [[p] for p in range(nd)]
        if not self._has_mi and nd > 0:
            istrides = [[v.strides[p] if v.shape[p] != 1 else 0 for p in range(nd)] for v in views]
            if self._c_index or self._f_index:
                istrides.append(self._index_strides())
            merged = [[0]]
            for p in range(1, nd):
                outer = merged[-1][-1]
                ok = True
                for st in istrides:
                    n0 = self._pshape[outer]
                    n1 = self._pshape[p]
                    if not ((n0 == 1 and st[outer] == 0) or (n1 == 1 and st[p] == 0) or st[outer] == st[p] * n1):
                        ok = False
                        break
                if ok:
                    merged[-1].append(p)
                else:
                    merged.append([p])
            groups = merged
        self._groups = groups
        self._lead = nd
        if self._external and not self._buffered:
            inner = groups[-1] if groups else []
            self._chunk = 1
            for p in inner:
                self._chunk *= self._pshape[p]
            lead = len(self._pshape) - len(inner)
            self._lead = lead
            self._chunk_views = []
            for i in range(nop):
                c = views[i].reshape(views[i].shape[:lead] + (-1,))
                if not self._write[i]:
                    c.flags.writeable = False
                self._chunk_views.append(c)
        elif self._external and self._buffered:
            self._chunk = min(buffersize if buffersize > 0 else 8192, max(size, 1))
        else:
            self._chunk = 1
        self._bufsize = buffersize if buffersize > 0 else 8192
        self._buf = None
        self._closed = False
        self.reset()

    def _axis_maps(self, arrays, op_axes):
        # for each operand, the operand's axis along each iteration axis
        # (-1 for none): op_axes', or the operand's axes right-aligned
        nop = len(arrays)
        if op_axes is not None:
            if not isinstance(op_axes, (list, tuple)) or len(op_axes) != nop:
                raise ValueError("op_axes must be a tuple/list matching the number of ops")
            given = [m for m in op_axes if m is not None]
        else:
            given = []
        if given:
            nd = len(given[0])
            for m in given:
                if len(m) != nd:
                    raise ValueError("Each entry of op_axes must have the same size")
        else:
            nd = max([a.ndim for a in arrays if a is not None] + [0])
        maps = []
        for i in range(nop):
            a = arrays[i]
            m = op_axes[i] if op_axes is not None else None
            if m is None:
                if a is not None and a.ndim > nd:
                    raise ValueError("input operand has more dimensions than allowed by the axis remapping")
                n = nd if a is None else a.ndim
                maps.append([k - (nd - n) if k >= nd - n else -1 for k in range(nd)])
                continue
            m = [int(j) for j in m]
            seen = set()
            for k in range(nd):
                j = m[k]
                if j < 0:
                    m[k] = -1
                    continue
                if a is not None and j >= a.ndim:
                    raise ValueError("Iterator input op_axes[%d][%d] (==%d) is not a valid axis of op[%d], which has %d dimensions " % (i, nd - 1 - k, j, i, a.ndim))
                if j in seen:
                    raise ValueError("The 'op_axes' provided to the iterator constructor for operand %d contained duplicate value %d" % (i, j))
                seen.add(j)
            if a is not None and len(seen) != a.ndim:
                raise NotImplementedError("kael's np.nditer needs op_axes to name every axis of operand %d" % i)
            if a is None:
                for d in range(max(seen) + 1 if seen else 0):
                    if d not in seen:
                        raise ValueError("automatically allocated output array specified with an inconsistent axis mapping; the axis mapping is missing an entry for dimension %d." % d)
            maps.append(m)
        return maps

    def _memory_order(self, nd, strides):
        # NumPy's insertion sort of the axes: an axis goes inside another
        # when the operands that move along both step less along it
        perm = list(range(nd))[::-1]  # innermost first
        for i0 in range(1, nd):
            ipos = i0
            j0 = perm[i0]
            for i1 in range(i0 - 1, -1, -1):
                ambig = True
                swap = False
                j1 = perm[i1]
                for st in strides:
                    if st[j0] != 0 and st[j1] != 0:
                        if abs(st[j1]) <= abs(st[j0]):
                            swap = False
                        elif ambig:
                            swap = True
                        ambig = False
                if not ambig:
                    if swap:
                        ipos = i1
                    else:
                        break
            if ipos != i0:
                for i in range(i0, ipos, -1):
                    perm[i] = perm[i - 1]
                perm[ipos] = j0
        return perm[::-1]

    def _index_strides(self):
        # the steps of the C or F flat index along the iteration's axes
        nd = len(self._shape)
        st = [0] * nd
        step = 1
        axes = range(nd - 1, -1, -1) if self._c_index else range(nd)
        for k in axes:
            st[k] = -step if self._flip[k] else step
            step *= self._shape[k]
        return [st[k] for k in self._perm]

    # -- position

    def _steps(self):
        return (self._size + self._chunk - 1) // self._chunk if self._size else 0

    def _pos(self):
        # the iteration coordinates of the current element (or chunk)
        idx = []
        rest = self._iter * (1 if self._buffered else self._chunk)
        for n in self._pshape[::-1]:
            idx.append(rest % n)
            rest //= n
        return idx[::-1]

    def _check(self):
        if self._closed or self._finished:
            raise ValueError("Iterator is past the end")

    def _fill(self):
        # buffered: the casted copies of the next chunk of elements
        start = self._iter - self._iter % self._bufsize if not self._external else self._iter
        end = min(start + (self._chunk if self._external else self._bufsize), self._size)
        coords = np.unravel_index(np.arange(start, end), self._pshape)
        bufs = []
        for i in range(len(self._views)):
            b = np.asarray(self._views[i][coords]).astype(self._dtypes[i])
            if not self._write[i]:
                b.flags.writeable = False
            bufs.append(b)
        self._buf = (start, end, coords, bufs)

    def _flush(self):
        if self._buf is None:
            return
        start, end, coords, bufs = self._buf
        self._buf = None
        for i in range(len(self._views)):
            if self._write[i]:
                self._views[i][coords] = bufs[i].astype(self._operands[i].dtype)

    def _value(self, i):
        if self._buffered:
            if self._buf is None:
                self._fill()
            start, end, coords, bufs = self._buf
            if self._external:
                return bufs[i]
            return bufs[i][self._iter - start, ...]
        pos = self._pos()
        if self._external:
            return self._chunk_views[i][tuple(pos[:self._lead]) + (Ellipsis,)]
        return self._views[i][tuple(pos) + (Ellipsis,)]

    def _advance(self):
        if self._finished:
            return False
        if self._buffered:
            nxt = self._iter + (self._chunk if self._external else 1)
            if self._buf is not None and nxt >= self._buf[1]:
                self._flush()
            self._iter = nxt
            done = nxt >= self._size
        else:
            self._iter += 1
            done = self._iter >= self._steps()
        if done:
            self._flush()
            self._finished = True
            return False
        return True

    def reset(self):
        """Reset the iterator to its initial state."""
        self._flush()
        self._iter = 0
        self._started = False
        self._finished = self._size == 0
        self._closed = False

    def iternext(self):
        """Check whether iterations are left, and perform a single internal
        iteration without returning the result."""
        return self._advance()

    def __iter__(self):
        return self

    def __next__(self):
        if self._closed or self._finished:
            raise StopIteration
        if self._started:
            if not self._advance():
                raise StopIteration
        self._started = True
        return self.value

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Resolve all writeback semantics in writeable operands."""
        if self._closed:
            return
        self._flush()
        if not self._buffered:
            for i in range(len(self._work)):
                if self._cast[i] and self._write[i]:
                    self._operands[i][...] = self._work[i].astype(self._operands[i].dtype)
        self._closed = True

    def __len__(self):
        return len(self._views)

    def __getitem__(self, i):
        self._check()
        if isinstance(i, slice):
            return tuple([self._value(k) for k in range(len(self._views))[i]])
        if i < 0:
            i += len(self._views)
        if not 0 <= i < len(self._views):
            raise IndexError("Iterator operand index %d is out of bounds" % i)
        return self._value(i)

    def __setitem__(self, i, v):
        self._check()
        self[i][...] = v

    @property
    def value(self):
        self._check()
        if self._multi:
            return tuple([self._value(i) for i in range(len(self._views))])
        return self._value(0)

    @property
    def operands(self):
        if self._closed:
            raise ValueError("Iterator is closed")
        return self._operands

    @property
    def dtypes(self):
        return self._dtypes

    @property
    def nop(self):
        return len(self._views)

    @property
    def finished(self):
        return self._finished and not self._closed

    @property
    def itersize(self):
        return self._size

    @property
    def ndim(self):
        return len(self._groups)

    @property
    def shape(self):
        self._check()
        if self._has_mi or len(self._groups) == len(self._shape):
            return self._shape
        out = []
        for g in self._groups:
            n = 1
            for p in g:
                n *= self._pshape[p]
            out.append(n)
        return tuple(out)

    @property
    def has_multi_index(self):
        return self._has_mi

    @property
    def has_index(self):
        return self._c_index or self._f_index

    @property
    def has_delayed_bufalloc(self):
        return False

    @property
    def iterationneedsapi(self):
        return False

    @property
    def iterindex(self):
        self._check()
        if self._external and not self._buffered:
            return self._iter * self._chunk
        return self._iter

    @iterindex.setter
    def iterindex(self, value):
        if value < 0 or value >= self._size:
            raise IndexError("Iterator GotoIterIndex called with an iterindex outside the iteration range.")
        if self._external and not self._buffered and value % self._chunk:
            raise ValueError("Iterator iterindex is not at a chunk's start")
        self._flush()
        self._iter = value if self._buffered else value // self._chunk
        self._finished = False
        self._started = False

    def _coords(self):
        # the current element's index in each original axis
        pos = self._pos() if not self._buffered else self._bufpos()
        coords = [0] * len(self._shape)
        for p in range(len(self._perm)):
            k = self._perm[p]
            coords[k] = self._shape[k] - 1 - pos[p] if self._flip[k] else pos[p]
        return coords

    def _bufpos(self):
        idx = []
        rest = self._iter
        for n in self._pshape[::-1]:
            idx.append(rest % n)
            rest //= n
        return idx[::-1]

    @property
    def multi_index(self):
        if not self._has_mi:
            raise ValueError("Iterator is not tracking a multi-index")
        self._check()
        return tuple(self._coords())

    @multi_index.setter
    def multi_index(self, value):
        if not self._has_mi:
            raise ValueError("Iterator is not tracking a multi-index")
        value = tuple(value)
        if len(value) != len(self._shape):
            raise ValueError("Wrong number of indices")
        pos = 0
        for p in range(len(self._perm)):
            k = self._perm[p]
            c = value[k]
            if c < 0 or c >= self._shape[k]:
                raise IndexError("Iterator GotoMultiIndex called with an out-of-bounds multi-index")
            if self._flip[k]:
                c = self._shape[k] - 1 - c
            pos = pos * self._shape[k] + c
        self.iterindex = pos

    @property
    def index(self):
        if not (self._c_index or self._f_index):
            raise ValueError("Iterator does not have an index")
        self._check()
        coords = self._coords()
        idx = 0
        if self._c_index:
            for k in range(len(self._shape)):
                idx = idx * self._shape[k] + coords[k]
        else:
            for k in range(len(self._shape) - 1, -1, -1):
                idx = idx * self._shape[k] + coords[k]
        return idx

    @index.setter
    def index(self, value):
        if not (self._c_index or self._f_index):
            raise ValueError("Iterator does not have an index")
        if value < 0 or value >= self._size:
            raise IndexError("Iterator GotoIndex called with an out-of-bounds index")
        coords = [0] * len(self._shape)
        rest = value
        axes = range(len(self._shape) - 1, -1, -1) if self._c_index else range(len(self._shape))
        for k in axes:
            coords[k] = rest % self._shape[k]
            rest //= self._shape[k]
        pos = 0
        for p in range(len(self._perm)):
            k = self._perm[p]
            c = coords[k]
            if self._flip[k]:
                c = self._shape[k] - 1 - c
            pos = pos * self._shape[k] + c
        self.iterindex = pos

    def copy(self):
        raise NotImplementedError("kael's np.nditer has no copy()")

    def remove_axis(self, i):
        raise NotImplementedError("kael's np.nditer has no remove_axis()")

    def remove_multi_index(self):
        raise NotImplementedError("kael's np.nditer has no remove_multi_index()")

    def enable_external_loop(self):
        raise NotImplementedError("kael's np.nditer has no enable_external_loop()")

    def debug_print(self):
        raise NotImplementedError("kael's np.nditer has no debug_print()")


nditer.__module__ = 'numpy'
