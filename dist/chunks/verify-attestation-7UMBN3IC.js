#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  AttestationFormatError,
  verifyAttestation
} from "./chunk-P5SVQUCN.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  TRUST_HELP,
  TRUST_OPTIONS,
  trustFrom
} from "./chunk-ZFCKMRPV.js";
import "./chunk-K4EWXBDF.js";
import "./chunk-RDZHSOJG.js";
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
  createNodeCrypto,
  hasRole
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/verify-attestation.ts
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
var VERIFY_ATTESTATION_HELP = `Usage: truss verify-attestation FILE --key HEX [--bundle BUNDLE.json] [--json]

Verifies a verdict attestation from \`truss attest\` (a DSSE envelope or a Sigstore bundle v0.3)
offline: payloadType, a signature by a pinned key whose keyid is that key's SHA256: fingerprint,
the statement (in-toto Statement v1, predicate https://truss.dev/verdict/v1) and, with --bundle,
that the bundle file is exactly the attested sha256 subject. To check the evidence inside the
bundle too, run \`truss verify BUNDLE.json --key HEX\`.

Options:
${TRUST_HELP}
  --bundle FILE          the ledger bundle the attestation should cover
  --json                 print the report as JSON

Exit codes: 0 verified, 1 failed, 3 unreadable input, 64 usage`;
function verifyAttestation2(args, io) {
  const { values, positionals } = parseCommandArgs("verify-attestation", args, {
    ...TRUST_OPTIONS,
    bundle: { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, VERIFY_ATTESTATION_HELP);
  const [file] = requirePositionals("verify-attestation", positionals, ["FILE"]);
  const { trusted, source } = trustFrom(values, io);
  if (!hasRole(trusted, "signer"))
    throw new UsageError(
      "verify-attestation: pass --key HEX (the ledger public key) or --trusted-keys FILE with a roles=signer key; an attestation proves nothing without a pinned signer key"
    );
  const bundleBytes = values.bundle ? read(resolve(io.cwd, values.bundle)) : void 0;
  const report = verifyAttestation(read(resolve(io.cwd, file)).toString("utf8"), file, {
    crypto: createNodeCrypto(),
    trusted,
    ...bundleBytes ? { bundleBytes } : {}
  });
  emit(
    io,
    Boolean(values.json),
    { file, trust_source: source, ...report },
    () => formatAttestationReport(report, values.bundle)
  );
  return report.status === "verified" ? EXIT.ok : EXIT.failed;
}
function read(path) {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new AttestationFormatError(
      `cannot read ${path} (${error.code ?? "error"})`
    );
  }
}
function formatAttestationReport(report, bundle) {
  const kind = report.format === "dsse" ? "DSSE envelope" : "Sigstore bundle";
  if (report.status === "failed")
    return [
      `\u2718 FAILED  verdict attestation (${kind})`,
      `  broken [${report.failure?.code}]: ${report.failure?.message}`
    ].join("\n");
  const statement = report.statement;
  const p = statement?.predicate;
  const bundleSubject = statement?.subject.find((s) => s.digest.sha256);
  return [
    `\u2714 VERIFIED  verdict attestation (${kind}) signed by ${report.key_id}`,
    `  verdict ${p?.verdict.toUpperCase()}  contract ${p?.contract.id ?? "?"}  session ${p?.ledger.session_id}`,
    ...p?.git?.head_sha ? [`  commit ${p.git.head_sha}${p.git.repo ? ` (${p.git.repo})` : ""}`] : [],
    `  bundle ${bundleSubject?.name} sha256:${bundleSubject?.digest.sha256} (${bundle ? `matches ${bundle}` : "not checked: pass --bundle FILE"})`,
    `  ledger head ${p?.ledger.head_hash}; check the evidence itself with \`truss verify BUNDLE.json --key HEX\``
  ].join("\n");
}
export {
  VERIFY_ATTESTATION_HELP,
  verifyAttestation2 as verifyAttestation
};
