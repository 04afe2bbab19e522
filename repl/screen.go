package repl

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/chzyer/readline"
)

// terminalFD returns the file descriptor of f when it is a terminal.
func terminalFD(f any) (int, bool) {
	file, ok := f.(interface{ Fd() uintptr })
	if !ok {
		return 0, false
	}
	fd := int(file.Fd())
	return fd, readline.IsTerminal(fd)
}

// terminalWidth returns the width of the terminal fd, or 80 when it cannot
// be read.
func terminalWidth(fd int) int {
	w, _, err := readline.GetSize(fd)
	if err != nil || w <= 0 {
		return 80
	}
	return w
}

// terminalHeight returns the height of the terminal fd, or 24 when it
// cannot be read.
func terminalHeight(fd int) int {
	_, h, err := readline.GetSize(fd)
	if err != nil || h <= 0 {
		return 24
	}
	return h
}

// spinner is the frames of the status line's activity indicator.
var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// screen is everything the REPL writes while not editing a line. It knows
// whether the cursor is at the start of a line, and while a cell runs on a
// terminal it keeps a status line at the bottom: a progress bar while lang
// reports progress, otherwise an activity indicator, once the cell has run
// for statusDelay without writing. The status line is erased before
// anything else is written and when the cell ends, so it never stays in
// the output.
type screen struct {
	mu    sync.Mutex
	w     io.Writer
	live  bool // a status line may be drawn (the output is a terminal)
	width func() int
	dim   lipgloss.Style
	now   func() time.Time

	midLine   bool      // the cursor is not at the start of a line
	status    bool      // a status line is drawn
	reading   bool      // the cell is reading a line from the user
	started   time.Time // when the running cell started; zero when idle
	lastWrite time.Time // the last output of the running cell
	frame     int       // the spinner frame

	label       string // the latest progress report; total 0 if none
	done, total int

	// The display written last, when nothing was written after it: its
	// ID and the terminal rows it takes, for redrawing it in place.
	lastDisplay     string
	lastDisplayRows int

	stopTicker chan struct{}
	tickerDone chan struct{}
}

func newScreen(w io.Writer, live bool, width func() int, dim lipgloss.Style) *screen {
	return &screen{w: w, live: live, width: width, dim: dim, now: time.Now}
}

// Write writes p, erasing the status line first.
func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.eraseStatus()
	if len(p) > 0 {
		s.midLine = p[len(p)-1] != '\n'
		s.lastWrite = s.now()
		s.lastDisplay = ""
	}
	return s.w.Write(p)
}

// display writes text as the display id. An update of the display written
// last, with nothing written since, redraws it in place on a terminal
// (the cursor goes up its rows and the screen below is cleared); any other
// display or update is written below the output.
func (s *screen) display(id, text string, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.eraseStatus()
	if s.midLine {
		io.WriteString(s.w, "\n")
		s.midLine = false
	}
	if update && s.live && id == s.lastDisplay && s.lastDisplayRows > 0 {
		fmt.Fprintf(s.w, "\x1b[%dA\r\x1b[J", s.lastDisplayRows)
	}
	io.WriteString(s.w, text+"\n")
	s.lastDisplay, s.lastDisplayRows = id, rows(text, s.width())
	s.lastWrite = s.now()
}

// rows is the number of terminal rows text takes at width columns.
func rows(text string, width int) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		n += max(1, (lipgloss.Width(line)+width-1)/max(width, 1))
	}
	return n
}

// ensureNewline ends a line that output left unfinished.
func (s *screen) ensureNewline() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.midLine {
		io.WriteString(s.w, "\n")
		s.midLine = false
	}
}

// beginCell starts the status line's clock; the line editor left the
// cursor at the start of a line.
func (s *screen) beginCell() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.midLine = false
	s.started, s.lastWrite = s.now(), time.Time{}
	s.total = 0
	s.lastDisplay = "" // the prompt and the typed line came after it
	if !s.live {
		return
	}
	s.stopTicker, s.tickerDone = make(chan struct{}), make(chan struct{})
	go s.tickLoop(s.stopTicker, s.tickerDone)
}

func (s *screen) tickLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(statusTick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			s.tick()
		}
	}
}

// read runs f, which reads a line from the user for the running cell,
// with the status line off.
func (s *screen) read(f func()) {
	s.mu.Lock()
	s.eraseStatus()
	s.reading = true
	s.mu.Unlock()
	f()
	s.mu.Lock()
	s.reading, s.midLine, s.lastWrite, s.lastDisplay = false, false, s.now(), ""
	s.mu.Unlock()
}

// endCell stops the status line and erases it.
func (s *screen) endCell() {
	s.mu.Lock()
	stop, done := s.stopTicker, s.tickerDone
	s.stopTicker, s.tickerDone = nil, nil
	s.mu.Unlock()
	if stop != nil {
		close(stop)
		<-done
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.eraseStatus()
	s.started = time.Time{}
	s.total = 0
}

// setProgress records a progress report of the running cell (lang's
// IO.Progress). The bar goes away when done reaches total.
func (s *screen) setProgress(label string, done, total int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if done >= total {
		total = 0
	}
	s.label, s.done, s.total = label, done, total
}

// tick redraws the status line if it is due.
func (s *screen) tick() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if s.started.IsZero() || s.midLine || s.reading || now.Sub(s.started) < statusDelay || now.Sub(s.lastWrite) < statusDelay {
		return
	}
	s.frame++
	line := s.statusText(now.Sub(s.started))
	// Stay off the last column so the terminal never wraps the line.
	if w := s.width() - 1; utf8.RuneCountInString(line) > w {
		line = string([]rune(line)[:max(w, 0)])
	}
	io.WriteString(s.w, "\r"+s.dim.Render(line)+eraseLine)
	s.status = true
}

// statusText is the status line after running for elapsed.
func (s *screen) statusText(elapsed time.Duration) string {
	spin := spinner[s.frame%len(spinner)]
	secs := fmt.Sprintf("%.1fs", elapsed.Seconds())
	if s.total > 0 {
		return fmt.Sprintf("%s %s %s %d/%d  %s", spin, s.label, progressBar(s.done, s.total, 20), s.done, s.total, secs)
	}
	return fmt.Sprintf("%s running %s  (Ctrl-C interrupts)", spin, secs)
}

// progressBar draws done/total in width cells.
func progressBar(done, total, width int) string {
	full := min(max(done*width/max(total, 1), 0), width)
	return strings.Repeat("█", full) + strings.Repeat("░", width-full)
}

// eraseLine is the terminal's "erase to the end of the line".
const eraseLine = "\x1b[K"

// eraseStatus removes the status line; s.mu is held.
func (s *screen) eraseStatus() {
	if s.status {
		io.WriteString(s.w, "\r"+eraseLine)
		s.status = false
	}
}

// interrupted tidies up after Ctrl-C stopped a cell: the terminal echoed
// ^C where the cursor was. Output the cell left unfinished is ended;
// otherwise the ^C is erased.
func (s *screen) interrupted() {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.midLine:
		io.WriteString(s.w, "\n")
		s.midLine = false
	case s.live:
		io.WriteString(s.w, "\r"+eraseLine)
	}
}
