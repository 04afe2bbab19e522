// Command kael is the kael tensor language: a REPL on a terminal, a script
// runner, and a Jupyter kernel.
//
//	kael                       start the REPL (or run stdin as a script when it is not a terminal)
//	kael -c CODE               run CODE like a notebook cell
//	kael run FILE.kael         run a script (it prints only what it prints, as Python)
//	kael kernel CONNECTION     serve the Jupyter messaging protocol (--log-level, --log-file)
//	kael kernel install        install the Jupyter kernelspec (--user, --system, --sys-prefix, --prefix DIR, --name, --display-name, --env, --memory-limit, --copy-binary)
//	kael gpt2 MODEL PROMPT     generate text with GPT-2 (kael gpt2 init FILE: random weights)
//	kael version               print the version
//
// KAEL_CPUPROFILE=FILE in the environment writes a CPU profile of the
// whole run to FILE, for `go tool pprof` (profile.go).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/kael-dev/kael/internal/gctune"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
	"golang.org/x/term"
)

// version is kael's version, shown in the banner and kernel_info.
const version = "0.1.0"

func main() {
	gctune.Start()
	stop := startProfile(os.Stderr)
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	tensor.SplitStatDump()
	os.Exit(code)
}

const usage = `usage:
  kael                      start the REPL (runs stdin as a script when it is not a terminal)
  kael -c CODE [ARG...]     run CODE like a notebook cell
  kael run FILE [ARG...]    run a script (it prints only what it prints);
                            sys.argv is FILE and the ARGs
  kael kernel CONNECTION    run the Jupyter kernel on a connection file
                            (--log-level LEVEL, --log-file FILE)
  kael kernel install [--user | --system | --sys-prefix | --prefix DIR]
                            install the Jupyter kernelspec (kael kernel
                            install --help: name, environment, memory limit)
  kael gpt2 MODEL PROMPT    generate text with GPT-2 (kael gpt2 --help)
  kael version              print the version

"kael COMMAND --help" describes a command.
`

// run executes the command line and returns the exit status.
func run(args []string, stdin io.ReadCloser, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if len(args) == 0 {
		if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			stop() // the REPL handles Ctrl-C itself
			return runREPL(context.Background(), stdin, stdout, stderr)
		}
		src, err := lang.ReadScriptFrom(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "kael: standard input:", err)
			return 1
		}
		return runScript(ctx, "<stdin>", src, nil, false, stdin, stdout, stderr)
	}
	if printHelp(args, stdout) {
		return 0
	}
	switch args[0] {
	case "-c":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		// sys.argv is ['-c', ...] as CPython's.
		return runScript(ctx, "<string>", args[1], append([]string{"-c"}, args[2:]...), true, stdin, stdout, stderr)
	case "run":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		src, err := lang.ReadScript(args[1])
		if err != nil {
			fmt.Fprintf(stderr, "kael: %s: %v\n", args[1], err)
			return 1
		}
		// sys.argv is the script and the arguments after it.
		return runScript(ctx, args[1], src, args[1:], false, stdin, stdout, stderr)
	case "kernel":
		stop() // the kernel handles SIGINT as an interrupt request
		return runKernel(args[1:], stdout, stderr)
	case "gpt2":
		return runGPT2(ctx, args[1:], stdout, stderr)
	case "version", "--version", "-V":
		fmt.Fprintln(stdout, "kael", version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "kael: unknown command %q\n%s", args[0], usage)
	return 2
}
