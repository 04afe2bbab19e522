package isa

// CPU identifies a processor as far as the choice of kernels needs it.
type CPU struct {
	Vendor string // CPUID's vendor string: "GenuineIntel", "AuthenticAMD", ...
	Family int    // the display family: base family plus extended family
	Model  int    // the display model
	AVX512 bool   // AVX-512 F and BW
}

// Host describes the processor this program runs on (the zero CPU off
// amd64).
func Host() CPU { return host }

var host = hostCPU()

// amdZen4 is the display family of AMD's Zen 3 and Zen 4 (Zen 4 is the one
// with AVX-512).
const amdZen4 = 0x19

// StreamsAVX2 reports whether kernels bound by memory bandwidth (the
// float32 sum, the matrix-vector products of decoding) should default to
// their AVX2 forms although the CPU has AVX-512: on AMD's AVX-512
// processors, Zen 4 (family 0x19) and Zen 5 (0x1a) and later. Zen 4 runs a
// 512-bit operation as two 256-bit halves, so the wider vectors save no
// work in a loop that waits on memory, and on the 2-vCPU Zen 4 EPYC
// (issue 34; docs/performance.md, "Streaming on the AVX-512 EPYC") the
// AVX2 kernels streamed faster: the sum of 64 MiB took 2-25% less CPU
// time, the matrix-vector products read 1-6% more bytes of weights per
// CPU second from huge pages and 10-40% more from 4 KiB pages, with the
// same bits. Zen 5 is included on the same symptoms in kaelbench (sum and
// decode behind, as on Zen 4), not on a measurement of its own. Intel's
// AVX-512 processors keep the AVX-512 kernels.
func (c CPU) StreamsAVX2() bool {
	return c.AVX512 && c.Vendor == "AuthenticAMD" && c.Family >= amdZen4
}

// HardwarePrefetchesStreams reports whether the processor's own prefetchers
// follow the matrix-vector products' long runs of weights (float32 or
// 16-bit) well enough that a software prefetch ahead of them only costs:
// on Zen 4 (AMD family 0x19 with AVX-512). There, on the 2-vCPU Zen 4 EPYC (issue 34;
// docs/performance.md, "GEMV without software prefetches on Zen 4"), the
// dot products of GPT-2's head read a median 29.9 GB of weights per CPU
// second from huge pages without their PREFETCHT0 2 KiB ahead and 23.5
// with it (ahead in 16 turns of 16), and 1, 4 and 8 KiB ahead were no
// better; the 16-bit kernels read 20-33 GB per CPU second without their
// 2 KiB prefetch against 14-28 with it (c_fc and the head, bfloat16 and
// float16, 24 turns of 24). On a Zen 5 EPYC the float32 prefetch had
// taken the head from about 31 to 34, so Zen 5 keeps it, as do Zen 3 and
// Intel's processors (unmeasured here).
func (c CPU) HardwarePrefetchesStreams() bool {
	return c.AVX512 && c.Vendor == "AuthenticAMD" && c.Family == amdZen4
}

// displayFamily returns CPUID leaf 1's family and model as processors'
// documentation numbers them: the extended family is added to a base
// family of 0xf, and the extended model prefixes the model for families
// 6 and 0xf and above.
func displayFamily(eax uint32) (family, model int) {
	family = int(eax>>8) & 0xf
	model = int(eax>>4) & 0xf
	if family == 0xf {
		family += int(eax>>20) & 0xff
	}
	if family == 6 || family >= 0xf {
		model += int(eax>>16) & 0xf << 4
	}
	return family, model
}
