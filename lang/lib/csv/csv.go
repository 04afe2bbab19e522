// Package csv is Python's csv module: reader, writer, DictReader and
// DictWriter over files and any iterable of lines or object with write,
// reading and writing as CPython 3.11's _csv does for the excel dialect
// and its common variations (delimiter, quotechar, quoting,
// lineterminator, skipinitialspace).
package csv

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// Error is the kind of csv.Error.
const Error lang.ErrorKind = "csv.Error"

// The quoting constants, with Python's values.
const (
	quoteMinimal    = 0
	quoteAll        = 1
	quoteNonnumeric = 2
	quoteNone       = 3
)

// dialect is the format of a reader or writer.
type dialect struct {
	delimiter        rune
	quotechar        rune
	quoting          int
	lineterminator   string
	skipInitialSpace bool
	strict           bool
	noDoubleQuote    bool // doublequote=False: a quote ends the quoted part of a field
}

var excel = dialect{delimiter: ',', quotechar: '"', quoting: quoteMinimal, lineterminator: "\r\n"}

// dialectOf reads the dialect argument and the format keywords.
func dialectOf(a *lang.Args) (dialect, error) {
	d, err := resolveDialect(a.Value("dialect"))
	if err != nil {
		return d, err
	}
	names, vals := a.Keywords()
	for i, n := range names {
		if err := setParam(&d, n, vals[i]); err != nil {
			return d, err
		}
	}
	return d, nil
}

// setParam sets the format parameter n of d to v, with _csv's errors.
func setParam(d *dialect, n string, v lang.Value) error {
	char := func() (rune, error) {
		s, ok := v.(string)
		if !ok {
			return 0, lang.Errorf(lang.TypeError, "\"%s\" must be string, not %s", n, lang.TypeName(v))
		}
		if len([]rune(s)) != 1 {
			return 0, lang.Errorf(lang.TypeError, "\"%s\" must be a 1-character string", n)
		}
		return []rune(s)[0], nil
	}
	var err error
	switch n {
	case "delimiter":
		d.delimiter, err = char()
	case "quotechar":
		if v == lang.None {
			return lang.Errorf(lang.TypeError, "quotechar must be set if quoting enabled")
		}
		d.quotechar, err = char()
	case "quoting":
		q, ok := lang.AsInt(v)
		if !ok || q < 0 || q > quoteNonnumeric {
			return lang.Errorf(lang.TypeError, "bad \"quoting\" value").WithHint("kael's csv has QUOTE_MINIMAL, QUOTE_ALL and QUOTE_NONNUMERIC")
		}
		d.quoting = int(q)
	case "lineterminator":
		s, ok := v.(string)
		if !ok {
			return lang.Errorf(lang.TypeError, "\"lineterminator\" must be a string")
		}
		d.lineterminator = s
	case "skipinitialspace":
		d.skipInitialSpace, err = lang.Truth(v)
	case "strict":
		d.strict, err = lang.Truth(v)
	case "doublequote":
		var b bool
		b, err = lang.Truth(v)
		d.noDoubleQuote = !b
	case "escapechar":
		if v != lang.None {
			return lang.Errorf(lang.TypeError, "kael's csv has no escapechar")
		}
	default:
		return lang.Errorf(lang.TypeError, "'%s' is an invalid keyword argument for this function", n)
	}
	return err
}

// dialectParams are the format parameters a dialect object has.
var dialectParams = []string{"delimiter", "doublequote", "escapechar", "lineterminator", "quotechar", "quoting", "skipinitialspace", "strict"}

// resolveDialect is the dialect v names (a registered name) or is (a
// Dialect, a class or object with the parameters as attributes, those
// it lacks excel's).
func resolveDialect(v lang.Value) (dialect, error) {
	if name, ok := v.(string); ok {
		registryMu.Lock()
		defer registryMu.Unlock()
		if d, ok := registry[name]; ok {
			return d, nil
		}
		return excel, lang.Errorf(Error, "unknown dialect").WithHint("the dialects are %s", strings.Join(registryOrder, ", "))
	}
	if o, ok := v.(*dialectObject); ok {
		return o.d, nil
	}
	d := excel
	for _, n := range dialectParams {
		p, err := lang.GetAttr(v, n)
		if err != nil {
			continue
		}
		if err := setParam(&d, n, p); err != nil {
			return d, err
		}
	}
	return d, nil
}

