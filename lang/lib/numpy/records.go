package numpy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Structured (record) arrays, the smallest true subset of NumPy's: a
// structured dtype of named fields of kael's dtypes, arrays of it made by
// np.zeros/ones/empty, np.array(list of tuples, dtype=) and
// np.rec.array, field access a['x'] (a view: writes show through),
// records a[i] (np.void, views too), slices, printing, tolist, and
// np.recarray's attribute access (r.x). kael keeps each field in its
// own tensor (columns) where NumPy interleaves them in one buffer, so a
// field's strides are its own dtype's, not the record's itemsize.

// StructDType is a structured dtype: np.dtype([('x', 'f4'), ('y', 'i8')]).
type StructDType struct {
	names  []string
	dts    []tensor.DType
	record bool // a recarray's, whose records are numpy.record
	// offsets and size are a view's layout (a[['x', 'z']] keeps the
	// fields where the whole record has them); nil offsets: packed.
	offsets []int
	size    int
}

var (
	_ lang.HasAttrs = (*StructDType)(nil)
	_ lang.Reprer   = (*StructDType)(nil)
)

// TypeName returns "numpy.dtype[void]".
func (*StructDType) TypeName() string { return "numpy.dtype[void]" }

// ClassName returns the same.
func (d *StructDType) ClassName() string { return d.TypeName() }

// newStructDType reads NumPy's list form: (name, format) pairs.
func newStructDType(v lang.Value) (*StructDType, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	d := &StructDType{}
	seen := map[string]bool{}
	for _, e := range elems {
		pair, ok := e.(lang.Tuple)
		if !ok || len(pair) != 2 {
			if ok && len(pair) == 3 {
				return nil, lang.Errorf(notImplementedError, "kael's structured dtypes have no subarray fields (a shape as a field's third item)")
			}
			return nil, lang.Errorf(lang.TypeError, "Field elements must be 2- or 3-tuples, got '%s'", lang.Repr(e))
		}
		name, ok := pair[0].(string)
		if !ok {
			if _, titled := pair[0].(lang.Tuple); titled {
				return nil, lang.Errorf(notImplementedError, "kael's structured dtypes have no field titles")
			}
			return nil, lang.Errorf(lang.TypeError, "First element of field tuple is neither a tuple nor str")
		}
		if seen[name] {
			return nil, lang.Errorf(lang.ValueError, "field '%s' occurs more than once", name)
		}
		seen[name] = true
		if _, nested := pair[1].(*lang.List); nested {
			return nil, lang.Errorf(notImplementedError, "kael's structured dtypes have no nested structured fields")
		}
		dt, err := toDType(pair[1])
		if err != nil {
			return nil, err
		}
		d.names = append(d.names, name)
		d.dts = append(d.dts, dt)
	}
	return d, nil
}

// fieldStr is a field's type as the dtype's repr shows it: '?' for
// bool, no byte order for one byte, else dtype.str.
func fieldStr(dt tensor.DType) string {
	if dt == tensor.Bool {
		return "?"
	}
	return strings.TrimPrefix(dtypeStr(dt), "|")
}

// String is str(dt): [('x', '<f4'), ('y', '<i8')], or (numpy.record,
// [...]) for a recarray's.
func (d *StructDType) String() string {
	if d.record {
		return "(numpy.record, " + d.fieldsText() + ")"
	}
	return d.fieldsText()
}

