package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// ProfileEnv names the environment variable that, set to a file name,
// has kael write a CPU profile of the whole process to that file (for
// `go tool pprof`), as `KAEL_CPUPROFILE=cpu.out kael run train.py`. It is
// a tool for measuring kael itself (docs/performance.md), not a setting a
// program needs; a file it cannot create is said on standard error and
// the program runs unprofiled.
const ProfileEnv = "KAEL_CPUPROFILE"

// startProfile starts the CPU profile that ProfileEnv asks for, if any,
// and returns the function that stops it and closes its file.
func startProfile(stderr io.Writer) (stop func()) {
	name := os.Getenv(ProfileEnv)
	if name == "" {
		return func() {}
	}
	f, err := os.Create(name)
	if err != nil {
		fmt.Fprintf(stderr, "kael: %s: %v; running without a CPU profile\n", ProfileEnv, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "kael: %s: %v; running without a CPU profile\n", ProfileEnv, err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "kael: %s: %v\n", ProfileEnv, err)
		}
	}
}
