package lang

import (
	"fmt"
	"html"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kael-dev/kael/tensor"
)

// ProgressBar is a progress bar drawn as tqdm draws it: it counts the
// elements of the loop it wraps (or update(n) calls) and redraws itself as
// a display, updated in place by the front end. It is display machinery
// of the engine's, as display() is: the tqdm module (lang/lib/tqdm) makes
// one for tqdm(xs), and ProgressReporter for a library's long loads.
type ProgressBar struct {
	s        *Session
	iterable Value // nil for a bar advanced by update
	n, total int64 // total < 0: unknown
	desc     string
	interval time.Duration
	start    time.Time
	lastDraw time.Time
	id       string
	drawn    bool
	closed   bool
	now      func() time.Time
}

// NewProgressBar makes the bar of s over iterable (None or nil for one
// advanced by update(n)), of total steps (< 0: unknown, or iterable's
// length when it has one), shown with desc before it and redrawn at most
// every interval seconds.
func NewProgressBar(s *Session, iterable Value, total int64, desc string, interval float64) (*ProgressBar, error) {
	if math.IsNaN(interval) || interval < 0 {
		return nil, Errorf(ValueError, "mininterval must be a number of seconds ≥ 0, not %s", FormatFloat(interval))
	}
	if _, isNone := iterable.(NoneType); isNone {
		iterable = nil
	}
	if iterable != nil && total < 0 {
		if n, ok := lengthOf(iterable); ok {
			total = n
		}
	}
	p := &ProgressBar{s: s, iterable: iterable, total: total, desc: desc, id: newDisplayID(), now: time.Now,
		interval: time.Duration(interval * float64(time.Second))}
	p.start = p.now()
	if iterable == nil {
		p.draw(true) // a manual bar shows at once; a loop's when it starts
	}
	return p, nil
}

// lengthOf is the length of the sequences whose length is known before
// iterating.
func lengthOf(v Value) (int64, bool) {
	switch x := v.(type) {
	case *List:
		return int64(len(x.Elems)), true
	case Tuple:
		return int64(len(x)), true
	case *Range:
		return x.Len(), true
	case *Dict:
		return int64(x.Len()), true
	case string:
		return int64(utf8.RuneCountInString(x)), true
	case *tensor.Tensor:
		if x.Dim() > 0 {
			n, _ := x.Size(0)
			return int64(n), true
		}
	}
	return 0, false
}

// TypeName is the bar's type name.
func (p *ProgressBar) TypeName() string { return "tqdm" }

// Iterate walks the wrapped iterable, counting and redrawing (a for
// loop's iterable).
func (p *ProgressBar) Iterate(yield func(Value) bool) error {
	if p.iterable == nil {
		return Errorf(TypeError, "this tqdm bar has no iterable; advance it with update(n)")
	}
	p.start = p.now()
	p.draw(true)
	defer p.draw(true) // where the loop ended: done, break or error
	return Iterate(p.iterable, func(v Value) bool {
		if !yield(v) {
			return false
		}
		p.n++
		p.draw(false)
		return true
	})
}

// draw redraws the bar if mininterval has passed since the last time, or
// always when force is set.
func (p *ProgressBar) draw(force bool) {
	if p.closed {
		return
	}
	now := p.now()
	if !force && now.Sub(p.lastDraw) < p.interval {
		return
	}
	p.lastDraw = now
	p.s.showDisplay(p.id, p, p.drawn)
	p.drawn = true
}

var progressBarMethods = map[string]*Builtin{
	"update": NewBuiltin(AsValue, "update(self, n=1)", "Advances the bar by n and redraws it if mininterval has passed.", func(a *Args) (Value, error) {
		p, n := a.Value("self").(*ProgressBar), a.Int64("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		p.n += n
		p.draw(p.total >= 0 && p.n >= p.total)
		return None, nil
	}),
	"close": NewBuiltin(AsValue, "close(self)", "Draws the bar a last time and stops redrawing it.", func(a *Args) (Value, error) {
		p := a.Value("self").(*ProgressBar)
		p.draw(true)
		p.closed = true
		return None, nil
	}),
	"set_description": NewBuiltin(AsValue, "set_description(self, desc='')", "Replaces the text shown before the bar.", func(a *Args) (Value, error) {
		p, desc := a.Value("self").(*ProgressBar), a.Str("desc")
		if err := a.Err(); err != nil {
			return nil, err
		}
		p.desc = desc
		p.draw(false)
		return None, nil
	}),
}

// Attr returns n, total, desc or a method.
func (p *ProgressBar) Attr(name string) (Value, bool) {
	switch name {
	case "n":
		return p.n, true
	case "total":
		if p.total < 0 {
			return None, true
		}
		return p.total, true
	case "desc":
		return p.desc, true
	}
	m, ok := progressBarMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: p, Method: m}, true
}

