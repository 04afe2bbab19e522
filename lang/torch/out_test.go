package torch

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestOutParameter checks that every builtin of outOps got its out=
// parameter, which defOut adds after the builtins are defined.
func TestOutParameter(t *testing.T) {
	for name := range outOps {
		b, isFunc := lang.LookupBuiltin(name)
		m, isMethod := lang.TensorMethod(name)
		if !isFunc && !isMethod {
			t.Errorf("out= is declared for %s, which is not a builtin", name)
			continue
		}
		for _, f := range []*lang.Builtin{b, m} {
			if f != nil && !strings.Contains(f.Sig, "out=None") {
				t.Errorf("%s has no out= parameter: %s", name, f.Sig)
			}
		}
	}
}
