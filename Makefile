# kael — `make run` starts the REPL, `make test` runs every test.
# Everything else a target needs (Go tools, Debian packages) is installed here.

export GOTOOLCHAIN := local
GO        ?= go
BIN       := $(CURDIR)/bin
KAEL      := $(BIN)/kael
EXHAUSTIVE_VERSION := v0.17.1
EXHAUSTIVE := $(BIN)/exhaustive
# Debian packages for the Jupyter integration test (the real jupyter client)
# and the references lang/magic's TestAgainstIPython (python3-ipython) and
# cmd/kael's TestPayloadsAgainstIPykernel (python3-ipykernel) compare with.
JUPYTER_DEBS := python3-jupyter-client jupyter-client python3-nbclient python3-nbformat jupyter-nbconvert python3-jupyter-kernel-test python3-ipython python3-ipykernel
# Debian packages of the references the GPT-2 tests compare with: PyTorch
# (safetensors round trip, golden logits; also lang's PyTorch-style corpus and
# the operation goldens, lang/testdata/ops/gen.py, which KAEL_REQUIRE_TORCH=1
# demands) and node with npm (the npm package gpt-3-encoder, which the
# tokenizer test installs into the user's cache).
# python3-numpy and python3-matplotlib are what the real programs of
# lang/programs import beside torch (docs/programs.md). libopenblas0-pthread
# is the BLAS their PyTorch outputs were recorded with: Debian's torch calls
# whichever libblas.so.3 is installed, and the reference BLAS rounds
# differently, which moves the stopping batch of ex_regression (a loop
# that trains until its loss falls under a threshold); OpenBLAS's AVX2 and
# AVX-512 kernels give the same output there.
GPT2_DEBS := python3-torch python3-numpy python3-matplotlib libopenblas0-pthread nodejs
# Debian packages of the browser test (cmd/kael TestNotebookInBrowser): the
# classic Notebook server and the browser playwright-core (npm) drives.
BROWSER_DEBS := jupyter-notebook chromium nodejs
BROWSER_DIR := cmd/kael/testdata/browser
# Debian packages of the classroom test and benchmark (make test-hub,
# make bench-classroom; docs/classroom.md): JupyterHub 3.0 with its
# configurable-http-proxy, the classic Notebook server for the students,
# and for the benchmark's comparison ipykernel with PyTorch.
HUB_DEBS := jupyterhub jupyter-notebook python3-ipykernel python3-torch
# Students of make bench-classroom.
STUDENTS ?= 30
# Debian packages for the side-by-side benchmarks.
BENCH_DEBS := python3-numpy python3-torch libopenblas0-pthread python3-threadpoolctl
FUZZTIME  ?= 10s
# go test's limit for one package: far above the slowest package's time on
# a loaded 2-core machine (lang, about 1 minute quiet and 3 with both cores
# busy; docs/performance.md), so that a busy machine does not fail a test.
TEST_TIMEOUT ?= 30m
# The packages whose results go through kael's kernels, run again by make
# test with the kernels capped to each instruction set (tensor/internal/isa):
# an AVX-512 machine then also tests the AVX2 and portable paths that
# machines without AVX-512 take. PyTorch is capped alike, so the references
# run the paths such a machine runs (ATEN_CPU_CAPABILITY).
ISA_PACKAGES := ./tensor/... ./autograd ./nn ./gpt2/... ./safetensors ./lang

.PHONY: all build run test test-isa test-go test-gonb test-hub fuzz lint bench bench-classroom bench-instructions book book-html install-kernel jupyter-deps gpt2-deps browser-deps bench-deps hub-deps clean

all: build

build:
	$(GO) build -o $(KAEL) ./cmd/kael

## run: build kael and start the REPL
run: build
	$(KAEL)

## test: every test, including the Jupyter integration test with the real client
## and the comparisons with PyTorch (KAEL_REQUIRE_TORCH); then the packages that allocate tensors again with outputs allocated by make
## instead of runtime.mallocgc (-tags kael_safealloc, tensor/internal/rawmem);
## then the kernels' packages on each slower instruction set (test-isa)
test: jupyter-deps gpt2-deps browser-deps
	KAEL_REQUIRE_JUPYTER=1 KAEL_REQUIRE_TORCH=1 KAEL_POISON_UNINITIALIZED=1 $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	KAEL_POISON_UNINITIALIZED=1 $(GO) test -count=1 -timeout $(TEST_TIMEOUT) -tags kael_safealloc ./tensor ./tensor/internal/rawmem ./autograd
	cd gonb && $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	$(MAKE) --no-print-directory test-isa