// The registry of dialects by name, as _csv's, shared by the sessions of
// a process.
var (
	registryMu    sync.Mutex
	registry      = map[string]dialect{"excel": excel, "excel-tab": excelTab, "unix": unix}
	registryOrder = []string{"excel", "excel-tab", "unix"}
	fieldLimit    = int64(128 * 1024)
)

var (
	excelTab = dialect{delimiter: '\t', quotechar: '"', quoting: quoteMinimal, lineterminator: "\r\n"}
	unix     = dialect{delimiter: ',', quotechar: '"', quoting: quoteAll, lineterminator: "\n"}
)

// The states of the parser, as _csv.c's.
const (
	startRecord = iota
	startField
	inField
	inQuotedField
	quoteInQuotedField
	eatCRNL
)

// parser reads records from lines.
type parser struct {
	d      dialect
	state  int
	field  []rune
	quoted bool // the field being read was quoted
	fields []lang.Value
	limit  int64 // field_size_limit when the reader was made
}

// add adds c to the field, which may be no longer than the limit.
func (p *parser) add(c rune) error {
	if int64(len(p.field)) >= p.limit {
		return lang.Errorf(Error, "field larger than field limit (%d)", p.limit)
	}
	p.field = append(p.field, c)
	return nil
}

// newParser is a parser of d, with the field size limit of now.
func newParser(d dialect) *parser {
	registryMu.Lock()
	defer registryMu.Unlock()
	return &parser{d: d, limit: fieldLimit}
}

func (p *parser) save() error {
	s := string(p.field)
	var v lang.Value = s
	if p.d.quoting == quoteNonnumeric && !p.quoted {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return lang.Errorf(lang.ValueError, "could not convert string to float: %s", lang.Repr(s))
		}
		v = f
	}
	p.fields = append(p.fields, v)
	p.field, p.quoted = nil, false
	return nil
}

// eol marks the end of a line.
const eol = -1

func (p *parser) char(c rune) error {
	d := p.d
	switch p.state {
	case startRecord:
		if c == eol {
			return nil
		}
		if c == '\n' || c == '\r' {
			p.state = eatCRNL
			return nil
		}
		p.state = startField
		fallthrough
	case startField:
		switch {
		case c == '\n' || c == '\r' || c == eol:
			if err := p.save(); err != nil {
				return err
			}
			if c == eol {
				p.state = startRecord
			} else {
				p.state = eatCRNL
			}
		case c == d.quotechar:
			p.state, p.quoted = inQuotedField, true
		case c == ' ' && d.skipInitialSpace:
		case c == d.delimiter:
			if err := p.save(); err != nil {
				return err
			}
		default:
			if err := p.add(c); err != nil {
				return err
			}
			p.state = inField
		}
	case inField:
		switch {
		case c == '\n' || c == '\r' || c == eol:
			if err := p.save(); err != nil {
				return err
			}
			if c == eol {
				p.state = startRecord
			} else {
				p.state = eatCRNL
			}
		case c == d.delimiter:
			if err := p.save(); err != nil {
				return err
			}
			p.state = startField
		default:
			if err := p.add(c); err != nil {
				return err
			}
		}
	case inQuotedField:
		switch {
		case c == eol:
		case c == d.quotechar && d.noDoubleQuote:
			p.state = inField // the quoted part ends, the field goes on
		case c == d.quotechar:
			p.state = quoteInQuotedField
		default:
			if err := p.add(c); err != nil {
				return err
			}
		}
	case quoteInQuotedField:
		switch {
		case c == d.quotechar:
			if err := p.add(c); err != nil {
				return err
			}
			p.state = inQuotedField
		case c == d.delimiter:
			if err := p.save(); err != nil {
				return err
			}
			p.state = startField
		case c == '\n' || c == '\r' || c == eol:
			if err := p.save(); err != nil {
				return err
			}
			if c == eol {
				p.state = startRecord
			} else {
				p.state = eatCRNL
			}
		case !d.strict:
			if err := p.add(c); err != nil {
				return err
			}
			p.state = inField
		default:
			return lang.Errorf(Error, "'%c' expected after '%c'", d.delimiter, d.quotechar)
		}
	case eatCRNL:
		switch {
		case c == '\n' || c == '\r':
		case c == eol:
			p.state = startRecord
		default:
			return lang.Errorf(Error, "new-line character seen in unquoted field - do you need to open the file in universal-newline mode?")
		}
	}
	return nil
}

