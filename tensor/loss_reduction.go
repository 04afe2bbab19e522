package tensor

// LossReduction checks the reduction argument of a loss: "mean" (also for
// ""), "sum" or "none", with PyTorch's ValueError for anything else.
func LossReduction(r string) (string, error) { return lossReduction(r) }
