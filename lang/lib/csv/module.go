package csv

import (
	_ "embed" // module.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/io" // the modules module.py imports
	_ "github.com/kael-dev/kael/lang/lib/re"
)

//go:embed module.py
var source string

// writer is a csv writer: rows go to its file's write.
type writer struct {
	write lang.Value // the file's bound write
	d     dialect
}

var (
	_ lang.HasAttrs  = (*writer)(nil)
	_ lang.TypeNamer = (*writer)(nil)
)

// TypeName is _csv.writer.
func (w *writer) TypeName() string { return "_csv.writer" }

// Attr gives the writer's methods.
func (w *writer) Attr(name string) (lang.Value, bool) {
	if m, ok := writerMethods[name]; ok {
		return &lang.BoundMethod{Recv: w, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (w *writer) AttrNames() []string { return []string{"writerow", "writerows"} }

// writeRow writes one row, a sequence of fields.
func (w *writer) writeRow(a *lang.Args, row lang.Value) (lang.Value, error) {
	var fields []lang.Value
	if s, isStr := row.(string); isStr { // a str is a sequence of characters
		for _, c := range s {
			fields = append(fields, string(c))
		}
	} else {
		items, err := lang.Collect(row)
		if err != nil {
			return nil, lang.Errorf(Error, "iterable expected, not %s", lang.TypeName(row))
		}
		fields = items
	}
	line, err := formatRow(fields, w.d)
	if err != nil {
		return nil, err
	}
	return a.Call(w.write, line)
}

func selfWriter(a *lang.Args) *writer { return a.Value("self").(*writer) }

var writerMethods = map[string]*lang.Builtin{}

// writeOf finds the write method of a file argument.
func writeOf(f lang.Value) (lang.Value, error) {
	if h, ok := f.(lang.HasAttrs); ok {
		if w, ok := h.Attr("write"); ok && lang.Callable(w) {
			return w, nil
		}
	}
	return nil, lang.Errorf(lang.TypeError, "argument 1 must have a \"write\" method")
}

// linesOf reads the lines of a reader's iterable.
func linesOf(v lang.Value) ([]lang.Value, error) {
	lines, err := lang.Collect(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "argument 1 must be an iterator")
	}
	return lines, nil
}

// reader is _csv.reader: an iterator over the records of its lines,
// which counts the lines it has read (line_num), as DictReader asks.
type reader struct {
	rec  *records
	done bool
}

var (
	_ lang.Nexter    = (*reader)(nil)
	_ lang.Iterable  = (*reader)(nil)
	_ lang.HasAttrs  = (*reader)(nil)
	_ lang.TypeNamer = (*reader)(nil)
)

// TypeName is _csv.reader.
func (r *reader) TypeName() string { return "_csv.reader" }

// Next is the next record; ok is false at the end.
func (r *reader) Next() (lang.Value, bool, error) {
	if r.done {
		return nil, false, nil
	}
	v, ok, err := r.rec.next()
	if !ok || err != nil {
		r.done = true
	}
	return v, ok, err
}

// Iterate yields the records left.
func (r *reader) Iterate(yield func(lang.Value) bool) error {
	for {
		v, ok, err := r.Next()
		if err != nil || !ok {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// Attr gives line_num, the number of lines read so far.
func (r *reader) Attr(name string) (lang.Value, bool) {
	if name == "line_num" {
		return int64(r.rec.i), true
	}
	return nil, false
}

// AttrNames lists it.
func (r *reader) AttrNames() []string { return []string{"line_num"} }

var csvModule = &lang.Module{Name: "_csv", Attrs: map[string]lang.Value{
	"reader": lang.NewBuiltin(lang.AsValue, "reader(csvfile, dialect='excel')", "An iterator over the records of csvfile (an open file, or any iterable of lines), each a list of str; keywords delimiter, quotechar, quoting, lineterminator, skipinitialspace, strict.", func(a *lang.Args) (lang.Value, error) {
		d, err := dialectOf(a)
		if err != nil {
			return nil, err
		}
		lines, err := linesOf(a.Value("csvfile"))
		if err != nil {
			return nil, err
		}
		return &reader{rec: newRecords(lines, d)}, nil
	}).CollectKeywords(),
	"writer": lang.NewBuiltin(lang.AsValue, "writer(csvfile, dialect='excel')", "A writer of records to csvfile (anything with write): writerow(row), writerows(rows).", func(a *lang.Args) (lang.Value, error) {
		d, err := dialectOf(a)
		if err != nil {
			return nil, err
		}
		w, err := writeOf(a.Value("csvfile"))
		if err != nil {
			return nil, err
		}
		return &writer{write: w, d: d}, nil
	}).CollectKeywords(),
	"QUOTE_MINIMAL":    int64(quoteMinimal),
	"QUOTE_ALL":        int64(quoteAll),
	"QUOTE_NONNUMERIC": int64(quoteNonnumeric),
	"QUOTE_NONE":       int64(quoteNone),
	"Error":            lang.RegisterExceptionClass("csv.Error", "csv", "Error", "Exception"),
}}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "writerow(self, row)", "Writes one record; returns what the file's write returned.", func(a *lang.Args) (lang.Value, error) {
			return selfWriter(a).writeRow(a, a.Value("row"))
		}),
		lang.NewBuiltin(lang.AsValue, "writerows(self, rows)", "Writes each record of rows.", func(a *lang.Args) (lang.Value, error) {
			w := selfWriter(a)
			var ferr error
			err := lang.Iterate(a.Value("rows"), func(row lang.Value) bool {
				_, ferr = w.writeRow(a, row)
				return ferr == nil
			})
			if err == nil {
				err = ferr
			}
			return lang.None, err
		}),
	} {
		writerMethods[b.Name] = b
	}
	for k, v := range dialectFunctions {
		csvModule.Attrs[k] = v
	}
	lang.RegisterModule("_csv", "The part of csv written in Go: reader, writer and the dialect registry.",
		func() *lang.Module { return csvModule })
	lang.RegisterSourceModule("csv", "Python's csv: reader, writer, DictReader and DictWriter, the dialects (Dialect, excel, excel_tab, unix_dialect, register_dialect, get_dialect, list_dialects).", source)
}
