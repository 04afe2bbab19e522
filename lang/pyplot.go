package lang

import (
	"image"
	"runtime"
	"sync"
	"weak"

	"github.com/kael-dev/kael/plot"
	"github.com/kael-dev/kael/tensor"
)

// This file is matplotlib.pyplot in small, on package plot: the module's
// functions act on the current figure's current axes, as pyplot's do, and
// the same operations are methods of the Axes values subplots returns
// (plt.title and ax.set_title share one implementation).

// FigureValue is a matplotlib figure.
type FigureValue struct {
	F    *plot.Figure
	axes []*AxesValue
}

// AxesValue is one axes of a figure.
type AxesValue struct {
	A   *plot.Axes
	fig *FigureValue
}

// ImageValue is what imshow returns, for colorbar.
type ImageValue struct {
	im   *plot.Image
	axes *AxesValue
}

var _ Drawing = (*FigureValue)(nil)

func (f *FigureValue) PNG() ([]byte, error)        { return f.F.PNG() }
func (f *FigureValue) SVG() ([]byte, error)        { return f.F.SVG() }
func (f *FigureValue) Image() (image.Image, error) { return f.F.Image() }
func (f *FigureValue) String() string              { return f.F.String() }
func (f *FigureValue) TypeName() string            { return "Figure" }

// Attr returns the figure's methods and its axes (fig.axes).
func (f *FigureValue) Attr(name string) (Value, bool) {
	if name == "axes" {
		elems := make([]Value, len(f.axes))
		for i, a := range f.axes {
			elems[i] = a
		}
		return &List{Elems: elems}, true
	}
	m, ok := figureMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: f, Method: m}, true
}

// AttrNames lists the figure's attributes.
func (f *FigureValue) AttrNames() []string { return append(sortedKeys(figureMethods), "axes") }

func (a *AxesValue) String() string   { return "<Axes: " + quoteString(a.A.Title) + ">" }
func (a *AxesValue) TypeName() string { return "Axes" }

// Attr returns the axes' methods.
func (a *AxesValue) Attr(name string) (Value, bool) {
	m, ok := axesMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: a, Method: m}, true
}

// AttrNames lists the axes' methods.
func (a *AxesValue) AttrNames() []string { return sortedKeys(axesMethods) }

func (im *ImageValue) String() string   { return "<AxesImage>" }
func (im *ImageValue) TypeName() string { return "AxesImage" }

// pyplotState is one session's pyplot: its open figures, the last one
// current. Sessions keep it here, not in Session, so that pyplot stays in
// this file; an entry goes when its session is collected.
type pyplotState struct {
	figures []*FigureValue
}

var pyplotStates = struct {
	sync.Mutex
	m map[weak.Pointer[Session]]*pyplotState
}{m: map[weak.Pointer[Session]]*pyplotState{}}

func pyplotOf(s *Session) *pyplotState {
	pyplotStates.Lock()
	defer pyplotStates.Unlock()
	key := weak.Make(s)
	st, ok := pyplotStates.m[key]
	if !ok {
		st = &pyplotState{}
		pyplotStates.m[key] = st
		runtime.AddCleanup(s, func(k weak.Pointer[Session]) {
			pyplotStates.Lock()
			defer pyplotStates.Unlock()
			delete(pyplotStates.m, k)
		}, key)
	}
	return st
}

// newFigure opens a figure and makes it current.
func (st *pyplotState) newFigure(w, h float64, rows, cols int) (*FigureValue, error) {
	f, err := plot.New(w, h)
	if err != nil {
		return nil, Errorf(ValueError, "%s", err)
	}
	fv := &FigureValue{F: f}
	axes, err := f.Subplots(rows, cols)
	if err != nil {
		return nil, Errorf(ValueError, "%s", err).WithHint("e.g. plt.subplots(2, 3) for two rows of three axes")
	}
	for _, a := range axes {
		fv.axes = append(fv.axes, &AxesValue{A: a, fig: fv})
	}
	st.figures = append(st.figures, fv)
	return fv, nil
}

