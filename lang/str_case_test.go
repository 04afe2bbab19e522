package lang

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// caseFuncs are str's case mappings in the order caseScript prints them.
var caseFuncs = []struct {
	name string
	f    func(string) string
}{{"upper", strUpper}, {"lower", strLower}, {"title", strTitle}, {"capitalize", strCapitalize}, {"swapcase", strSwapcase}}

// caseScript prints, for each code point whose case mappings are not
// the character itself, the code point and its five mappings, each as
// its code points in hex joined by commas. str_case_table.go was generated from the same
// Python (the characters with len(c.upper()) > 1 and len(c.title()) > 1).
const caseScript = codesDef + `
for cp in range(0x110000):
    if 0xD800 <= cp < 0xE000:
        continue
    c = chr(cp)
    m = [c.upper(), c.lower(), c.title(), c.capitalize(), c.swapcase()]
    if any(x != c for x in m):
        print(cp, *(codes(x) for x in m))
`

// TestStrCaseMatchesCPython compares str.upper, lower, title, capitalize
// and swapcase with CPython 3.11's, for every character they change
// there (the full mappings of str_case_table.go included), for every
// character kael changes that CPython's Unicode 14 has (Go's tables are
// a newer Unicode: characters new since are left out), and for strings
// whose mapping depends on context: capital sigma at a word's end, title
// case after cased and uncased characters.
func TestStrCaseMatchesCPython(t *testing.T) {
	python := reftest.CPython(t)
	out, err := exec.Command(python, "-c", caseScript).Output()
	if err != nil {
		t.Fatalf("CPython: %v", err)
	}
	changed := map[rune]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		cp, _ := strconv.Atoi(fields[0])
		r := rune(cp)
		changed[r] = true
		for i, f := range caseFuncs {
			if got := codes(f.f(string(r))); got != fields[i+1] {
				t.Errorf("U+%04X.%s(): kael %s, CPython %s", r, f.name, got, fields[i+1])
			}
		}
	}
	var extra []string
	for r := rune(0); r < 0x110000; r++ {
		if changed[r] || r >= 0xd800 && r < 0xe000 {
			continue
		}
		for _, f := range caseFuncs {
			if f.f(string(r)) != string(r) {
				extra = append(extra, strconv.Itoa(int(r)))
				break
			}
		}
	}
	if len(extra) > 0 { // kael changes them: CPython must not have them at all
		script := "import unicodedata\nfor cp in [" + strings.Join(extra, ",") + "]:\n    if unicodedata.category(chr(cp)) != 'Cn': print(hex(cp))"
		assigned, err := exec.Command(python, "-c", script).Output()
		if err != nil {
			t.Fatalf("CPython: %v", err)
		}
		if s := strings.TrimSpace(string(assigned)); s != "" {
			t.Errorf("kael changes the case of characters CPython leaves: %s", s)
		}
	}
	words := []string{"ΟΔΟΣ", "ΣΑΣ", "Σ", "ΑΣ ΟΣ.", "ΑΣ' Σ", "ΑΣΑ", "Α\u0301Σ", "ΑΣ\u0301", "ΑΣ\u0301Α", "1Σ", "ΣΟΦΟΣ-ΣΟΦΟΣ",
		"hello WORLD", "o'neil mc.donald", "1st 2ND x3y", "ǆemal ǅ Ǆ", "ﬁsh ßtraße", "straße", "İstanbul", "ǰoy", "ὒμας", "ﬀl", "aǅb",
		"ⓐⓑ Ⓒ", "ʰello", "日本語 abc", "", "a", "ß", "ＡＢｃ", "ꭰ", "Ꭰꭰ"}
	script := codesDef + "words = " + pyList(words) + "\nfor w in words:\n    print(' '.join(codes(x) for x in [w.upper(), w.lower(), w.title(), w.capitalize(), w.swapcase()]))\n"
	ref, err := exec.Command(python, "-c", script).Output()
	if err != nil {
		t.Fatalf("CPython: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(ref)), "\n")
	for i, w := range words {
		var got []string
		for _, f := range caseFuncs {
			got = append(got, codes(f.f(w)))
		}
		if g := strings.Join(got, " "); g != lines[i] {
			t.Errorf("%+q: kael %s, CPython %s", w, g, lines[i])
		}
	}
}

// codesDef defines codes(s) in Python: s's code points in hex joined by
// commas ("-" for the empty string), as codes below writes them.
const codesDef = "def codes(s):\n    return ','.join('%x' % ord(c) for c in s) or '-'\n"

// codes is s's code points in hex joined by commas, "-" when empty.
func codes(s string) string {
	if s == "" {
		return "-"
	}
	var hex []string
	for _, r := range s {
		hex = append(hex, strconv.FormatInt(int64(r), 16))
	}
	return strings.Join(hex, ",")
}

// pyList is a Python list literal of the strings.
func pyList(ss []string) string {
	var q []string
	for _, s := range ss {
		q = append(q, pyASCII(s))
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// pyASCII is ascii(s) of Python for a str.
func pyASCII(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r < 0x10000:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			fmt.Fprintf(&b, "\\U%08x", r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
