package tensor

import "math"

// pi64 is c10::pi<double>.
const pi64 = math.Pi

func sqrt64(x float64) float64 { return math.Sqrt(x) }

// libmLog is the natural logarithm the way C's log rounds it.
func libmLog(x float64) float64 { return math.Log(x) }

// libmSincos is sin and cos the way C's sin and cos round them.
func libmSincos(x float64) (sin, cos float64) { return math.Sin(x), math.Cos(x) }
