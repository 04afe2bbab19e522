package langeval

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image/png"
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel/kerneltest"
)

// pictureSize decodes a bundle's image/png and returns its size; it checks
// the SVG beside it.
func pictureSize(t *testing.T, data map[string]any) (int, int) {
	t.Helper()
	s, ok := data["image/png"].(string)
	if !ok {
		t.Fatalf("no image/png in %v", keys(data))
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if svg, _ := data["image/svg+xml"].(string); !strings.Contains(svg, "<svg") {
		t.Errorf("no image/svg+xml beside the PNG")
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestKernelFigures checks the three ways a figure reaches a notebook:
// plt.show(), a cell's last value, and a cell that drew without showing.
func TestKernelFigures(t *testing.T) {
	c := startLangKernel(t)
	if reply, _ := c.Execute("import matplotlib.pyplot as plt"); reply["status"] != "ok" {
		t.Fatalf("import: %v", reply)
	}
	for _, tc := range []struct {
		name, code string
		displays   int // display_data messages with a picture
		result     bool
		w, h       int
	}{
		{"show", "plt.figure(figsize=(4, 3))\nplt.plot([3, 1, 2], 'r--', label='loss')\nplt.legend()\nplt.show()", 1, false, 400, 300},
		{"drawn, not shown", "plt.imshow(torch.rand(4, 4), cmap='gray'); plt.colorbar()", 1, false, 640, 480},
		{"last value", "fig, axes = plt.subplots(1, 2, figsize=(6, 2))\naxes[0].bar(['a', 'b'], [1, 2])\nfig", 0, true, 600, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reply, msgs := c.Execute(tc.code)
			if reply["status"] != "ok" {
				t.Fatalf("reply %v", reply)
			}
			displays := kerneltest.OfType(msgs, "display_data")
			if len(displays) != tc.displays {
				t.Fatalf("%d display_data messages, want %d", len(displays), tc.displays)
			}
			var data map[string]any
			if len(displays) > 0 {
				data = displays[0]["data"].(map[string]any)
			}
			results := kerneltest.OfType(msgs, "execute_result")
			if tc.result != (len(results) == 1) {
				t.Fatalf("%d execute_result messages", len(results))
			}
			if tc.displays == 0 {
				data = results[0]["data"].(map[string]any)
			}
			if w, h := pictureSize(t, data); w != tc.w || h != tc.h {
				t.Errorf("the picture is %dx%d, want %dx%d", w, h, tc.w, tc.h)
			}
			if txt, _ := data["text/plain"].(string); !strings.HasPrefix(txt, "<Figure size") {
				t.Errorf("text/plain %q", txt)
			}
		})
	}
	// A figure that cannot be drawn is an explanation, not a failure.
	_, msgs := c.Execute("plt.plot([1, float('inf')])")
	displays := kerneltest.OfType(msgs, "display_data")
	if len(displays) != 1 {
		t.Fatalf("%d display_data messages", len(displays))
	}
	if txt := displays[0]["data"].(map[string]any)["text/plain"].(string); !strings.Contains(txt, "cannot be drawn: point 1 is (1, +Inf)") {
		t.Errorf("text/plain %q", txt)
	}
}

// TestKernelDiagrams: show_storage and show_graph reach a notebook as
// display_data with a well-formed SVG (image/svg+xml) and their text
// diagram as text/plain, and print nothing besides.
func TestKernelDiagrams(t *testing.T) {
	c := startLangKernel(t)
	for _, tc := range []struct {
		name, code string
		text, svg  string // in text/plain, in the SVG
	}{
		{"storage", "x = tensor([[1, 2, 3], [4, 5, 6]])\nshow_storage(x, x.t())", "shape [3, 2], strides [1, 3], offset 0, not contiguous", "strides [1, 3]"},
		{"graph", "w = tensor([1., 2.], requires_grad=True)\nshow_graph((w * 2 + w).mean())", "MeanBackward0\n└─ AddBackward0", ">AccumulateGrad</text>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reply, msgs := c.Execute(tc.code)
			if reply["status"] != "ok" {
				t.Fatalf("reply %v", reply)
			}
			displays := kerneltest.OfType(msgs, "display_data")
			if len(displays) != 1 || len(kerneltest.OfType(msgs, "stream")) != 0 {
				t.Fatalf("want one display_data and no stream: %v", msgs)
			}
			data := displays[0]["data"].(map[string]any)
			if txt, _ := data["text/plain"].(string); !strings.Contains(txt, tc.text) {
				t.Errorf("text/plain %q lacks %q", txt, tc.text)
			}
			svg, _ := data["image/svg+xml"].(string)
			if err := xml.Unmarshal([]byte(svg), new(struct {
				XMLName xml.Name `xml:"svg"`
			})); err != nil {
				t.Errorf("image/svg+xml is not an SVG document: %v", err)
			}
			if !strings.Contains(svg, tc.svg) {
				t.Errorf("the SVG lacks %q", tc.svg)
			}
		})
	}
}
