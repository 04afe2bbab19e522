// Command kaelbench runs kael's Go benchmarks and the same work in NumPy
// and PyTorch, and prints one table of times and speed ratios (make bench).
//
// It needs the go command (to run the benchmarks) and, for the reference
// columns, Debian's python3-numpy and python3-torch; a missing library
// leaves its column empty.
package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

//go:embed compare.py
var compareScript string

// row is one line of the table: a piece of work, the Go benchmark that does
// it in kael, and the goal it is held to.
type row struct {
	key, work, pkg, bench string
	goal                  float64 // minimum speed ratio against goalRef
	goalRef               string  // "numpy" or "torch"
	// calls is how many calls compare.py's median_time takes the median
	// of, for NumPy and PyTorch, and the benchmark (reportMedian) for
	// kael; batch calls are timed together as one (the tiny add).
	calls, batch int
}

var rows = []row{
	{"add_f32_16M", "add f32 2^24, out=", "./tensor/", "BenchmarkAddFloat32Contiguous", 0.8, "numpy", 20, 1},
	{"sum_f32_16M", "sum f32 2^24", "./tensor/", "BenchmarkSumFloat32_16M", 0.8, "torch", 20, 1},
	{"softmax_4096x1024", "softmax rows 4096x1024 f32", "./tensor/", "BenchmarkSoftmaxRows4096x1024", 1.0, "torch", 10, 1},
	{"matmul_f32_1024", "matmul f32 1024^3", "./tensor/", "BenchmarkMatmulFloat32_1024", 0.5, "numpy", 10, 1},
	{"matmul_f64_1024", "matmul f64 1024^3", "./tensor/", "BenchmarkMatmulFloat64_1024", 0, "", 10, 1},
	{"add_tiny", "tiny add (2 elements)", "./tensor/", "BenchmarkAddTiny", 1.0, "numpy", 5, 10000},
}

func main() {
	rounds := flag.Int("rounds", 3, "rounds of kael then NumPy/PyTorch; each time is the median over rounds")
	python := flag.String("python", "/usr/bin/python3", "the Python with NumPy and PyTorch")
	cpython := flag.String("cpython", "/usr/bin/python3", "the CPython the language benchmarks compare with (Debian's, the reference)")
	langOnly := flag.Bool("lang-only", false, "run only the language-engine benchmarks")
	rows := flag.String("rows", "", "run only these language rows, by key, comma-separated (objects,module); implies -lang-only")
	flag.Parse()
	if *rows != "" {
		sel, err := selectLangRows(*rows)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench:", err)
			os.Exit(2)
		}
		langRows, *langOnly = sel, true
	}
	if *gpt2Only {
		runGPT2Bench(os.Stdout, *python)
		return
	}
	if *trainOnly {
		if err := runTrainBench(os.Stdout, *python); err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench:", err)
			os.Exit(1)
		}
		return
	}
	if *langOnly {
		mainLang(*rounds, *cpython, *python)
		return
	}
	// The machine's speed drifts (shared memory bandwidth, other load), so
	// kael and the references take turns and each keeps its median.
	kael, kaelMean := map[string][]float64{}, map[string][]float64{}
	var refs []*refTimes
	for round := 1; round <= *rounds; round++ {
		fmt.Fprintf(os.Stderr, "round %d of %d\n", round, *rounds)
		k, err := goBenchmarks()
		if err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench:", err)
			os.Exit(1)
		}
		for key, v := range k.median {
			kael[key] = append(kael[key], v)
		}
		for key, v := range k.mean {
			kaelMean[key] = append(kaelMean[key], v)
		}
		ref, err := references(*python)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench: reference timings:", err)
			continue
		}
		refs = append(refs, ref)
	}
	medians, means := map[string]float64{}, map[string]float64{}
	for key, v := range kael {
		medians[key] = median(v)
	}
	for key, v := range kaelMean {
		means[key] = median(v)
	}
	printTable(os.Stdout, medians, means, medianRefs(refs), len(refs))
	if *gpt2Flag {
		runGPT2Bench(os.Stdout, *python)
	}
	fmt.Println()
	mainLang(*rounds, *cpython, *python)
	if *trainFlag {
		fmt.Println()
		if err := runTrainBench(os.Stdout, *python); err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench: training rows:", err)
		}
	}
}

