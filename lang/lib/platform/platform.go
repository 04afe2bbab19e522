// Package platform is Python's platform module in small, for kael: the
// operating system (system, release, node), the machine and the Python
// version (python_version, python_version_tuple).
package platform

import (
	"os"
	"runtime"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// system is platform.system(): uname's name, as CPython gives it.
func system() string {
	switch runtime.GOOS {
	case "linux":
		return "Linux"
	case "darwin":
		return "Darwin"
	case "windows":
		return "Windows"
	case "freebsd":
		return "FreeBSD"
	}
	return runtime.GOOS
}

// machine is platform.machine(): uname's machine name for Go's
// architecture, as the kernel names it.
func machine() string {
	switch runtime.GOARCH {
	case "amd64":
		if runtime.GOOS == "windows" {
			return "AMD64"
		}
		return "x86_64"
	case "arm64":
		if runtime.GOOS == "linux" {
			return "aarch64"
		}
		return "arm64"
	case "386":
		return "i686"
	case "ppc64le":
		return "ppc64le"
	case "s390x":
		return "s390x"
	case "riscv64":
		return "riscv64"
	}
	return runtime.GOARCH
}

// release is platform.release(): the kernel's release, or "" when it
// cannot be read.
func release() string {
	data, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

func fn(sig, doc string, f func() lang.Value) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) { return f(), nil })
}

var platformModule = &lang.Module{Name: "platform", Attrs: map[string]lang.Value{
	"system":         fn("system()", "The operating system's name: 'Linux', 'Darwin', 'Windows'.", func() lang.Value { return system() }),
	"machine":        fn("machine()", "The machine's architecture, as the kernel names it: 'x86_64', 'aarch64', 'arm64'.", func() lang.Value { return machine() }),
	"release":        fn("release()", "The operating system's release (the kernel's), or '' when unknown.", func() lang.Value { return release() }),
	"python_version": fn("python_version()", "The version of Python whose language kael runs, 'major.minor.micro'.", func() lang.Value { return lang.PythonVersion }),
	"python_version_tuple": fn("python_version_tuple()", "python_version() as a tuple of three str.", func() lang.Value {
		parts := strings.SplitN(lang.PythonVersion, ".", 3)
		return lang.Tuple{parts[0], parts[1], parts[2]}
	}),
	"node": fn("node()", "The machine's network name (host name), or '' when unknown.", func() lang.Value {
		h, err := os.Hostname()
		if err != nil {
			return ""
		}
		return h
	}),
}}

func init() {
	lang.RegisterModule("platform", "Python's platform module in small: system, machine, release, node, python_version and python_version_tuple.", func() *lang.Module { return platformModule })
}