// gcf returns the current figure, opening one when none is open.
func (st *pyplotState) gcf() *FigureValue {
	if len(st.figures) == 0 {
		fv, _ := st.newFigure(0, 0, 1, 1) // the default size and grid are valid
		return fv
	}
	return st.figures[len(st.figures)-1]
}

// gca returns the current figure's current axes.
func (st *pyplotState) gca() *AxesValue {
	f := st.gcf()
	cur := f.F.Current()
	for _, a := range f.axes {
		if a.A == cur {
			return a
		}
	}
	return f.axes[0]
}

// close closes a figure, or every figure.
func (st *pyplotState) close(f *FigureValue, all bool) {
	if all {
		st.figures = nil
		return
	}
	for i, g := range st.figures {
		if g == f {
			st.figures = append(st.figures[:i], st.figures[i+1:]...)
			return
		}
	}
}

// TakeFigures returns the session's open figures and closes them: the
// kernel shows what a cell drew when the cell ends, as Jupyter's inline
// backend does.
func TakeFigures(s *Session) []*FigureValue {
	st := pyplotOf(s)
	out := st.figures
	st.figures = nil
	return out
}

// show displays every open figure and closes them, as plt.show() does in
// a notebook; without a display (a script), it prints each figure's repr.
func (in *interp) showFigures(figs []*FigureValue) {
	for _, f := range figs {
		if in.s.io.Display != nil {
			in.s.io.Display(f)
		} else {
			in.write(Repr(f) + "\n")
		}
	}
}

// plotErr turns an error from package plot into a ValueError.
func plotErr(err error) error {
	if err == nil {
		return nil
	}
	return Errorf(ValueError, "%s", err)
}

// seriesArg converts a list, tuple or tensor for package plot.
func seriesArg(a *Args, v Value, name string) any {
	switch x := v.(type) {
	case *tensor.Tensor:
		return x.Detach()
	case *List, Tuple, *Range:
		if r, ok := x.(*Range); ok {
			v = rangeList(r)
		}
		t, err := ToTensor(v)
		if err != nil {
			a.fail(Errorf(TypeError, "%s(): %s must be a list of numbers or a Tensor, not %s", a.b.Name, name, TypeName(v)))
			return nil
		}
		return t
	}
	a.fail(Errorf(TypeError, "%s(): %s must be a list of numbers or a Tensor, not %s", a.b.Name, name, TypeName(v)))
	return nil
}

func rangeList(r *Range) *List {
	var elems []Value
	for i := r.Start; (r.Step > 0 && i < r.Stop) || (r.Step < 0 && i > r.Stop); i += r.Step {
		elems = append(elems, i)
		if len(elems) > maxRangePlot {
			break
		}
	}
	return &List{Elems: elems}
}

// maxRangePlot bounds the points a range() given to a plot expands to.
const maxRangePlot = 10_000_000

// optStr returns a str argument or "" for None.
func optStr(a *Args, name string) string {
	if a.IsNone(name) {
		return ""
	}
	return a.Str(name)
}

// floatOrZero returns a number argument or 0 for None, which package
// plot reads as its default.
func floatOrZero(a *Args, name string) float64 {
	if f := a.OptFloat(name); f != nil {
		return *f
	}
	return 0
}

// figsizeArg reads figsize=(w, h).
func figsizeArg(a *Args) (w, h float64) {
	if a.IsNone("figsize") {
		return 0, 0
	}
	if elems, _ := seqElems(a.Value("figsize")); len(elems) == 2 {
		{
			w, ok1 := AsFloat(elems[0])
			h, ok2 := AsFloat(elems[1])
			if ok1 && ok2 {
				return w, h
			}
		}
	}
	a.fail(Errorf(TypeError, "%s(): figsize must be a (width, height) pair in inches, not %s", a.b.Name, Repr(a.Value("figsize"))).
		WithHint("e.g. figsize=(8, 4)"))
	return 0, 0
}

