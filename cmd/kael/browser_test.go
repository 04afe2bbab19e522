package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// browserDir holds the playwright-core script and its package.json;
// `make browser-deps` installs its node_modules.
const browserDir = "testdata/browser"

// TestNotebookInBrowser runs the classic Notebook server (Debian's
// jupyter-notebook) on 127.0.0.1 with the kael kernel and drives it with
// Debian's Chromium through playwright-core (testdata/browser/notebook.mjs):
// a tensor cell (HTML table), an error cell, a plot cell, a %load cell (its
// text replaced by the file's, nothing run), a loop interrupted from the
// toolbar, a restart from the toolbar. Screenshots go to
// .cache/browser-test (or $KAEL_ARTIFACTS/browser-test). Without the
// packages it skips, unless KAEL_REQUIRE_JUPYTER=1 (make test), where a
// missing package or a browser that cannot start fails the test.
func TestNotebookInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Notebook server and a browser")
	}
	py := python(t, "jupyter-notebook", "notebook")
	if out, err := exec.Command(py, "-c", "import notebook, sys; sys.exit(int(notebook.__version__.split('.')[0]) >= 7)").CombinedOutput(); err != nil {
		browserMissing(t, "the classic Notebook (version 6) is needed: %v %s", err, out)
	}
	chromium, node, required := browserTools(t)

	prefix := t.TempDir()
	if _, errOut, code := runCmd(t, "", "kernel", "install", "--prefix", prefix); code != 0 {
		t.Fatal(errOut)
	}
	port := freePort(t)
	token := randomToken()
	home, work := t.TempDir(), t.TempDir()
	// The kernel runs in the notebook's folder, where %load finds this.
	if err := os.WriteFile(filepath.Join(work, "load-me.kael"), []byte("loaded = 6 * 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	serverLog, err := os.Create(filepath.Join(home, "notebook.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer serverLog.Close()
	server := exec.Command(py, "-m", "notebook", "--no-browser", "--ip=127.0.0.1", "--port="+port,
		"--NotebookApp.port_retries=0", "--NotebookApp.token="+token, "--notebook-dir="+work)
	if os.Geteuid() == 0 { // as in a CI container
		server.Args = append(server.Args, "--allow-root")
	}
	// The kernelspec points at this test binary; mainEnv makes it act as kael.
	server.Env = append(os.Environ(), mainEnv+"=1", "HOME="+home,
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"), "JUPYTER_DATA_DIR="+filepath.Join(home, "data"),
		"JUPYTER_CONFIG_DIR="+filepath.Join(home, "config"), "JUPYTER_RUNTIME_DIR="+filepath.Join(home, "runtime"))
	server.Stdout, server.Stderr = serverLog, serverLog
	server.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its kernels go with it
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = server.Wait(); close(exited) }()
	defer func() {
		_ = syscall.Kill(-server.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-server.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	}()
	base := "http://127.0.0.1:" + port
	if !waitHTTP(base+"/api/status?token="+token, 60*time.Second, exited) {
		t.Fatalf("the Notebook server did not answer on %s:\n%s", base, tail(serverLog.Name()))
	}

	runBrowserScript(t, node, required, "notebook.mjs", "browser-test", []string{"HOME=" + home}, func() string {
		return "Notebook server log:\n" + tail(serverLog.Name())
	}, base, token, chromium)
}

// browserMissing skips the test for a missing tool, or fails it under
// KAEL_REQUIRE_JUPYTER=1 (make test).
func browserMissing(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("KAEL_REQUIRE_JUPYTER") == "1" {
		t.Fatalf(format+" (make browser-deps installs it)", args...)
	}
	t.Skipf(format+" (make browser-deps installs it)", args...)
}

// browserTools finds Chromium and node, with playwright-core installed in
// browserDir; without them the test skips (browserMissing). required says
// whether make test demands them.
func browserTools(t *testing.T) (chromium, node string, required bool) {
	t.Helper()
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		browserMissing(t, "no chromium on PATH: apt-get install chromium")
	}
	node, err = exec.LookPath("node")
	if err != nil {
		browserMissing(t, "no node on PATH")
	}
	if _, err := os.Stat(filepath.Join(browserDir, "node_modules", "playwright-core")); err != nil {
		browserMissing(t, "playwright-core is not installed in %s: npm ci --prefix %s", browserDir, browserDir)
	}
	return chromium, node, os.Getenv("KAEL_REQUIRE_JUPYTER") == "1"
}

// runBrowserScript runs the playwright script of browserDir with node,
// with the arguments base, a token or "", the artifacts folder (name
// under .cache or $KAEL_ARTIFACTS, for its screenshots) and chromium as
// args gives them. It fails the test when the script fails (logs tells
// more) and skips it when the browser could not start (exit status 2)
// unless required.
func runBrowserScript(t *testing.T, node string, required bool, script, name string, env []string, logs func() string, args ...string) {
	t.Helper()
	artifacts := filepath.Join("..", "..", ".cache", name)
	if dir := os.Getenv("KAEL_ARTIFACTS"); dir != "" {
		artifacts = filepath.Join(dir, name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	// The script's arguments: BASE_URL TOKEN ARTIFACTS_DIR CHROMIUM.
	argv := append([]string{filepath.Join(browserDir, script), args[0], args[1], artifacts}, args[2:]...)
	cmd := exec.CommandContext(ctx, node, argv...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	abs, _ := filepath.Abs(artifacts)
	t.Logf("screenshots in %s\n%s", abs, out)
	if err != nil {
		last := strings.TrimSpace(string(out))
		last = last[strings.LastIndex(last, "\n")+1:]
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 2 && !required {
			t.Skipf("%s", last)
		}
		t.Fatalf("the browser test failed: %s (%v)\n%s", last, err, logs())
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
}

func randomToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// waitHTTP polls url until it answers 200, limit passes or the server
// exits.
func waitHTTP(url string, limit time.Duration, exited <-chan struct{}) bool {
	client := http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		select {
		case <-exited:
			return false
		default:
		}
		if res, err := client.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return true
			}
		}
	}
	return false
}

// tail is the end of a log file.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}
