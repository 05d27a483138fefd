#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  existingSigningKey
} from "./chunk-JRDODRIK.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
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
  LedgerStore,
  createNodeCrypto,
  resolveSigningKey,
  rolePin
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/review.ts
import { userInfo } from "node:os";
import { resolve } from "node:path";
var REVIEW_HELP = `Usage: truss review <approve|reject|needs-changes> SESSION --db DB --key FILE [options]

Records a human sign-off as a signed human_review entry, signed by YOUR key (not the session
key) and pinned to the evidence you saw: the session's current reviewable head. New evidence
appended later makes the review stale. The session must verify with its signer pinned, and the
run must be finished or suspended: a sign-off never vouches for evidence anyone could have signed.

Options:
  --db FILE          the ledger database (default .truss/ledger.db)
  --key FILE         your signing key (default: TRUSS_SIGNING_KEY)
  --note TEXT        why you decided so
  --actor LOGIN      who you are (default: your OS user name)
  --actor-id N       numeric account id, if any
  --commit SHA       the commit you reviewed
  --review-id ID     an external review id (e.g. a GitHub review id)
  --url URL          a link to the review
  --trusted-keys FILE  keys trusted to have signed the session (default: .truss/trusted-keys,
                     as the default branch has it; this machine's own signing key counts too)
  --unpinned         sign off even when the session's signer is not pinned (or the run is
                     unfinished): the review then vouches for evidence anyone could have signed
  --dry-run          print the entry that would be signed; write nothing
  --json             print the appended entry as JSON`;
var DECISIONS = {
  approve: "approved",
  reject: "rejected",
  "needs-changes": "needs_changes"
};
function review(args, io) {
  const [action, ...rest] = args;
  if (!action || action === "--help" || action === "-h" || action === "help")
    return printHelp(io, REVIEW_HELP);
  const decision = DECISIONS[action];
  if (!decision)
    throw new UsageError(`review: unknown decision "${action}"; use approve, reject or needs-changes`);
  const { values, positionals } = parseCommandArgs(`review ${action}`, rest, {
    db: { type: "string" },
    key: { type: "string" },
    note: { type: "string" },
    actor: { type: "string" },
    "actor-id": { type: "string" },
    commit: { type: "string" },
    "review-id": { type: "string" },
    url: { type: "string" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
    "trusted-keys": { type: "string" },
    unpinned: { type: "boolean" }
  });
  if (values.help) return printHelp(io, REVIEW_HELP);
  const [sessionId] = requirePositionals(`review ${action}`, positionals, ["SESSION"]);
  const actorId = values["actor-id"];
  if (actorId !== void 0 && !/^\d+$/.test(actorId))
    throw new UsageError("review: --actor-id must be a number");
  const reviewer = resolveSigningKey({
    keyFile: values.key,
    env: io.env,
    onWarning: (m) => io.stderr(`warning: ${m}
`)
  });
  const dryRun = Boolean(values["dry-run"]);
  const store = LedgerStore.open(ledgerDbPath(io, values.db), {
    receipts: checkReceipt,
    readonly: dryRun,
    mustExist: true
  });
  try {
    const crypto = createNodeCrypto();
    const integrity = store.verifySession(sessionId, { crypto, trusted: /* @__PURE__ */ new Map() });
    if (integrity.failure) {
      io.stderr(
        `refusing to sign off: the chain is broken at seq ${integrity.failure.seq}: ${integrity.failure.message}
`
      );
      return EXIT.failed;
    }
    const pinned = store.verifySession(sessionId, { crypto, trusted: reviewTrust(io, values) });
    const doubts = evidenceDoubts(integrity, pinned);
    if (doubts.length > 0) {
      if (!values.unpinned) {
        io.stderr(
          `refusing to sign off on ${sessionId}: ${doubts.join("; ")}. Pin the signer in .truss/trusted-keys (or pass --trusted-keys FILE), or pass --unpinned to sign off on it anyway.
`
        );
        return EXIT.failed;
      }
      io.stderr(`warning: signing off anyway (--unpinned): ${doubts.join("; ")}
`);
    }
    const payload = {
      decision,
      note: values.note ?? "",
      actor: {
        login: values.actor ?? userInfo().username,
        id: actorId === void 0 ? null : Number(actorId)
      },
      source: {
        review_id: values["review-id"] ?? null,
        commit_sha: values.commit ?? null,
        url: values.url ?? null
      }
    };
    if (dryRun) {
      const preview = {
        ...payload,
        attested_head_hash: store.reviewableHead(sessionId),
        reviewer_key_id: reviewer.keyId
      };
      emit(
        io,
        Boolean(values.json),
        { dry_run: true, kind: "human_review", payload: preview },
        () => `dry run: would append human_review (${decision}) to ${sessionId}, attesting head ${preview.attested_head_hash}, signed by ${reviewer.keyId}`
      );
      return EXIT.ok;
    }
    const entry = store.appendHumanReview(sessionId, reviewer, payload);
    emit(
      io,
      Boolean(values.json),
      entry,
      () => `recorded ${decision} at seq ${entry.seq} (${entry.entry_hash.slice(0, 16)}\u2026), attesting head ${entry.payload.attested_head_hash.slice(0, 16)}\u2026, signed by ${reviewer.keyId}`
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}
function reviewTrust(io, values) {
  const { trusted } = cliTrustedKeys(io, {
    file: values["trusted-keys"] ? resolve(io.cwd, values["trusted-keys"]) : void 0,
    cwd: io.cwd
  });
  const key = existingSigningKey(io, void 0);
  const pins = new Map(trusted);
  if (key && !pins.has(key.publicKeyHex))
    pins.set(key.publicKeyHex, rolePin("this machine's signing key", ["signer"]));
  return pins;
}
function evidenceDoubts(integrity, pinned) {
  const doubts = [];
  if (!pinned.key_pinned)
    doubts.push(
      `the session is signed by ${pinned.key_id}, which no trusted key pins, so anyone could have signed this evidence`
    );
  if (integrity.status === "incomplete") doubts.push(...integrity.notes);
  for (const child of pinned.children)
    if (child.status !== "verified") doubts.push(`child session ${child.session_id} is ${child.status}`);
  return doubts;
}
export {
  REVIEW_HELP,
  review
};
