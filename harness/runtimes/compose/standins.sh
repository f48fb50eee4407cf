#!/usr/bin/env bash
# Stand-in base images for the compose runtime where no image registry answers (docs/compose-vm.md).
#   harness/runtimes/compose/standins.sh ensure   every image docker-compose.yml and the Dockerfiles start FROM: kept when the engine
#                                has it, pulled when a registry answers, else (STANDINS=build only: make compose-test
#                                sets it) built here as a stand-in; a failed pull fails otherwise, so a bench on a VM
#                                never runs on a stand-in by accident
#   harness/runtimes/compose/standins.sh list     which images the engine holds as stand-ins, and what each is
# A stand-in has the official image's name and tag and provides exactly what this project uses of it (the
# recipes in harness/runtimes/compose/standins/ list each use), built from what this machine reaches: Debian's packages
# through debootstrap (the mirror this machine's apt uses), the JDK and Node.js the project installs here, this
# machine's Rust toolchain and Docker CLI. Each carries the label org.refservers.standin (what it is, and that it is
# not the official image) and org.refservers.standin.recipe (a hash of its recipe: a changed recipe is rebuilt).
# Images built FROM a stand-in inherit the label, so the bench's summary.json names every image of a run that
# stands on one.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
STATE="${RUN_DIR:-$ROOT/.run}/standins"
RECIPES=$ROOT/harness/runtimes/compose/standins
BASE=refservers/standin-debian:bookworm
LABEL=org.refservers.standin
# npm for the Node.js stand-in: the official image carries the npm of its Node.js release; npm's own package here.
NPM_VERSION=11.21.2

say() { echo "standins: $*"; }
die() { echo "standins: $*" >&2; exit 1; }

