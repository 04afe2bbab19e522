package numpy

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The arrays whose elements are Go values rather than a tensor's
// numbers: string arrays (Go strings) and object arrays (Python values).
// Both keep their elements in a slice that views share and an int64
// tensor of the array's shape holding each element's position in it;
// kael's numeric indexing, reshapes and transposes run on the positions,
// so views write through. What the two kinds do alike lives here, once:
// the storage (goArray), indexing, iteration, the shape attributes and
// methods, the results of numeric functions run on positions, sorting
// along an axis and the repr's scaffolding. Each kind keeps what differs:
// what an element is, how a value is written, its dtype and its text.

// goArray is the storage of an array of Go values: data, shared by
// views, and idx, the positions of the array's elements in it.
type goArray[T any] struct {
	data *[]T
	idx  *tensor.Tensor
}

// positionedArray is what the shared code asks of a kind of array A
// (*StrArray, *ObjArray): its positions, one element, a view and a copy.
type positionedArray[A any] interface {
	lang.Value
	lang.SubscriptGetter
	// positionTensor is the array's positions (goArray's idx).
	positionTensor() *tensor.Tensor
	// elem is a[i]: the element at position p as indexing gives it.
	elem(p int64) lang.Value
	// item is a.item(i): the element at p as a Python value.
	item(p int64) lang.Value
	// view is the array over the same elements at the positions idx.
	view(idx *tensor.Tensor) A
	// copied is a new array of the elements.
	copied() (A, error)
	// kindName names the kind in kael's errors: "string" or "object".
	kindName() string
}

// newGoArray is the storage of vals (row-major) in shape.
func newGoArray[T any](vals []T, shape []int) (goArray[T], error) {
	idx, err := tensor.Arange(0, float64(len(vals)), 1, tensor.Int64)
	if err != nil {
		return goArray[T]{}, err
	}
	if idx, err = idx.Reshape(shape...); err != nil {
		return goArray[T]{}, err
	}
	return goArray[T]{data: &vals, idx: idx}, nil
}

// filled is shape's count of v.
func filled[T any](shape []int, v T) []T {
	n := 1
	for _, d := range shape {
		n *= d
	}
	vals := make([]T, n)
	for i := range vals {
		vals[i] = v
	}
	return vals
}

// TypeName returns "numpy.ndarray".
func (goArray[T]) TypeName() string { return "numpy.ndarray" }

// ClassName returns "numpy.ndarray".
func (goArray[T]) ClassName() string { return "numpy.ndarray" }

// HashKey refuses: arrays are mutable.
func (goArray[T]) HashKey() (string, error) {
	return "", lang.Errorf(lang.TypeError, "unhashable type: 'numpy.ndarray'")
}

// positionTensor is the positions.
func (g goArray[T]) positionTensor() *tensor.Tensor { return g.idx }

// shape is the array's shape.
func (g goArray[T]) shape() []int { return g.idx.Shape() }

// at is the storage seen at the positions idx.
func (g goArray[T]) at(idx *tensor.Tensor) goArray[T] { return goArray[T]{data: g.data, idx: idx} }

// positions are the elements' positions in data, in row-major order.
func positions(t *tensor.Tensor) ([]int64, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	return tensor.Values[int64](c)
}

// values are the elements, in row-major order.
func (g goArray[T]) values() ([]T, error) {
	pos, err := positions(g.idx)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(pos))
	for i, p := range pos {
		out[i] = (*g.data)[p]
	}
	return out, nil
}

// broadcastValues are the elements broadcast to shape, row-major.
func (g goArray[T]) broadcastValues(shape []int) ([]T, error) {
	e, err := g.idx.Expand(shape...)
	if err != nil {
		return nil, err
	}
	return g.at(e).values()
}

// write sets the elements at the positions to, row-major, to vals.
func (g goArray[T]) write(to *tensor.Tensor, vals []T) error {
	pos, err := positions(to)
	if err != nil {
		return err
	}
	for i, p := range pos {
		(*g.data)[p] = vals[i]
	}
	return nil
}

