package lang

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated parts of docs/language.md")

const (
	languageDoc = "../docs/language.md"
	syntaxDoc   = "syntax/doc.go"
)

// TestLanguageReference keeps docs/language.md in step with the code. The
// parts between <!-- generated:NAME --> and <!-- end:NAME --> are written
// from the syntax package's documentation and from the registered builtins,
// methods and modules (go test ./lang -run TestLanguageReference
// -update-docs rewrites them); the test fails when the committed file
// differs, when a builtin or tensor method has no "### " entry, or when an
// entry names one that does not exist.
func TestLanguageReference(t *testing.T) {
	raw, err := os.ReadFile(languageDoc)
	if err != nil {
		t.Fatal(err)
	}
	committed := string(raw)

	grammar, err := os.ReadFile(syntaxDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := committed
	for _, part := range []struct{ name, text string }{
		{"syntax", syntaxMarkdown(string(grammar))},
		{"builtins", builtinsMarkdown()},
		{"methods", methodsMarkdown()},
		{"modules", modulesMarkdown()},
		{"values", valuesMarkdown()},
		{"sequences", sequencesMarkdown()},
	} {
		begin, end := "<!-- generated:"+part.name+" -->\n", "<!-- end:"+part.name+" -->"
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		if i < 0 || j < i {
			t.Fatalf("%s lacks the markers %q and %q", languageDoc, begin, end)
		}
		doc = doc[:i+len(begin)] + part.text + doc[j:]
	}
	if *updateDocs {
		if err := os.WriteFile(languageDoc, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		committed = doc
	}
	checkEntries(t, committed)
	if doc != committed {
		t.Errorf("%s is out of date with the code; run go test ./lang -run TestLanguageReference -update-docs\n%s",
			languageDoc, firstDifference(committed, doc))
	}
}

// checkEntries checks that the "## Builtins" section has one "### name"
// entry per builtin function and the "## Tensor methods" section one
// "### Tensor.name" entry per tensor method and attribute, and nothing else.
func checkEntries(t *testing.T, doc string) {
	t.Helper()
	entries := map[string][]string{}
	section := ""
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			section = strings.TrimPrefix(line, "## ")
		case strings.HasPrefix(line, "### "):
			entries[section] = append(entries[section], strings.TrimPrefix(line, "### "))
		}
	}
	var methodEntries []string
	for _, e := range entries["Tensor methods"] {
		name, ok := strings.CutPrefix(e, "Tensor.")
		if !ok {
			t.Errorf("entry %q in ## Tensor methods does not start with Tensor.", e)
		}
		methodEntries = append(methodEntries, name)
	}
	compareNames(t, "## Builtins", "builtin", Builtins(), entries["Builtins"])
	compareNames(t, "## Tensor methods", "tensor method or attribute", Methods(), methodEntries)
}

func compareNames(t *testing.T, section, kind string, names, entries []string) {
	t.Helper()
	have := map[string]bool{}
	for _, e := range entries {
		if have[e] {
			t.Errorf("%s: %s has two entries", section, e)
		}
		have[e] = true
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
		if !have[n] {
			t.Errorf("%s has no entry for the %s %s", section, kind, n)
		}
	}
	for _, e := range entries {
		if !want[e] {
			t.Errorf("%s has an entry for %s, which is not a %s", section, e, kind)
		}
	}
}

// firstDifference shows the first line where two texts differ.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n committed: %s\n generated: %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("the texts have %d and %d lines", len(al), len(bl))
}

// syntaxMarkdown converts the part of the syntax package's doc comment from
// "# Lexical structure" on into Markdown: headings become ### headings,
// indented blocks code blocks, and the rest escaped prose.
func syntaxMarkdown(src string) string {
	var lines []string // the comment's text from the heading on
	for _, line := range strings.Split(src, "\n") {
		text, ok := strings.CutPrefix(line, "//")
		if !ok {
			if len(lines) > 0 {
				break
			}
			continue
		}
		if text == " # Lexical structure" || len(lines) > 0 {
			lines = append(lines, text)
		}
	}
	var b strings.Builder
	inCode := false
	for i, text := range lines {
		code, isCode := strings.CutPrefix(text, "\t")
		if text == "" && inCode && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t") {
			isCode = true // a blank line inside a code block
		}
		if isCode != inCode {
			b.WriteString("```\n")
			inCode = isCode
		}
		switch {
		case isCode:
			b.WriteString(code + "\n")
		case strings.HasPrefix(text, " # "):
			b.WriteString("### " + strings.TrimPrefix(text, " # ") + "\n")
		default:
			b.WriteString(markdownEscaper.Replace(strings.TrimPrefix(text, " ")) + "\n")
		}
	}
	if inCode {
		b.WriteString("```\n")
	}
	return b.String()
}

// markdownEscaper keeps backslashes and stars in prose from being read as
// Markdown.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, `*`, `\*`)

// methodSig returns a method's signature without its receiver parameter,
// as called on x: "x.sum(dim=None, keepdim=False, *, dtype=None)".
func methodSig(b *Builtin) string {
	open := strings.IndexByte(b.Sig, '(')
	params := splitTopLevel(b.Sig[open+1 : len(b.Sig)-1])
	rest := strings.TrimSpace(strings.Join(params[1:], ","))
	return b.Name + "(" + rest + ")"
}