# Every image a service or a Dockerfile stage starts from (not stage names, not scratch).
images() {
  {
    sed -n 's/^ *image: *//p' docker-compose.yml
    awk 'toupper($1) == "FROM" { print $2 }' java.Dockerfile */Dockerfile harness/runtimes/compose/*.Dockerfile
  } | grep ':' | sort -u
}

# The stand-in recipe of an image: its Dockerfile under harness/runtimes/compose/standins/.
recipe_of() {
  case "${1%%:*}" in
    mariadb) echo mariadb ;;
    node) echo node ;;
    eclipse-temurin) echo temurin ;;
    rust) echo rust ;;
    docker) echo docker-cli ;;
    *) return 1 ;;
  esac
}

# A recipe's files (its Dockerfile and what it copies in), how its context and its base are made, the versions
# pinned here, and the image it stands in for.
recipe_hash() {
  { cat "$RECIPES/$1".* "$RECIPES/$1"-* 2>/dev/null; declare -f context_of; base_hash; echo "$NPM_VERSION $2"
    [ "$1" != docker-cli ] || docker compose version --short; } | sha256sum | cut -c1-16
}
base_hash() { declare -f ensure_base extra_certificates | sha256sum | cut -c1-16; }

label_of() { docker image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null; }

# The Debian mirror this machine's apt uses for the release it runs.
debian_mirror() {
  apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null \
    | awk '$2 == "bookworm" { print $1; exit }' | grep . || die "apt knows no mirror for bookworm (apt-get update first)"
}

# The PEM certificates of bundle $1 that bundle $2 lacks.
extra_certificates() {
  awk -v known="$2" '
    BEGIN { while ((getline line < known) > 0) { pem = pem line "\n"; if (line ~ /^-----END/) { have[pem] = 1; pem = "" } } }
    { pem = pem $0 "\n" }
    /^-----END/ { if (!(pem in have)) printf "%s", pem; pem = "" }' "$1"
}

ensure_base() {
  local want
  want=$(base_hash)
  [ "$(label_of "$BASE" "$LABEL.recipe")" = "$want" ] && return
  command -v debootstrap >/dev/null || {
    say "installing debootstrap from Debian packages"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  }
  local mirror rootfs
  mirror=$(debian_mirror)
  rootfs=$(mktemp -d)
  say "debootstrap bookworm (minbase) from $mirror"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$STATE/debootstrap.log" 2>&1 \
    || { tail -20 "$STATE/debootstrap.log" >&2; rm -rf "$rootfs"; die "debootstrap failed"; }
  # The certificates this machine trusts beyond Debian's (a registry mirror's, say), trusted in the images too.
  extra_certificates /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt" \
    >"$rootfs/usr/local/share/ca-certificates/this-machine.crt"
  if [ -s "$rootfs/usr/local/share/ca-certificates/this-machine.crt" ]; then
    chroot "$rootfs" update-ca-certificates >/dev/null
  else
    rm "$rootfs/usr/local/share/ca-certificates/this-machine.crt"
  fi
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import \
    --change "LABEL $LABEL=\"Debian 12 (bookworm) minbase from debootstrap, the base of every stand-in\"" \
    --change "LABEL $LABEL.recipe=$want" --change 'CMD ["bash"]' - "$BASE" >/dev/null
  rm -rf "$rootfs"
  say "$BASE imported"
}

# What each recipe's build context holds beside its Dockerfile: the files it copies in from this machine.
context_of() {
  local recipe=$1 ctx=$2
  case "$recipe" in
    mariadb) cp "$RECIPES"/mariadb-*.sh "$ctx/" ;;
    node)
      cp "$(command -v node)" "$ctx/node"
      npm install --prefix "$ctx/npm" --no-save --no-audit --no-fund --no-package-lock --silent "npm@$NPM_VERSION"
      printf 'registry=%s\n' "$(npm config get registry)" >"$ctx/npmrc" ;;
    temurin)
      local home
      home=$(node harness/runtimes/native/stacks.mjs java-home)
      # Dereferenced: Debian's Temurin links cacerts into /etc/ssl, which the image would not have.
      cp -rL "$home" "$ctx/jdk" ;;
    rust)
      local toolchain
      toolchain=$(dirname "$(dirname "$(rustup which cargo)")")
      mkdir -p "$ctx/rust" && cp -r "$toolchain/bin" "$toolchain/lib" "$ctx/rust/" ;;
    docker-cli)
      cp "$(command -v docker)" "$ctx/docker"
      cp "$(docker info --format '{{range .ClientInfo.Plugins}}{{if eq .Name "compose"}}{{.Path}}{{end}}{{end}}')" "$ctx/docker-compose" ;;
  esac
}

build_standin() {
  local image=$1 recipe want ctx
  recipe=$(recipe_of "$image") || die "$image: not pulled, and no stand-in recipe for it in $RECIPES"
  want=$(recipe_hash "$recipe" "$image")
  ensure_base
  make --no-print-directory -s node-check >/dev/null # the Node.js of .node-version, on make's PATH
  ctx=$(mktemp -d "$STATE/ctx.XXXX")
  context_of "$recipe" "$ctx"
  say "building $image as a stand-in ($RECIPES/$recipe.Dockerfile)"
  docker build --file "$RECIPES/$recipe.Dockerfile" --build-arg "BASE=$BASE" --build-arg "IMAGE=$image" \
    --label "$LABEL.recipe=$want" --tag "$image" "$ctx" >"$STATE/$recipe.log" 2>&1 \
    || { tail -20 "$STATE/$recipe.log" >&2; rm -rf "$ctx"; die "the stand-in for $image did not build (log $STATE/$recipe.log)"; }
  rm -rf "$ctx"
  say "$image: $(label_of "$image" "$LABEL")"
}

ensure() {
  mkdir -p "$STATE"
  local image standin
  for image in $(images); do
    if docker image inspect "$image" >/dev/null 2>&1; then
      standin=$(label_of "$image" "$LABEL.recipe")
      # An official image stays; a stand-in whose recipe changed is built again.
      if [ -z "$standin" ] || [ "$standin" = "$(recipe_hash "$(recipe_of "$image")" "$image")" ]; then continue; fi
    elif docker pull --quiet "$image" >/dev/null 2>"$STATE/pull.err"; then
      say "$image pulled"
      continue
    else
      say "$image: no registry answers ($(head -c 160 "$STATE/pull.err"))"
      [ "${STANDINS:-}" = build ] || die "$image could not be pulled; STANDINS=build builds a stand-in for it here"
    fi
    build_standin "$image"
  done
}

list() {
  local image text
  for image in $(images); do
    text=$(label_of "$image" "$LABEL" || true)
    echo "$image: ${text:-$(docker image inspect "$image" >/dev/null 2>&1 && echo 'the official image' || echo 'absent')}"
  done
}

case "${1:-}" in
  ensure) ensure ;;
  list) list ;;
  *) die "usage: harness/runtimes/compose/standins.sh ensure|list" ;;
esac
