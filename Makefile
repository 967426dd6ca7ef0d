# chartpipe: `make demo` and `make test` do everything on a fresh Debian machine with the Swift toolchain.
SWIFT ?= swift
# Debian packages the build, the tests and the benchmarks need; installed only when missing.
APT_PACKAGES := libcsv-dev libjansson-dev libicu-dev libsndfile1-dev pkg-config python3-venv make gcc

.PHONY: deps build demo test bench schema clean

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
	rm -rf .build out Benchmarks/results