// fieldsText is the list of the fields, as repr and str show it, or
// NumPy's dict form for a layout with gaps: {'names': ['x', 'z'],
// 'formats': ['<i4', '<i2'], 'offsets': [0, 12], 'itemsize': 14}.
func (d *StructDType) fieldsText() string {
	if d.offsets != nil && !d.packed() {
		names := make([]string, len(d.names))
		formats := make([]string, len(d.names))
		offsets := make([]string, len(d.names))
		for i, n := range d.names {
			names[i] = lang.Repr(n)
			formats[i] = "'" + dtypeStr(d.dts[i]) + "'"
			offsets[i] = strconv.Itoa(d.offsets[i])
		}
		return fmt.Sprintf("{'names': [%s], 'formats': [%s], 'offsets': [%s], 'itemsize': %d}",
			strings.Join(names, ", "), strings.Join(formats, ", "), strings.Join(offsets, ", "), d.size)
	}
	parts := make([]string, len(d.names))
	for i, n := range d.names {
		parts[i] = "(" + lang.Repr(n) + ", '" + fieldStr(d.dts[i]) + "')"
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// PyRepr is repr(dt): dtype([('x', '<f4'), ('y', '<i8')]).
// A recarray's is dtype((numpy.record, [...])).
func (d *StructDType) PyRepr() string {
	return "dtype(" + d.String() + ")"
}

// Equal reports whether other is a structured dtype of the same fields.
func (d *StructDType) Equal(other lang.Value) bool {
	o, ok := other.(*StructDType)
	if !ok || len(o.names) != len(d.names) {
		return false
	}
	for i := range d.names {
		if d.names[i] != o.names[i] || d.dts[i] != o.dts[i] {
			return false
		}
	}
	return true
}

// HashKey hashes as its text.
func (d *StructDType) HashKey() (string, error) { return "dtype:" + d.fieldsText(), nil }

// fieldOffsets are the fields' byte offsets in a record.
func (d *StructDType) fieldOffsets() []int {
	if d.offsets != nil {
		return d.offsets
	}
	out := make([]int, len(d.dts))
	off := 0
	for i, dt := range d.dts {
		out[i] = off
		off += dt.Size()
	}
	return out
}

// packed reports whether the fields lie one after the other from 0 with
// nothing after them, as a dtype made from a list of fields.
func (d *StructDType) packed() bool {
	off := 0
	for i, dt := range d.dts {
		if d.fieldOffsets()[i] != off {
			return false
		}
		off += dt.Size()
	}
	return d.offsets == nil || d.size == off
}

// itemsize is the size of a record: the packed size, or a view's.
func (d *StructDType) itemsize() int {
	if d.offsets != nil {
		return d.size
	}
	n := 0
	for _, dt := range d.dts {
		n += dt.Size()
	}
	return n
}

// field is the index of the named field, or NumPy's error.
func (d *StructDType) field(name string) (int, error) {
	for i, n := range d.names {
		if n == name {
			return i, nil
		}
	}
	return 0, lang.Errorf(lang.ValueError, "no field of name %s", name)
}

// Length is len(dt), its number of fields.
func (d *StructDType) Length() (int64, error) { return int64(len(d.names)), nil }

// Attr gives names, fields, itemsize, descr, kind, char, str, name,
// isbuiltin and shape.
func (d *StructDType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "names":
		t := make(lang.Tuple, len(d.names))
		for i, n := range d.names {
			t[i] = n
		}
		return t, true
	case "fields":
		f := lang.NewDict()
		offs := d.fieldOffsets()
		for i, n := range d.names {
			_ = f.Set(n, lang.Tuple{dtypeOf(d.dts[i]), int64(offs[i])})
		}
		return f, true
	case "itemsize":
		return int64(d.itemsize()), true
	case "descr":
		out := make([]lang.Value, len(d.names))
		for i, n := range d.names {
			out[i] = lang.Tuple{n, dtypeStr(d.dts[i])}
		}
		return &lang.List{Elems: out}, true
	case "kind", "char":
		return "V", true
	case "str":
		return fmt.Sprintf("|V%d", d.itemsize()), true
	case "name":
		return fmt.Sprintf("void%d", 8*d.itemsize()), true
	case "isbuiltin":
		return int64(0), true
	case "shape":
		return lang.Tuple{}, true
	}
	return nil, false
}

// AttrNames lists them.
func (d *StructDType) AttrNames() []string {
	return []string{"char", "descr", "fields", "isbuiltin", "itemsize", "kind", "name", "names", "shape", "str"}
}

// GetSubscript is dt['x'] or dt[i]: a field's dtype.
func (d *StructDType) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	if len(subs) != 1 || subs[0].IsSlice {
		return nil, lang.Errorf(lang.TypeError, "Field key must be an integer field offset, single field name, or list of field names.")
	}
	switch k := subs[0].Value.(type) {
	case string:
		i, err := d.field(k)
		if err != nil {
			return nil, lang.Errorf(lang.KeyError, "\"Field named '%s' not found.\"", k)
		}
		return dtypeOf(d.dts[i]), nil
	default:
		n, ok := lang.AsInt(k)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "Field key must be an integer field offset, single field name, or list of field names.")
		}
		if n < 0 {
			n += int64(len(d.names))
		}
		if n < 0 || n >= int64(len(d.names)) {
			return nil, lang.Errorf(lang.IndexError, "Field index %d out of range.", k)
		}
		return dtypeOf(d.dts[n]), nil
	}
}

