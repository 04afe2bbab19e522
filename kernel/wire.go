package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"sync"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version the kernel speaks.
const ProtocolVersion = "5.3"

const delimiter = "<IDS|MSG>"

// dateLayout is ISO 8601 with microseconds, as Jupyter writes dates.
const dateLayout = "2006-01-02T15:04:05.000000Z07:00"

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Username string `json:"username"`
	Session  string `json:"session"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one decoded Jupyter message.
type Message struct {
	Identities [][]byte
	Header     Header
	// RawHeader is the header exactly as received, echoed as the
	// parent_header of replies.
	RawHeader json.RawMessage
	Parent    json.RawMessage
	Metadata  json.RawMessage
	Content   json.RawMessage
	Buffers   [][]byte
	// Signature is the raw MAC of an incoming signed message.
	Signature []byte
}

// Wire decoding errors.
var (
	errNoDelimiter  = errors.New("no <IDS|MSG> delimiter")
	errShortMessage = errors.New("fewer than five frames after the delimiter")
	errBadSignature = errors.New("bad or missing signature")
)

// signer computes and checks message signatures. A signer without a key
// neither signs nor checks.
type signer struct {
	key     []byte
	newHash func() hash.Hash
}

func newSigner(scheme, key string) (*signer, error) {
	s := &signer{key: []byte(key)}
	switch scheme {
	case "", "hmac-sha256":
		s.newHash = sha256.New
	case "hmac-sha512":
		s.newHash = sha512.New
	default:
		return nil, fmt.Errorf("unsupported signature_scheme %q", scheme)
	}
	return s, nil
}

func (s *signer) mac(parts ...[]byte) []byte {
	if len(s.key) == 0 {
		return nil
	}
	m := hmac.New(s.newHash, s.key)
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

// decodeMessage parses and authenticates the frames of one message.
func decodeMessage(frames [][]byte, s *signer) (*Message, error) {
	at := -1
	for i, f := range frames {
		if string(f) == delimiter {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, errNoDelimiter
	}
	rest := frames[at+1:]
	if len(rest) < 5 {
		return nil, errShortMessage
	}
	sig, header, parent, metadata, content := rest[0], rest[1], rest[2], rest[3], rest[4]
	m := &Message{Identities: frames[:at], Buffers: rest[5:]}
	if len(s.key) > 0 {
		got := make([]byte, hex.DecodedLen(len(sig)))
		if _, err := hex.Decode(got, sig); err != nil {
			return nil, errBadSignature
		}
		if !hmac.Equal(got, s.mac(header, parent, metadata, content)) {
			return nil, errBadSignature
		}
		m.Signature = got
	}
	if err := json.Unmarshal(header, &m.Header); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	if m.Header.MsgType == "" {
		return nil, errors.New("header has no msg_type")
	}
	for _, f := range []struct {
		name string
		data []byte
		dst  *json.RawMessage
	}{{"header", header, &m.RawHeader}, {"parent_header", parent, &m.Parent}, {"metadata", metadata, &m.Metadata}, {"content", content, &m.Content}} {
		if !isJSONObject(f.data) {
			return nil, fmt.Errorf("%s is not a JSON object", f.name)
		}
		*f.dst = json.RawMessage(f.data)
	}
	return m, nil
}

func isJSONObject(b []byte) bool {
	var v map[string]json.RawMessage
	return json.Unmarshal(b, &v) == nil && v != nil
}

// encode returns the frames of m, signed with s.
func (m *Message) encode(s *signer) ([][]byte, error) {
	header, err := marshalJSON(m.Header)
	if err != nil {
		return nil, err
	}
	parent, metadata, content := orEmpty(m.Parent), orEmpty(m.Metadata), orEmpty(m.Content)
	frames := make([][]byte, 0, len(m.Identities)+6+len(m.Buffers))
	frames = append(frames, m.Identities...)
	frames = append(frames, []byte(delimiter), []byte(hex.EncodeToString(s.mac(header, parent, metadata, content))))
	frames = append(frames, header, parent, metadata, content)
	return append(frames, m.Buffers...), nil
}

func orEmpty(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("{}")
	}
	return b
}

// marshalJSON encodes v without HTML escaping, which front ends do not need.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// replayGuard remembers the signatures of recent messages so that a
// captured message cannot be sent again. It holds the last capacity
// signatures.
type replayGuard struct {
	mu       sync.Mutex
	seen     map[string]struct{}
	order    []string
	next     int
	capacity int
}

func newReplayGuard(capacity int) *replayGuard {
	return &replayGuard{seen: make(map[string]struct{}, capacity), capacity: capacity}
}

// fresh records sig and reports whether it had not been seen before.
func (g *replayGuard) fresh(sig []byte) bool {
	key := string(sig)
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, dup := g.seen[key]; dup {
		return false
	}
	if len(g.order) < g.capacity {
		g.order = append(g.order, key)
	} else {
		delete(g.seen, g.order[g.next])
		g.order[g.next] = key
		g.next = (g.next + 1) % g.capacity
	}
	g.seen[key] = struct{}{}
	return true
}

// newID returns a random (version 4) UUID.
func newID() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:])
}

func now() string { return time.Now().UTC().Format(dateLayout) }
