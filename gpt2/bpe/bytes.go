package bpe

// byteToUnicode maps each byte to the printable character that stands for
// it in the vocabulary: the printable Latin-1 bytes stand for themselves and
// the other 68 are shifted to U+0100 onwards, in order (GPT-2's
// bytes_to_unicode).
var byteToUnicode [256]string

// unicodeToByte is byteToUnicode's inverse.
var unicodeToByte = map[rune]byte{}

func init() {
	printable := func(b int) bool {
		return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF)
	}
	next := rune(256)
	for b := 0; b < 256; b++ {
		r := rune(b)
		if !printable(b) {
			r = next
			next++
		}
		byteToUnicode[b] = string(r)
		unicodeToByte[r] = byte(b)
	}
}
