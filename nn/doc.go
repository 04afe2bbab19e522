// Package nn is kael's torch.nn: modules, the tree they form, and the
// layers and losses built on package autograd.
//
// A Module is a node of a tree. Its Base is PyTorch's registry: the
// parameters, buffers and submodules it holds, each kind in the order it
// was registered, and the training flag. Registration is explicit in Go
// (SetParameter, SetBuffer, SetModule); the language calls it from
// attribute assignment (self.fc = nn.Linear(2, 3)), as PyTorch's
// Module.__setattr__ does.
//
// The tree functions walk a module and everything below it, with PyTorch's
// names and order: NamedParameters ("fc1.weight", each shared parameter
// once), NamedBuffers, NamedChildren, NamedModules, StateDict and
// LoadStateDict (PyTorch's key names and error messages), Train (train and
// eval), ZeroGrad, Apply and Repr (PyTorch's indented layout).
//
// The layers (Linear, Conv2d, Embedding, LayerNorm, Dropout, the
// activations, Sequential, ModuleList, ...) and losses (MSELoss,
// CrossEntropyLoss, ...) take PyTorch's arguments and defaults, and
// initialise their parameters from the default generator as PyTorch does,
// so that the same seed gives the same weights bit for bit.
//
// Parameters are tensors whose AutogradMeta has Parameter set
// (NewParameter); nothing else distinguishes them, as an nn.Parameter is a
// Tensor in PyTorch.
package nn
