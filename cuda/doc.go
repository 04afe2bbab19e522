// Package cuda is kael's CUDA backend, loaded at run time: it opens the
// NVIDIA driver (libcuda.so.1) through purego, without cgo and without a
// CUDA toolkit at build time, and says through Available why a GPU cannot
// be used when it cannot. Kernels are PTX text that the package generates
// (ElementwisePTX) and the driver compiles; PackIter turns a tensor
// iterator's plan into a kernel's launch parameters; Allocator is a
// caching allocator in the manner of PyTorch's.
//
// What has run on a GPU and what has not is listed in README.md: the
// generators, the packing and the allocator's bookkeeping are tested
// without one; the driver calls are tested only by devicecheck.sh.
package cuda
