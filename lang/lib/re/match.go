package re

import (
	"fmt"
	"sort"

	"github.com/dlclark/regexp2/v2"

	"github.com/kael-dev/kael/lang"
)

// Match is re.Match: where a pattern matched, and its groups.
type Match struct {
	re      *Pattern
	subj    *subject
	pos     int
	endpos  int
	spans   [][2]int // by group; {-1, -1} for a group that did not take part
	lastIdx int      // 0: none
}

var (
	_ lang.HasAttrs   = (*Match)(nil)
	_ lang.TypeNamer  = (*Match)(nil)
	_ lang.Reprer     = (*Match)(nil)
	_ lang.ItemGetter = (*Match)(nil)
)

func (p *Pattern) newMatch(m *regexp2.Match, s *subject, pos, endpos int) *Match {
	spans := make([][2]int, p.groups+1)
	for i := range spans {
		spans[i] = [2]int{-1, -1}
		g := m.GroupByNumber(i)
		if g == nil || len(g.Captures) == 0 {
			continue
		}
		spans[i] = [2]int{g.RuneIndex, g.RuneIndex + g.RuneLength}
	}
	return &Match{re: p, subj: s, pos: pos, endpos: endpos, spans: spans, lastIdx: lastIndex(spans, p.parents)}
}

// lastIndex is the group that closed last: of the groups that took part
// and end last, the latest in the pattern, or the outermost group around
// it among them (an enclosing group closes after the groups inside it).
func lastIndex(spans [][2]int, parents []int) int {
	end := -1
	for i := 1; i < len(spans); i++ {
		if spans[i][0] >= 0 && spans[i][1] >= end {
			end = spans[i][1]
		}
	}
	best := 0
	for i := len(spans) - 1; i >= 1; i-- {
		if spans[i][0] >= 0 && spans[i][1] == end {
			best = i
			break
		}
	}
	for a := parents[best]; a > 0; a = parents[a] {
		if spans[a][0] >= 0 && spans[a][1] == end {
			best = a
		}
	}
	return best
}

func (m *Match) span(g int) (int, int) { return m.spans[g][0], m.spans[g][1] }

// TypeName is re.Match.
func (m *Match) TypeName() string { return "re.Match" }

// ClassName is re.Match, the class isinstance asks for.
func (m *Match) ClassName() string { return "re.Match" }

// PyRepr is <re.Match object; span=(0, 3), match='abc'>.
func (m *Match) PyRepr() string {
	s, e := m.span(0)
	return fmt.Sprintf("<re.Match object; span=(%d, %d), match=%s>", s, e, lang.Repr(m.subj.slice(s, e)))
}

// groupIndex resolves a group given as an int or a name.
func (m *Match) groupIndex(v lang.Value) (int, error) {
	if name, ok := v.(string); ok {
		if i, ok := m.re.names[name]; ok {
			return i, nil
		}
		return 0, lang.Errorf(lang.IndexError, "no such group")
	}
	if i, ok := lang.AsInt(v); ok && i >= 0 && int(i) <= m.re.groups {
		return int(i), nil
	}
	return 0, lang.Errorf(lang.IndexError, "no such group")
}

// group returns group g's text, or dflt when it did not take part.
func (m *Match) group(g int, dflt lang.Value) lang.Value {
	s, e := m.span(g)
	if s < 0 {
		return dflt
	}
	return m.subj.slice(s, e)
}

// GetItem is m[g].
func (m *Match) GetItem(key lang.Value) (lang.Value, error) {
	g, err := m.groupIndex(key)
	if err != nil {
		return nil, err
	}
	return m.group(g, lang.None), nil
}

func (m *Match) groupsTuple(dflt lang.Value) lang.Tuple {
	out := make(lang.Tuple, m.re.groups)
	for i := range out {
		out[i] = m.group(i+1, dflt)
	}
	return out
}

