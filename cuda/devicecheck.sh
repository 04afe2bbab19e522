#!/usr/bin/env bash
# devicecheck.sh: the one command to run on a machine with an NVIDIA GPU.
# It builds kael, runs package cuda's tests with KAEL_REQUIRE_CUDA=1 (so a
# missing GPU fails instead of skipping), runs the GPU benchmark, and
# prints a summary. Run it from anywhere in the repository:
#
#     cuda/devicecheck.sh
#
# Without Go on the machine, build the test binary elsewhere first
# (go test -c -o cuda/cuda.test ./cuda) and this script runs that.
set -u
cd "$(dirname "$0")/.."
out=${OUT:-/tmp}/devicecheck
mkdir -p "$out"
status=0
summary=()
note() { summary+=("$1"); echo "== $1"; }

if command -v nvidia-smi >/dev/null; then
	nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
else
	note "nvidia-smi not found (the tests will say whether libcuda.so.1 loads)"
fi

export KAEL_REQUIRE_CUDA=1
if command -v go >/dev/null; then
	if CGO_ENABLED=0 go build ./... 2>"$out/build.txt"; then
		note "build: ok (CGO_ENABLED=0 go build ./...)"
	else
		note "build: FAILED (see $out/build.txt)"; cat "$out/build.txt"; status=1
	fi
	go test -c -o "$out/cuda.test" ./cuda || { note "test build: FAILED"; exit 1; }
	testbin=$out/cuda.test
elif [ -x cuda/cuda.test ]; then
	note "no go here: running the prebuilt cuda/cuda.test"
	testbin=cuda/cuda.test
else
	note "no go and no prebuilt cuda/cuda.test: nothing to run"; exit 1
fi

# Every test: the GPU ones fail rather than skip with KAEL_REQUIRE_CUDA=1.
if (cd cuda && "$testbin" -test.count=1 -test.v 2>&1) >"$out/test.txt"; then
	note "tests: ok"
else
	note "tests: FAILED"; status=1
fi
grep -E '^(--- |ok|FAIL|PASS)' "$out/test.txt" | grep -v '^--- PASS' | head -40
grep -E 'CUDA driver|allocator after' "$out/test.txt" | head -5
passed=$(grep -c '^--- PASS' "$out/test.txt"); failed=$(grep -c '^--- FAIL' "$out/test.txt"); skipped=$(grep -c '^--- SKIP' "$out/test.txt")
note "tests passed $passed, failed $failed, skipped $skipped (full log: $out/test.txt)"

if (cd cuda && "$testbin" -test.run '^$' -test.bench 'Device' -test.benchtime 50x 2>&1) >"$out/bench.txt"; then
	note "benchmark: $(grep -E '^Benchmark' "$out/bench.txt" | tr -s ' ' | tr '\t' ' ')"
else
	note "benchmark: FAILED"; cat "$out/bench.txt"; status=1
fi

echo
echo "devicecheck summary:"
printf '  %s\n' "${summary[@]}"
exit $status