// RecordArray is an array of a structured dtype: one tensor per field,
// all of the array's shape; rec marks np.recarray (fields as
// attributes, printed as rec.array).
type RecordArray struct {
	dt     *StructDType
	fields []*tensor.Tensor
	rec    bool
}

var (
	_ lang.HasAttrs = (*RecordArray)(nil)
	_ lang.Reprer   = (*RecordArray)(nil)
)

// TypeName returns numpy.ndarray, or numpy.recarray.
func (r *RecordArray) TypeName() string {
	if r.rec {
		return "numpy.recarray"
	}
	return "numpy.ndarray"
}

// ClassName returns the same.
func (r *RecordArray) ClassName() string { return r.TypeName() }

func (r *RecordArray) shape() []int { return r.fields[0].Shape() }

// newRecordArray is an array of shape whose fields all hold fill.
func newRecordArray(shape []int, dt *StructDType, fill float64) (*RecordArray, error) {
	r := &RecordArray{dt: dt}
	for _, fdt := range dt.dts {
		v, err := full(shape, fill, fdt)
		if err != nil {
			return nil, err
		}
		arr, ok := v.(*Array)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "np.zeros gave %s, not an array", lang.TypeName(v))
		}
		r.fields = append(r.fields, arr.store)
	}
	return r, nil
}

