package unittest_test

import (
	"os"
	"path/filepath"
	"testing"
)

func TestZZDebugSuites(t *testing.T) {
	wd, _ := os.Getwd()
	dir := filepath.Join(wd, suitesDir)
	listed := notYet(t, dir)
	tmp := t.TempDir()
	_ = os.Chdir(tmp)
	defer func() { _ = os.Chdir(wd) }()
	for _, name := range []string{"test_grammar", "test_exceptions"} {
		_, np := runSuite(t, dir, name, listed)
		for id, why := range np {
			t.Logf("%s\t%s", id, why)
		}
	}
}
