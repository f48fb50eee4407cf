#!/usr/bin/env bash
# The Docker engine for the compose runtime on this machine (docs/compose-vm.md), as root:
#   harness/runtimes/compose/engine.sh up      install Debian's docker.io and the pinned compose plugin where missing; start dockerd
#                             when `docker info` does not answer, and remember that this script started it
#   harness/runtimes/compose/engine.sh down    stop dockerd if (and only if) this script started it
#   harness/runtimes/compose/engine.sh status  whether an engine answers, and whether it is ours
# Addresses: the engine's bridge and every network it makes live in 198.18.0.0/15, the range reserved for
# benchmark networks (harness/runtimes/hosts/hosts.sh has 198.18.0.0/24): bip 198.18.128.1/24, pools of /24s from 198.18.144.0/20.
# Published ports go through iptables' NAT, not docker-proxy: the proxy reads ahead from a stack into socket buffers
# of its own, so a client that stops reading would not push back on the stack as it does natively (the conformance
# suite's slow chat reader is not closed within its 15 s then).
# The compose plugin is not a Debian package: it is built from its Go module (the Go module proxy), the version
# below, into the CLI's plugin folder.
set -euo pipefail
cd "$(dirname "$0")/../../.."
STATE="${RUN_DIR:-$PWD/.run}/engine"
COMPOSE_MODULE=github.com/docker/compose/v2
COMPOSE_VERSION=v2.40.3
# The newest Go the module's dependencies build with (older toolchains refuse it); the Go module proxy serves it.
COMPOSE_GOTOOLCHAIN=go1.27.3
PLUGINS="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins"
BRIDGE_IP=198.18.128.1/24
POOL=198.18.144.0/20

say() { echo "engine: $*"; }
die() { echo "engine: $*" >&2; exit 1; }
answers() { timeout 10 docker info >/dev/null 2>&1; }
# Ours: the pid this script wrote is alive and is a dockerd (not a pid reused since a reboot).
ours() { [ -f "$STATE/dockerd.pid" ] && [ "$(cat "/proc/$(cat "$STATE/dockerd.pid")/comm" 2>/dev/null)" = dockerd ]; }

install_engine() {
  command -v dockerd >/dev/null && command -v docker >/dev/null && return
  [ "$(id -u)" = 0 ] || die "install Docker Engine (Debian package docker.io) or run as root"
  say "installing docker.io from Debian packages"
  apt-get update -qq
  # The package would start its own dockerd (systemd, Docker's default addresses): this script starts the engine.
  local policy=/usr/sbin/policy-rc.d added=
  [ -e "$policy" ] || { printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && added=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io >/dev/null
  [ -z "$added" ] || rm -f "$policy"
  if [ -d /run/systemd/system ]; then systemctl disable --now docker.socket docker.service >/dev/null 2>&1 || true; fi
}

# An engine this script did not start may be used only if its networks keep to 198.18.0.0/15 like ours.
check_foreign() {
  local subnets
  subnets=$(docker network inspect bridge --format '{{range .IPAM.Config}}{{.Subnet}} {{end}}' 2>/dev/null)
  case "$subnets" in
    198.18.*|198.19.*) ;;
    *) die "the Docker engine that answers is not ours and its bridge is ${subnets:-unknown}, outside 198.18.0.0/15: stop it (or configure bip and default-address-pools as in $0), then make engine" ;;
  esac
}

install_compose() {
  [ "$(docker compose version --short 2>/dev/null)" = "${COMPOSE_VERSION#v}" ] && return
  command -v go >/dev/null || die "Go is needed to build the compose plugin (make go-check installs it)"
  say "building docker compose $COMPOSE_VERSION from its Go module into $PLUGINS"
  local gopath
  gopath=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$gopath'" EXIT
  local dir
  dir=$(GOPATH="$gopath" GOFLAGS=-modcacherw go mod download -json "$COMPOSE_MODULE@$COMPOSE_VERSION" \
    | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  [ -d "$dir" ] || die "go mod download of $COMPOSE_MODULE@$COMPOSE_VERSION gave no module directory"
  mkdir -p "$PLUGINS"
  (cd "$dir" && GOPATH="$gopath" GOFLAGS=-modcacherw GOTOOLCHAIN=$COMPOSE_GOTOOLCHAIN CGO_ENABLED=0 go build -trimpath \
    -ldflags "-s -w -X $COMPOSE_MODULE/internal.Version=$COMPOSE_VERSION" -o "$PLUGINS/docker-compose" ./cmd)
  [ "$(docker compose version --short)" = "${COMPOSE_VERSION#v}" ] || die "docker compose does not answer $COMPOSE_VERSION"
}

start_engine() {
  if answers; then
    ours || check_foreign
    say "an engine answers already ($(docker info --format '{{.ServerVersion}}'))$(ours && echo ', started by make engine')"
    return
  fi
  [ "$(id -u)" = 0 ] || die "no Docker engine answers; start one (or run make engine as root)"
  mkdir -p "$STATE"
  cat >"$STATE/daemon.json" <<EOF
{
  "bip": "$BRIDGE_IP",
  "default-address-pools": [{ "base": "$POOL", "size": 24 }],
  "storage-driver": "overlay2",
  "userland-proxy": false
}
EOF
  say "starting dockerd (log $STATE/dockerd.log)"
  # setsid: the engine outlives this make; its pid is what `down` may stop.
  setsid dockerd --config-file "$STATE/daemon.json" >"$STATE/dockerd.log" 2>&1 </dev/null &
  echo $! >"$STATE/dockerd.pid"
  for _ in $(seq 60); do
    answers && { say "dockerd $(docker info --format '{{.ServerVersion}}') up (pid $(cat "$STATE/dockerd.pid"))"; return; }
    kill -0 "$(cat "$STATE/dockerd.pid")" 2>/dev/null || { tail -20 "$STATE/dockerd.log" >&2; rm -f "$STATE/dockerd.pid"; die "dockerd exited"; }
    sleep 1
  done
  tail -20 "$STATE/dockerd.log" >&2
  die "dockerd did not answer within 60 s"
}

stop_engine() {
  if ! ours; then
    rm -f "$STATE/dockerd.pid"
    say "no engine started by make engine is running; nothing stopped"
    return
  fi
  local pid
  pid=$(cat "$STATE/dockerd.pid")
  kill -TERM "$pid"
  for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -0 "$pid" 2>/dev/null && die "dockerd (pid $pid) still running 60 s after SIGTERM"
  rm -f "$STATE/dockerd.pid"
  say "dockerd (pid $pid) stopped"
}

case "${1:-}" in
  up) install_engine; start_engine; install_compose ;;
  down) stop_engine ;;
  status)
    if answers; then say "answers$(ours && echo ' (started by make engine)')"; else say "no engine answers"; exit 1; fi ;;
  *) die "usage: harness/runtimes/compose/engine.sh up|down|status" ;;
esac
