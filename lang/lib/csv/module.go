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
	// dict: a DictWriter's field names, restval and extrasaction.
	dict       bool
	fieldnames []lang.Value
	restval    lang.Value
	raiseExtra bool
}

var (
	_ lang.HasAttrs  = (*writer)(nil)
	_ lang.TypeNamer = (*writer)(nil)
)

// TypeName is _csv.writer or DictWriter.
func (w *writer) TypeName() string {
	if w.dict {
		return "DictWriter"
	}
	return "_csv.writer"
}

// Attr gives the writer's methods, and a DictWriter's fieldnames.
func (w *writer) Attr(name string) (lang.Value, bool) {
	if name == "fieldnames" && w.dict {
		return &lang.List{Elems: w.fieldnames}, true
	}
	if m, ok := writerMethods[name]; ok {
		if name == "writeheader" && !w.dict {
			return nil, false
		}
		return &lang.BoundMethod{Recv: w, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (w *writer) AttrNames() []string {
	if w.dict {
		return []string{"fieldnames", "writeheader", "writerow", "writerows"}
	}
	return []string{"writerow", "writerows"}
}

// writeRow writes one row (a sequence, or a DictWriter's dict).
func (w *writer) writeRow(a *lang.Args, row lang.Value) (lang.Value, error) {
	var fields []lang.Value
	if w.dict {
		d, ok := row.(*lang.Dict)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'keys'", lang.TypeName(row))
		}
		if w.raiseExtra {
			var wrong []string
			for _, k := range d.Keys() {
				found := false
				for _, f := range w.fieldnames {
					found = found || lang.Repr(f) == lang.Repr(k)
				}
				if !found {
					wrong = append(wrong, lang.Repr(k))
				}
			}
			if len(wrong) > 0 {
				msg := ""
				for i, s := range wrong {
					if i > 0 {
						msg += ", "
					}
					msg += s
				}
				return nil, lang.Errorf(lang.ValueError, "dict contains fields not in fieldnames: %s", msg)
			}
		}
		for _, f := range w.fieldnames {
			v, ok, err := d.Get(f)
			if err != nil {
				return nil, err
			}
			if !ok {
				v = w.restval
			}
			fields = append(fields, v)
		}
	} else {
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

// dictRows makes DictReader's dicts of rows.
func dictRows(rows []lang.Value, fieldnames []lang.Value, restkey, restval lang.Value) ([]lang.Value, []lang.Value, error) {
	i := 0
	if fieldnames == nil {
		for i < len(rows) && len(rows[i].(*lang.List).Elems) == 0 {
			i++
		}
		if i < len(rows) {
			fieldnames = rows[i].(*lang.List).Elems
			i++
		}
	}
	var out []lang.Value
	for ; i < len(rows); i++ {
		row := rows[i].(*lang.List).Elems
		if len(row) == 0 {
			continue
		}
		d := lang.NewDict()
		for j, f := range fieldnames {
			v := restval
			if j < len(row) {
				v = row[j]
			}
			if err := d.Set(f, v); err != nil {
				return nil, nil, err
			}
		}
		if len(row) > len(fieldnames) {
			if err := d.Set(restkey, &lang.List{Elems: append([]lang.Value(nil), row[len(fieldnames):]...)}); err != nil {
				return nil, nil, err
			}
		}
		out = append(out, d)
	}
	return out, fieldnames, nil
}

// dictReader is DictReader: an iterator over the rows as dicts, with
// fieldnames.
type dictReader struct {
	*lang.Iterator
	fieldnames []lang.Value
}

// Attr gives fieldnames.
func (r *dictReader) Attr(name string) (lang.Value, bool) {
	if name == "fieldnames" {
		if r.fieldnames == nil {
			return lang.None, true
		}
		return &lang.List{Elems: r.fieldnames}, true
	}
	return nil, false
}

// AttrNames lists it.
func (r *dictReader) AttrNames() []string { return []string{"fieldnames"} }

// TypeName is DictReader.
func (r *dictReader) TypeName() string { return "DictReader" }

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
		return lang.NewLazyIterator("_csv.reader", newRecords(lines, d).next), nil
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
	"DictReader": lang.NewBuiltin(lang.AsValue, "DictReader(f, fieldnames=None, restkey=None, restval=None, dialect='excel')", "An iterator over the records as dicts keyed by fieldnames (the first record when None).", func(a *lang.Args) (lang.Value, error) {
		d, err := dialectOf(a)
		if err != nil {
			return nil, err
		}
		lines, err := linesOf(a.Value("f"))
		if err != nil {
			return nil, err
		}
		rows, err := readAll(lines, d)
		if err != nil {
			return nil, err
		}
		var names []lang.Value
		if !a.IsNone("fieldnames") {
			if names, err = lang.Collect(a.Value("fieldnames")); err != nil {
				return nil, err
			}
		}
		dicts, names, err := dictRows(rows, names, a.Value("restkey"), a.Value("restval"))
		if err != nil {
			return nil, err
		}
		return &dictReader{Iterator: lang.NewIterator("DictReader", dicts), fieldnames: names}, nil
	}).CollectKeywords(),
	"DictWriter": lang.NewBuiltin(lang.AsValue, "DictWriter(f, fieldnames, restval='', extrasaction='raise', dialect='excel')", "A writer of dicts as records in the order of fieldnames: writeheader(), writerow(d), writerows(ds).", func(a *lang.Args) (lang.Value, error) {
		d, err := dialectOf(a)
		if err != nil {
			return nil, err
		}
		w, err := writeOf(a.Value("f"))
		if err != nil {
			return nil, err
		}
		names, err := lang.Collect(a.Value("fieldnames"))
		if err != nil {
			return nil, err
		}
		extras := a.Str("extrasaction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if extras != "raise" && extras != "ignore" {
			return nil, lang.Errorf(lang.ValueError, "extrasaction (%s) must be 'raise' or 'ignore'", extras)
		}
		return &writer{write: w, d: d, dict: true, fieldnames: names, restval: a.Value("restval"), raiseExtra: extras == "raise"}, nil
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
		lang.NewBuiltin(lang.AsValue, "writeheader(self)", "Writes the field names as a record.", func(a *lang.Args) (lang.Value, error) {
			w := selfWriter(a)
			line, err := formatRow(w.fieldnames, w.d)
			if err != nil {
				return nil, err
			}
			return a.Call(w.write, line)
		}),
	} {
		writerMethods[b.Name] = b
	}
	for k, v := range dialectFunctions {
		csvModule.Attrs[k] = v
	}
	lang.RegisterModule("_csv", "The part of csv written in Go: reader, writer, DictReader, DictWriter and the dialect registry.",
		func() *lang.Module { return csvModule })
	lang.RegisterSourceModule("csv", "Python's csv: reader, writer, DictReader and DictWriter, the dialects (Dialect, excel, excel_tab, unix_dialect, register_dialect, get_dialect, list_dialects).", source)
}
