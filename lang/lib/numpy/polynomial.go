package numpy

import (
	"cmp"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The polynomial functions of numpy/lib/polynomial.py on coefficient
// arrays (highest power first): polyadd, polysub, polymul, polyder,
// polyint, polydiv, roots and poly. Each follows NumPy 1.24's steps through
// kael's own np functions, so the dtypes come out as NumPy's.

func defPolynomial(m map[string]lang.Value) {
	m["polyadd"] = lang.NewBuiltin(lang.AsValue, "polyadd(a1, a2)", "The sum of two polynomials' coefficients, the shorter padded with leading zeros.", func(a *lang.Args) (lang.Value, error) {
		return polyAddSub(a, syntax.PLUS)
	})
	m["polysub"] = lang.NewBuiltin(lang.AsValue, "polysub(a1, a2)", "The difference a1 - a2 of two polynomials' coefficients, the shorter padded with leading zeros.", func(a *lang.Args) (lang.Value, error) {
		return polyAddSub(a, syntax.MINUS)
	})
	m["polymul"] = lang.NewBuiltin(lang.AsValue, "polymul(a1, a2)", "The product of two polynomials: the convolution of their coefficients.", func(a *lang.Args) (lang.Value, error) {
		c := npCaller{a: a}
		x, err := atleast1d(a.Value("a1"))
		if err != nil {
			return nil, err
		}
		y, err := atleast1d(a.Value("a2"))
		if err != nil {
			return nil, err
		}
		return c.call("convolve", x, y)
	})
	m["polyder"] = lang.NewBuiltin(lang.AsValue, "polyder(p, m=1)", "The m-th derivative of the polynomial p's coefficients.", polyder)
	m["polyint"] = lang.NewBuiltin(lang.AsValue, "polyint(p, m=1, k=None)", "The m-th antiderivative of the polynomial p's coefficients, k the integration constants (a scalar for all, or m of them; zeros by default).", polyint)
	m["polydiv"] = lang.NewBuiltin(lang.AsValue, "polydiv(u, v)", "The quotient and remainder of the polynomial division u / v, in floats.", polydiv)
	m["poly"] = lang.NewBuiltin(lang.AsValue, "poly(seq_of_zeros)", "The coefficients (leading one first) of the monic polynomial of the given roots, or of a square matrix's characteristic polynomial; real when the complex roots come in conjugate pairs.", poly)
	m["roots"] = lang.NewBuiltin(lang.AsValue, "roots(p)", "The roots of the polynomial of coefficients p: the eigenvalues of its companion matrix (complex when any is), with p's trailing zeros as zero roots.", roots)
}

// npCaller calls kael's np functions by name from a builtin.
type npCaller struct {
	a   *lang.Args
	mod *lang.Module
}

func (c *npCaller) fn(name string) (lang.Value, error) {
	if c.mod == nil {
		mod, err := c.a.Import("numpy")
		if err != nil {
			return nil, err
		}
		c.mod = mod
	}
	return lang.GetAttr(c.mod, name)
}

func (c *npCaller) call(name string, args ...lang.Value) (lang.Value, error) {
	f, err := c.fn(name)
	if err != nil {
		return nil, err
	}
	return c.a.Call(f, args...)
}

// method calls v.name(args...).
func (c *npCaller) method(v lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	f, err := lang.GetAttr(v, name)
	if err != nil {
		return nil, err
	}
	return c.a.Call(f, args...)
}

func seqLen(v lang.Value) (int, error) {
	l, ok := v.(*Array)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "expected an array, not %s", lang.TypeName(v))
	}
	if l.store.Dim() == 0 {
		return 0, lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	return l.store.Shape()[0], nil
}

// polyAddSub is polyadd and polysub: the shorter operand gets leading
// zeros of its own dtype.
func polyAddSub(a *lang.Args, op syntax.Token) (lang.Value, error) {
	c := npCaller{a: a}
	x, err := atleast1d(a.Value("a1"))
	if err != nil {
		return nil, err
	}
	y, err := atleast1d(a.Value("a2"))
	if err != nil {
		return nil, err
	}
	nx, err := seqLen(x)
	if err != nil {
		return nil, err
	}
	ny, err := seqLen(y)
	if err != nil {
		return nil, err
	}
	pad := func(v lang.Value, n int) (lang.Value, error) {
		dt, err := lang.GetAttr(v, "dtype")
		if err != nil {
			return nil, err
		}
		z, err := c.call("zeros", int64(n), dt)
		if err != nil {
			return nil, err
		}
		return c.call("concatenate", lang.Tuple{z, v})
	}
	if ny > nx {
		x, err = pad(x, ny-nx)
	} else if nx > ny {
		y, err = pad(y, nx-ny)
	}
	if err != nil {
		return nil, err
	}
	return a.Binary(op, x, y)
}

