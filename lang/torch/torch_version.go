package torch

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// torch.torch_version.TorchVersion, as PyTorch 1.13's: a str that
// compares (==, <, <=, >, >=) with strings and tuples as versions do
// under PEP 440 (packaging.version.Version): torch.__version__ >= "1.10"
// and torch.__version__ > (1, 12) hold. What is no version ("abc", a
// tuple of words) compares as the str. != is str's, and the hash is the
// str's, as in PyTorch (which sets only those five comparisons).

// versionPattern is packaging's VERSION_PATTERN.
var versionPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d+)?)?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d+)?)?(?:[-_.]?(dev)[-_.]?(\d+)?)?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$`)
})

// localSeparators split a local version label (+ubuntu.1).
var localSeparators = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[-_.]`) })

// pepVersion is a parsed version's comparison key, as packaging's
// _cmpkey: each part is a list of numbers compared in order.
type pepVersion [][]int64

// Infinities of _cmpkey: an absent pre-release sorts after any, an absent
// post-release before any, an absent dev release after any.
const (
	negInf = -1 << 62
	posInf = 1 << 62
)

// parseVersion parses s, ok false when it is no PEP 440 version.
func parseVersion(s string) (pepVersion, bool) {
	m := versionPattern().FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	num := func(t string) int64 {
		n, _ := strconv.ParseInt(t, 10, 64)
		return n
	}
	epoch := []int64{num(m[1])}
	var release []int64
	for _, p := range strings.Split(m[2], ".") {
		release = append(release, num(p))
	}
	for len(release) > 1 && release[len(release)-1] == 0 {
		release = release[:len(release)-1] // 1.10.0 is 1.10
	}
	hasPre, hasPost, hasDev := m[3] != "", m[5] != "" || m[6] != "", m[8] != ""
	pre := []int64{posInf}
	switch {
	case hasPre:
		rank := map[string]int64{"a": 0, "alpha": 0, "b": 1, "beta": 1, "c": 2, "rc": 2, "pre": 2, "preview": 2}[strings.ToLower(m[3])]
		pre = []int64{rank, num(m[4])}
	case !hasPost && hasDev:
		pre = []int64{negInf}
	}
	post := []int64{negInf}
	if hasPost {
		post = []int64{num(m[5] + m[7])}
	}
	dev := []int64{posInf}
	if hasDev {
		dev = []int64{num(m[9])}
	}
	local := []int64{negInf}
	if m[10] != "" {
		local = nil
		for _, p := range localSeparators().Split(strings.ToLower(m[10]), -1) {
			if n, err := strconv.ParseInt(p, 10, 64); err == nil {
				local = append(local, 1, n) // a number sorts after a word
			} else {
				local = append(local, 0, int64(len(p))) // words: by length only, kael's approximation
			}
		}
	}
	return pepVersion{epoch, release, pre, post, dev, local}, true
}

// compareVersions orders a and b: -1, 0 or 1.
func compareVersions(a, b pepVersion) int {
	for i := range a {
		x, y := a[i], b[i]
		for j := 0; j < len(x) || j < len(y); j++ {
			var p, q int64 = 0, 0
			if j < len(x) {
				p = x[j]
			} else if i != 1 {
				return -1
			}
			if j < len(y) {
				q = y[j]
			} else if i != 1 {
				return 1
			}
			if p != q {
				if p < q {
					return -1
				}
				return 1
			}
		}
	}
	return 0
}

// versionOf converts the other operand of a comparison as PyTorch's
// _convert_to_version: a str parsed, an iterable's items joined with
// dots; ok is false when it is no version.
func versionOf(v lang.Value) (pepVersion, bool) {
	if s, ok := lang.ValueOf(v).(string); ok {
		return parseVersion(s)
	}
	items, err := lang.Collect(v)
	if err != nil {
		return nil, false
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = lang.Str(it)
	}
	return parseVersion(strings.Join(parts, "."))
}

// defTorchVersion registers TorchVersion, torch.__version__ and the
// module torch.torch_version.
func defTorchVersion() {
	c, err := lang.NewValueClass("TorchVersion", "torch.torch_version", "str")
	if err != nil {
		panic(err)
	}
	_ = c.SetAttr("__doc__", "A string with magic powers to compare to both Version and iterables!")
	cmps := []struct {
		name string
		ok   func(int) bool
	}{
		{"__gt__", func(c int) bool { return c > 0 }}, {"__lt__", func(c int) bool { return c < 0 }},
		{"__eq__", func(c int) bool { return c == 0 }}, {"__ge__", func(c int) bool { return c >= 0 }},
		{"__le__", func(c int) bool { return c <= 0 }},
	}
	for _, cmp := range cmps {
		name, ok := cmp.name, cmp.ok
		_ = c.SetAttr(name, lang.NewBuiltin(lang.AsValue, name+"(self, other)", "Compares as versions (PEP 440), or as strs when other is no version.", func(a *lang.Args) (lang.Value, error) {
			self, other := a.Value("self"), a.Value("other")
			s, isStr := lang.ValueOf(self).(string)
			if !isStr {
				return nil, lang.Errorf(lang.TypeError, "descriptor '%s' requires a 'str' object but received a '%s'", name, lang.TypeName(self))
			}
			mine, okMine := parseVersion(s)
			theirs, okTheirs := versionOf(other)
			if okMine && okTheirs {
				return ok(compareVersions(mine, theirs)), nil
			}
			o, otherStr := lang.ValueOf(other).(string)
			if !otherStr {
				return lang.NotImplemented, nil // str's comparison with a non-str
			}
			return ok(strings.Compare(s, o)), nil
		}).BindingSelf())
	}
	if h, ok := c.ValueHash(); ok {
		_ = c.SetAttr("__hash__", h) // str's, as PyTorch's class keeps it
	}
	version := lang.NewInstance(c, nil)
	if err := version.SetValue(torchVersion); err != nil {
		panic(err)
	}
	torchMembers["__version__"] = version // torch.version.__version__ stays a str, as in PyTorch
	lang.RegisterModule("torch.torch_version", "PyTorch's TorchVersion: torch.__version__, a str that compares with strs and tuples as versions.", func() *lang.Module {
		return &lang.Module{Name: "torch.torch_version", Attrs: map[string]lang.Value{
			"TorchVersion": c, "__version__": version,
		}}
	})
}
