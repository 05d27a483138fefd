#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  ledgerBundleFileName
} from "./chunk-BWCCY57Z.js";
import "./chunk-7YTOE65D.js";
import {
  AttestationRefusedError,
  attestBundle
} from "./chunk-P5SVQUCN.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  KeyError,
  LedgerStore,
  createNodeCrypto,
  exportBundleToFile,
  loadKeyFile,
  parseSeedBase64,
  writeFileAtomic
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/attest.ts
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
var ATTEST_HELP = `Usage: truss attest SESSION|BUNDLE.json -o verdict.intoto.json [options]

Signs an in-toto verdict attestation (DSSE envelope, predicate https://truss.dev/verdict/v1) for a
ledger bundle, with the ledger's own key. Its subjects are the git commit the verdict covers and
the bundle file (sha256). The bundle is verified first; one that does not verify, is unfinished
or has no verdict is refused. Given a SESSION, it is exported from --db to a bundle file first.

Options:
  -o, --out FILE           where to write the DSSE envelope (required)
  --sigstore-bundle FILE   also write a Sigstore bundle v0.3 (public-key hint, no tlog entries)
  --db FILE                ledger database for SESSION (default .truss/ledger.db)
  --bundle-out FILE        (SESSION) where to export the bundle (default: next to --out,
                           ${ledgerBundleFileName("<session>")})
  --key FILE               the ledger's signing key (default: TRUSS_SIGNING_KEY, else the
                           per-install key \`truss run\` uses)
  --pubkey HEX             a trusted public key the ledger must verify against; repeatable
  --trusted-keys FILE      trusted public keys, one per line (default: .truss/trusted-keys if
                           present, else the signing key itself)
  --json                   print what was written as JSON

Exit codes: 0 written, 1 bundle failed verification, 3 bad input (no verdict, wrong key,
unreadable file), 4 integrity_only, 5 incomplete, 6 suspended (a suspended run has no verdict
to attest), 64 usage`;
var REFUSAL_EXIT = {
  failed: EXIT.failed,
  incomplete: EXIT.incomplete,
  suspended: EXIT.suspended,
  integrity_only: EXIT.integrityOnly,
  input: EXIT.input
};
function attest(args, io) {
  const { values, positionals } = parseCommandArgs("attest", args, {
    out: { type: "string", short: "o" },
    "sigstore-bundle": { type: "string" },
    db: { type: "string" },
    "bundle-out": { type: "string" },
    key: { type: "string" },
    pubkey: { type: "string", multiple: true },
    "trusted-keys": { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, ATTEST_HELP);
  const [target] = requirePositionals("attest", positionals, ["SESSION|BUNDLE.json"]);
  if (!values.out) throw new UsageError("attest: -o FILE is required (where to write the attestation)");
  const at = (path) => resolve(io.cwd, path);
  const out = at(values.out);
  const signer = signingKey(values.key, io);
  const { trusted, source } = cliTrustedKeys(io, {
    keys: values.pubkey ?? [],
    file: values["trusted-keys"],
    cwd: io.cwd
  });
  const isFile = values.db === void 0 && existsSync(at(target));
  let bundlePath;
  if (isFile) {
    bundlePath = at(target);
  } else {
    if (target.endsWith(".json") && values.db === void 0)
      throw new KeyError(`attest: ${target} does not exist (give a bundle file or a session id with --db)`);
    bundlePath = at(values["bundle-out"] ?? join(dirname(values.out), ledgerBundleFileName(target)));
    const store = LedgerStore.open(ledgerDbPath(io, values.db), { receipts: checkReceipt, readonly: true });
    try {
      store.requireSession(target);
      exportBundleToFile(store, target, createNodeCrypto(), bundlePath);
    } finally {
      store.close();
    }
  }
  let bundleBytes;
  try {
    bundleBytes = readFileSync(bundlePath);
  } catch (error) {
    throw new KeyError(`cannot read ${bundlePath} (${error.code ?? "error"})`);
  }
  let attestation;
  try {
    attestation = attestBundle({
      bundleBytes,
      bundleName: basename(bundlePath),
      source: isFile ? target : bundlePath,
      signer,
      crypto: createNodeCrypto(),
      trusted,
      trussVersion: package_default.version
    });
  } catch (error) {
    if (!(error instanceof AttestationRefusedError)) throw error;
    const hint = source ? ` (trusted keys from ${source.replace(/^--key\b/, "--pubkey")})` : "";
    io.stderr(`truss: ${error.message}${error.status === "failed" ? hint : ""}
`);
    return REFUSAL_EXIT[error.status];
  }
  writeFileAtomic(out, `${JSON.stringify(attestation.envelope, null, 2)}
`);
  const sigstorePath = values["sigstore-bundle"] ? at(values["sigstore-bundle"]) : null;
  if (sigstorePath) writeFileAtomic(sigstorePath, `${JSON.stringify(attestation.sigstoreBundle, null, 2)}
`);
  const { predicate, subject } = attestation.statement;
  const verifyCommand = `truss verify-attestation ${values.out} --key ${signer.publicKeyHex} --bundle ${isFile ? target : bundlePath}`;
  emit(
    io,
    Boolean(values.json),
    {
      attestation: out,
      sigstore_bundle: sigstorePath,
      bundle: bundlePath,
      bundle_sha256: attestation.bundleSha256,
      session_id: predicate.ledger.session_id,
      verdict: predicate.verdict,
      key_id: signer.keyId,
      public_key: signer.publicKeyHex,
      subject,
      verify_command: verifyCommand
    },
    () => [
      `attested session ${predicate.ledger.session_id}: verdict ${predicate.verdict.toUpperCase()}${predicate.git?.head_sha ? ` for commit ${predicate.git.head_sha.slice(0, 12)}` : ""}`,
      `  attestation  ${out} (DSSE, signed by ${signer.keyId})`,
      ...sigstorePath ? [`  sigstore     ${sigstorePath}`] : [],
      `  subject      ${basename(bundlePath)} sha256:${attestation.bundleSha256}`,
      `verify it with: ${verifyCommand}`
    ].join("\n")
  );
  return EXIT.ok;
}
function signingKey(keyFile, io) {
  const warn = (message) => io.stderr(`warning: ${message}
`);
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile), warn);
  if (io.env.TRUSS_SIGNING_KEY !== void 0)
    return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, "TRUSS_SIGNING_KEY");
  const configHome = io.env.XDG_CONFIG_HOME || join(io.env.HOME || homedir(), ".config");
  const path = join(configHome, "truss", "signing.key");
  if (existsSync(path)) return loadKeyFile(path, warn);
  throw new KeyError(
    "attest: no signing key: pass --key FILE or set TRUSS_SIGNING_KEY to the key that signed the ledger"
  );
}
export {
  ATTEST_HELP,
  attest
};
