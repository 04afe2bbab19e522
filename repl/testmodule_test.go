package repl

import (
	"os"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// gateEnv names a file whose creation opens kaeltest.gate in the REPL
// under test.
const gateEnv = "KAEL_REPL_TEST_GATE"

// waitDeadline bounds every wait of the test module, so that a REPL that
// does not do what a test expects ends the test instead of hanging it.
const waitDeadline = time.Minute

// registerTestModule adds the module kaeltest to the REPL under test:
//
//	kaeltest.gate      its repr (str(gate)) waits until the file named by
//	                   KAEL_REPL_TEST_GATE exists: a statement that runs
//	                   until the test lets it end
//	kaeltest.hang      a list of 100·4096 elements whose first element's
//	                   repr waits for the interrupt, so that the repr of
//	                   the list, a cell's bare result, is being made when
//	                   Ctrl-C comes
func registerTestModule() {
	lang.RegisterModule("kaeltest", "Values for the REPL's tests.", func() *lang.Module {
		elems := make([]lang.Value, 100*4096)
		elems[0] = waitsForInterrupt{}
		for i := 1; i < len(elems); i++ {
			elems[i] = int64(i)
		}
		return &lang.Module{Name: "kaeltest", Attrs: map[string]lang.Value{
			"gate": gate{os.Getenv(gateEnv)},
			"hang": &lang.List{Elems: elems},
		}}
	})
}

type gate struct{ file string }

func (g gate) PyRepr() string {
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(g.file); err == nil {
			return "<open gate>"
		}
	}
	return "<gate timed out>"
}

func (g gate) String() string { return g.PyRepr() }

type waitsForInterrupt struct{}

func (waitsForInterrupt) PyRepr() string {
	for deadline := time.Now().Add(waitDeadline); !tensor.Interrupted() && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	return "<interrupted>"
}
