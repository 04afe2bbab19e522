package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.fft: NumPy's discrete Fourier transforms on the core's transforms
// (tensor/fft.go, which torch.fft uses too). NumPy computes every
// transform in double precision: inputs become complex128 (or float64
// for rfft), so results are complex128 (float64 for irfft) whatever the
// input's dtype.

// fftNorm reads norm=: None or NumPy's three modes.
func fftNorm(a *lang.Args) (tensor.FFTNorm, error) {
	if a.IsNone("norm") {
		return "", nil
	}
	norm, _ := a.Value("norm").(string)
	switch norm {
	case "backward", "ortho", "forward":
		return tensor.FFTNorm(norm), nil
	}
	return "", lang.Errorf(lang.ValueError, "Invalid norm value %s; should be \"backward\",\"ortho\" or \"forward\".", lang.Str(a.Value("norm")))
}

// fftArgs reads a transform's input (cast to dt), n and axis.
func fftArgs(a *lang.Args, dt tensor.DType) (x *tensor.Tensor, n, axis int, norm tensor.FFTNorm, err error) {
	if x, err = arrayFrom(a.Value("a"), 0, false); err != nil {
		return
	}
	if dt == tensor.Float64 && x.DType().IsComplex() {
		// NumPy's rfft drops the imaginary parts (with a ComplexWarning)
		if x, err = x.RealPart(); err != nil {
			return
		}
	}
	if x, err = castTensor(x, dt); err != nil {
		return
	}
	axis, n = a.Int("axis"), -1
	if !a.IsNone("n") {
		if n = a.Int("n"); n < 1 && a.Err() == nil {
			err = lang.Errorf(lang.ValueError, "Invalid number of FFT data points (%d) specified.", n)
			return
		}
	}
	if err = a.Err(); err != nil {
		return
	}
	if axis < -x.Dim() || axis >= x.Dim() {
		if n == -1 { // NumPy reads a.shape[axis] first
			err = lang.Errorf(lang.IndexError, "tuple index out of range")
		} else {
			err = lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", axis, x.Dim())
		}
		return
	}
	norm, err = fftNorm(a)
	return
}

func fftFunc(name, doc string, in tensor.DType, f func(x *tensor.Tensor, n, axis int, norm tensor.FFTNorm) (*tensor.Tensor, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(a, n=None, axis=-1, norm=None)", doc, func(a *lang.Args) (lang.Value, error) {
		x, n, axis, norm, err := fftArgs(a, in)
		if err != nil {
			return nil, err
		}
		r, err := f(x, n, axis, norm)
		if err != nil {
			return nil, err
		}
		return wrapArray(r), nil
	})
}

func fftFreq(name, doc string, onlyPositive bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(n, d=1.0)", doc, func(a *lang.Args) (lang.Value, error) {
		n, d := a.Int("n"), a.Float("d")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, lang.Errorf(lang.ZeroDivisionError, "float division by zero")
		}
		if n < 0 {
			return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
		}
		r, err := tensor.FFTFreq(n, d, tensor.Float64, onlyPositive)
		if err != nil {
			return nil, err
		}
		return wrapArray(r), nil
	})
}

func fftShift(name, doc string, inverse bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(x, axes=None)", doc, func(a *lang.Args) (lang.Value, error) {
		x, err := arrayFrom(a.Value("x"), 0, false)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axes"), x.Dim())
		if err != nil {
			return nil, err
		}
		if axes == nil {
			axes = make([]int, x.Dim())
			for i := range axes {
				axes[i] = i
			}
		}
		r, err := tensor.FFTShift(x, axes, inverse)
		if err != nil {
			return nil, err
		}
		return wrapArray(r), nil
	})
}

