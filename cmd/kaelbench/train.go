package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
)

//go:embed train_bench.py
var trainScript string

var (
	trainFlag   = flag.Bool("train", true, "also time training steps of the program corpus's models against PyTorch")
	trainOnly   = flag.Bool("train-only", false, "run only the training-step rows")
	trainRounds = flag.Int("train-rounds", 3, "rounds of kael then PyTorch for the training rows; each figure is the median over rounds")
)

// trainModel is one training row: a model of the program corpus trained
// by train_bench.py, whose corpus file is copied beside the script.
type trainModel struct {
	key, work string
	corpus    string // the model's file, under lang/programs/testdata
	warmup    int    // optimizer steps before the clock starts
	steps     int    // optimizer steps timed
}

// The warm-ups are the same for kael and PyTorch and cover about 0.3 s
// of steps (at least five), so that the timed steps are the steady state
// issue 34 asks for: a process's first steps fault in the memory its
// allocator keeps from then on (PyTorch's caching allocator, the Go
// heap's first cycles: some 80 MB of fresh pages over makemore's first
// ~40 steps, docs/performance.md, "makemore's bench window"), which a
// training run of thousands of steps pays once. Until 2026-12-07 the
// warm-ups were 3, 5, 2 and 3 steps.
var trainModels = []trainModel{
	{"gpt", "nanoGPT GPT, 4 layers, 4 heads, 128 wide, block 64, batch 8, AdamW", "nanogpt/model.py", 8, 10},
	{"mlp", "makemore MLP, 64/64 wide, block 16, batch 32, AdamW", "makemore/makemore.py", 60, 50},
	{"lstm", "word_language_model LSTM, 2x200, bptt 35, batch 20, SGD", "ex_word_language_model/model.py", 5, 5},
	{"cnn", "dcgan Discriminator, BatchNorm, ndf 16, 64x64, batch 16, Adam", "ex_dcgan/dcgan.py", 25, 20},
}

// trainThreads are the torch.set_num_threads of the rows.
var trainThreads = []int{1, 2}

// corpusDir is the program corpus, from the repository root (where make
// bench runs kaelbench).
const corpusDir = "lang/programs/testdata"

// trainRun is what one run of train_bench.py reports, with the peak
// resident memory of its process in bytes.
type trainRun struct {
	CPU       float64 `json:"cpu"`  // CPU seconds per step, every thread
	Wall      float64 `json:"wall"` // wall seconds per step
	FirstLoss float64 `json:"first_loss"`
	LastLoss  float64 `json:"last_loss"`
	MaxRSS    int64   `json:"peak_rss"` // VmHWM, read by the script itself
}

// trainDir makes a directory holding train_bench.py and the corpus file
// of m, so that the script imports the model beside itself under kael
// and CPython alike, and returns the script's path.
func trainDir(parent, corpus string, m trainModel) (string, error) {
	dir := filepath.Join(parent, m.key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	src, err := os.ReadFile(filepath.Join(corpus, m.corpus))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(m.corpus)), src, 0o644); err != nil {
		return "", err
	}
	script := filepath.Join(dir, "train_bench.py")
	return script, os.WriteFile(script, []byte(trainScript), 0o644)
}

// trainArgs are the script's arguments for m at the given thread count.
func trainArgs(m trainModel, threads, warmup, steps int) []string {
	return []string{m.key, strconv.Itoa(threads), strconv.Itoa(warmup), strconv.Itoa(steps)}
}

// parseTrainOutput reads the JSON of the script's last line (the models
// print their own lines before it).
func parseTrainOutput(out []byte) (trainRun, error) {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var r trainRun
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		return r, fmt.Errorf("train_bench.py printed %q: %w", lines[len(lines)-1], err)
	}
	return r, nil
}

// runTrain runs the script with cmd (kael run, or the Python) and reads
// its report. The peak memory is the script's own VmHWM: the child's
// rusage maxrss would carry kaelbench's own high-water mark (Linux keeps
// it across exec), 5.4 GB after the GPT-2 rows for every model.
func runTrain(cmd []string, script string, m trainModel, threads int) (trainRun, error) {
	args := append(append(cmd[1:len(cmd):len(cmd)], script), trainArgs(m, threads, m.warmup, m.steps)...)
	c := exec.Command(cmd[0], args...)
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		return trainRun{}, fmt.Errorf("%s: %w", strings.Join(c.Args, " "), err)
	}
	return parseTrainOutput(out)
}

// trainKey names one row: a model at a thread count.
func trainKey(model string, threads int) string { return fmt.Sprintf("%s_%dt", model, threads) }

