package lang

import "testing"

// TestRandomBuiltinErrors checks that bad arguments to the random builtins
// and modules fail with PyTorch's (or CPython's) error and change nothing.
func TestRandomBuiltinErrors(t *testing.T) {
	runCells(t, []cell{
		{"randperm(-1)", "~negative dimension -1"},
		{"multinomial(tensor([1, 2]), 1)", "~RuntimeError: multinomial only supports floating-point dtypes for input, got: int64"},
		{"multinomial(tensor([1.0, 2.0]), 3)", "~RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement"},
		{"multinomial(tensor([1.0, -2.0]), 1, True)", "~RuntimeError: invalid multinomial distribution (encountering probability entry < 0)"},
		{"multinomial(zeros(2), 1)", "~RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)"},
		{"bernoulli(tensor([1.5]))", "~RuntimeError: Expected p_in >= 0 && p_in <= 1"},
		{"x = ones(3)\nx.uniform_(2, 1)", "~RuntimeError: uniform_ expects to return a [from, to) range, but found from=2 > to=1"},
		{"x = ones(3)\nx.normal_(0, -1)", "~RuntimeError: normal expects std >= 0.0"},
		{"x = ones(3)\nx.bernoulli_(2)", "~RuntimeError: bernoulli_ expects p to be in [0, 1]"},
		{"x = ones(3, dtype=int64)\nx.uniform_()", "~TypeError: uniform_ only supports floating point dtypes, got int64"},
		{"x = ones(2, requires_grad=True)\nx.normal_()", "~RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"x = ones(2, requires_grad=True)\nwith no_grad():\n    x.normal_()\nx.requires_grad", "True"},
		{"set_rng_state(zeros(3, dtype=int64))", "~RuntimeError: Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size 5056 but found the input RNG state size to be 3"},
		{"set_rng_state(zeros(5056))", "~TypeError: RNG state must be a 1-D tensor of bytes"},
		{"s = get_rng_state()\ns[0] = 300\nset_rng_state(s)", "~ValueError: RNG state byte 0 is 300"},
		{"s = get_rng_state()\ns[12] = 0\nset_rng_state(s)", "~RuntimeError: Invalid mt19937 state"},
		{"g = Generator()\ng.set_state(g.get_state()).initial_seed()", "67280421310721"},
		{"normal(0.0, 1.0)", "~TypeError: normal() missing required argument 'size'"},
		{"normal(zeros(2), -ones(2))", "~RuntimeError: normal expects all elements of std >= 0.0"},
		{"torch.nn.init.kaiming_uniform_(ones(3))", "~ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"},
		{"torch.nn.init.kaiming_uniform_(ones(2, 2), mode='fan')", "~ValueError: Mode fan not supported"},
		{"torch.nn.init.calculate_gain('swish')", "~ValueError: Unsupported nonlinearity swish"},
		{"torch.nn.init.zeros_(ones(2)).tolist(), torch.nn.init.ones_(zeros(2)).tolist()", "([0.0, 0.0], [1.0, 1.0])"},
		{"import random\nrandom.choice([])", "~IndexError: Cannot choose from an empty sequence"},
		{"import random\nrandom.randint(5, 1)", "~ValueError: empty range for randrange() (5, 2, -3)"},
		{"import random\nrandom.randrange(0)", "~ValueError: empty range for randrange()"},
		{"import random\nrandom.shuffle((1, 2))", "~TypeError"},
		{"import random\nrandom.seed([1])", "~TypeError: The only supported seed types are"},
		{"import random\nrandom.seed(3)\na = random.random()\nrandom.seed(3)\na == random.random()", "True"},
		{"import random\nrandom.seed(3)\nrandom.choice('abc'), random.choice(range(10, 20)), random.choice((7,))", "~('"},
	})
}