// Length is len(a): the first dimension.
func (g goArray[T]) Length() (int64, error) {
	if g.idx.Dim() == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return int64(g.idx.Shape()[0]), nil
}

// truth is bool(a): false when empty, the truth of the one element, and
// NumPy's error for several.
func (g goArray[T]) truth(of func(T) (bool, error)) (bool, error) {
	vals, err := g.values()
	if err != nil {
		return false, err
	}
	switch len(vals) {
	case 0:
		return false, nil
	case 1:
		return of(vals[0])
	}
	return false, lang.Errorf(lang.ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

// nested is the elements as nested lists, each made a value by conv.
func (g goArray[T]) nested(conv func(T) lang.Value) (lang.Value, error) {
	vals, err := g.values()
	if err != nil {
		return nil, err
	}
	shape := g.shape()
	pos := 0
	var nest func(d int) lang.Value
	nest = func(d int) lang.Value {
		if d == len(shape) {
			v := conv(vals[pos])
			pos++
			return v
		}
		out := make([]lang.Value, shape[d])
		for i := range out {
			out[i] = nest(d + 1)
		}
		return &lang.List{Elems: out}
	}
	return nest(0), nil
}

// sizeAttr is the attribute name of the array's geometry (shape, ndim,
// size, itemsize, nbytes, strides) for elements itemsize bytes wide.
func (g goArray[T]) sizeAttr(name string, itemsize int) (lang.Value, bool) {
	n := int64(g.idx.Numel())
	switch name {
	case "shape":
		return shapeTuple(g.shape()), true
	case "ndim":
		return int64(g.idx.Dim()), true
	case "size":
		return n, true
	case "itemsize":
		return int64(itemsize), true
	case "nbytes":
		return n * int64(itemsize), true
	case "strides":
		st := g.idx.Strides()
		out := make(lang.Tuple, len(st))
		for i, x := range st {
			out[i] = int64(x * itemsize)
		}
		return out, true
	}
	return nil, false
}

// sizeAttrNames are the attributes both kinds have, T among them.
var sizeAttrNames = []string{"T", "dtype", "itemsize", "nbytes", "ndim", "shape", "size", "strides"}

// selection is what the subscript subs selects of the positions: the
// positions of one element (element true) or of a view.
func (g goArray[T]) selection(subs []lang.Subscript, kind string) (sel *tensor.Tensor, element bool, err error) {
	return selectPositions(g.idx, subs, kind)
}

// selectPositions is what subs selects of the positions idx, as
// goArray.selection; kind names the array's kind in kael's errors.
func selectPositions(idx *tensor.Tensor, subs []lang.Subscript, kind string) (sel *tensor.Tensor, element bool, err error) {
	r, err := (&Array{store: idx}).GetSubscript(subs)
	if err != nil {
		return nil, false, err
	}
	switch x := r.(type) {
	case *Scalar:
		return x.t, true, nil
	case *Array:
		return x.val(), false, nil
	}
	return nil, false, lang.Errorf(lang.TypeError, "kael's %s arrays: unexpected index result %s", kind, lang.TypeName(r))
}

// getSubscript is a[i] (an element), a[1:] (a view), a[mask] and
// a[[0, 2]] (copies, as NumPy's fancy indexes), as kael indexes the
// positions.
func getSubscript[A positionedArray[A]](a A, subs []lang.Subscript) (lang.Value, error) {
	r, err := (&Array{store: a.positionTensor()}).GetSubscript(subs)
	if err != nil {
		return nil, err
	}
	return rearranged(a, r)
}

// rearranged is the result r of a numeric function (or index) run on a's
// positions, as arrays of a's kind: views where r shares the positions'
// memory, copies where it does not, elements for 0-d results, and lists
// and tuples of them.
func rearranged[A positionedArray[A]](a A, r lang.Value) (lang.Value, error) {
	switch x := r.(type) {
	case *Scalar:
		p, ok := x.Index()
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "kael's %s arrays: a result gave no position", a.kindName())
		}
		return a.elem(p), nil
	case *Array:
		t, err := x.val().To(tensor.Int64)
		if err != nil {
			return nil, err
		}
		v := a.view(t)
		if own := a.positionTensor(); own == nil || x.store.Storage() != own.Storage() {
			return v.copied()
		}
		return v, nil
	case *lang.List:
		out := make([]lang.Value, len(x.Elems))
		for i, e := range x.Elems {
			var err error
			if out[i], err = rearranged(a, e); err != nil {
				return nil, err
			}
		}
		return &lang.List{Elems: out}, nil
	case lang.Tuple:
		out := make(lang.Tuple, len(x))
		for i, e := range x {
			var err error
			if out[i], err = rearranged(a, e); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, lang.Errorf(lang.TypeError, "kael's %s arrays: unexpected result %s", a.kindName(), lang.TypeName(r))
}

// iterateRows loops over the first dimension of a: rows, or elements of
// a 1-d array.
func iterateRows[A positionedArray[A]](a A, yield func(lang.Value) bool) error {
	idx := a.positionTensor()
	if idx.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "iteration over a 0-d array")
	}
	for i := 0; i < idx.Shape()[0]; i++ {
		v, err := a.GetSubscript([]lang.Subscript{{Value: int64(i)}})
		if err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
	return nil
}

// joinPositions is parts as positions into one storage of all their
// elements, for np functions that join: each part's positions as an
// int64 array of its shape.
func joinPositions[T any](parts []goArray[T]) ([]lang.Value, goArray[T], error) {
	all := goArray[T]{data: &[]T{}}
	pos := make([]lang.Value, len(parts))
	for i, part := range parts {
		xs, err := part.values()
		if err != nil {
			return nil, all, err
		}
		start := len(*all.data)
		*all.data = append(*all.data, xs...)
		t, err := tensor.Arange(float64(start), float64(len(*all.data)), 1, tensor.Int64)
		if err != nil {
			return nil, all, err
		}
		if t, err = t.Reshape(part.shape()...); err != nil {
			return nil, all, err
		}
		pos[i] = wrapArray(t)
	}
	return pos, all, nil
}

// alongAxis is the elements with axis (None: the flattened array) moved
// last, row-major: each run of the last dimension is one line along the
// axis; mshape is their shape and perm the order of the original axes
// in it (a 0-d array is one line of one).
func (g goArray[T]) alongAxis(axisArg lang.Value) (vals []T, mshape, perm []int, err error) {
	s := g
	if s.idx.Dim() == 0 {
		r, err := s.idx.Reshape(1)
		if err != nil {
			return nil, nil, nil, err
		}
		s = s.at(r)
	}
	axis, err := strAxis(axisArg, s.idx.Dim())
	if err != nil {
		return nil, nil, nil, err
	}
	if axis < 0 {
		r, err := s.idx.Reshape(-1)
		if err != nil {
			return nil, nil, nil, err
		}
		s, axis = s.at(r), 0
	}
	last := s.idx.Dim() - 1
	for i := 0; i <= last; i++ {
		if i != axis {
			perm = append(perm, i)
		}
	}
	perm = append(perm, axis)
	moved, err := s.idx.Permute(perm...)
	if err != nil {
		return nil, nil, nil, err
	}
	vals, err = s.at(moved).values()
	return vals, moved.Shape(), perm, err
}

// sortedLines sorts each line of n of vals stably by less (whose first
// error stops it): the order within each line and the sorted values.
func sortedLines[T any](vals []T, n int, less func(x, y T) (bool, error)) ([]int64, []T, error) {
	order := make([]int64, len(vals))
	sorted := make([]T, len(vals))
	var failed error
	for row := 0; row*n < len(vals); row++ {
		line := vals[row*n : row*n+n]
		ix := order[row*n : row*n+n]
		for i := range ix {
			ix[i] = int64(i)
		}
		sort.SliceStable(ix, func(i, j int) bool {
			if failed != nil {
				return false
			}
			r, err := less(line[ix[i]], line[ix[j]])
			if err != nil {
				failed = err
			}
			return r
		})
		for i, k := range ix {
			sorted[row*n+i] = line[k]
		}
	}
	return order, sorted, failed
}

// movedBack is t, of the moved shape alongAxis gives, with its axes put
// back in the array's order (none to put back for a flattened array).
func movedBack(t *tensor.Tensor, perm []int, axisArg lang.Value) (*tensor.Tensor, error) {
	if _, isNone := axisArg.(lang.NoneType); isNone {
		return t, nil
	}
	return t.Permute(inverse(perm)...)
}

// inverse is the permutation that undoes perm.
func inverse(perm []int) []int {
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p] = i
	}
	return inv
}

