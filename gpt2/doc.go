// Package gpt2 is OpenAI's GPT-2 language model, built from kael's own
// tensor operations (embedding, layer norm, matmul, GELU with the tanh
// approximation, softmax), with a key/value cache for generation and
// greedy, temperature, top-k and top-p sampling.
//
// It loads Hugging Face checkpoints as published (model.safetensors, with
// or without the "transformer." prefix, lm_head.weight present or tied to
// wte, the attn.bias and attn.masked_bias buffers ignored, Conv1D weights
// stored (in, out) and used as y = x·W + b), taking the configuration from
// config.json when there is one and inferring it from the shapes
// otherwise. Weights of other floating dtypes are converted to float32;
// float32 weights are used in place in the file's bytes, read into memory
// once (package safetensors).
//
// The tokenizer is in package gpt2/bpe.
package gpt2
