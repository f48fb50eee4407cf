# Every entry point of the project. `make help` lists them.
# Stacks are discovered from */stack.json; STACKS="a b:variant" narrows any target to some of them.

SHELL := /bin/bash
.DEFAULT_GOAL := help

STACKS ?=
export STACKS
export DB_HOST ?= 127.0.0.1
export DB_PORT ?= 3307
export DB_NAME ?= bench
export DB_USER ?= bench
export DB_PASSWORD ?= bench
export STATIC_ROOT ?= $(CURDIR)/.run/static

NODE_MAJOR := 20
STACKS_CLI := node scripts/stacks.mjs
CONFORMANCE := spec/conformance

.PHONY: help deps node-check java-check browser db-up db-down db-reset fixtures build up down \
        unit conformance test bench clean

help: ## list the targets
	@echo "Reference servers: six stacks, five workloads, one contract (spec/API.md)."
	@echo
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F'\t' '{ printf "  make %-14s %s\n", $$1, $$2 }'
	@echo
	@echo "Stacks (from */stack.json):"
	@$(STACKS_CLI) list | sed 's/^/  /'

# ---------------------------------------------------------------- tools
node-check:
	@command -v node >/dev/null || { echo "Node.js $(NODE_MAJOR) is required" >&2; exit 1; }
	@[ "$$(node -p 'process.versions.node.split(".")[0]')" -ge $(NODE_MAJOR) ] || \
	  { echo "Node.js >= $(NODE_MAJOR) is required (found $$(node --version))" >&2; exit 1; }

# The pinned Maven (wrapper) on the newest JDK >= 21, validating the aggregator pom.
java-check:
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -N validate

# Debian's Chromium drives the chat page in a real browser (the conformance suite's browser test).
browser:
	@command -v chromium >/dev/null || { \
	  [ "$$(id -u)" = 0 ] || { echo "install chromium (Debian package) for the browser test" >&2; exit 1; }; \
	  echo "installing chromium from Debian packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

$(CONFORMANCE)/node_modules/.package-lock.json: $(CONFORMANCE)/package-lock.json
	cd $(CONFORMANCE) && npm ci --no-audit --no-fund --loglevel=error

deps: node-check java-check browser $(CONFORMANCE)/node_modules/.package-lock.json ## install what a fresh machine lacks

# ---------------------------------------------------------------- native runtime
db-up: ## start the private MariaDB on 127.0.0.1:3307 (installs it if missing)
	@scripts/db.sh up

db-down: ## stop the private MariaDB (data kept under .run/)
	@scripts/db.sh down

db-reset: ## truncate bookings and aggregates
	@scripts/db.sh reset

fixtures: node-check ## generate the static files under STATIC_ROOT
	@node spec/fixtures/static/generate.mjs $(STATIC_ROOT)

build: node-check java-check ## build STACKS (default: all)
	@$(STACKS_CLI) build

up: db-up fixtures build ## build and start STACKS natively, waiting on /health
	@$(STACKS_CLI) up

down: ## stop started stacks (STACKS, default: all)
	@$(STACKS_CLI) down

# ---------------------------------------------------------------- tests
unit: build ## each stack's own unit tests
	@$(STACKS_CLI) unit

conformance: deps db-up fixtures build ## the contract suite against every stack and variant, started for real
	@$(STACKS_CLI) conformance

test: deps ## everything CI runs: unit tests, conformance against every stack, harness tests
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory conformance
	@$(MAKE) --no-print-directory harness-test

.PHONY: harness-test
harness-test: ## the runtime's and harness's own tests
	@node --test scripts/test/

# ---------------------------------------------------------------- bench
bench: ## the main job: every workload on every stack, same CPUs, same DB (see loadtest/)
	@[ -f loadtest/bench.mjs ] || { echo "make bench: the load harness (loadtest/) has not landed yet" >&2; exit 1; }
	@node loadtest/bench.mjs

clean: down db-down ## stop everything and remove .run/, results/ and build outputs
	rm -rf .run results $(CONFORMANCE)/node_modules */node_modules */target