// axesOp is one operation of an axes, reachable both as a pyplot function
// (on the current axes, named fn) and as an Axes method (named method).
type axesOp struct {
	fn, method  string // "" when it is only one of the two
	params, doc string
	run         func(in *interp, ax *AxesValue, a *Args) (Value, error)
}

var (
	pyplotModule  = &Module{Name: "matplotlib.pyplot", Attrs: map[string]Value{}}
	axesMethods   = map[string]*Builtin{}
	figureMethods = map[string]*Builtin{}
)

func init() {
	RegisterModule("matplotlib", "The matplotlib package in small: its module pyplot.", func() *Module {
		return &Module{Name: "matplotlib", Attrs: map[string]Value{}}
	})
	RegisterModule("matplotlib.pyplot", "matplotlib.pyplot in small, drawn by gonum.org/v1/plot: import matplotlib.pyplot as plt.", func() *Module {
		return pyplotModule
	})
	for _, op := range axesOps {
		if op.fn != "" {
			pyplotModule.Attrs[op.fn] = NewBuiltin(AsValue, op.fn+"("+op.params+")", op.doc, func(a *Args) (Value, error) {
				return op.run(a.in, pyplotOf(a.in.s).gca(), a)
			})
		}
		if op.method != "" {
			sig := op.method + "(self"
			if op.params != "" {
				sig += ", " + op.params
			}
			axesMethods[op.method] = NewBuiltin(AsValue, sig+")", op.doc, func(a *Args) (Value, error) {
				return op.run(a.in, a.Value("self").(*AxesValue), a)
			})
		}
	}
	for _, f := range pyplotFuncs {
		b := NewBuiltin(AsValue, f.sig, f.doc, f.fn)
		pyplotModule.Attrs[b.Name] = b
	}
	for _, f := range figureFuncs {
		b := NewBuiltin(AsValue, f.sig, f.doc, f.fn)
		figureMethods[b.Name] = b
	}
}

// plotArgs splits plt.plot's positional arguments: (y), (x, y), (y, fmt)
// or (x, y, fmt).
func plotArgs(a *Args) (x, y any, format string, err error) {
	args := a.Value("args").(Tuple)
	if n := len(args); n > 0 {
		if s, ok := args[n-1].(string); ok {
			format, args = s, args[:n-1]
		}
	}
	switch len(args) {
	case 1:
		y = seriesArg(a, args[0], "y")
	case 2:
		x, y = seriesArg(a, args[0], "x"), seriesArg(a, args[1], "y")
	default:
		return nil, nil, "", Errorf(TypeError, "plot() takes (y), (x, y), (y, fmt) or (x, y, fmt), not %d arguments", len(a.Value("args").(Tuple))).
			WithHint("call plot once per line: plt.plot(x, y1, 'r'); plt.plot(x, y2, 'b')")
	}
	return x, y, format, a.Err()
}