## test-isa: the packages of ISA_PACKAGES with kael's kernels capped at AVX2
## and at portable Go (KAEL_ISA), PyTorch's at AVX2 and DEFAULT alike; on a
## CPU without AVX-512 the first run takes the paths make test already did
test-isa: gpt2-deps
	@set -e; for isa in avx2:avx2 generic:default; do \
	  echo "KAEL_ISA=$${isa%%:*} ATEN_CPU_CAPABILITY=$${isa##*:}"; \
	  KAEL_ISA=$${isa%%:*} ATEN_CPU_CAPABILITY=$${isa##*:} KAEL_REQUIRE_TORCH=1 KAEL_POISON_UNINITIALIZED=1 \
	    $(GO) test -count=1 -timeout $(TEST_TIMEOUT) $(ISA_PACKAGES); \
	done

## test-gonb: run every notebook under notebooks/go/ with the real gonb kernel
## (gonb and goimports built from the versions pinned in gonb/tools; about
## 2 minutes to build them the first time, then about a minute for the
## notebooks), checking their outputs; .ci/run runs it after make test
GONB_TOOLS := $(BIN)/gonb-tools
test-gonb: jupyter-deps
	cd gonb/tools && $(GO) build -o $(GONB_TOOLS)/ tool
	cd gonb && KAEL_REQUIRE_GONB=1 KAEL_GONB_BIN=$(GONB_TOOLS) $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./nbtest

## test-hub: a JupyterHub classroom on 127.0.0.1 (.ci/classroom.py, as root:
## it creates three students as Unix users and removes them): kael's
## kernelspec installed for them with --copy-binary and --memory-limit, their
## servers started through the REST API, cells run through the websocket, an
## interrupt and a MemoryError at the limit; .ci/run runs it after make test
test-hub: build hub-deps
	/usr/bin/python3 .ci/classroom.py test $(KAEL)

## bench-classroom: STUDENTS (30) students at once with kael, then with
## ipykernel + torch: memory per student (server and kernel, RSS and PSS),
## time to the first result and failures, as the table of docs/performance.md
bench-classroom: build hub-deps
	/usr/bin/python3 .ci/classroom.py bench $(KAEL) -n $(STUDENTS)

## fuzz: run each fuzz target for $(FUZZTIME) (.ci/fuzz-one: once more after
## Go 1.26's fuzz deadline race, never after a real finding)
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$f"; \
	    GO=$(GO) ./.ci/fuzz-one $$pkg $$f $(FUZZTIME); \
	  done; \
	done

## lint: gofmt, go vet and the exhaustive analyzer over switches on tensor.DType
## (a new dtype fails every switch that misses it, as -Wswitch does in C++),
## and the proof that an extra dtype fails every place that needs it
## (.ci/check-extra-dtype, docs/adr/0001-runtime-dtype.md)
lint: $(EXHAUSTIVE)
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@cd gonb && $(GO) mod tidy -diff >/dev/null || { echo "gonb/go.mod or go.sum is out of date (kael's own dependencies changed): run cd gonb && go mod tidy"; exit 1; }
	cd gonb && $(GO) vet ./...
	$(EXHAUSTIVE) -typeonly 'tensor\.DType$$' ./...
	./.ci/check-extra-dtype $(EXHAUSTIVE)

$(EXHAUSTIVE):
	GOBIN=$(BIN) $(GO) install github.com/nishanths/exhaustive/cmd/exhaustive@$(EXHAUSTIVE_VERSION)

## book: copy notebooks/checks.kael (with each notebook's hints and solutions)
## and the chapter pages' questions into the book's notebooks, end each with a
## progress() cell, and write the learner notebooks (notebooks/learner/) with
## the solutions taken out; draw the chapter pages' figures (docs/figures/*.svg)
book:
	$(GO) run ./cmd/kaelbook notebooks

## book-html: the book as a static site in $(BOOK_HTML) (open its index.html):
## the pages of docs/ and the notebooks executed with the kael kernel
## (nbconvert), with their outputs and pictures, a table of contents and
## links between chapters and notebooks; fails on a broken link or a missing
## image (cmd/kaelbook -html, internal/booksite)
BOOK_HTML := build/book
book-html: build jupyter-deps
	$(GO) run ./cmd/kaelbook -html $(BOOK_HTML) -kael $(KAEL) notebooks

## bench: Go benchmarks side by side with NumPy and PyTorch, one table
bench: bench-deps
	$(GO) run ./cmd/kaelbench

## bench-instructions: instructions per iteration of the language loops (valgrind)
bench-instructions:
	@./.ci/apt-ensure valgrind
	./.ci/loop-instructions

## install-kernel: install the Jupyter kernelspec for the current user
install-kernel: build
	$(KAEL) kernel install --user

jupyter-deps:
	@./.ci/apt-ensure $(JUPYTER_DEBS)

gpt2-deps:
	@./.ci/apt-ensure $(GPT2_DEBS)
	@command -v npm >/dev/null || ./.ci/apt-ensure npm

browser-deps:
	@./.ci/apt-ensure $(BROWSER_DEBS)
	@command -v npm >/dev/null || ./.ci/apt-ensure npm
	@[ -d $(BROWSER_DIR)/node_modules/playwright-core ] || npm ci --prefix $(BROWSER_DIR) --no-audit --no-fund

bench-deps:
	@./.ci/apt-ensure $(BENCH_DEBS)

hub-deps:
	@./.ci/apt-ensure $(HUB_DEBS)

clean:
	rm -rf $(BIN)
