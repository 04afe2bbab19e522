package torch

import "github.com/kael-dev/kael/lang"

// defGlobals makes torch, F and optim reachable without an import, as
// before kael had import: the engine predefines the global modules its
// libraries register.
func defGlobals() {
	lang.RegisterGlobalModule("torch", "torch")
	lang.RegisterGlobalModule("F", "torch.nn.functional")
	lang.RegisterGlobalModule("optim", "torch.optim")
}