func strsOf(v Value) ([]string, bool) {
	elems, _ := seqElems(v)
	if len(elems) == 0 {
		return nil, false
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// limArgs reads xlim(left, right), xlim((left, right)) or xlim() and
// returns the limits after setting them.
func limArgs(a *Args, get func() *[2]float64, set func(lo, hi float64) error) (Value, error) {
	lo, hi := a.Value("left"), a.Value("right")
	if elems, _ := seqElems(lo); len(elems) == 2 && a.IsNone("right") {
		lo, hi = elems[0], elems[1]
	}
	if _, none := lo.(NoneType); !none {
		l, ok1 := AsFloat(lo)
		h, ok2 := AsFloat(hi)
		if !ok1 || !ok2 {
			return nil, Errorf(TypeError, "%s() takes two numbers (left, right), not %s and %s", a.b.Name, Repr(lo), Repr(hi))
		}
		if err := set(l, h); err != nil {
			return nil, plotErr(err)
		}
	}
	if lim := get(); lim != nil {
		return Tuple{lim[0], lim[1]}, nil
	}
	return None, nil
}

func floatsTensor(vs []float64) Value {
	t, err := tensor.FromValue(append([]float64(nil), vs...))
	if err != nil {
		return None
	}
	return t
}

var axesOps = []axesOp{
	{fn: "plot", method: "plot", params: "*args, label=None, color=None, linewidth=None, linestyle=None, marker=None",
		doc: "Draws a line through the points: plot(y), plot(x, y), with a format string such as 'r--' or 'o' (colour, marker, line style) last. x and y are lists or tensors.",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			x, y, format, err := plotArgs(a)
			if err != nil {
				return nil, err
			}
			o := plot.LineOptions{Format: format, Label: optStr(a, "label"), Colour: optStr(a, "color"),
				Width: floatOrZero(a, "linewidth"), LineStyle: optStr(a, "linestyle"), Marker: optStr(a, "marker")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			_, err = ax.A.Plot(x, y, o)
			return None, plotErr(err)
		}},
	{fn: "scatter", method: "scatter", params: "x, y, s=None, c=None, color=None, marker=None, label=None",
		doc: "Draws unconnected points at (x[i], y[i]); s is the marker area in points², c or color the colour.",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			x, y := seriesArg(a, a.Value("x"), "x"), seriesArg(a, a.Value("y"), "y")
			colour := optStr(a, "color")
			if !a.IsNone("c") {
				colour = a.Str("c")
			}
			o := plot.ScatterOptions{Colour: colour, Size: floatOrZero(a, "s"), Marker: optStr(a, "marker"), Label: optStr(a, "label")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			_, err := ax.A.Scatter(x, y, o)
			return None, plotErr(err)
		}},
	{fn: "bar", method: "bar", params: "x, height, width=0.8, color=None, label=None",
		doc: "Draws bars of the given heights at x: numbers, or names (a list of str) that label the x axis.",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			var x any
			if names, ok := strsOf(a.Value("x")); ok {
				x = names
			} else {
				x = seriesArg(a, a.Value("x"), "x")
			}
			h := seriesArg(a, a.Value("height"), "height")
			o := plot.BarOptions{Width: a.Float("width"), Colour: optStr(a, "color"), Label: optStr(a, "label")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			_, err := ax.A.Bar(x, h, o)
			return None, plotErr(err)
		}},
	{fn: "hist", method: "hist", params: "x, bins=10, color=None, label=None",
		doc: "Draws a histogram of x in bins evenly spaced bins; returns (counts, edges, None) as matplotlib returns (n, bins, patches).",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			x := seriesArg(a, a.Value("x"), "x")
			o := plot.HistOptions{Bins: a.Int("bins"), Colour: optStr(a, "color"), Label: optStr(a, "label")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if o.Bins == 0 {
				return nil, Errorf(ValueError, "hist(): bins must be at least 1, not 0")
			}
			h, err := ax.A.Hist(x, o)
			if err != nil {
				return nil, plotErr(err)
			}
			return Tuple{floatsTensor(h.Counts), floatsTensor(h.Edges), None}, nil
		}},
	{fn: "imshow", method: "imshow", params: "X, cmap=None, vmin=None, vmax=None, aspect=None, interpolation=None",
		doc: "Draws a (rows, cols) tensor or list of rows as coloured cells, row 0 at the top, e.g. attention weights. cmap is viridis (the default), plasma, inferno, magma, gray, hot, coolwarm, Blues or Reds, with _r for reversed. Cells fill the axes (aspect='auto') and are drawn unsmoothed (interpolation='nearest'); other values of these are refused.",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			x := seriesArg(a, a.Value("X"), "X")
			o := plot.ImageOptions{CMap: optStr(a, "cmap"), VMin: a.OptFloat("vmin"), VMax: a.OptFloat("vmax")}
			for name, ok := range map[string]string{"aspect": "auto", "interpolation": "nearest"} {
				if s := optStr(a, name); s != "" && s != ok && !(name == "interpolation" && s == "none") {
					a.fail(Errorf(ValueError, "imshow(): kael draws %s=%s only, not %s", name, quoteString(ok), quoteString(s)))
				}
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			im, err := ax.A.Imshow(x, o)
			if err != nil {
				return nil, plotErr(err)
			}
			return &ImageValue{im: im, axes: ax}, nil
		}},
	textOp("title", "set_title", "label", "Sets the title of the axes.", func(a *plot.Axes) *string { return &a.Title }),
	textOp("xlabel", "set_xlabel", "xlabel", "Sets the label of the x axis.", func(a *plot.Axes) *string { return &a.XLabel }),
	textOp("ylabel", "set_ylabel", "ylabel", "Sets the label of the y axis.", func(a *plot.Axes) *string { return &a.YLabel }),
	{fn: "xlim", method: "set_xlim", params: "left=None, right=None",
		doc: "Fixes the range of the x axis: xlim(left, right) or xlim((left, right)); returns the limits (None when not fixed).",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			return limArgs(a, func() *[2]float64 { return ax.A.XLim }, ax.A.SetXLim)
		}},
	{fn: "ylim", method: "set_ylim", params: "left=None, right=None",
		doc: "Fixes the range of the y axis: ylim(bottom, top) or ylim((bottom, top)); returns the limits (None when not fixed).",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			return limArgs(a, func() *[2]float64 { return ax.A.YLim }, ax.A.SetYLim)
		}},
	{fn: "legend", method: "legend", params: "",
		doc: "Shows a legend of the series drawn with label=.",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			ax.A.Legend = true
			return None, nil
		}},
	{fn: "grid", method: "grid", params: "visible=True",
		doc: "Draws grid lines at the ticks (grid(False) removes them).",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			on := a.Bool("visible")
			if err := a.Err(); err != nil {
				return nil, err
			}
			ax.A.Grid = on
			return None, nil
		}},
	{fn: "colorbar", params: "mappable=None",
		doc: "Draws a colour bar beside the axes of an image imshow returned (by default the current axes' last image).",
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			return colorbar(ax, a)
		}},
}

