package main

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/gctune"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/std" // torch and the standard modules, as cmd/kael
)

// With -train-steps N the test trains each model (or the one -train-model
// names) for N timed steps after its bench warm-up, in this process:
// go test ./cmd/kaelbench -run TestTrainScripts -train-model cnn
// -train-steps 20 -cpuprofile cpu.out profiles a row; -train-threads 2
// profiles its two-thread row.
var (
	testTrainModel   = flag.String("train-model", "", "TestTrainScripts: only this model of trainModels")
	testTrainSteps   = flag.Int("train-steps", 0, "TestTrainScripts: timed steps after the bench's warm-up (0: one warm-up and one timed step)")
	testTrainThreads = flag.Int("train-threads", 1, "TestTrainScripts: the script's torch.set_num_threads, as the bench's two-thread rows")
)

// TestTrainScripts runs the training rows' script on every model under
// kael's language, briefly, so that neither the script nor the corpus
// files it imports can rot; where /usr/bin/python3 has PyTorch the
// losses of the steps must be PyTorch's.
func TestTrainScripts(t *testing.T) {
	corpus := filepath.Join("..", "..", corpusDir)
	python := "/usr/bin/python3"
	if exec.Command(python, "-c", "import torch").Run() != nil {
		python = ""
	}
	if *testTrainSteps > 0 {
		// A profiled row collects garbage as `kael run` does.
		gctune.Start()
	}
	dir := t.TempDir()
	for _, m := range trainModels {
		if *testTrainModel != "" && m.key != *testTrainModel {
			continue
		}
		t.Run(m.key, func(t *testing.T) {
			script, err := trainDir(dir, corpus, m)
			if err != nil {
				t.Fatal(err)
			}
			warmup, steps := 1, 1
			if *testTrainSteps > 0 {
				warmup, steps = m.warmup, *testTrainSteps
			}
			argv := append([]string{script}, trainArgs(m, *testTrainThreads, warmup, steps)...)
			var out, errOut strings.Builder
			s := lang.NewSession(lang.IO{Stdout: &out, Stderr: &errOut})
			s.SetScript(script)
			s.SetArgv(argv)
			res := s.Exec(context.Background(), script, trainScript)
			if res.Err != nil {
				t.Fatalf("kael: %v\n%s", res.Err, errOut.String())
			}
			k, err := parseTrainOutput([]byte(out.String()))
			if err != nil {
				t.Fatal(err)
			}
			if k.CPU <= 0 || k.Wall <= 0 {
				t.Errorf("kael's step times: %+v", k)
			}
			if *testTrainSteps > 0 {
				t.Logf("%s: kael %.2f ms CPU, %.2f ms wall per step", m.key, k.CPU*1e3, k.Wall*1e3)
			}
			if python == "" {
				return
			}
			c := exec.Command(python, argv...)
			c.Stderr = os.Stderr
			pout, err := c.Output()
			if err != nil {
				t.Fatalf("%s: %v", python, err)
			}
			p, err := parseTrainOutput(pout)
			if err != nil {
				t.Fatal(err)
			}
			if !closeLoss(k.FirstLoss, p.FirstLoss) || !closeLoss(k.LastLoss, p.LastLoss) {
				t.Errorf("losses: kael %.4f..%.4f, PyTorch %.4f..%.4f", k.FirstLoss, k.LastLoss, p.FirstLoss, p.LastLoss)
			}
		})
	}
}

func TestPrintTrainTable(t *testing.T) {
	kael := map[string]trainRun{
		"gpt_1t": {CPU: 0.1, Wall: 0.2, FirstLoss: 4.2, LastLoss: 4.1, MaxRSS: 100e6},
		"gpt_2t": {CPU: 0.3, Wall: 0.05, FirstLoss: 4.2, LastLoss: 4.1, MaxRSS: 300e6},
		"mlp_1t": {CPU: 0.01, Wall: 0.01, FirstLoss: 3.3, LastLoss: 3.2, MaxRSS: 50e6},
	}
	torch := map[string]trainRun{
		"gpt_1t": {CPU: 0.08, Wall: 0.09, FirstLoss: 4.2, LastLoss: 4.1, MaxRSS: 200e6},
		"gpt_2t": {CPU: 0.1, Wall: 0.06, FirstLoss: 4.2, LastLoss: 4.1, MaxRSS: 200e6},
		"mlp_1t": {CPU: 0.02, Wall: 0.02, FirstLoss: 3.3, LastLoss: 3.5, MaxRSS: 150e6},
	}
	var b strings.Builder
	printTrainTable(&b, kael, torch, 1)
	out := b.String()
	for _, want := range []string{
		"every process on CPU 1",
		"AdamW  1        100ms  80ms", // CPU time for one thread
		"0.80x", "≥ 1.0x: MISSED; memory ≤ PyTorch: met",
		"50ms", "1.20x", "≥ 1.0x: met; memory ≤ PyTorch: MISSED", // wall time for two
		"2.00x", "100 MB", "300 MB",
		"≥ 1.0x: ?; memory ≤ PyTorch: ?", // a row not measured
		"losses differ from PyTorch's (first..last step): mlp_1t: kael 3.3000..3.2000, PyTorch 3.3000..3.5000",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("training table lacks %q:\n%s", want, out)
		}
	}
}

func TestMedianTrain(t *testing.T) {
	got := medianTrain(map[string][]trainRun{"x": {{CPU: 3, Wall: 1, MaxRSS: 30}, {CPU: 1, Wall: 2, MaxRSS: 10}, {CPU: 2, Wall: 3, MaxRSS: 20}}})
	if r := got["x"]; r.CPU != 2 || r.Wall != 2 || r.MaxRSS != 20 {
		t.Errorf("medians: %+v", r)
	}
}