// sortOrder is np.argsort of a along axis: the stable order by less.
func sortOrder[T any](g goArray[T], axis lang.Value, less func(x, y T) (bool, error)) (lang.Value, error) {
	vals, mshape, perm, err := g.alongAxis(axis)
	if err != nil {
		return nil, err
	}
	order, _, err := sortedLines(vals, mshape[len(mshape)-1], less)
	if err != nil {
		return nil, err
	}
	t, err := tensor.FromSlice(order, mshape...)
	if err != nil {
		return nil, err
	}
	if t, err = movedBack(t, perm, axis); err != nil {
		return nil, err
	}
	c, err := t.Contiguous()
	return wrapArray(c), err
}

// sortedCopy is np.sort of a along axis by less: the sorted values in
// the array's shape (flattened for axis None), made an array by make.
func sortedCopy[T any, A positionedArray[A]](g goArray[T], axis lang.Value, less func(x, y T) (bool, error), make func(vals []T, shape []int) (A, error)) (A, error) {
	var none A
	vals, mshape, perm, err := g.alongAxis(axis)
	if err != nil {
		return none, err
	}
	_, sorted, err := sortedLines(vals, mshape[len(mshape)-1], less)
	if err != nil {
		return none, err
	}
	out, err := make(sorted, mshape)
	if err != nil {
		return none, err
	}
	back, err := movedBack(out.positionTensor(), perm, axis)
	if err != nil {
		return none, err
	}
	return out.view(back).copied()
}

