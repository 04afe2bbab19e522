package lang

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Builtin is a function implemented in Go. Its signature is written in
// Python's notation, e.g. "sum(input, dim=None, keepdim=False)", and binds
// positional and keyword arguments as Python does. A builtin marked as a
// method is also reachable as a tensor method, with the tensor as its first
// argument (x.sum(dim=0)).
type Builtin struct {
	Name   string
	Sig    string
	Doc    string
	Method bool // also a tensor method
	Func   bool // also a global function (false for methods only)
	// acceptsKeywords collects unknown keyword arguments into Args instead
	// of refusing them, for builtins that forward them.
	acceptsKeywords bool
	// binds makes the builtin bind as a Python function does when it is a
	// class attribute read through an instance (the wrapper that
	// @torch.no_grad() makes of a method): self becomes its first argument.
	binds bool
	// sig is the signature the parameters are parsed from, Sig as it was
	// made (a library may rewrite Sig for help afterwards: a namedtuple
	// class's "P(x, y)" over its "P(*args)"); "" for no parameters.
	sig string
	// parsed is the *[]param of sig's parameters, parsed when a call,
	// help or a setter first needs them (params) rather than at
	// registration: most of the thousands of builtins are never called,
	// and their parameters were a seventh of the heap every collection
	// marks. Set once, atomically (sessions may call a builtin for the
	// first time at once); nil until then.
	parsed unsafe.Pointer
	fn     func(a *Args) (Value, error)
	// names are the names few builtins have beside Name, and their
	// examples; nil for none. (Apart, so that a Builtin is 96 bytes, not
	// 160: there are a thousand of them in the heap every collection
	// marks at start-up, four thousand with torch; TestBuiltinSize.)
	names *builtinNames
}

// builtinNames are a builtin's names beside Name, and the examples and
// the fast path few builtins have. They are replaced whole, never changed
// in place: copies of a builtin share them.
type builtinNames struct {
	// pyName, when set, makes argument errors those of a Python function
	// of that name (AsPythonFunction).
	pyName string
	// qualName is __qualname__ when it is not Name: "list.append" for
	// the method read from its class.
	qualName string
	// descr, when set, makes the builtin a method of a builtin class read
	// from the class, whose repr says what kind CPython's is: "method"
	// (<method 'upper' of 'str' objects>) or "slot wrapper" (<slot
	// wrapper '__add__' of 'int' objects>); qualName names the class.
	descr string
	// module is __module__ when a library names it (SetModule): "torch"
	// for torch.relu, so that pickle writes the function by reference.
	module string
	// examples are lines of code that show a use, shown by help and x?
	// (WithExamples); a test runs each of them against PyTorch.
	examples []string
	// fast answers the common positional calls without an Args (setFast);
	// nil for none.
	fast fastPath
	// pair answers a call of two arguments whose result is a pair
	// unpacked at once (q, r = divmod(a, b)) with its two elements, no
	// tuple (setPair); nil for none.
	pair pairPath
}

// pairPath answers a call of a builtin with the two positional arguments
// x and y whose result, a tuple of two, an assignment unpacks into two
// names at once: the tuple's elements, for the arguments it knows, as
// fastPath does (ok false, with nothing done, leaves the call to the
// builtin; no user code, no error).
type pairPath func(in *interp, x, y Value) (a, b Value, ok bool)

// setPair gives b the pair path f. Like registration, it must be used
// only while the program initialises.
func (b *Builtin) setPair(f pairPath) { b.editNames(func(n *builtinNames) { n.pair = f }) }

// fastPath answers a call of a builtin with n positional arguments
// alone, n at most 2, x and y being the arguments given (nil beyond n),
// ahead of binding an Args, for the arguments it knows (ints and floats,
// lists of them, strings): ok false, with nothing done, leaves the call
// to the builtin's Go function, which gives the same result, type and
// errors for every call the fast path answers. A fast path runs no user
// code and reports no error (the Go function reports them), and boxes an
// int or float result in the session's slabs (boxInt, boxFloat), so that
// such a call allocates nothing. (The arguments come by value: a slice
// passed through a func value escapes, and every caller's argument array
// would move to the heap.)
type fastPath func(in *interp, n int, x, y Value) (v Value, ok bool)

// setFast gives b the fast path f (nil: none). Like registration, it must
// be used only while the program initialises.
func (b *Builtin) setFast(f fastPath) { b.editNames(func(n *builtinNames) { n.fast = f }) }

// editNames replaces b's builtinNames by a copy that edit has changed
// (copies of b keep the old ones, as builtinNames' rule says).
func (b *Builtin) editNames(edit func(*builtinNames)) {
	names := builtinNames{}
	if b.names != nil {
		names = *b.names
	}
	edit(&names)
	b.names = &names
}

// fastPath is b's fast path, nil for none.
func (b *Builtin) fastPath() fastPath {
	if b.names == nil {
		return nil
	}
	return b.names.fast
}

// SetFloatFunc gives b, a builtin of one number whose Go function answers
// an int or float x with f(float(x)), a fast path for those arguments: f
// returns ok false where the Go function reports an error (a domain or
// range error), and the call goes to it. math.sqrt(x) then binds no
// Args and allocates nothing. It must be used only while the program
// initialises.
func (b *Builtin) SetFloatFunc(f func(x float64) (r float64, ok bool)) {
	b.setFast(func(in *interp, n int, arg, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		var x float64
		switch v := arg.(type) {
		case float64:
			x = v
		case int64:
			x = float64(v) // rounded to nearest, ties to even, as CPython's int to float
		default:
			return nil, false
		}
		r, ok := f(x)
		if !ok {
			return nil, false
		}
		return boxFloat(in.s, r), true
	})
}

// Examples are the lines of code that show a use of b, shown by help and
// x? (WithExamples); nil for none.
func (b *Builtin) Examples() []string {
	if b.names == nil {
		return nil
	}
	return b.names.examples
}

// SetModule makes module b's __module__: the module a library's function
// is an attribute of (torch for torch.relu), which pickle names to find
// it again. It must be called while the library defines itself.
func (b *Builtin) SetModule(module string) {
	b.editNames(func(n *builtinNames) { n.module = module })
}

// Module is what SetModule set, or "".
func (b *Builtin) Module() string {
	if b.names == nil {
		return ""
	}
	return b.names.module
}

// pyName, qualName and descr read b's names ("" when unset).
func (b *Builtin) pyName() string {
	if b.names == nil {
		return ""
	}
	return b.names.pyName
}

func (b *Builtin) qualName() string {
	if b.names == nil {
		return ""
	}
	return b.names.qualName
}

func (b *Builtin) descr() string {
	if b.names == nil {
		return ""
	}
	return b.names.descr
}

type param struct {
	name     string
	def      Value // default; nil when required
	variadic bool  // *name collects the remaining positional arguments
	kwOnly   bool
	posOnly  bool // before '/': a keyword of its name goes to **kwargs, or is an error
	// key is the string data of the name an accessor last found this
	// parameter by (Args.Value("input")): a Go string constant has one
	// address, so that the next lookup compares addresses, not bytes
	// (paramIndex). Read and written atomically; nil until a lookup.
	key unsafe.Pointer
}

