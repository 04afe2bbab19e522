package tensor

import (
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
)

// defaultMemoryLimit lets tensors use up to three quarters of the memory
// the process may have: physical memory, or the memory limit of its control
// group (a container's limit) when that is smaller.
func defaultMemoryLimit() int64 {
	limit, _ := defaultMemoryLimitFrom()
	return limit
}

// defaultMemoryLimitFrom is defaultMemoryLimit and where it comes from.
func defaultMemoryLimitFrom() (int64, string) {
	total, source := physicalMemory(), "3/4 of the machine's memory"
	if limit, ok := cgroupMemoryLimit("/"); ok && (total == 0 || limit < total) {
		total, source = limit, "3/4 of the control group's memory limit"
	}
	if left, ok := addressSpaceLeft(); ok && (total == 0 || left < total) {
		total, source = left, "3/4 of the address space left under ulimit -v"
	}
	if total == 0 {
		return 8 << 30, "the default for an unknown memory size"
	}
	return total / 4 * 3, source
}

// addressSpaceLeft returns how many bytes of address space the process
// may still map under its RLIMIT_AS (ulimit -v): the limit less what is
// mapped already (VmSize). ok is false without a limit. Past it the Go
// runtime cannot grow its heap and dies with "fatal error: out of memory",
// so the tensors' limit must stay below it.
func addressSpaceLeft() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) || rl.Cur > 1<<62 {
		return 0, false
	}
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	fields := strings.Fields(string(data))
	if len(fields) == 0 {
		return 0, false
	}
	pages, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return 0, false
	}
	left := int64(rl.Cur) - pages*int64(os.Getpagesize())
	return max(left, 0), true
}

// physicalMemory returns the bytes of RAM, or 0 when they cannot be read.
func physicalMemory() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil || info.Totalram == 0 {
		return 0
	}
	return int64(uint64(info.Totalram) * uint64(info.Unit))
}

// cgroupMemoryLimit returns the smallest memory limit of the process's
// control groups and their ancestors, reading the files under root (the
// file system root; tests pass a fake one): cgroup v2's memory.max, and
// cgroup v1's memory.limit_in_bytes of the memory controller. ok is false
// when no limit is set ("max", or v1's near-2^63 "unlimited").
func cgroupMemoryLimit(root string) (limit int64, ok bool) {
	data, err := os.ReadFile(path.Join(root, "proc/self/cgroup"))
	if err != nil {
		return 0, false
	}
	consider := func(file string) {
		if v, found := readMemoryLimit(file); found && (!ok || v < limit) {
			limit, ok = v, true
		}
	}
	// Each line is hierarchy-ID:controllers:path; v2 has ID 0 and no
	// controllers.
	for line := range strings.Lines(string(data)) {
		fields := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(fields) != 3 {
			continue
		}
		var dirs []string
		var file string
		switch {
		case fields[0] == "0" && fields[1] == "":
			dirs, file = []string{"sys/fs/cgroup", "sys/fs/cgroup/unified"}, "memory.max"
		case hasController(fields[1], "memory"):
			dirs, file = []string{"sys/fs/cgroup/memory"}, "memory.limit_in_bytes"
		default:
			continue
		}
		for _, dir := range dirs {
			// The group and each ancestor up to the mount: a limit set on a
			// parent holds too. Inside a container the path may name a
			// group of the host that is not mounted; the mount's own file
			// is then the container's limit.
			for p := path.Clean("/" + fields[2]); ; p = path.Dir(p) {
				consider(path.Join(root, dir, p, file))
				if p == "/" {
					break
				}
			}
		}
	}
	return limit, ok
}

func hasController(list, name string) bool {
	for c := range strings.SplitSeq(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// readMemoryLimit reads one limit file; found is false when it is missing,
// unreadable or says there is no limit.
func readMemoryLimit(file string) (int64, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	// cgroup v1 writes "no limit" as the largest page-aligned int64.
	if err != nil || v <= 0 || v >= 1<<62 {
		return 0, false
	}
	return v, true
}
