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
	"github.com/kael-dev/kael/tensor"
)

const kernelUsage = `usage: kael kernel [--log-level LEVEL] [--log-file FILE] CONNECTION_FILE
       kael kernel install [--user | --system | --sys-prefix | --prefix DIR] [OPTIONS]

Serves the Jupyter messaging protocol on the ports of CONNECTION_FILE, as
Jupyter starts it from the kernelspec that "kael kernel install" writes.
The log goes to stderr, which consoles show among the outputs, so only
warnings and errors are logged unless --log-level says otherwise.
KAEL_MEMORY_LIMIT (e.g. 2GiB) lowers the memory tensors may use.
`

const installUsage = `usage: kael kernel install [--user | --system | --sys-prefix | --prefix DIR]
                           [--name NAME] [--display-name TEXT] [--env KEY=VALUE]...
                           [--memory-limit SIZE] [--copy-binary]

Installs the kael kernelspec for the current user (the default), for every
user of the machine (--system: /usr/local/share/jupyter/kernels), under the
prefix of the Jupyter on PATH (--sys-prefix: a virtualenv, conda
environment, or /usr for Debian's jupyter), or under
DIR/share/jupyter/kernels (--prefix). The kernelspec runs this binary
where it is, or a copy under the prefix's bin directory (--copy-binary).
An install for other users (--system, --sys-prefix, or --prefix DIR by
root where others can reach DIR) is refused when they could not run the
binary.
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
	if _, _, err := tensor.MemoryLimitFromEnv(); err != nil {
		fmt.Fprintln(stderr, "kael kernel:", err)
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
		fmt.Fprintln(stderr, "kael kernel:", withoutPackagePrefix(err))
		return 1
	}
	return 0
}

// withoutPackagePrefix is err's text without the "kernel: " that package
// kernel's errors begin with, which the command's own prefix replaces.
func withoutPackagePrefix(err error) string {
	return strings.TrimPrefix(err.Error(), "kernel: ")
}

// envFlags collects repeated --env KEY=VALUE flags.
type envFlags map[string]string

func (e envFlags) String() string { return "" }

func (e envFlags) Set(v string) error {
	key, value, ok := strings.Cut(v, "=")
	if !ok || key == "" {
		return fmt.Errorf("want KEY=VALUE, got %q", v)
	}
	e[key] = value
	return nil
}

func runKernelInstall(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("kael kernel install", installUsage, stdout, stderr)
	user := fs.Bool("user", false, "install for the current user (the default)")
	system := fs.Bool("system", false, "install for every user, in /usr/local/share/jupyter/kernels")
	sysPrefix := fs.Bool("sys-prefix", false, "install under the prefix of the jupyter on PATH (or $VIRTUAL_ENV, $CONDA_PREFIX)")
	prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter/kernels")
	name := fs.String("name", kernel.KernelName, "the kernelspec's `NAME`, which notebooks record")
	display := fs.String("display-name", "kael", "the `TEXT` front ends show for the kernel")
	env := envFlags{}
	fs.Var(env, "env", "set `KEY=VALUE` in the kernel's environment (repeatable)")
	memory := fs.String("memory-limit", "", "the memory tensors of each kernel may use, e.g. 2GiB or 800MB (sets "+tensor.MemoryLimitEnv+")")
	copyBinary := fs.Bool("copy-binary", false, "copy kael to the prefix's bin directory and run the copy")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kael kernel install: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	opts := kernel.InstallOptions{Name: *name, DisplayName: *display, CopyBinary: *copyBinary}
	var scopes []string
	for _, s := range []struct {
		set   bool
		flag  string
		scope kernel.Scope
	}{
		{*user, "--user", kernel.ScopeUser},
		{*system, "--system", kernel.ScopeSystem},
		{*sysPrefix, "--sys-prefix", kernel.ScopeSysPrefix},
		{*prefix != "", "--prefix", kernel.ScopePrefix},
	} {
		if s.set {
			scopes = append(scopes, s.flag)
			opts.Scope = s.scope
		}
	}
	if len(scopes) > 1 {
		fmt.Fprintf(stderr, "kael kernel install: %s exclude each other\n", strings.Join(scopes, " and "))
		return 2
	}
	opts.Prefix = *prefix
	// An administrator installing into a prefix others can reach installs
	// for them.
	opts.Shared = opts.Scope == kernel.ScopePrefix && os.Geteuid() == 0 && kernel.OthersCanReach(*prefix)
	if *memory != "" {
		if _, ok := env[tensor.MemoryLimitEnv]; ok {
			fmt.Fprintf(stderr, "kael kernel install: --memory-limit and --env %s=... exclude each other\n", tensor.MemoryLimitEnv)
			return 2
		}
		if _, err := tensor.ParseBytes(*memory); err != nil {
			fmt.Fprintln(stderr, "kael kernel install: --memory-limit:", err)
			return 2
		}
		env[tensor.MemoryLimitEnv] = *memory
	} else if v, ok := env[tensor.MemoryLimitEnv]; ok {
		if _, err := tensor.ParseBytes(v); err != nil {
			fmt.Fprintf(stderr, "kael kernel install: --env %s: %v\n", tensor.MemoryLimitEnv, err)
			return 2
		}
	}
	if len(env) > 0 {
		opts.Env = env
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "kael:", err)
		return 1
	}
	opts.Executable = exe
	res, err := kernel.Install(opts)
	if err != nil {
		fmt.Fprintln(stderr, "kael kernel install:", withoutPackagePrefix(err))
		return 1
	}
	if res.Copied {
		fmt.Fprintln(stdout, "copied kael to", res.Executable)
	}
	fmt.Fprintln(stdout, "installed the kael kernelspec in", res.Dir)
	return 0
}