// builtins is the global table of builtin functions, by name.
var builtins = map[string]*Builtin{}

// methods is the table of tensor methods, by name.
var methods = map[string]*Builtin{}

// Builtins returns the names of all builtin functions, sorted, the
// libraries' included (it defines them).
func Builtins() []string {
	loadLibraries()
	return sortedKeys(builtins)
}

// Methods returns the names of all tensor methods and attributes, sorted.
func Methods() []string {
	loadLibraries()
	names := sortedKeys(methods)
	for name := range attributes {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// BuiltinKind says where NewBuiltin registers a builtin.
type BuiltinKind int

// The kinds of builtin.
const (
	// AsValue registers nothing: the builtin is a value to place where it
	// belongs, in a module's Attrs, a class or a type's methods.
	AsValue  BuiltinKind = 0
	AsFunc   BuiltinKind = 1 << 0 // a global function
	AsMethod BuiltinKind = 1 << 1 // a tensor method
	AsBoth               = AsFunc | AsMethod
)

// NewBuiltin makes a function implemented in Go from its signature in
// Python's notation, "name(a, b=1, *rest, c=None)", which drives argument
// binding, help(), completion and the language reference; doc is its help
// text. A kind other than AsValue also registers it, as a global function
// or a tensor method, and must be used only while the program
// initialises (in an init function). NewBuiltin panics on a malformed
// signature or a name registered twice: programming errors caught by
// every test run.
//
// A module's function is an AsValue builtin in the module's Attrs:
//
//	"loads": lang.NewBuiltin(lang.AsValue, "loads(s)", "Decodes JSON.", func(a *lang.Args) (lang.Value, error) {
//		s := a.Str("s")
//		if err := a.Err(); err != nil {
//			return nil, err
//		}
//		return decode(s)
//	}),
func NewBuiltin(kind BuiltinKind, sig, doc string, fn func(a *Args) (Value, error)) *Builtin {
	// The whole signature is checked here, so that a malformed one still
	// panics at registration; the parameters are parsed when first
	// needed (params).
	name, err := checkSignature(sig)
	if err != nil {
		panic(fmt.Sprintf("builtin %q: %v", sig, err))
	}
	b := &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, fn: fn}
	b.register(kind)
	return b
}

// params returns b's parameters, parsing sig the first time they are
// asked for. The slice is shared: only the setters below (setParams,
// while the program initialises) replace it.
func (b *Builtin) params() []param {
	if p := (*[]param)(atomic.LoadPointer(&b.parsed)); p != nil {
		return *p
	}
	return b.parseParams()
}

// parseParams is params' first call: it parses sig and keeps the result,
// or the one another goroutine kept first.
func (b *Builtin) parseParams() []param {
	var ps []param
	if b.sig != "" {
		var err error
		if _, ps, err = parseSignature(b.sig); err != nil { // NewBuiltin checked it first
			panic(fmt.Sprintf("builtin %q: %v", b.sig, err))
		}
	}
	atomic.CompareAndSwapPointer(&b.parsed, nil, unsafe.Pointer(&ps))
	return *(*[]param)(atomic.LoadPointer(&b.parsed))
}

// setParams replaces b's parameters (a setter's change, or the ones of
// the builtin b copies).
func (b *Builtin) setParams(ps []param) { atomic.StorePointer(&b.parsed, unsafe.Pointer(&ps)) }

// Alias registers, as kind says, a copy of b under another name with the
// help text doc: the same parameters (out= included), defaults and Go
// function, as PyTorch's arccos is acos. Like NewBuiltin, it must be used
// only while the program initialises, and panics on a name registered
// twice.
func (b *Builtin) Alias(kind BuiltinKind, name, doc string) *Builtin {
	c := *b
	c.Name, c.Doc = name, doc
	c.Sig = name + strings.TrimPrefix(b.Sig, b.Name)
	if p := (*[]param)(atomic.LoadPointer(&b.parsed)); p != nil {
		c.setParams(slices.Clone(*p)) // a setter's change: Sig may not say it
	}
	if len(c.Examples()) > 0 {
		names := *c.names
		names.examples = nil
		c.names = &names
	}
	c.register(kind)
	return &c
}

// register enters b in the tables of global functions and tensor methods
// as kind says.
func (b *Builtin) register(kind BuiltinKind) {
	b.Method, b.Func = kind&AsMethod != 0, kind&AsFunc != 0
	name := b.Name
	if b.Func {
		if _, dup := builtins[name]; dup {
			panic("duplicate builtin " + name)
		}
		builtins[name] = b
	}
	if b.Method {
		if _, dup := methods[name]; dup {
			panic("duplicate method " + name)
		}
		methods[name] = b
	}
}

// WithExamples adds lines of code that show a use of b to its help. It
// returns b.
func (b *Builtin) WithExamples(code ...string) *Builtin {
	b.editNames(func(n *builtinNames) { n.examples = append(slices.Clip(n.examples), code...) })
	return b
}

// CollectKeywords makes b take keyword arguments its signature does not
// name, as a Python function with **kwargs: Args.Keywords returns them.
// It returns b.
func (b *Builtin) CollectKeywords() *Builtin {
	b.acceptsKeywords = true
	return b
}

// parseSignature reads "name(a, b=1, *size, c=None)".
func parseSignature(sig string) (string, []param, error) {
	open := strings.IndexByte(sig, '(')
	if open < 0 || !strings.HasSuffix(sig, ")") {
		return "", nil, fmt.Errorf("no parameter list")
	}
	name := sig[:open]
	inner := strings.TrimSpace(sig[open+1 : len(sig)-1])
	var params []param
	kwOnly := false
	if inner == "" {
		return name, nil, nil
	}
	for _, part := range splitTopLevel(inner) {
		part = strings.TrimSpace(part)
		switch {
		case part == "*":
			kwOnly = true
			continue
		case part == "/": // the parameters before it are positional-only
			for i := range params {
				params[i].posOnly = true
			}
			continue
		case strings.HasPrefix(part, "*"):
			params = append(params, param{name: part[1:], variadic: true})
			kwOnly = true
			continue
		}
		p := param{name: part, kwOnly: kwOnly}
		if eq := strings.IndexByte(part, '='); eq >= 0 {
			p.name = strings.TrimSpace(part[:eq])
			v, err := literal(strings.TrimSpace(part[eq+1:]))
			if err != nil {
				return "", nil, err
			}
			p.def = v
		}
		params = append(params, p)
	}
	return name, params, nil
}

// checkSignature returns the name of the signature sig and the error
// parseSignature would return for it, without building its parameters:
// it evaluates only the defaults (whose errors are the only others), and
// walks the parameters without a slice of them. NewBuiltin calls it for
// every builtin at start-up, where parsing each signature whole, only to
// drop its parameters, was a fifth of `kael -c 1`'s time
// (docs/performance.md).
func checkSignature(sig string) (string, error) {
	open := strings.IndexByte(sig, '(')
	if open < 0 || !strings.HasSuffix(sig, ")") {
		return "", fmt.Errorf("no parameter list")
	}
	rest := strings.TrimSpace(sig[open+1 : len(sig)-1])
	for more := rest != ""; more; {
		var part string
		part, rest, more = cutTopLevel(rest)
		part = strings.TrimSpace(part)
		if strings.HasPrefix(part, "*") { // *, *args: no default
			continue
		}
		if eq := strings.IndexByte(part, '='); eq >= 0 {
			if _, err := literal(strings.TrimSpace(part[eq+1:])); err != nil {
				return "", err
			}
		}
	}
	return sig[:open], nil
}

// cutTopLevel returns the text of s before its first comma outside
// brackets and the text after it, and whether there was one (as
// strings.Cut).
func cutTopLevel(s string) (part, rest string, found bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				return s[:i], s[i+1:], true
			}
		}
	}
	return s, "", false
}

