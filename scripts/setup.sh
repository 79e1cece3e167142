#!/usr/bin/env bash
# Installs what building and testing toolgate needs, skipping whatever is already present.
# Idempotent; a few seconds when everything is installed. Usage: scripts/setup.sh [--no-browser]
#
#   wasm32 target             rustup target add wasm32-unknown-unknown
#   wasm-pack  $WASM_PACK_VERSION  cargo install --locked wasm-pack
#   wasm-bindgen CLI          cargo install wasm-bindgen-cli at the exact wasm-bindgen version in Cargo.lock
#   npm tools                 npm ci from package-lock.json (binaryen's wasm-opt, playwright-core, typescript,
#                             ignore, shell-quote; and the client matrix's vite 8 and 6, vite-plugin-wasm, webpack,
#                             webpack-cli, esbuild, typescript 4.9 and 5.9, publint, @arethetypeswrong/cli)
#   chromium, chromedriver    apt-get (Debian's packages; never a downloaded browser)
#
# Only package registries are used (crates.io, npm, Debian): nothing downloads from elsewhere.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$TOOLGATE_ROOT"

WASM_PACK_VERSION="${WASM_PACK_VERSION:-0.15.1}"
want_browser=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) want_browser=0 ;;
    *) tg_die "unknown argument: $arg (usage: scripts/setup.sh [--no-browser])" ;;
  esac
done

installed=()
skipped=()
did()     { installed+=("$1"); }
present() { skipped+=("$1"); }

command -v cargo >/dev/null  || tg_die "cargo not found: this machine needs a Rust toolchain (rustup)"
command -v rustup >/dev/null || tg_die "rustup not found: needed to add the wasm32 target"
command -v node >/dev/null   || tg_die "node not found: Node.js 18+ with npm is required"
command -v npm >/dev/null    || tg_die "npm not found: Node.js 18+ with npm is required"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 18 ] || tg_die "Node.js $node_major is too old: 18 or newer is required"

# cargo install --locked, and when a locked dependency version is no longer in the registry
# (seen with wasm-bindgen-cli 0.2.130), an unlocked install of the same pinned version.
cargo_install() {
  local crate="$1" version="$2"
  tg_log "cargo install $crate $version (several minutes on 2 cores, once per machine)"
  if ! cargo install --locked "$crate" --version "$version"; then
    tg_warn "cargo install --locked $crate $version failed; retrying without --locked"
    cargo install "$crate" --version "$version"
  fi
}

# 1. wasm32 target
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  present "wasm32-unknown-unknown target"
else
  tg_log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
  did "wasm32-unknown-unknown target"
fi

# 2. wasm-pack at the pinned version
have="$(wasm-pack --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" = "$WASM_PACK_VERSION" ]; then
  present "wasm-pack $have"
else
  [ -n "$have" ] && tg_warn "wasm-pack $have on PATH; installing $WASM_PACK_VERSION"
  cargo_install wasm-pack "$WASM_PACK_VERSION"
  did "wasm-pack $WASM_PACK_VERSION"
fi

# 3. wasm-bindgen CLI (+ wasm-bindgen-test-runner) = the crate version locked in Cargo.lock
wbg="$(tg_wasm_bindgen_version)"
[ -n "$wbg" ] || tg_die "no wasm-bindgen package in Cargo.lock"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" = "$wbg" ] && command -v wasm-bindgen-test-runner >/dev/null; then
  present "wasm-bindgen-cli $have"
else
  [ -n "$have" ] && tg_warn "wasm-bindgen $have on PATH, Cargo.lock wants $wbg"
  cargo_install wasm-bindgen-cli "$wbg"
  did "wasm-bindgen-cli $wbg"
fi

# 4. npm tools, reinstalled when package-lock.json changed since the last npm ci
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
stamp="node_modules/.toolgate-lock.sha256"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ] && [ -x node_modules/.bin/wasm-opt ]; then
  present "npm tools (node_modules matches package-lock.json)"
else
  tg_log "npm ci"
  npm ci --include=dev --no-audit --no-fund # devDependencies even when NODE_ENV=production
  echo "$lock_hash" > "$stamp"
  did "npm tools ($(node -p 'Object.keys(require("./package.json").devDependencies).join(", ")'))"
fi
tg_require_npm_wasm_opt

# 5. Debian's chromium + chromium-driver
if [ "$want_browser" = 1 ]; then
  if [ -x "$TOOLGATE_CHROMIUM" ] && [ -x "$TOOLGATE_CHROMEDRIVER" ]; then
    present "chromium + chromedriver ($("$TOOLGATE_CHROMIUM" --version 2>/dev/null | awk '{print $2}'))"
  else
    command -v apt-get >/dev/null || tg_die "chromium missing and apt-get not found (Debian's chromium, chromium-driver needed)"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    tg_log "apt-get install chromium chromium-driver"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium chromium-driver
    did "chromium + chromium-driver (apt)"
  fi
fi

echo "setup: installed: ${installed[*]:-nothing}"
for s in "${skipped[@]}"; do echo "setup: present, skipped: $s"; done
