package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestParseBench(t *testing.T) {
	out := `goos: linux
BenchmarkAddTiny-2   	  500000	      2794 ns/op
BenchmarkAddTiny-2   	  500000	      2000 ns/op	         5.000 median-calls	      1140 median-ns/op
BenchmarkMatmulFloat32_1024-2   	      20	  12291429 ns/op	 174.7 GFLOP/s	        10.00 median-calls	  11000000 median-ns/op
BenchmarkSumFloat32_16M-2   	     100	   7423005 ns/op	9040.66 MB/s	        20.00 median-calls	   6.522688e+06 median-ns/op
BenchmarkSumRows4096   	     100	   1500000 ns/op
BenchmarkOdd-2   	     100	   1500000 ns/op	 3 xmedian-ns/op
PASS`
	got := parseBench(strings.NewReader(out))
	tests := []struct {
		name         string
		mean, median []float64
		calls        int
	}{
		{"BenchmarkAddTiny", []float64{2794e-9, 2e-6}, []float64{1140e-9}, 5},
		{"BenchmarkMatmulFloat32_1024", []float64{0.012291429}, []float64{0.011}, 10},
		{"BenchmarkSumFloat32_16M", []float64{0.007423005}, []float64{0.006522688}, 20},
		{"BenchmarkSumRows4096", []float64{0.0015}, nil, 0},
		{"BenchmarkOdd", []float64{0.0015}, nil, 0}, // another unit is not the median
	}
	near := func(a, b []float64) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if d := a[i] - b[i]; d > 1e-12 || d < -1e-12 {
				return false
			}
		}
		return true
	}
	for _, tc := range tests {
		s := got[tc.name]
		if s == nil {
			t.Errorf("%s: not parsed", tc.name)
			continue
		}
		if !near(s.mean, tc.mean) || !near(s.median, tc.median) || s.calls != tc.calls {
			t.Errorf("%s: mean %v median %v calls %d, want %v %v %d", tc.name, s.mean, s.median, s.calls, tc.mean, tc.median, tc.calls)
		}
	}
	if len(got) != len(tests) {
		t.Errorf("parsed %d benchmarks, want %d", len(got), len(tests))
	}
}

// TestRowsCallsMatchCompare checks that every row's count of calls is
// the one compare.py's median_time uses for NumPy and for PyTorch, so that
// kael's medians (tensor's reportMedian, which kaelbench checks against
// the rows at run time) and the references' are over as many calls.
func TestRowsCallsMatchCompare(t *testing.T) {
	call := regexp.MustCompile(`"(\w+)": median_time\((.*), (\d+)\)(?: / (\d+))?,`)
	found := map[string]int{}
	for _, m := range call.FindAllStringSubmatch(compareScript, -1) {
		key := m[1]
		var r *row
		for i := range rows {
			if rows[i].key == key {
				r = &rows[i]
			}
		}
		if r == nil {
			t.Errorf("compare.py times %q, no row of the table", key)
			continue
		}
		found[key]++
		if n, _ := strconv.Atoi(m[3]); n != r.calls {
			t.Errorf("%s: compare.py takes the median of %d calls, the row %d", key, n, r.calls)
		}
		batch := 1
		if strings.Contains(m[2], "for _ in range(") {
			b := regexp.MustCompile(`range\((\d+)\)`).FindStringSubmatch(m[2])
			batch, _ = strconv.Atoi(b[1])
			if d, _ := strconv.Atoi(m[4]); d != batch {
				t.Errorf("%s: a batch of %d calls divided by %s", key, batch, m[4])
			}
		}
		if batch != r.batch {
			t.Errorf("%s: compare.py times batches of %d calls, the row %d", key, batch, r.batch)
		}
	}
	// NumPy's matmuls, timed in a loop over the two dtypes.
	if m := regexp.MustCompile(`out\[name\] = median_time\(lambda: a @ b, (\d+)\)`).FindStringSubmatch(compareScript); m == nil {
		t.Error("compare.py's NumPy matmul loop not found")
	} else {
		for _, key := range []string{"matmul_f32_1024", "matmul_f64_1024"} {
			found[key]++
			for _, r := range rows {
				if n, _ := strconv.Atoi(m[1]); r.key == key && n != r.calls {
					t.Errorf("%s: NumPy's median of %d calls, the row %d", key, n, r.calls)
				}
			}
		}
	}
	for _, r := range rows {
		if found[r.key] != 2 { // NumPy and PyTorch
			t.Errorf("%s: compare.py times it %d times, want 2", r.key, found[r.key])
		}
	}
}

