# Shared by scripts/*: repo root, PATH order, logging. Source it; do not run it.
# shellcheck shell=bash

TOOLGATE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export TOOLGATE_ROOT

# cargo-installed tools (wasm-pack, wasm-bindgen) and, FIRST, the npm tools: wasm-pack runs the
# first `wasm-opt` on PATH and it must be npm's binaryen — Debian's binaryen writes broken wasm.
export PATH="$TOOLGATE_ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# wasm-pack: never prompt, and if a cache is set it must exist (TOOLCHAIN.md).
if [ -n "${WASM_PACK_CACHE:-}" ]; then mkdir -p "$WASM_PACK_CACHE"; fi

# Debian's fixed locations (chromium, chromium-driver packages).
export TOOLGATE_CHROMIUM="${TOOLGATE_CHROMIUM:-/usr/bin/chromium}"
export TOOLGATE_CHROMEDRIVER="${TOOLGATE_CHROMEDRIVER:-/usr/bin/chromedriver}"

tg_log()  { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
tg_warn() { printf 'warning: %s\n' "$*" >&2; }
tg_die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# The exact wasm-bindgen crate version in Cargo.lock (the CLI must match it byte for byte,
# or wasm-pack tries to download one from GitHub and fails offline).
tg_wasm_bindgen_version() {
  awk '/^\[\[package\]\]/{name=""} /^name = "wasm-bindgen"$/{name=1} name && /^version = /{gsub(/"/,"",$3); print $3; exit}' \
    "$TOOLGATE_ROOT/Cargo.lock"
}

# Fails unless the wasm-opt on PATH is the npm binaryen under node_modules.
tg_require_npm_wasm_opt() {
  local w
  w="$(command -v wasm-opt || true)"
  case "$w" in
    "$TOOLGATE_ROOT"/node_modules/.bin/wasm-opt) ;;
    "") tg_die "wasm-opt not found: run ./scripts/setup.sh (npm binaryen)";;
    *) tg_die "wasm-opt on PATH is $w, not the npm binaryen in node_modules: run ./scripts/setup.sh";;
  esac
}
