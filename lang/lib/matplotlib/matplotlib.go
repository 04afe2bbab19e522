// Package matplotlib is the module matplotlib and its pyplot in small,
// on package plot (gonum.org/v1/plot): import matplotlib.pyplot as plt.
// The module's functions act on the current figure's current axes, as
// pyplot's do, and the same operations are methods of the Axes values
// subplots returns (plt.title and ax.set_title share one implementation).
// A figure is a lang.Drawing, which front ends show as a picture;
// TakeFigures hands a notebook the figures a cell left open.
package matplotlib

import (
	"errors"
	"image"
	"maps"
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/plot"
	"github.com/kael-dev/kael/tensor"
)

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

var _ lang.Drawing = (*FigureValue)(nil)

func (f *FigureValue) PNG() ([]byte, error)        { return f.F.PNG() }
func (f *FigureValue) SVG() ([]byte, error)        { return f.F.SVG() }
func (f *FigureValue) Image() (image.Image, error) { return f.F.Image() }
func (f *FigureValue) String() string              { return f.F.String() }
func (f *FigureValue) TypeName() string            { return "Figure" }

// Figure is the figure drawn, for a front end that shows some figures in
// its own way (the REPL shows a small heatmap as a table of numbers).
func (f *FigureValue) Figure() *plot.Figure { return f.F }

// Attr returns the figure's methods and its axes (fig.axes).
func (f *FigureValue) Attr(name string) (lang.Value, bool) {
	if name == "axes" {
		elems := make([]lang.Value, len(f.axes))
		for i, a := range f.axes {
			elems[i] = a
		}
		return &lang.List{Elems: elems}, true
	}
	m, ok := figureMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: f, Method: m}, true
}

// AttrNames lists the figure's attributes.
func (f *FigureValue) AttrNames() []string { return append(sortedKeys(figureMethods), "axes") }

func (a *AxesValue) String() string   { return "<Axes: " + lang.Repr(a.A.Title) + ">" }
func (a *AxesValue) TypeName() string { return "Axes" }

// Attr returns the axes' methods.
func (a *AxesValue) Attr(name string) (lang.Value, bool) {
	m, ok := axesMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: a, Method: m}, true
}

// AttrNames lists the axes' methods.
func (a *AxesValue) AttrNames() []string { return sortedKeys(axesMethods) }

func (im *ImageValue) String() string   { return "<AxesImage>" }
func (im *ImageValue) TypeName() string { return "AxesImage" }

// pyplotState is one session's pyplot: its open figures, the last one
// current. Sessions keep it here, not in lang.Session, which knows no
// library; an entry goes when its session is collected.
type pyplotState struct {
	figures []*FigureValue
}

var pyplotStates = struct {
	sync.Mutex
	m map[weak.Pointer[lang.Session]]*pyplotState
}{m: map[weak.Pointer[lang.Session]]*pyplotState{}}

func pyplotOf(s *lang.Session) *pyplotState {
	pyplotStates.Lock()
	defer pyplotStates.Unlock()
	key := weak.Make(s)
	st, ok := pyplotStates.m[key]
	if !ok {
		st = &pyplotState{}
		pyplotStates.m[key] = st
		runtime.AddCleanup(s, func(k weak.Pointer[lang.Session]) {
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
		return nil, lang.Errorf(lang.ValueError, "%s", err)
	}
	fv := &FigureValue{F: f}
	axes, err := f.Subplots(rows, cols)
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "%s", err).WithHint("e.g. plt.subplots(2, 3) for two rows of three axes")
	}
	for _, a := range axes {
		fv.axes = append(fv.axes, &AxesValue{A: a, fig: fv})
	}
	st.figures = append(st.figures, fv)
	return fv, nil
}

