package lang

import "math/big"

// powOperands are pow's base, exp and mod (where given), positional or
// named exp= and mod= as CPython's pow(base, exp, mod=None) takes them
// (at most three in all, as defOverloaded's count checks).
func powOperands(a *Args) (Tuple, error) {
	operands := append(Tuple{a.Value("input")}, a.Value("args").(Tuple)...)
	for i, name := range [2]string{"exp", "mod"} {
		v, ok := kwArg(a, name)
		if !ok {
			continue
		}
		if len(operands) > i+1 {
			return nil, Errorf(TypeError, "argument for pow() given by name ('%s') and position (%d)", name, i+2)
		}
		if len(operands) < i+1 {
			break // mod= without exp
		}
		operands = append(operands, v)
	}
	if len(operands) < 2 {
		return nil, Errorf(TypeError, "pow() missing required argument 'exp' (pos 2)")
	}
	return operands, nil
}

// ternaryPow is pow(base, exp, mod), as CPython's ternary_op: the power
// slot of base's type is tried, then exp's and mod's where their types
// differ, and the first that does not decline answers. int's computes
// base ** exp % mod when all three are ints; float's and complex's refuse
// any modulus (before looking at the other operands, as CPython's); a
// user class's __pow__ is called with the modulus when base is its
// instance. Every other value declines (tensors and arrays too, as
// PyTorch's and NumPy's do), and then the error names the three types.
func (in *interp) ternaryPow(base, exp, mod Value) (Value, error) {
	operands := [3]Value{base, exp, mod}
	var tried [3]string
	for i, v := range operands {
		kind := powSlotKind(v)
		if kind == "" || kind == tried[0] || kind == tried[1] {
			continue
		}
		tried[i] = kind
		r, declined, err := in.powSlot(kind, i, operands)
		if !declined {
			return r, err
		}
	}
	return nil, Errorf(TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'", TypeName(base), TypeName(exp), TypeName(mod))
}

// powSlotKind names the power slot v's type brings: "int", "float",
// "complex", "instance" for a user class's instance, "" for none.
func powSlotKind(v Value) string {
	switch v.(type) {
	case int64, bool, *big.Int:
		return "int"
	case float64:
		return "float"
	case Complex:
		return "complex"
	case *Instance:
		return "instance"
	}
	return ""
}

// powSlot runs the power slot kind with the three operands; the slot came
// from operands[at]'s type. declined is CPython's NotImplemented.
func (in *interp) powSlot(kind string, at int, operands [3]Value) (r Value, declined bool, err error) {
	switch kind {
	case "int":
		var ints [3]*big.Int
		for i, v := range operands {
			n, ok := BigOf(v)
			if !ok {
				return nil, true, nil
			}
			ints[i] = n
		}
		r, err := powMod(ints[0], ints[1], ints[2])
		return r, false, err
	case "float":
		return nil, false, Errorf(TypeError, "pow() 3rd argument not allowed unless all arguments are integers")
	case "complex":
		return nil, false, Errorf(ValueError, "complex modulo")
	case "instance":
		// Three-argument power does not reflect: only base's __pow__
		// takes the modulus (CPython's slot_nb_power).
		x, isBase := operands[0].(*Instance)
		if at != 0 || !isBase {
			return nil, true, nil
		}
		r, found, err := in.callSpecial(x, "__pow__", operands[1], operands[2])
		if !found || (err == nil && r == NotImplemented) {
			return nil, true, nil
		}
		return r, false, err
	}
	return nil, true, nil
}
