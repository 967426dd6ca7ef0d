# chartpipe: `make demo` and `make test` do everything on a fresh Debian machine with the Swift toolchain.
SWIFT ?= swift
# Debian packages the build, the tests and the benchmarks need; installed only when missing.
APT_PACKAGES := libcsv-dev libjansson-dev libicu-dev libsndfile1-dev pkg-config python3-venv make gcc

.PHONY: deps build demo test fuzz sanitize bench schema clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product chartpipe

demo: build
	@bin="$$($(SWIFT) build -c release --show-bin-path)/chartpipe"; \
	"$$bin" run pipelines/weekly.pipeline --no-progress; status=$$?; \
	echo; echo "The demo's output is in $$(cd pipelines && cd ../out/weekly && pwd) (manifest.json lists every file)."; \
	exit $$status

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# libFuzzer targets (Fuzz/), FUZZ_SECONDS each, one after another; corpora grow under .build/fuzz and a
# crashing input is kept under .build/fuzz/crashes (the run prints its path and fails).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= csv json pipeline catalog template
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) bash Fuzz/run.sh $(FUZZ_TARGETS)

# Every test under AddressSanitizer, then the suites that run work concurrently under ThreadSanitizer,
# each in a build folder of its own. No leak checks: LeakSanitizer takes Swift's static lets for leaks;
# no Swift backtracer: the sanitizers print their own stacks.
TSAN_TESTS ?= ChartpipeCoreTests.RunnerTests|EndToEndTests.RunTests|EndToEndTests.DemoTests|ManyThreads
# ThreadSanitizer defers signals to points of its own: that test's SIGINT took effect only after the
# run (1.5 million rows, minutes under it); RunnerTests cover interrupts. Tests/tsan-suppressions.txt
# says which reports are not checked, and why.
TSAN_SKIP ?= testInterruptWritesTheManifestAndExits130
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan-suppressions.txt SWIFT_BACKTRACE=enable=no \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_TESTS)' \
	  --skip '$(TSAN_SKIP)'

bench: deps
	bash Benchmarks/run.sh

# Regenerates the committed JSON Schema from the stage descriptions.
schema:
	$(SWIFT) build --product chartpipe
	"$$($(SWIFT) build --show-bin-path)/chartpipe" schema > schema/pipeline.schema.json

clean:
	rm -rf .build out Benchmarks/results
