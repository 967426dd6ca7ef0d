# chartpipe: `make demo` and `make test` do everything on a fresh Debian machine with the Swift toolchain.
SWIFT ?= swift
# Debian packages the build, the tests and the benchmarks need; installed only when missing.
# chromium, its driver and the fonts render the SVG charts in tests (fonts-noto-cjk: Chinese, Japanese
# and Korean glyphs; fonts-dejavu-core: a font without them, to show what missing glyphs look like).
# libsqlite3-dev and libpq-dev: the database sources; postgresql: the server PostgresSourceTests starts.
APT_PACKAGES := libcsv-dev libjansson-dev libsqlite3-dev libpq-dev postgresql libicu-dev libsndfile1-dev libxlsxwriter-dev libssl-dev pkg-config python3-venv make gcc nodejs \
                chromium chromium-driver fonts-noto-cjk fonts-dejavu-core
# A single-node Slurm for the test of deploy/slurm/ (Tests/Slurm/slurm-test.sh): Debian 12's is 22.05.
SLURM_PACKAGES := slurm-wlm munge
# Python for the tests (openpyxl, selenium, axe-core), pinned in Tests/requirements.txt.
TEST_VENV := .venv-test

.PHONY: deps slurm-deps test-venv build demo test test-build test-long plugin-checks plugin-command plugin-fixture plugin-skeleton slurm-check fuzz sanitize sanitizer-build bench schema clean

deps:
	@$(MAKE) -s apt-install PACKAGES="$(APT_PACKAGES)"
slurm-deps:
	@$(MAKE) -s apt-install PACKAGES="$(SLURM_PACKAGES)"

# Installs the Debian packages of PACKAGES that are missing (none: nothing runs).
.PHONY: apt-install
apt-install:
	@missing=""; for p in $(PACKAGES); do \
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

# The demo runs twice, as a nightly job would: over the data of the day before (generate.py
# --day-before, beside a copy of the pipeline), then over the committed data, a day longer, which
# is compared with the first run; the English report's "Since the last run" is printed at the end.
demo: build
	@bin="$$($(SWIFT) build -c release --show-bin-path)/chartpipe"; \
	day="$$(mktemp -d)"; trap 'rm -rf "$$day"' EXIT; \
	cp -R pipelines/weekly.pipeline pipelines/weekly.xcstrings pipelines/plugins "$$day/"; \
	python3 pipelines/data/generate.py --day-before "$$day/data" || exit 1; \
	out="$$(pwd)/out/weekly"; \
	echo "The day before:"; \
	"$$bin" run "$$day/weekly.pipeline" --out "$$out" --no-compare --no-progress || exit $$?; \
	echo; echo "Today, a day more of data:"; \
	"$$bin" run pipelines/weekly.pipeline --no-progress; status=$$?; \
	echo; python3 scripts/since-last-run.py "$$out/report.en.html"; \
	echo; echo "The demo's output is in $$out (manifest.json lists every file)."; \
	echo "Open its report in a browser (the index; a page per chart under charts/ID/): $$out/report.en.html"; \
	exit $$status

