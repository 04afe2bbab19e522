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

// LocalConnection returns the connection info of a kernel on free TCP ports
// of 127.0.0.1, signed with HMAC-SHA256 and a new random key: what a
// program that starts a kernel itself (a test, a tool) writes to a
// connection file. The ports are free when it returns; another process may
// still take one before the kernel binds it.
func LocalConnection() (ConnectionInfo, error) {
	var ports [5]int
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return ConnectionInfo{}, err
		}
		defer l.Close() // all held until every port is chosen, so they differ
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1", SignatureScheme: "hmac-sha256", Key: newID(),
		ShellPort: ports[0], IOPubPort: ports[1], StdinPort: ports[2], ControlPort: ports[3], HBPort: ports[4],
	}, nil
}

// WriteFile writes c as a connection file that only its owner can read:
// the key in it lets anyone who reads it run code.
func (c ConnectionInfo) WriteFile(path string) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}
