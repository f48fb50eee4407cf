# The bench's load generator for the compose runtime (docker-compose.yml, profile "bench"): wrk (throughput) and
# oha (open-loop latency, built from crates.io at the version loadtest/generators/openloop.mjs pins), a JDK with JMeter and
# the chat client built from Maven Central through the wrapper (which needs unzip), Node.js to run
# loadtest/bench.mjs, nginx for the generator ceiling, and the Docker CLI with its compose plugin to start each
# stack service in turn through the engine's socket. Built from the repository root; cargo's registry and oha's
# build, Maven's repository and npm's cache are BuildKit cache mounts, kept between builds.
FROM docker:28.3.1-cli AS docker

FROM rust:1.95.0-slim-bookworm AS oha
# make: oha's allocator (tikv-jemalloc-sys) builds jemalloc with it, and the slim image has none.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends make \
 && rm -rf /var/lib/apt/lists/*
COPY loadtest/generators/openloop.mjs /tmp/openloop.mjs
RUN --mount=type=cache,target=/usr/local/cargo/registry --mount=type=cache,target=/oha-build \
    CARGO_TARGET_DIR=/oha-build cargo install oha --locked --root /oha \
      --version "$(sed -n "s/^export const OHA_VERSION = '\(.*\)';$/\1/p" /tmp/openloop.mjs)"

FROM node:26.10.0-trixie-slim AS npm
WORKDIR /bench/loadtest
COPY loadtest/package.json loadtest/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# The bench finds the stacks by their stack.json, as natively: every */stack.json of the build context, each in its
# own directory (COPY with a wildcard would put them all in one), so that a new stack needs no line here.
FROM node:26.10.0-trixie-slim AS stacks
RUN --mount=type=bind,target=/context mkdir /stacks && cd /context && cp --parents */stack.json /stacks/

FROM eclipse-temurin:25.0.3_9-jdk-noble
# libatomic1: the official Node.js binary copied in below links it (the node image installs it; this one lacks it).
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx wrk unzip libatomic1 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=docker /usr/local/bin/docker /usr/local/bin/docker
COPY --from=docker /usr/local/libexec/docker/cli-plugins/docker-compose /usr/local/libexec/docker/cli-plugins/docker-compose
COPY --from=npm /usr/local/bin/node /usr/local/bin/node
COPY --from=oha /oha/bin/oha /usr/local/bin/oha
WORKDIR /bench
# JMeter and the chat client first: the slow downloads stay cached while the harness changes.
COPY mvnw ./
COPY .mvn .mvn
COPY loadtest/pom.xml loadtest/
RUN --mount=type=cache,target=/root/.m2 ./mvnw -q -B -f loadtest/pom.xml com.lazerycode.jmeter:jmeter-maven-plugin:configure
# The chat client's parent pom: the versions and build plugins every Java module shares.
COPY pom.xml ./
COPY loadtest/generators/chat-client/pom.xml loadtest/generators/chat-client/
COPY loadtest/generators/chat-client/src loadtest/generators/chat-client/src
RUN --mount=type=cache,target=/root/.m2 ./mvnw -q -B -f loadtest/generators/chat-client/pom.xml package -DskipTests
COPY --from=npm /bench/loadtest/node_modules loadtest/node_modules
COPY spec/booking.proto spec/
COPY spec/lib spec/lib
COPY spec/fixtures spec/fixtures
COPY harness/lib harness/lib
COPY docker-compose.yml ./
COPY --from=stacks /stacks/ ./
COPY loadtest loadtest
# Root: the engine's socket is root's, and nginx and taskset run as natively under root.
CMD ["node", "loadtest/bench.mjs"]