// mainLang prints the language-engine table.
func mainLang(rounds int, cpython, torchPython string) {
	// The interpreter itself, not a launcher such as pyenv's shim script,
	// whose start-up varies more than the loops take.
	if out, err := exec.Command(cpython, "-c", "import sys; print(sys.executable)").Output(); err == nil {
		cpython = strings.TrimSpace(string(out))
	} else {
		fmt.Fprintf(os.Stderr, "kaelbench: %s not found; the CPython column stays empty\n", cpython)
		cpython = ""
	}
	numpyPython := torchPython // Debian's python3, with python3-numpy
	if err := exec.Command(numpyPython, "-c", "import numpy").Run(); err != nil {
		fmt.Fprintf(os.Stderr, "kaelbench: no NumPy at %s; the NumPy rows stay empty\n", numpyPython)
		numpyPython = ""
	}
	if err := exec.Command(torchPython, "-c", "import torch").Run(); err != nil {
		fmt.Fprintf(os.Stderr, "kaelbench: no PyTorch at %s; the PyTorch column stays empty\n", torchPython)
		torchPython = ""
	}
	var buf strings.Builder
	var err error
	cpu := onOneCPU(func() { err = runLang(&buf, rounds, cpython, torchPython, numpyPython) })
	if err != nil {
		fmt.Fprintln(os.Stderr, "kaelbench:", err)
		os.Exit(1)
	}
	fmt.Printf("Language engine: CPU time per loop iteration, median over rounds of (t(2N) - t(N)) / N, kael -c against %s, %s\n", cpython, cpuLabel(cpu))
	fmt.Print(buf.String())
}

// callsLabel says how many calls each row's median takes, as the rows
// table (and compare.py) say: "20 calls: add, sum; ...".
func callsLabel() string {
	var parts []string
	byCount := map[string][]string{}
	for _, r := range rows {
		n := fmt.Sprintf("%d calls", r.calls)
		if r.batch > 1 {
			n = fmt.Sprintf("%d batches of %d calls, per call", r.calls, r.batch)
		}
		if byCount[n] == nil {
			parts = append(parts, n)
		}
		byCount[n] = append(byCount[n], r.key)
	}
	for i, n := range parts {
		parts[i] = n + ": " + strings.Join(byCount[n], ", ")
	}
	return strings.Join(parts, "; ")
}

// cpuLabel says where onOneCPU ran the processes.
func cpuLabel(cpu int) string {
	if cpu < 0 {
		return "processes unpinned"
	}
	return fmt.Sprintf("every process on CPU %d", cpu)
}

// medianRefs combines the reference timings of several rounds.
func medianRefs(refs []*refTimes) *refTimes {
	if len(refs) == 0 {
		return nil
	}
	out := &refTimes{}
	combine := func(pick func(*refTimes) map[string]any) map[string]any {
		samples := map[string][]float64{}
		var other map[string]any
		for _, r := range refs {
			for k, v := range pick(r) {
				if f, ok := v.(float64); ok {
					samples[k] = append(samples[k], f)
				} else {
					if other == nil {
						other = map[string]any{}
					}
					other[k] = v
				}
			}
		}
		if len(samples) == 0 && other == nil {
			return nil
		}
		m := map[string]any{}
		for k, v := range other {
			m[k] = v
		}
		for k, v := range samples {
			m[k] = median(v)
		}
		return m
	}
	out.NumPy = combine(func(r *refTimes) map[string]any { return r.NumPy })
	out.Torch = combine(func(r *refTimes) map[string]any { return r.Torch })
	return out
}

// kaelTimes are kael's times of the first table's rows by row key, in
// seconds a call: median is the median of the row's calls timed one by
// one (row.calls of them, compare.py's method), mean the mean over go test's second of calls
// (the table's method until 2026-12-07, issue 34).
type kaelTimes struct {
	median, mean map[string]float64
}

// goBenchmarks runs the benchmarks of every row once.
func goBenchmarks() (kaelTimes, error) {
	byPkg := map[string][]row{}
	for _, r := range rows {
		byPkg[r.pkg] = append(byPkg[r.pkg], r)
	}
	out := kaelTimes{median: map[string]float64{}, mean: map[string]float64{}}
	for pkg, rs := range byPkg {
		names := make([]string, len(rs))
		for i, r := range rs {
			names[i] = r.bench
		}
		pattern := "^(" + strings.Join(names, "|") + ")$"
		cmd := exec.Command("go", "test", "-run", "^$", "-bench", pattern, pkg)
		cmd.Stderr = os.Stderr
		fmt.Fprintf(os.Stderr, "running %s\n", strings.Join(cmd.Args, " "))
		stdout, err := cmd.Output()
		if err != nil {
			return out, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
		}
		samples := parseBench(bytes.NewReader(stdout))
		for _, r := range rs {
			s := samples[r.bench]
			if s == nil {
				continue
			}
			if len(s.mean) > 0 {
				out.mean[r.key] = median(s.mean)
			}
			if len(s.median) > 0 {
				out.median[r.key] = median(s.median)
				if s.calls != r.calls {
					fmt.Fprintf(os.Stderr, "kaelbench: %s timed %d calls for its median, compare.py %d\n", r.bench, s.calls, r.calls)
				}
			}
		}
	}
	return out, nil
}

