package lang

import (
	"context"
	"strings"
	"testing"
	"time"
)

// displayCall is one call of IO.UpdateDisplay.
type displayCall struct {
	id     string
	text   string
	update bool
}

func displaySession() (*Session, *[]displayCall) {
	var calls []displayCall
	s := NewSession(IO{UpdateDisplay: func(id string, v Value, update bool) {
		calls = append(calls, displayCall{id, Str(v), update})
	}})
	return s, &calls
}

func TestDisplayHandle(t *testing.T) {
	s, calls := displaySession()
	r := s.Exec(context.Background(), "", "h = display(1, display_id=True)\nh.update(2)\nh.display(3)\ng = display('a', display_id='mine')\ng.update('b')\nh.display_id != g.display_id\n")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	c := *calls
	if len(c) != 5 || c[0].update || !c[1].update || c[2].update || c[0].id != c[1].id || c[1].id != c[2].id ||
		c[3].id != "mine" || !c[4].update || c[1].text != "2" || c[4].text != "b" || len(c[0].id) != 32 {
		t.Errorf("calls %+v", c)
	}
	if Repr(r.Value) != "True" {
		t.Errorf("display IDs are not distinct")
	}
	for _, tc := range []struct {
		src  string
		kind ErrorKind
	}{
		{"display(1, display_id=3)", TypeError},
		{"display(1, display_id='')", ValueError},
		{"display(1, display_id=True).nope", AttributeError},
	} {
		if r := s.Exec(context.Background(), "", tc.src+"\n"); r.Err == nil || r.Err.Kind != tc.kind {
			t.Errorf("%s: %v, want %s", tc.src, r.Err, tc.kind)
		}
	}
	// Without display IDs in the front end, updates print.
	var out strings.Builder
	plain := NewSession(IO{Stdout: &out})
	if r := plain.Exec(context.Background(), "", "display(1, display_id=True).update(2)\n"); r.Err != nil || out.String() != "1\n2\n" {
		t.Errorf("plain display handle printed %q, %v", out.String(), r.Err)
	}
	if r := plain.Exec(context.Background(), "", "display(1)\n"); r.Err != nil || r.Value != nil {
		t.Errorf("display(1) = %v, %v; want None", r.Value, r.Err)
	}
}

func TestRichText(t *testing.T) {
	s := NewSession(IO{})
	for _, tc := range []struct{ src, str, mime, data string }{
		{"Markdown('# hi *there*')", "# hi *there*", "text/markdown", "# hi *there*"},
		{"Math('x^2 + 1')", "$x^2 + 1$", "text/latex", "$\\displaystyle x^2 + 1$"},
		{"HTML('<b>b</b>')", "<b>b</b>", "text/html", "<b>b</b>"},
	} {
		r := s.Exec(context.Background(), "", tc.src+"\n")
		if r.Err != nil {
			t.Fatalf("%s: %v", tc.src, r.Err)
		}
		rich, ok := r.Value.(RichRepr)
		if !ok || Str(r.Value) != tc.str || rich.MIME()[tc.mime] != tc.data {
			t.Errorf("%s = %v (%T)", tc.src, Str(r.Value), r.Value)
		}
	}
	if r := s.Exec(context.Background(), "", "Markdown(1)\n"); r.Err == nil || r.Err.Kind != TypeError {
		t.Errorf("Markdown(1): %v", r.Err)
	}
}

