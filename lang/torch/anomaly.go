package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
)

// Anomaly detection (torch.autograd.anomaly_mode): the switches over
// autograd's anomaly mode, whose check lives in the engine. PyTorch also
// prints the traceback of the forward call that made the failing node;
// kael's error names the node only.

// anomalyScope is a context manager that sets the anomaly mode on entry
// (or at once, for set_detect_anomaly) and restores the previous mode on
// exit.
func anomalyScope(name string, enabled, checkNaN, now bool) *lang.ContextManager {
	var prevOn, prevCheck bool
	set := func() { prevOn, prevCheck = autograd.SetAnomalyEnabled(enabled, checkNaN) }
	if now {
		set()
	}
	return &lang.ContextManager{Name: name,
		Enter: func() error {
			if !now {
				set()
			}
			return nil
		},
		Exit: func() { autograd.SetAnomalyEnabled(prevOn, prevCheck) }}
}

func defAnomaly() {
	members := map[string]lang.Value{
		"detect_anomaly": lang.NewBuiltin(lang.AsValue, "detect_anomaly(check_nan=True)", "A context manager and decorator that turns on autograd's anomaly detection inside: a backward function whose gradient holds a NaN raises RuntimeError: Function 'XBackward0' returned nan values in its 0th output. (check_nan=False turns the check off.)", func(a *lang.Args) (lang.Value, error) {
			check := a.Bool("check_nan")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return anomalyScope("detect_anomaly", true, check, false), nil
		}),
		"set_detect_anomaly": lang.NewBuiltin(lang.AsValue, "set_detect_anomaly(mode, check_nan=True)", "Turns anomaly detection on or off at once; used as a context manager it restores the previous mode on exit.", func(a *lang.Args) (lang.Value, error) {
			mode, check := a.Bool("mode"), a.Bool("check_nan")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return anomalyScope("set_detect_anomaly", mode, check, true), nil
		}),
	}
	for name, v := range members {
		torchAutograd[name] = v
	}
	lang.RegisterModule("torch.autograd.anomaly_mode", "Autograd's anomaly detection: detect_anomaly and set_detect_anomaly.", func() *lang.Module {
		return &lang.Module{Attrs: members}
	})
	torchMembers["set_anomaly_enabled"] = lang.NewBuiltin(lang.AsValue, "set_anomaly_enabled(enabled, check_nan=True)", "Turns autograd's anomaly detection on or off, as torch.autograd.set_detect_anomaly does.", func(a *lang.Args) (lang.Value, error) {
		on, check := a.Bool("enabled"), a.Bool("check_nan")
		if err := a.Err(); err != nil {
			return nil, err
		}
		autograd.SetAnomalyEnabled(on, check)
		return lang.None, nil
	})
	torchMembers["is_anomaly_enabled"] = lang.NewBuiltin(lang.AsValue, "is_anomaly_enabled()", "Whether autograd's anomaly detection is on.", func(a *lang.Args) (lang.Value, error) {
		return autograd.IsAnomalyEnabled(), nil
	})
	torchMembers["is_anomaly_check_nan_enabled"] = lang.NewBuiltin(lang.AsValue, "is_anomaly_check_nan_enabled()", "Whether anomaly detection checks backward functions' gradients for NaN.", func(a *lang.Args) (lang.Value, error) {
		return autograd.IsAnomalyCheckNaNEnabled(), nil
	})
}
