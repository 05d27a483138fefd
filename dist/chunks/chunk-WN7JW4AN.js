#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LogMemoryStore,
  MemoryView,
  approvalPrior,
  bundleVerdictSource,
  promoteEntry,
  revokeEntry,
  signApproval
} from "./chunk-DZTWCUQU.js";
import {
  BranchMovedError,
  branchHead,
  commitFilesToBranch,
  listSessionMetas,
  readRepoFile,
  readStickyMetadata
} from "./chunk-23665E7C.js";
import {
  evidenceSessions,
  findEntry
} from "./chunk-WYRVO7HT.js";
import {
  MemoryError,
  ingestProposals
} from "./chunk-P5AJ53RB.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  NO_TRUSTED_KEYS,
  createNodeCrypto,
  exportBundle,
  parseBundle,
  rolePin,
  tryReadEntry,
  verifyBundle
} from "./chunk-P2CFU6IE.js";

// src/github/memory-branch.ts
var MEMORY_LOG_PATH = "memory/log.jsonl";
var ATTEMPTS = 4;
function memorySessionPath(sessionId) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `memory/sessions/${sessionId}.json`;
}
async function readMemoryBranch(place) {
  const head = await branchHead(place.octokit, place.owner, place.repo, place.branch);
  const read = (path) => head ? readAt(place, head.commitSha, path) : Promise.resolve(null);
  const store = new LogMemoryStore(await read(MEMORY_LOG_PATH) ?? "");
  const bundles = /* @__PURE__ */ new Map();
  for (const session of store.decisionSessions()) {
    const text = await read(memorySessionPath(session));
    if (text !== null) bundles.set(session, text);
  }
  return {
    head,
    store,
    bundles,
    view: (trusted, options = {}) => new MemoryView(store, bundleVerdictSource(bundles, createNodeCrypto()), trusted, options)
  };
}
async function proposeOnMemoryBranch(options) {
  const bundle = parseBundle(options.bundleText, "the run bundle");
  const report = verifyBundle(bundle, {
    crypto: options.crypto ?? createNodeCrypto(),
    trusted: NO_TRUSTED_KEYS,
    // A run on a ledger branch carries the anchor receipt of the log there (docs/ledger.md).
    receipts: checkReceipt
  });
  if (report.failure)
    throw new MemoryError(
      "bad_entry",
      `the run bundle does not verify (seq ${report.failure.seq}: ${report.failure.message}); nothing proposed`
    );
  const sessionId = bundle.ledger.session_id;
  const path = memorySessionPath(sessionId);
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const expect = options.expect;
    const only = options.onlyExpected && expect !== void 0 ? (id) => id.startsWith(expect) : void 0;
    const ingest = ingestProposals(snapshot.store, sessionId, bundle.ledger.entries, only);
    const matching = new Set(
      expect === void 0 ? [] : ingest.proposed.filter((id) => id.startsWith(expect))
    );
    if (matching.size > 1)
      throw new MemoryError(
        "ambiguous",
        `${expect} is the prefix of ${matching.size} entries session ${sessionId} proposes; give more of the id; nothing proposed`
      );
    if (expect !== void 0 && matching.size === 0) {
      const skipped = ingest.skipped.map((s) => `seq ${s.seq} item ${s.index}: ${s.reason}`).join("; ");
      throw new MemoryError(
        "no_entry",
        `session ${sessionId}'s bundle proposes no valid entry ${expect}${skipped ? ` (skipped: ${skipped})` : ""}; nothing proposed`
      );
    }
    if (!snapshot.store.changed) return { value: ingest, files: null, message: "" };
    const kept = snapshot.head ? await readAt(options, snapshot.head.commitSha, path) : null;
    if (kept !== null && kept !== options.bundleText)
      throw new MemoryError(
        "bad_entry",
        `${path} on ${options.branch} already holds another bundle of session ${sessionId}${snapshot.bundles.has(sessionId) ? " (a signed decision)" : ""}; a bundle never replaces another, so nothing proposed`
      );
    return {
      value: ingest,
      files: [{ path, content: options.bundleText }],
      message: options.message ?? `truss: memory proposals from ${sessionId}`
    };
  });
  return { ingest: value, commit, signer: { keyId: report.key_id, pinned: report.key_pinned } };
}
function readAt(place, commitSha, path) {
  return readRepoFile({ octokit: place.octokit, owner: place.owner, repo: place.repo, path, ref: commitSha });
}
async function decideOnMemoryBranch(options) {
  let signed = null;
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const entry = findEntry(snapshot.store, options.entry);
    if (!signed) {
      const who = { ...options, memory: snapshot.store };
      const result2 = await options.decide(who, entry);
      const crypto = options.crypto ?? createNodeCrypto();
      const files2 = [result2.sessionId, ...evidenceSessions(result2.payload)].map((id) => ({
        path: memorySessionPath(id),
        content: JSON.stringify(exportBundle(options.ledger, id, crypto))
      }));
      signed = { result: result2, files: files2 };
    } else {
      const { result: result2 } = signed;
      try {
        snapshot.store.applyDecision({
          memory_id: result2.payload.memory_id,
          decision: result2.payload.decision,
          ref: result2.ref,
          supersedes: result2.payload.supersedes,
          evidence: evidenceSessions(result2.payload)
        });
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        throw new MemoryError(
          "bad_transition",
          `${entry.kind} ${entry.key} was decided by another job meanwhile (${error.message}); the signed decision ${result2.ref.session} was not published`
        );
      }
    }
    const { result, files } = signed;
    return {
      value: result,
      files,
      message: options.message ?? `truss: memory ${result.payload.decision} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)})`
    };
  });
  if (!commit) throw new Error("a decision always changes the memory log");
  return { result: value, commit };
}
async function approveOnMemoryBranch(options) {
  let signed = null;
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const entry = findEntry(snapshot.store, options.entry);
    const prior = approvalPrior(snapshot.store, entry.id);
    if (!signed) {
      const approval = signApproval(options, entry, { reason: options.reason, prior });
      const bundle = JSON.stringify(
        exportBundle(options.ledger, approval.sessionId, options.crypto ?? createNodeCrypto())
      );
      signed = { sessionId: approval.sessionId, ref: approval.ref, prior, bundle };
    } else if (JSON.stringify(prior) !== JSON.stringify(signed.prior))
      throw new MemoryError(
        "bad_transition",
        `${entry.kind} ${entry.key} was decided by another job meanwhile; the signed approval ${signed.sessionId} was not published`
      );
    snapshot.store.approve(entry.id, signed.ref);
    return {
      value: { sessionId: signed.sessionId, ref: signed.ref, memoryId: entry.id },
      files: [{ path: memorySessionPath(signed.sessionId), content: signed.bundle }],
      message: `truss: memory approval of ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)})`
    };
  });
  if (!commit) throw new Error("an approval always changes the memory log");
  return { ...value, commit };
}
async function commitWithRetry(place, change) {
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readMemoryBranch(place);
    const { value, files, message } = await change(snapshot);
    if (files === null || !snapshot.store.changed) return { value, commit: null };
    const entries = snapshot.store.changedIds().map((id) => snapshot.store.get(id)).filter((e) => e !== void 0).map((e) => ({ path: `memory/entries/${e.id}.json`, content: `${JSON.stringify(e, null, 2)}
` }));
    try {
      const commit = await commitFilesToBranch({
        ...place,
        files: [{ path: MEMORY_LOG_PATH, content: snapshot.store.text() }, ...files, ...entries],
        message,
        dryRun: false,
        parent: snapshot.head?.commitSha ?? null
      });
      return { value, commit };
    } catch (error) {
      if (!(error instanceof BranchMovedError) || attempt >= ATTEMPTS) throw error;
      place.octokit.log.warn(
        `${place.branch} moved while writing memory (attempt ${attempt}); reading it again`
      );
    }
  }
}