// runTrainBench times every training row, kael and PyTorch in turn, and
// prints the table.
func runTrainBench(w io.Writer, python string) error {
	dir, err := os.MkdirTemp("", "kaelbench-train-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	kael, err := buildKael(dir)
	if err != nil {
		return err
	}
	if err := exec.Command(python, "-c", "import torch").Run(); err != nil {
		fmt.Fprintf(os.Stderr, "kaelbench: no PyTorch at %s; the training rows' PyTorch column stays empty\n", python)
		python = ""
	}
	scripts := map[string]string{}
	for _, m := range trainModels {
		if scripts[m.key], err = trainDir(dir, corpusDir, m); err != nil {
			return err
		}
	}
	runs := map[string]map[string][]trainRun{"kael": {}, "torch": {}}
	cpu := -1
	for round := 1; round <= *trainRounds; round++ {
		for _, threads := range trainThreads {
			fmt.Fprintf(os.Stderr, "training round %d of %d, %d thread(s)\n", round, *trainRounds, threads)
			// One thread: every process on one CPU, as the language rows
			// (the two CPUs of a shared machine differ in speed), and the
			// CPU time counts. Two threads: the wall time, unpinned.
			each := func() {
				for _, m := range trainModels {
					impls := []struct {
						name string
						cmd  []string
					}{{"kael", []string{kael, "run"}}}
					if python != "" {
						impls = append(impls, struct {
							name string
							cmd  []string
						}{"torch", []string{python}})
					}
					for _, im := range impls {
						r, err := runTrain(im.cmd, scripts[m.key], m, threads)
						if err != nil {
							fmt.Fprintf(os.Stderr, "kaelbench: %s %s: %v\n", im.name, m.key, err)
							continue
						}
						key := trainKey(m.key, threads)
						runs[im.name][key] = append(runs[im.name][key], r)
					}
				}
			}
			if threads == 1 {
				cpu = onOneCPU(each)
			} else {
				each()
			}
		}
	}
	printTrainTable(w, medianTrain(runs["kael"]), medianTrain(runs["torch"]), cpu)
	return nil
}

// medianTrain combines the rounds of each row: the median of each
// figure.
func medianTrain(runs map[string][]trainRun) map[string]trainRun {
	out := map[string]trainRun{}
	for key, rs := range runs {
		pick := func(f func(trainRun) float64) float64 {
			xs := make([]float64, len(rs))
			for i, r := range rs {
				xs[i] = f(r)
			}
			return median(xs)
		}
		out[key] = trainRun{
			CPU:       pick(func(r trainRun) float64 { return r.CPU }),
			Wall:      pick(func(r trainRun) float64 { return r.Wall }),
			FirstLoss: rs[0].FirstLoss,
			LastLoss:  rs[0].LastLoss,
			MaxRSS:    int64(pick(func(r trainRun) float64 { return float64(r.MaxRSS) })),
		}
	}
	return out
}

// stepTime is the figure a row compares: CPU time per step for one
// thread (on a shared machine the wait for a core is not the program's),
// wall time for two.
func stepTime(r trainRun, threads int) float64 {
	if threads == 1 {
		return r.CPU
	}
	return r.Wall
}

func formatMB(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/1e6) }

// printTrainTable writes the training rows: time per step in kael and
// PyTorch, the ratio PyTorch/kael (above 1 kael is faster), the peak
// memory of each process, and the goals (≥ 1.0x PyTorch, ≤ PyTorch's
// peak memory).
func printTrainTable(w io.Writer, kael, torch map[string]trainRun, cpu int) {
	fmt.Fprintf(w, "Training steps (forward, backward, optimizer step) after warm-up, median of %d rounds in turn; "+
		"1 thread: CPU time per step, %s; 2 threads: wall time per step; peak memory: the process's VmHWM\n", *trainRounds, cpuLabel(cpu))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "model\tthreads\tkael\tPyTorch\tvs PyTorch\tkael peak\tPyTorch peak\tgoal\t")
	var differ []string
	for _, m := range trainModels {
		for _, threads := range trainThreads {
			key := trainKey(m.key, threads)
			k, kOK := kael[key]
			p, pOK := torch[key]
			cells := []string{m.work, strconv.Itoa(threads), "-", "-", "-", "-", "-", "≥ 1.0x: ?; memory ≤ PyTorch: ?"}
			if kOK {
				cells[2] = formatDuration(stepTime(k, threads))
				cells[5] = formatMB(k.MaxRSS)
			}
			if pOK {
				cells[3] = formatDuration(stepTime(p, threads))
				cells[6] = formatMB(p.MaxRSS)
			}
			if kOK && pOK {
				ratio := stepTime(p, threads) / stepTime(k, threads)
				cells[4] = fmt.Sprintf("%.2fx", ratio)
				cells[7] = fmt.Sprintf("≥ 1.0x: %s; memory ≤ PyTorch: %s", verdict(ratio >= 1.0), verdict(k.MaxRSS <= p.MaxRSS))
				if !closeLoss(k.FirstLoss, p.FirstLoss) || !closeLoss(k.LastLoss, p.LastLoss) {
					differ = append(differ, fmt.Sprintf("%s: kael %.4f..%.4f, PyTorch %.4f..%.4f", key, k.FirstLoss, k.LastLoss, p.FirstLoss, p.LastLoss))
				}
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
		}
	}
	tw.Flush()
	if len(differ) > 0 {
		fmt.Fprintf(w, "losses differ from PyTorch's (first..last step): %s\n", strings.Join(differ, "; "))
	}
}

// closeLoss says whether two losses, printed to 4 decimals, agree to
// float32 training's drift over a few steps.
func closeLoss(a, b float64) bool { return math.Abs(a-b) <= 2e-3*max(1, math.Abs(b)) }
