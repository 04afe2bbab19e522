package torch

import "github.com/kael-dev/kael/lang"

// torch, F and optim are reachable without an import, as before kael had
// import: the engine predefines the global modules its libraries register.
func init() {
	lang.RegisterGlobalModule("torch", "torch")
	lang.RegisterGlobalModule("F", "torch.nn.functional")
	lang.RegisterGlobalModule("optim", "torch.optim")
}
