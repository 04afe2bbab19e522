package main

import (
	"flag"
	"fmt"
	"io"
)

// commandHelp is what `kael COMMAND --help` (or -h) prints for commands
// without flags; commands with flags (kernel) print their flag set's usage.
var commandHelp = map[string]string{
	"run": `usage: kael run FILE.kael

Runs a script as python3 runs one: it prints only what it prints (the value
of a last bare expression is not shown; kael -c shows it). Promotion notes
go to stderr; an error goes to stderr with its source line, and the exit
status is 1. Only regular files up to 16 MiB are read.

KAEL_CPUPROFILE=FILE in the environment writes a CPU profile of the run to
FILE, for go tool pprof (docs/performance.md).
`,
	"version": `usage: kael version

Prints kael's version.
`,
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// printHelp prints the help of args[0] when args[1] asks for it, and
// reports whether it did.
func printHelp(args []string, stdout io.Writer) bool {
	if len(args) < 2 || !isHelpFlag(args[1]) {
		return false
	}
	text, ok := commandHelp[args[0]]
	if ok {
		fmt.Fprint(stdout, text)
	}
	return ok
}

// newFlagSet returns a flag set that prints usage, and then its flags, on
// stdout for -h and on stderr for a mistake.
func newFlagSet(name, usage string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fmt.Fprintln(fs.Output(), "\nflags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the exit status to end with, or -1 to
// go on: 0 after printing help on stdout, 2 for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) int {
	for _, a := range args {
		if isHelpFlag(a) {
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	return -1
}