// splitTopLevel splits s at its commas outside brackets, as cutTopLevel
// finds them one at a time.
func splitTopLevel(s string) []string {
	var parts []string
	for {
		part, rest, more := cutTopLevel(s)
		parts = append(parts, part)
		if !more {
			return parts
		}
		s = rest
	}
}

// literal evaluates a constant default value from a signature.
func literal(src string) (Value, error) {
	if v, ok := plainLiteral(src); ok {
		return v, nil
	}
	x, err := syntax.ParseExpr(src)
	if err != nil {
		return nil, err
	}
	return newInterp(nil, nil, "", "", nil).eval(x)
}

// Args holds the arguments of one builtin call, bound to its parameters.
// It is valid only while the call runs (the binder reuses it afterwards):
// keep the values, never the Args.
//
// Its accessors (Tensor, Int, Str, ...) are sticky, like a bufio.Scanner:
// each returns just the value, and an argument of the wrong type makes it
// return a zero value and record a TypeError (helpers such as tensorArg
// record their own errors about the arguments the same way). The first
// error recorded stays and later ones are dropped, so a call reports the
// first bad argument it read. A builtin reads its arguments, then checks
// once:
//
//	x, dim := a.Tensor("input"), a.Int("dim")
//	if err := a.Err(); err != nil {
//		return nil, err
//	}
//	return result(autograd.Unsqueeze(x, dim))
//
// A builtin that needs an argument's value to decide what to read next
// checks Err before it uses the value. Value and IsNone never fail.
type Args struct {
	b    *Builtin
	vals []Value // by parameter; nil when not given and no default
	in   *interp
	// kwNames and kwVals hold the keyword arguments a builtin with
	// acceptsKeywords did not declare.
	kwNames []string
	kwVals  []Value
	err     *Error   // the first error recorded by fail
	buf     [4]Value // vals of a builtin with few parameters
	npos    int      // how many arguments were positional
	bound   bool     // called as a bound method: the first is the receiver
	// rest holds, in restBuf, the arguments of a *args parameter bound
	// positionally (bindPositional) until something asks for its Tuple:
	// vals[restAt-1] is nil until then (restTuple). restAt is 0 when no
	// parameter waits. A builtin of the engine that keeps nothing reads
	// them without a copy (variadic); every Tuple handed out is its own,
	// which a builtin may keep (a result that holds *args).
	rest    []Value
	restBuf [4]Value
	restAt  int
}

// bind matches positional and keyword arguments to b's parameters.
func (b *Builtin) bind(in *interp, pos []Value, kwNames []string, kwVals []Value) (*Args, error) {
	if len(kwNames) == 0 {
		if a := b.bindPositional(in, pos); a != nil {
			a.npos = len(pos)
			return a, nil
		}
	} else if e := noKeywordsError(b); e != nil {
		return nil, e
	}
	sig := signature{name: b.Name, params: b.params(), keywords: b.acceptsKeywords, of: b}
	if py := b.pyName(); py != "" {
		sig.name, sig.python = py, true
	}
	vals, extra, err := sig.bind(pos, kwNames, kwVals)
	if err != nil {
		if builtins[b.Name] == b { // Python's builtin: CPython's count check and names
			if e := arityError(b.Name, len(pos), kwNames); e != nil {
				return nil, e
			}
			if p, n, v, ok := firstByKeyword(b.Name, pos, kwNames, kwVals); ok {
				return b.bind(in, p, n, v)
			}
		}
		return nil, err
	}
	a := in.newArgs()
	a.b, a.vals, a.in, a.npos = b, vals, in, len(pos)
	for _, kw := range extra {
		a.kwNames, a.kwVals = append(a.kwNames, kw.name), append(a.kwVals, kw.value)
	}
	return a, nil
}

// newArgs returns a zero Args for one builtin call, reusing one that a
// finished call gave back (releaseArgs): a builtin call then allocates
// nothing of its own.
func (in *interp) newArgs() *Args {
	if in == nil || in.s == nil || len(in.s.argsPool) == 0 {
		return &Args{}
	}
	pool := in.s.argsPool
	a := pool[len(pool)-1]
	in.s.argsPool = pool[:len(pool)-1]
	return a
}

// releaseArgs gives back the Args of a finished builtin call. An Args is
// valid only during its call: a builtin that needs an argument later (in a
// closure or a value it returns) keeps the argument, never the Args.
func (in *interp) releaseArgs(a *Args) {
	if in == nil || in.s == nil {
		return
	}
	// Only the room the call used is cleared: clearing pointers in a
	// heap object runs the write barrier over each while the collector
	// marks. vals is in buf or beyond it (then buf is unused).
	clear(a.buf[:min(len(a.vals), len(a.buf))])
	clear(a.restBuf[:len(a.rest)])
	a.b, a.vals, a.in, a.rest = nil, nil, nil, nil
	if a.kwNames != nil || a.kwVals != nil || a.err != nil {
		a.kwNames, a.kwVals, a.err = nil, nil, nil
	}
	a.npos, a.bound, a.restAt = 0, false, 0
	in.s.argsPool = append(in.s.argsPool, a)
}

// bindPositional binds positional arguments alone, the common call,
// without allocating for a builtin of at most four parameters and four
// arguments to its *args (pos itself is not kept: the caller may reuse
// it): it returns nil, for bind's general rules and messages, unless they
// fill the parameters that are not keyword-only, the ones beyond going
// to a *args parameter, and every parameter left has a default.
func (b *Builtin) bindPositional(in *interp, pos []Value) *Args {
	a := in.newArgs()
	a.b, a.in = b, in
	vals := a.buf[:0]
	params := b.params()
	if len(params) > len(a.buf) {
		vals = make([]Value, 0, len(params))
	}
	n := 0 // the positional arguments bound so far
	for _, p := range params {
		switch {
		case p.variadic:
			switch {
			case n == len(pos):
				vals = append(vals, emptyTuple)
			case len(pos)-n <= len(a.restBuf): // a Tuple when asked for (restTuple)
				a.rest = append(a.restBuf[:0], pos[n:]...)
				vals = append(vals, nil)
				a.restAt = len(vals)
			default:
				vals = append(vals, append(Tuple(nil), pos[n:]...))
			}
			n = len(pos)
		case !p.kwOnly && n < len(pos):
			vals = append(vals, pos[n])
			n++
		case p.def == nil:
			a.vals = vals // for releaseArgs to clear
			in.releaseArgs(a)
			return nil
		default:
			vals = append(vals, p.def)
		}
	}
	if n < len(pos) {
		a.vals = vals
		in.releaseArgs(a)
		return nil
	}
	a.vals = vals
	return a
}

