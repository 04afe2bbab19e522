package tensor

import (
	"flag"
	"os"
	"testing"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// TestMain poisons memory allocated without clearing, so that a kernel that
// leaves part of an output unwritten shows NaN or -1 instead of passing on
// zeros it never wrote. Benchmark runs leave it off: the poisoning is an
// extra pass over every output.
func TestMain(m *testing.M) {
	flag.Parse()
	if flag.Lookup("test.bench").Value.String() == "" {
		rawmem.Poison = true
	}
	os.Exit(m.Run())
}