func builtinsMarkdown() string {
	var b strings.Builder
	for _, name := range Builtins() {
		f := builtins[name]
		fmt.Fprintf(&b, "### %s\n\n`%s`\n\n%s", name, f.Sig, f.Doc)
		if m, ok := methods[name]; ok && m == f {
			fmt.Fprintf(&b, " Also a tensor method: `x.%s`.", methodSig(f))
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

func methodsMarkdown() string {
	var b strings.Builder
	for _, name := range Methods() {
		if a, ok := attributes[name]; ok {
			kind := "attribute"
			if a.set != nil {
				kind = "attribute, settable"
			}
			fmt.Fprintf(&b, "### Tensor.%s\n\n`x.%s` (%s)\n\n%s\n\n", name, name, kind, a.doc)
			continue
		}
		m := methods[name]
		fmt.Fprintf(&b, "### Tensor.%s\n\n`x.%s`\n\n%s", name, methodSig(m), m.Doc)
		if f, ok := builtins[name]; ok {
			if f == m {
				fmt.Fprintf(&b, " Also a function: `%s`.", f.Sig)
			} else {
				fmt.Fprintf(&b, " The builtin `%s` calls it when its first argument is a tensor.", name)
			}
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// modulesMarkdown documents every registered module: its members other
// than the global builtins and dtypes, which every kael module but math
// leaves to the Builtins section.
func modulesMarkdown() string {
	var b strings.Builder
	for _, name := range moduleNames(false) {
		e, _ := lookupEntry(name)
		fmt.Fprintf(&b, "### %s\n\n", name)
		if e.unavailable != nil {
			fmt.Fprintf(&b, "Not provided: `import %s` is a %s (%s); %s\n\n", name, e.unavailable.Kind, e.unavailable.Msg, e.unavailable.Hint)
			continue
		}
		b.WriteString(e.doc + "\n\n")
		m, err := importModule(name)
		if err != nil {
			panic(err)
		}
		var rows []string
		for _, member := range sortedKeys(m.Attrs) {
			v := m.Attrs[member]
			if f, ok := v.(*Builtin); ok && builtins[member] == f {
				continue
			}
			if f, ok := v.(*Builtin); ok {
				// an alias (operator.__eq__ of operator.eq) is its
				// function's row
				if own, _, _ := strings.Cut(f.Sig, "("); own != member && m.Attrs[own] == f {
					continue
				}
			}
			if d, ok := v.(tensor.DType); ok && isGlobalDType(member, d) {
				continue
			}
			switch v := v.(type) {
			case *Builtin:
				rows = append(rows, fmt.Sprintf("| `%s.%s` | %s |", name, v.Sig, v.Doc))
			case *Module:
				rows = append(rows, fmt.Sprintf("| `%s.%s` | the module %s |", name, member, v.Name))
			default:
				rows = append(rows, fmt.Sprintf("| `%s.%s` | %s |", name, member, memberDoc(v)))
			}
		}
		if len(rows) > 0 {
			b.WriteString("| member | |\n| --- | --- |\n" + strings.Join(rows, "\n") + "\n\n")
		}
	}
	return b.String()
}

func isGlobalDType(name string, d tensor.DType) bool {
	g, ok := dtypeNames[name]
	return ok && g == d
}

// memberDoc describes a module member that is not a function.
func memberDoc(v Value) string {
	switch v := v.(type) {
	case tensor.DType:
		return "the dtype " + v.String()
	case interface{ MemberDoc() string }:
		return v.MemberDoc()
	case *UserClass: // a library's class with a docstring
		if d, ok := v.attrs["__doc__"].(string); ok && d != "" {
			return strings.Join(strings.Fields(d), " ") // one table row
		}
	}
	return "the constant " + Repr(v)
}

// valuesMarkdown documents the methods of the values some builtins return:
// generators and optimizers.
func valuesMarkdown() string {
	var b strings.Builder
	for _, v := range []struct {
		typ, recv string
		methods   map[string]*Builtin
	}{{"Generator", "g", methodTables["Generator"]}, {"Optimizer", "opt", methodTables["Optimizer"]},
		{"GPT2LMHeadModel", "model", methodTables["GPT2LMHeadModel"]}, {"GPT2Tokenizer", "tokenizer", methodTables["GPT2Tokenizer"]},
		{"Figure", "fig", methodTables["Figure"]}, {"Axes", "ax", methodTables["Axes"]},
		{"Module", "model", methodTables["Module"]}, {"Sequential", "seq", methodTables["Sequential"]}, {"ModuleDict", "d", methodTables["ModuleDict"]}} {
		for _, name := range sortedKeys(v.methods) {
			m := v.methods[name]
			fmt.Fprintf(&b, "### %s.%s\n\n`%s.%s`\n\n%s\n\n", v.typ, name, v.recv, methodSig(m), m.Doc)
		}
	}
	return b.String()
}

func sequencesMarkdown() string {
	var b strings.Builder
	for _, typ := range sortedKeys(typeMethods) {
		for _, name := range sortedKeys(typeMethods[typ]) {
			m := typeMethods[typ][name]
			fmt.Fprintf(&b, "### %s.%s\n\n`%s.%s`\n\n%s\n\n", typ, name, typ, methodSig(m), m.Doc)
		}
	}
	return b.String()
}