// src/github/memory-provenance.ts
async function importProvenance(place, snapshot, entry, ledger) {
  const sessions = /* @__PURE__ */ new Set([
    entry.provenance.produced_by.session,
    ...entry.provenance.sources.map((ref) => ref.session)
  ]);
  const result = { imported: [], missing: [] };
  for (const session of sessions) {
    if (ledger.session(session)) continue;
    try {
      const text = snapshot.bundles.get(session) ?? (snapshot.head ? await readRepoFile({ ...place, path: memorySessionPath(session), ref: snapshot.head.commitSha }) : null);
      if (text === null) {
        result.missing.push(`${session}: no bundle on the branch`);
        continue;
      }
      const bundle = parseBundle(text, memorySessionPath(session));
      const report = verifyBundle(bundle, {
        crypto: createNodeCrypto(),
        trusted: NO_TRUSTED_KEYS,
        receipts: checkReceipt
      });
      if (report.failure || bundle.ledger.session_id !== session) {
        result.missing.push(
          `${session}: its bundle does not verify (${report.failure?.message ?? `it holds session ${bundle.ledger.session_id}`})`
        );
        continue;
      }
      ledger.importLedger(bundle.ledger);
      result.imported.push(session);
    } catch (error) {
      result.missing.push(`${session}: ${error.message}`);
    }
  }
  return result;
}