// records reads the records of lines one by one, as _csv's reader.
type records struct {
	p     *parser
	lines []lang.Value
	i     int
}

func newRecords(lines []lang.Value, d dialect) *records {
	return &records{p: newParser(d), lines: lines}
}

// next returns the next record; ok is false at the end.
func (r *records) next() (lang.Value, bool, error) {
	p := r.p
	p.fields = nil
	for {
		if r.i >= len(r.lines) {
			if len(p.field) != 0 || p.state == inQuotedField {
				if p.d.strict {
					return nil, false, lang.Errorf(Error, "unexpected end of data")
				}
				if err := p.save(); err != nil {
					return nil, false, err
				}
				p.state = startRecord
				return &lang.List{Elems: p.fields}, true, nil
			}
			return nil, false, nil
		}
		line, ok := r.lines[r.i].(string)
		if !ok {
			return nil, false, lang.Errorf(Error, "iterator should return strings, not %s (the file should be opened in text mode)", lang.TypeName(r.lines[r.i]))
		}
		r.i++
		for _, c := range line {
			if err := p.char(c); err != nil {
				p.state, p.field = startRecord, nil
				return nil, false, err
			}
		}
		if err := p.char(eol); err != nil {
			return nil, false, err
		}
		if p.state == startRecord {
			return &lang.List{Elems: p.fields}, true, nil
		}
	}
}

// readAll parses every record of lines.
func readAll(lines []lang.Value, d dialect) ([]lang.Value, error) {
	r := newRecords(lines, d)
	var rows []lang.Value
	for {
		row, ok, err := r.next()
		if err != nil || !ok {
			return rows, err
		}
		rows = append(rows, row)
	}
}

// formatRow writes one record with the line terminator.
func formatRow(row []lang.Value, d dialect) (string, error) {
	var b strings.Builder
	for i, v := range row {
		if i > 0 {
			b.WriteRune(d.delimiter)
		}
		var s string
		numeric := false
		switch x := v.(type) {
		case lang.NoneType:
		case string:
			s = x
		case int64, float64, bool:
			s, numeric = lang.Str(x), true
		default:
			s = lang.Str(v)
		}
		quote := d.quoting == quoteAll || d.quoting == quoteNonnumeric && !numeric
		if !quote && d.quoting == quoteMinimal {
			quote = strings.ContainsRune(s, d.delimiter) || strings.ContainsRune(s, d.quotechar) ||
				strings.ContainsAny(s, "\r\n") || strings.ContainsAny(s, d.lineterminator) ||
				s == "" && len(row) == 1
		}
		if d.quoting == quoteNonnumeric && v == lang.None {
			quote = true
		}
		if d.noDoubleQuote && strings.ContainsRune(s, d.quotechar) {
			return "", lang.Errorf(Error, "need to escape, but no escapechar set")
		}
		if quote {
			b.WriteRune(d.quotechar)
			b.WriteString(strings.ReplaceAll(s, string(d.quotechar), string(d.quotechar)+string(d.quotechar)))
			b.WriteRune(d.quotechar)
		} else {
			b.WriteString(s)
		}
	}
	b.WriteString(d.lineterminator)
	return b.String(), nil
}