// emptyTuple is the Tuple of a *args parameter given nothing, boxed once:
// no one can change an empty tuple's elements.
var emptyTuple Value = Tuple{}

// restTuple makes the Tuple of the *args parameter that bindPositional
// left waiting, a copy of the call's arguments that the builtin may keep.
func (a *Args) restTuple() {
	if a.restAt > 0 {
		a.vals[a.restAt-1] = append(Tuple(nil), a.rest...)
		a.restAt = 0
	}
}

// variadic returns the arguments of the *args parameter at index i
// without copying them: the slice belongs to the call, for an engine
// builtin that reads them and keeps neither it nor a part of it.
func (a *Args) variadic(i int) []Value {
	if a.restAt == i+1 {
		return a.rest
	}
	t, _ := a.vals[i].(Tuple)
	return t
}

// signature is what binding arguments needs to know of a callable, builtin
// or user-defined.
type signature struct {
	name     string // for messages
	params   []param
	keywords bool                                // unknown keyword arguments are returned, as for **kwargs
	of       interface{ signatureText() string } // the callable, for hints; asked only on errors
	python   bool                                // CPython's messages for a Python function's call
}

// signatureText returns b's signature as help shows it.
func (b *Builtin) signatureText() string { return b.Sig }

// keywordArg is a keyword argument that no parameter takes.
type keywordArg struct {
	name  string
	value Value
}

// bind binds call arguments to the parameters with Python's rules. It
// returns one value per parameter (a Tuple for a variadic one) and, when
// the signature collects them, the keyword arguments no parameter takes.
func (s signature) bind(pos []Value, kwNames []string, kwVals []Value) ([]Value, []keywordArg, error) {
	vals := make([]Value, len(s.params))
	given := make([]bool, len(s.params))
	i := 0
	for _, v := range pos {
		if i >= len(s.params) || s.params[i].kwOnly && !s.params[i].variadic {
			if s.python {
				return nil, nil, pythonTooMany(s.name, s.params, len(pos), kwNames)
			}
			return nil, nil, Errorf(TypeError, "%s() takes %s positional arguments but %d were given", s.name, positionalRange(s.params), len(pos))
		}
		p := s.params[i]
		if p.variadic {
			t, _ := vals[i].(Tuple)
			vals[i] = append(t, v)
			given[i] = true
			continue
		}
		vals[i], given[i] = v, true
		i++
	}
	var extra []keywordArg
	for k, name := range kwNames {
		j := slices.IndexFunc(s.params, func(p param) bool { return p.name == name && !p.variadic })
		if j >= 0 && s.params[j].posOnly {
			j = -1 // f(a, /, **kw) called as f(1, a=2): kw is {'a': 2}
		}
		if j < 0 && !s.keywords {
			if err := s.positionalOnlyByKeyword(kwNames); err != nil {
				return nil, nil, err
			}
		}
		if j < 0 {
			j = s.numpyAlias(name)
		}
		if j < 0 {
			if v := s.sizeKeyword(name); v >= 0 {
				if given[v] {
					return nil, nil, Errorf(TypeError, "%s() got multiple values for argument '%s'", s.name, name)
				}
				vals[v], given[v] = Tuple{kwVals[k]}, true
				continue
			}
		}
		switch {
		case j < 0 && s.keywords:
			if slices.ContainsFunc(extra, func(kw keywordArg) bool { return kw.name == name }) {
				return nil, nil, Errorf(TypeError, "%s() got multiple values for keyword argument '%s'", s.name, name)
			}
			extra = append(extra, keywordArg{name, kwVals[k]})
			continue
		case j < 0:
			err := Errorf(TypeError, "%s() got an unexpected keyword argument '%s'", s.name, name)
			if hint := suggestHint(name, paramNames(s.params)); hint != "" {
				err.Hint = hint
			} else {
				err.WithHint("the signature is %s", s.of.signatureText())
			}
			return nil, nil, err
		case given[j]:
			return nil, nil, Errorf(TypeError, "%s() got multiple values for argument '%s'", s.name, name)
		}
		vals[j], given[j] = kwVals[k], true
	}
	if s.python {
		if err := s.missingUserArgs(given); err != nil {
			return nil, nil, err
		}
	}
	for j, p := range s.params {
		switch {
		case given[j]:
		case p.variadic:
			vals[j] = Tuple{}
		case p.def != nil:
			vals[j] = p.def
		default:
			return nil, nil, Errorf(TypeError, "%s() missing required argument '%s'", s.name, p.name).
				WithHint("the signature is %s", s.of.signatureText())
		}
	}
	return vals, extra, nil
}

// positionalOnlyByKeyword is CPython's error for a call that gives
// positional-only parameters by keyword, kwNames being its keywords, or
// nil when it gives none.
func (s signature) positionalOnlyByKeyword(kwNames []string) *Error {
	var names []string
	for _, name := range kwNames {
		if slices.ContainsFunc(s.params, func(p param) bool { return p.posOnly && p.name == name }) {
			names = append(names, name)
		}
	}
	if names == nil {
		return nil
	}
	return Errorf(TypeError, "%s() got some positional-only arguments passed as keyword arguments: '%s'", s.name, strings.Join(names, ", "))
}

// paramNames returns the names of the parameters that can be given by
// keyword.
func paramNames(ps []param) []string {
	var names []string
	for _, p := range ps {
		if !p.variadic {
			names = append(names, p.name)
		}
	}
	return names
}

// positionalRange is how many positional arguments a builtin takes:
// "2", or "from 1 to 2" where some have defaults, as CPython words it for
// a Python function and NumPy's argument parser for its builtins
// ("array() takes from 1 to 2 positional arguments but 4 were given").
func positionalRange(ps []param) string {
	lo, hi := 0, 0
	for _, p := range ps {
		if p.kwOnly || p.variadic {
			continue
		}
		hi++
		if p.def == nil {
			lo++
		}
	}
	if lo != hi {
		return fmt.Sprintf("from %d to %d", lo, hi)
	}
	return strconv.Itoa(hi)
}

// paramIndex returns the index of b's parameter name, or -1. An
// accessor's name is most often a string constant: a parameter remembers
// the address of the last name that found it (param.key), so that a
// builtin's accessors compare an address per parameter, not the bytes of
// names, from their second call on.
func (b *Builtin) paramIndex(name string) int {
	ps := b.params()
	key := unsafe.Pointer(unsafe.StringData(name))
	for i := range ps {
		if atomic.LoadPointer(&ps[i].key) == key && len(ps[i].name) == len(name) {
			return i
		}
	}
	for i := range ps {
		if ps[i].name == name {
			atomic.StorePointer(&ps[i].key, key)
			return i
		}
	}
	return -1
}

// Value returns the argument bound to the named parameter.
func (a *Args) Value(name string) Value {
	i := a.b.paramIndex(name)
	if i < 0 {
		panic("builtin " + a.b.Name + " has no parameter " + name)
	}
	if a.restAt == i+1 {
		a.restTuple()
	}
	return a.vals[i]
}

