package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/langeval"
)

const kernelUsage = `usage: kael kernel [--log-level LEVEL] [--log-file FILE] CONNECTION_FILE
       kael kernel install [--user | --prefix DIR]

Serves the Jupyter messaging protocol on the ports of CONNECTION_FILE, as
Jupyter starts it from the kernelspec that "kael kernel install" writes.
The log goes to stderr, which consoles show among the outputs, so only
warnings and errors are logged unless --log-level says otherwise.
`

const installUsage = `usage: kael kernel install [--user | --prefix DIR]

Installs the kael kernelspec for the current user (the default) or under
DIR/share/jupyter/kernels.
`

// runKernel handles "kael kernel CONNECTION" and "kael kernel install".
func runKernel(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 1 && args[0] == "install" {
		return runKernelInstall(args[1:], stdout, stderr)
	}
	fs := newFlagSet("kael kernel", kernelUsage, stdout, stderr)
	level := fs.String("log-level", "warn", "least severe log records kept: debug, info, warn or error")
	logFile := fs.String("log-file", "", "append the log to `FILE` instead of stderr")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(strings.ToUpper(*level))); err != nil {
		fmt.Fprintf(stderr, "kael kernel: --log-level %q: want debug, info, warn or error\n", *level)
		return 2
	}
	logTo := stderr
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			fmt.Fprintln(stderr, "kael kernel:", err)
			return 1
		}
		defer f.Close()
		logTo = f
	}
	err := kernel.Run(context.Background(), fs.Arg(0), kernel.Config{
		NewEngine: langeval.New,
		Version:   version,
		Logger:    slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: lvl})),
	})
	if err != nil {
		fmt.Fprintln(stderr, "kael kernel:", err)
		return 1
	}
	return 0
}

func runKernelInstall(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("kael kernel install", installUsage, stdout, stderr)
	user := fs.Bool("user", false, "install for the current user (the default)")
	prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter/kernels")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if *user && *prefix != "" {
		fmt.Fprintln(stderr, "kael kernel install: --user and --prefix exclude each other")
		return 2
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "kael:", err)
		return 1
	}
	dir, err := kernel.Install(*prefix == "", *prefix, exe)
	if err != nil {
		fmt.Fprintln(stderr, "kael:", err)
		return 1
	}
	fmt.Fprintln(stdout, "installed the kael kernelspec in", dir)
	return 0
}
