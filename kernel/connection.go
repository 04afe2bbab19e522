package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
)

// ConnectionInfo is the content of a Jupyter connection file.
type ConnectionInfo struct {
	Transport       string `json:"transport"` // "tcp" or "ipc"
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	SignatureScheme string `json:"signature_scheme"`
	Key             string `json:"key"`
}

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (ConnectionInfo, error) {
	var info ConnectionInfo
	data, err := os.ReadFile(path)
	if err != nil {
		return info, err
	}
	if err := json.Unmarshal(data, &info); err != nil {
		return info, fmt.Errorf("connection file %s: %w", path, err)
	}
	if err := info.validate(); err != nil {
		return info, fmt.Errorf("connection file %s: %w", path, err)
	}
	return info, nil
}

func (c *ConnectionInfo) validate() error {
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	if c.Transport != "tcp" && c.Transport != "ipc" {
		return fmt.Errorf("unsupported transport %q", c.Transport)
	}
	if c.IP == "" {
		return errors.New("no ip")
	}
	for _, p := range []struct {
		name string
		port int
	}{{"shell_port", c.ShellPort}, {"iopub_port", c.IOPubPort}, {"stdin_port", c.StdinPort}, {"control_port", c.ControlPort}, {"hb_port", c.HBPort}} {
		if p.port <= 0 || p.port > 65535 {
			return fmt.Errorf("%s %d out of range", p.name, p.port)
		}
	}
	_, err := newSigner(c.SignatureScheme, c.Key)
	return err
}

// endpoint is the address the kernel listens on for port, using the
// guarded transports of transport.go.
func (c ConnectionInfo) endpoint(port int) string {
	if c.Transport == "ipc" {
		return guardedIPC + "://" + c.IP + "-" + strconv.Itoa(port)
	}
	return guardedTCP + "://" + net.JoinHostPort(c.IP, strconv.Itoa(port))
}
