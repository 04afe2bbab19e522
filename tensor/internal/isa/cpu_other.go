//go:build !amd64

package isa

func hostCPU() CPU { return CPU{} }
