package lang

import "slices"

// CPython's "Did you mean" for a NameError or AttributeError
// (Python/suggestions.c of 3.11), which sys.excepthook and the traceback
// module add to the exception's last line: the closest of the names the
// object's dir() gives (AttributeError), or of the locals, then globals,
// then builtins of the frame that raised it (NameError), by a Levenshtein
// distance where a case change costs half an edit. kael's own error
// rendering has its hint (syntax.Suggest); this is the rule Python code
// reads back.

const (
	suggestMaxCandidates = 750
	suggestMaxString     = 40
	suggestMoveCost      = 2
	suggestCaseCost      = 1
)

// nameScope is where a NameError the engine raised was looked up: the
// local variables of its function (in order) and its module's globals,
// read when the suggestion is made, as CPython reads the frame.
type nameScope struct {
	varnames []string
	glob     *globalTable
}

// scopeForSuggestion is in's scope, for a NameError's suggestion.
func (in *interp) scopeForSuggestion() *nameScope {
	sc := &nameScope{glob: in.glob}
	if in.code != nil {
		sc.varnames = in.code.names
	}
	return sc
}

// Suggestion is the name CPython's "Did you mean" offers for exc (an
// AttributeError with name and obj, or a NameError the engine raised),
// or "" for none. dir(obj) runs in the call a, which any error of it
// ends with no suggestion, as in CPython.
func Suggestion(a *Args, exc Value) string {
	x, ok := exc.(*Instance)
	if !ok || !x.cls.derivesFrom(exceptionClasses["NameError"]) && !x.cls.derivesFrom(exceptionClasses["AttributeError"]) {
		return ""
	}
	st := excStateOf(x)
	if st.named == nil {
		return ""
	}
	name, ok := st.named.name.(string)
	if !ok {
		return ""
	}
	if x.cls.derivesFrom(exceptionClasses["AttributeError"]) {
		if st.named.obj == nil {
			return ""
		}
		dir, _ := LookupBuiltin("dir")
		listing, err := a.Call(dir, st.named.obj)
		if err != nil {
			return ""
		}
		items, err := Collect(listing)
		if err != nil {
			return ""
		}
		return closestName(name, items)
	}
	sc := st.named.scope
	if tb, set := st.tbAssigned(); sc == nil || set && tb == None {
		return ""
	}
	if s := closestName(name, strValues(sc.varnames)); s != "" {
		return s
	}
	if sc.glob != nil {
		if s := closestName(name, strValues(sc.glob.bound())); s != "" {
			return s
		}
	}
	builtins := globalNames()
	slices.Sort(builtins)
	return closestName(name, strValues(builtins))
}

func strValues(names []string) []Value {
	out := make([]Value, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}

// closestName is calculate_suggestions: the first of dir nearest to name
// within a third of their characters, none when dir is too long.
func closestName(name string, dir []Value) string {
	if len(dir) >= suggestMaxCandidates {
		return ""
	}
	best, bestDist := "", int(^uint(0)>>1)
	for _, item := range dir {
		s, ok := item.(string)
		if !ok {
			return ""
		}
		if s == name {
			continue
		}
		maxDist := (len(name) + len(s) + 3) * suggestMoveCost / 6
		maxDist = min(maxDist, bestDist-1)
		d := levenshtein(name, s, maxDist)
		if d > maxDist {
			continue
		}
		if best == "" || d < bestDist {
			best, bestDist = s, d
		}
	}
	return best
}

// levenshtein is CPython's levenshtein_distance over the UTF-8 bytes of
// a and b, giving up (maxCost+1) once the distance must exceed maxCost.
func levenshtein(a, b string, maxCost int) int {
	if a == b {
		return 0
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		return (len(a) + len(b)) * suggestMoveCost
	}
	if len(a) > suggestMaxString || len(b) > suggestMaxString {
		return maxCost + 1
	}
	if len(b) < len(a) {
		a, b = b, a
	}
	if (len(b)-len(a))*suggestMoveCost > maxCost {
		return maxCost + 1
	}
	buf := make([]int, len(a))
	for i := range buf {
		buf[i] = (i + 1) * suggestMoveCost
	}
	result := 0
	for bi := 0; bi < len(b); bi++ {
		code := b[bi]
		dist := bi * suggestMoveCost
		result = dist
		minimum := int(^uint(0) >> 1)
		for i := 0; i < len(a); i++ {
			substitute := dist + substitutionCost(code, a[i])
			dist = buf[i]
			insertDelete := min(result, dist) + suggestMoveCost
			result = min(insertDelete, substitute)
			buf[i] = result
			minimum = min(minimum, result)
		}
		if minimum > maxCost {
			return maxCost + 1
		}
	}
	return result
}

// substitutionCost is the cost of changing byte a into b: none for the
// same, half an edit for a change of ASCII case.
func substitutionCost(a, b byte) int {
	if a&31 != b&31 {
		return suggestMoveCost
	}
	if a == b {
		return 0
	}
	if 'A' <= a && a <= 'Z' {
		a += 'a' - 'A'
	}
	if 'A' <= b && b <= 'Z' {
		b += 'a' - 'A'
	}
	if a == b {
		return suggestCaseCost
	}
	return suggestMoveCost
}