// benchSamples are one benchmark's figures in `go test -bench` output, one
// per line of it, in seconds a call: mean is ns/op, median the
// "median-ns/op" metric (tensor's reportMedian), over calls calls.
type benchSamples struct {
	mean, median []float64
	calls        int
}

var (
	benchLine   = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op`)
	benchMetric = regexp.MustCompile(`\s([\d.]+(?:e[+-]?\d+)?) (median-ns/op|median-calls)(?:\s|$)`)
)

// parseBench reads `go test -bench` output by benchmark name.
func parseBench(r io.Reader) map[string]*benchSamples {
	out := map[string]*benchSamples{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		s := out[m[1]]
		if s == nil {
			s = &benchSamples{}
			out[m[1]] = s
		}
		if ns, err := strconv.ParseFloat(m[2], 64); err == nil {
			s.mean = append(s.mean, ns/1e9)
		}
		for _, mm := range benchMetric.FindAllStringSubmatch(line, -1) {
			v, err := strconv.ParseFloat(mm[1], 64)
			if err != nil {
				continue
			}
			if mm[2] == "median-calls" {
				s.calls = int(v)
			} else {
				s.median = append(s.median, v/1e9)
			}
		}
	}
	return out
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// refTimes is what compare.py prints.
type refTimes struct {
	NumPy  map[string]any `json:"numpy"`
	Torch  map[string]any `json:"torch"`
	Errors []string       `json:"errors"`
}

func references(python string) (*refTimes, error) {
	f, err := os.CreateTemp("", "kaelbench-*.py")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(compareScript); err != nil {
		return nil, err
	}
	f.Close()
	cmd := exec.Command(python, f.Name())
	cmd.Stderr = os.Stderr
	fmt.Fprintf(os.Stderr, "running %s compare.py (NumPy, PyTorch)\n", python)
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var ref refTimes
	if err := json.Unmarshal(out, &ref); err != nil {
		return nil, fmt.Errorf("compare.py printed %q: %w", out, err)
	}
	for _, e := range ref.Errors {
		fmt.Fprintln(os.Stderr, "kaelbench:", e)
	}
	return &ref, nil
}

func seconds(m map[string]any, key string) (float64, bool) {
	if m == nil {
		return 0, false
	}
	v, ok := m[key].(float64)
	return v, ok
}

func formatDuration(s float64) string {
	return time.Duration(s * 1e9).Round(time.Duration(max(1, int(s*1e9/1000)))).String()
}

// printTable writes the comparison. kael holds the medians of the rows'
// calls, timed as compare.py times NumPy and PyTorch, and mean the means
// over go test's second of calls (the kael column until 2026-12-07): a row
// without a median shows its mean, marked. A ratio is the reference's time
// divided by kael's: above 1 kael is faster. rounds counts the rounds.
func printTable(w io.Writer, kael, mean map[string]float64, ref *refTimes, rounds int) {
	if ref == nil {
		ref = &refTimes{}
	}
	fmt.Fprintf(w, "Every time: the median of a row's calls after one warm-up call or batch (%s), kael's as compare.py's; then the median of %d rounds in turn; \"kael mean\": go test's ns/op, the mean over about a second of calls (the kael column before 2026-12-07)\n",
		callsLabel(), rounds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "work\tkael\tNumPy\tPyTorch\tvs NumPy\tvs PyTorch\tgoal\tkael mean\t")
	for _, r := range rows {
		k, ok := kael[r.key]
		cells := []string{r.work, "-", "-", "-", "-", "-", "-", "-"}
		if ok {
			cells[1] = formatDuration(k)
		} else if k, ok = mean[r.key]; ok {
			cells[1] = formatDuration(k) + " (mean)"
		}
		if m, mOK := mean[r.key]; mOK {
			cells[7] = formatDuration(m)
		}
		np, npOK := seconds(ref.NumPy, r.key)
		pt, ptOK := seconds(ref.Torch, r.key)
		if npOK {
			cells[2] = formatDuration(np)
			if ok {
				cells[4] = fmt.Sprintf("%.2fx", np/k)
			}
		}
		if ptOK {
			cells[3] = formatDuration(pt)
			if ok {
				cells[5] = fmt.Sprintf("%.2fx", pt/k)
			}
		}
		if r.goal > 0 {
			refTime, refOK := np, npOK
			if r.goalRef == "torch" {
				refTime, refOK = pt, ptOK
			}
			verdict := "?"
			if refOK && ok {
				verdict = "met"
				if refTime/k < r.goal {
					verdict = "MISSED"
				}
			}
			cells[6] = fmt.Sprintf("≥ %.1fx %s: %s", r.goal, r.goalRef, verdict)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	tw.Flush()
	if blas, ok := ref.NumPy["blas"]; ok {
		fmt.Fprintf(w, "NumPy matmul BLAS: %v\n", blas)
	}
}