// clear empties the figure, as matplotlib's clf(): its axes give way to
// one new empty axes, where matplotlib's figure has none until the next
// plot makes one.
func (fv *FigureValue) clear() {
	axes, _ := fv.F.Subplots(1, 1) // a 1×1 grid is valid
	fv.axes = []*AxesValue{{A: axes[0], fig: fv}}
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
func TakeFigures(s *lang.Session) []*FigureValue {
	st := pyplotOf(s)
	out := st.figures
	st.figures = nil
	return out
}

// showFigures displays figures, as plt.show() does in a notebook; without
// a display (a script), it prints each figure's repr.
func showFigures(a *lang.Args, figs []*FigureValue) {
	if !a.CanDisplay() {
		return // a script: show() draws nowhere, as matplotlib's Agg backend
	}
	for _, f := range figs {
		a.Display(f)
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// plotErr turns an error from package plot into a ValueError.
func plotErr(err error) error {
	if err == nil {
		return nil
	}
	return lang.Errorf(lang.ValueError, "%s", err)
}

// seriesArg converts a list, tuple or tensor for package plot.
func seriesArg(a *lang.Args, v lang.Value, name string) any {
	switch x := v.(type) {
	case *tensor.Tensor:
		return x.Detach()
	case lang.ArrayProvider: // a NumPy array
		return x.ArrayTensor().Detach()
	case *lang.List, lang.Tuple, *lang.Range:
		if r, ok := x.(*lang.Range); ok {
			v = rangeList(r)
		}
		t, err := lang.ToTensor(v)
		if err != nil {
			a.Fail(lang.Errorf(lang.TypeError, "%s(): %s must be a list of numbers or a Tensor, not %s", a.Builtin().Name, name, lang.TypeName(v)))
			return nil
		}
		return t
	}
	a.Fail(lang.Errorf(lang.TypeError, "%s(): %s must be a list of numbers or a Tensor, not %s", a.Builtin().Name, name, lang.TypeName(v)))
	return nil
}

func rangeList(r *lang.Range) *lang.List {
	var elems []lang.Value
	for i := r.Start; (r.Step > 0 && i < r.Stop) || (r.Step < 0 && i > r.Stop); i += r.Step {
		elems = append(elems, i)
		if len(elems) > maxRangePlot {
			break
		}
	}
	return &lang.List{Elems: elems}
}

// maxRangePlot bounds the points a range() given to a plot expands to.
const maxRangePlot = 10_000_000

// optStr returns a str argument or "" for None.
func optStr(a *lang.Args, name string) string {
	if a.IsNone(name) {
		return ""
	}
	return a.Str(name)
}

// floatOrZero returns a number argument or 0 for None, which package
// plot reads as its default.
func floatOrZero(a *lang.Args, name string) float64 {
	if f := a.OptFloat(name); f != nil {
		return *f
	}
	return 0
}

// figsizeArg reads figsize=(w, h).
func figsizeArg(a *lang.Args) (w, h float64) {
	if a.IsNone("figsize") {
		return 0, 0
	}
	if elems, _ := lang.Elems(a.Value("figsize")); len(elems) == 2 {
		{
			w, ok1 := lang.AsFloat(elems[0])
			h, ok2 := lang.AsFloat(elems[1])
			if ok1 && ok2 {
				return w, h
			}
		}
	}
	a.Fail(lang.Errorf(lang.TypeError, "%s(): figsize must be a (width, height) pair in inches, not %s", a.Builtin().Name, lang.Repr(a.Value("figsize"))).
		WithHint("e.g. figsize=(8, 4)"))
	return 0, 0
}

// axesOp is one operation of an axes, reachable both as a pyplot function
// (on the current axes, named fn) and as an Axes method (named method).
type axesOp struct {
	fn, method  string // "" when it is only one of the two
	params, doc string
	run         func(ax *AxesValue, a *lang.Args) (lang.Value, error)
}

var (
	pyplotModule  = &lang.Module{Name: "matplotlib.pyplot", Attrs: map[string]lang.Value{}}
	axesMethods   = map[string]*lang.Builtin{}
	figureMethods = map[string]*lang.Builtin{}
)

func init() {
	lang.RegisterModule("matplotlib", "The matplotlib package in small: its module pyplot, and use(backend).", func() *lang.Module {
		return &lang.Module{Name: "matplotlib", Attrs: map[string]lang.Value{
			"use": lang.NewBuiltin(lang.AsValue, "use(backend, force=True)", "Selects a backend, as matplotlib.use('Agg') does: kael draws with its own backend whichever is named, so this records nothing.", func(a *lang.Args) (lang.Value, error) {
				if _, ok := a.Value("backend").(string); !ok {
					return nil, lang.Errorf(lang.TypeError, "use() takes a backend name (a str), not %s", lang.TypeName(a.Value("backend")))
				}
				return lang.None, nil
			}),
		}}
	})
	lang.RegisterModule("matplotlib.pyplot", "matplotlib.pyplot in small, drawn by gonum.org/v1/plot: import matplotlib.pyplot as plt.", func() *lang.Module {
		return pyplotModule
	})
	for _, op := range axesOps {
		if op.fn != "" {
			pyplotModule.Attrs[op.fn] = lang.NewBuiltin(lang.AsValue, op.fn+"("+op.params+")", op.doc, func(a *lang.Args) (lang.Value, error) {
				return op.run(pyplotOf(a.Session()).gca(), a)
			})
		}
		if op.method != "" {
			sig := op.method + "(self"
			if op.params != "" {
				sig += ", " + op.params
			}
			axesMethods[op.method] = lang.NewBuiltin(lang.AsValue, sig+")", op.doc, func(a *lang.Args) (lang.Value, error) {
				return op.run(a.Value("self").(*AxesValue), a)
			})
		}
	}
	for _, f := range pyplotFuncs {
		b := lang.NewBuiltin(lang.AsValue, f.sig, f.doc, f.fn)
		pyplotModule.Attrs[b.Name] = b
	}
	for _, f := range figureFuncs {
		b := lang.NewBuiltin(lang.AsValue, f.sig, f.doc, f.fn)
		figureMethods[b.Name] = b
	}
	lang.RegisterMethodTable("Figure", figureMethods)
	lang.RegisterMethodTable("Axes", axesMethods)
}

// plotArgs splits plt.plot's positional arguments: (y), (x, y), (y, fmt)
// or (x, y, fmt).
func plotArgs(a *lang.Args) (x, y any, format string, err error) {
	args := a.Value("args").(lang.Tuple)
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
		return nil, nil, "", lang.Errorf(lang.TypeError, "plot() takes (y), (x, y), (y, fmt) or (x, y, fmt), not %d arguments", len(a.Value("args").(lang.Tuple))).
			WithHint("call plot once per line: plt.plot(x, y1, 'r'); plt.plot(x, y2, 'b')")
	}
	return x, y, format, a.Err()
}

func strsOf(v lang.Value) ([]string, bool) {
	elems, _ := lang.Elems(v)
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
func limArgs(a *lang.Args, get func() *[2]float64, set func(lo, hi float64) error) (lang.Value, error) {
	lo, hi := a.Value("left"), a.Value("right")
	if elems, _ := lang.Elems(lo); len(elems) == 2 && a.IsNone("right") {
		lo, hi = elems[0], elems[1]
	}
	if _, none := lo.(lang.NoneType); !none {
		l, ok1 := lang.AsFloat(lo)
		h, ok2 := lang.AsFloat(hi)
		if !ok1 || !ok2 {
			return nil, lang.Errorf(lang.TypeError, "%s() takes two numbers (left, right), not %s and %s", a.Builtin().Name, lang.Repr(lo), lang.Repr(hi))
		}
		if err := set(l, h); err != nil {
			return nil, plotErr(err)
		}
	}
	if lim := get(); lim != nil {
		return lang.Tuple{lim[0], lim[1]}, nil
	}
	return lang.None, nil
}

func floatsTensor(vs []float64) lang.Value {
	t, err := tensor.FromValue(append([]float64(nil), vs...))
	if err != nil {
		return lang.None
	}
	return t
}

var axesOps = []axesOp{
	{fn: "plot", method: "plot", params: "*args, label=None, color=None, linewidth=None, linestyle=None, marker=None",
		doc: "Draws a line through the points: plot(y), plot(x, y), with a format string such as 'r--' or 'o' (colour, marker, line style), or a colour alone ('purple'), last. x and y are lists or tensors.",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
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
			return lang.None, plotErr(err)
		}},
	{fn: "scatter", method: "scatter", params: "x, y, s=None, c=None, color=None, marker=None, label=None",
		doc: "Draws unconnected points at (x[i], y[i]); s is the marker area in points², c or color the colour.",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
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
			return lang.None, plotErr(err)
		}},
	{fn: "bar", method: "bar", params: "x, height, width=0.8, color=None, label=None",
		doc: "Draws bars of the given heights at x: numbers, or names (a list of str) that label the x axis.",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
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
			return lang.None, plotErr(err)
		}},
	{fn: "hist", method: "hist", params: "x, bins=10, density=False, color=None, label=None",
		doc: "Draws a histogram of x in bins evenly spaced bins (with density=True, a probability density: each count divided by its bin's width and the total); returns (counts, edges, None) as matplotlib returns (n, bins, patches).",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			x := seriesArg(a, a.Value("x"), "x")
			density, err := lang.Truth(a.Value("density"))
			if err != nil {
				return nil, err
			}
			o := plot.HistOptions{Bins: a.Int("bins"), Colour: optStr(a, "color"), Label: optStr(a, "label"), Density: density}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if o.Bins == 0 {
				return nil, lang.Errorf(lang.ValueError, "hist(): bins must be at least 1, not 0")
			}
			h, err := ax.A.Hist(x, o)
			if err != nil {
				return nil, plotErr(err)
			}
			return lang.Tuple{floatsTensor(h.Counts), floatsTensor(h.Edges), lang.None}, nil
		}},
	{fn: "imshow", method: "imshow", params: "X, cmap=None, vmin=None, vmax=None, aspect=None, interpolation=None",
		doc: "Draws a (rows, cols) tensor or list of rows as coloured cells, row 0 at the top, e.g. attention weights. cmap is viridis (the default), plasma, inferno, magma, gray, hot, coolwarm, Blues or Reds, with _r for reversed. Cells fill the axes (aspect='auto') and are drawn unsmoothed (interpolation='nearest'); other values of these are refused.",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			x := seriesArg(a, a.Value("X"), "X")
			o := plot.ImageOptions{CMap: optStr(a, "cmap"), VMin: a.OptFloat("vmin"), VMax: a.OptFloat("vmax")}
			for name, ok := range map[string]string{"aspect": "auto", "interpolation": "nearest"} {
				if s := optStr(a, name); s != "" && s != ok && !(name == "interpolation" && s == "none") {
					a.Fail(lang.Errorf(lang.ValueError, "imshow(): kael draws %s=%s only, not %s", name, lang.Repr(ok), lang.Repr(s)))
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
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			return limArgs(a, func() *[2]float64 { return ax.A.XLim }, ax.A.SetXLim)
		}},
	{fn: "ylim", method: "set_ylim", params: "left=None, right=None",
		doc: "Fixes the range of the y axis: ylim(bottom, top) or ylim((bottom, top)); returns the limits (None when not fixed).",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			return limArgs(a, func() *[2]float64 { return ax.A.YLim }, ax.A.SetYLim)
		}},
	{fn: "legend", method: "legend", params: "",
		doc: "Shows a legend of the series drawn with label=.",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			ax.A.Legend = true
			return lang.None, nil
		}},
	{fn: "grid", method: "grid", params: "visible=True",
		doc: "Draws grid lines at the ticks (grid(False) removes them).",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			on := a.Bool("visible")
			if err := a.Err(); err != nil {
				return nil, err
			}
			ax.A.Grid = on
			return lang.None, nil
		}},
	{fn: "colorbar", params: "mappable=None",
		doc: "Draws a colour bar beside the axes of an image imshow returned (by default the current axes' last image).",
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			return colorbar(ax, a)
		}},
}

