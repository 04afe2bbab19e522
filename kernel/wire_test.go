package kernel

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestEncodeDecode(t *testing.T) {
	tests := []struct {
		name, scheme, key string
	}{
		{"sha256", "hmac-sha256", "secret"},
		{"sha512", "hmac-sha512", "secret"},
		{"unsigned", "hmac-sha256", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := newSigner(tt.scheme, tt.key)
			if err != nil {
				t.Fatal(err)
			}
			m := &Message{
				Identities: [][]byte{[]byte("peer")},
				Header:     Header{MsgID: newID(), Session: "s", Date: now(), MsgType: "execute_request", Version: ProtocolVersion},
				Parent:     json.RawMessage(`{"msg_id":"p"}`),
				Content:    json.RawMessage(`{"code":"x <b> & y"}`),
				Buffers:    [][]byte{{0, 1, 2}},
			}
			frames, err := m.encode(s)
			if err != nil {
				t.Fatal(err)
			}
			if string(frames[1]) != delimiter || (tt.key == "") != (len(frames[2]) == 0) {
				t.Fatalf("frames %q", frames)
			}
			got, err := decodeMessage(frames, s)
			if err != nil {
				t.Fatal(err)
			}
			if got.Header != m.Header || string(got.Content) != string(m.Content) || string(got.Parent) != string(m.Parent) ||
				string(got.Metadata) != "{}" || len(got.Buffers) != 1 || string(got.Identities[0]) != "peer" {
				t.Errorf("decoded %+v", got)
			}
			if !strings.Contains(string(frames[6]), "<b> & y") {
				t.Errorf("content was HTML-escaped: %s", frames[6])
			}
		})
	}
}

func TestSignatureChecks(t *testing.T) {
	s, _ := newSigner("hmac-sha256", "key")
	m := &Message{Header: Header{MsgID: "1", MsgType: "kernel_info_request"}}
	frames, _ := m.encode(s)
	upper := append([][]byte{}, frames...)
	upper[1] = bytes.ToUpper(frames[1])
	if _, err := decodeMessage(upper, s); err != nil {
		t.Errorf("upper-case hex signature refused: %v", err)
	}
	for _, sig := range []string{"", "00", "abc", strings.Repeat("0", 64)} {
		bad := append([][]byte{}, frames...)
		bad[1] = []byte(sig)
		if _, err := decodeMessage(bad, s); !errors.Is(err, errBadSignature) {
			t.Errorf("signature %q: %v", sig, err)
		}
	}
	got, _ := decodeMessage(frames, s)
	if hex.EncodeToString(got.Signature) != string(frames[1]) {
		t.Errorf("signature %x", got.Signature)
	}
	if _, err := newSigner("hmac-md5", "k"); err == nil {
		t.Error("accepted hmac-md5")
	}
}

func TestReplayGuard(t *testing.T) {
	g := newReplayGuard(2)
	steps := []struct {
		sig   string
		fresh bool
	}{{"a", true}, {"a", false}, {"b", true}, {"c", true}, {"b", false}, {"a", true}}
	for i, s := range steps {
		if got := g.fresh([]byte(s.sig)); got != s.fresh {
			t.Errorf("step %d %q: fresh = %v", i, s.sig, got)
		}
	}
}

func TestNewID(t *testing.T) {
	id := newID()
	if len(id) != 36 || id[14] != '4' || !strings.Contains("89ab", string(id[19])) || id == newID() {
		t.Errorf("id %s", id)
	}
}

// fuzzFrames splits data into frames at 0xff bytes, which valid JSON and
// delimiters never contain.
func fuzzFrames(data []byte) [][]byte {
	return bytes.Split(data, []byte{0xff})
}

func FuzzDecodeMessage(f *testing.F) {
	s, _ := newSigner("hmac-sha256", "fuzz")
	unsigned, _ := newSigner("hmac-sha256", "")
	for _, signer := range []*signer{s, unsigned} {
		m := &Message{Identities: [][]byte{[]byte("id")}, Header: Header{MsgID: "1", MsgType: "execute_request", Version: ProtocolVersion}, Content: json.RawMessage(`{"code":"1"}`)}
		frames, _ := m.encode(signer)
		f.Add(bytes.Join(frames, []byte{0xff}), signer == s)
	}
	f.Fuzz(func(t *testing.T, data []byte, signed bool) {
		sg := unsigned
		if signed {
			sg = s
		}
		m, err := decodeMessage(fuzzFrames(data), sg)
		if err != nil {
			return
		}
		if m.Header.MsgType == "" || !isJSONObject(m.Content) || !isJSONObject(m.Parent) || !isJSONObject(m.Metadata) {
			t.Fatalf("accepted an invalid message: %+v", m)
		}
		// What decodes re-encodes to something that decodes the same.
		frames, err := m.encode(sg)
		if err != nil {
			t.Fatal(err)
		}
		again, err := decodeMessage(frames, sg)
		if err != nil {
			t.Fatalf("re-encoded message does not decode: %v", err)
		}
		if again.Header != m.Header || !bytes.Equal(again.Content, m.Content) || len(again.Buffers) != len(m.Buffers) {
			t.Fatalf("round trip changed the message: %+v != %+v", again, m)
		}
	})
}
