package main

import (
	"strings"
	"testing"
)

// TestSubcommandHelp checks that every command answers --help and -h on
// stdout with status 0 (issue 15: `kael kernel --help` used to open a file
// called --help).
func TestSubcommandHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "usage:\n  kael "},
		{[]string{"help"}, "usage:\n  kael "},
		{[]string{"run", "--help"}, "usage: kael run FILE.kael"},
		{[]string{"run", "-h"}, "usage: kael run FILE.kael"},
		{[]string{"version", "--help"}, "usage: kael version"},
		{[]string{"kernel", "--help"}, "-log-level"},
		{[]string{"kernel", "-h"}, "usage: kael kernel [--log-level LEVEL]"},
		{[]string{"kernel", "install", "--help"}, "-prefix DIR"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", tt.args...)
			if code != 0 || !strings.Contains(out, tt.want) || errOut != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0 and %q on stdout", code, out, errOut, tt.want)
			}
		})
	}
}

func TestKernelFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"kernel"}, 2, "usage: kael kernel"},
		{[]string{"kernel", "--log-level", "loud", "conn.json"}, 2, `--log-level "loud"`},
		{[]string{"kernel", "--bogus", "conn.json"}, 2, "flag provided but not defined"},
		{[]string{"kernel", "--log-level", "debug", "/nonexistent/conn.json"}, 1, "no such file"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, errOut, code := runCmd(t, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, tt.code, tt.want)
			}
		})
	}
}

// TestCellNotes checks that kael -c shows the promotion note a notebook
// cell shows, on stderr.
func TestCellNotes(t *testing.T) {
	out, errOut, code := runCmd(t, "", "-c", "tensor([1, 2]) + 0.5")
	if code != 0 || out != "tensor([1.5000, 2.5000])  float32[2]\n" || !strings.HasPrefix(errOut, "note: int64 + float") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