// recordArrayFrom is np.array(data, dtype=dt): nested lists whose
// innermost items are tuples (or records) of one value per field.
func recordArrayFrom(data lang.Value, dt *StructDType) (*RecordArray, error) {
	cols := make([][]lang.Value, len(dt.names))
	var shape []int
	var walk func(v lang.Value, depth int) error
	walk = func(v lang.Value, depth int) error {
		if rec, ok := v.(*Record); ok {
			v = rec.tuple()
		}
		if t, ok := v.(lang.Tuple); ok {
			if depth < len(shape) {
				return lang.Errorf(lang.ValueError, "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions.", depth)
			}
			if len(t) != len(dt.names) {
				return lang.Errorf(lang.ValueError, "could not assign tuple of length %d to structure with %d fields.", len(t), len(dt.names))
			}
			for i, x := range t {
				cols[i] = append(cols[i], x)
			}
			return nil
		}
		elems, err := lang.Collect(v)
		if err != nil { // a number: the same value in every field
			if depth < len(shape) {
				return lang.Errorf(lang.ValueError, "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions.", depth)
			}
			for i := range cols {
				cols[i] = append(cols[i], v)
			}
			return nil
		}
		if depth == len(shape) {
			if len(cols[0]) > 0 {
				return lang.Errorf(lang.ValueError, "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions.", depth)
			}
			shape = append(shape, len(elems))
		} else if shape[depth] != len(elems) {
			return lang.Errorf(lang.ValueError, "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions.", depth)
		}
		for _, e := range elems {
			if err := walk(e, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(data, 0); err != nil {
		return nil, err
	}
	r := &RecordArray{dt: dt}
	for i, fdt := range dt.dts {
		t, err := arrayFrom(&lang.List{Elems: cols[i]}, fdt, true)
		if err != nil {
			return nil, err
		}
		if t, err = t.Reshape(shape...); err != nil {
			return nil, err
		}
		r.fields = append(r.fields, t)
	}
	return r, nil
}

// fieldArray is field i as an array over the same memory.
func (r *RecordArray) fieldArray(i int) *Array { return &Array{store: r.fields[i]} }

// Attr gives shape, dtype, ndim, size, itemsize, nbytes, tolist and
// copy, and for a recarray its fields by name.
func (r *RecordArray) Attr(name string) (lang.Value, bool) {
	if r.rec {
		if i, err := r.dt.field(name); err == nil {
			return r.fieldArray(i), true
		}
	}
	n := int64(r.fields[0].Numel())
	switch name {
	case "shape":
		return shapeTuple(r.shape()), true
	case "dtype":
		if r.rec {
			c := *r.dt
			c.record = true
			return &c, true
		}
		return r.dt, true
	case "ndim":
		return int64(len(r.shape())), true
	case "size":
		return n, true
	case "itemsize":
		return int64(r.dt.itemsize()), true
	case "nbytes":
		return n * int64(r.dt.itemsize()), true
	}
	if m, ok := recordMethods[name]; ok {
		return &lang.BoundMethod{Recv: r, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (r *RecordArray) AttrNames() []string {
	names := append([]string{"dtype", "itemsize", "nbytes", "ndim", "shape", "size"}, sortedKeys(recordMethods)...)
	if r.rec {
		names = append(names, r.dt.names...)
	}
	return names
}

// Length is len(a).
func (r *RecordArray) Length() (int64, error) {
	if len(r.shape()) == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return int64(r.shape()[0]), nil
}

// intIndex is subs as integer indices only (a record's position), or
// false.
func intIndex(subs []lang.Subscript) ([]int64, bool) {
	out := make([]int64, len(subs))
	for i, s := range subs {
		if s.IsSlice {
			return nil, false
		}
		if _, isBool := s.Value.(bool); isBool {
			return nil, false
		}
		n, ok := lang.AsInt(s.Value)
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// GetSubscript is a['x'] (the field, a view), a[i] (a record, a view),
// or a[...] of slices and index arrays (a record array).
func (r *RecordArray) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	if len(subs) == 1 {
		if names, ok := fieldNames(subs[0].Value); ok {
			return r.selectFields(names)
		}
		if name, ok := subs[0].Value.(string); ok {
			i, err := r.dt.field(name)
			if err != nil {
				return nil, err
			}
			return r.fieldArray(i), nil
		}
	}
	if err := tooManyIndices(subs, len(r.shape())); err != nil {
		return nil, err
	}
	if idx, ok := intIndex(subs); ok && len(idx) == len(r.shape()) {
		rec := &Record{dt: r.dt, rec: r.rec}
		for _, f := range r.fields {
			for d, n := range idx {
				size := f.Shape()[0]
				if n < -int64(size) || n >= int64(size) {
					return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for axis %d with size %d", n, d, size)
				}
				if n < 0 {
					n += int64(size)
				}
				var err error
				if f, err = f.Select(0, int(n)); err != nil {
					return nil, err
				}
			}
			rec.fields = append(rec.fields, f)
		}
		return rec, nil
	}
	out := &RecordArray{dt: r.dt, rec: r.rec}
	for i := range r.fields {
		v, err := r.fieldArray(i).GetSubscript(subs)
		if err != nil {
			return nil, err
		}
		a, ok := v.(*Array)
		if !ok {
			return nil, lang.Errorf(notImplementedError, "kael's record arrays take integers, slices and index arrays as indices")
		}
		out.fields = append(out.fields, a.val())
	}
	return out, nil
}

// SetSubscript is a['x'] = v (the field's elements) or a[...] = record
// (each field from the record's, or a tuple's, items).
func (r *RecordArray) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	if len(subs) == 1 {
		if name, ok := subs[0].Value.(string); ok {
			i, err := r.dt.field(name)
			if err != nil {
				return err
			}
			return r.fieldArray(i).SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, value)
		}
	}
	items, err := recordItems(value, len(r.dt.names))
	if err != nil {
		return err
	}
	for i := range r.fields {
		if err := r.fieldArray(i).SetSubscript(subs, items[i]); err != nil {
			return err
		}
	}
	return nil
}

// recordItems are a value assigned to records: one per field, from a
// tuple or a record, or the value itself for every field.
func recordItems(v lang.Value, n int) ([]lang.Value, error) {
	if rec, ok := v.(*Record); ok {
		v = rec.tuple()
	}
	items := make([]lang.Value, n)
	if t, ok := v.(lang.Tuple); ok {
		if len(t) != n {
			return nil, lang.Errorf(lang.ValueError, "could not assign tuple of length %d to structure with %d fields.", len(t), n)
		}
		copy(items, t)
		return items, nil
	}
	for i := range items {
		items[i] = v
	}
	return items, nil
}

// Iterate yields the records (or sub-arrays) along the first axis.
func (r *RecordArray) Iterate(yield func(lang.Value) bool) error {
	if len(r.shape()) == 0 {
		return lang.Errorf(lang.TypeError, "iteration over a 0-d array")
	}
	for i := range r.shape()[0] {
		v, err := r.GetSubscript([]lang.Subscript{{Value: int64(i)}})
		if err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
	return nil
}

// recordFormat fits each field's format to the shown elements and
// joins them as NumPy's StructuredVoidFormat does: (1.5, 7), (0.,).
func recordFormat(fields []*tensor.Tensor, shown elements) func(int) string {
	fmts := make([]func(int) string, len(fields))
	for k, f := range fields {
		fp := &printer{t: f, opts: shown.p.opts}
		if err := fp.load(); err != nil {
			return func(int) string { return "<record: " + err.Error() + ">" }
		}
		fmts[k] = formatterFor(f.DType(), elements{p: fp, idx: shown.idx}, false)
	}
	return func(i int) string {
		parts := make([]string, len(fmts))
		for k, f := range fmts {
			parts[k] = f(i)
		}
		if len(parts) == 1 {
			return "(" + parts[0] + ",)"
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
}

func (r *RecordArray) text(separator, prefix string, linewidth int) string {
	opts := currentPrintOptions()
	return array2stringWith(r.fields[0], separator, prefix, linewidth, opts, func(p *printer, shown elements) func(int) string {
		return recordFormat(r.fields, shown)
	})
}

// String is str(a): [(0., 0) (0., 0)].
func (r *RecordArray) String() string {
	return r.text(" ", "", currentPrintOptions().linewidth)
}

// PyRepr is repr(a): array([(0., 0)], dtype=[('x', '<f4'), ('y', '<i8')]),
// or rec.array(..., dtype=...) with the dtype on its own line.
func (r *RecordArray) PyRepr() string {
	opts := currentPrintOptions()
	prefix := "array("
	if r.rec {
		prefix = "rec.array("
	}
	var lst string
	shape := r.shape()
	if r.fields[0].Numel() > 0 || (len(shape) == 1 && shape[0] == 0) {
		lst = r.text(", ", prefix, opts.linewidth-1)
	} else {
		lst = "[], shape=" + tupleText(shape)
	}
	s := prefix + lst + ","
	dtypeText := "dtype=" + r.dt.String() + ")"
	spacer := " "
	lastLine := len(s) - (strings.LastIndex(s, "\n") + 1)
	if r.rec || lastLine+len(dtypeText)+1 > opts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return s + spacer + dtypeText
}

// tolist is a.tolist(): nested lists of tuples of Python numbers.
func (r *RecordArray) tolist() (lang.Value, error) {
	cols := make([]lang.Value, len(r.fields))
	for i, f := range r.fields {
		c, err := toPython(f)
		if err != nil {
			return nil, err
		}
		cols[i] = c
	}
	var zip func(cols []lang.Value) lang.Value
	zip = func(cols []lang.Value) lang.Value {
		if _, isList := cols[0].(*lang.List); !isList {
			return lang.Tuple(append([]lang.Value(nil), cols...))
		}
		n := len(cols[0].(*lang.List).Elems)
		out := make([]lang.Value, n)
		for j := range n {
			sub := make([]lang.Value, len(cols))
			for k, c := range cols {
				sub[k] = c.(*lang.List).Elems[j]
			}
			out[j] = zip(sub)
		}
		return &lang.List{Elems: out}
	}
	return zip(cols), nil
}

var recordMethods = map[string]*lang.Builtin{}

func init() {
	defineLater(func() {
		recordMethods["tolist"] = lang.NewBuiltin(lang.AsValue, "tolist(self)", "The records as nested lists of tuples of Python numbers.", func(a *lang.Args) (lang.Value, error) {
			return a.Value("self").(*RecordArray).tolist()
		})
		recordMethods["copy"] = lang.NewBuiltin(lang.AsValue, "copy(self)", "A copy of the record array.", func(a *lang.Args) (lang.Value, error) {
			r := a.Value("self").(*RecordArray)
			out := &RecordArray{dt: r.dt, rec: r.rec}
			for _, f := range r.fields {
				c, err := f.Clone()
				if err != nil {
					return nil, err
				}
				out.fields = append(out.fields, c)
			}
			return out, nil
		})
	})
}

// Record is a record of a structured array, np.void: a view of its
// fields (0-d tensors of the array's memory).
type Record struct {
	dt     *StructDType
	fields []*tensor.Tensor
	rec    bool
}

var (
	_ lang.HasAttrs = (*Record)(nil)
	_ lang.Reprer   = (*Record)(nil)
)

// TypeName returns "numpy.void", or "numpy.record" in a recarray.
func (r *Record) TypeName() string {
	if r.rec {
		return "numpy.record"
	}
	return "numpy.void"
}

// ClassName returns the same.
func (r *Record) ClassName() string { return r.TypeName() }

// tuple is the record's values as Python numbers.
func (r *Record) tuple() lang.Tuple {
	out := make(lang.Tuple, len(r.fields))
	for i, f := range r.fields {
		v, _ := toPython(f)
		out[i] = v
	}
	return out
}

// String is str(rec): (2., 7).
func (r *Record) String() string {
	opts := currentPrintOptions()
	return array2stringWith(r.fields[0], " ", "", opts.linewidth, opts, func(p *printer, shown elements) func(int) string {
		return recordFormat(r.fields, shown)
	})
}

// PyRepr is repr(rec), the same in NumPy 1.24.
func (r *Record) PyRepr() string { return r.String() }

// Attr gives dtype, tolist, and in a recarray the fields by name.
func (r *Record) Attr(name string) (lang.Value, bool) {
	if r.rec {
		if i, err := r.dt.field(name); err == nil {
			return wrap(r.fields[i]), true
		}
	}
	switch name {
	case "dtype":
		if r.rec {
			c := *r.dt
			c.record = true
			return &c, true
		}
		return r.dt, true
	case "tolist":
		return lang.NewBuiltin(lang.AsValue, "tolist()", "The record as a tuple of Python numbers.", func(*lang.Args) (lang.Value, error) {
			return r.tuple(), nil
		}), true
	}
	return nil, false
}

// AttrNames lists them.
func (r *Record) AttrNames() []string {
	names := []string{"dtype", "tolist"}
	if r.rec {
		names = append(names, r.dt.names...)
	}
	return names
}

// Length is the number of fields.
func (r *Record) Length() (int64, error) { return int64(len(r.fields)), nil }

// Iterate yields the fields' values.
func (r *Record) Iterate(yield func(lang.Value) bool) error {
	for _, f := range r.fields {
		if !yield(wrap(f)) {
			return nil
		}
	}
	return nil
}

// index is a field of the record by name or position.
func (r *Record) index(subs []lang.Subscript) (int, error) {
	if len(subs) != 1 || subs[0].IsSlice {
		return 0, lang.Errorf(notImplementedError, "kael's records take a field's name or position as an index")
	}
	if name, ok := subs[0].Value.(string); ok {
		return r.dt.field(name)
	}
	n, ok := lang.AsInt(subs[0].Value)
	if !ok {
		return 0, lang.Errorf(lang.IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
	}
	orig := n
	if n < 0 {
		n += int64(len(r.fields))
	}
	if n < 0 || n >= int64(len(r.fields)) {
		return 0, lang.Errorf(lang.IndexError, "invalid index (%d)", orig)
	}
	return int(n), nil
}

// GetSubscript is rec['x'] or rec[i]: the field's value, a NumPy scalar.
func (r *Record) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	i, err := r.index(subs)
	if err != nil {
		return nil, err
	}
	return wrap(r.fields[i]), nil
}

// SetSubscript is rec['x'] = v, written through to the array.
func (r *Record) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	i, err := r.index(subs)
	if err != nil {
		return err
	}
	return (&Array{store: r.fields[i]}).SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, value)
}

// structDTypeArg is a dtype= argument that is structured (a
// StructDType, or the list form), or nil.
func structDTypeArg(v lang.Value) (*StructDType, error) {
	var d *StructDType
	switch x := v.(type) {
	case *StructDType:
		d = x
	case *lang.List:
		var err error
		if d, err = newStructDType(x); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	if len(d.names) == 0 {
		return nil, lang.Errorf(notImplementedError, "kael's record arrays need at least one field")
	}
	return d, nil
}

var recModule = &lang.Module{Name: "numpy.rec", Attrs: map[string]lang.Value{}, Doc: "NumPy's record arrays: np.rec.array."}

func init() {
	defineLater(func() {
		recModule.Attrs["array"] = lang.NewBuiltin(lang.AsValue, "array(obj, dtype=None)", "A record array (np.recarray: fields as attributes) of obj, a record array or nested lists of tuples, with the structured dtype.", func(a *lang.Args) (lang.Value, error) {
			var r *RecordArray
			if src, ok := a.Value("obj").(*RecordArray); ok && a.IsNone("dtype") {
				c := *src
				r = &c
			} else {
				sd, err := structDTypeArg(a.Value("dtype"))
				if err != nil {
					return nil, err
				}
				if sd == nil {
					return nil, lang.Errorf(notImplementedError, "kael's np.rec.array takes a structured dtype= (or a record array)")
				}
				if r, err = recordArrayFrom(a.Value("obj"), sd); err != nil {
					return nil, err
				}
			}
			r.rec = true
			return r, nil
		})
		lang.RegisterModule("numpy.rec", "NumPy's record arrays.", func() *lang.Module { return recModule })
		recarrayClass = lang.NewBuiltin(lang.AsValue, "recarray(shape, dtype=None)", "A record array of shape and the structured dtype, its fields attributes; kael fills it with zeros where NumPy leaves memory uninitialised.", func(a *lang.Args) (lang.Value, error) {
			shape, err := shapeArg(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			sd, err := structDTypeArg(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			if sd == nil {
				return nil, lang.Errorf(notImplementedError, "kael's np.recarray takes a structured dtype=")
			}
			r, err := newRecordArray(shape, sd, 0)
			if err != nil {
				return nil, err
			}
			r.rec = true
			return r, nil
		})
		lang.RegisterClass(recarrayClass, "numpy.recarray")
		lang.RegisterSubclass("numpy.recarray", "numpy.ndarray")
	})
}

// recarrayClass is np.recarray.
var recarrayClass *lang.Builtin