// reprText is NumPy's array2string of the elements, each as text gives it.
func (g goArray[T]) reprText(separator, prefix string, linewidth int, opts printOptions, text func(T) string) string {
	return array2stringWith(g.idx, separator, prefix, linewidth, opts, func(p *printer, shown elements) func(int) string {
		return func(i int) string { return text((*g.data)[p.ints[i]]) }
	})
}

// valuesRepr is repr(a) of an array whose elements list gives
// (list(separator, prefix, linewidth)): array([...], dtype=...), the
// dtype on its own line when it does not fit, as NumPy's array_repr.
func valuesRepr(shape []int, numel int, list func(separator, prefix string, linewidth int) string, dtypeText string) string {
	opts := currentPrintOptions()
	prefix := "array("
	var lst string
	if numel > 0 || (len(shape) == 1 && shape[0] == 0) {
		lst = list(", ", prefix, opts.linewidth-1)
	} else {
		lst = "[], shape=" + tupleText(shape)
	}
	str := prefix + lst + ","
	suffix := "dtype=" + dtypeText + ")"
	spacer := " "
	lastLine := utf8.RuneCountInString(str[strings.LastIndex(str, "\n")+1:])
	if lastLine+len(suffix)+1 > opts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return str + spacer + suffix
}

// withNdmin is a with leading axes of one added up to ndmin dimensions
// (np.array's ndmin=): a view.
func withNdmin[A positionedArray[A]](a A, ndmin int) (A, error) {
	idx := a.positionTensor()
	for idx.Dim() < ndmin {
		var err error
		if idx, err = idx.Unsqueeze(0); err != nil {
			return a, err
		}
	}
	if idx == a.positionTensor() {
		return a, nil
	}
	return a.view(idx), nil
}

