#!/usr/bin/env bash
# Builds the npm package into dist/ as wasm-pack.toml describes (targets, profile, wasm-opt
# flags, gzip size budget). Run scripts/setup.sh first (scripts/dev and scripts/test do).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$TOOLGATE_ROOT"
command -v wasm-pack >/dev/null || tg_die "wasm-pack not found: run ./scripts/setup.sh"
tg_require_npm_wasm_opt
exec node scripts/build.mjs "$@"
