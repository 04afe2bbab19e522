//go:build !linux

package cuda

// driverLibrary is unused off Linux.
const driverLibrary = ""

// probe refuses: kael loads the CUDA driver on Linux only.
func probe(string) (Info, error) {
	return Info{}, unavailablef("kael's CUDA backend runs on Linux only")
}
