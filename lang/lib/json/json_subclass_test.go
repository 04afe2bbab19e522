package json

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDumpsSubclassesMatchCPython: json.dumps writes an object of a
// class derived from str, int, float or tuple as its value.
func TestDumpsSubclassesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import json\nclass S(str):\n    def __repr__(self):\n        return 'S!'\nclass A(int):\n    pass\nclass F(float):\n    pass\nclass T(tuple):\n    pass\n", []string{
		"json.dumps([S('a'), A(3), F(1.5), T((1, S('b')))])",
		"json.dumps({S('k'): A(1), A(2): 'v'})",
		"json.dumps({S('b'): 1, 'a': 2}, sort_keys=True)",
		"json.loads(json.dumps(S('x\"y')))",
	})
}
