package lang

import (
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// Completion is the answer to a completion request: the candidates that
// may replace the runes [Start, End) of the code.
type Completion struct {
	Matches    []string
	Start, End int // in Unicode code points
}

var keywords = []string{"and", "as", "assert", "break", "continue", "def", "del", "elif", "else", "False", "for",
	"if", "in", "is", "lambda", "None", "not", "or", "pass", "return", "True", "while", "with",
	"try", "except", "finally", "raise"}

// Complete returns the completions at cursor (counted in code points):
// variables, builtins and keywords; attributes and methods after a dot; and
// keyword argument names inside a call. It evaluates nothing but plain names
// and attribute chains, so completing has no side effects.
func (s *Session) Complete(code string, cursor int) (c Completion) {
	defer func() {
		if recover() != nil { // a bug in kael; completing offers nothing
			c = Completion{Start: cursor, End: cursor}
		}
	}()
	runes := []rune(code)
	cursor = min(max(cursor, 0), len(runes))
	start := cursor
	for start > 0 && syntax.IsIdentRune(runes[start-1]) {
		start--
	}
	prefix := string(runes[start:cursor])
	var candidates []string
	if start > 0 && runes[start-1] == '.' {
		chain := string(runes[chainStart(runes, start-1) : start-1])
		if v, ok := s.resolveChain(chain); ok {
			candidates = attrNames(v)
		}
	} else {
		candidates = append(candidates, s.Vars()...)
		candidates = append(candidates, globalNames()...)
		candidates = append(candidates, keywords...)
		if callee, ok := s.enclosingCall(runes[:start]); ok {
			for _, p := range callParams(callee) {
				candidates = append(candidates, p+"=")
			}
		}
	}
	seen := map[string]bool{}
	var matches []string
	for _, c := range candidates {
		if strings.HasPrefix(c, prefix) && !seen[c] && (prefix != "" || !strings.HasPrefix(c, "_")) {
			seen[c] = true
			matches = append(matches, c)
		}
	}
	sort.Slice(matches, func(i, j int) bool {
		// Keyword arguments first inside a call, then alphabetical.
		ki, kj := strings.HasSuffix(matches[i], "="), strings.HasSuffix(matches[j], "=")
		if ki != kj {
			return ki
		}
		return matches[i] < matches[j]
	})
	return Completion{Matches: matches, Start: start, End: cursor}
}

// chainStart returns where the name.name.name chain ending at end begins.
func chainStart(runes []rune, end int) int {
	i := end
	for i > 0 && (syntax.IsIdentRune(runes[i-1]) || runes[i-1] == '.') {
		i--
	}
	return i
}

// resolveChain evaluates a chain of names and attributes such as x.T or
// torch.nn.functional; anything else is not evaluated.
func (s *Session) resolveChain(chain string) (Value, bool) {
	if chain == "" || strings.HasPrefix(chain, ".") || strings.HasSuffix(chain, ".") {
		return nil, false
	}
	parts := strings.Split(chain, ".")
	v, ok := s.Get(parts[0])
	if !ok {
		v, ok = globalValue(parts[0])
	}
	if !ok {
		return nil, false
	}
	for _, p := range parts[1:] {
		// Only attributes without side effects are followed: tensor
		// properties, module members and methods.
		if x, isInst := v.(*Instance); isInst {
			next, ok := x.peek(p) // without running properties or __getattr__
			if !ok {
				return nil, false
			}
			v = next
			continue
		}
		next, err := getAttr(v, p)
		if err != nil {
			return nil, false
		}
		v = next
	}
	return v, true
}

// attrNames lists what may follow "v.".
func attrNames(v Value) []string {
	switch x := v.(type) {
	case *tensor.Tensor:
		return Methods()
	case *Module:
		return sortedKeys(x.attrMap())
	case HasAttrs:
		return x.AttrNames()
	case *GradFnValue:
		return []string{"name", "next_functions"}
	case *Iterator, *lazyIterator:
		return []string{"__iter__", "__next__"}
	case *Dict:
		if x.kind != nil {
			names := map[string]bool{}
			for _, table := range []map[string]*Builtin{typeMethods["dict"], typeMethods[x.kind.Name]} {
				for n := range table {
					names[n] = true
				}
			}
			for _, n := range x.kind.AttrNames {
				names[n] = true
			}
			return sortedKeys(names)
		}
	}
	names := map[string]bool{}
	for n := range typeMethods[TypeName(v)] {
		names[n] = true
	}
	for _, n := range typeDunderList(TypeName(v)) {
		names[n] = true
	}
	return sortedKeys(names)
}

// enclosingCall finds the callee of the innermost call whose argument list
// is still open at the end of text.
func (s *Session) enclosingCall(text []rune) (Value, bool) {
	chain := callChain(text)
	if chain == "" {
		return nil, false
	}
	return s.resolveChain(chain)
}

// callChain is the name chain of the innermost call whose argument list is
// still open at the end of text, "" when there is none.
func callChain(text []rune) string {
	depth := 0
	for i := len(text) - 1; i >= 0; i-- {
		switch text[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			depth--
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			return string(text[chainStart(text, i):i])
		}
		if depth < 0 {
			return ""
		}
	}
	return ""
}

func callParams(v Value) []string {
	switch f := v.(type) {
	case *Builtin:
		return paramNames(f.params())
	case *BoundMethod:
		return paramNames(f.Method.params())[1:]
	case *Function:
		return paramNames(f.params)
	}
	return nil
}

// Completeness says whether code is ready to run, and the indent for the
// next line when it is not (the REPL's continuation prompt, Jupyter's
// is_complete). It follows IPython's rules (check_complete), which
// jupyter console relies on: code that is cut off (an open bracket,
// string or block header) is incomplete; a compound statement that parses
// is complete when its last line is not indented, as in a one-line
// `for k in range(3): print(k)`, or when the code ends with a newline,
// as `def f(x):\n    return x\n` does; an indented last line without
// one may still be followed by more of the block. Front ends that read
// line by line pass the lines without the last newline, so that a block
// ends with a blank line.
func Completeness(code string) (status syntax.Status, indent string) {
	status, indent = syntax.Completeness(code)
	if status == syntax.Incomplete && (indent == "" || strings.HasSuffix(code, "\n")) {
		if _, err := syntax.Parse("", code); err == nil {
			return syntax.Complete, ""
		}
	}
	return status, indent
}

// Inspection is the answer to an inspection request.
type Inspection struct {
	Name string
	Text string // signature and documentation, or a variable's summary
}

// Inspect describes the name at cursor (code points): a builtin's or
// method's signature and doc, a user function's signature, or a variable's
// type, dtype and shape. detail 1 adds a tensor's values.
func (s *Session) Inspect(code string, cursor, detail int) (ins Inspection, ok bool) {
	defer func() {
		if recover() != nil { // a bug in kael; inspecting finds nothing
			ins, ok = Inspection{}, false
		}
	}()
	runes := []rune(code)
	cursor = min(max(cursor, 0), len(runes))
	end := cursor
	for end < len(runes) && syntax.IsIdentRune(runes[end]) {
		end++
	}
	if end == cursor && cursor > 0 && runes[cursor-1] == '(' {
		end = cursor - 1 // inspecting f( shows f
	}
	chain := string(runes[chainStart(runes, end):end])
	v, ok := s.resolveChain(chain)
	if !ok {
		// Inside a call's arguments (softmax(x, |) the call is inspected.
		chain = callChain(runes[:cursor])
		if v, ok = s.resolveChain(chain); !ok {
			return Inspection{}, false
		}
	}
	return Inspection{Name: chain, Text: describe(chain, v, detail)}, true
}

// Summary describes a tensor in one line: dtype[shape], bytes and autograd
// state, e.g. "float32[2, 3] tensor, 24 B, requires_grad".
func Summary(t *tensor.Tensor) string { return render.Summary(t, GradLabel(t)) }

// GradLabel is the autograd state shown beside a tensor result, as
// PyTorch's repr shows it: "grad_fn=<MulBackward0>" for a result recorded
// in a graph, "requires_grad" for a leaf that requires grad, "" otherwise.
func GradLabel(t *tensor.Tensor) string {
	if m := t.Autograd(); m != nil && m.GradFn != nil {
		return "grad_fn=<" + m.GradFn.Name() + ">"
	}
	if t.RequiresGrad() {
		return "requires_grad"
	}
	return ""
}

// Badge is the dtype/shape label shown with every tensor result, e.g.
// float32[2, 3].
func Badge(t *tensor.Tensor) string { return render.Badge(t) }

// VarInfo describes one variable for a variables table.
type VarInfo struct {
	Name  string
	Type  string // "Tensor", "int", ...
	DType string // for tensors
	Shape string // for tensors
	Bytes int    // for tensors
	Value string // a short repr for other values
}

// VarTable describes every variable, sorted by name (the REPL's :vars).
func (s *Session) VarTable() []VarInfo {
	var out []VarInfo
	for _, name := range s.Vars() {
		v, _ := s.Get(name)
		info := VarInfo{Name: name, Type: TypeName(v)}
		if t, ok := v.(*tensor.Tensor); ok {
			info.DType, info.Shape, info.Bytes = t.DType().String(), tensor.FormatShape(t.Shape()), t.Nbytes()
		} else {
			info.Value = Repr(v)
			if r := []rune(info.Value); len(r) > 60 {
				info.Value = string(r[:57]) + "..."
			}
		}
		out = append(out, info)
	}
	return out
}
