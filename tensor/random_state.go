package tensor

import (
	"encoding/binary"
	"math"

	"github.com/kael-dev/kael/internal/mt19937"
)

// The generator state in PyTorch's byte layout (CPUGeneratorImplState,
// little-endian, 5056 bytes): initial seed, the twister's left and seeded
// fields, its next index, the 624 state words as uint64, the legacy
// normal_x, normal_y (the cached double normal sample), normal_rho and
// normal_is_valid, then the cached float normal sample and its flag.
const (
	stateSize        = 5056
	stateLegacySize  = 5048
	stateWordsAt     = 24
	stateNormalYAt   = stateWordsAt + 8*mt19937.N + 8
	stateNormalValid = stateWordsAt + 8*mt19937.N + 24
	stateFloatAt     = stateLegacySize
	stateFloatValid  = stateLegacySize + 4
)

// State returns g's state as torch.get_rng_state lays it out: a 1-D
// tensor of 5056 bytes. kael has no uint8 dtype, so the bytes are int64
// elements, each in [0, 255]; .tolist() gives PyTorch's list.
func (g *Generator) State() (*Tensor, error) {
	g = g.lock()
	buf := make([]byte, stateSize)
	le := binary.LittleEndian
	le.PutUint64(buf[0:], g.seed)
	le.PutUint32(buf[8:], uint32(int32(g.mt.Left)))
	le.PutUint32(buf[12:], 1) // seeded
	le.PutUint64(buf[16:], uint64(g.mt.Next))
	for i, w := range g.mt.State {
		le.PutUint64(buf[stateWordsAt+8*i:], uint64(w))
	}
	if g.hasNextDouble {
		le.PutUint64(buf[stateNormalYAt:], math.Float64bits(g.nextDouble))
		le.PutUint32(buf[stateNormalValid:], 1)
	}
	if g.hasNextFloat {
		le.PutUint32(buf[stateFloatAt:], math.Float32bits(g.nextFloat))
		buf[stateFloatValid] = 1
	}
	g.unlock()
	vals := make([]int64, stateSize)
	for i, b := range buf {
		vals[i] = int64(b)
	}
	return FromSlice(vals)
}

// SetState restores a state State returned, as torch.set_rng_state: a 1-D
// int64 (or bool-free integer) tensor of 5056 bytes, or of 5048 in
// PyTorch's older layout without the float sample.
func (g *Generator) SetState(state *Tensor) error {
	if state.dtype != Int64 || state.Dim() != 1 {
		return typeErrorf("RNG state must be a 1-D tensor of bytes (int64 in kael, as get_rng_state returns), got a %d-D %s tensor", state.Dim(), state.dtype).
			WithHint("pass what get_rng_state() or Generator.get_state() returned")
	}
	n := state.Numel()
	if n != stateSize && n != stateLegacySize {
		return Errorf(RuntimeError, "Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d but found the input RNG state size to be %d", stateLegacySize, stateSize, n)
	}
	vals, err := Values[int64](state)
	if err != nil {
		return err
	}
	buf := make([]byte, n)
	for i, v := range vals {
		if v < 0 || v > 255 {
			return valueErrorf("RNG state byte %d is %d, outside [0, 255]", i, v)
		}
		buf[i] = byte(v)
	}
	le := binary.LittleEndian
	mt := mt19937.MT{Left: int(int32(le.Uint32(buf[8:]))), Next: int(le.Uint64(buf[16:]) % (mt19937.N + 1))}
	for i := range mt.State {
		mt.State[i] = uint32(le.Uint64(buf[stateWordsAt+8*i:]))
	}
	if le.Uint32(buf[12:]) == 0 || !mt.Valid() || le.Uint64(buf[16:]) > mt19937.N {
		return Errorf(RuntimeError, "Invalid mt19937 state")
	}
	g = g.lock()
	defer g.unlock()
	g.seed, g.mt = le.Uint64(buf[0:]), mt
	g.hasNextDouble = le.Uint32(buf[stateNormalValid:]) != 0
	g.nextDouble = math.Float64frombits(le.Uint64(buf[stateNormalYAt:]))
	g.hasNextFloat, g.nextFloat = false, 0
	if n == stateSize {
		g.hasNextFloat = buf[stateFloatValid] != 0
		g.nextFloat = math.Float32frombits(le.Uint32(buf[stateFloatAt:]))
	}
	return nil
}
