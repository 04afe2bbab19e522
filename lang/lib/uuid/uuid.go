// Package uuid is Python's uuid module: module.py is its Python text
// (UUID, uuid1, uuid3, uuid4, uuid5, getnode, SafeUUID and the
// namespaces), on _uuid, the part written in Go: the hardware address of
// a network interface, for getnode.
package uuid

import (
	_ "embed" // module.py
	"net"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/enum"    // module.py imports enum
	_ "github.com/kael-dev/kael/lang/lib/hashlib" // hashlib
	_ "github.com/kael-dev/kael/lang/lib/os"      // os
	_ "github.com/kael-dev/kael/lang/lib/pickle"  // UUID's __getstate__ and __setstate__
	_ "github.com/kael-dev/kael/lang/lib/random"  // random
	_ "github.com/kael-dev/kael/lang/lib/time"    // and time
)

//go:embed module.py
var source string

// hardwareNode is the hardware address of the first network interface
// that is up, not the loopback and has an address (as libuuid, which
// CPython asks, takes the interfaces the kernel lists with addresses),
// else of the first with a non-zero address; as a 48-bit int, or None.
func hardwareNode() lang.Value {
	ifaces, err := net.Interfaces()
	if err != nil {
		return lang.None
	}
	var fallback lang.Value = lang.None
	for _, ifc := range ifaces {
		mac := ifc.HardwareAddr
		if len(mac) != 6 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		var n int64
		for _, b := range mac {
			n = n<<8 | int64(b)
		}
		if n == 0 {
			continue
		}
		if addrs, err := ifc.Addrs(); err == nil && len(addrs) > 0 && ifc.Flags&net.FlagUp != 0 {
			return n
		}
		if fallback == lang.None {
			fallback = n
		}
	}
	return fallback
}

func init() {
	lang.RegisterSourceModule("uuid", "Python's uuid: UUID objects (from hex, bytes, bytes_le, fields or int), uuid1, uuid3, uuid4, uuid5, getnode, SafeUUID and the namespaces.", source)
	lang.RegisterModule("_uuid", "The part of uuid written in Go: the hardware address of a network interface.", func() *lang.Module {
		return &lang.Module{Name: "_uuid", Attrs: map[string]lang.Value{
			"hardware_node": lang.NewBuiltin(lang.AsValue, "hardware_node()", "The hardware address of a network interface as a 48-bit int, or None when there is none.", func(a *lang.Args) (lang.Value, error) {
				return hardwareNode(), nil
			}),
		}}
	})
}