func polyder(a *lang.Args) (lang.Value, error) {
	m := a.Int("m")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if m < 0 {
		return nil, lang.Errorf(lang.ValueError, "Order of derivative must be positive (see polyint)")
	}
	c := npCaller{a: a}
	p, err := c.call("asarray", a.Value("p"))
	if err != nil {
		return nil, err
	}
	for ; m > 0; m-- {
		n, err := seqLen(p)
		if err != nil {
			return nil, err
		}
		head, err := getItem(p, &lang.Slice{Start: lang.None, Stop: int64(-1), Step: lang.None})
		if err != nil {
			return nil, err
		}
		r, err := c.call("arange", int64(n-1), int64(0), int64(-1))
		if err != nil {
			return nil, err
		}
		if p, err = a.Binary(syntax.STAR, head, r); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func polyint(a *lang.Args) (lang.Value, error) {
	m := a.Int("m")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if m < 0 {
		return nil, lang.Errorf(lang.ValueError, "Order of integral must be positive (see polyder)")
	}
	c := npCaller{a: a}
	float, _ := lang.BuiltinName("float")
	var err error
	var k lang.Value
	if a.IsNone("k") {
		if k, err = c.call("zeros", int64(m), float); err != nil {
			return nil, err
		}
	} else if k, err = atleast1d(a.Value("k")); err != nil {
		return nil, err
	}
	nk, err := seqLen(k)
	if err != nil {
		return nil, err
	}
	if nk == 1 && m > 1 {
		k0, err := getItem(k, int64(0))
		if err != nil {
			return nil, err
		}
		ones, err := c.call("ones", int64(m), float)
		if err != nil {
			return nil, err
		}
		if k, err = a.Binary(syntax.STAR, k0, ones); err != nil {
			return nil, err
		}
		nk = m
	}
	if nk < m {
		return nil, lang.Errorf(lang.ValueError, "k must be a scalar or a rank-1 array of length 1 or >m.")
	}
	p, err := c.call("asarray", a.Value("p"))
	if err != nil {
		return nil, err
	}
	for i := 0; i < m; i++ {
		n, err := seqLen(p)
		if err != nil {
			return nil, err
		}
		r, err := c.call("arange", int64(n), int64(0), int64(-1))
		if err != nil {
			return nil, err
		}
		q, err := a.Binary(syntax.SLASH, p, r)
		if err != nil {
			return nil, err
		}
		ki, err := getItem(k, int64(i))
		if err != nil {
			return nil, err
		}
		if p, err = c.call("concatenate", lang.Tuple{q, &lang.List{Elems: []lang.Value{ki}}}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func polydiv(a *lang.Args) (lang.Value, error) {
	c := npCaller{a: a}
	u, err := atleast1d(a.Value("u"))
	if err != nil {
		return nil, err
	}
	v, err := atleast1d(a.Value("v"))
	if err != nil {
		return nil, err
	}
	if u, err = a.Binary(syntax.PLUS, u, 0.0); err != nil {
		return nil, err
	}
	if v, err = a.Binary(syntax.PLUS, v, 0.0); err != nil {
		return nil, err
	}
	u0, err := getItem(u, int64(0))
	if err != nil {
		return nil, err
	}
	v0, err := getItem(v, int64(0))
	if err != nil {
		return nil, err
	}
	w, err := a.Binary(syntax.PLUS, u0, v0)
	if err != nil {
		return nil, err
	}
	nu, err := seqLen(u)
	if err != nil {
		return nil, err
	}
	nv, err := seqLen(v)
	if err != nil {
		return nil, err
	}
	m, n := nu-1, nv-1
	scale, err := a.Binary(syntax.SLASH, 1.0, v0)
	if err != nil {
		return nil, err
	}
	wdt, err := lang.GetAttr(w, "dtype")
	if err != nil {
		return nil, err
	}
	q, err := c.call("zeros", lang.Tuple{int64(max(m-n+1, 1))}, wdt)
	if err != nil {
		return nil, err
	}
	r, err := c.method(u, "astype", wdt)
	if err != nil {
		return nil, err
	}
	for k := 0; k < m-n+1; k++ {
		rk, err := getItem(r, int64(k))
		if err != nil {
			return nil, err
		}
		d, err := a.Binary(syntax.STAR, scale, rk)
		if err != nil {
			return nil, err
		}
		if err := lang.SetItem(q, int64(k), d); err != nil {
			return nil, err
		}
		sl := &lang.Slice{Start: int64(k), Stop: int64(k + n + 1), Step: lang.None}
		part, err := getItem(r, sl)
		if err != nil {
			return nil, err
		}
		dv, err := a.Binary(syntax.STAR, d, v)
		if err != nil {
			return nil, err
		}
		diff, err := a.Binary(syntax.MINUS, part, dv)
		if err != nil {
			return nil, err
		}
		if err := lang.SetItem(r, sl, diff); err != nil {
			return nil, err
		}
	}
	// Drop the remainder's leading (near) zeros, keeping one.
	for {
		nr, err := seqLen(r)
		if err != nil {
			return nil, err
		}
		if nr <= 1 {
			break
		}
		r0, err := getItem(r, int64(0))
		if err != nil {
			return nil, err
		}
		close, err := allcloseZero(&c, r0)
		if err != nil {
			return nil, err
		}
		if !close {
			break
		}
		if r, err = getItem(r, &lang.Slice{Start: int64(1), Stop: lang.None, Step: lang.None}); err != nil {
			return nil, err
		}
	}
	return lang.Tuple{q, r}, nil
}

// allcloseZero is np.allclose(x, 0, rtol=1e-14) (rtol scales 0: only
// atol=1e-8 counts).
func allcloseZero(c *npCaller, x lang.Value) (bool, error) {
	v, err := c.call("allclose", x, int64(0), 1e-14)
	if err != nil {
		return false, err
	}
	return lang.Truth(v)
}

func roots(a *lang.Args) (lang.Value, error) {
	c := npCaller{a: a}
	p, err := atleast1d(a.Value("p"))
	if err != nil {
		return nil, err
	}
	pa, ok := p.(*Array)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "expected an array, not %s", lang.TypeName(p))
	}
	if pa.store.Dim() != 1 {
		return nil, lang.Errorf(lang.ValueError, "Input must be a rank-1 array.")
	}
	vals, err := floatValues(pa.store)
	if pa.store.DType().IsComplex() {
		return nil, lang.Errorf(lang.TypeError, "kael's np.roots takes real coefficients, not %s ones", pa.store.DType()).
			WithHint("complex eigenvalues of a complex companion matrix are not wired in yet")
	}
	if err != nil {
		return nil, err
	}
	first, last := -1, -1
	for i, v := range vals {
		if v != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return c.call("array", &lang.List{})
	}
	trailing := len(vals) - last - 1
	if p, err = getItem(p, &lang.Slice{Start: int64(first), Stop: int64(last + 1), Step: lang.None}); err != nil {
		return nil, err
	}
	if !pa.store.DType().IsFloating() {
		float, _ := lang.BuiltinName("float")
		if p, err = c.method(p, "astype", float); err != nil {
			return nil, err
		}
	}
	pdt, err := lang.GetAttr(p, "dtype")
	if err != nil {
		return nil, err
	}
	N := last - first + 1
	var r lang.Value
	if N > 1 {
		// The companion matrix: ones below the diagonal (np.diag(ones, -1)),
		// -p[1:] / p[0] on the first row.
		A, err := c.call("zeros", lang.Tuple{int64(N - 1), int64(N - 1)}, pdt)
		if err != nil {
			return nil, err
		}
		for i := 1; i < N-1; i++ {
			if err := lang.SetItem(A, lang.Tuple{int64(i), int64(i - 1)}, int64(1)); err != nil {
				return nil, err
			}
		}
		tail, err := getItem(p, &lang.Slice{Start: int64(1), Stop: lang.None, Step: lang.None})
		if err != nil {
			return nil, err
		}
		p0, err := getItem(p, int64(0))
		if err != nil {
			return nil, err
		}
		neg, err := a.Binary(syntax.MINUS, int64(0), tail)
		if err != nil {
			return nil, err
		}
		row, err := a.Binary(syntax.SLASH, neg, p0)
		if err != nil {
			return nil, err
		}
		if err := lang.SetItem(A, lang.Tuple{int64(0), &lang.Slice{Start: lang.None, Stop: lang.None, Step: lang.None}}, row); err != nil {
			return nil, err
		}
		ev, err := lang.GetAttr(linalgModule, "eigvals")
		if err != nil {
			return nil, err
		}
		if r, err = a.Call(ev, A); err != nil {
			return nil, err
		}
	} else if r, err = c.call("array", &lang.List{}); err != nil {
		return nil, err
	}
	rdt, err := lang.GetAttr(r, "dtype")
	if err != nil {
		return nil, err
	}
	z, err := c.call("zeros", int64(trailing), rdt)
	if err != nil {
		return nil, err
	}
	return c.call("hstack", lang.Tuple{r, z})
}

// getItem is v[key].
func getItem(v, key lang.Value) (lang.Value, error) {
	return lang.Index(v, []lang.Subscript{{Value: key}})
}

// atleast1d is np.atleast_1d(v): v as an array, a 0-d one as (1,).
func atleast1d(v lang.Value) (lang.Value, error) {
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, err
	}
	if t.Dim() == 0 {
		if t, err = t.Reshape(1); err != nil {
			return nil, err
		}
	}
	return wrapArray(t), nil
}

// poly is np.poly: the zeros (a square matrix's eigenvalues) multiplied
// out one factor (x - zero) at a time, as NumPy's convolve of [1, -zero]
// does, in the zeros' dtype (mintypecode: float32, complex64, else
// float64 or complex128).
func poly(a *lang.Args) (lang.Value, error) {
	// NumPy's dispatcher iterates over the argument first.
	if zt, err := arrayFrom(a.Value("seq_of_zeros"), 0, false); err == nil && zt.Dim() == 0 {
		return nil, lang.Errorf(lang.TypeError, "dispatcher for __array_function__ did not return an iterable")
	}
	v, err := atleast1d(a.Value("seq_of_zeros"))
	if err != nil {
		return nil, err
	}
	t := v.(*Array).store
	sh := t.Shape()
	switch {
	case len(sh) == 2 && sh[0] == sh[1] && sh[0] != 0:
		ev, err := lang.GetAttr(linalgModule, "eigvals")
		if err != nil {
			return nil, err
		}
		r, err := a.Call(ev, v)
		if err != nil {
			return nil, err
		}
		t = r.(*Array).store
	case len(sh) == 1:
		if d := t.DType(); d != tensor.Float32 && d != tensor.Complex64 && d != tensor.Complex128 {
			if t, err = castTensor(t, tensor.Float64); err != nil {
				return nil, err
			}
		}
	default:
		return nil, lang.Errorf(lang.ValueError, "input must be 1d or non-empty square 2d array.")
	}
	if t.Numel() == 0 {
		return 1.0, nil
	}
	dt := t.DType()
	if !dt.IsComplex() {
		zs, err := floatValues(t)
		if err != nil {
			return nil, err
		}
		c := []float64{1}
		for _, z := range zs {
			next := make([]float64, len(c)+1)
			for k := range next {
				var x, y float64
				if k < len(c) {
					x = c[k]
				}
				if k > 0 {
					y = c[k-1] * -z
				}
				if dt == tensor.Float32 { // float32 arithmetic, each step rounded
					var y32 float32
					if k > 0 {
						y32 = float32(c[k-1]) * float32(-z)
					}
					next[k] = float64(0 + y32 + float32(x))
					continue
				}
				next[k] = 0 + y + x
			}
			c = next
		}
		r, err := fromValues(c, []int{len(c)})
		if err != nil {
			return nil, err
		}
		if r, err = castTensor(r, dt); err != nil {
			return nil, err
		}
		return wrapArray(r), nil
	}
	zs, err := complexValues(t)
	if err != nil {
		return nil, err
	}
	c := []complex128{1}
	for _, z := range zs {
		next := make([]complex128, len(c)+1)
		for k := range next {
			// NumPy's dot: a zero sum, plus each product (so -0 becomes 0).
			var acc complex128
			if k > 0 {
				acc += c[k-1] * -z
			}
			if k < len(c) {
				acc += c[k] * 1
			}
			next[k] = acc
			if dt == tensor.Complex64 {
				next[k] = complex(float64(float32(real(next[k]))), float64(float32(imag(next[k]))))
			}
		}
		c = next
	}
	// Conjugate pairs: sort(roots) == sort(roots.conjugate()) makes it real.
	order := func(x, y complex128) int {
		if r := cmp.Compare(real(x), real(y)); r != 0 {
			return r
		}
		return cmp.Compare(imag(x), imag(y))
	}
	sorted := slices.Clone(zs)
	conj := make([]complex128, len(zs))
	for i, z := range zs {
		conj[i] = complex(real(z), -imag(z))
	}
	slices.SortFunc(sorted, order)
	slices.SortFunc(conj, order)
	pairs := slices.Equal(sorted, conj)
	if pairs {
		re := make([]float64, len(c))
		for i, x := range c {
			re[i] = real(x)
		}
		r, err := fromValues(re, []int{len(re)})
		if err != nil {
			return nil, err
		}
		realDT := tensor.Float64
		if dt == tensor.Complex64 {
			realDT = tensor.Float32
		}
		if r, err = castTensor(r, realDT); err != nil {
			return nil, err
		}
		return wrapArray(r), nil
	}
	r, err := fromValues(c, []int{len(c)})
	if err != nil {
		return nil, err
	}
	if r, err = castTensor(r, dt); err != nil {
		return nil, err
	}
	return wrapArray(r), nil
}
