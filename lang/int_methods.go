package lang

import (
	"math/big"
	"math/bits"
	"slices"
)

// The methods of Python's int (bool inherits them): bit_length,
// bit_count, to_bytes, the class method int.from_bytes, conjugate and
// as_integer_ratio, for ints of any size.

// classFunctions holds the functions reached through a class rather than
// an instance (int.from_bytes, dict.fromkeys, str.maketrans), by class.
var classFunctions = map[string]map[string]*Builtin{}

// defClassFunction registers a function of a class: class.name(...),
// also reachable from an instance, as Python's classmethods and
// staticmethods are.
func defClassFunction(class, sig, doc string, fn func(a *Args) (Value, error)) {
	name, _, err := parseSignature(sig)
	if err != nil {
		panic(err)
	}
	if classFunctions[class] == nil {
		classFunctions[class] = map[string]*Builtin{}
	}
	classFunctions[class][name] = &Builtin{Name: name, Sig: sig, sig: sig, Doc: doc, fn: fn}
}

// defIntMethod registers a method of int and of bool, whose instances are
// ints.
func defIntMethod(sig, doc string, fn func(a *Args) (Value, error)) {
	defMethod("int", sig, doc, fn)
	defMethod("bool", sig, doc, fn)
}

// selfBig is the receiver of an int method as a big.Int.
func selfBig(a *Args) *big.Int {
	z, _ := BigOf(a.Value("self"))
	return z
}

func init() {
	defIntMethod("bit_length(self)", "The number of bits needed to write abs(self) in binary, without a sign or leading zeros: (255).bit_length() is 8.", func(a *Args) (Value, error) {
		if i, ok := AsInt(a.Value("self")); ok {
			if i < 0 {
				return int64(bits.Len64(-uint64(i))), nil
			}
			return int64(bits.Len64(uint64(i))), nil
		}
		return int64(selfBig(a).BitLen()), nil
	})
	defIntMethod("bit_count(self)", "The number of ones in the binary form of abs(self): (-7).bit_count() is 3.", func(a *Args) (Value, error) {
		z := selfBig(a)
		n := 0
		for _, w := range new(big.Int).Abs(z).Bits() {
			n += bits.OnesCount(uint(w))
		}
		return int64(n), nil
	})
	defIntMethod("conjugate(self)", "The complex conjugate of an int: the int itself.", func(a *Args) (Value, error) {
		return IntFromBig(selfBig(a)), nil
	})
	defIntMethod("as_integer_ratio(self)", "The pair (self, 1): the int as a fraction in lowest terms.", func(a *Args) (Value, error) {
		return Tuple{IntFromBig(selfBig(a)), int64(1)}, nil
	})
	defIntMethod("to_bytes(self, length=1, byteorder='big', *, signed=False)", "The int as length bytes, most significant first ('big') or last ('little'); a negative int needs signed=True (two's complement). An int that does not fit is an OverflowError.", func(a *Args) (Value, error) {
		length, order, signed := a.Int64("length"), a.Str("byteorder"), a.Bool("signed")
		if err := a.Err(); err != nil {
			return nil, err
		}
		little, err := byteOrder(order)
		if err != nil {
			return nil, err
		}
		if length < 0 {
			return nil, Errorf(ValueError, "length argument must be non-negative")
		}
		z := selfBig(a)
		if z.Sign() < 0 && !signed {
			return nil, Errorf(OverflowError, "can't convert negative int to unsigned")
		}
		if err := CheckIntSize(float64(length) * 8); err != nil {
			return nil, err
		}
		limit := new(big.Int).Lsh(big.NewInt(1), uint(8*length)) // 2**(8*length)
		if signed {
			half := new(big.Int).Rsh(limit, 1)
			if z.Cmp(half) >= 0 || z.Cmp(new(big.Int).Neg(half)) < 0 {
				return nil, Errorf(OverflowError, "int too big to convert")
			}
			if z.Sign() < 0 {
				z = new(big.Int).Add(z, limit)
			}
		} else if z.Cmp(limit) >= 0 {
			return nil, Errorf(OverflowError, "int too big to convert")
		}
		out := z.FillBytes(make([]byte, length))
		if little {
			slices.Reverse(out)
		}
		return Bytes{b: out}, nil
	})
	defClassFunction("int", "from_bytes(bytes, byteorder='big', *, signed=False)", "The int the bytes spell, most significant first ('big') or last ('little'), in two's complement with signed=True. bytes may be any iterable of ints in range(256).", func(a *Args) (Value, error) {
		order, signed := a.Str("byteorder"), a.Bool("signed")
		if err := a.Err(); err != nil {
			return nil, err
		}
		little, err := byteOrder(order)
		if err != nil {
			return nil, err
		}
		data, err := bytesOf(a.Value("bytes"))
		if err != nil {
			return nil, err
		}
		data = slices.Clone(data)
		if little {
			slices.Reverse(data)
		}
		z := new(big.Int).SetBytes(data)
		if signed && len(data) > 0 && data[0] >= 0x80 {
			z.Sub(z, new(big.Int).Lsh(big.NewInt(1), uint(8*len(data))))
		}
		return IntFromBig(z), nil
	})
	fromBytes := classFunctions["int"]["from_bytes"]
	defClassFunction("bool", fromBytes.Sig, "int.from_bytes as a bool, as CPython's classmethod makes bool(n).", func(a *Args) (Value, error) {
		n, err := fromBytes.fn(a)
		if err != nil {
			return nil, err
		}
		return Truth(n)
	})
}

// byteOrder reads to_bytes' and from_bytes' byteorder: whether it is
// 'little'.
func byteOrder(order string) (bool, error) {
	switch order {
	case "little":
		return true, nil
	case "big":
		return false, nil
	}
	return false, Errorf(ValueError, "byteorder must be either 'little' or 'big'")
}

// bytesOf is the content of bytes, a bytearray, or an iterable of ints in
// range(256), as bytes(x) reads it; a str is CPython's TypeError.
func bytesOf(v Value) ([]byte, error) {
	switch x := v.(type) {
	case Bytes:
		return x.b, nil
	case *ByteArray:
		return x.b, nil
	case *MemoryView:
		return x.data(), nil
	case string:
		return nil, Errorf(TypeError, "cannot convert 'str' object to bytes")
	}
	var out []byte
	var bad error
	err := Iterate(v, func(e Value) bool {
		n, ok := AsInt(e)
		switch {
		case !ok && IsInt(e):
			bad = Errorf(ValueError, "bytes must be in range(0, 256)")
		case !ok:
			bad = Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(e))
		case n < 0 || n > 255:
			bad = Errorf(ValueError, "bytes must be in range(0, 256)")
		}
		out = append(out, byte(n))
		return bad == nil
	})
	if bad != nil {
		return nil, bad
	}
	if err != nil {
		return nil, Errorf(TypeError, "cannot convert '%s' object to bytes", TypeName(v))
	}
	return out, nil
}