// IsNone reports whether the argument is None (or was not given and
// defaults to None).
func (a *Args) IsNone(name string) bool {
	_, ok := a.Value(name).(NoneType)
	return ok
}

// WrongType is the TypeError for the argument of parameter name, got,
// that is not a want: PyTorch's words ("add(): argument 'other' must be
// Tensor, not str"), and for Python's builtins CPython's (cpythonWrongType).
func (a *Args) WrongType(name, want string, got Value) *Error {
	if isCPythonBuiltin(a.b) {
		return cpythonWrongType(a.b, name, want, got)
	}
	return Errorf(TypeError, "%s(): argument '%s' must be %s, not %s", a.b.Name, name, want, TypeName(got))
}

// Position returns the position PyTorch's messages give the argument of
// parameter name, "argument 'other' (position 2)": 1 for the first
// argument, not counting the receiver of a method call (t.add(x) has x at
// position 1, torch.add(t, x) at 2), or 0 when it was not passed
// positionally.
func (a *Args) Position(name string) int {
	for i, p := range a.b.params() {
		if p.variadic {
			return 0 // it and the keyword-only ones after it have none
		}
		if p.name != name {
			continue
		}
		if p.kwOnly || i >= a.npos {
			return 0
		}
		if a.bound {
			return i
		}
		return i + 1
	}
	return 0
}

// fail records err, an error about the arguments, unless one is recorded
// already.
func (a *Args) fail(err *Error) {
	if a.err == nil {
		a.err = err
	}
}

// Fail records err, an error about the arguments, as the accessors record
// theirs: Err returns the first one recorded.
func (a *Args) Fail(err *Error) { a.fail(err) }

// Keywords returns the keyword arguments no parameter takes, in the call's
// order, for a builtin made with CollectKeywords. The slices belong to the
// call: copy them to keep them.
func (a *Args) Keywords() (names []string, vals []Value) { return a.kwNames, a.kwVals }

// Call calls fn, any callable value, with positional arguments, from the
// statement that called the builtin (where an error in fn is reported).
func (a *Args) Call(fn Value, args ...Value) (Value, error) {
	return a.in.call(fn, args, nil, nil, a.in.stmtNode())
}

// CallKw calls fn with positional and keyword arguments (kwNames[i] =
// kwVals[i]), as Call.
func (a *Args) CallKw(fn Value, pos []Value, kwNames []string, kwVals []Value) (Value, error) {
	return a.in.call(fn, pos, kwNames, kwVals, a.in.stmtNode())
}

// Binary applies a binary operator of the language (syntax.PLUS,
// syntax.STAR, ...) or a comparison (syntax.LT, syntax.EQL, syntax.IN,
// syntax.IS, ...) to x and y, with every rule an expression x + y has:
// tensors, numbers, sequences and the special methods of classes.
func (a *Args) Binary(op syntax.Token, x, y Value) (Value, error) {
	switch op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.EQL, syntax.NEQ, syntax.IN, syntax.NOTIN, syntax.IS, syntax.ISNOT:
		return a.in.compare(op, x, y, a.in.stmtNode())
	}
	return a.in.binary(op, x, y, a.in.stmtNode())
}

// InPlace applies an augmented assignment's operator, x op= y (op
// syntax.PLUS for +=, ...), and returns the value x is rebound to: the
// in-place special method of a class (__iadd__), a list's or a tensor's
// in-place update, else the binary operator, as x += y does.
func (a *Args) InPlace(op syntax.Token, x, y Value) (Value, error) {
	at := a.in.stmtNode()
	if t, ok := x.(*tensor.Tensor); ok {
		yt, err := ToTensor(y)
		if err != nil || IsBuiltinSequence(y) {
			return nil, inPlaceError(operandError(op, x, y), op, x, y)
		}
		return t, a.in.inPlace(op, t, yt)
	}
	if ok, err := a.in.inPlaceContainer(op, x, y, at); ok || err != nil {
		return x, err
	}
	return a.in.augmented(op, x, y, at)
}

// Unary applies a unary operator of the language (syntax.MINUS,
// syntax.PLUS, syntax.TILDE, syntax.NOT) to x, as -x does.
func (a *Args) Unary(op syntax.Token, x Value) (Value, error) {
	return a.in.unary(op, x, a.in.stmtNode())
}

// Compare applies a comparison operator, x op y: ==, <, in, is, ... (Binary
// takes the arithmetic ones).
func (a *Args) Compare(op syntax.Token, x, y Value) (Value, error) {
	return a.in.compare(op, x, y, a.in.stmtNode())
}

// Context returns the context of the running cell, which is cancelled on
// interrupt: a builtin that waits selects on its Done.
func (a *Args) Context() context.Context {
	if a.in != nil && a.in.ctx != nil {
		return a.in.ctx
	}
	return context.Background()
}

// Err returns the first error the accessors recorded, or nil when the
// arguments read so far are good.
func (a *Args) Err() error {
	if a.err == nil {
		return nil // not a nil *Error, which is a non-nil error
	}
	return a.err
}

// Tensor returns a tensor argument; anything else is a TypeError.
func (a *Args) Tensor(name string) *tensor.Tensor {
	v := a.Value(name)
	t, ok := v.(*tensor.Tensor)
	if !ok {
		if t, ok = tensorOfInstance(v); !ok {
			a.fail(a.WrongType(name, "Tensor", v))
		}
	}
	return t
}

// tensorOfInstance returns the tensor an instance of a torch.Tensor
// subclass keeps (class T(torch.Tensor): lang/torch's native base), which
// kael's functions that take a tensor take.
func tensorOfInstance(v Value) (*tensor.Tensor, bool) {
	if x, ok := v.(*Instance); ok {
		t, ok := x.Native().(*tensor.Tensor)
		return t, ok
	}
	return nil, false
}

// OptTensor returns a tensor argument or nil for None.
func (a *Args) OptTensor(name string) *tensor.Tensor {
	if a.IsNone(name) {
		return nil
	}
	return a.Tensor(name)
}

// TensorLike returns a tensor argument, turning numbers into wrapped scalars
// (weak in promotion) and lists into tensors.
func (a *Args) TensorLike(name string) *tensor.Tensor {
	v := a.Value(name)
	t, err := ToTensor(v)
	if err != nil {
		a.fail(a.WrongType(name, "Tensor or number", v))
		return nil
	}
	return t
}

// ToTensor converts a value used as a tensor operand.
func ToTensor(v Value) (*tensor.Tensor, error) {
	switch x := v.(type) {
	case *tensor.Tensor:
		return x, nil
	case *Instance:
		if t, ok := tensorOfInstance(x); ok {
			return t, nil
		}
	case int64, float64, bool:
		return tensor.Scalar(x)
	case Complex:
		return tensor.Scalar(complex128(x))
	case BigInt:
		return nil, errUnpackLong
	case *List, Tuple:
		data, d, err := TensorDataDType(v)
		if err != nil {
			return nil, err
		}
		if d != nil {
			return tensor.FromValue(data, *d)
		}
		return tensor.FromValue(data)
	case ArrayProvider:
		return x.ArrayTensor(), nil
	case Number:
		return ToTensor(numberValue(x))
	}
	return nil, Errorf(TypeError, "expected a Tensor or a number, got %s", TypeName(v))
}

