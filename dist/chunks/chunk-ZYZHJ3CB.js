#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MemoryView,
  SqliteMemoryStore,
  ledgerVerdictSource
} from "./chunk-DZTWCUQU.js";
import {
  resolveRunKey
} from "./chunk-ZYEDR7CY.js";
import {
  MemoryError,
  formatRef
} from "./chunk-P5AJ53RB.js";
import {
  existingSigningKey
} from "./chunk-JRDODRIK.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  LedgerStore,
  createNodeCrypto,
  rolePin
} from "./chunk-P2CFU6IE.js";

// src/cli/memory-io.ts
import { existsSync, mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, resolve } from "node:path";
var MEMORY_PLACE_OPTIONS = {
  workdir: { type: "string" },
  db: { type: "string" },
  key: { type: "string" },
  "trusted-keys": { type: "string" },
  json: { type: "boolean" }
};
var MEMORY_PLACE_HELP = `  --workdir DIR          the repository (default: current directory)
  --db FILE              ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE             your signing key: signs decisions and proposals, and its decisions are trusted
                         (default: TRUSS_SIGNING_KEY, else the per-install key)
  --trusted-keys FILE    keys whose signed decisions count (default: <workdir>/.truss/trusted-keys), besides yours
  --json                 machine-readable output`;
function memoryDbExists(io, values) {
  return existsSync(ledgerDbPath(io, values.db, resolve(io.cwd, values.workdir ?? ".")));
}
function openMemoryPlace(io, values, options) {
  const workdir = resolve(io.cwd, values.workdir ?? ".");
  const dbPath = ledgerDbPath(io, values.db, workdir);
  if (options.write) mkdirSync(dirname(dbPath), { recursive: true });
  else if (!existsSync(dbPath))
    throw new MemoryError(
      "no_entry",
      `no memory yet: there is no ledger database at ${dbPath} (propose with truss memory propose, import with truss playbook import, or pass --db / --workdir)`
    );
  const ledger = LedgerStore.open(dbPath, {
    receipts: checkReceipt,
    ...options.write ? {} : { readonly: true }
  });
  let memory;
  try {
    memory = SqliteMemoryStore.open(dbPath, { readonly: !options.write });
  } catch (error) {
    ledger.close();
    throw error;
  }
  const { trusted, from } = decisionKeys(io, values, workdir);
  return {
    workdir,
    dbPath,
    ledger,
    memory,
    view: new MemoryView(memory, ledgerVerdictSource(ledger, createNodeCrypto()), trusted),
    trustedFrom: from,
    close() {
      memory.close();
      ledger.close();
    }
  };
}
function decisionKeys(io, values, workdir) {
  const resolved = cliTrustedKeys(io, {
    file: values["trusted-keys"] ? resolve(io.cwd, values["trusted-keys"]) : void 0,
    cwd: workdir
  });
  const trusted = new Map(resolved.trusted);
  const own = existingSigningKey(io, values.key);
  if (own && !trusted.has(own.publicKeyHex))
    trusted.set(own.publicKeyHex, rolePin("your signing key", ["signer"]));
  const from = [resolved.source, own ? "your signing key" : null].filter(Boolean).join(" + ") || "no keys";
  return { trusted, from };
}
function cliSigner(io, place, keyFile) {
  return {
    ledger: place.ledger,
    memory: place.memory,
    signer: resolveRunKey(keyFile, io),
    codeVersion: `truss ${package_default.version}`,
    principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" }
  };
}
function entryJson(entry, view) {
  const problem = entry.trust === "verified" ? view.problemOf(entry) : null;
  return {
    ...entry,
    checked: entry.trust === "verified" ? problem === null : null,
    ...problem ? { ignored: problem } : {}
  };
}
function entryLine(entry, view) {
  const problem = entry.trust === "verified" ? view.problemOf(entry) : null;
  const tier = problem ? "IGNORED" : entry.trust;
  const first = entry.body.split("\n").find((line) => line.trim() !== "") ?? "";
  return `${entry.id.slice(0, 12)}  ${entry.kind.padEnd(9)} ${tier.padEnd(10)} ${entry.key}  ${first.slice(0, 80)}`;
}
function entryDetail(entry, place) {
  const problem = entry.trust === "verified" ? place.view.problemOf(entry) : null;
  const lines = [
    `id          ${entry.id}`,
    `kind        ${entry.kind}`,
    `key         ${entry.key}`,
    `trust       ${entry.trust}${problem ? ` \u2014 IGNORED: ${problem}` : entry.trust === "verified" ? " (checked against its signed verdict)" : ""}`,
    `salience    ${entry.salience}`,
    `produced_by ${formatRef(entry.provenance.produced_by)}`,
    `verified_by ${formatRef(entry.provenance.verified_by)}`,
    ...entry.provenance.sources.length ? [`sources     ${entry.provenance.sources.map(formatRef).join(", ")}`] : [],
    ...entry.superseded_by ? [`superseded  by ${entry.superseded_by}`] : [],
    ...place.memory.decisions(entry.id).map((d) => `decision    ${d.decision} ${formatRef(d.ref)}`),
    "",
    entry.body
  ];
  return lines.join("\n");
}
function openRunMemory(io, ledger, options) {
  const store = SqliteMemoryStore.open(ledger.path);
  const { trusted } = decisionKeys(io, { key: options.keyFile }, options.workdir);
  return {
    store,
    view: new MemoryView(store, ledgerVerdictSource(ledger, createNodeCrypto()), trusted),
    close: () => store.close()
  };
}
function decisionLines(entry, result) {
  return [
    `${result.payload.decision} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}): now ${result.entry.trust}`,
    `  ${result.payload.reason}`,
    `  signed memory_verdict ${result.ref.session}#${result.ref.seq}`
  ];
}

export {
  MEMORY_PLACE_OPTIONS,
  MEMORY_PLACE_HELP,
  memoryDbExists,
  openMemoryPlace,
  cliSigner,
  entryJson,
  entryLine,
  entryDetail,
  openRunMemory,
  decisionLines
};
