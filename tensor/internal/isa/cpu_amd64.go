package isa

import "golang.org/x/sys/cpu"

// cpuid executes CPUID with the leaf in eax and the subleaf in ecx.
//
//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func hostCPU() CPU {
	_, b, c, d := cpuid(0, 0)
	v := make([]byte, 0, 12)
	for _, r := range []uint32{b, d, c} {
		v = append(v, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	a, _, _, _ := cpuid(1, 0)
	family, model := displayFamily(a)
	return CPU{Vendor: string(v), Family: family, Model: model, AVX512: cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW}
}