// TensorData is ToGo for the data of a tensor (torch.tensor(data)): its
// leaves must be numbers, else PyTorch's error.
func TensorData(v Value) (any, error) {
	data, _, err := TensorDataDType(v)
	return data, err
}

// TensorDataDType is TensorData for torch.tensor(data) and tensor
// operands, as PyTorch's internal_new_from_data reads data: a tensor
// inside it must hold one element (else PyTorch's ValueError), which
// stands for its value, and then the dtype to make is the promotion of
// every leaf's (a Python float's the default float32, an int's int64, a
// tensor's its own), returned in dtype; dtype is nil when data holds no
// tensor, and FromValue infers it from the values as usual.
func TensorDataDType(v Value) (data any, dtype *tensor.DType, err error) {
	var leaves dataLeaves
	data, err = toGoDepth(v, 0, &leaves)
	if err != nil {
		return nil, nil, err
	}
	if err := checkTensorLeaves(data); err != nil {
		return nil, nil, err
	}
	if leaves.tensors && !leaves.other {
		d := leaves.dtype
		return data, &d, nil
	}
	return data, nil, nil
}

// dataLeaves gathers, while TensorDataDType converts data, whether it
// holds tensors, whether it holds leaves whose dtype it does not follow
// (NumPy values), and the promotion of the leaves' dtypes.
type dataLeaves struct {
	tensors, other, seen bool
	dtype                tensor.DType
}

// add promotes the dtype with a leaf's.
func (l *dataLeaves) add(d tensor.DType) {
	if !l.seen {
		l.dtype, l.seen = d, true
		return
	}
	l.dtype = tensor.PromoteTypes(l.dtype, d)
}

// addValue records a leaf that is a Python value.
func (l *dataLeaves) addValue(v Value) {
	switch v.(type) {
	case bool:
		l.add(tensor.Bool)
	case int64:
		l.add(tensor.Int64)
	case float64:
		l.add(tensor.Float32)
	case Complex, complex128:
		l.add(tensor.Complex64)
	}
}

// checkTensorLeaves returns PyTorch's error for a leaf of tensor data
// (ToGo's result) that is no number: torch.tensor([1, None]) cannot infer
// a dtype, and a str or bytes leaf is an invalid data type.
func checkTensorLeaves(data any) error {
	switch x := data.(type) {
	case []any:
		for _, e := range x {
			if err := checkTensorLeaves(e); err != nil {
				return err
			}
		}
	case int64, float64, bool, Complex, complex128:
	case string, Bytes:
		return Errorf(TypeError, "new(): invalid data type '%s'", TypeName(x))
	case Value:
		return Errorf(RuntimeError, "Could not infer dtype of %s", TypeName(x))
	}
	return nil
}

// numberValue is a library scalar as the Python number it stands for: an
// int when it is an index, a float when it is one, else a complex when its
// one element is (NumPy's complex scalars).
func numberValue(n Number) Value {
	if i, ok := n.Index(); ok {
		return i
	}
	f, ok := n.Float()
	if !ok {
		if p, isArray := n.(ArrayProvider); isArray {
			if c, ok := toComplex(p.ArrayTensor()); ok {
				return Complex(c)
			}
		}
	}
	return f
}

// errUnpackLong is PyTorch's error for an int beyond 64 bits where a
// tensor's element is expected.
var errUnpackLong = Errorf(RuntimeError, "Overflow when unpacking long")

// ToGo converts nested lists and tuples of numbers into []any for
// tensor.FromValue. Nesting deeper than any tensor could be (or a list
// holding itself) is a ValueError.
func ToGo(v Value) (any, error) { return toGoDepth(v, 0, nil) }

// IsSequence reports whether v is a sequence other than a list or tuple
// that tensor data may be made of, as PyTorch's PySequence_Check allows:
// a range, or a library's sized, indexable, iterable value (a deque); not
// a str, bytes, dict or set.
func IsSequence(v Value) bool {
	switch v.(type) {
	case *Range, *bigRange:
		return true
	case string, Bytes, *Dict, *Set, *Instance:
		return false
	}
	_, sized := v.(Sized)
	_, indexable := v.(ItemGetter)
	_, iterable := v.(Iterable)
	return sized && indexable && iterable
}

// maxTensorDims bounds the nesting of the data given to tensor().
const maxTensorDims = 64