// colorbar draws the colour bar of the mappable, or of ax's last image
// when there is no mappable and ax is not nil (plt.colorbar()).
// textOp is an operation that sets one text of an axes (its title or an
// axis label) from the str argument param.
func textOp(fn, method, param, doc string, field func(a *plot.Axes) *string) axesOp {
	return axesOp{fn: fn, method: method, params: param, doc: doc,
		run: func(ax *AxesValue, a *lang.Args) (lang.Value, error) {
			s := a.Str(param)
			if err := a.Err(); err != nil {
				return nil, err
			}
			*field(ax.A) = s
			return lang.None, nil
		}}
}

func colorbar(ax *AxesValue, a *lang.Args) (lang.Value, error) {
	if a.IsNone("mappable") && ax != nil {
		return lang.None, plotErr(ax.A.Colorbar(nil))
	}
	im, ok := a.Value("mappable").(*ImageValue)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "colorbar(): the mappable must be what imshow returned, not %s", lang.TypeName(a.Value("mappable")))
	}
	return lang.None, plotErr(im.axes.A.Colorbar(im.im))
}

// pyplotFunc is a pyplot function or figure method that is not an axes
// operation.
type pyplotFunc struct {
	sig, doc string
	fn       func(a *lang.Args) (lang.Value, error)
}