// The expected lines are tqdm's format_meter output for the same counts
// and times (bar of 20 cells).
func TestProgressBarText(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		n, total int64
		desc     string
		elapsed  time.Duration
		want     string
	}{
		{0, 100, "", 0, "  0%|                    | 0/100 [00:00<?, ?it/s]"},
		{45, 100, "train", 1125 * time.Millisecond, "train:  45%|█████████           | 45/100 [00:01<00:01, 40.00it/s]"},
		{1, 3, "", 2 * time.Second, " 33%|██████▋             | 1/3 [00:02<00:04,  2.00s/it]"},
		{3, 3, "", 3 * time.Second, "100%|████████████████████| 3/3 [00:03<00:00,  1.00it/s]"},
		{45, -1, "", 1125 * time.Millisecond, "45it [00:01, 40.00it/s]"},
		{7200, 10000, "", 3725 * time.Second, " 72%|██████████████▍     | 7200/10000 [1:02:05<24:08,  1.93it/s]"},
	} {
		p := &ProgressBar{n: tc.n, total: tc.total, desc: tc.desc, start: start, lastDraw: start.Add(tc.elapsed)}
		if got := p.String(); got != tc.want {
			t.Errorf("n=%d total=%d after %v:\n got %q\nwant %q", tc.n, tc.total, tc.elapsed, got, tc.want)
		}
	}
}

func TestProgressBarLoop(t *testing.T) {
	s, calls := displaySession()
	r := s.Exec(context.Background(), "", "total = 0\nfor i in tqdm([1, 2, 3], desc='sum', mininterval=0):\n    total += i\nfor j in trange(2):\n    pass\nbar = tqdm(total=4)\nbar.update(3)\nbar.update()\nbar.close()\nbar.update()\n(total, bar.n, bar.total)\n")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if Repr(r.Value) != "(6, 5, 4)" {
		t.Errorf("(total, bar.n, bar.total) = %s", Repr(r.Value))
	}
	c := *calls
	// The tqdm loop: a first draw, one per element (mininterval=0), a last.
	first := c[0]
	if first.update || !strings.HasPrefix(first.text, "sum:   0%|") {
		t.Errorf("first draw %+v", first)
	}
	var sumDraws []displayCall
	for _, d := range c {
		if d.id == first.id {
			sumDraws = append(sumDraws, d)
		}
	}
	if len(sumDraws) != 5 || !strings.HasPrefix(sumDraws[4].text, "sum: 100%|████████████████████| 3/3 [") || !sumDraws[4].update {
		t.Errorf("the tqdm loop drew %+v", sumDraws)
	}
	last := c[len(c)-1]
	if !strings.HasPrefix(last.text, "100%|████████████████████| 4/4 [") || !last.update {
		t.Errorf("the manual bar's last draw %+v; all %+v", last, c)
	}
	for _, tc := range []struct {
		src  string
		kind ErrorKind
	}{
		{"tqdm(5)", ""}, // not iterable: found when the loop starts
		{"for x in tqdm(5):\n    pass", TypeError},
		{"for x in tqdm():\n    pass", TypeError},
		{"tqdm([1], mininterval=-1)", ValueError},
	} {
		r := s.Exec(context.Background(), "", tc.src+"\n")
		if tc.kind == "" && r.Err != nil || tc.kind != "" && (r.Err == nil || r.Err.Kind != tc.kind) {
			t.Errorf("%s: %v, want %q", tc.src, r.Err, tc.kind)
		}
	}
	// The tqdm package's import forms name the same functions.
	for _, src := range []string{"from tqdm import tqdm, trange\ntqdm is trange or (tqdm, trange)", "from tqdm.auto import tqdm as t2\nimport tqdm\nt2 is tqdm.tqdm", "from tqdm.notebook import trange\ntrange"} {
		r := NewSession(IO{}).Exec(context.Background(), "", src+"\n")
		if r.Err != nil || !strings.Contains(Repr(r.Value), "True") && !strings.Contains(Repr(r.Value), "built-in function") {
			t.Errorf("%q: %v, %v", src, Repr(r.Value), r.Err)
		}
	}
	// break leaves the bar where the loop stopped.
	*calls = nil
	if r := s.Exec(context.Background(), "", "for i in tqdm(range(10), mininterval=100):\n    if i == 4:\n        break\n"); r.Err != nil {
		t.Fatal(r.Err)
	}
	if c := *calls; len(c) != 2 || !strings.Contains(c[1].text, " 4/10 [") {
		t.Errorf("after break: %+v", c)
	}
}
