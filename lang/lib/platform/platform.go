// Package platform is Python's platform module, for kael: module.py is
// its Python text (uname, platform(), libc_ver, freedesktop_os_release
// and the rest), on _platform, the part written in Go: what the system
// says of itself (system, machine, the kernel's release and version, the
// host name, the pointer size) and the search for the C library's
// version in a file.
package platform

import (
	"bytes"
	_ "embed" // module.py
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/collections" // module.py imports collections
	_ "github.com/kael-dev/kael/lang/lib/functools"   // functools
	_ "github.com/kael-dev/kael/lang/lib/os"          // os
	_ "github.com/kael-dev/kael/lang/lib/pickle"      // uname_result's __reduce__
	_ "github.com/kael-dev/kael/lang/lib/re"          // re
	_ "github.com/kael-dev/kael/lang/lib/sys"         // and sys
)

//go:embed module.py
var source string

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

// kernelFile is the trimmed text of a file under /proc/sys/kernel, or ""
// when it cannot be read.
func kernelFile(name string) string {
	data, err := os.ReadFile("/proc/sys/kernel/" + name)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// release is platform.release(): the kernel's release, or "" when it
// cannot be read.
func release() string { return kernelFile("osrelease") }

// libcPaths are where the C library of a Linux system lies.
var libcPaths = []string{
	"/lib/x86_64-linux-gnu/libc.so.6", "/lib/aarch64-linux-gnu/libc.so.6",
	"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/aarch64-linux-gnu/libc.so.6",
	"/lib64/libc.so.6", "/usr/lib64/libc.so.6", "/lib/libc.so.6", "/usr/lib/libc.so.6",
}

// glibcRelease matches the banner of the GNU C library.
var glibcRelease = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`GNU C Library [^\n]*? release version (\d+\.\d+(?:\.\d+)?)`)
})

// systemGlibc is the version of the system's GNU C library, as
// confstr(CS_GNU_LIBC_VERSION) gives it to CPython, read from the
// library's banner; "" when there is none (another C library, or none).
func systemGlibc() string {
	for _, p := range libcPaths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if m := glibcRelease().FindSubmatch(data); m != nil {
			return string(m[1])
		}
	}
	return ""
}

// libcMarker matches what names a C library in a binary: glibc's
// __libc_init, its versioned symbols (GLIBC_2.34) and libc's file names
// (libc.so.6, libc_r.so).
var libcMarker = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(__libc_init)|(GLIBC_([0-9.]+))|(libc(_\w+)?\.so(?:\.(\d[0-9.]*))?)`)
})

// newerVersion reports whether the dotted version a is above b,
// comparing the numbers part by part.
func newerVersion(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, errx := strconv.Atoi(pa[i])
		y, erry := strconv.Atoi(pb[i])
		if errx != nil || erry != nil {
			if pa[i] != pb[i] {
				return pa[i] > pb[i]
			}
			continue
		}
		if x != y {
			return x > y
		}
	}
	return len(pa) > len(pb)
}

// scanLibc is libc_ver's reading of a binary: the C library it was
// linked against and the highest version it names, starting from lib
// and version.
func scanLibc(data []byte, lib, version string) (string, string) {
	if !bytes.Contains(data, []byte("libc")) && !bytes.Contains(data, []byte("GLIBC")) {
		return lib, version
	}
	for _, m := range libcMarker().FindAllSubmatch(data, -1) {
		init, glibc, glibcVersion, so, threads, soVersion := m[1], m[2], string(m[3]), m[4], string(m[5]), string(m[6])
		switch {
		case init != nil:
			if lib == "" {
				lib = "libc"
			}
		case glibc != nil:
			if lib != "glibc" {
				lib, version = "glibc", glibcVersion
			} else if newerVersion(glibcVersion, version) {
				version = glibcVersion
			}
		case so != nil && lib != "glibc":
			lib = "libc"
			if soVersion != "" && (version == "" || newerVersion(soVersion, version)) {
				version = soVersion
			}
			if threads != "" && !strings.HasSuffix(version, threads) {
				version += threads
			}
		}
	}
	return lib, version
}

func fn(sig, doc string, f func() lang.Value) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) { return f(), nil })
}

func init() {
	lang.RegisterSourceModule("platform", "Python's platform: the system (uname, system, release, version, machine, node, platform()), the C library (libc_ver), the distribution (freedesktop_os_release) and the Python kael runs (python_version, python_implementation).", source)
	lang.RegisterModule("_platform", "The part of platform written in Go: what the system says of itself.", func() *lang.Module {
		return &lang.Module{Name: "_platform", Attrs: map[string]lang.Value{
			"system":         fn("system()", "The operating system's name: 'Linux', 'Darwin', 'Windows'.", func() lang.Value { return system() }),
			"machine":        fn("machine()", "The machine's architecture, as the kernel names it: 'x86_64', 'aarch64', 'arm64'.", func() lang.Value { return machine() }),
			"release":        fn("release()", "The kernel's release, or '' when unknown.", func() lang.Value { return release() }),
			"kernel_version": fn("kernel_version()", "The kernel's version (uname -v), or '' when unknown.", func() lang.Value { return kernelFile("version") }),
			"pointer_bits":   fn("pointer_bits()", "The size of a pointer in bits: 64 or 32.", func() lang.Value { return int64(strconv.IntSize) }),
			"system_glibc":   fn("system_glibc()", "The version of the system's GNU C library, or '' when it has none.", func() lang.Value { return systemGlibc() }),
			"node": fn("node()", "The machine's network name (host name), or '' when unknown.", func() lang.Value {
				h, err := os.Hostname()
				if err != nil {
					return ""
				}
				return h
			}),
			"scan_libc": lang.NewBuiltin(lang.AsValue, "scan_libc(data, lib, version)", "The C library and its version that the bytes of a binary name, starting from lib and version.", func(a *lang.Args) (lang.Value, error) {
				data, ok := a.Value("data").(lang.Bytes)
				lib, version := a.Str("lib"), a.Str("version")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "scan_libc: data must be bytes")
				}
				l, v := scanLibc(data.Data(), lib, version)
				return lang.Tuple{l, v}, nil
			}),
		}}
	})
}