func (m *Match) groupDict(dflt lang.Value) (*lang.Dict, error) {
	d := lang.NewDict()
	for _, name := range m.re.groupNames() {
		if err := d.Set(name, m.group(m.re.names[name], dflt)); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// groupNames are the pattern's group names in the order of their groups.
func (p *Pattern) groupNames() []string {
	names := make([]string, 0, len(p.names))
	for n := range p.names {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return p.names[names[i]] < p.names[names[j]] })
	return names
}

// Attr returns the match's attributes and methods.
func (m *Match) Attr(name string) (lang.Value, bool) {
	switch name {
	case "pos":
		return int64(m.pos), true
	case "endpos":
		return int64(m.endpos), true
	case "re":
		return m.re, true
	case "string":
		return m.subj.value, true
	case "lastindex":
		if m.lastIdx == 0 {
			return lang.None, true
		}
		return int64(m.lastIdx), true
	case "lastgroup":
		for n, i := range m.re.names {
			if i == m.lastIdx && m.lastIdx > 0 {
				return n, true
			}
		}
		return lang.None, true
	case "regs":
		out := make(lang.Tuple, len(m.spans))
		for i, s := range m.spans {
			out[i] = lang.Tuple{int64(s[0]), int64(s[1])}
		}
		return out, true
	}
	if b, ok := matchMethods[name]; ok {
		return &lang.BoundMethod{Recv: m, Method: b}, true
	}
	return nil, false
}

// AttrNames lists them.
func (m *Match) AttrNames() []string {
	names := []string{"endpos", "lastgroup", "lastindex", "pos", "re", "regs", "string"}
	for n := range matchMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func self(a *lang.Args) *Match { return a.Value("self").(*Match) }

// matchMethods are re.Match's methods.
var matchMethods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "group(self, *groups)", "The text of the groups named or numbered (group 0, the whole match, by default): one value for one group, a tuple for several; None for a group that did not take part.", func(a *lang.Args) (lang.Value, error) {
			m := self(a)
			args, _ := a.Value("groups").(lang.Tuple)
			if len(args) == 0 {
				return m.group(0, lang.None), nil
			}
			out := make(lang.Tuple, len(args))
			for i, v := range args {
				g, err := m.groupIndex(v)
				if err != nil {
					return nil, err
				}
				out[i] = m.group(g, lang.None)
			}
			if len(out) == 1 {
				return out[0], nil
			}
			return out, nil
		}),
		lang.NewBuiltin(lang.AsValue, "groups(self, default=None)", "The tuple of all the groups' texts; default for those that did not take part.", func(a *lang.Args) (lang.Value, error) {
			return self(a).groupsTuple(a.Value("default")), nil
		}),
		lang.NewBuiltin(lang.AsValue, "groupdict(self, default=None)", "The named groups' texts by name; default for those that did not take part.", func(a *lang.Args) (lang.Value, error) {
			return self(a).groupDict(a.Value("default"))
		}),
		lang.NewBuiltin(lang.AsValue, "start(self, group=0)", "Where the group starts; -1 when it did not take part.", func(a *lang.Args) (lang.Value, error) {
			return spanPart(a, 0)
		}),
		lang.NewBuiltin(lang.AsValue, "end(self, group=0)", "Where the group ends; -1 when it did not take part.", func(a *lang.Args) (lang.Value, error) {
			return spanPart(a, 1)
		}),
		lang.NewBuiltin(lang.AsValue, "span(self, group=0)", "(start, end) of the group; (-1, -1) when it did not take part.", func(a *lang.Args) (lang.Value, error) {
			return spanPart(a, 2)
		}),
		lang.NewBuiltin(lang.AsValue, "expand(self, template)", `The template with \1, \g<1> and \g<name> replaced by the groups, as sub writes it.`, func(a *lang.Args) (lang.Value, error) {
			m := self(a)
			t, err := m.re.parseTemplate(a.Value("template"))
			if err != nil {
				return nil, err
			}
			return t.expand(m)
		}),
	} {
		matchMethods[b.Name] = b
	}
	lang.RegisterMethodTable("re.Match", matchMethods)
}

// spanPart is start (0), end (1) or span (2) of the group argument.
func spanPart(a *lang.Args, part int) (lang.Value, error) {
	m := self(a)
	g, err := m.groupIndex(a.Value("group"))
	if err != nil {
		return nil, err
	}
	s, e := m.span(g)
	switch part {
	case 0:
		return int64(s), nil
	case 1:
		return int64(e), nil
	}
	return lang.Tuple{int64(s), int64(e)}, nil
}

// String is str(m), its repr.
func (m *Match) String() string { return m.PyRepr() }