// src/github/memory-runs.ts
async function runMemoryFromBranch(options) {
  const snapshot = await readMemoryBranch(options);
  for (const problem of snapshot.store.problems)
    options.log.warning(
      `memory: line ${problem.line} of memory/log.jsonl on ${options.branch} ignored: ${problem.reason}`
    );
  const trusted = new Map(options.trusted);
  if (options.ownKey && !trusted.has(options.ownKey))
    trusted.set(options.ownKey, rolePin("this workflow signing key", ["signer"]));
  return {
    store: snapshot.store,
    view: snapshot.view(trusted, { requireApproval: options.requireApproval })
  };
}
async function decideMemoryEntry(request) {
  const place = {
    octokit: request.octokit,
    owner: request.owner,
    repo: request.repo,
    branch: request.branch
  };
  const id = request.entry.toLowerCase();
  if (!/^[0-9a-f]{8,64}$/.test(id))
    throw new MemoryError("no_entry", `"${request.entry.slice(0, 70)}" is not a memory entry id (hex)`);
  if (request.action === "promote" && !request.promote && "unavailable" in request.panel)
    throw new MemoryError(
      "bad_transition",
      `no reviewer panel is configured (${request.panel.unavailable}): a promotion needs one (provider inputs or [provider] in .truss/config.toml)`
    );
  let snapshot = await readMemoryBranch(place);
  const onBranch = idMatches(snapshot.store, id).length > 0;
  const brought = onBranch ? { proposedFrom: null, proposedFromArtifact: null, principal: {} } : await bringProposal(request, id);
  if (!onBranch) snapshot = await readMemoryBranch(place);
  const fullId = uniqueId(snapshot, id);
  if (request.action === "promote") {
    const provenance = await importProvenance(
      place,
      snapshot,
      snapshot.store.get(fullId),
      request.ledger
    );
    for (const missing of provenance.missing)
      request.log.warning(`memory: provenance of ${fullId.slice(0, 12)} not shown to the panel: ${missing}`);
  }
  const approval = request.action === "promote" ? request.approve?.(snapshot, fullId) ?? null : null;
  const panel = { ...request.panel, ...approval ? { approval } : {} };
  const { result, commit } = await decideOnMemoryBranch({
    ...place,
    entry: fullId,
    ledger: request.ledger,
    signer: request.signer,
    codeVersion: request.codeVersion,
    principal: { ...request.principal, ...brought.principal },
    decide: (who, entry2) => request.action === "promote" ? request.promote ? request.promote(who, entry2, approval) : promoteEntry(who, entry2, panel) : revokeEntry(who, entry2, request.reason ?? `revoked by ${String(request.principal.login)}`)
  });
  const entry = result.payload.entry;
  request.log.info(
    `memory: ${result.payload.decision} ${entry.kind} ${entry.key} (${result.payload.memory_id.slice(0, 12)}), session ${result.sessionId}, ${commit.url ?? commit.commitSha}`
  );
  return {
    decision: result.payload.decision,
    memoryId: result.payload.memory_id,
    kind: entry.kind,
    key: entry.key,
    sessionId: result.sessionId,
    commitUrl: commit.url ?? null,
    proposedFrom: brought.proposedFrom,
    proposedFromArtifact: brought.proposedFromArtifact
  };
}
async function bringProposal(request, id) {
  if (request.action === "revoke")
    throw new MemoryError(
      "no_entry",
      `no memory entry ${id} on ${request.branch}: only a verified entry there can be revoked`
    );
  const found = await findProposal(request, id);
  if ("problems" in found) {
    const looked = [
      request.sessions.length === 0 ? null : `the bundles of ${request.sessions.join(", ")} on it`,
      request.artifacts ? "the pull request's workflow artifacts" : null
    ].filter(Boolean);
    throw new MemoryError(
      "no_entry",
      `no memory entry ${id} on ${request.branch}, and no run bundle proposes one (looked in ${looked.length ? looked.join(" and ") : "nothing: no session named"})${found.problems.length ? `; refused: ${found.problems.join("; ")}` : ""}; check the id in the check run or job summary`
    );
  }
  const { artifact } = found;
  const { signer } = await proposeOnMemoryBranch({
    octokit: request.octokit,
    owner: request.owner,
    repo: request.repo,
    branch: request.branch,
    bundleText: found.text,
    expect: id,
    onlyExpected: artifact !== null,
    message: `truss: memory proposals from ${found.session}${artifact ? ` (artifact of workflow run ${artifact.workflowRunId})` : ""}`
  });
  if (!artifact) return { proposedFrom: found.session, proposedFromArtifact: null, principal: {} };
  request.log.warning(
    `memory: the proposal ${id} comes from ${artifact.artifactName} (workflow run ${artifact.workflowRunId}), not the ledger branch: its bundle verifies as an intact chain signed by key ${signer.keyId}, which is ${signer.pinned ? "pinned" : "not pinned (a pull request job\u2019s key; a fork\u2019s is one-time)"}; only the signed decision below vouches for the entry`
  );
  return {
    proposedFrom: found.session,
    proposedFromArtifact: {
      artifact: artifact.artifactName,
      workflowRunId: artifact.workflowRunId,
      keyId: signer.keyId,
      keyPinned: signer.pinned
    },
    principal: {
      proposal: {
        session: found.session,
        source: "workflow_artifact",
        artifact: artifact.artifactName,
        artifact_id: artifact.artifactId,
        workflow_run_id: artifact.workflowRunId,
        key_id: signer.keyId,
        key_pinned: signer.pinned
      }
    }
  };
}
var SESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
var KEPT_SESSIONS = 20;
function proposingSessions(previousBody, current) {
  const previous = previousBody ? readStickyMetadata(previousBody)?.memory_sessions : void 0;
  const kept = Array.isArray(previous) ? previous.filter((s) => typeof s === "string" && SESSION.test(s)) : [];
  const all = current && !kept.includes(current) ? [...kept, current] : kept;
  return all.length ? { memory_sessions: all.slice(-KEPT_SESSIONS) } : {};
}
async function pullRequestProposers(octokit, repo, prNumber, authors) {
  const sessions = [];
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors)) {
    const proposers = meta.memory_sessions;
    for (const id of [...Array.isArray(proposers) ? proposers : [], meta.session_id])
      if (typeof id === "string" && SESSION.test(id) && !sessions.includes(id)) sessions.push(id);
  }
  return sessions;
}
function idMatches(store, id) {
  return store.list({ idPrefix: id, includeSuperseded: true });
}
function uniqueId(snapshot, prefix) {
  const found = idMatches(snapshot.store, prefix);
  if (found.length !== 1)
    throw new MemoryError(
      found.length === 0 ? "no_entry" : "ambiguous",
      found.length === 0 ? `no memory entry ${prefix}` : `${prefix} is the prefix of ${found.length} entries; give more of the id`
    );
  return found[0].id;
}
async function findProposal(request, id) {
  const checked = /* @__PURE__ */ new Set();
  const fromBranch = async (session) => {
    checked.add(session);
    const text = await request.loadBundle(session);
    if (text === null) {
      request.log.info(`memory: no bundle of session ${session} on ${request.branch}`);
      return null;
    }
    return proposes(parseBundle(text, `sessions/${session}.json`), id) ? { session, text, artifact: null } : "held";
  };
  for (const session of request.sessions) {
    const found = await fromBranch(session);
    if (found !== null && found !== "held") return found;
  }
  const source = request.artifacts;
  if (!source) return { problems: [] };
  let artifacts;
  try {
    artifacts = await source.list();
  } catch (error) {
    return { problems: [`the workflow artifacts could not be listed: ${error.message}`] };
  }
  const problems = [];
  for (const artifact of artifacts) {
    if (checked.has(artifact.sessionId)) continue;
    const kept = await fromBranch(artifact.sessionId);
    if (kept === "held") continue;
    if (kept !== null) return kept;
    const where = `${artifact.artifactName} (workflow run ${artifact.workflowRunId})`;
    let bundle;
    let text;
    try {
      text = await source.load(artifact);
      bundle = parseBundle(text, artifact.artifactName);
    } catch (error) {
      problems.push(`${where}: ${error.message}`);
      continue;
    }
    if (!proposes(bundle, id)) continue;
    if (bundle.ledger.session_id !== artifact.sessionId)
      throw new MemoryError(
        "bad_entry",
        `${where} holds the bundle of another session (${String(bundle.ledger.session_id).slice(0, 80)}): an artifact may only carry its own session's bundle; nothing proposed`
      );
    return { session: artifact.sessionId, text, artifact };
  }
  return { problems };
}
function proposes(bundle, id) {
  return bundle.ledger.entries.some((e) => {
    if (e.kind !== "memory_proposed") return false;
    const read = tryReadEntry(e, "memory_proposed");
    return "payload" in read && read.payload.entries.some((item) => item.memory_id.startsWith(id));
  });
}

export {
  readMemoryBranch,
  decideOnMemoryBranch,
  approveOnMemoryBranch,
  runMemoryFromBranch,
  decideMemoryEntry,
  proposingSessions,
  pullRequestProposers
};
