#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// package.json
var package_default = {
  name: "truss-for-github",
  version: "0.1.0",
  description: "Run agent and PR work as contracts, verify it independently, and sign the verdict into a hash-chained ed25519 ledger.",
  type: "module",
  license: "Apache-2.0",
  private: true,
  engines: {
    node: ">=20.19"
  },
  bin: {
    truss: "dist/cli.js"
  },
  scripts: {
    build: "node scripts/build-report-script.mjs && node scripts/build.mjs",
    test: "vitest run",
    lint: "biome check .",
    format: "biome check --write .",
    typecheck: "tsc --noEmit",
    bench: "node --import tsx bench/index.ts",
    "bench:ledger": "node --import tsx bench/ledger.ts",
    "check-dist": "node scripts/check-dist.mjs",
    all: "npm run lint && npm run typecheck && npm test && npm run build",
    "bench:run": "node --import tsx bench/run.ts",
    "bench:action": "node --import tsx bench/action.ts",
    "bench:runtime": "node --import tsx bench/runtime.ts",
    "bench:report": "node --import tsx bench/report.ts",
    "bench:anchor": "node --import tsx bench/anchor.ts",
    start: "probot run ./dist/app.js",
    "bench:app": "node --import tsx bench/app.ts",
    "bench:injection": "node --import tsx bench/injection.ts",
    "bench:cleanroom": "node --import tsx bench/cleanroom.ts",
    "bench:isolation": "node --import tsx bench/isolation.ts",
    "bench:mcp": "node --import tsx bench/mcp.ts",
    "bench:fanout": "node --import tsx bench/fanout.ts",
    "bench:context": "node --import tsx bench/context.ts",
    "bench:verdicts": "node --import tsx bench/verdicts.ts",
    "bench:delegated-tools": "node --import tsx bench/delegated-tools.ts",
    arch: "node scripts/arch.mjs"
  },
  dependencies: {
    "@actions/artifact": "6.2.1",
    "@actions/attest": "3.2.0",
    "@actions/core": "3.0.1",
    "@anthropic-ai/sdk": "1.14.0",
    "@modelcontextprotocol/sdk": "1.32.2",
    "@noble/ed25519": "3.2.0",
    "@noble/hashes": "2.4.0",
    "@octokit/core": "7.0.8",
    "@octokit/plugin-paginate-rest": "14.0.0",
    "@octokit/plugin-rest-endpoint-methods": "17.0.0",
    "better-sqlite3": "12.6.2",
    probot: "14.3.2",
    "simple-git": "4.0.2",
    "smol-toml": "1.9.1",
    zod: "4.6.7"
  },
  devDependencies: {
    "@biomejs/biome": "2.6.8",
    "@octokit/webhooks-examples": "7.6.1",
    "@sigstore/bundle": "4.0.0",
    "@sigstore/verify": "3.1.1",
    "@types/better-sqlite3": "7.6.13",
    "@types/node": "20.19.25",
    esbuild: "0.28.2",
    "fast-check": "4.11.0",
    nock: "14.0.9",
    "playwright-core": "1.65.1",
    tsx: "4.23.15",
    typescript: "5.9.3",
    vite: "8.3.8",
    vitest: "4.1.12"
  },
  allowScripts: {
    "better-sqlite3": true,
    esbuild: true
  },
  overrides: {
    "@octokit/request": {
      "content-type": "2.1.0"
    }
  }
};

export {
  package_default
};
