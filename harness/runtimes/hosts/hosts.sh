#!/usr/bin/env bash
# Four "machines" on this box for the bench: network namespaces rs-server, rs-db, rs-loadgen and rs-loadgen2
# (198.18.0.1-4 on their eth0: a second load host for LOADGEN_HOSTS) joined by the bridge rs-br0 (198.18.0.254, the
# controller), each running its own sshd.
#   harness/runtimes/hosts/hosts.sh up      install openssh-server if missing, build the rig, start the sshds, prove each answers
#   harness/runtimes/hosts/hosts.sh down    kill everything inside the namespaces, remove them and the bridge (keys kept)
#   harness/runtimes/hosts/hosts.sh status  which namespaces exist and whether each sshd answers; exit 0 only when all do
# Callers: ssh -F "$STATE/ssh_config" 198.18.0.1 cmd; each session has RUN_DIR=$STATE/<role>.
# Nothing is routed off the bridge: no default route, no NAT, ip_forward untouched; one iptables rule accepts
# frames from the bridge to itself (a Docker engine's FORWARD policy would drop them). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../../.."
STATE="${RUN_DIR:-$PWD/.run}/hosts"
BR=rs-br0
BR_ADDR=198.18.0.254
declare -A ADDR=([server]=198.18.0.1 [db]=198.18.0.2 [loadgen]=198.18.0.3 [loadgen2]=198.18.0.4)
ROLES=(server db loadgen loadgen2)
SSH=(ssh -F "$STATE/ssh_config")
# A control socket path (+ the 17 chars ssh adds while binding) must fit in 108 bytes; %C is 40 chars.
CM_DIR=$STATE
[ ${#STATE} -le 44 ] || CM_DIR=/tmp/rs-hosts-$(echo "$STATE" | md5sum | cut -c1-8)

say() { echo "hosts: $*"; }
die() { echo "hosts: $*" >&2; exit 1; }

install() {
  command -v ip >/dev/null || die "ip (iproute2) is missing"
  if [ ! -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null; then
    say "installing OpenSSH from Debian packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-server openssh-client >/dev/null
    # Debian starts a system sshd on port 22; it is not ours and must not listen.
    (service ssh stop || true) >/dev/null 2>&1
    if [ -f /run/sshd.pid ]; then kill "$(cat /run/sshd.pid)" 2>/dev/null || true; fi
  fi
  command -v ssh-keygen >/dev/null && [ -x /usr/sbin/sshd ] || die "ssh-keygen or /usr/sbin/sshd is missing"
}

configure() {
  mkdir -p "$STATE" "$CM_DIR" "${ROLES[@]/#/$STATE/}"
  [ -f "$STATE/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C rs-bench-client -f "$STATE/id_ed25519"
  [ -f "$STATE/ssh_host_ed25519_key" ] || ssh-keygen -q -t ed25519 -N '' -C rs-bench-host -f "$STATE/ssh_host_ed25519_key"
  cp "$STATE/id_ed25519.pub" "$STATE/authorized_keys"
  echo "$(IFS=,; echo "${ADDR[*]}") $(cut -d' ' -f1,2 "$STATE/ssh_host_ed25519_key.pub")" >"$STATE/known_hosts"
  # MaxSessions: every multiplexed ssh call is a session on the one master connection (default 10).
  cat >"$STATE/sshd_config" <<EOF
HostKey $STATE/ssh_host_ed25519_key
AuthorizedKeysFile $STATE/authorized_keys
AllowUsers root
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
MaxSessions 64
MaxStartups 64:30:128
EOF
  cat >"$STATE/ssh_config" <<EOF
Host ${ADDR[*]}
  User root
  IdentityFile $STATE/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $STATE/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 5
  LogLevel ERROR
  ControlMaster auto
  ControlPath $CM_DIR/cm-%C
  ControlPersist 120
EOF
}

sshd_pid() { # the pid of a role's sshd if it is running; a killed one can stay a zombie for a while (pid 1 reaps late)
  local f="$STATE/sshd-$1.pid" pid
  [ -f "$f" ] && pid=$(cat "$f") && grep -qE '^[0-9]+ \(sshd\) [^Z]' "/proc/$pid/stat" 2>/dev/null && echo "$pid"
}

answers() { "${SSH[@]}" -o ControlPath=none "${ADDR[$1]}" true 2>/dev/null; }

wired() { # namespace, eth0 address and bridge port all in place
  ip -n "rs-$1" -o -4 addr show dev eth0 2>/dev/null | grep -q "inet ${ADDR[$1]}/24" &&
    ip -o link show "rs-$1-h" 2>/dev/null | grep -q "master $BR state UP"
}

bridge() {
  ip link show "$BR" >/dev/null 2>&1 || ip link add "$BR" type bridge 2>/dev/null \
    || die "cannot create the bridge $BR (needs root with CAP_NET_ADMIN)"
  ip -o -4 addr show dev "$BR" | grep -q "inet $BR_ADDR/24" || ip addr add "$BR_ADDR/24" dev "$BR"
  ip link set "$BR" up
  # A Docker engine (make engine, or the user's own) sets the FORWARD policy to DROP and passes bridged frames
  # through iptables, which would drop the hosts' traffic with one another: that traffic, and only it, is accepted.
  if command -v iptables >/dev/null; then
    iptables -C FORWARD -i "$BR" -o "$BR" -j ACCEPT 2>/dev/null || iptables -I FORWARD -i "$BR" -o "$BR" -j ACCEPT
  fi
}

kill_ns() { # SIGTERM everything left in a namespace (a stack, a MariaDB), SIGKILL after 10 s
  local ns=$1 pids
  pids=$(ip netns pids "$ns" 2>/dev/null) || return 0
  [ -n "$pids" ] || return 0
  kill $pids 2>/dev/null || true
  for _ in $(seq 1 20); do [ -z "$(ip netns pids "$ns")" ] && return; sleep 0.5; done
  kill -9 $(ip netns pids "$ns") 2>/dev/null || true
  sleep 0.2
}

teardown() { # one role: its control master, its sshd, everything in its namespace, the namespace and veth
  local role=$1 pid
  [ -f "$STATE/ssh_config" ] && "${SSH[@]}" -O exit "${ADDR[$role]}" >/dev/null 2>&1 || true
  if pid=$(sshd_pid "$role"); then kill "$pid" 2>/dev/null || true; fi
  rm -f "$STATE/sshd-$role.pid"
  kill_ns "rs-$role"
  ip netns del "rs-$role" 2>/dev/null || true
  ip link del "rs-$role-h" 2>/dev/null || true
}

wire() {
  local role=$1 ns="rs-$1"
  ip netns add "$ns"
  ip link add "$ns-h" type veth peer name eth0 netns "$ns"
  ip link set "$ns-h" master "$BR" up
  ip -n "$ns" link set lo up
  ip -n "$ns" addr add "${ADDR[$role]}/24" dev eth0
  ip -n "$ns" link set eth0 up
}

start_sshd() {
  local role=$1
  mkdir -p /run/sshd  # privilege separation directory, root-owned
  # env -i: sessions get sshd's own environment plus RUN_DIR, nothing from the caller.
  ip netns exec "rs-$role" env -i /usr/sbin/sshd -f "$STATE/sshd_config" -o "ListenAddress=${ADDR[$role]}" \
    -o "PidFile=$STATE/sshd-$role.pid" -o "SetEnv=RUN_DIR=$STATE/$role" -E "$STATE/sshd-$role.log" \
    || die "sshd for $role did not start; see $STATE/sshd-$role.log"
}

up() {
  install; configure; bridge
  local role
  for role in "${ROLES[@]}"; do
    wired "$role" || { teardown "$role"; wire "$role"; }
    sshd_pid "$role" >/dev/null || start_sshd "$role"
  done
  for role in "${ROLES[@]}"; do
    for _ in $(seq 1 20); do answers "$role" && break; sleep 0.25; done
    answers "$role" || die "$role (${ADDR[$role]}) does not answer ssh; see $STATE/sshd-$role.log"
    say "$role ${ADDR[$role]} (rs-$role) up"
  done
  echo "SSH_CONFIG=$STATE/ssh_config"
}

down() {
  local role
  for role in "${ROLES[@]}"; do teardown "$role"; done
  ip link del "$BR" 2>/dev/null || true
  if command -v iptables >/dev/null; then iptables -D FORWARD -i "$BR" -o "$BR" -j ACCEPT 2>/dev/null || true; fi
  rm -f "$CM_DIR"/cm-* 2>/dev/null || true
  say "down"
}

status() {
  local role ok=0
  for role in "${ROLES[@]}"; do
    if [ ! -e "/run/netns/rs-$role" ]; then say "$role ${ADDR[$role]} (rs-$role) no namespace"; ok=1
    elif answers "$role"; then say "$role ${ADDR[$role]} (rs-$role) up"
    else say "$role ${ADDR[$role]} (rs-$role) namespace present, sshd not answering"; ok=1; fi
  done
  return $ok
}

case "${1:-}" in
  up|down) [ "$(id -u)" = 0 ] || die "run as root (namespaces, veths and the bridge need CAP_NET_ADMIN)"; "$1" ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