func pf(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) pyplotFunc {
	return pyplotFunc{sig: sig, doc: doc, fn: fn}
}

var pyplotFuncs = []pyplotFunc{
	pf("figure(figsize=None)", "Opens a new figure and makes it current; figsize=(width, height) in inches, (6.4, 4.8) by default.", func(a *lang.Args) (lang.Value, error) {
		w, h := figsizeArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pyplotOf(a.Session()).newFigure(w, h, 1, 1)
	}),
	pf("subplots(nrows=1, ncols=1, figsize=None)", "Opens a figure with a grid of axes and returns (fig, axes): one Axes for 1×1, a list for one row or column, a list of rows otherwise (axes[r][c]).", func(a *lang.Args) (lang.Value, error) {
		rows, cols := a.Int("nrows"), a.Int("ncols")
		w, h := figsizeArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := pyplotOf(a.Session()).newFigure(w, h, rows, cols)
		if err != nil {
			return nil, err
		}
		elems := make([]lang.Value, len(f.axes))
		for i, ax := range f.axes {
			elems[i] = ax
		}
		switch {
		case rows == 1 && cols == 1:
			return lang.Tuple{f, elems[0]}, nil
		case rows == 1 || cols == 1:
			return lang.Tuple{f, &lang.List{Elems: elems}}, nil
		}
		grid := make([]lang.Value, rows)
		for r := range grid {
			grid[r] = &lang.List{Elems: elems[r*cols : (r+1)*cols : (r+1)*cols]}
		}
		return lang.Tuple{f, &lang.List{Elems: grid}}, nil
	}),
	pf("gcf()", "Returns the current figure, opening one when none is open.", func(a *lang.Args) (lang.Value, error) {
		return pyplotOf(a.Session()).gcf(), nil
	}),
	pf("gca()", "Returns the current axes of the current figure.", func(a *lang.Args) (lang.Value, error) {
		return pyplotOf(a.Session()).gca(), nil
	}),
	pf("show()", "Shows every open figure (as an image in a notebook, drawn in the terminal in the REPL) and closes them.", func(a *lang.Args) (lang.Value, error) {
		showFigures(a, TakeFigures(a.Session()))
		return lang.None, nil
	}),
	pf("savefig(fname)", "Writes the current figure to a file, PNG or SVG by the name's extension (.png, .svg).", func(a *lang.Args) (lang.Value, error) {
		return savefig(pyplotOf(a.Session()).gcf(), a)
	}),
	pf("close(fig=None)", "Closes the current figure, the given one, or every figure with close('all').", func(a *lang.Args) (lang.Value, error) {
		st := pyplotOf(a.Session())
		switch f := a.Value("fig").(type) {
		case lang.NoneType:
			if len(st.figures) > 0 {
				st.close(st.gcf(), false)
			}
		case string:
			if f != "all" {
				return nil, lang.Errorf(lang.ValueError, "close(): the only name is 'all', not %s", lang.Repr(f))
			}
			st.close(nil, true)
		case *FigureValue:
			st.close(f, false)
		default:
			return nil, lang.Errorf(lang.TypeError, "close() takes a figure, 'all' or nothing, not %s", lang.TypeName(f))
		}
		return lang.None, nil
	}),
	pf("clf()", "Clears the current figure: what it drew and its axes go, and the next plot draws on one new axes.", func(a *lang.Args) (lang.Value, error) {
		pyplotOf(a.Session()).gcf().clear()
		return lang.None, nil
	}),
	pf("tight_layout()", "Accepted for matplotlib code: kael's layout already fits labels and titles inside the figure.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	}),
}

func savefig(f *FigureValue, a *lang.Args) (lang.Value, error) {
	path := a.Str("fname")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := f.F.Save(path); err != nil {
		var fe *plot.FileError
		if errors.As(err, &fe) { // a full disk, a missing directory: the file is as it was
			return nil, lang.OSErrorFrom(fe.Err, path)
		}
		return nil, lang.Errorf(lang.ValueError, "%s", err)
	}
	return lang.None, nil
}

var figureFuncs = []pyplotFunc{
	pf("savefig(self, fname)", "Writes the figure to a file, PNG or SVG by the name's extension (.png, .svg).", func(a *lang.Args) (lang.Value, error) {
		return savefig(a.Value("self").(*FigureValue), a)
	}),
	pf("show(self)", "Shows the figure (as plt.show() does, for this figure only) and closes it.", func(a *lang.Args) (lang.Value, error) {
		f := a.Value("self").(*FigureValue)
		pyplotOf(a.Session()).close(f, false)
		showFigures(a, []*FigureValue{f})
		return lang.None, nil
	}),
	pf("colorbar(self, mappable)", "Draws a colour bar beside the axes of an image imshow returned.", func(a *lang.Args) (lang.Value, error) {
		return colorbar(nil, a)
	}),
	pf("clf(self)", "Clears the figure: what it drew and its axes go, and the next plot draws on one new axes.", func(a *lang.Args) (lang.Value, error) {
		a.Value("self").(*FigureValue).clear()
		return lang.None, nil
	}),
}
