package lang

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
)

// torch.save and torch.load of whole modules and of the objects around
// them, against PyTorch 1.13 both ways.

// savedLayersSrc are built-in layers as expressions, and plain, a
// module's __dict__ without the registries (compared apart).
const savedLayersSrc = `
import torch, torch.nn as nn
LAYERS = ["nn.Linear(3, 2)", "nn.Linear(3, 2, bias=False)", "nn.Conv2d(3, 4, 3, stride=2, padding=1)", "nn.Conv2d(2, 2, 3, padding='same', dilation=2)",
  "nn.Conv1d(2, 3, 3)", "nn.Conv3d(1, 2, 2)", "nn.ConvTranspose2d(2, 3, 3, stride=2)", "nn.BatchNorm2d(4)", "nn.BatchNorm1d(3, momentum=0.2)",
  "nn.LayerNorm(3)", "nn.GroupNorm(2, 4)", "nn.Embedding(5, 3, padding_idx=0)", "nn.LSTM(3, 4, num_layers=2, bidirectional=True)", "nn.GRU(3, 4, batch_first=True)",
  "nn.RNN(3, 4, nonlinearity='relu', bias=False)", "nn.LSTMCell(3, 4)", "nn.ReLU()", "nn.LeakyReLU(0.2)", "nn.Dropout(0.3)", "nn.MaxPool2d(2)",
  "nn.AdaptiveAvgPool2d(1)", "nn.Flatten()", "nn.Softmax(dim=1)", "nn.Tanh()", "nn.Sigmoid()", "nn.GELU()", "nn.Identity()", "nn.CrossEntropyLoss()", "nn.MSELoss()",
  "nn.Sequential(nn.Linear(2, 2), nn.ReLU())", "nn.ModuleList([nn.Linear(2, 2)])", "nn.ModuleDict({'a': nn.Linear(2, 2)})", "nn.MultiheadAttention(4, 2)",
  "nn.ZeroPad2d(1)", "nn.ConstantPad1d((1, 2), 3.5)", "nn.ReflectionPad2d(1)", "nn.ReplicationPad1d((2, 1))", "nn.Upsample(scale_factor=2)",
  "nn.Upsample(size=(4, 5), mode='bilinear', align_corners=True)", "nn.AdaptiveAvgPool2d((2, 3))", "nn.AdaptiveMaxPool2d((None, 2))", "nn.MaxPool2d((2, 3), stride=(1, 2))",
  "nn.Unflatten(1, (2, 3))", "nn.Flatten(0, 1)", "nn.Fold((4, 5), (2, 2))", "nn.Unfold((2, 3), padding=1)"]
def plain(m):
    return {k: v for k, v in m.__dict__.items() if k not in ('_parameters', '_buffers', '_modules', '_flat_weights')}
def summary(m):
    return '%s %s %s' % (m.training, repr(m).replace('\n', '|'), [(k, v.dtype, list(v.shape), v.flatten().tolist()[:4]) for k, v in m.state_dict().items()])
`

// TestTorchSaveLayersLoadInPyTorch has kael save each built-in layer
// whole: PyTorch loads it with the __dict__ and state dict keys of the
// same layer made by PyTorch, and the state dict values kael saved.
func TestTorchSaveLayersLoadInPyTorch(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	saved := runKaelScript(t, savedLayersSrc+`
torch.manual_seed(0)
for i, e in enumerate(LAYERS):
    m = eval(e)
    if i % 3 == 0:
        m.eval()
    torch.save(m, `+Repr(dir+"/")+` + 'L%d.pt' % i)
    print(e, summary(m))
`)
	got := runTorchScript(t, savedLayersSrc+`
for i, e in enumerate(LAYERS):
    m = torch.load(`+Repr(dir+"/")+` + 'L%d.pt' % i)
    print(e, summary(m))
    f = eval(e)
    f.train(m.training)
    if plain(m) != plain(f) or list(m.state_dict()) != list(f.state_dict()):
        print('differs from PyTorch\'s', e, plain(m), plain(f))
`)
	if got != saved {
		t.Errorf("PyTorch loads kael's layers as\n%s\nkael saved\n%s", got, saved)
	}
}