// AttrNames lists the bar's attributes.
func (p *ProgressBar) AttrNames() []string {
	return append(sortedKeys(progressBarMethods), "desc", "n", "total")
}

// progressWidth is the number of cells of the bar itself.
const progressWidth = 20

// String is the bar as tqdm's format_meter writes it:
// "desc: 45%|█████████           | 45/100 [00:01<00:01, 40.12it/s]", or
// "45it [00:01, 40.12it/s]" when the total is unknown.
func (p *ProgressBar) String() string {
	elapsed := p.lastDraw.Sub(p.start).Seconds()
	if p.lastDraw.IsZero() {
		elapsed = 0
	}
	prefix := ""
	if p.desc != "" {
		prefix = p.desc + ": "
	}
	rate := "?it/s"
	if elapsed > 0 && p.n > 0 {
		r := float64(p.n) / elapsed
		if r >= 1 {
			rate = fmt.Sprintf("%5.2fit/s", r)
		} else {
			rate = fmt.Sprintf("%5.2fs/it", 1/r)
		}
	}
	if p.total < 0 {
		return fmt.Sprintf("%s%dit [%s, %s]", prefix, p.n, clock(elapsed), rate)
	}
	frac := 1.0
	if p.total > 0 {
		frac = min(float64(p.n)/float64(p.total), 1)
	}
	remaining := "?"
	if p.n > 0 && elapsed > 0 {
		remaining = clock(elapsed / float64(p.n) * float64(max(p.total-p.n, 0)))
	}
	return fmt.Sprintf("%s%3.0f%%|%s| %d/%d [%s<%s, %s]", prefix, frac*100, blocks(frac, progressWidth), p.n, p.total, clock(elapsed), remaining, rate)
}

// blocks draws frac of width cells with tqdm's eighth blocks.
func blocks(frac float64, width int) string {
	eighths := int(frac * float64(width) * 8)
	full, part := eighths/8, eighths%8
	bar := strings.Repeat("█", full)
	if full < width {
		if part > 0 {
			bar += string([]rune(" ▏▎▍▌▋▊▉")[part])
		} else {
			bar += " "
		}
		bar += strings.Repeat(" ", width-full-1)
	}
	return bar
}

// clock writes seconds as tqdm does: mm:ss, or h:mm:ss from an hour on.
func clock(seconds float64) string {
	s := int64(seconds)
	h, m := s/3600, s/60%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s%60)
	}
	return fmt.Sprintf("%02d:%02d", m, s%60)
}

// MIME gives a notebook an HTML progress element beside the text.
func (p *ProgressBar) MIME() map[string]string {
	text := p.String()
	value := ""
	if p.total >= 0 {
		value = fmt.Sprintf(` value="%d" max="%d"`, p.n, max(p.total, 1))
	}
	desc := ""
	if p.desc != "" {
		desc = html.EscapeString(p.desc) + " "
	}
	_, meter, _ := strings.Cut(text, "| ")
	if p.total < 0 {
		meter = strings.TrimPrefix(text, p.desc+": ")
	}
	return map[string]string{"text/html": `<div class="kael-progress" style="font-family:monospace">` + desc +
		`<progress` + value + ` style="width:20em;vertical-align:middle"></progress> ` + html.EscapeString(meter) + `</div>`}
}

// ProgressReporter returns a callback that shows the progress of loading
// label, for safetensors' and gpt2's Progress options, as a tqdm bar
// counting MiB (a display updated in place in a notebook, the line in a
// terminal). Small loads show nothing: the bar appears only when the data
// passes progressThreshold bytes.
func ProgressReporter(a *Args, label string) func(done, total int64) {
	s := a.Session()
	var bar *ProgressBar
	return func(done, total int64) {
		if total < progressThreshold {
			return
		}
		if bar == nil {
			var err error
			if bar, err = NewProgressBar(s, nil, total>>20, label+" (MiB)", 0.1); err != nil {
				return
			}
		}
		bar.n = done >> 20
		finished := done >= total
		bar.draw(finished)
		if finished {
			bar.closed = true
		}
	}
}

// progressThreshold is the size of data below which loading shows no
const progressThreshold = 64 << 20
