// Package tqdm is the tqdm package's progress bars, as kael draws them:
// the global functions tqdm and trange, and the modules tqdm, tqdm.auto
// and tqdm.notebook that hold them (from tqdm import tqdm). The bar
// itself, a display the front ends redraw in place, is the engine's
// lang.ProgressBar, which loaders (safetensors, transformers) show too.
package tqdm

import "github.com/kael-dev/kael/lang"

func init() {
	tqdm := lang.NewBuiltin(lang.AsFunc, "tqdm(iterable=None, total=None, desc='', mininterval=0.1)",
		"A progress bar over iterable, as tqdm's: for x in tqdm(xs): ... redraws 45%|█████▍      | 45/100 [00:01<00:01, 40.12it/s] in place (a display updated in a notebook, the line in a terminal) at most every mininterval seconds. Without an iterable, advance it with bar.update(n); bar.close() ends it.",
		func(a *lang.Args) (lang.Value, error) {
			desc, interval := a.Str("desc"), a.Float("mininterval")
			total := int64(-1)
			if !a.IsNone("total") {
				total = a.Int64("total")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.NewProgressBar(a.Session(), a.Value("iterable"), total, desc, interval)
		})
	trange := lang.NewBuiltin(lang.AsFunc, "trange(n, desc='', mininterval=0.1)", "tqdm(range(n)): a progress bar over 0, 1, ..., n-1.", func(a *lang.Args) (lang.Value, error) {
		n, desc, interval := a.Int64("n"), a.Str("desc"), a.Float("mininterval")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.NewProgressBar(a.Session(), &lang.Range{Start: 0, Stop: max(n, 0), Step: 1}, -1, desc, interval)
	})
	// from tqdm import tqdm, and the tqdm package's front-end-choosing
	// modules, which all name the same bar here.
	for _, name := range []string{"tqdm", "tqdm.auto", "tqdm.notebook"} {
		lang.RegisterModule(name, "Progress bars as the tqdm package draws them: tqdm and trange (the same builtins).", func() *lang.Module {
			return &lang.Module{Attrs: map[string]lang.Value{"tqdm": tqdm, "trange": trange}}
		})
	}
}
