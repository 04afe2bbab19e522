package vecmath

func logScaledF32Arch(dst, src []float32, tab *logScaledTab) int { return 0 }
func log1pF32Arch(dst, src []float32) int                        { return 0 }
func exp2F32Arch(dst, src []float32) int                         { return 0 }
func expm1F32Arch(dst, src []float32) int                        { return 0 }