# The venv is made once and refreshed when the requirements change.
test-venv: $(TEST_VENV)/installed
$(TEST_VENV)/installed: Tests/requirements.txt | deps
	[ -x $(TEST_VENV)/bin/python ] || python3 -m venv $(TEST_VENV)
	$(TEST_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/requirements.txt
	touch $@

# Each step of `make test` and .ci/run prints its time (scripts/timed.sh) and the table at the end
# shows them all (scripts/step-times.sh), so that a change sees what it costs. A caller that times
# more steps into the same table (.ci/run) sets KEEP_STEP_TIMES=1.
STEP_TIMES ?= $(CURDIR)/.build/step-times.txt
export STEP_TIMES
TIMED := bash scripts/timed.sh
# Test cases run in parallel, one worker per processor: each case in a process of its own, every
# test in a folder of its own (Harness.temporaryFolder), no test on a fixed port.
TEST_WORKERS ?= $(shell nproc)
PARALLEL := --parallel --num-workers $(TEST_WORKERS)
# `swift test` that closes on a line of counts (the parallel runner prints none of its own).
SWIFT_TEST := env SWIFT=$(SWIFT) bash scripts/swift-test.sh
# What a test build needs: the test bundle, the binary the end-to-end tests run and the example
# plugin. Not `--build-tests`, which also builds every module a second time as the host tool of
# the SwiftPM plugins (…-tool.build): `plugin-checks` builds that when it uses the plugins.
TEST_PRODUCTS := chartpipePackageTests chartpipe chartpipe-stage-rolling

test: deps test-venv
	@[ -n "$(KEEP_STEP_TIMES)" ] || rm -f $(STEP_TIMES)
	@$(TIMED) build $(MAKE) -s test-build
	@$(TIMED) unit-tests $(SWIFT_TEST) unit-tests --skip-build $(PARALLEL) --skip EndToEndTests
	@$(TIMED) end-to-end $(SWIFT_TEST) end-to-end --skip-build $(PARALLEL) --filter EndToEndTests
	@$(TIMED) plugin-command $(MAKE) -s plugin-command
	@$(TIMED) plugin-fixture $(MAKE) -s plugin-fixture
	@$(TIMED) plugin-skeleton $(MAKE) -s plugin-skeleton
	@$(TIMED) slurm $(MAKE) -s slurm-check
	@[ -n "$(KEEP_STEP_TIMES)" ] || bash scripts/step-times.sh

test-build:
	@for product in $(TEST_PRODUCTS); do $(SWIFT) build --product $$product || exit 1; done

# The trials of the tests that start many processes at their full count (SIGTERM at 30 moments,
# 60 kills and double signals, 8 full disks; a few of each run in `make test`), after `make test`'s
# build. Each trial prints its seed: CHARTPIPE_TRIAL_SEED=SEED replays it (Tests/Support/Trials.swift).
test-long: deps test-venv test-build
	CHARTPIPE_LONG_TESTS=1 $(SWIFT) test --skip-build --filter 'InterruptTests|FaultTests'

# deploy/slurm/ on a real single-node Slurm (munged, slurmctld, slurmd on 127.0.0.1, everything
# under .build/slurm): 3 array tasks and the dependent merge must equal one run byte for byte.
slurm-check: slurm-deps
	CHARTPIPE="$$($(SWIFT) build --show-bin-path)/chartpipe" bash Tests/Slurm/slurm-test.sh

# The SwiftPM plugins and the Swift plugin skeleton: `swift package chartpipe` from this package,
# which builds the modules as the plugins' host tool; then the same from a package that depends on
# chartpipe by path, whose build checks its .pipeline files (one valid, one with a mistake that must
# fail the build with a compiler-style diagnostic), in the same scratch folder, where it finds that
# host tool built (a folder of its own would build every module again); then a skeleton from
# `chartpipe plugin new --language swift` must pass its own tests.
PLUGIN_FIXTURE := Tests/PluginTests/Fixtures/PipelinePackage
BROKEN_LOG := .build/plugin-fixture-broken.log
plugin-checks: plugin-command plugin-fixture plugin-skeleton
plugin-command:
	$(SWIFT) package chartpipe validate pipelines/weekly.pipeline
plugin-fixture:
	$(SWIFT) package --package-path $(PLUGIN_FIXTURE) --scratch-path .build chartpipe validate $(PLUGIN_FIXTURE)/Sources/Good/sales.pipeline
	$(SWIFT) build --package-path $(PLUGIN_FIXTURE) --scratch-path .build --target Good
	@if $(SWIFT) build --package-path $(PLUGIN_FIXTURE) --scratch-path .build --target Broken > $(BROKEN_LOG) 2>&1; then \
	  echo "error: the target with a broken pipeline built"; exit 1; \
	fi; \
	if grep -q "Sources/Broken/sales.pipeline:4:68: error: 'points' must be an integer of at least 20" $(BROKEN_LOG); then \
	  echo "The broken pipeline failed the build with its diagnostic, as it must."; \
	else \
	  cat $(BROKEN_LOG); echo "error: the build did not report the broken pipeline as expected"; exit 1; \
	fi
plugin-skeleton:
	rm -rf .build/plugin-skeleton
	"$$($(SWIFT) build --show-bin-path)/chartpipe" plugin new skeleton --language swift --in .build/plugin-skeleton > /dev/null
	$(SWIFT) test --package-path .build/plugin-skeleton/skeleton

# libFuzzer targets (Fuzz/), FUZZ_SECONDS each, one after another; corpora grow under .build/fuzz and a
# crashing input is kept under .build/fuzz/crashes (the run prints its path and fails).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= csv json pipeline catalog template xliff po
fuzz: deps
	@$(TIMED) fuzz env FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) bash Fuzz/run.sh $(FUZZ_TARGETS)

