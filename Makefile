# chartpipe: `make demo` and `make test` do everything on a fresh Debian machine with the Swift toolchain.
SWIFT ?= swift
# Debian packages the build, the tests and the benchmarks need; installed only when missing.
# chromium, its driver and the fonts render the SVG charts in tests (fonts-noto-cjk: Chinese, Japanese
# and Korean glyphs; fonts-dejavu-core: a font without them, to show what missing glyphs look like).
APT_PACKAGES := libcsv-dev libjansson-dev libicu-dev libsndfile1-dev libxlsxwriter-dev pkg-config python3-venv make gcc nodejs \
                chromium chromium-driver fonts-noto-cjk fonts-dejavu-core
# Python for the tests (openpyxl, selenium, axe-core), pinned in Tests/requirements.txt.
TEST_VENV := .venv-test

.PHONY: deps test-venv build demo test bench schema clean

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

# The venv is made once and refreshed when the requirements change.
test-venv: $(TEST_VENV)/installed
$(TEST_VENV)/installed: Tests/requirements.txt | deps
	[ -x $(TEST_VENV)/bin/python ] || python3 -m venv $(TEST_VENV)
	$(TEST_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/requirements.txt
	touch $@

test: deps test-venv
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	bash Benchmarks/run.sh

# Regenerates the committed JSON Schema from the stage descriptions.
schema:
	$(SWIFT) build --product chartpipe
	"$$($(SWIFT) build --show-bin-path)/chartpipe" schema > schema/pipeline.schema.json

clean:
	rm -rf .build out Benchmarks/results $(TEST_VENV)
