package numpy

import (
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestNumpyModulesDeclared checks numpyModules, the list that stands for
// numpy's modules before numpy is defined, against the modules its
// registrations register (all named numpy, numpy.* or _numpy_*).
func TestNumpyModulesDeclared(t *testing.T) {
	lang.LoadLibrary("numpy")
	var got []string
	for _, n := range lang.ModuleNames() {
		if n == "numpy" || strings.HasPrefix(n, "numpy.") || strings.HasPrefix(n, "_numpy_") {
			got = append(got, n)
		}
	}
	if !slices.Equal(got, numpyModules) {
		t.Errorf("numpy registers the modules\n%q\nbut numpyModules (library.go) lists\n%q", got, numpyModules)
	}
	if !lang.LibraryDefined("numpy") {
		t.Error("LoadLibrary(\"numpy\") left numpy undefined")
	}
}