// colorbar draws the colour bar of the mappable, or of ax's last image
// when there is no mappable and ax is not nil (plt.colorbar()).
// textOp is an operation that sets one text of an axes (its title or an
// axis label) from the str argument param.
func textOp(fn, method, param, doc string, field func(a *plot.Axes) *string) axesOp {
	return axesOp{fn: fn, method: method, params: param, doc: doc,
		run: func(in *interp, ax *AxesValue, a *Args) (Value, error) {
			s := a.Str(param)
			if err := a.Err(); err != nil {
				return nil, err
			}
			*field(ax.A) = s
			return None, nil
		}}
}

func colorbar(ax *AxesValue, a *Args) (Value, error) {
	if a.IsNone("mappable") && ax != nil {
		return None, plotErr(ax.A.Colorbar(nil))
	}
	im, ok := a.Value("mappable").(*ImageValue)
	if !ok {
		return nil, Errorf(TypeError, "colorbar(): the mappable must be what imshow returned, not %s", TypeName(a.Value("mappable")))
	}
	return None, plotErr(im.axes.A.Colorbar(im.im))
}

// pyplotFunc is a pyplot function or figure method that is not an axes
// operation.
type pyplotFunc struct {
	sig, doc string
	fn       func(a *Args) (Value, error)
}

func pf(sig, doc string, fn func(a *Args) (Value, error)) pyplotFunc {
	return pyplotFunc{sig: sig, doc: doc, fn: fn}
}