// toGoDepth is ToGo at depth; leaves, when set, makes it TensorDataDType's
// conversion and gathers the leaves' dtypes.
func toGoDepth(v Value, depth int, leaves *dataLeaves) (any, error) {
	if depth > maxTensorDims {
		return nil, Errorf(ValueError, "nested sequences are deeper than %d levels", maxTensorDims)
	}
	switch x := v.(type) {
	case *tensor.Tensor:
		if leaves == nil || depth == 0 {
			return tensor.ToList(x)
		}
		leaves.tensors = true
		leaves.add(x.DType())
		return x.Item() // PyTorch's ValueError for more than one element
	case ArrayProvider:
		if leaves != nil {
			leaves.other = true
		}
		return tensor.ToList(x.ArrayTensor())
	case Number:
		if leaves != nil {
			leaves.other = true
		}
		return numberValue(x), nil
	}
	if leaves != nil {
		leaves.addValue(v)
	}
	elems, ok := seqElems(v)
	if !ok && IsSequence(v) {
		var err error
		if elems, err = Collect(v); err != nil {
			return nil, err
		}
		ok = true
	}
	if !ok {
		if _, big := v.(BigInt); big {
			return nil, errUnpackLong
		}
		return v, nil
	}
	out := make([]any, len(elems))
	for i, e := range elems {
		g, err := toGoDepth(e, depth+1, leaves)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

// Int returns an integer argument (a bool or a one-element integer tensor
// is accepted too).
func (a *Args) Int(name string) int {
	v := a.Value(name)
	i, ok := AsInt(v)
	if _, big := v.(BigInt); big {
		a.fail(Errorf(OverflowError, "Python int too large to convert to C ssize_t"))
	} else if !ok {
		a.fail(a.WrongType(name, "int", v))
	}
	return int(i)
}

// OptInt returns an integer argument or nil for None.
func (a *Args) OptInt(name string) *int {
	if a.IsNone(name) {
		return nil
	}
	i := a.Int(name)
	return &i
}

// OptFloat returns a number argument, or nil for None.
func (a *Args) OptFloat(name string) *float64 {
	if a.IsNone(name) {
		return nil
	}
	f := a.Float(name)
	return &f
}

// Int64 returns an integer argument as int64.
func (a *Args) Int64(name string) int64 { return int64(a.Int(name)) }

// Float returns a number argument as float64.
func (a *Args) Float(name string) float64 {
	v := a.Value(name)
	f, ok := AsFloat(v)
	if !ok {
		a.fail(a.WrongType(name, "float", v))
	}
	return f
}

// Bool returns a boolean argument; numbers are accepted by their truth.
func (a *Args) Bool(name string) bool {
	switch x := a.Value(name).(type) {
	case bool:
		return x
	case int64:
		return x != 0
	}
	a.fail(a.WrongType(name, "bool", a.Value(name)))
	return false
}

// Str returns a string argument.
func (a *Args) Str(name string) string {
	s, ok := valueOf(a.Value(name)).(string)
	if !ok {
		a.fail(a.WrongType(name, "str", a.Value(name)))
	}
	return s
}

// Path returns a file path argument: a str, or a value that stands for
// a path (PathLike: pathlib's paths), as Python's functions that take
// os.PathLike do.
func (a *Args) Path(name string) string {
	p, ok := PathText(a.Value(name))
	if !ok {
		var err error
		if p, ok, err = InstanceFSPath(a.Value(name)); err != nil {
			a.fail(ToError(err))
		}
	}
	if !ok {
		a.fail(a.WrongType(name, "str or os.PathLike", a.Value(name)))
	}
	return p
}

// InstanceFSPath is the path an object of a class defining __fspath__
// stands for, its __fspath__(), which must be a str (kael has no bytes
// paths); ok is false for other values.
func InstanceFSPath(v Value) (p string, ok bool, err error) {
	x, isInstance := v.(*Instance)
	if !isInstance {
		return "", false, nil
	}
	if _, _, has := x.cls.lookup("__fspath__"); !has {
		return "", false, nil
	}
	m, err := getAttr(x, "__fspath__")
	if err != nil {
		return "", true, err
	}
	r, err := sessionOf(x).CallHook(m)
	if err != nil {
		return "", true, err
	}
	s, isStr := valueOf(r).(string)
	if !isStr {
		return "", true, Errorf(TypeError, "expected %s.__fspath__() to return str or bytes, not %s", x.cls.Name, TypeName(r))
	}
	return s, true, nil
}

func init() { supportedDunders["__fspath__"] = true }

// PathText is the path v stands for: v itself when it is a str, its
// FSPath when it is PathLike; ok is false for anything else.
func PathText(v Value) (string, bool) {
	switch x := valueOf(v).(type) {
	case string:
		return x, true
	case PathLike:
		return x.FSPath(), true
	}
	return "", false
}

// DType returns a dtype argument (float32, or the string "float32").
func (a *Args) DType(name string) tensor.DType {
	switch x := a.Value(name).(type) {
	case tensor.DType:
		return x
	case *Builtin:
		if d, ok := BuiltinDType(x); ok {
			return d
		}
	case string:
		if d, ok := tensor.ParseDType(strings.TrimPrefix(x, "torch.")); ok && IsTorchDType(d) {
			return d
		}
		a.fail(Errorf(TypeError, "%s(): unknown dtype '%s'", a.b.Name, x).
			WithHint("the dtypes are float32, float64, int64 and bool"))
		return 0
	}
	a.fail(a.WrongType(name, "dtype", a.Value(name)))
	return 0
}

// OptDType returns a dtype argument or nil for None.
func (a *Args) OptDType(name string) *tensor.DType {
	if a.IsNone(name) {
		return nil
	}
	d := a.DType(name)
	return &d
}

// Ints returns an int or a sequence of ints as a slice; None gives nil.
func (a *Args) Ints(name string) []int {
	v := a.Value(name)
	if _, ok := v.(NoneType); ok {
		return nil
	}
	if i, ok := AsInt(v); ok {
		return []int{int(i)}
	}
	ints, ok := IntSequence(v)
	if !ok {
		a.fail(a.WrongType(name, "int or tuple of ints", v))
	}
	return ints
}

// Shape returns the sizes of a variadic shape parameter, accepting both
// f(2, 3) and f((2, 3)).
func (a *Args) Shape(name string) []int {
	t, _ := a.Value(name).(Tuple)
	if len(t) == 1 {
		if ints, ok := IntSequence(t[0]); ok {
			return ints
		}
	}
	ints, ok := IntSequence(t)
	if !ok {
		a.fail(Errorf(TypeError, "%s(): %s must be integers, got %s", a.b.Name, name, Repr(t)))
	}
	return ints
}

func IntSequence(v Value) ([]int, bool) {
	var elems []Value
	switch x := v.(type) {
	case Tuple:
		elems = x
	case *List:
		elems = x.Elems
	default:
		return nil, false
	}
	out := make([]int, len(elems))
	for i, e := range elems {
		n, ok := AsInt(e)
		if !ok {
			return nil, false
		}
		out[i] = int(n)
	}
	return out, true
}

// AsInt converts ints, bools and one-element integer tensors.
func AsInt(v Value) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case *tensor.Tensor:
		if x.Numel() == 1 && !x.DType().IsFloating() {
			item, err := x.Item()
			if err != nil {
				return 0, false
			}
			switch i := item.(type) {
			case int64:
				return i, true
			case bool:
				return AsInt(i)
			}
		}
	case Number:
		return x.Index()
	case *Instance:
		if r, ok, err := intHook(x, "__index__"); ok && err == nil {
			return AsInt(r)
		}
	}
	return 0, false
}

// AsFloat converts numbers and one-element tensors.
func AsFloat(v Value) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case *tensor.Tensor:
		if x.Numel() == 1 {
			item, err := x.Item()
			if err != nil {
				return 0, false
			}
			return AsFloat(item)
		}
	case Number:
		if f, ok := x.Float(); ok {
			return f, true
		}
	case *Instance:
		if f, ok, err := floatOfInstance(x); ok {
			return f, err == nil
		}
	}
	if i, ok := AsInt(v); ok {
		return float64(i), true
	}
	return 0, false
}

// numpyAliases are the NumPy names PyTorch's argument parser accepts for
// its own (python_arg_parser.cpp): x.sum(1, keepdims=True), axis=0.
var numpyAliases = map[string]string{"keepdims": "keepdim", "axis": "dim"}

// numpyAlias returns the index of the parameter a builtin's keyword
// argument name stands for as a NumPy alias, or -1.
func (s signature) numpyAlias(name string) int {
	alias, ok := numpyAliases[name]
	if _, builtin := s.of.(*Builtin); !ok || !builtin {
		return -1
	}
	return slices.IndexFunc(s.params, func(p param) bool { return p.name == alias && !p.variadic })
}

// sizeVariadics are the names of the variadic parameters that PyTorch's
// argument parser takes as one list of ints (IntArrayRef): torch.empty(2,
// 3) and torch.empty(size=(2, 3)) alike, x.permute(dims=...),
// x.view(size=...).
var sizeVariadics = map[string]bool{"size": true, "dims": true, "shape": true}

// sizeKeyword returns the index of the variadic parameter of a builtin that
// a keyword argument name gives whole (sizeVariadics), or -1.
func (s signature) sizeKeyword(name string) int {
	if _, builtin := s.of.(*Builtin); !builtin || !sizeVariadics[name] {
		return -1
	}
	return slices.IndexFunc(s.params, func(p param) bool { return p.name == name && p.variadic })
}

