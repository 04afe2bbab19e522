// Package safetensors reads and writes the safetensors file format: an
// 8-byte little-endian header length N, N bytes of JSON naming each tensor's
// dtype, shape and byte range, then the raw row-major little-endian data.
//
// Reading reads the whole file into memory once (not a mapping, which
// faults when another program truncates the file under loaded tensors), and
// refuses what is not a regular file at once. Tensors of dtype F32, F64, I64
// and BOOL are views of those bytes, not further copies (on a little-endian
// machine, when the data is aligned); writing to such a tensor never changes
// the file, and the bytes live for as long as any tensor views them. The
// dtypes kael does not have convert on load to the nearest one kael has:
//
//	F16, BF16            -> float32 (exact)
//	I32, I16, I8, U8,
//	U16, U32             -> int64   (exact)
//
// Other dtypes of the format (F8_*, U64, complex, ...) are refused with an
// error naming the tensor.
//
// The header is validated as the reference implementation (Hugging Face's
// safetensors crate) does, and each failure is an error naming the file and,
// where there is one, the tensor: a header longer than 100,000,000 bytes or
// running past the end of the file, a header that is not a JSON object,
// duplicate names, unknown dtypes, a byte range whose length is not the
// element count times the element size, element counts that overflow, and
// byte ranges that do not tile the data buffer exactly (no gap, no overlap,
// ending at its end).
//
// Save writes tensors in name order, with the header padded with spaces to
// a multiple of 8 bytes and an optional __metadata__ string map, into a
// temporary file that is renamed over the destination only once it is
// complete.
package safetensors
