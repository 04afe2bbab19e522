package numpy

import (
	"math"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// np.set_printoptions, np.get_printoptions and np.printoptions: the
// options array printing reads. As in NumPy they belong to the process,
// not to one session.

// printOptions are the options kael's printing honours.
type printOptions struct {
	precision, threshold, edgeitems, linewidth int
	suppress                                   bool
}

var defaultPrintOptions = printOptions{precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75}

var printOpts = struct {
	sync.Mutex
	o printOptions
}{o: defaultPrintOptions}

func currentPrintOptions() printOptions {
	printOpts.Lock()
	defer printOpts.Unlock()
	return printOpts.o
}

func setPrintOptions(o printOptions) {
	printOpts.Lock()
	defer printOpts.Unlock()
	printOpts.o = o
}

// printOptionParams are set_printoptions' parameters, in NumPy's order.
const printOptionParams = "precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, legacy=None"

// applyPrintOptions is o changed by set_printoptions' arguments in a.
func applyPrintOptions(o printOptions, a *lang.Args) (printOptions, error) {
	ints := []struct {
		name string
		to   *int
		min  int
	}{{"precision", &o.precision, 0}, {"threshold", &o.threshold, math.MinInt}, {"edgeitems", &o.edgeitems, 0}, {"linewidth", &o.linewidth, 1}}
	for _, p := range ints {
		if a.IsNone(p.name) {
			continue
		}
		v := a.Value(p.name)
		n, ok := lang.AsInt(v)
		if _, isBool := v.(bool); !ok || isBool {
			if p.name == "threshold" {
				return o, lang.Errorf(lang.TypeError, "threshold must be numeric")
			}
			if p.name == "precision" {
				return o, lang.Errorf(lang.TypeError, "precision must be an integer")
			}
			return o, lang.Errorf(lang.TypeError, "%s must be an int, not %s", p.name, lang.TypeName(v))
		}
		if n < int64(p.min) {
			return o, lang.Errorf(lang.ValueError, "%s must be at least %d", p.name, p.min)
		}
		*p.to = int(n)
	}
	if !a.IsNone("suppress") {
		t, err := lang.Truth(a.Value("suppress"))
		if err != nil {
			return o, err
		}
		o.suppress = t
	}
	if !a.IsNone("floatmode") && a.Str("floatmode") != "maxprec" {
		if err := a.Err(); err != nil {
			return o, err
		}
		return o, lang.Errorf(notImplementedError, "kael's NumPy prints with floatmode='maxprec' only, not %s", lang.Repr(a.Value("floatmode")))
	}
	if !a.IsNone("sign") && a.Str("sign") != "-" {
		if err := a.Err(); err != nil {
			return o, err
		}
		return o, lang.Errorf(notImplementedError, "kael's NumPy prints with sign='-' only, not %s", lang.Repr(a.Value("sign")))
	}
	for _, name := range []string{"nanstr", "infstr", "formatter", "legacy"} {
		if v := a.Value(name); !a.IsNone(name) && !(name == "legacy" && v == false) {
			return o, lang.Errorf(notImplementedError, "kael's np.set_printoptions has no %s=", name)
		}
	}
	return o, a.Err()
}

// printOptionsDict is get_printoptions(): NumPy's dict of every option.
func printOptionsDict(o printOptions) lang.Value {
	d := lang.NewDict()
	for _, kv := range []struct {
		k string
		v lang.Value
	}{
		{"edgeitems", int64(o.edgeitems)}, {"threshold", int64(o.threshold)}, {"floatmode", "maxprec"},
		{"precision", int64(o.precision)}, {"suppress", o.suppress}, {"linewidth", int64(o.linewidth)},
		{"nanstr", "nan"}, {"infstr", "inf"}, {"sign", "-"}, {"formatter", lang.None}, {"legacy", false},
	} {
		_ = d.Set(kv.k, kv.v)
	}
	return d
}

// printOptionsScope is what np.printoptions(...) returns: a context
// manager that sets the options on entering and restores them on leaving.
type printOptionsScope struct {
	set, saved printOptions
}

// TypeName returns "_GeneratorContextManager", as NumPy's contextmanager.
func (*printOptionsScope) TypeName() string { return "_GeneratorContextManager" }

// Enter sets the options and gives get_printoptions(), as NumPy's does.
func (s *printOptionsScope) Enter() (lang.Value, error) {
	s.saved = currentPrintOptions()
	setPrintOptions(s.set)
	return printOptionsDict(s.set), nil
}

// Exit restores the options there were.
func (s *printOptionsScope) Exit() { setPrintOptions(s.saved) }

func defPrintOptions(m map[string]lang.Value) {
	m["set_printoptions"] = lang.NewBuiltin(lang.AsValue, "set_printoptions("+printOptionParams+")", "Sets how arrays print: precision (digits after the point), threshold (elements above which an array is summarised), edgeitems, linewidth, suppress (no scientific notation for small numbers). Options not given keep their value.", func(a *lang.Args) (lang.Value, error) {
		o, err := applyPrintOptions(currentPrintOptions(), a)
		if err != nil {
			return nil, err
		}
		setPrintOptions(o)
		return lang.None, nil
	})
	m["get_printoptions"] = lang.NewBuiltin(lang.AsValue, "get_printoptions()", "The print options now, as a dict.", func(a *lang.Args) (lang.Value, error) {
		return printOptionsDict(currentPrintOptions()), nil
	})
	m["printoptions"] = lang.NewBuiltin(lang.AsValue, "printoptions("+printOptionParams+")", "A context manager: with np.printoptions(precision=3): ... prints with those options inside the block and restores the others after.", func(a *lang.Args) (lang.Value, error) {
		o, err := applyPrintOptions(currentPrintOptions(), a)
		if err != nil {
			return nil, err
		}
		return &printOptionsScope{set: o}, nil
	})
}