// LookupBuiltin returns the global builtin function of that name.
func LookupBuiltin(name string) (*Builtin, bool) {
	b, ok := builtins[name]
	if !ok && loadOnMiss() {
		b, ok = builtins[name]
	}
	return b, ok
}

// TensorMethod returns the tensor method of that name.
func TensorMethod(name string) (*Builtin, bool) {
	m, ok := methods[name]
	if !ok && loadOnMiss() {
		m, ok = methods[name]
	}
	return m, ok
}

// Fn returns the Go function b runs, for a library that wraps it (with
// SetFn).
func (b *Builtin) Fn() func(a *Args) (Value, error) { return b.fn }

// SetFn replaces the Go function b runs, and drops b's fast path, which
// answered for the function replaced. Like registration, it must be used
// only while the program initialises (or on a copy of b).
func (b *Builtin) SetFn(fn func(a *Args) (Value, error)) {
	b.fn = fn
	if b.fastPath() != nil {
		b.setFast(nil)
	}
}

// SetKeywordFn is SetFn for a wrapper fn that answers every call without
// keyword arguments as the function it replaces does (one that adds a
// keyword-only parameter, as torch's out=): b keeps its fast path, which
// answers only such calls.
func (b *Builtin) SetKeywordFn(fn func(a *Args) (Value, error)) { b.fn = fn }

// WithFn returns a copy of b that runs fn: the same name, signature and
// help, without b's fast path.
func (b *Builtin) WithFn(fn func(a *Args) (Value, error)) *Builtin {
	b.params() // the copy shares them, as a setter's later change
	c := *b
	c.fn = fn
	if c.fastPath() != nil {
		c.setFast(nil)
	}
	return &c
}

// AddKeyword adds a keyword-only parameter name with the default def at
// the end of b's parameters and of its signature's text, as a library
// that gives builtins a parameter (out=) does. It must be used only while
// the program initialises.
func (b *Builtin) AddKeyword(name string, def Value) {
	b.setParams(append(b.params(), param{name: name, def: def, kwOnly: true}))
	sep := ", *, "
	if strings.Contains(b.Sig, "*") {
		sep = ", "
	}
	b.Sig = strings.TrimSuffix(b.Sig, ")") + sep + name + "=" + Repr(def) + ")"
}

// SetDefault replaces the default of b's parameter name with v, a value a
// signature's text cannot write (a sentinel that tells an omitted
// argument from None). It must be used only while the program
// initialises.
func (b *Builtin) SetDefault(name string, v Value) {
	i := b.paramIndex(name)
	if i < 0 {
		panic("builtin " + b.Name + " has no parameter " + name)
	}
	b.params()[i].def = v
}

// ParamNames returns the names of b's parameters, in order.
func (b *Builtin) ParamNames() []string {
	params := b.params()
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.name
	}
	return names
}

// Builtin returns the builtin being called.
func (a *Args) Builtin() *Builtin { return a.b }

// VarArgs returns the arguments of the *args parameter name, as Value
// returns them in a Tuple, without copying them: the slice belongs to the
// call, for a builtin that only reads them (copy it, or take Value's
// Tuple, to keep them).
func (a *Args) VarArgs(name string) []Value {
	i := a.b.paramIndex(name)
	if i < 0 || !a.b.params()[i].variadic {
		panic("builtin " + a.b.Name + " has no parameter *" + name)
	}
	return a.variadic(i)
}

// Values returns the arguments by parameter, in the signature's order.
// The slice belongs to the call.
func (a *Args) Values() []Value {
	a.restTuple()
	return a.vals
}

// Note adds a remark about the running statement, shown under the cell
// (a deprecation, a promotion).
func (a *Args) Note(text string) { a.in.addNote(a.in.stmtSpan(), text) }

// Session returns the session the call runs in.
func (a *Args) Session() *Session { return a.in.s }

// Write writes s to the cell's output, as print does.
func (a *Args) Write(s string) { a.in.write(s) }

// HasParam reports whether b has a parameter of that name.
func (b *Builtin) HasParam(name string) bool { return b.paramIndex(name) >= 0 }

// SetRecursionLimit is sys.setrecursionlimit(n): the session's
// RecursionLimit becomes n (bounded by MaxDepth), at once for the code
// that called it, as in CPython.
func (a *Args) SetRecursionLimit(n int) {
	old := a.in.s.RecursionLimit()
	a.in.s.SetRecursionLimit(n)
	a.in.depth += old - a.in.s.RecursionLimit()
}

// Location is where the call runs, for a message that names it
// (warnings.warn): the file of the code (a cell's name, or "" for none),
// the line of the statement making the call and that line's text.
func (a *Args) Location() (filename string, line int, text string) {
	span := a.in.stmtSpan()
	if !span.Start.IsValid() {
		return a.in.filename, 0, ""
	}
	line = span.Start.Line
	lines := strings.Split(a.in.src, "\n")
	if line >= 1 && line <= len(lines) {
		text = strings.TrimSpace(lines[line-1])
	}
	return a.in.filename, line, text
}

// plainLiteral reads the defaults most signatures have (None, True,
// False, a decimal int, a decimal float, a string in quotes without
// escapes) without the parser; ok is false for anything else, which
// literal parses and evaluates. Every builtin's signature is read at
// start-up, and parsing its defaults was a fifth of kael -c 1.
func plainLiteral(src string) (v Value, ok bool) {
	if v, ok := keywordConstant(src); ok {
		return v, true
	}
	if n := len(src); n >= 2 && (src[0] == '\'' || src[0] == '"') && src[n-1] == src[0] {
		body := src[1 : n-1]
		if strings.ContainsAny(body, "\\'\"") {
			return nil, false
		}
		return body, true
	}
	digits := strings.TrimPrefix(src, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		if !isPlainFloat(digits) {
			return nil, false
		}
		f, err := strconv.ParseFloat(src, 64)
		return f, err == nil
	}
	if len(digits) > 1 && digits[0] == '0' { // 01 is a syntax error
		return nil, false
	}
	i, err := strconv.ParseInt(src, 10, 64)
	return i, err == nil
}

// isPlainFloat reports whether s is digits with a point or an exponent,
// as Python and strconv.ParseFloat read alike: 1.0, .5, 1e-05, 2.5E+3.
func isPlainFloat(s string) bool {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return false
		}
	}
	intPart, frac, hasPoint := strings.Cut(mant, ".")
	if !hasPoint && !hasExp || intPart+frac == "" {
		return false
	}
	return strings.Trim(intPart+frac, "0123456789") == ""
}

// paramList is the parsed field of a Builtin made as a literal with the
// parameters ps.
func paramList(ps ...param) unsafe.Pointer { return unsafe.Pointer(&ps) }

// sharedParams is the parsed field of a copy of b that shares its
// parameters, as the copies of methods read from a class do.
func (b *Builtin) sharedParams() unsafe.Pointer {
	b.params()
	return atomic.LoadPointer(&b.parsed)
}

// keywordConstant is the value of the keyword None, True or False; ok is
// false for another name.
func keywordConstant(name string) (Value, bool) {
	switch name {
	case "None":
		return None, true
	case "True":
		return true, true
	case "False":
		return false, true
	}
	return nil, false
}