// TestTorchSaveLayersRoundTrip has kael save each built-in layer whole
// and load it back: the same class, repr, training flag and state, and
// for the resampling layers the same output.
func TestTorchSaveLayersRoundTrip(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	got := runKaelScript(t, savedLayersSrc+`
torch.manual_seed(0)
x = torch.randn(1, 6, 6, 6)
for i, e in enumerate(LAYERS):
    m = eval(e)
    torch.save(m, `+Repr(dir+"/")+` + 'K%d.pt' % i)
    n = torch.load(`+Repr(dir+"/")+` + 'K%d.pt' % i)
    if type(n) is not type(m) or summary(n) != summary(m):
        print('differs', e, summary(n), summary(m))
    if 'Pad' in e or 'Upsample' in e or 'Adaptive' in e:
        y = x[0] if '1d' in e else x
        if not torch.equal(n(y), m(y)):
            print('computes another output', e)
print('done')
`)
	if got != "done\n" {
		t.Errorf("kael loads kael's layers as\n%s", got)
	}
}

// TestTorchLoadLayersFromPyTorch has PyTorch save each built-in layer
// whole and kael load it: the same class, repr, training flag and state.
func TestTorchLoadLayersFromPyTorch(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	saved := runTorchScript(t, savedLayersSrc+`
torch.manual_seed(0)
for i, e in enumerate(LAYERS):
    m = eval(e)
    if i % 3 == 0:
        m.eval()
    torch.save(m, `+Repr(dir+"/")+` + 'P%d.pt' % i)
    print(e, type(m).__name__, summary(m))
`)
	got := runKaelScript(t, savedLayersSrc+`
for i, e in enumerate(LAYERS):
    m = torch.load(`+Repr(dir+"/")+` + 'P%d.pt' % i)
    print(e, type(m).__name__, summary(m))
`)
	if got != saved {
		t.Errorf("kael loads PyTorch's layers as\n%s\nPyTorch saved\n%s", got, saved)
	}
}

// netSrc is a program's model holding built-in layers, a buffer and
// plain attributes, and objects around it: an optimizer's state dicts
// with parameter groups, an object of a program's class holding a tensor.
const netSrc = `
import torch, torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(4, 5)
        self.emb = nn.Embedding(7, 3)
        self.lstm = nn.LSTM(3, 4, batch_first=True)
        self.seq = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Dropout(0.1))
        self.note = 'hi'
        self.scale = 2.5
        self.register_buffer('steps', torch.tensor(3))
        self.register_buffer('cache', torch.zeros(2), persistent=False)
    def forward(self, x, ids):
        h = self.fc(self.pool(torch.relu(self.bn(self.conv(x)))).flatten(1))
        o, _ = self.lstm(self.emb(ids))
        return self.seq(h) * self.scale, o
class Box:
    def __init__(self, t, tag):
        self.t = t
        self.tag = tag
torch.manual_seed(0)
net = Net()
x = torch.randn(2, 3, 8, 8)
ids = torch.tensor([[1, 2, 3], [4, 5, 6]])
net(x, ids)
net.eval()
opt = torch.optim.Adam(net.parameters(), lr=0.01)
net(x, ids)[0].sum().backward()
opt.step()
sgd = torch.optim.SGD([{'params': [net.fc.weight]}, {'params': [net.fc.bias], 'lr': 0.5}], lr=0.1, momentum=0.9)
sgd.step()
`

// netSaveSrc saves the model and a checkpoint around it to dir, with
// the outputs the model computes.
func netSaveSrc(dir string) string {
	return netSrc + `
torch.save(net, ` + Repr(dir+"/net.pt") + `)
a, o = net(x, ids)
torch.save({'epoch': 3, 'model': net, 'fc': net.fc, 'optimizer': opt.state_dict(), 'sgd': sgd.state_dict(), 'box': Box(torch.arange(3), 'x'), 'out': (a, o)}, ` + Repr(dir+"/ckpt.pt") + `)
`
}

// netLoadSrc loads them and prints what the loaded objects are and
// compute.
func netLoadSrc(dir string) string {
	return netSrc + `
m = torch.load(` + Repr(dir+"/net.pt") + `)
print(type(m).__name__, m.training, m.note, m.scale, m.steps, m.cache, sorted(m.state_dict()))
print(m)
c = torch.load(` + Repr(dir+"/ckpt.pt") + `)
a, o = m(x, ids)
print(torch.allclose(a, c['out'][0], atol=1e-6), torch.allclose(o, c['out'][1], atol=1e-6), [p.requires_grad for p in m.parameters()][:2])
print(c['epoch'], c['fc'] is c['model'].fc, c['box'].tag, c['box'].t)
for k in ['optimizer', 'sgd']:
    sd = c[k]
    print(k, sd['param_groups'])
    for i, s in sd['state'].items():
        print(i, {n: (v.flatten().tolist()[:3] if isinstance(v, torch.Tensor) else v) for n, v in s.items()})
opt2 = torch.optim.SGD(c['model'].fc.parameters(), lr=0.1, momentum=0.9)
opt2.load_state_dict({'state': {0: c['sgd']['state'][0], 1: c['sgd']['state'][1]}, 'param_groups': [{**c['sgd']['param_groups'][0], 'params': [0, 1]}]})
c['model'].train()
c['model'](x, ids)[0].sum().backward()
opt2.step()
print([round(v, 4) for v in c['model'].fc.weight.flatten().tolist()[:4]])
`
}