# Every test under AddressSanitizer, then the suites that run work concurrently under ThreadSanitizer,
# each in a build folder of its own. No leak checks: LeakSanitizer takes Swift's static lets for leaks;
# no Swift backtracer: the sanitizers print their own stacks.
TSAN_TESTS ?= ChartpipeCoreTests.RunnerTests|LockedTests|EndToEndTests.RunTests|EndToEndTests.ReportBatchTests|EndToEndTests.DemoTests|ManyThreads|WorkerBudgetTests|ArtifactWriterTests|ReferenceTests.testSortsSplit|PointLabelTests.testAxchart|StageTests.testALongSeries
# Tests/tsan-suppressions.txt says which reports are not checked, and why. The fault tests (tmpfs,
# kill -9) exercise processes, not threads: they run once, in `make test`.
TSAN_SKIP ?= FaultTests
# The 30 SIGTERMs of a 300-chart run (InterruptTests) start 60 runs of the binary: that costs minutes
# in a debug build and three times more under AddressSanitizer, so they run once, in `make test`.
ASAN_SKIP ?= InterruptTests
sanitize: deps test-venv
	@$(TIMED) asan-build $(MAKE) -s sanitizer-build SANITIZER=address
	@$(TIMED) asan-tests env ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no \
	  $(SWIFT_TEST) asan-tests --skip-build --sanitize=address --scratch-path .build/asan $(PARALLEL) --skip '$(ASAN_SKIP)'
	@$(TIMED) tsan-build $(MAKE) -s sanitizer-build SANITIZER=thread
	@$(TIMED) tsan-tests env TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan-suppressions.txt SWIFT_BACKTRACE=enable=no \
	  $(SWIFT_TEST) tsan-tests --skip-build --sanitize=thread --scratch-path .build/tsan $(PARALLEL) --filter '$(TSAN_TESTS)' \
	  --skip '$(TSAN_SKIP)'

# The test products under one sanitizer (SANITIZER=address|thread), in .build/asan or .build/tsan:
# the same products as `test-build`, so not the plugins' host tools, which no sanitized test runs.
sanitizer-build:
	@scratch=.build/$(if $(filter address,$(SANITIZER)),asan,tsan); \
	for product in $(TEST_PRODUCTS); do \
	  $(SWIFT) build --sanitize=$(SANITIZER) --scratch-path $$scratch --product $$product || exit 1; \
	done

bench: deps
	bash Benchmarks/run.sh

# Regenerates the committed JSON Schemas from the stage descriptions and the plugin protocol.
schema:
	$(SWIFT) build --product chartpipe
	@bin="$$($(SWIFT) build --show-bin-path)/chartpipe"; \
	for name in pipeline plugin-describe plugin-request plugin-response; do \
	  "$$bin" schema $$name > schema/$$name.schema.json || exit 1; \
	done

clean:
	rm -rf .build out Benchmarks/results $(TEST_VENV)