func TestPrintTable(t *testing.T) {
	var b strings.Builder
	printTable(&b, map[string]float64{"add_f32_16M": 0.005, "sum_f32_16M": 0.004},
		map[string]float64{"add_f32_16M": 0.006, "sum_f32_16M": 0.003, "add_tiny": 2e-6},
		&refTimes{NumPy: map[string]any{"add_f32_16M": 0.0056, "add_tiny": 3e-6}, Torch: map[string]any{"sum_f32_16M": 0.002}}, 3)
	out := b.String()
	for _, want := range []string{"add f32 2^24, out=", "1.12x", "≥ 0.8x numpy: met", "0.50x", "≥ 0.8x torch: MISSED",
		"6ms",                 // the mean, in its own column
		"2µs (mean)", "1.50x", // a row without a median: the mean, marked
		"median of 3 rounds", "20 calls: add_f32_16M, sum_f32_16M", "10 calls: softmax_4096x1024, matmul_f32_1024",
		"5 batches of 10000 calls, per call: add_tiny", "kael mean"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestMedianRefs(t *testing.T) {
	r := medianRefs([]*refTimes{
		{NumPy: map[string]any{"a": 3.0, "blas": []any{"openblas"}}},
		{NumPy: map[string]any{"a": 1.0}},
		{NumPy: map[string]any{"a": 2.0}, Torch: map[string]any{"a": 5.0}},
	})
	if r.NumPy["a"] != 2.0 || r.Torch["a"] != 5.0 || r.NumPy["blas"] == nil {
		t.Errorf("medians: %+v", r)
	}
	if medianRefs(nil) != nil {
		t.Error("no rounds should give no references")
	}
}

func TestPerIteration(t *testing.T) {
	// The median of the rounds' differences (0.3, 0.9, 0.5 s) counts; an
	// even number of rounds takes the mean of the middle two.
	got := perIteration([][2]float64{{1.2, 1.5}, {1.0, 1.9}, {1.1, 1.6}}, 1000)
	if want := 0.5 / 1000; got < want*0.999 || got > want*1.001 {
		t.Errorf("perIteration = %g, want %g", got, want)
	}
	got = perIteration([][2]float64{{1.2, 1.5}, {1.0, 1.9}, {1.1, 1.6}, {1.0, 1.4}}, 1000)
	if want := 0.45 / 1000; got < want*0.999 || got > want*1.001 {
		t.Errorf("perIteration of four rounds = %g, want %g", got, want)
	}
	var b strings.Builder
	printLangTable(&b, map[string]langTimes{
		"kael":    {perIter: map[string]float64{"empty": 20e-9, "arith": 100e-9, "np_small": 1e-6}, startup: 0.008},
		"cpython": {perIter: map[string]float64{"empty": 30e-9, "arith": 50e-9}, startup: 0.015},
		"numpy":   {perIter: map[string]float64{"np_small": 1.2e-6}},
	})
	out := b.String()
	for _, want := range []string{"1.50x", "≥ 1.0x: met", "0.50x", "≥ 1.0x: MISSED", "kael < 20ms: met", "NumPy", "1.20x", "≥ 1.5x: MISSED"} {
		if !strings.Contains(out, want) {
			t.Errorf("language table lacks %q:\n%s", want, out)
		}
	}
}

func TestPrintGPT2Table(t *testing.T) {
	var b strings.Builder
	k := &gpt2Times{Load: 0.05, Decode: 2, Prefill: 0.2, Bandwidth: 20e9, BytesPerToken: 0.5e9,
		Decode16: map[string]float64{"bfloat16": 1, "float16": 1.6}}
	printGPT2Table(&b, k, map[string]float64{"load": 0.01, "decode_addmm_2t": 4, "decode_addmv_2t": 2.5, "prefill_1t": 0.3, "prefill_2t": 0.4,
		"decode16_bf16_addmv_2t": 5})
	out := b.String()
	for _, want := range []string{"32.0 tokens/s", "25.6 tokens/s (addmv_2t)", "1.25x", "≥ 1.1x torch: met", "≥ 0.9 of limit: MISSED (0.80)",
		"640 tokens/s", "1.50x", "≥ 1.2x torch: met", "< 1 s: met", "20.0 GB/s", "decode limit 40.0 tokens/s", "decode_addmm_2t 16.0",
		"bfloat16 weights  64.0 tokens/s", "2.50x", "≥ 1.6x kael float32: met (2.00x); ≥ 1.5x torch: met; 0.80 of the limit",
		"float16 weights   40.0 tokens/s", "≥ 1.6x kael float32: MISSED (1.25x)", "decode16_bf16_addmv_2t 12.8"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	printGPT2Table(&b, k, nil)
	if !strings.Contains(b.String(), "≥ 1.1x torch: ?") {
		t.Errorf("without PyTorch:\n%s", b.String())
	}
}
func TestRoundSpread(t *testing.T) {
	// The rounds' figures, lowest first, a round whose 2N run was the
	// faster among them.
	got := roundSpread([][2]float64{{1.0, 2.0}, {1.25, 1.5}, {1.0, 1.5}, {1.5, 1.25}}, 1000)
	if want := "per iteration by round -250µs 250µs 500µs 1ms (N=1000)"; got != want {
		t.Errorf("roundSpread = %q, want %q", got, want)
	}
}

// TestLangRowsHaveOneCount checks that N, which timePair replaces with
// the iteration count, stands only for it in every row's programs.
func TestLangRowsHaveOneCount(t *testing.T) {
	for _, r := range langRows {
		for _, src := range []string{r.src, r.pySrc} {
			if src != "" && strings.Count(src, "N") != 1 {
				t.Errorf("%s: %d capital Ns in %q, want the count's only", r.key, strings.Count(src, "N"), src)
			}
		}
	}
}

func TestSelectLangRows(t *testing.T) {
	tests := []struct {
		keys    string
		want    []string
		wantErr string
	}{
		{keys: "objects", want: []string{"objects"}},
		{keys: "module, objects", want: []string{"objects", "module"}}, // the table's order
		{keys: "objects,nope,zz", wantErr: `no language row "nope", "zz"; the rows are `},
		{keys: "", wantErr: `no language row ""`},
	}
	for _, tc := range tests {
		got, err := selectLangRows(tc.keys)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: error %v, want one containing %q", tc.keys, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.keys, err)
			continue
		}
		var keys []string
		for _, r := range got {
			keys = append(keys, r.key)
		}
		if strings.Join(keys, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%q: rows %v, want %v", tc.keys, keys, tc.want)
		}
	}
}

// TestRowsCallsMatchBenchmarks checks the rows' counts against the
// constants tensor's benchmarks pass to reportMedian (kaelbench also
// warns when a benchmark reports another count).
func TestRowsCallsMatchBenchmarks(t *testing.T) {
	src, err := os.ReadFile("../../tensor/bench_median_test.go")
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(median\w+)\s*=\s*(\d+)`).FindAllStringSubmatch(string(src), -1) {
		consts[m[1]], _ = strconv.Atoi(m[2])
	}
	want := map[string][2]string{
		"add_f32_16M":       {"medianCallsLarge", ""},
		"sum_f32_16M":       {"medianCallsLarge", ""},
		"softmax_4096x1024": {"medianCallsHeavy", ""},
		"matmul_f32_1024":   {"medianCallsHeavy", ""},
		"matmul_f64_1024":   {"medianCallsHeavy", ""},
		"add_tiny":          {"medianCallsTiny", "medianBatchTiny"},
	}
	for _, r := range rows {
		w, ok := want[r.key]
		if !ok {
			t.Errorf("%s: no reportMedian count named for it here", r.key)
			continue
		}
		if n, ok := consts[w[0]]; !ok || n != r.calls {
			t.Errorf("%s: tensor's %s = %d (found %v), the row %d", r.key, w[0], n, ok, r.calls)
		}
		batch := 1
		if w[1] != "" {
			batch = consts[w[1]]
		}
		if batch != r.batch {
			t.Errorf("%s: tensor's batch %d, the row %d", r.key, batch, r.batch)
		}
	}
}
