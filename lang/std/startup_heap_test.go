package std_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestNoRegexpCompiledAtStartUp checks, in a fresh process (this test
// binary, running TestStartUpHeapChild with every allocation profiled),
// that no package of kael's linked here holds a compiled regular
// expression after a session ran `pass`: a package-level
// regexp.MustCompile is a compiled program of pointerful instructions
// (1–11 kB each) in the heap every collection marks, in every program.
// Such a regexp belongs in a sync.OnceValue, compiled on first use.
func TestNoRegexpCompiledAtStartUp(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestStartUpHeapChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KAEL_STARTUP_HEAP_PROBE=1", "GODEBUG=memprofilerate=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v\n%s", err, out.String())
	}
	got, _, _ := strings.Cut(out.String(), "PASS")
	if !strings.HasPrefix(got, "profiled\n") {
		t.Fatalf("child printed %q, want its profile's report", out.String())
	}
	if sites := strings.TrimPrefix(got, "profiled\n"); sites != "" {
		t.Errorf("regular expressions compiled at start-up and still in the heap, by:\n%s", sites)
	}
}

// TestStartUpHeapChild is TestNoRegexpCompiledAtStartUp's child: it runs
// `pass` in a session and prints the kael functions (outside tests)
// whose regexp.Compile left memory in use.
func TestStartUpHeapChild(t *testing.T) {
	if os.Getenv("KAEL_STARTUP_HEAP_PROBE") == "" {
		t.Skip("run by TestNoRegexpCompiledAtStartUp")
	}
	if runtime.MemProfileRate != 1 {
		t.Fatalf("MemProfileRate %d: the child needs GODEBUG=memprofilerate=1", runtime.MemProfileRate)
	}
	s := lang.NewSession(lang.IO{Stdout: os.Stdout})
	if r := s.Exec(context.Background(), "<probe>", "pass"); r.Err != nil {
		t.Fatal(r.Err)
	}
	runtime.GC()
	runtime.GC() // the profile's in-use counts are those of the last complete cycle
	n, _ := runtime.MemProfile(nil, true)
	records := make([]runtime.MemProfileRecord, n+100)
	n, ok := runtime.MemProfile(records, true)
	if !ok {
		t.Fatal("the memory profile grew while read")
	}
	var sites []string
	for _, r := range records[:n] {
		if r.InUseBytes() == 0 {
			continue
		}
		frames := runtime.CallersFrames(r.Stack())
		compiling := false
		for {
			f, more := frames.Next()
			if f.Function == "regexp.Compile" || f.Function == "regexp.MustCompile" {
				compiling = true
			} else if compiling && !strings.HasPrefix(f.Function, "regexp.") {
				// the first caller outside regexp made it
				if strings.HasPrefix(f.Function, "github.com/kael-dev/kael/") && !strings.HasSuffix(f.File, "_test.go") {
					sites = append(sites, f.Function)
				}
				break
			}
			if !more {
				break
			}
		}
	}
	os.Stdout.WriteString("profiled\n")
	slices.Sort(sites)
	for _, site := range slices.Compact(sites) {
		os.Stdout.WriteString(site + "\n")
	}
	runtime.KeepAlive(s)
}