// TestTorchSaveProgramModule saves a program's model and a checkpoint
// around it in each of kael and PyTorch and loads them in both: kael
// prints of each file what PyTorch prints of it.
func TestTorchSaveProgramModule(t *testing.T) {
	debianTorch(t)
	byPyTorch, byKael := t.TempDir(), t.TempDir()
	runTorchScript(t, netSaveSrc(byPyTorch))
	runKaelScript(t, netSaveSrc(byKael))
	for _, dir := range []string{byPyTorch, byKael} {
		who := map[string]string{byPyTorch: "PyTorch's", byKael: "kael's"}[dir]
		want := runTorchScript(t, netLoadSrc(dir))
		if got := runKaelScript(t, netLoadSrc(dir)); got != want {
			t.Errorf("kael loads %s files as\n%s\nPyTorch loads them as\n%s", who, got, want)
		}
		if !strings.Contains(want, "True True [True, True]") {
			t.Errorf("PyTorch's model from %s files computes otherwise than the saved one:\n%s", who, want)
		}
	}
}

// TestTorchLoadModuleErrors checks weights_only and the classes a file
// names that cannot be found, against PyTorch's outcomes.
func TestTorchLoadModuleErrors(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	path := func(name string) string { return Repr(filepath.Join(dir, name)) }
	runTorchScript(t, `
import torch, torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
torch.save(nn.Linear(2, 3), `+path("lin.pt")+`)
torch.save(Net(), `+path("net.pt")+`)
torch.save(nn.TransformerEncoderLayer(4, 2, dim_feedforward=8), `+path("enc.pt")+`)
torch.save(nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, dim_feedforward=8), 2), `+path("encs.pt")+`)
torch.save(nn.TransformerDecoderLayer(4, 2, dim_feedforward=8), `+path("dec.pt")+`)
torch.save(nn.Transformer(4, 2, 1, 1, 8), `+path("tr.pt")+`)
`)
	cases := []struct{ src, want string }{
		{"torch.load(" + path("lin.pt") + ", weights_only=True)", "UnpicklingError: Weights only load failed. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution.Do it only if you get the file from a trusted source. WeightsUnpickler error: Unsupported class torch.nn.modules.linear.Linear"},
		{"torch.load(" + path("net.pt") + ")", "AttributeError: Can't get attribute 'Net' on <module '__main__'>"},
	}
	for _, c := range cases {
		s := NewSession(IO{})
		if got := outcome(s.Exec(context.Background(), "", "import torch\n"+c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// PyTorch's own messages, for the same files.
	var srcs []string
	for _, c := range cases {
		srcs = append(srcs, c.src)
	}
	for i, got := range cpython.TorchCellOutcomes(t, "import torch\n", srcs) {
		if i == 1 { // CPython names its __main__'s file after the module
			if !strings.HasPrefix(got, "AttributeError: Can't get attribute 'Net' on <module '__main__'") {
				t.Errorf("PyTorch: %s", got)
			}
			continue
		}
		if got != cases[i].want {
			t.Errorf("%s: PyTorch gives %s, the table says %s", cases[i].src, got, cases[i].want)
		}
	}
	// A transformer class, saved by PyTorch or by kael, says it does not
	// load whole and what to do instead.
	runKaelScript(t, "import torch, torch.nn as nn\ntorch.save(nn.Transformer(4, 2, 1, 1, 8), "+path("ktr.pt")+")\n")
	for _, c := range []struct{ file, class string }{
		{"enc.pt", "TransformerEncoderLayer"}, {"encs.pt", "TransformerEncoder"}, {"dec.pt", "TransformerDecoderLayer"},
		{"tr.pt", "Transformer"}, {"ktr.pt", "Transformer"},
	} {
		s := NewSession(IO{})
		r := s.Exec(context.Background(), "", "import torch\ntorch.load("+path(c.file)+")")
		want := "TypeError: torch.load: kael cannot load a whole nn." + c.class + ": its constructor's arguments (d_model, the layer to copy) are not among the attributes the file holds"
		if got := outcome(r); got != want {
			t.Errorf("loading %s:\n got %s\nwant %s", c.file, got, want)
		}
		if r.Err == nil || !strings.Contains(r.Err.Hint, "state_dict()") {
			t.Errorf("loading %s: the error gives no hint to save the state_dict(): %v", c.file, r.Err)
		}
	}
}