var fftModule = &lang.Module{Name: "numpy.fft", Doc: "NumPy's discrete Fourier transforms, in double precision: fft, ifft, rfft, irfft, fftfreq, rfftfreq, fftshift, ifftshift.", Attrs: map[string]lang.Value{
	"fft": fftFunc("fft", "The discrete Fourier transform along axis, of n points (trimmed or zero-padded), complex128.", tensor.Complex128, func(x *tensor.Tensor, n, axis int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
		return tensor.FFT(x, n, axis, norm, false)
	}),
	"ifft": fftFunc("ifft", "The inverse discrete Fourier transform along axis, complex128.", tensor.Complex128, func(x *tensor.Tensor, n, axis int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
		return tensor.FFT(x, n, axis, norm, true)
	}),
	"rfft":      fftFunc("rfft", "The transform of real input without its redundant half: n//2+1 complex128 points.", tensor.Float64, tensor.RFFT),
	"irfft":     fftFunc("irfft", "The inverse of rfft: n (default 2*(m-1)) float64 points.", tensor.Complex128, tensor.IRFFT),
	"fftfreq":   fftFreq("fftfreq", "The sample frequencies of a transform of n points with spacing d.", false),
	"rfftfreq":  fftFreq("rfftfreq", "The non-negative sample frequencies rfft gives, n//2+1 of them.", true),
	"fftshift":  fftShift("fftshift", "Rolls the zero frequency to the middle of the axes (all by default).", false),
	"ifftshift": fftShift("ifftshift", "The inverse of fftshift.", true),
}}

func init() {
	defineLater(func() {
		lang.RegisterModule("numpy.fft", "NumPy's discrete Fourier transforms.", func() *lang.Module { return fftModule })
	})
}

// fftND is fftn, ifftn, fft2 or ifft2: the 1-d transform along each of
// axes (its length the matching item of s), the last axis first, as
// NumPy's _raw_fftnd; defAxes is fft2's (-2, -1), nil for all.
func fftND(name, doc string, inverse bool, defAxes lang.Value) *lang.Builtin {
	axesDefault := "None"
	if defAxes != nil {
		axesDefault = lang.Repr(defAxes)
	}
	return lang.NewBuiltin(lang.AsValue, name+"(a, s=None, axes="+axesDefault+", norm=None)", doc, func(a *lang.Args) (lang.Value, error) {
		x, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		if x, err = castTensor(x, tensor.Complex128); err != nil {
			return nil, err
		}
		norm, err := fftNorm(a)
		if err != nil {
			return nil, err
		}
		var s, axes []int
		if !a.IsNone("s") {
			if s, err = shapeArg(a.Value("s")); err != nil {
				return nil, err
			}
		}
		if !a.IsNone("axes") {
			if axes, err = shapeArg(a.Value("axes")); err != nil {
				return nil, err
			}
		}
		switch {
		case axes == nil && s == nil:
			for i := range x.Dim() {
				axes = append(axes, i)
			}
		case axes == nil:
			for i := range s {
				axes = append(axes, i-len(s))
			}
		}
		if s == nil {
			for _, ax := range axes {
				if ax < -x.Dim() || ax >= x.Dim() { // NumPy takes a.shape[axes]
					return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for axis 0 with size %d", ax, x.Dim())
				}
				if ax < 0 {
					ax += x.Dim()
				}
				s = append(s, x.Shape()[ax])
			}
		}
		if len(s) != len(axes) {
			return nil, lang.Errorf(lang.ValueError, "Shape and axes have different lengths.")
		}
		for i := len(axes) - 1; i >= 0; i-- {
			if s[i] < 1 {
				return nil, lang.Errorf(lang.ValueError, "Invalid number of FFT data points (%d) specified.", s[i])
			}
			if axes[i] < -x.Dim() || axes[i] >= x.Dim() {
				return nil, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", axes[i], x.Dim())
			}
			if x, err = tensor.FFT(x, s[i], axes[i], norm, inverse); err != nil {
				return nil, err
			}
		}
		return wrapArray(x), nil
	})
}

func init() {
	defineLater(func() {
		fftModule.Attrs["fftn"] = fftND("fftn", "The n-dimensional discrete Fourier transform over axes (all by default), each of the length in s, complex128.", false, nil)
		fftModule.Attrs["ifftn"] = fftND("ifftn", "The n-dimensional inverse discrete Fourier transform over axes (all by default), complex128.", true, nil)
		fftModule.Attrs["fft2"] = fftND("fft2", "The 2-dimensional discrete Fourier transform over the last two axes (axes=), complex128.", false, lang.Tuple{int64(-2), int64(-1)})
		fftModule.Attrs["ifft2"] = fftND("ifft2", "The 2-dimensional inverse discrete Fourier transform over the last two axes, complex128.", true, lang.Tuple{int64(-2), int64(-1)})
	})
}
