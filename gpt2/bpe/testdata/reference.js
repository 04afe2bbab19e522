// Encodes each string of a JSON array (read from stdin) with the npm
// package gpt-3-encoder, whose directory is the first argument, and prints
// the token ids and the decoded text of each as JSON.
const encoder = require(process.argv[2]);
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const corpus = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const out = corpus.map((s) => {
    const ids = encoder.encode(s);
    return { ids, decoded: encoder.decode(ids) };
  });
  process.stdout.write(JSON.stringify(out));
});