// defPositionedMethods defines the methods both kinds have, each in its
// kind's table.
func defPositionedMethods[A positionedArray[A]](methods map[string]*lang.Builtin) {
	def := func(sig, doc string, fn func(s A, a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			return fn(a.Value("self").(A), a)
		})
		methods[b.Name] = b
	}
	def("item(self, *args)", "One element as a Python value: the only one, or the one at a flat index or at indices.", func(s A, a *lang.Args) (lang.Value, error) {
		return itemOf(s, a.Value("args").(lang.Tuple))
	})
	def("view(self)", "A view of the array: the same elements.", func(s A, a *lang.Args) (lang.Value, error) {
		return s.view(s.positionTensor()), nil
	})
	def("copy(self)", "A copy of the array.", func(s A, a *lang.Args) (lang.Value, error) {
		return s.copied()
	})
	def("reshape(self, *shape)", "The array in a new shape (a view).", func(s A, a *lang.Args) (lang.Value, error) {
		shape, err := shapeArgs(a.Value("shape"))
		if err != nil {
			return nil, err
		}
		idx := s.positionTensor()
		r, err := reshapeOrder(idx, shape, 'C')
		if err != nil {
			return nil, reshapeError(idx, shape)
		}
		return s.view(r), nil
	})
	def("flatten(self)", "A 1-d copy of the array.", func(s A, a *lang.Args) (lang.Value, error) {
		c, err := s.copied()
		if err != nil {
			return nil, err
		}
		r, err := c.positionTensor().Reshape(-1)
		return c.view(r), err
	})
	def("ravel(self)", "The array as 1-d (a view when it can be).", func(s A, a *lang.Args) (lang.Value, error) {
		r, err := s.positionTensor().Reshape(-1)
		return s.view(r), err
	})
	def("transpose(self, *axes)", "The array with its axes reversed, or permuted as axes says (a view).", func(s A, a *lang.Args) (lang.Value, error) {
		axes := a.Value("axes").(lang.Tuple)
		if len(axes) == 0 {
			return s.view(s.positionTensor().T()), nil
		}
		dims, err := shapeArgs(axes)
		if err != nil {
			return nil, err
		}
		r, err := s.positionTensor().Permute(dims...)
		return s.view(r), err
	})
}

// itemOf is a.item(*args): the only element, the one at a flat index,
// or the one at indices (given apart or as one tuple).
func itemOf[A positionedArray[A]](s A, args lang.Tuple) (lang.Value, error) {
	if len(args) == 1 {
		if t, ok := args[0].(lang.Tuple); ok {
			args = t
		}
	}
	idx := s.positionTensor()
	switch len(args) {
	case 0:
		if idx.Numel() != 1 {
			return nil, lang.Errorf(lang.ValueError, "can only convert an array of size 1 to a Python scalar")
		}
		pos, err := positions(idx)
		if err != nil {
			return nil, err
		}
		return s.item(pos[0]), nil
	case 1:
		i, ok := lang.AsInt(args[0])
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(args[0]))
		}
		n := int64(idx.Numel())
		if i < -n || i >= n {
			return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for size %d", i, n)
		}
		if i < 0 {
			i += n
		}
		pos, err := positions(idx)
		if err != nil {
			return nil, err
		}
		return s.item(pos[i]), nil
	}
	subs := make([]lang.Subscript, len(args))
	for i, x := range args {
		subs[i] = lang.Subscript{Value: x}
	}
	sel, element, err := selectPositions(idx, subs, s.kindName())
	if err != nil {
		return nil, err
	}
	if !element {
		return nil, lang.Errorf(lang.ValueError, "can only convert an array of size 1 to a Python scalar")
	}
	p, _ := (&Scalar{t: sel}).Index()
	return s.item(p), nil
}
