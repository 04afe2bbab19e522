// Package autograd is kael's reverse-mode automatic differentiation.
//
// Package tensor computes; package autograd remembers how. Every
// differentiable tensor function has a twin here with the same name and
// signature (Add, Sum, Matmul, Softmax, Index, ...). The twin calls the
// tensor function and, when grad mode is on and an input requires grad,
// records a Node on the output's tensor.AutogradMeta: the operation's name
// (PyTorch's, e.g. "MulBackward0"), edges to the nodes or leaves that made
// its inputs, the tensors its derivative needs, and the derivative itself.
// The graph is rebuilt on every forward pass.
//
// Backward walks that graph from an output in topological order: each node
// receives the sum of the gradients of its output, checks their dtype and
// shape, checks that the tensors it saved were not modified in place since
// the forward pass (their storage Version), and hands a gradient to each
// input. Gradients reaching a leaf (a tensor that requires grad and has no
// GradFn) are added to its Grad. As in PyTorch, the pass frees what the
// nodes it ran saved, so a second Backward through a node that saved
// tensors fails unless the first retained the graph (BackwardWith,
// BackwardOptions.RetainGraph); Gradients is torch.autograd.grad.
// Composite gives an operation kael composes of others PyTorch's one node.
//
// Grad mode is process-wide (SetGradEnabled, NoGrad): with it off nothing
// is recorded, which is how optimizers (SGD, Adam) update parameters in
// place. GradCheck compares the recorded derivatives with central
// differences, and GraphString draws the graph behind a tensor.
//
// Backward formulas compute with package tensor directly, so gradients carry
// no graph of their own: higher-order derivatives are not supported.
package autograd
