package tensor

import (
	"os"
	"strings"
	"testing"
)

// TestEveryDTypeHasTraits checks that traitsOf describes every declared
// dtype: the first place a new dtype is added.
func TestEveryDTypeHasTraits(t *testing.T) {
	for d := range DType(numDTypes) {
		if _, ok := traitsOf(d); !ok {
			t.Errorf("tensor/dtype.go: traitsOf has no case for dtype %d", d)
		}
	}
	if len(DTypes) != numDTypes {
		t.Errorf("DTypes has %d dtypes, want %d", len(DTypes), numDTypes)
	}
}

// TestEveryDTypeHasKernels checks every dispatch table against every dtype
// (see Kernels): built with -tags kael_extradtype it names each table a new
// dtype still needs a kernel in, by the file and line that built it.
func TestEveryDTypeHasKernels(t *testing.T) {
	if len(tables) < 40 {
		t.Fatalf("only %d dispatch tables recorded; tables built at initialization are missing", len(tables))
	}
	// A dtype that traitsOf does not describe yet (the failure above) is
	// checked with the traits it is planned to have.
	saved := traits
	defer func() { traits = saved }()
	for d, tr := range plannedTraits {
		if !d.valid() {
			traits[d] = tr
		}
	}
	for _, m := range missingKernels() {
		t.Error(m)
	}
	if os.Getenv("KAEL_LIST_DISPATCH_TABLES") != "" { // for .ci/check-extra-dtype
		for _, tb := range tables {
			t.Logf("table %s %s", tb.class.name, tb.site())
		}
	}
}

func TestDispatchRefusesAcceptedDTypeWithoutKernel(t *testing.T) {
	k := Kernels[func()]{accepts: func(DType) bool { return true }, record: -1}
	_, err := k.Select("probe", Float32)
	if KindOf(err) != RuntimeError || !strings.Contains(err.Error(), "probe has no kernel for float32") {
		t.Errorf("error = %v", err)
	}
	if _, err := k.Select("probe", DType(200)); err == nil || !strings.Contains(err.Error(), "invalid dtype 200") {
		t.Errorf("invalid dtype error = %v", err)
	}
}

func TestBuildSiteNamesTheDeclaration(t *testing.T) {
	if len(tables) == 0 { // registerTable records them in test binaries
		t.Fatal("no dispatch table was recorded")
	}
	for _, tb := range tables {
		if !strings.HasPrefix(tb.site(), "tensor/") || !strings.Contains(tb.site(), ".go:") {
			t.Errorf("table built by %s has site %q", tb.class.name, tb.site())
		}
	}
}