var pyplotFuncs = []pyplotFunc{
	pf("figure(figsize=None)", "Opens a new figure and makes it current; figsize=(width, height) in inches, (6.4, 4.8) by default.", func(a *Args) (Value, error) {
		w, h := figsizeArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pyplotOf(a.in.s).newFigure(w, h, 1, 1)
	}),
	pf("subplots(nrows=1, ncols=1, figsize=None)", "Opens a figure with a grid of axes and returns (fig, axes): one Axes for 1×1, a list for one row or column, a list of rows otherwise (axes[r][c]).", func(a *Args) (Value, error) {
		rows, cols := a.Int("nrows"), a.Int("ncols")
		w, h := figsizeArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := pyplotOf(a.in.s).newFigure(w, h, rows, cols)
		if err != nil {
			return nil, err
		}
		elems := make([]Value, len(f.axes))
		for i, ax := range f.axes {
			elems[i] = ax
		}
		switch {
		case rows == 1 && cols == 1:
			return Tuple{f, elems[0]}, nil
		case rows == 1 || cols == 1:
			return Tuple{f, &List{Elems: elems}}, nil
		}
		grid := make([]Value, rows)
		for r := range grid {
			grid[r] = &List{Elems: elems[r*cols : (r+1)*cols : (r+1)*cols]}
		}
		return Tuple{f, &List{Elems: grid}}, nil
	}),
	pf("gcf()", "Returns the current figure, opening one when none is open.", func(a *Args) (Value, error) {
		return pyplotOf(a.in.s).gcf(), nil
	}),
	pf("gca()", "Returns the current axes of the current figure.", func(a *Args) (Value, error) {
		return pyplotOf(a.in.s).gca(), nil
	}),
	pf("show()", "Shows every open figure (as an image in a notebook, drawn in the terminal in the REPL) and closes them.", func(a *Args) (Value, error) {
		a.in.showFigures(TakeFigures(a.in.s))
		return None, nil
	}),
	pf("savefig(fname)", "Writes the current figure to a file, PNG or SVG by the name's extension (.png, .svg).", func(a *Args) (Value, error) {
		return savefig(pyplotOf(a.in.s).gcf(), a)
	}),
	pf("close(fig=None)", "Closes the current figure, the given one, or every figure with close('all').", func(a *Args) (Value, error) {
		st := pyplotOf(a.in.s)
		switch f := a.Value("fig").(type) {
		case NoneType:
			if len(st.figures) > 0 {
				st.close(st.gcf(), false)
			}
		case string:
			if f != "all" {
				return nil, Errorf(ValueError, "close(): the only name is 'all', not %s", quoteString(f))
			}
			st.close(nil, true)
		case *FigureValue:
			st.close(f, false)
		default:
			return nil, Errorf(TypeError, "close() takes a figure, 'all' or nothing, not %s", TypeName(f))
		}
		return None, nil
	}),
	pf("tight_layout()", "Accepted for matplotlib code: kael's layout already fits labels and titles inside the figure.", func(a *Args) (Value, error) {
		return None, nil
	}),
}

func savefig(f *FigureValue, a *Args) (Value, error) {
	path := a.Str("fname")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := f.F.Save(path); err != nil {
		return nil, Errorf(ValueError, "%s", err)
	}
	return None, nil
}

var figureFuncs = []pyplotFunc{
	pf("savefig(self, fname)", "Writes the figure to a file, PNG or SVG by the name's extension (.png, .svg).", func(a *Args) (Value, error) {
		return savefig(a.Value("self").(*FigureValue), a)
	}),
	pf("show(self)", "Shows the figure (as plt.show() does, for this figure only) and closes it.", func(a *Args) (Value, error) {
		f := a.Value("self").(*FigureValue)
		pyplotOf(a.in.s).close(f, false)
		a.in.showFigures([]*FigureValue{f})
		return None, nil
	}),
	pf("colorbar(self, mappable)", "Draws a colour bar beside the axes of an image imshow returned.", func(a *Args) (Value, error) {
		return colorbar(nil, a)
	}),
}
