#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  decideMemoryEntry,
  proposingSessions,
  pullRequestProposers,
  readMemoryBranch,
  runMemoryFromBranch
} from "./chunk-WN7JW4AN.js";
import {
  error,
  getInput,
  group,
  info,
  notice,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunk-RXAPLIPV.js";
import {
  octokitGitHubReader
} from "./chunk-ZIPG6IDA.js";
import {
  approvalPrior,
  approvalProblem,
  bundleVerdictSource,
  promotionPanel
} from "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import {
  requireExtendsExport
} from "./chunk-JPEGKRBQ.js";
import {
  ArtifactZipError,
  DEFAULT_TRIGGER,
  HeadMismatchError,
  TRUSS_CHECK_ID,
  authorizeActor,
  clipHead,
  codeSpan,
  completeCheckRun,
  conclusionFor,
  downloadArtifactBundleText,
  findSuspendedSession,
  formatTokens,
  formatUsd,
  handleCommand,
  inlineText,
  lazyChangedFiles,
  listPullRequestFiles,
  loadBundleFromLedgerBranch,
  loadContractsAtRef,
  pathSkipOnHead,
  placedFindings,
  postHumanReviewCheck,
  postReply,
  recordSignOff,
  renderCheckOutput,
  renderJobSummary,
  renderStickyComment,
  reportSkippedContract,
  safeUrl,
  saveBundleToLedgerBranch,
  seatLabel,
  startCheckRun,
  verifySection
} from "./chunk-FCSRDNEF.js";
import {
  ACTIONS_BOT,
  BranchMovedError,
  branchHead,
  commitFilesToBranch,
  isTrussComment,
  parseTrussAuthors,
  readRepoFile,
  stickyMarker,
  trustedKeysFor,
  upsertStickyComment,
  warnUnlistedPoster
} from "./chunk-23665E7C.js";
import {
  MissingPermissionError,
  createOctokit,
  isRateLimitError,
  statusOf,
  toMissingPermission
} from "./chunk-BS4FZTIF.js";
import "./chunk-UYVQNA3J.js";
import {
  GITHUB_CONTRACT_FORMAT,
  appReviewComments,
  githubSettings,
  resolveContractSources
} from "./chunk-KKDUZS42.js";
import {
  admitLeg,
  createRunIsolation,
  decideFromEval,
  evalPromotionArms,
  formatCount,
  importLeg,
  prepareRun,
  reportFromEntries,
  resumeRun,
  startEval,
  startRun
} from "./chunk-RMNTHYXM.js";
import {
  CONFIG_FILE,
  checkMcpPinning
} from "./chunk-BTXOVFDS.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import {
  FanoutLegError,
  legPlan,
  recordedDiff
} from "./chunk-25BZ7EXM.js";
import {
  parseArms
} from "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import {
  readRecordedContract
} from "./chunk-RH3PQHM7.js";
import {
  TomlPositions,
  formatRef
} from "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import {
  LEDGER_ARTIFACT_PREFIX,
  LEDGER_DB_FILE_NAME,
  LEG_PATCH_FILE_NAME,
  REPORT_FILE_NAME,
  WORKDIR_PATCH_FILE_NAME,
  WORKDIR_PATCH_STATEMENT_FILE_NAME,
  attestationPaths,
  fanoutSessionId,
  htmlReportFileName,
  ledgerArtifactName,
  ledgerBundleFileName,
  legArtifactName,
  legOfArtifact,
  sessionIdOfArtifact
} from "./chunk-BWCCY57Z.js";
import {
  LOG_FILES,
  TransparencyLog,
  anchorInLog,
  anchorSession,
  nodeTreeHasher
} from "./chunk-7YTOE65D.js";
import {
  AttestationRefusedError,
  TRUSS_VERDICT_PREDICATE_TYPE,
  attestBundle
} from "./chunk-P5SVQUCN.js";
import {
  renderEvalPage,
  writeReportFile
} from "./chunk-ZRA5FVYF.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  LogError,
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  relayBeside
} from "./chunk-U6BMVJCF.js";
import {
  describeIsolation,
  logLines
} from "./chunk-SNYT3JXL.js";
import {
  parseDiffHunks
} from "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  ANNOTATION_KINDS,
  LedgerStore,
  SigningKey,
  bytesToHex,
  canonicalJson,
  createNodeCrypto,
  exportBundleToFile,
  hexToBytes,
  parseBundle,
  parseSeedBase64,
  presignedReviewSigner,
  readEntry,
  rolePin,
  tailsFromStore,
  utf8Bytes
} from "./chunk-P2CFU6IE.js";
import {
  snapshotWorktree
} from "./chunk-VUSAMCY7.js";
import {
  HARNESS_GIT_ARGS,
  secretRedactor,
  stageAll
} from "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/action/run.ts
import { join as join12 } from "node:path";

// src/github/read-only-token.ts
function unlessReadOnly(readOnlyToken, log, what, write) {
  if (!readOnlyToken) return write;
  return write.catch((error2) => {
    if (!(error2 instanceof MissingPermissionError)) throw error2;
    log.warning(
      `${what}: skipped \u2014 this pull request comes from a fork, and GitHub gives its workflow a read-only token (no \`${error2.permission}\`). The verdict is in the job summary and the ledger artifact; to report on the pull request too, run Truss from a trusted workflow (the Truss App, or \`workflow_run\`).`
    );
    return null;
  });
}

// src/github/isolation-policy.ts
var IsolationRequiredError = class extends Error {
  name = "IsolationRequiredError";
};
function applyIsolationPolicy(contract, report) {
  if (report.level !== "none") return null;
  const why = report.notes.join("; ") || "no mechanism available";
  if (contract.executor.kind !== "none" && report.requested !== "none") {
    throw new IsolationRequiredError(
      `truss / ${contract.contract.id}: refusing to run the ${contract.executor.kind} executor without isolation (${why}). An agent and its tools must not run next to the signing key. Fix: run on a Linux runner where passwordless sudo works (GitHub-hosted ubuntu runners do) or install bubblewrap, or set \`isolation: none\` explicitly to accept the risk.`
    );
  }
  if (report.requested === "none") return `${describeIsolation(report)} (isolation: none was set explicitly)`;
  return `${describeIsolation(report)}: ${why}. Checks run as the workflow's user and can read its environment and files; use a runner with passwordless sudo or install bubblewrap (apt-get install bubblewrap).`;
}

// src/github/publish-run.ts
import { join } from "node:path";
function checkStepOrder(steps) {
  const names = /* @__PURE__ */ new Set();
  let firstEvidence = null;
  for (const step of steps) {
    if (names.has(step.name)) throw new Error(`publish step "${step.name}" is listed twice`);
    names.add(step.name);
    if (step.stage === "evidence") firstEvidence ??= step.name;
    else if (firstEvidence !== null)
      throw new Error(
        `publish step "${step.name}" appends to the ledger, so it must run before "${firstEvidence}" reads the sealed bundle`
      );
  }
}
async function publishRun(options) {
  const { store, sessionId } = options;
  checkStepOrder(options.steps);
  let sealed = null;
  for (const step of options.steps) {
    if (step.stage === "ledger") {
      await step.run({ store, sessionId });
      continue;
    }
    sealed ??= seal(options);
    await step.run(sealed.evidence);
    if ((store.session(sessionId)?.head_hash ?? "") !== sealed.headHash)
      throw new Error(
        `publish step "${step.name}" changed the ledger of ${sessionId} after its bundle and report were built`
      );
  }
  return sealed ?? seal(options);
}
function seal(options) {
  const { store, sessionId } = options;
  const crypto = createNodeCrypto();
  const bundlePath = join(options.outDir, ledgerBundleFileName(sessionId));
  exportBundleToFile(store, sessionId, crypto, bundlePath);
  const reportPath = writeHtmlReport(options, bundlePath);
  const entries = [...store.entries(sessionId)];
  const report = reportFromEntries(sessionId, entries, tailsFromStore(store));
  return {
    evidence: {
      bundlePath,
      sessionId,
      reportPath,
      suspended: report.overall === "suspended",
      extraFiles: [],
      artifact: null
    },
    report,
    headHash: report.headHash,
    headSeq: entries.length - 1
  };
}
function writeHtmlReport(options, bundlePath) {
  const output = join(options.outDir, htmlReportFileName(options.sessionId));
  try {
    writeReportFile({
      bundlePath,
      output,
      trusted: /* @__PURE__ */ new Map(),
      trustSource: null,
      generator: options.codeVersion,
      crypto: createNodeCrypto()
    });
    return output;
  } catch (error2) {
    options.log.warning(`could not write the HTML report: ${error2.message}`);
    return null;
  }
}
function uploadStep(upload, log) {
  return {
    name: "artifact",
    stage: "evidence",
    async run(evidence) {
      evidence.artifact = await upload({
        bundlePath: evidence.bundlePath,
        sessionId: evidence.sessionId,
        reportPath: evidence.reportPath ?? null,
        suspended: evidence.suspended ?? false,
        extraFiles: [...evidence.extraFiles]
      }).catch((error2) => {
        log.warning(`could not upload the ledger artifact: ${error2.message}`);
        return null;
      });
    }
  };
}

// src/github/render/review-comment.ts
var MARKER = /<!-- truss:finding contract=([A-Za-z0-9._-]{1,128}) state=(open|resolved) -->/;
var PROBLEM_CHARS = 1500;
var MAX_COMMENT_LENGTH = 65536;
function findingMarker(contractId, state) {
  return `<!-- truss:finding contract=${contractId} state=${state} -->`;
}
function readFindingMarker(body) {
  const match = MARKER.exec(body ?? "");
  return match ? { contractId: match[1], state: match[2] } : null;
}
function findingCommentBody(contractId, found, context) {
  const clauses = [...new Map(found.map((f) => [f.clause.index, f.clause])).values()];
  const heading = clauses.map((c) => `clause ${c.index + 1} (${inlineText(c.desc, 160)})`).join(", ");
  const items = found.map(
    (f) => `- **${inlineText(seatLabel(f.vote), 80)}** \xB7 ${inlineText(`${f.vote.provider}/${f.vote.model}`, 100)}: ${inlineText(f.citation.problem, PROBLEM_CHARS) || "_(no description)_"}`
  );
  const link = safeUrl(context.checkRunUrl);
  const footer = `<sub>Truss review panel \xB7 ${codeSpan(contractId)} at ${context.headSha.slice(0, 7)} \xB7 one seat's finding each; the verdict is in ${link ? `[the check run](${link})` : "the check run"}. Updated on every run, resolved when no run cites it any more.</sub>`;
  return fitBody(
    [findingMarker(contractId, "open"), `**Truss** \xB7 ${heading}`, "", ...items, "", footer].join("\n")
  );
}
function resolvedCommentBody(contractId, previous, headSha) {
  const said = previous.replace(MARKER, "").replace(/^\s*✅ \*\*No longer cited\*\*[^\n]*\n/, "").trim();
  return fitBody(
    [
      findingMarker(contractId, "resolved"),
      `\u2705 **No longer cited** by the Truss run at ${headSha.slice(0, 7)}: resolved.`,
      "",
      "<details><summary>What was cited here</summary>",
      "",
      said,
      "",
      "</details>"
    ].join("\n")
  );
}
function findingsReviewBody(contractId, counts, checkRunUrl) {
  const link = safeUrl(checkRunUrl);
  const more = counts.total > counts.posted ? ` (${counts.total - counts.posted} more are annotations on ${link ? `[the check run](${link})` : "the check run"})` : "";
  return `<!-- truss:review contract=${contractId} -->
**Truss review panel** \xB7 ${codeSpan(contractId)}: ${counts.posted} new finding${counts.posted === 1 ? "" : "s"} on the changed lines${more}. Earlier findings are updated in place and resolved when no longer cited.`;
}
function fitBody(body) {
  return body.length <= MAX_COMMENT_LENGTH ? body : clipHead(body, MAX_COMMENT_LENGTH - 100);
}

// src/github/review-threads.ts
var THREADS = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;
var RESOLVE = `mutation($thread: ID!) { resolveReviewThread(input: { threadId: $thread }) { thread { id isResolved } } }`;
var UNRESOLVE = `mutation($thread: ID!) { unresolveReviewThread(input: { threadId: $thread }) { thread { id isResolved } } }`;
async function reviewThreadsByComment(octokit, repo, prNumber) {
  const threads = /* @__PURE__ */ new Map();
  let cursor = null;
  for (let page = 0; page < 50; page++) {
    const data = await octokit.graphql(THREADS, {
      ...repo,
      number: prNumber,
      cursor
    });
    const list2 = data.repository?.pullRequest?.reviewThreads;
    if (!list2) break;
    for (const node of list2.nodes) {
      const first = node.comments.nodes[0]?.databaseId;
      if (typeof first === "number") threads.set(first, { id: node.id, isResolved: node.isResolved });
    }
    if (!list2.pageInfo.hasNextPage) break;
    cursor = list2.pageInfo.endCursor;
  }
  return threads;
}
async function setThreadResolved(octokit, thread, resolved) {
  if (thread.isResolved === resolved) return;
  await octokit.graphql(resolved ? RESOLVE : UNRESOLVE, { thread: thread.id });
}

// src/github/review-comments.ts
var MAX_NEW_REVIEW_COMMENTS = 50;
var SEVERITY = { not_met: 0, unverifiable: 1, met: 2 };
async function syncReviewComments(options) {
  const { octokit, repo, prNumber, contractId, log } = options;
  const result = {
    created: 0,
    updated: 0,
    resolved: 0,
    reopened: 0,
    offDiff: 0,
    reviewId: null
  };
  const wanted = groupByRange(placedFindings(options.report));
  if (options.dryRun) {
    log.info(`dry run: would sync ${wanted.size} inline review comment(s) of ${contractId} on #${prNumber}`);
    return result;
  }
  try {
    const onDiff = wanted.size > 0 ? await githubDiff(octokit, repo, prNumber) : /* @__PURE__ */ new Map();
    const ours = await listOurComments(octokit, repo, prNumber, contractId, options.authors);
    const context = { headSha: options.headSha, checkRunUrl: options.checkRunUrl };
    const fresh = [];
    const reopen = [];
    const used = /* @__PURE__ */ new Set();
    for (const [key, { range, found }] of wanted) {
      if (!(onDiff.get(range.path) ?? []).some((h) => h.start <= range.start && range.end <= h.end)) {
        result.offDiff += found.length;
        continue;
      }
      const body = findingCommentBody(contractId, found, context);
      const existing = ours.find((c) => !used.has(c.id) && c.at !== null && rangeKey(c.at) === key);
      if (!existing) {
        fresh.push({ range, found });
        continue;
      }
      used.add(existing.id);
      if (existing.body !== body) {
        await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: existing.id, body });
        result.updated += 1;
      }
      if (existing.state === "resolved") reopen.push(existing.id);
    }
    const stale = ours.filter((c) => !used.has(c.id) && c.state === "open");
    for (const comment of stale) {
      await octokit.rest.pulls.updateReviewComment({
        ...repo,
        comment_id: comment.id,
        body: resolvedCommentBody(contractId, comment.body, options.headSha)
      });
    }
    if (fresh.length > 0) {
      fresh.sort((a, b) => severity(a.found) - severity(b.found));
      const posted = fresh.slice(0, MAX_NEW_REVIEW_COMMENTS);
      const { data } = await octokit.rest.pulls.createReview({
        ...repo,
        pull_number: prNumber,
        commit_id: options.headSha,
        event: "COMMENT",
        body: findingsReviewBody(
          contractId,
          { posted: posted.length, total: fresh.length },
          options.checkRunUrl
        ),
        comments: posted.map(({ range, found }) => ({
          path: range.path,
          line: range.end,
          side: "RIGHT",
          ...range.start < range.end ? { start_line: range.start, start_side: "RIGHT" } : {},
          body: findingCommentBody(contractId, found, context)
        }))
      });
      result.reviewId = data.id;
      result.created = posted.length;
    }
    const threadChanges = [
      ...stale.map((c) => ({ id: c.id, resolved: true })),
      ...reopen.map((id) => ({ id, resolved: false }))
    ];
    if (threadChanges.length > 0) {
      const counts = await resolveThreads(octokit, repo, prNumber, threadChanges, log);
      result.resolved = stale.length;
      result.reopened = counts.reopened;
    }
  } catch (error2) {
    throw toMissingPermission(error2, "pull-requests: write", `review #${prNumber} with inline comments`);
  }
  log.info(
    `${contractId}: inline review comments ${result.created} new, ${result.updated} updated, ${result.resolved} resolved${result.offDiff ? `, ${result.offDiff} not on GitHub's diff (annotations only)` : ""}`
  );
  return result;
}
function rangeKey(range) {
  return `${range.path}\0${range.start}\0${range.end}`;
}
function severity(found) {
  return Math.min(...found.map((f) => SEVERITY[f.vote.vote] ?? 1));
}
function groupByRange(found) {
  const groups = /* @__PURE__ */ new Map();
  for (const f of found) {
    const range = { path: f.citation.path, start: f.citation.start_line, end: f.citation.end_line };
    const key = rangeKey(range);
    const group2 = groups.get(key) ?? { range, found: [] };
    group2.found.push(f);
    groups.set(key, group2);
  }
  return groups;
}
async function githubDiff(octokit, repo, prNumber) {
  const byPath = /* @__PURE__ */ new Map();
  for (const file of await listPullRequestFiles(octokit, repo, prNumber)) {
    if (!file.patch) continue;
    const [parsed] = parseDiffHunks(`+++ b/${file.filename}
${file.patch}`);
    byPath.set(
      file.filename,
      (parsed?.hunks ?? []).map((h) => ({ path: file.filename, start: h.start, end: h.end }))
    );
  }
  return byPath;
}
async function listOurComments(octokit, repo, prNumber, contractId, authors) {
  const comments = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
    ...repo,
    pull_number: prNumber,
    per_page: 100
  });
  return comments.flatMap((c) => {
    const marker = readFindingMarker(c.body);
    if (!marker || marker.contractId !== contractId) return [];
    if (!isTrussComment(c, findingMarker(contractId, marker.state), authors)) return [];
    const end = typeof c.line === "number" ? c.line : null;
    const start = typeof c.start_line === "number" ? c.start_line : end;
    return [
      {
        id: c.id,
        body: c.body,
        state: marker.state,
        at: end === null || start === null ? null : { path: c.path, start, end }
      }
    ];
  });
}
async function resolveThreads(octokit, repo, prNumber, changes, log) {
  let reopened = 0;
  try {
    const threads = await reviewThreadsByComment(octokit, repo, prNumber);
    for (const change of changes) {
      const thread = threads.get(change.id);
      if (!thread) continue;
      await setThreadResolved(octokit, thread, change.resolved);
      if (!change.resolved) reopened += 1;
    }
  } catch (error2) {
    log.warning(
      `could not resolve or reopen review threads on #${prNumber} (GraphQL): ${error2.message}; the comments say it in their text`
    );
  }
  return { reopened };
}

// src/github/run-log.ts
function runEventLog(log, env, options = {}) {
  const redact = secretRedactor({ ...env });
  return (event) => {
    if (options.warningsOnly && event.type !== "warning") return;
    logRunEvent(log, event, redact);
  };
}
function logRunEvent(log, event, redact) {
  switch (event.type) {
    case "check_finished":
      log.info(
        `${event.met ? "\u2714" : "\u2718"} check [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`
      );
      break;
    case "review_started":
      log.info(`\u2026 review [${event.clause + 1}] ${event.desc}`);
      break;
    case "vote":
      log.info(`    seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
      break;
    case "provider_retry":
      log.info(
        `    ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms (${redact(event.reason)})`
      );
      break;
    case "context_compacted":
      log.info(
        `    context compacted (${event.mode}) after step ${event.step}: ${formatCount(event.before_tokens)} \u2192 ${formatCount(event.after_tokens)} tokens`
      );
      break;
    case "warning":
      log.warning(redact(event.message));
      break;
    default:
      break;
  }
}

// src/github/run-and-report.ts
async function runAndReport(options) {
  const results = [];
  for (const contract of options.contracts) {
    const result = await options.log.group(`truss / ${contract.name}`, () => runOne(contract, options));
    if (result) results.push(result);
  }
  return results;
}
async function runOne(item, options) {
  const { contract, hash } = resolveContractSources({
    config: options.config,
    contract: item.source,
    overrides: options.overrides
  });
  checkMcpPinning(contract, "refuse", { contract: item.source, config: options.config });
  const existingCheckId = options.checkRunIds?.get(item.name) ?? null;
  const target = options.check ? { ...options, ownId: existingCheckId } : null;
  const skip = await pathSkipOnHead(contract.contract, options.changedFiles, target, options.log);
  if (skip !== null) {
    options.log.info(`truss / ${contract.contract.id}: skipped, ${skip}`);
    if (options.check)
      await unlessReadOnly(
        options.readOnlyToken,
        options.log,
        `truss / ${contract.contract.id} check run`,
        reportSkippedContract({
          octokit: options.octokit,
          repo: options.repo,
          contractId: contract.contract.id,
          headSha: options.headSha,
          reason: skip,
          trigger: options.trigger ?? DEFAULT_TRIGGER,
          existingId: existingCheckId,
          detailsUrl: options.runUrl ?? void 0,
          externalId: TRUSS_CHECK_ID,
          dryRun: options.dryRun
        })
      );
    return null;
  }
  const positions = new TomlPositions(item.source.text);
  const clauseLines = Object.fromEntries(
    contract.done.map((_, i) => [i, positions.locate(["done", i]).line])
  );
  const common = {
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    principal: options.principal,
    baseRef: options.baseRef,
    ...options.memory ? { memory: options.memory } : {}
  };
  const { leg, reduce } = options;
  if (leg) {
    const plan = legPlan(contract, { ...leg, parentSessionId: leg.parentSessionId(item.name) });
    const timeout = contract.fanout?.timeout_sec;
    return reportedRun(
      options,
      plan.contract,
      {},
      existingCheckId,
      async (host) => startRun(
        await prepareRun(plan.contract, {
          workdir: options.workdir,
          // A fan-out attempt's own wall-clock limit ([fanout] timeout_sec), as in one process.
          host: timeout ? { ...host, signal: withTimeout(host.signal, timeout * 1e3) } : host
        }),
        { ...common, contractHash: plan.contractHash, parent: plan.parent }
      )
    );
  }
  return reportedRun(
    options,
    contract,
    { contractPath: item.path, clauseLines },
    existingCheckId,
    async (host) => startRun(await prepareRun(contract, { workdir: options.workdir, host }, { executor: !reduce }), {
      ...common,
      contractHash: hash,
      ...reduce ? {
        sessionId: reduce.parentSessionId(item.name),
        runnerLegs: await reduce.collect(contract, item.name)
      } : {}
    })
  );
}
function withTimeout(signal, ms) {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
async function resumeAndReport(options) {
  const recorded = readRecordedContract(options.store, options.sessionId, GITHUB_CONTRACT_FORMAT);
  return options.log.group(
    `truss / ${recorded.contract.contract.id} (resume)`,
    () => reportedRun(
      options,
      recorded.contract,
      {},
      options.existingCheckId ?? null,
      (host) => resumeRun({
        sessionId: options.sessionId,
        store: options.store,
        signer: options.signer,
        crypto: createNodeCrypto(),
        workdir: options.workdir,
        contractFormat: GITHUB_CONTRACT_FORMAT,
        recorded,
        host: { ...host, approvers: options.approvers }
      })
    )
  );
}
async function reportedRun(options, contract, annotate, existingCheckId, execute) {
  const { octokit, repo, log } = options;
  const checkName = `truss / ${contract.contract.id}`;
  const isolation = options.isolate ? await options.isolate(contract) : void 0;
  if (isolation) {
    const warning2 = applyIsolationPolicy(contract, isolation.report);
    log.info(`${checkName}: ${describeIsolation(isolation.report)}`);
    if (warning2) log.warning(`${checkName}: ${warning2}`);
  }
  const checkStarting = options.check ? unlessReadOnly(
    options.readOnlyToken,
    log,
    `${checkName} check run`,
    startCheckRun({
      octokit,
      owner: repo.owner,
      repo: repo.repo,
      name: checkName,
      headSha: options.headSha,
      detailsUrl: options.runUrl ?? void 0,
      existingId: existingCheckId,
      externalId: TRUSS_CHECK_ID,
      dryRun: options.dryRun
    })
  ) : null;
  checkStarting?.catch(() => {
  });
  let check = null;
  let completed = false;
  let failure = new Error("the run ended without reporting a verdict");
  try {
    if (contract.tools?.github) {
      log.info(
        `${checkName}: GitHub tools read ${repo.owner}/${repo.repo} with this job's token (read-only)`
      );
    }
    const { sessionId } = await execute({
      events: runEventLog(log, options.env),
      signal: options.signal,
      isolation,
      env: options.env,
      publishChanges: options.publishChanges,
      // The GitHub tools read through this job's Octokit: the token never leaves it (docs/tools.md).
      github: octokitGitHubReader(octokit, repo),
      toolServer: options.toolServer
    });
    check = checkStarting ? await checkStarting : null;
    warnUnlistedPoster(check?.botLogin, options.commentAuthors, log);
    const { evidence, report, headHash, headSeq } = await publishRun({
      store: options.store,
      sessionId,
      outDir: options.outDir,
      codeVersion: options.codeVersion,
      steps: options.publishSteps,
      log
    });
    const { bundlePath, reportPath, artifact } = evidence;
    const links = {
      artifactName: artifact?.name,
      artifactUrl: artifact?.url ?? null,
      runUrl: options.runUrl,
      checkRunUrl: check?.url ?? null,
      bundleFileName: ledgerBundleFileName(sessionId),
      ...reportPath ? { reportFileName: REPORT_FILE_NAME } : {},
      publicKey: bytesToHex(options.signer.publicKey),
      keyId: options.signer.keyId,
      ...options.trigger ? { trigger: options.trigger } : {}
    };
    const conclusion = conclusionFor(report.overall, githubSettings(contract).unverifiable);
    let checkCompleting = Promise.resolve();
    if (check?.id) {
      completed = true;
      checkCompleting = completeCheckRun({
        octokit,
        owner: repo.owner,
        repo: repo.repo,
        checkRunId: check.id,
        conclusion,
        output: renderCheckOutput(report, links, annotate),
        dryRun: options.dryRun
      });
    }
    let commentUrl = null;
    if (options.comment && options.prNumber !== null) {
      const marker = stickyMarker(contract.contract.id);
      const metadata = {
        contract: contract.contract.id,
        session_id: sessionId,
        status: report.overall,
        head_sha: options.headSha,
        head_hash: headHash,
        head_seq: headSeq,
        artifact_id: artifact?.id ?? null,
        artifact_name: artifact?.name ?? null,
        public_key: links.publicKey,
        run_url: options.runUrl,
        workflow_run_id: options.workflowRunId ?? null
      };
      const [, comment] = await Promise.all([
        checkCompleting,
        unlessReadOnly(
          options.readOnlyToken,
          log,
          "sticky comment",
          upsertStickyComment({
            octokit,
            owner: repo.owner,
            repo: repo.repo,
            issueNumber: options.prNumber,
            marker,
            authors: options.commentAuthors,
            // The PR's sessions that proposed memory, carried from the comment this one replaces: where a
            // promotion job looks for a proposal (docs/memory.md "On GitHub").
            body: (previous) => renderStickyComment(report, links, marker, {
              ...metadata,
              ...proposingSessions(previous, report.memory?.proposed.length ? sessionId : null)
            }),
            dryRun: options.dryRun
          })
        )
      ]);
      commentUrl = comment?.url ?? null;
    }
    await checkCompleting;
    if (options.reviewComments && options.prNumber !== null) {
      await syncReviewComments({
        octokit,
        repo,
        prNumber: options.prNumber,
        headSha: options.headSha,
        contractId: contract.contract.id,
        report,
        checkRunUrl: check?.url ?? null,
        authors: options.commentAuthors,
        dryRun: options.dryRun,
        log
      }).catch((error2) => log.warning(`could not post the inline review comments: ${error2.message}`));
    }
    return {
      contractId: contract.contract.id,
      sessionId,
      overall: report.overall,
      conclusion,
      headHash,
      bundlePath,
      artifact,
      checkRunUrl: check?.url ?? null,
      commentUrl,
      costUsd: report.costUsd,
      report,
      links
    };
  } catch (error2) {
    failure = error2;
    throw error2;
  } finally {
    if (!check && checkStarting) check = await checkStarting.catch(() => null);
    if (check?.id && !completed) {
      completed = true;
      await failCheckRun(options, check.id, checkName, failure);
    }
  }
}
async function failCheckRun(options, checkRunId, checkName, error2) {
  const redact = secretRedactor(options.env);
  const reason = redact(error2?.message ?? String(error2));
  try {
    await completeCheckRun({
      octokit: options.octokit,
      owner: options.repo.owner,
      repo: options.repo.repo,
      checkRunId,
      conclusion: "failure",
      output: {
        title: `${checkName}: could not finish`,
        summary: `Truss stopped before a verdict: ${reason}${options.runUrl ? `

See the [workflow run](${options.runUrl}).` : ""}`
      },
      dryRun: options.dryRun
    });
  } catch (failure) {
    options.log.warning(`could not complete the check run ${checkRunId}: ${failure.message}`);
  }
}

// src/action/checkout-pr-head.ts
import { execFile as execFile2 } from "node:child_process";
import { promisify as promisify2 } from "node:util";

// src/github/git-auth.ts
import { execFile } from "node:child_process";
import { promisify } from "node:util";
var run = promisify(execFile);
function headerKey(serverUrl) {
  return `http.${serverUrl.replace(/\/+$/, "")}/.extraheader`;
}
function gitAuthEnv(auth) {
  const basic = Buffer.from(`x-access-token:${auth.token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: headerKey(auth.serverUrl),
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    GIT_TERMINAL_PROMPT: "0"
  };
}
async function gitAuthEnvUnlessConfigured(workdir, auth) {
  if (!auth) return { GIT_TERMINAL_PROMPT: "0" };
  const configured = await run("git", ["config", "--get-all", headerKey(auth.serverUrl)], {
    cwd: workdir
  }).then(
    ({ stdout }) => stdout.trim() !== "",
    () => false
  );
  return configured ? { GIT_TERMINAL_PROMPT: "0" } : gitAuthEnv(auth);
}

// src/action/checkout-pr-head.ts
var run2 = promisify2(execFile2);
async function checkoutPullRequestHead(options) {
  if (!Number.isInteger(options.prNumber) || options.prNumber <= 0)
    throw new Error(`invalid pull request number ${options.prNumber}`);
  if (!/^[0-9a-f]{40}$/.test(options.headSha)) throw new Error("invalid head SHA from the API");
  const git = (...args) => run2("git", args, { cwd: options.workdir });
  const fetchEnv = { ...process.env, ...await gitAuthEnvUnlessConfigured(options.workdir, options.auth) };
  await run2(
    "git",
    [
      "fetch",
      "--no-tags",
      "--depth=1",
      "origin",
      `+refs/pull/${options.prNumber}/head:refs/remotes/truss/pr-${options.prNumber}`
    ],
    { cwd: options.workdir, env: fetchEnv }
  );
  const { stdout } = await git("rev-parse", `refs/remotes/truss/pr-${options.prNumber}`);
  if (stdout.trim() !== options.headSha) {
    throw new Error(
      `the pull request moved while starting (head is now ${stdout.trim().slice(0, 12)}); comment again to run on the new head`
    );
  }
  await git("checkout", "--force", "--detach", options.headSha);
}
async function ensurePullRequestHead(options) {
  const revParse = (ref) => run2("git", ["rev-parse", "--verify", "--quiet", ref], { cwd: options.workdir }).then(
    ({ stdout }) => stdout.trim(),
    () => null
  );
  const head = await revParse("HEAD^{commit}");
  if (head === null || head === options.headSha) return;
  const raw = await run2("git", ["cat-file", "commit", head], { cwd: options.workdir }).then(
    ({ stdout }) => stdout,
    () => ""
  );
  const header = raw.split("\n\n", 1)[0] ?? "";
  const parents = [...header.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((m) => m[1]);
  if (parents[1] === options.headSha) {
    options.warn(
      `the workspace is at the merge commit ${head.slice(0, 12)}, not the pull request head ${options.headSha.slice(0, 12)}: the verdict covers the merge, so a review of the head cannot sign off on it. Check out the head instead: \`actions/checkout\` with \`ref: \${{ github.event.pull_request.head.sha }}\`.`
    );
    return;
  }
  await checkoutPullRequestHead(options);
}

// src/github/memory-approval.ts
function findKeyApproval(snapshot, idPrefix, trusted, log) {
  const found = snapshot.store.list({ idPrefix: idPrefix.toLowerCase(), includeSuperseded: true });
  const entry = found.length === 1 ? found[0] : void 0;
  if (!entry) return null;
  const memoryId = entry.id;
  const prior = approvalPrior(snapshot.store, memoryId);
  const source = bundleVerdictSource(snapshot.bundles, createNodeCrypto());
  for (const ref of [...snapshot.store.approvals(memoryId)].reverse()) {
    const problem = approvalProblem(source, trusted, ref, entry, prior);
    if (problem === null) return ref;
    log.warning(
      `memory: approval ${formatRef(ref)} of ${entry.kind} ${entry.key} (${memoryId.slice(0, 12)}) ignored: ${problem}`
    );
  }
  return null;
}

// src/github/memory-eval-job.ts
function evalPromotion(options) {
  return async (who, entry, approval) => {
    const { arms, trials } = evalPromotionArms(entry);
    const { config, contracts } = await loadContractsAtRef({
      octokit: options.octokit,
      repo: options.repo,
      ref: options.trustedRef,
      names: [options.contract]
    });
    const item = contracts[0];
    const { contract, hash } = resolveContractSources({
      config,
      contract: item.source,
      overrides: options.overrides
    });
    const isolation = options.isolate ? await options.isolate(contract) : void 0;
    if (isolation) {
      const warning2 = applyIsolationPolicy(contract, isolation.report);
      if (warning2) options.log.warning(`memory eval ${contract.contract.id}: ${warning2}`);
    }
    options.log.info(
      `memory: paired eval of ${contract.contract.id}, ${options.repeats} runs per arm, ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) on trial in arm on`
    );
    const result = await startEval({
      contract,
      contractHash: hash,
      arms,
      repeats: options.repeats,
      workdir: options.workdir,
      store: options.ledger,
      signer: options.signer,
      codeVersion: options.codeVersion,
      principal: options.principal,
      format: GITHUB_CONTRACT_FORMAT,
      trials,
      host: {
        events: runEventLog(options.log, options.env, { warningsOnly: true }),
        env: options.env,
        isolation,
        toolServer: options.toolServer,
        memory: options.memory
      }
    });
    if (result.status !== "completed")
      throw new Error(
        `the paired eval ${result.sessionId} did not complete (${result.message}); nothing decided`
      );
    for (const arm of result.report.arms)
      options.log.info(`memory eval: arm ${arm.name} passed ${arm.passes}/${arm.runs} (${arm.change})`);
    return decideFromEval(who, entry, {
      sessionId: result.sessionId,
      store: options.ledger,
      report: result.report,
      approval
    });
  };
}

// src/github/memory-job.ts
var MemoryJobRefusedError = class extends Error {
  name = "MemoryJobRefusedError";
};
function memoryApprovalRequired(setting, payload) {
  if (setting !== "auto") return setting === "on" || setting === "key";
  const repository = payload?.repository;
  return repository?.private !== true;
}
var MAINTAINER = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function runMemoryJob(options) {
  const { octokit, repo, log } = options;
  if (!options.branch)
    throw new MemoryJobRefusedError(
      "memory decisions are committed to the ledger branch: set the `ledger-branch` input (e.g. truss-ledger)"
    );
  if (options.ephemeralKey)
    throw new MemoryJobRefusedError(
      "memory decisions must be signed by a key readers pin: set `signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}` and pin its public key as a signer in .truss/trusted-keys"
    );
  let approval = null;
  const place = { octokit, ...repo, branch: options.branch };
  const promote = options.action === "promote";
  if (options.approval) {
    const auth = await authorizeActor({ octokit, ...repo, actor: options.requester });
    const bot = options.requester.type.toLowerCase() === "bot" || /\[bot\]$/i.test(options.requester.login);
    if (!bot && MAINTAINER.has(auth.permission))
      approval = { login: options.requester.login, permission: auth.permission };
    else if (!promote || // `key`: the approval is required below anyway. Otherwise a maintainer's signed approval
    // already on the branch stands in for the requester's permission.
    !options.keyApproval && !findKeyApproval(await readMemoryBranch(place), options.entry, options.trusted, log))
      throw new MemoryJobRefusedError(
        `a memory ${options.action} needs a maintainer's approval here (memory-approval), and ${options.requester.login} ${bot ? "is a bot" : `has ${auth.permission} access`}: a maintainer with write access must start it (workflow_dispatch or /truss memory ${options.action})${promote ? `, or approve it with their own key (truss memory approve ${options.entry} --reason TEXT --ledger-branch ${options.branch} --repo ${repo.owner}/${repo.repo})` : ""}`
      );
  }
  const configText = await readRepoFile({
    octokit,
    ...repo,
    path: CONFIG_FILE,
    ref: options.trustedRef
  });
  const panel = options.action === "promote" && !options.eval ? await promotionPanel({
    config: configText === null ? void 0 : { file: CONFIG_FILE, text: configText },
    format: GITHUB_CONTRACT_FORMAT,
    overrides: options.overrides,
    env: options.env,
    cwd: options.cwd
  }) : { unavailable: options.eval ? "a paired eval decides" : "not needed for a revocation" };
  return decideMemoryEntry({
    octokit,
    ...repo,
    branch: options.branch,
    action: options.action,
    entry: options.entry,
    reason: options.reason,
    sessions: options.sessions,
    artifacts: options.artifacts,
    panel: "seats" in panel ? { method: "panel", seats: panel.seats, redact: secretRedactor(options.env) } : panel,
    ledger: options.ledger,
    signer: options.signer,
    codeVersion: options.codeVersion,
    principal: {
      login: options.requester.login,
      via: options.via,
      ...options.actor && options.actor !== options.requester.login ? { actor: options.actor } : {},
      ...options.runId ? { run_id: options.runId } : {},
      approval
    },
    loadBundle: (sessionId) => loadBundleFromLedgerBranch({ octokit, ...repo, branch: options.branch, sessionId }),
    promote: options.eval ? evalPromotion({
      ...options.eval,
      octokit,
      repo,
      trustedRef: options.trustedRef,
      workdir: options.cwd,
      ledger: options.ledger,
      signer: options.signer,
      codeVersion: options.codeVersion,
      principal: { login: options.requester.login, via: options.via, purpose: "memory eval" },
      env: options.env,
      overrides: options.overrides,
      log
    }) : void 0,
    approve: (snapshot, memoryId) => {
      const found = findKeyApproval(snapshot, memoryId, options.trusted, log);
      if (!found && options.keyApproval)
        throw new MemoryJobRefusedError(
          `promoting ${memoryId.slice(0, 12)} needs a maintainer's own signed approval here (memory-approval: key), and none on ${options.branch} checks: a maintainer whose key is pinned as reviewer in .truss/trusted-keys runs truss memory approve ${memoryId.slice(0, 12)} --reason TEXT --ledger-branch ${options.branch} --repo ${repo.owner}/${repo.repo}, then this job again`
        );
      return found;
    },
    log
  });
}
function memoryOutcomeText(outcome, requested) {
  const what = `${outcome.kind} \`${outcome.key}\` (\`${outcome.memoryId.slice(0, 12)}\`)`;
  const where = outcome.commitUrl ? ` ([commit](${outcome.commitUrl}))` : "";
  const line = outcome.decision === "promote" ? `Memory ${what} is **verified**: the panel reviewed it against its provenance; later runs recall it.` : outcome.decision === "revoke" ? `Memory ${what} is **stale**: later runs no longer recall it.` : outcome.decision === "reject" ? `Memory ${what} was **rejected** by the panel: it will never be recalled.` : `The panel could not decide memory ${what} (**unverifiable**): it stays unverified.`;
  const asked = outcome.decision === requested ? "" : ` (${requested} was asked)`;
  const from = outcome.proposedFromArtifact ? ` The proposal came from \`${outcome.proposedFromArtifact.artifact}\` (workflow run ${outcome.proposedFromArtifact.workflowRunId}): its chain is intact, but its key \`${outcome.proposedFromArtifact.keyId}\` is ${outcome.proposedFromArtifact.keyPinned ? "pinned" : "not pinned (a fork's one-time key)"}, so only this decision vouches for the entry.` : "";
  return `${line}${asked} Signed decision: session \`${outcome.sessionId}\`${where}.${from}`;
}

// src/action/memory-mode.ts
import { join as join2 } from "node:path";

// src/github/pr-artifact-bundles.ts
var MAX_PROPOSAL_ARTIFACT_BYTES = 32 * 1024 * 1024;
var MAX_RUNS = 20;
var MAX_PROPOSAL_ARTIFACTS = 10;
var SESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function pullRequestArtifactBundles(octokit, repo, prNumber, maxBytes = MAX_PROPOSAL_ARTIFACT_BYTES) {
  return {
    list: async () => {
      try {
        const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
        const headRepo = pr.head.repo?.full_name;
        if (!headRepo) return [];
        const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
          ...repo,
          event: "pull_request",
          branch: pr.head.ref,
          per_page: MAX_RUNS
        });
        const found = [];
        for (const run5 of data.workflow_runs) {
          if (run5.head_repository?.full_name !== headRepo) continue;
          const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
            ...repo,
            run_id: run5.id,
            per_page: 100
          });
          for (const artifact of artifacts) {
            const sessionId = sessionIdOfArtifact(artifact.name);
            if (artifact.expired || sessionId === null || !SESSION.test(sessionId)) continue;
            if (found.length >= MAX_PROPOSAL_ARTIFACTS) return found;
            found.push({
              sessionId,
              artifactName: artifact.name,
              artifactId: artifact.id,
              workflowRunId: run5.id,
              bytes: artifact.size_in_bytes
            });
          }
        }
        return found;
      } catch (error2) {
        throw toMissingPermission(
          error2,
          "actions: read",
          `list the workflow artifacts of pull request #${prNumber}`
        );
      }
    },
    load: (ref) => {
      if (ref.bytes > maxBytes)
        throw new ArtifactZipError(
          `${ref.artifactName} is ${ref.bytes} bytes, over the ${maxBytes}-byte limit for a run's ledger artifact`
        );
      return downloadArtifactBundleText({
        octokit,
        ...repo,
        artifactId: ref.artifactId,
        sessionId: ref.sessionId,
        maxBytes
      });
    }
  };
}

// src/action/isolation.ts
import { tmpdir } from "node:os";
function actionIsolation(inputs, context, setup, dbPath, env) {
  return (contract) => createRunIsolation({
    mode: inputs.isolation || void 0,
    contract,
    workdir: setup.workdir,
    dbPath,
    tempDirs: [setup.outDir, context.tempDir],
    env,
    scratchRoot: tmpdir()
  });
}

// src/action/memory-mode.ts
var ENTRY = /^[0-9a-f]{8,64}$/;
async function handleMemoryMode(job, dispatch) {
  const { inputs, context } = job;
  const defaultBranch = context.payload.repository?.default_branch ?? "main";
  const trusted = context.eventName === "workflow_dispatch" || context.eventName === "push" && context.ref === `refs/heads/${defaultBranch}`;
  if (!trusted)
    throw new MemoryJobRefusedError(
      `mode memory decides what every later run is told, so it runs only on a push to ${defaultBranch} or on workflow_dispatch; this ${context.eventName} event (${context.ref || "no ref"}) can only propose`
    );
  const action = inputs.memoryCommand || dispatch?.memory.command || "";
  if (action !== "promote" && action !== "revoke")
    throw new Error(
      `mode memory needs memory-command: promote or revoke (got "${String(action).slice(0, 20)}")`
    );
  const entry = (inputs.memoryEntry || dispatch?.memory.entry || "").toLowerCase();
  if (!ENTRY.test(entry))
    throw new Error(
      `mode memory needs memory-entry: the entry's id (8 to 64 hex characters, from the check run), got "${entry.slice(0, 70)}"`
    );
  const prInput = Number(
    context.payload.inputs?.pr_number ?? Number.NaN
  );
  const requester = dispatch?.requester ?? context.actor;
  const request = {
    action,
    entry,
    reason: inputs.memoryReason || dispatch?.memory.reason || null,
    prNumber: Number.isInteger(prInput) && prInput > 0 ? prInput : null,
    sessions: [...inputs.memorySessions, ...dispatch?.memory.sessions ?? []],
    requester: { login: requester, type: /\[bot\]$/i.test(requester) ? "Bot" : "User" }
  };
  const reply = (body) => request.prNumber === null ? Promise.resolve() : postReply({
    octokit: job.octokit,
    owner: context.owner,
    repo: context.repo,
    issueNumber: request.prNumber,
    body,
    dryRun: inputs.dryRun
  }).then(() => void 0);
  try {
    const outcome = await decideMemory(job, request, defaultBranch);
    await reply(memoryOutcomeText(outcome, action));
  } catch (error2) {
    await reply(`truss could not decide the memory entry: ${inlineText(error2.message, 2e3)}`);
    throw error2;
  }
}
async function decideMemory(job, request, defaultBranch) {
  const { inputs, context, octokit, setup } = job;
  const repo = { owner: context.owner, repo: context.repo };
  const sessions = [...request.sessions];
  if (request.prNumber !== null) {
    for (const id of await pullRequestProposers(octokit, repo, request.prNumber, inputs.commentAuthors))
      if (!sessions.includes(id)) sessions.push(id);
  }
  const trusted = await trustedKeysFor(inputs.trustedKeys, octokit, repo, defaultBranch);
  const evalPromotion2 = inputs.memoryEval && request.action === "promote" ? {
    contract: inputs.memoryEval,
    repeats: inputs.repeats ?? 3,
    memory: await runMemoryFromBranch({
      octokit,
      ...repo,
      branch: inputs.ledgerBranch,
      trusted,
      ownKey: setup.ephemeralKey ? null : setup.signer.publicKeyHex,
      requireApproval: inputs.memoryApproval === "key",
      log: setup.log
    }),
    isolate: actionIsolation(
      inputs,
      context,
      setup,
      join2(setup.outDir, LEDGER_DB_FILE_NAME),
      setup.env
    ),
    toolServer: setup.toolServer
  } : void 0;
  const outcome = await setup.log.group(
    `memory ${request.action} ${request.entry}`,
    () => runMemoryJob({
      octokit,
      repo,
      branch: inputs.ledgerBranch,
      trustedRef: defaultBranch,
      action: request.action,
      entry: request.entry,
      reason: request.reason,
      sessions,
      artifacts: request.prNumber === null ? void 0 : pullRequestArtifactBundles(octokit, repo, request.prNumber),
      requester: request.requester,
      approval: memoryApprovalRequired(inputs.memoryApproval, context.payload),
      keyApproval: inputs.memoryApproval === "key",
      trusted,
      via: context.eventName,
      actor: context.actor,
      runId: context.runId || null,
      eval: evalPromotion2,
      ledger: setup.store,
      signer: setup.signer,
      ephemeralKey: setup.ephemeralKey,
      codeVersion: `truss ${package_default.version}`,
      env: setup.env,
      overrides: setup.overrides,
      cwd: setup.workdir,
      log: setup.log
    })
  );
  setOutput("memory-decision", outcome.decision);
  setOutput("memory-session", outcome.sessionId);
  setOutput("memory-id", outcome.memoryId);
  if (inputs.summary && process.env.GITHUB_STEP_SUMMARY)
    await summary.addRaw(memoryOutcomeText(outcome, request.action), true).write();
  if (outcome.decision !== request.action)
    setFailed(
      `truss: memory ${request.action} of ${outcome.kind} ${outcome.key} ended ${outcome.decision.toUpperCase()}`
    );
  return outcome;
}

// src/action/pr-target.ts
function targetFromPullRequest(pr) {
  return {
    headSha: pr.head.sha,
    trustedRef: pr.base.sha,
    baseSha: pr.base.sha,
    prNumber: pr.number,
    headRef: pr.head.ref ?? null,
    defaultBranch: pr.base.repo?.default_branch ?? pr.base.ref ?? "main",
    fork: Boolean(
      pr.head.repo?.full_name && pr.base.repo?.full_name && pr.head.repo.full_name !== pr.base.repo.full_name
    )
  };
}
async function resolveRunTarget(context, octokit) {
  const payload = context.payload;
  if (payload.pull_request) return targetFromPullRequest(payload.pull_request);
  const dispatchPr = Number(payload.inputs?.pr_number ?? Number.NaN);
  if (context.eventName === "workflow_dispatch" && Number.isInteger(dispatchPr) && dispatchPr > 0) {
    const dispatchedHead = dispatchedHeadSha(payload);
    const { data } = await octokit.rest.pulls.get({
      owner: context.owner,
      repo: context.repo,
      pull_number: dispatchPr
    });
    const target = targetFromPullRequest(data);
    if (dispatchedHead !== null && dispatchedHead !== target.headSha)
      throw new HeadMismatchError(
        `this run was requested for ${dispatchedHead.slice(0, 12)}, but pull request #${dispatchPr} is now at ${target.headSha.slice(0, 12)}: the change moved after the request, and one commit's verdict never goes on another's check. Comment the run command again to run on the new head.`
      );
    return target;
  }
  const before = typeof payload.before === "string" && !/^0+$/.test(payload.before) ? payload.before : null;
  const repository = payload.repository;
  return {
    headSha: context.sha,
    trustedRef: context.sha,
    baseSha: before,
    prNumber: null,
    fork: false,
    headRef: context.ref.startsWith("refs/heads/") ? context.ref.slice("refs/heads/".length) : null,
    defaultBranch: repository?.default_branch ?? "main"
  };
}
function dispatchedHeadSha(payload) {
  const value = payload.inputs?.head_sha;
  if (typeof value !== "string" || value.trim() === "") return null;
  if (!/^[0-9a-f]{40}$/.test(value.trim()))
    throw new Error(
      `workflow_dispatch input head_sha must be a 40-character commit SHA, got "${value.slice(0, 50)}"`
    );
  return value.trim();
}
var DISPATCH_CONTRACT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
function readDispatchRequest(context) {
  if (context.eventName !== "workflow_dispatch") return null;
  const inputs = context.payload.inputs ?? {};
  const text = (name) => {
    const value = inputs[name];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  };
  const contract = text("contract");
  if (contract !== null && !DISPATCH_CONTRACT.test(contract))
    throw new Error(`workflow_dispatch input contract "${contract.slice(0, 70)}" is not a contract name`);
  const mode = text("mode");
  if (mode !== null && mode !== "run" && mode !== "verify" && mode !== "resume" && mode !== "memory")
    throw new Error(
      `workflow_dispatch input mode must be run, verify, resume or memory, got "${mode.slice(0, 20)}"`
    );
  const checkRun = text("check_run_id");
  if (checkRun !== null && !/^[1-9]\d{0,18}$/.test(checkRun))
    throw new Error(
      `workflow_dispatch input check_run_id must be a check run id, got "${checkRun.slice(0, 30)}"`
    );
  const resumeRunId = text("resume_run_id");
  if (resumeRunId !== null && !/^\d{1,20}$/.test(resumeRunId))
    throw new Error(
      `workflow_dispatch input resume_run_id must be a workflow run id, got "${resumeRunId.slice(0, 30)}"`
    );
  const approvalText = text("approval");
  let approval = null;
  if (approvalText !== null) {
    try {
      approval = JSON.parse(approvalText);
    } catch {
      throw new Error(
        "workflow_dispatch input approval is not JSON (it must be a pre-signed human_review entry)"
      );
    }
  }
  return {
    contract,
    mode,
    checkRunId: checkRun === null ? null : Number(checkRun),
    requester: text("requester"),
    intent: text("intent"),
    resumeRunId,
    sessionId: text("session_id"),
    approval,
    // Checked where they are used (memory-mode.ts): the same rules as the memory-* inputs.
    memory: {
      command: text("memory_command"),
      entry: text("memory_entry"),
      reason: text("memory_reason"),
      sessions: (text("memory_sessions") ?? "").split(/[\s,]+/).filter(Boolean)
    }
  };
}
async function failQueuedCheck(options) {
  const id = options.dispatch?.checkRunId;
  if (!id) return;
  const message = options.error instanceof Error ? options.error.message : String(options.error);
  await completeCheckRun({
    octokit: options.octokit,
    owner: options.context.owner,
    repo: options.context.repo,
    checkRunId: id,
    conclusion: "failure",
    output: { title: "truss could not run", summary: message },
    dryRun: false
  }).catch((e) => options.warn(`could not complete the queued check ${id}: ${e.message}`));
}
function dispatchedRun(dispatch, defaultNames) {
  return {
    names: dispatch?.contract ? [dispatch.contract] : defaultNames,
    intent: dispatch?.intent ?? null,
    verifyOnly: dispatch?.mode === "verify",
    checkRunIds: dispatch?.checkRunId && dispatch.contract ? /* @__PURE__ */ new Map([[dispatch.contract, dispatch.checkRunId]]) : void 0
  };
}

// src/action/resume-mode.ts
import { existsSync as existsSync3, mkdirSync as mkdirSync3 } from "node:fs";
import { join as join8 } from "node:path";

// src/github/workdir-patch.ts
import { execFile as execFile3 } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join3 } from "node:path";
import { promisify as promisify3 } from "node:util";
var execGit = promisify3(execFile3);
var OUTSIDE_TRUSS = ["--", ".", ":(top,exclude).truss"];
async function captureWorkdirPatch(workdir, baseSha) {
  const scratch = mkdtempSync(join3(tmpdir2(), "truss-index-"));
  const env = { ...process.env, GIT_INDEX_FILE: join3(scratch, "index") };
  const gitBytes = async (args) => (await execGit("git", [...HARNESS_GIT_ARGS, ...args], {
    cwd: workdir,
    env,
    maxBuffer: 256 << 20,
    encoding: "buffer"
  })).stdout;
  const git = async (args) => (await gitBytes(args)).toString("utf8");
  try {
    await git(["read-tree", "HEAD"]);
    await stageAll({ raw: git }, OUTSIDE_TRUSS.slice(1));
    return await gitBytes(["diff", "--cached", "--binary", "--full-index", baseSha, ...OUTSIDE_TRUSS]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
async function applyWorkdirPatch(workdir, patch, env = process.env) {
  await snapshotWorktree(workdir, env).catch(() => void 0);
  if (patch.length === 0) return;
  const scratch = mkdtempSync(join3(tmpdir2(), "truss-patch-"));
  const file = join3(scratch, WORKDIR_PATCH_FILE_NAME);
  writeFileSync(file, patch);
  try {
    await execGit("git", ["apply", "--binary", "--whitespace=nowarn", file], { cwd: workdir });
  } catch (error2) {
    const stderr = String(error2.stderr ?? "").trim();
    throw new Error(
      `the suspended run's workspace changes do not apply to this checkout: ${stderr || error2.message}`
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
var STATEMENT_DOMAIN = "truss.workdir_patch.v1\n";
function statementMessage(statement) {
  return utf8Bytes(STATEMENT_DOMAIN + canonicalJson({ ...statement }));
}
function signWorkdirPatch(signer, head, patch) {
  const statement = {
    session_id: head.sessionId,
    head_seq: head.seq,
    head_hash: head.hash,
    patch_sha256: sha256Hex(patch)
  };
  const signature = bytesToHex(signer.sign(statementMessage(statement)));
  return `${JSON.stringify({ ...statement, public_key: signer.publicKeyHex, signature })}
`;
}
function workdirPatchRefusal(options) {
  const { head } = options;
  if (options.patch === null) return `it carries no ${WORKDIR_PATCH_FILE_NAME}`;
  if (options.statement === null)
    return `its ${WORKDIR_PATCH_FILE_NAME} comes without the session key's signed statement`;
  let parsed;
  try {
    parsed = JSON.parse(options.statement);
  } catch {
    return `its ${WORKDIR_PATCH_FILE_NAME} statement is not JSON`;
  }
  const statement = {
    session_id: head.sessionId,
    head_seq: head.seq,
    head_hash: head.hash,
    patch_sha256: sha256Hex(options.patch)
  };
  for (const [field, want] of Object.entries(statement)) {
    if (parsed[field] !== want)
      return `its ${WORKDIR_PATCH_FILE_NAME} statement's ${field} is not this ledger's (${String(want)})`;
  }
  const publicKey = hexToBytes(options.publicKeyHex, 32);
  const signature = hexToBytes(parsed.signature, 64);
  if (!publicKey || !signature || !options.crypto.verify(signature, statementMessage(statement), publicKey))
    return `its ${WORKDIR_PATCH_FILE_NAME} statement is not signed by the session key`;
  return null;
}
function artifactWorkdirPatch(dir, signedFor) {
  const read = (name) => existsSync(join3(dir, name)) ? readFileSync(join3(dir, name)) : null;
  const patch = read(WORKDIR_PATCH_FILE_NAME);
  if (!signedFor) return { patch, refusal: null };
  const statement = read(WORKDIR_PATCH_STATEMENT_FILE_NAME)?.toString("utf8") ?? null;
  return { patch, refusal: workdirPatchRefusal({ statement, patch, ...signedFor }) };
}
function sha256Hex(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

// src/action/download-artifact.ts
async function downloadRunArtifact(options) {
  const { DefaultArtifactClient } = await import("./artifact-CHBQH65X.js");
  await new DefaultArtifactClient().downloadArtifact(options.artifactId, {
    path: options.path,
    findBy: {
      token: options.token,
      workflowRunId: options.workflowRunId,
      repositoryOwner: options.context.owner,
      repositoryName: options.context.repo
    }
  });
}

// src/action/event-context.ts
import { readFileSync as readFileSync2 } from "node:fs";
function readEventContext(env) {
  const required = (name) => {
    const value = env[name];
    if (!value)
      throw new Error(
        `${name} is not set: run this action inside a GitHub Actions job (or set it for local testing)`
      );
    return value;
  };
  const [owner, repo] = required("GITHUB_REPOSITORY").split("/");
  const eventPath = env.GITHUB_EVENT_PATH;
  let payload = {};
  if (eventPath) {
    try {
      payload = JSON.parse(readFileSync2(eventPath, "utf8"));
    } catch (error2) {
      throw new Error(
        `cannot read the event payload at GITHUB_EVENT_PATH=${eventPath}: ${error2.message}`
      );
    }
  }
  return {
    eventName: required("GITHUB_EVENT_NAME"),
    payload,
    owner,
    repo,
    sha: env.GITHUB_SHA ?? "",
    ref: env.GITHUB_REF ?? "",
    actor: env.GITHUB_ACTOR ?? "",
    runId: env.GITHUB_RUN_ID ?? "",
    serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    tempDir: env.RUNNER_TEMP ?? "/tmp"
  };
}
function runUrl(context) {
  return context.runId ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}` : null;
}

// src/github/git-changes-publisher.ts
import { execFile as execFile4 } from "node:child_process";
import { promisify as promisify4 } from "node:util";
var execGit2 = promisify4(execFile4);
var BOT = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
function gitChangesPublisher(options) {
  return { mode: options.mode, publish: (run5) => publish(options, run5) };
}
async function publish(options, run5) {
  const { workdir, target, mode, log } = options;
  const git = async (args, env = {}) => (await execGit2("git", [...HARNESS_GIT_ARGS, ...args], {
    cwd: workdir,
    env: { ...process.env, ...env },
    maxBuffer: 16 << 20
  })).stdout.trim();
  const committed = await commitChanges(git, run5);
  const head = await git(["rev-parse", "HEAD"]);
  if (head === run5.startSha && !committed) {
    return {
      status: "no_changes",
      commit: null,
      branch: null,
      detail: "the run left the code as it found it"
    };
  }
  if (mode === "push") {
    if (target.fork)
      return skipped(
        head,
        "the pull request comes from a fork, which the workflow token cannot push to; use on-pass-changes: pull-request"
      );
    if (!target.headRef)
      return skipped(head, "no branch to push to (the run is not on a branch or pull request)");
    const branch2 = await checkedBranch(git, target.headRef);
    if (options.dryRun) return dryRun(head, branch2, `would push ${head.slice(0, 12)} to ${branch2}`);
    await push(git, options, head, branch2);
    log.info(`pushed ${head.slice(0, 12)} to ${branch2}`);
    return { status: "pushed", commit: head, branch: branch2, detail: `pushed to ${branch2}` };
  }
  const branch = await checkedBranch(
    git,
    `truss/${safeSegment(run5.contractId)}-${run5.sessionId.slice(0, 8)}`
  );
  const base = target.headRef && !target.fork ? target.headRef : target.defaultBranch;
  if (options.dryRun)
    return dryRun(head, branch, `would push ${branch} and open a pull request into ${base}`);
  await push(git, options, head, branch);
  const pr = await openPullRequest(options, run5, branch, base);
  log.info(`opened ${pr.url} from ${branch}`);
  return {
    status: "pull_request_opened",
    commit: head,
    branch,
    pull_request_url: pr.url,
    pull_request_number: pr.number,
    detail: `into ${base}`
  };
}
async function commitChanges(git, run5) {
  const specs = ["--", ".", ":(top,exclude).truss"];
  await stageAll({ raw: (args) => git(args) }, specs.slice(1));
  const staged = await git(["diff", "--cached", "--name-only", ...specs]);
  if (!staged) return false;
  const message = `${run5.title ? `truss: ${run5.title}` : `truss: ${run5.contractId}`}

Verified PASS by truss session ${run5.sessionId}.
Verdict entry: ${run5.verdictHash}
`;
  await git(["commit", "--no-verify", "--quiet", "--message", message], {
    GIT_AUTHOR_NAME: BOT.name,
    GIT_AUTHOR_EMAIL: BOT.email,
    GIT_COMMITTER_NAME: BOT.name,
    GIT_COMMITTER_EMAIL: BOT.email
  });
  return true;
}
async function checkedBranch(git, name) {
  try {
    return await git(["check-ref-format", "--branch", name]);
  } catch {
    throw new Error(`"${name}" is not a valid branch name`);
  }
}
async function push(git, options, head, branch) {
  const env = await gitAuthEnvUnlessConfigured(options.workdir, options.auth);
  try {
    await git(["push", "--quiet", "--no-verify", "origin", `${head}:refs/heads/${branch}`], env);
  } catch (error2) {
    const stderr = String(error2.stderr ?? "").trim();
    const moved = /non-fast-forward|fetch first|rejected/.test(stderr);
    throw new Error(
      moved ? `could not push to ${branch}: the branch moved while truss worked (no force push); re-run on the new head` : `could not push to ${branch}: ${stderr.split("\n").at(-1) || error2.message}. Does the workflow grant \`contents: write\`?`
    );
  }
}
async function openPullRequest(options, run5, branch, base) {
  const { octokit, repo } = options;
  const { data: open } = await octokit.rest.pulls.list({
    ...repo,
    head: `${repo.owner}:${branch}`,
    state: "open"
  });
  const existing = open[0];
  if (existing) return { url: existing.html_url, number: existing.number };
  const origin = options.target.prNumber ? ` for #${options.target.prNumber}` : "";
  const { data } = await octokit.rest.pulls.create({
    ...repo,
    head: branch,
    base,
    title: `truss: ${run5.title ?? run5.contractId}`,
    body: [
      `Changes made by truss${origin} and verified **PASS** against contract \`${run5.contractId}\`.`,
      "",
      `- Session: \`${run5.sessionId}\``,
      `- Signed verdict entry: \`${run5.verdictHash}\``,
      "",
      "The ledger bundle of the run is attached to the workflow run as an artifact; verify it with `npx truss verify`."
    ].join("\n")
  });
  return { url: data.html_url, number: data.number };
}
function skipped(commit, detail) {
  return { status: "skipped", commit, branch: null, detail };
}
function dryRun(commit, branch, detail) {
  return { status: "dry_run", commit, branch, detail: `dry run: ${detail}` };
}
function safeSegment(id) {
  return id.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || "contract";
}

// src/github/publish-attestation.ts
import { readFileSync as readFileSync3, writeFileSync as writeFileSync2 } from "node:fs";
import { basename } from "node:path";

// src/github/artifact-attestation.ts
function sigstoreInstanceFor(payload) {
  const repository = payload.repository;
  return repository?.visibility === "public" || repository?.private === false ? "public-good" : "github";
}
var KEPT_IN_ARTIFACT = "the DSSE attestation and Sigstore bundle signed with the ledger key are still in the ledger artifact";
async function createArtifactAttestation(options) {
  if (!options.env.ACTIONS_ID_TOKEN_REQUEST_URL || !options.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) {
    return {
      status: "skipped",
      reason: `attest: no GitHub artifact attestation: this job has no OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL is not set). Grant the job \`permissions: id-token: write\` and \`attestations: write\`; pull requests from forks never get an OIDC token. ${capitalize(KEPT_IN_ARTIFACT)}.`
    };
  }
  let bundle;
  try {
    const { attest: attest2 } = await import("./lib-WIXRJEMG.js");
    const attestation = await attest2({
      subjects: [options.subject],
      predicateType: TRUSS_VERDICT_PREDICATE_TYPE,
      predicate: options.predicate,
      token: options.token,
      sigstore: options.sigstore,
      skipWrite: true
    });
    bundle = attestation.bundle;
  } catch (error2) {
    return {
      status: "skipped",
      reason: `attest: could not sign the GitHub artifact attestation with Sigstore (${options.sigstore}): ${redactTokens(messageOf(error2), options.env)}. Check that the job has \`permissions: id-token: write\`; ${KEPT_IN_ARTIFACT}.`
    };
  }
  try {
    const response = await options.octokit.request("POST /repos/{owner}/{repo}/attestations", {
      owner: options.owner,
      repo: options.repo,
      bundle
    });
    const id = response.data.id ?? null;
    return {
      status: "created",
      id,
      url: id === null ? null : `${options.serverUrl}/${options.owner}/${options.repo}/attestations/${id}`,
      bundle
    };
  } catch (error2) {
    const status = statusOf(error2);
    const where = `${options.owner}/${options.repo}`;
    let reason;
    if (status === 403 && !isRateLimitError(error2))
      reason = `the GitHub token cannot write attestations to ${where}: add \`attestations: write\` (and \`id-token: write\`) to the job's \`permissions:\``;
    else if (status === 404)
      reason = `artifact attestations are not available for ${where} (private repositories need GitHub Enterprise Cloud; on GHES they need a recent server)`;
    else reason = `storing it in ${where} failed: ${messageOf(error2)}`;
    return {
      status: "skipped",
      reason: `attest: no GitHub artifact attestation: ${reason}; ${KEPT_IN_ARTIFACT}.`
    };
  }
}
function redactTokens(text, env) {
  let out = text.replace(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g, "[redacted token]");
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (requestToken) out = out.split(requestToken).join("[redacted]");
  return out;
}
function messageOf(error2) {
  if (error2 instanceof Error) {
    const cause = error2.cause;
    return cause instanceof Error ? `${error2.message} (${cause.message})` : error2.message;
  }
  return String(error2);
}
function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// src/github/publish-attestation.ts
function attestationStep(options) {
  if (!options.enabled) return null;
  return {
    name: "attest",
    stage: "evidence",
    run: (files) => attest(files, options)
  };
}
async function attest(files, options) {
  try {
    const bundleBytes = readFileSync3(files.bundlePath);
    const attestation = attestBundle({
      bundleBytes,
      bundleName: basename(files.bundlePath),
      source: basename(files.bundlePath),
      signer: options.signer,
      crypto: createNodeCrypto(),
      trussVersion: options.trussVersion
    });
    const paths = attestationPaths(files.bundlePath);
    writeFileSync2(paths.intoto, `${JSON.stringify(attestation.envelope, null, 2)}
`);
    writeFileSync2(paths.sigstore, `${JSON.stringify(attestation.sigstoreBundle, null, 2)}
`);
    files.extraFiles.push(paths.intoto, paths.sigstore);
    options.info(
      `attest: wrote ${basename(paths.intoto)} and .sigstore.json (signed by ${options.signer.keyId})`
    );
    if (options.dryRun) {
      options.info("attest: dry-run, no GitHub artifact attestation created");
    } else {
      const { context } = options;
      const result = await createArtifactAttestation({
        octokit: options.octokit,
        owner: context.owner,
        repo: context.repo,
        serverUrl: context.serverUrl,
        subject: attestation.statement.subject.find((s) => s.digest.sha256),
        predicate: attestation.statement.predicate,
        token: options.token,
        sigstore: sigstoreInstanceFor(context.payload),
        env: options.env
      });
      if (result.status === "skipped") options.warn(result.reason);
      else
        options.info(
          `attest: created GitHub artifact attestation ${result.url ?? "(no id returned)"}; check it with: gh attestation verify ${basename(files.bundlePath)} --repo ${context.owner}/${context.repo} --predicate-type ${attestation.statement.predicateType}`
        );
    }
  } catch (error2) {
    const why = error2 instanceof AttestationRefusedError ? error2.message : `unexpected error: ${error2.message}`;
    options.warn(`attest: no verdict attestation for session ${files.sessionId}: ${why}`);
  }
}

// src/github/ledger-branch-anchor.ts
import { mkdtempSync as mkdtempSync2, readFileSync as readFileSync4, rmSync as rmSync2, writeFileSync as writeFileSync3 } from "node:fs";
import { tmpdir as tmpdir3 } from "node:os";
import { join as join4 } from "node:path";
var ANCHOR_LOG_DIR = "anchor";
var BRANCH_FILES = [LOG_FILES.config, LOG_FILES.leaves, LOG_FILES.checkpoint, LOG_FILES.history];
var ATTEMPTS = 4;
function defaultLogOrigin(owner, repo) {
  return `github.com/${owner}/${repo}/truss-anchor-log`;
}
async function anchorOnLedgerBranch(options) {
  const { octokit, owner, repo, branch } = options;
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync2(join4(tmpdir3(), "truss-anchor-branch-"));
    try {
      const head = await branchHead(octokit, owner, repo, branch);
      const before = /* @__PURE__ */ new Map();
      if (head) {
        for (const name of BRANCH_FILES) {
          const text = await readRepoFile({
            octokit,
            owner,
            repo,
            path: `${ANCHOR_LOG_DIR}/${name}`,
            ref: head.commitSha
          });
          if (text !== null) before.set(name, text);
        }
      }
      if (before.size > 0 && !before.has(LOG_FILES.config))
        throw new LogError(
          `${branch}:${ANCHOR_LOG_DIR}/ has log files but no ${LOG_FILES.config}; repair the branch`
        );
      for (const [name, text] of before) writeFileSync3(join4(dir, name), text);
      const deps = { crypto: options.crypto, hasher: options.hasher };
      if (!before.has(LOG_FILES.config)) {
        TransparencyLog.create(
          dir,
          { origin: options.origin ?? defaultLogOrigin(owner, repo), publicKey: options.logKey.publicKey },
          deps
        ).close();
      }
      const receipt = anchorInLog({ dir, signer: options.logKey, ...deps }, options.head);
      const files = BRANCH_FILES.map((name) => ({ name, text: readFileSync4(join4(dir, name), "utf8") })).filter(({ name, text }) => before.get(name) !== text).map(({ name, text }) => ({ path: `${ANCHOR_LOG_DIR}/${name}`, content: text }));
      try {
        const commit = await commitFilesToBranch({
          octokit,
          owner,
          repo,
          branch,
          files,
          message: options.message ?? `truss: anchor head ${options.head.headHash.slice(0, 12)} (leaf ${receipt.leaf_index})`,
          dryRun: false,
          parent: head?.commitSha ?? null
        });
        return { receipt, commit };
      } catch (error2) {
        if (!(error2 instanceof BranchMovedError) || attempt >= ATTEMPTS) throw error2;
        octokit.log.warn(`${branch} moved while anchoring (attempt ${attempt}); re-reading the log`);
      }
    } finally {
      rmSync2(dir, { recursive: true, force: true });
    }
  }
}
var LedgerBranchAnchor = class {
  constructor(options) {
    this.options = options;
  }
  options;
  kind = "ledger-branch";
  /** The commit that published the last receipt's checkpoint. */
  lastCommit = null;
  async anchor(head) {
    const { receipt, commit } = await anchorOnLedgerBranch({ ...this.options, head });
    this.lastCommit = commit;
    return receipt;
  }
};

// src/github/publish-ledger-branch.ts
function anchorOnLedgerBranchStep(options) {
  if (!options.branch || !options.anchor || options.dryRun) return null;
  const keys = options.anchor;
  return {
    name: "anchor",
    stage: "ledger",
    async run({ sessionId }) {
      const anchor = new LedgerBranchAnchor({
        octokit: options.octokit,
        owner: options.owner,
        repo: options.repo,
        branch: options.branch,
        logKey: keys.signer,
        crypto: createNodeCrypto(),
        hasher: nodeTreeHasher()
      });
      try {
        const result = await anchorSession({ store: keys.store, sessionId, signer: keys.signer, anchor });
        if (!result) return;
        options.info?.(
          `anchored seq ${result.receipt.anchored_seq} of ${sessionId} as leaf ${result.receipt.leaf_index} of ${result.receipt.log_origin} (${options.branch}:anchor/, ${anchor.lastCommit?.url ?? ""})`
        );
      } catch (error2) {
        options.warn(
          `could not anchor session ${sessionId} in the log on ${options.branch}: ${error2 instanceof Error ? error2.message : String(error2)}`
        );
      }
    }
  };
}
function commitToLedgerBranchStep(options) {
  if (!options.branch) return null;
  return {
    name: "ledger-branch",
    stage: "evidence",
    async run(evidence) {
      try {
        await saveBundleToLedgerBranch({
          octokit: options.octokit,
          owner: options.owner,
          repo: options.repo,
          branch: options.branch,
          sessionId: evidence.sessionId,
          bundlePath: evidence.bundlePath,
          message: `truss: evidence of session ${evidence.sessionId}`,
          dryRun: options.dryRun
        });
      } catch (error2) {
        options.warn(
          `could not commit the bundle to the ${options.branch} branch: ${error2 instanceof Error ? error2.message : String(error2)}`
        );
      }
    }
  };
}

// src/action/publish-artifact.ts
import { copyFileSync, mkdirSync, writeFileSync as writeFileSync4 } from "node:fs";
import { basename as basename2, join as join5 } from "node:path";
function startedHeadSha(store, sessionId) {
  const first = store.entry(sessionId, 0);
  return first ? readEntry(first, "run_started").git?.head_sha ?? null : null;
}
function artifactPublisher(options) {
  return async ({ bundlePath, sessionId, suspended, reportPath, extraFiles = [] }) => {
    const name = options.name ?? ledgerArtifactName(sessionId);
    if (!options.env.ACTIONS_RUNTIME_TOKEN) {
      options.warn(
        `artifact upload skipped (no ACTIONS_RUNTIME_TOKEN: not on an Actions runner); the bundle is at ${bundlePath}`
      );
      return null;
    }
    const dir = join5(options.context.tempDir, name);
    mkdirSync(dir, { recursive: true });
    const bundleCopy = join5(dir, basename2(bundlePath));
    copyFileSync(bundlePath, bundleCopy);
    const files = [bundleCopy];
    if (options.includeDb !== false) {
      const dbCopy = join5(dir, LEDGER_DB_FILE_NAME);
      await options.store.backupTo(dbCopy);
      files.push(dbCopy);
    }
    const startSha = startedHeadSha(options.store, sessionId);
    if (suspended && options.workdir && startSha) {
      const patch = await captureWorkdirPatch(options.workdir, startSha);
      const patchPath = join5(dir, WORKDIR_PATCH_FILE_NAME);
      writeFileSync4(patchPath, patch);
      files.push(patchPath);
      const session = options.store.session(sessionId);
      if (options.signer && session?.head_hash && session.public_key === options.signer.publicKeyHex) {
        const statementPath = join5(dir, WORKDIR_PATCH_STATEMENT_FILE_NAME);
        const head = { sessionId, seq: session.entries - 1, hash: session.head_hash };
        writeFileSync4(statementPath, signWorkdirPatch(options.signer, head, patch));
        files.push(statementPath);
      }
    }
    if (reportPath) {
      const reportCopy = join5(dir, REPORT_FILE_NAME);
      copyFileSync(reportPath, reportCopy);
      files.push(reportCopy);
    }
    for (const file of extraFiles) {
      const copy = join5(dir, basename2(file));
      copyFileSync(file, copy);
      files.push(copy);
    }
    const { DefaultArtifactClient } = await import("./artifact-CHBQH65X.js");
    const uploaded = await new DefaultArtifactClient().uploadArtifact(name, files, dir);
    const { serverUrl, owner, repo, runId } = options.context;
    const id = uploaded.id ?? null;
    return {
      name,
      id,
      url: id === null ? null : `${serverUrl}/${owner}/${repo}/actions/runs/${runId}/artifacts/${id}`
    };
  };
}

// src/action/evidence-publisher.ts
function publishSteps(options) {
  const { inputs, context, octokit, setup, store } = options;
  const branch = {
    octokit,
    owner: context.owner,
    repo: context.repo,
    branch: inputs.ledgerBranch,
    dryRun: inputs.dryRun,
    warn: setup.log.warning,
    info: setup.log.info
  };
  const steps = [
    anchorOnLedgerBranchStep({
      ...branch,
      anchor: setup.ephemeralKey ? void 0 : { store, signer: setup.signer }
    }),
    attestationStep({
      enabled: inputs.attest,
      signer: setup.signer,
      context,
      octokit,
      token: inputs.githubToken,
      env: setup.env,
      dryRun: inputs.dryRun,
      trussVersion: package_default.version,
      info: setup.log.info,
      warn: setup.log.warning
    }),
    commitToLedgerBranchStep(branch),
    inputs.uploadArtifact ? uploadStep(
      artifactPublisher({
        store,
        context,
        env: setup.env,
        warn: setup.log.warning,
        workdir: setup.workdir,
        signer: setup.signer
      }),
      setup.log
    ) : null
  ];
  return steps.filter((step) => step !== null);
}
function changesPublisher(options) {
  const { inputs, context, octokit, setup, target } = options;
  if (inputs.onPassChanges === "none") return void 0;
  return gitChangesPublisher({
    mode: inputs.onPassChanges,
    workdir: setup.workdir,
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    target,
    auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
    dryRun: inputs.dryRun,
    log: setup.log
  });
}

// src/action/setup.ts
import { chmodSync, mkdirSync as mkdirSync2 } from "node:fs";
import { join as join7, resolve } from "node:path";

// src/action/tool-server.ts
import { existsSync as existsSync2, realpathSync } from "node:fs";
import { dirname, join as join6 } from "node:path";
var BUNDLED_CLI = "cli.js";
function actionToolServer(entry, node = process.execPath) {
  if (!entry) return void 0;
  let dir;
  try {
    dir = dirname(realpathSync(entry));
  } catch {
    return void 0;
  }
  const cli = join6(dir, BUNDLED_CLI);
  if (!existsSync2(cli)) return void 0;
  const relay = relayBeside(entry);
  return { command: node, args: [cli], ...relay ? { relayScript: relay } : {} };
}

// src/action/setup.ts
var actionsLogger = {
  info: (message) => info(logLines(message)),
  warning: (message) => warning(message),
  error: (message) => error(message),
  group: (name, fn) => group(name, fn)
};
function setupAction(inputs, context, env, options = {}) {
  for (const secret of [
    inputs.signingKey,
    inputs.reviewSigningKey,
    inputs.anthropicApiKey,
    inputs.openaiApiKey,
    inputs.githubToken
  ]) {
    if (secret) setSecret(secret);
  }
  let signer;
  let ephemeralKey = false;
  if (inputs.signingKey) {
    signer = parseSeedBase64(inputs.signingKey, "input signing-key");
  } else {
    signer = SigningKey.generate().key;
    ephemeralKey = true;
    if (options.signsRuns !== false)
      warning(
        "no signing-key: this run is signed with a one-time key, so its bundle verifies only as integrity_only. Secrets are not available to pull requests from forks; for your own branches set `signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}` (create one with `npx truss keygen`)."
      );
  }
  const outDir = join7(context.tempDir, "truss");
  mkdirSync2(outDir, { recursive: true, mode: 448 });
  chmodSync(outDir, 448);
  const store = LedgerStore.open(join7(outDir, LEDGER_DB_FILE_NAME), { receipts: checkReceipt });
  const providerEnv = {
    ...env,
    ...inputs.anthropicApiKey ? { ANTHROPIC_API_KEY: inputs.anthropicApiKey } : {},
    ...inputs.openaiApiKey ? { OPENAI_API_KEY: inputs.openaiApiKey } : {},
    GITHUB_TOKEN: inputs.githubToken,
    ...inputs.signingKey ? { TRUSS_SIGNING_KEY: inputs.signingKey } : {},
    ...inputs.reviewSigningKey ? { TRUSS_REVIEW_SIGNING_KEY: inputs.reviewSigningKey } : {}
  };
  const overrides = {
    ...inputs.reviewers !== void 0 ? { reviewers: inputs.reviewers } : {},
    ...inputs.provider || inputs.model || inputs.baseUrl ? {
      provider: {
        ...inputs.provider ? { kind: inputs.provider } : {},
        ...inputs.model ? { model: inputs.model } : {},
        ...inputs.baseUrl ? { base_url: inputs.baseUrl } : {}
      }
    } : {}
  };
  return {
    signer,
    ephemeralKey,
    store,
    outDir,
    workdir: resolve(context.workspace, inputs.workdir || "."),
    env: providerEnv,
    overrides,
    toolServer: actionToolServer(process.argv[1]),
    log: actionsLogger
  };
}
function reviewSigner(inputs) {
  if (inputs.reviewSigningKey) return parseSeedBase64(inputs.reviewSigningKey, "input review-signing-key");
  throw new Error(
    "mode review needs `review-signing-key` (a key distinct from signing-key, e.g. `${{ secrets.TRUSS_REVIEW_SIGNING_KEY }}`): human sign-offs are signed by their own key. Create one with `npx truss keygen --out -`."
  );
}

// src/action/resume-mode.ts
var ResumeError = class extends Error {
  name = "ResumeError";
};
async function resumeSuspendedRun(options) {
  const { inputs, context, octokit, setup, request } = options;
  const repo = { owner: context.owner, repo: context.repo };
  const { sessionId, dir } = await setup.log.group(
    "download the suspended ledger",
    () => downloadLedger(options)
  );
  const store = LedgerStore.open(join8(dir, LEDGER_DB_FILE_NAME), { receipts: checkReceipt, untrusted: true });
  try {
    const crypto = createNodeCrypto();
    const approvers = await trustedKeysFor(inputs.trustedKeys, octokit, repo, request.target.trustedRef);
    const reviewer = request.decision.kind === "sign" || inputs.reviewSigningKey ? reviewSigner(inputs) : null;
    if (reviewer && !approvers.has(reviewer.publicKeyHex))
      approvers.set(reviewer.publicKeyHex, rolePin("review-signing-key", ["reviewer"]));
    const verified = store.verifySession(sessionId, {
      crypto,
      trusted: new Map([...approvers, [setup.signer.publicKeyHex, "signing-key"]])
    });
    if (verified.status !== "suspended") {
      throw new ResumeError(
        `refusing to resume ${sessionId}: its ledger from run ${request.workflowRunId} does not verify against this workflow's signing key (${verified.status}${verified.failure ? `: ${verified.failure.message}` : ""}). Start a new run.`
      );
    }
    requireExtendsExport(
      store,
      sessionId,
      request.expectedHead ? {
        where: "the pull request's sticky comment",
        seq: request.expectedHead.seq,
        entryHash: request.expectedHead.hash
      } : null
    );
    const entries = [...store.entries(sessionId)];
    const last = entries.filter((e) => !ANNOTATION_KINDS.has(e.kind)).at(-1);
    if (last?.kind !== "suspended")
      throw new ResumeError(
        `session ${sessionId} is not suspended (its last entry is ${last?.kind ?? "missing"}); nothing to resume`
      );
    const queued = store.signals(sessionId).filter((s) => s.status === "pending");
    if (queued.length > 0)
      throw new ResumeError(
        `refusing to resume ${sessionId}: its ledger from run ${request.workflowRunId} holds ${queued.length} pending signal(s) (${queued.map((s) => s.name).join(", ")}) that no GitHub job queues. Start a new run.`
      );
    const startSha = startedHeadSha(store, sessionId);
    if (startSha && startSha !== request.target.headSha)
      throw new ResumeError(
        `the pull request moved since session ${sessionId} suspended (it ran on ${startSha.slice(0, 12)}, the head is now ${request.target.headSha.slice(0, 12)}): its evidence no longer describes the code, so start a new run`
      );
    const head = entries.at(-1);
    const { patch, refusal } = artifactWorkdirPatch(
      dir,
      startSha ? {
        head: { sessionId, seq: head?.seq ?? -1, hash: head?.entry_hash ?? "" },
        publicKeyHex: store.requireSession(sessionId).public_key,
        crypto
      } : null
    );
    if (refusal)
      throw new ResumeError(
        `refusing to resume ${sessionId}: the ledger artifact from run ${request.workflowRunId} does not carry the workspace the run left (${refusal}). Start a new run.`
      );
    const decision = request.decision;
    if (decision.kind === "sign" && reviewer) {
      store.appendHumanReview(sessionId, reviewer, {
        decision: decision.decision,
        note: decision.note ?? "",
        actor: decision.actor,
        source: decision.source
      });
      setup.log.info(`recorded ${decision.decision} by ${decision.actor.login}, signed by ${reviewer.keyId}`);
    } else if (decision.kind === "presigned") {
      const { signer, review } = presignedReviewSigner(decision.entry, crypto, approvers);
      store.append(sessionId, "human_review", review.payload, signer);
      setup.log.info(`recorded the ${review.payload.decision} signed by ${signer.keyId}`);
    }
    if (request.target.prNumber !== null)
      await ensurePullRequestHead({
        workdir: setup.workdir,
        prNumber: request.target.prNumber,
        headSha: request.target.headSha,
        warn: setup.log.warning,
        auth: { token: inputs.githubToken, serverUrl: context.serverUrl }
      });
    if (startSha && patch !== null) await applyWorkdirPatch(setup.workdir, patch);
    return await resumeAndReport({
      octokit,
      repo,
      headSha: request.target.headSha,
      prNumber: request.target.prNumber,
      workdir: setup.workdir,
      store,
      signer: setup.signer,
      env: setup.env,
      outDir: setup.outDir,
      codeVersion: `truss ${package_default.version}`,
      runUrl: runUrl(context),
      workflowRunId: context.runId || null,
      check: inputs.check,
      comment: inputs.comment,
      commentAuthors: inputs.commentAuthors,
      reviewComments: inputs.reviewComments,
      dryRun: inputs.dryRun,
      sessionId,
      approvers,
      existingCheckId: request.checkRunId ?? null,
      publishChanges: changesPublisher({ inputs, context, octokit, setup, target: request.target }),
      publishSteps: publishSteps({ inputs, context, octokit, setup, store }),
      isolate: actionIsolation(inputs, context, setup, join8(dir, LEDGER_DB_FILE_NAME), setup.env),
      toolServer: setup.toolServer,
      log: setup.log
    });
  } finally {
    store.close();
  }
}
async function resumeRequestFrom(inputs, context, octokit, dispatch) {
  const workflowRunId = inputs.resumeRunId || dispatch?.resumeRunId;
  if (!workflowRunId)
    throw new ResumeError(
      `mode resume needs \`resume-run-id\`: the id of the workflow run whose ${LEDGER_ARTIFACT_PREFIX}<session> artifact holds the suspended session`
    );
  const approval = dispatch?.approval ?? null;
  return {
    workflowRunId,
    sessionId: dispatch?.sessionId ?? null,
    target: await resolveRunTarget(context, octokit),
    decision: approval === null ? { kind: "none" } : { kind: "presigned", entry: approval },
    checkRunId: dispatch?.checkRunId ?? null
  };
}
async function resumeWithDecision(options, gate, prNumber, decision) {
  const { context, octokit } = options;
  const { data } = await octokit.rest.pulls.get({
    owner: context.owner,
    repo: context.repo,
    pull_number: prNumber
  });
  return resumeSuspendedRun({
    ...options,
    request: {
      workflowRunId: gate.workflow_run_id,
      sessionId: gate.session_id,
      target: targetFromPullRequest(data),
      decision: { kind: "sign", ...decision },
      expectedHead: { seq: gate.head_seq, hash: gate.head_hash }
    }
  });
}
async function downloadLedger(options) {
  const { inputs, context, octokit, setup, request } = options;
  if (!/^\d+$/.test(request.workflowRunId))
    throw new ResumeError(`resume-run-id must be a workflow run id (digits), got "${request.workflowRunId}"`);
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    owner: context.owner,
    repo: context.repo,
    run_id: Number(request.workflowRunId),
    per_page: 100
  });
  const ledgers = artifacts.filter(
    (a) => request.sessionId ? a.name === ledgerArtifactName(request.sessionId) : sessionIdOfArtifact(a.name) !== null
  );
  if (ledgers.length !== 1) {
    throw new ResumeError(
      ledgers.length === 0 ? `workflow run ${request.workflowRunId} has no ${request.sessionId ? ledgerArtifactName(request.sessionId) : "truss ledger"} artifact (expired, or uploaded with upload-artifact: false?)` : `workflow run ${request.workflowRunId} has ${ledgers.length} truss ledger artifacts; name the session to resume`
    );
  }
  const artifact = ledgers[0];
  if (artifact.expired)
    throw new ResumeError(`the ledger artifact ${artifact.name} has expired; start a new run`);
  const sessionId = sessionIdOfArtifact(artifact.name) ?? "";
  const dir = join8(setup.outDir, `resume-${sessionId}`);
  mkdirSync3(dir, { recursive: true });
  await downloadRunArtifact({
    token: inputs.githubToken,
    context,
    artifactId: artifact.id,
    workflowRunId: Number(request.workflowRunId),
    path: dir
  });
  if (!existsSync3(join8(dir, LEDGER_DB_FILE_NAME)))
    throw new ResumeError(
      `the artifact ${artifact.name} holds no ${LEDGER_DB_FILE_NAME}; it cannot be resumed`
    );
  return { sessionId, dir };
}

// src/action/comment-mode.ts
async function handleComment(options) {
  const { inputs, context, octokit, setup } = options;
  const payload = context.payload;
  if (payload.action !== "created" || !payload.issue || !payload.comment) {
    info("not a new comment; nothing to do");
    return [];
  }
  if (!payload.issue.pull_request) {
    info("the comment is on an issue, not a pull request; nothing to do");
    return [];
  }
  const repo = { owner: context.owner, repo: context.repo };
  const issueNumber = payload.issue.number;
  return handleCommand({
    octokit,
    repo,
    issueNumber,
    comment: payload.comment,
    triggerPhrase: inputs.triggerPhrase,
    allowedUsers: inputs.allowedUsers,
    allowedBots: inputs.allowedBots,
    authors: inputs.commentAuthors,
    defaultContracts: inputs.contract,
    dryRun: inputs.dryRun,
    log: setup.log,
    runContracts: async ({ contracts, intent, verifyOnly, named }) => {
      const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
      const target = targetFromPullRequest(pr);
      await setup.log.group(
        "check out the pull request head",
        () => checkoutPullRequestHead({
          workdir: setup.workdir,
          prNumber: issueNumber,
          headSha: target.headSha,
          auth: { token: inputs.githubToken, serverUrl: context.serverUrl }
        })
      );
      return options.runContracts(target, contracts, intent, verifyOnly, named);
    },
    // `/truss memory promote|revoke`: handleCommand has checked the maintainer; on a fork's PR the
    // proposal is looked for in the PR's workflow artifacts (decideMemory), never in its code.
    memory: async (request) => {
      const defaultBranch = context.payload.repository?.default_branch ?? "main";
      const outcome = await decideMemory(
        { inputs, context, octokit, setup },
        {
          action: request.action,
          entry: request.entry,
          reason: request.reason,
          prNumber: issueNumber,
          sessions: [],
          requester: { login: request.actor.login, type: "User" }
        },
        defaultBranch
      );
      return { ok: outcome.decision === request.action, reply: memoryOutcomeText(outcome, request.action) };
    },
    decide: async (request) => {
      const waiting = await findSuspendedSession(octokit, repo, issueNumber, inputs.commentAuthors);
      if (!waiting)
        return {
          ok: false,
          reply: "Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review."
        };
      const result = await resumeWithDecision({ inputs, context, octokit, setup }, waiting, issueNumber, {
        decision: request.decision,
        note: request.note,
        actor: request.actor,
        source: request.source
      });
      return { ok: result.overall === "pass", reply: null, results: [result] };
    }
  });
}

// src/action/ensure-base-commit.ts
import { execFile as execFile5 } from "node:child_process";
import { promisify as promisify5 } from "node:util";
var run3 = promisify5(execFile5);
async function ensureBaseCommit(workdir, baseSha, warn) {
  if (!baseSha) return null;
  if (!/^[0-9a-f]{40}$/.test(baseSha)) return null;
  const has = () => run3("git", ["cat-file", "-e", `${baseSha}^{commit}`], { cwd: workdir }).then(
    () => true,
    () => false
  );
  if (await has()) return baseSha;
  await run3("git", ["fetch", "--no-tags", "--depth=1", "origin", baseSha], { cwd: workdir }).catch(
    () => void 0
  );
  if (await has()) return baseSha;
  warn(
    `the base commit ${baseSha.slice(0, 12)} is not in the checkout and could not be fetched; reviewers get no diff (use actions/checkout with fetch-depth: 0)`
  );
  return null;
}

// src/action/inputs.ts
var bool = external_exports.enum(["true", "false", ""]).transform((v) => v === "true");
var list = external_exports.string().transform(
  (v) => v.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean)
);
var InputsSchema = external_exports.object({
  contract: list,
  mode: external_exports.enum(["auto", "run", "verify", "review", "resume", "reduce", "memory"]),
  signingKey: external_exports.string(),
  reviewSigningKey: external_exports.string(),
  trustedKeys: external_exports.string(),
  githubToken: external_exports.string().min(1, "github-token is empty: pass `github-token: ${{ github.token }}` (the default)"),
  provider: external_exports.enum(["", "anthropic", "openai-compatible", "github-models", "scripted"]),
  model: external_exports.string(),
  baseUrl: external_exports.string(),
  anthropicApiKey: external_exports.string(),
  openaiApiKey: external_exports.string(),
  reviewers: external_exports.string().regex(/^(\d{1,2})?$/, "reviewers must be a number from 1 to 15").transform((v) => v === "" ? void 0 : Number(v)).refine((v) => v === void 0 || v >= 1 && v <= 15, "reviewers must be a number from 1 to 15"),
  comment: bool,
  /** The logins github-token posts as: the only authors of comments Truss edits or reads back (own-comment.ts). */
  commentAuthors: external_exports.string().transform((v, ctx) => {
    try {
      return parseTrussAuthors(v, "comment-authors");
    } catch (error2) {
      ctx.addIssue({ code: "custom", message: error2.message });
      return external_exports.NEVER;
    }
  }),
  /** Also post the panel's anchored findings as inline pull-request review comments. */
  reviewComments: bool,
  check: bool,
  summary: bool,
  uploadArtifact: bool,
  ledgerBranch: external_exports.string(),
  onPassChanges: external_exports.enum(["none", "push", "pull-request"]),
  failOn: external_exports.enum(["fail", "unverifiable", "never"]),
  allowedUsers: list,
  allowedBots: list,
  triggerPhrase: external_exports.string().regex(/^\/?[A-Za-z0-9_-]+$/, "trigger-phrase must be one word such as /truss"),
  resumeRunId: external_exports.string(),
  unverifiable: external_exports.enum(["failure", "neutral"]),
  workdir: external_exports.string(),
  dryRun: bool,
  attest: bool,
  /** '' = not set: the contract's `[sandbox] isolation`, else auto (docs/security.md). */
  isolation: external_exports.enum(["", "auto", "uid", "bwrap", "none"]),
  /** This job is leg n of a fan-out over runners (`${{ matrix.attempt }}`); null = an ordinary run (docs/fanout.md). */
  fanoutLeg: external_exports.string().regex(/^([1-9]\d{0,3})?$/, "fanout-leg must be a whole number from 1 (e.g. ${{ matrix.attempt }})").transform((v) => v === "" ? null : Number(v)),
  /** A paired eval over runners: the arms, as `truss eval --arms` takes them (docs/eval.md). */
  arms: external_exports.string(),
  /** An eval leg: the name of the arm this job runs. */
  arm: external_exports.string().regex(/^([A-Za-z0-9][A-Za-z0-9._-]{0,63})?$/, "arm must be the name of one of the arms"),
  /** An eval reducer: runs per arm (default: the highest repeat among the legs found). */
  repeats: external_exports.string().regex(/^([1-9]\d{0,2})?$/, "repeats must be a whole number from 1 to 999").transform((v) => v === "" ? null : Number(v)),
  /** mode memory: `promote` or `revoke` (docs/memory.md "On GitHub"). */
  memoryCommand: external_exports.enum(["", "promote", "revoke"]),
  /** mode memory: the entry's id (or a prefix of at least 8 hex characters). */
  memoryEntry: external_exports.string().regex(/^([0-9a-fA-F]{8,64})?$/, "memory-entry must be a memory entry id (8 to 64 hex characters)"),
  memoryReason: external_exports.string(),
  /** mode memory: sessions whose bundles on the ledger branch may hold the proposal. */
  memorySessions: list,
  /**
   * mode memory: promote by a paired eval of this contract (a name in .truss/contracts/ at the
   * default branch) instead of the panel; lessons and playbooks only.
   */
  memoryEval: external_exports.string().regex(
    /^([A-Za-z0-9._-]{1,100})?$/,
    'memory-eval must be a contract name in .truss/contracts/ (letters, digits, ".", "_" and "-")'
  ),
  /**
   * A maintainer's approval for memory decisions: auto = on for public repositories; key = a
   * maintainer's own signed approval of every promotion (docs/memory.md "On GitHub").
   */
  memoryApproval: external_exports.enum(["auto", "on", "off", "key"])
});
var DEFAULTS = {
  mode: "auto",
  "github-token": "",
  comment: "true",
  "comment-authors": ACTIONS_BOT,
  "review-comments": "false",
  check: "true",
  summary: "true",
  "upload-artifact": "true",
  "on-pass-changes": "none",
  "fail-on": "unverifiable",
  "trigger-phrase": "/truss",
  unverifiable: "failure",
  "dry-run": "false",
  attest: "false",
  "memory-approval": "auto"
};
function readInputs(getInput2) {
  const read = (name) => getInput2(name) || getInput2(name.replace(/-/g, "_")) || DEFAULTS[name] || "";
  const raw = {
    contract: read("contract"),
    mode: read("mode"),
    signingKey: read("signing-key"),
    reviewSigningKey: read("review-signing-key"),
    trustedKeys: read("trusted-keys"),
    githubToken: read("github-token"),
    provider: read("provider"),
    model: read("model"),
    baseUrl: read("base-url"),
    anthropicApiKey: read("anthropic-api-key"),
    openaiApiKey: read("openai-api-key"),
    reviewers: read("reviewers"),
    comment: read("comment"),
    commentAuthors: read("comment-authors"),
    reviewComments: read("review-comments"),
    check: read("check"),
    summary: read("summary"),
    uploadArtifact: read("upload-artifact"),
    ledgerBranch: read("ledger-branch"),
    onPassChanges: read("on-pass-changes"),
    failOn: read("fail-on"),
    allowedUsers: read("allowed-users"),
    allowedBots: read("allowed-bots"),
    triggerPhrase: read("trigger-phrase"),
    resumeRunId: read("resume-run-id"),
    unverifiable: read("unverifiable"),
    workdir: read("workdir"),
    dryRun: read("dry-run"),
    attest: read("attest"),
    isolation: read("isolation").trim().toLowerCase(),
    fanoutLeg: read("fanout-leg").trim(),
    arms: read("arms").trim(),
    arm: read("arm").trim(),
    repeats: read("repeats").trim(),
    memoryCommand: read("memory-command").trim().toLowerCase(),
    memoryEntry: read("memory-entry").trim(),
    memoryReason: read("memory-reason").trim(),
    memorySessions: read("memory-sessions"),
    memoryEval: read("memory-eval").trim(),
    memoryApproval: read("memory-approval").trim().toLowerCase()
  };
  const parsed = InputsSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "");
      const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return issue.code === "invalid_value" ? `input ${name}: got "${raw[key]}", expected one of ${issue.values?.join(", ")}` : `input ${name}: ${issue.message}`;
    });
    throw new Error(`invalid action inputs:
${problems.join("\n")}`);
  }
  return parsed.data;
}

// src/action/job-summary.ts
async function writeJobSummary(results, setup) {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  let text = results.map((r) => renderJobSummary(r.report, r.links)).join("\n\n---\n\n");
  if (setup.ephemeralKey)
    text += "\n\n> \u26A0\uFE0F Signed with a one-time key (no `signing-key` input): the bundle verifies as integrity-only.\n";
  await summary.addRaw(text, true).write();
}

// src/action/leg-artifacts.ts
import { existsSync as existsSync4, mkdirSync as mkdirSync4, readdirSync, readFileSync as readFileSync5, writeFileSync as writeFileSync5 } from "node:fs";
import { join as join9 } from "node:path";
function legRunUrl(context) {
  const url = runUrl(context);
  if (!url)
    throw new Error(
      "a fan-out over runners needs GITHUB_RUN_ID: its legs and its reducer must be jobs of one workflow run"
    );
  return url;
}
function legPublishSteps(options) {
  const { context, setup, store, artifact } = options;
  const patch = {
    name: "leg-patch",
    stage: "evidence",
    async run(evidence) {
      const diff = recordedDiff(store.entries(evidence.sessionId));
      const bytes = diff ? store.blob(diff)?.bytes : null;
      if (!diff) return;
      if (!bytes) throw new Error(`the leg's diff blob ${diff} is not in its ledger`);
      const dir = join9(setup.outDir, `leg-${evidence.sessionId}`);
      mkdirSync4(dir, { recursive: true });
      const path = join9(dir, LEG_PATCH_FILE_NAME);
      writeFileSync5(path, bytes);
      evidence.extraFiles.push(path);
    }
  };
  const upload = artifactPublisher({
    store,
    context,
    env: setup.env,
    warn: setup.log.warning,
    name: artifact,
    includeDb: false
  });
  return [patch, uploadStep(upload, setup.log)];
}
async function legTrustedKeys(options) {
  const { inputs, context, octokit, setup } = options;
  const pinned = await trustedKeysFor(
    inputs.trustedKeys,
    octokit,
    { owner: context.owner, repo: context.repo },
    options.trustedRef
  );
  if (!setup.ephemeralKey && !pinned.has(setup.signer.publicKeyHex))
    pinned.set(setup.signer.publicKeyHex, rolePin("signing-key", ["signer"]));
  return pinned;
}
async function collectLegs(options) {
  const { context, octokit, setup } = options;
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    owner: context.owner,
    repo: context.repo,
    run_id: Number(context.runId),
    per_page: 100
  });
  const claims = artifacts.map((artifact) => ({ artifact, claim: legOfArtifact(artifact.name) })).filter(
    (x) => x.claim !== null && x.claim.arm !== null === options.eval
  ).sort(
    (a, b) => (a.claim.arm ?? "").localeCompare(b.claim.arm ?? "") || a.claim.attempt - b.claim.attempt
  );
  const legs = [];
  const excluded = [];
  const crypto = createNodeCrypto();
  for (const { artifact, claim } of claims) {
    const exclude = (reason) => {
      excluded.push({ artifact: artifact.name, attempt: claim.attempt, arm: claim.arm, reason });
      setup.log.warning(`${artifact.name} is excluded: ${reason}`);
    };
    const expectation2 = options.expect(claim);
    if (typeof expectation2 === "string") {
      exclude(expectation2);
      continue;
    }
    if (artifact.expired) {
      exclude("the artifact has expired");
      continue;
    }
    try {
      const dir = join9(setup.outDir, "legs", artifact.name);
      mkdirSync4(dir, { recursive: true });
      await downloadRunArtifact({
        token: options.inputs.githubToken,
        context,
        artifactId: artifact.id,
        workflowRunId: Number(context.runId),
        path: dir
      });
      const bundles = readdirSync(dir).filter(
        (f) => f.startsWith(LEDGER_ARTIFACT_PREFIX) && f.endsWith(".json")
      );
      if (bundles.length !== 1) {
        exclude(`it holds ${bundles.length} bundles, not one`);
        continue;
      }
      const bundlePath = join9(dir, bundles[0]);
      const bundle = parseBundle(readFileSync5(bundlePath, "utf8"), `${artifact.name}/${bundles[0]}`);
      const patchPath = join9(dir, LEG_PATCH_FILE_NAME);
      const patch = existsSync4(patchPath) ? readFileSync5(patchPath) : null;
      const admitted = admitLeg({
        bundle,
        patch,
        trusted: options.trusted,
        crypto,
        receipts: checkReceipt,
        expect: expectation2
      });
      if (!admitted.ok) {
        exclude(admitted.reason);
        continue;
      }
      if (legs.some((leg) => leg.sessionId === admitted.leg.sessionId)) {
        exclude(`its session ${admitted.leg.sessionId} came in another leg artifact too`);
        continue;
      }
      importLeg({ store: setup.store, bundle, diff: admitted.diff, trusted: options.trusted, crypto });
      legs.push(admitted.leg);
      setup.log.info(`${artifact.name}: session ${admitted.leg.sessionId} verified and admitted`);
    } catch (error2) {
      exclude(error2.message);
    }
  }
  return { legs, excluded };
}
function legArtifactFor(inputs) {
  return legArtifactName(inputs.fanoutLeg ?? 0, inputs.arms ? inputs.arm : null);
}

// src/action/outputs.ts
var SEVERITY2 = ["pass", "suspended", "unverifiable", "fail", "failed_run"];
function setRunOutputs(results, setup) {
  const join13 = (pick) => results.map((r) => pick(r) ?? "").join("\n");
  const worst = results.reduce(
    (acc, r) => acc === "" || SEVERITY2.indexOf(r.overall) > SEVERITY2.indexOf(acc) ? r.overall : acc,
    ""
  );
  setOutput("verdict", worst);
  setOutput(
    "session-id",
    join13((r) => r.sessionId)
  );
  setOutput(
    "head-hash",
    join13((r) => r.headHash)
  );
  setOutput(
    "bundle-path",
    join13((r) => r.bundlePath)
  );
  setOutput(
    "artifact-id",
    join13((r) => r.artifact?.id)
  );
  setOutput(
    "artifact-url",
    join13((r) => r.artifact?.url)
  );
  setOutput(
    "check-run-url",
    join13((r) => r.checkRunUrl)
  );
  setOutput(
    "comment-url",
    join13((r) => r.commentUrl)
  );
  setOutput("cost-usd", results.reduce((sum, r) => sum + r.costUsd, 0).toFixed(4));
  setOutput("public-key", setup.signer.publicKeyHex);
}
function setExcludedOutput(results) {
  setOutput("excluded-legs", excludedLines(results.flatMap((r) => r.report.fanout?.excluded ?? [])));
}
function excludedLines(excluded) {
  return excluded.map((leg) => `${leg.artifact} (attempt ${leg.attempt ?? "?"}): ${leg.reason}`).join("\n");
}

// src/action/reduce-mode.ts
import { writeFileSync as writeFileSync6 } from "node:fs";
import { join as join10 } from "node:path";

// src/github/render/eval-summary.ts
var pct = (rate) => `${Math.round(rate * 100)}%`;
var signed = (n, text) => `${n >= 0 ? "+" : "\u2212"}${text(Math.abs(n))}`;
function renderEvalSummary(input) {
  const { report } = input;
  const lines = [
    `## \u{1F4CA} Paired eval \xB7 ${codeSpan(input.contractId)} \xB7 ${report.repeats} run${report.repeats === 1 ? "" : "s"} per arm, one Actions job each`,
    "",
    "| Arm | Change | Passed | Pass rate | Cost | Tokens | Wall time |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...report.arms.map(
      (arm) => `| ${inlineText(arm.name, 64)} | ${codeSpan(arm.change)} | ${arm.passes}/${arm.runs} | ${pct(arm.pass_rate)} | ${formatUsd(arm.cost_usd)} | ${formatTokens(arm.tokens)} | ${(arm.wall_ms / 1e3).toFixed(1)} s |`
    )
  ];
  for (const d of report.delta)
    lines.push(
      "",
      `**${inlineText(d.arm, 64)} vs ${inlineText(d.vs, 64)}:** ${signed(Math.round(d.pass_rate * 100), (n) => `${n} pp`)} pass rate, ${signed(d.cost_usd, (n) => formatUsd(n))}, ${signed(d.tokens, (n) => `${formatTokens(n)} tokens`)}`
    );
  for (const leg of report.excluded ?? [])
    lines.push("", `- \u{1F6AB} ${codeSpan(leg.artifact)} excluded: ${inlineText(leg.reason, 500)}`);
  const missing = report.missing ?? [];
  if (missing.length > 0)
    lines.push(
      "",
      `- \u26D4 no leg for ${missing.map((m) => `${inlineText(m.arm, 64)} repeat ${m.repeat}`).join(", ")} (not counted)`
    );
  lines.push(
    "",
    `Eval session ${codeSpan(input.sessionId)}: every run above is a signed child session anchored in it, and these numbers are its signed ${codeSpan("eval_report")}. The ledger artifact holds the bundle and the comparison page (${codeSpan("report.html")}).`,
    "",
    verifySection(input.links)
  );
  return lines.join("\n");
}

// src/action/reduce-mode.ts
function legRequest(inputs, context) {
  const url = legRunUrl(context);
  const attempt = inputs.fanoutLeg ?? 0;
  if (!inputs.arms) {
    if (inputs.arm) throw new FanoutLegError("arm is for eval legs: set `arms` too (docs/eval.md)");
    return { attempt, parentSessionId: (name) => fanoutSessionId(url, name, "fanout") };
  }
  const arms = parseArms(inputs.arms);
  const arm = arms.find((a) => a.name === inputs.arm);
  if (!arm)
    throw new FanoutLegError(
      `arm ${JSON.stringify(inputs.arm)} is not one of the arms (${arms.map((a) => a.name).join(", ")}); set \`arm: \${{ matrix.arm }}\``
    );
  return {
    attempt,
    arm,
    format: GITHUB_CONTRACT_FORMAT,
    parentSessionId: (name) => fanoutSessionId(url, name, "eval")
  };
}
function fanoutReducer(job) {
  const url = legRunUrl(job.context);
  const parentSessionId = (name) => fanoutSessionId(url, name, "fanout");
  return {
    parentSessionId,
    collect: async (contract, name) => {
      if (!contract.fanout)
        throw new FanoutLegError(
          `mode reduce: contract ${contract.contract.id} has no [fanout], so it has no legs to reduce (docs/fanout.md)`
        );
      const trusted = await legTrustedKeys({ ...job, trustedRef: job.target.trustedRef });
      return job.setup.log.group(
        `collect the legs of ${contract.contract.id}`,
        () => collectLegs({
          ...job,
          trusted,
          eval: false,
          expect: (claim) => expectation(contract, claim, parentSessionId(name), job.target.headSha)
        })
      );
    }
  };
}
function expectation(contract, claim, parentSessionId, headSha, arms = []) {
  const arm = claim.arm === null ? void 0 : arms.find((a) => a.name === claim.arm);
  if (claim.arm !== null && !arm)
    return `arm ${claim.arm} is not one of the eval's arms (${arms.map((a) => a.name).join(", ")})`;
  try {
    const plan = legPlan(contract, {
      attempt: claim.attempt,
      parentSessionId,
      arm,
      format: GITHUB_CONTRACT_FORMAT
    });
    return {
      parentSessionId,
      attempt: claim.attempt,
      contractHash: plan.contractHash,
      ...arm ? { arm: arm.name, repeat: claim.attempt } : {},
      headSha
    };
  } catch (error2) {
    return error2.message;
  }
}
async function reduceEval(job) {
  const { inputs, context, octokit, setup, target } = job;
  if (inputs.contract.length !== 1)
    throw new Error(
      "mode reduce with arms needs `contract` to name exactly one contract (the one the legs ran)"
    );
  const url = legRunUrl(context);
  const arms = parseArms(inputs.arms);
  const { config, contracts } = await loadContractsAtRef({
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    ref: target.trustedRef,
    names: inputs.contract
  });
  const item = contracts[0];
  const { contract, hash } = resolveContractSources({
    config,
    contract: item.source,
    overrides: setup.overrides
  });
  const sessionId = fanoutSessionId(url, item.name, "eval");
  const trusted = await legTrustedKeys({ ...job, trustedRef: target.trustedRef });
  const runnerLegs = await setup.log.group(
    `collect the eval legs of ${contract.contract.id}`,
    () => collectLegs({
      ...job,
      trusted,
      eval: true,
      expect: (claim) => expectation(contract, claim, sessionId, target.headSha, arms)
    })
  );
  const repeats = inputs.repeats ?? Math.max(
    1,
    ...runnerLegs.legs.map((leg) => leg.repeat ?? 1),
    ...runnerLegs.excluded.map((x) => x.attempt ?? 1)
  );
  const result = await startEval({
    contract,
    contractHash: hash,
    arms,
    repeats,
    workdir: setup.workdir,
    store: setup.store,
    signer: setup.signer,
    codeVersion: `truss ${package_default.version}`,
    principal: { login: context.actor, via: context.eventName, run_id: context.runId },
    sessionId,
    runnerLegs,
    format: GITHUB_CONTRACT_FORMAT,
    host: {
      events: runEventLog(setup.log, setup.env, { warningsOnly: true }),
      env: setup.env
    }
  });
  const bundlePath = join10(setup.outDir, ledgerBundleFileName(result.sessionId));
  exportBundleToFile(setup.store, result.sessionId, createNodeCrypto(), bundlePath);
  if (result.status === "aborted") throw new Error(result.message);
  const verifyCommand = `npx truss verify ${ledgerBundleFileName(result.sessionId)} --key ${setup.signer.publicKeyHex}`;
  const pagePath = join10(setup.outDir, `eval-${result.sessionId}.html`);
  writeFileSync6(
    pagePath,
    renderEvalPage({
      ...result,
      contractId: contract.contract.id,
      verifyCommand,
      generator: `truss ${package_default.version}`
    })
  );
  const artifact = inputs.uploadArtifact ? await artifactPublisher({ store: setup.store, context, env: setup.env, warn: setup.log.warning })({
    bundlePath,
    sessionId: result.sessionId,
    reportPath: pagePath
  }) : null;
  if (inputs.summary && process.env.GITHUB_STEP_SUMMARY) {
    const links = {
      artifactName: artifact?.name ?? ledgerArtifactName(result.sessionId),
      artifactUrl: artifact?.url ?? null,
      runUrl: runUrl(context),
      bundleFileName: ledgerBundleFileName(result.sessionId),
      publicKey: setup.signer.publicKeyHex,
      keyId: setup.signer.keyId
    };
    await summary.addRaw(
      renderEvalSummary({
        report: result.report,
        contractId: contract.contract.id,
        sessionId: result.sessionId,
        links
      }),
      true
    ).write();
  }
  setOutput("verdict", "");
  setOutput("session-id", result.sessionId);
  setOutput("head-hash", result.headHash);
  setOutput("bundle-path", bundlePath);
  setOutput("artifact-id", artifact?.id ?? "");
  setOutput("artifact-url", artifact?.url ?? "");
  setOutput("check-run-url", "");
  setOutput("comment-url", "");
  setOutput("cost-usd", result.report.arms.reduce((sum, arm) => sum + arm.cost_usd, 0).toFixed(4));
  setOutput("public-key", setup.signer.publicKeyHex);
  setOutput("excluded-legs", excludedLines(result.report.excluded ?? []));
  setup.log.info(result.report.summary);
}

// src/action/review-mode.ts
import { mkdtempSync as mkdtempSync3, readdirSync as readdirSync2, readFileSync as readFileSync6 } from "node:fs";
import { join as join11 } from "node:path";
async function handleReview(options) {
  const { inputs, context, octokit, setup } = options;
  const payload = context.payload;
  const pr = payload.pull_request;
  const review = payload.review;
  if (!pr || !review?.user) throw new Error("mode review needs a pull_request_review event");
  const _repo = { owner: context.owner, repo: context.repo };
  let resumed = null;
  const result = await recordSignOff({
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    pr,
    review: { ...review, user: review.user },
    action: payload.action,
    reviewSigner: () => reviewSigner(inputs),
    trustedKeys: inputs.trustedKeys,
    ledgerBranch: inputs.ledgerBranch,
    authors: inputs.commentAuthors,
    dryRun: inputs.dryRun,
    detailsUrl: runUrl(context),
    log: setup.log,
    outDir: setup.outDir,
    loadArtifactBundle: (meta) => downloadArtifactBundle(inputs, context, meta),
    releaseGate: async (gate, decision) => {
      resumed = [
        await resumeWithDecision({ inputs, context, octokit, setup }, gate, pr.number, {
          decision,
          note: review.body ?? null,
          actor: { login: review.user?.login ?? "unknown", id: review.user?.id ?? null },
          source: {
            review_id: review.id,
            commit_sha: review.commit_id ?? null,
            url: review.html_url ?? null
          }
        })
      ];
    }
  });
  if (result) {
    setOutput("session-id", result.sessionId);
    setOutput("head-hash", result.headHash);
    setOutput("bundle-path", result.bundlePath);
  }
  return resumed;
}
async function downloadArtifactBundle(inputs, context, meta) {
  const runId = Number(/\/runs\/(\d+)/.exec(meta.run_url ?? "")?.[1]);
  const path = mkdtempSync3(join11(context.tempDir, "truss-review-"));
  await downloadRunArtifact({
    token: inputs.githubToken,
    context,
    artifactId: meta.artifact_id,
    workflowRunId: runId,
    path
  });
  const file = ledgerBundleFileName(meta.session_id);
  if (!readdirSync2(path).includes(file)) throw new Error(`artifact ${meta.artifact_id} holds no ${file}`);
  return readFileSync6(join11(path, file), "utf8");
}

// src/action/run.ts
function resolveMode(mode, eventName) {
  if (mode === "resume")
    return eventName === "issue_comment" ? "comment" : eventName === "pull_request_review" ? "review" : "resume";
  if (mode === "review") return "review";
  if (mode === "memory") return eventName === "issue_comment" ? "comment" : "memory";
  if (mode === "reduce") return "reduce";
  if (mode === "run" || mode === "verify") return eventName === "issue_comment" ? "comment" : "run";
  switch (eventName) {
    case "pull_request":
    case "pull_request_target":
    case "workflow_dispatch":
    case "push":
      return "run";
    case "issue_comment":
      return "comment";
    case "pull_request_review":
      return "review";
    default:
      throw new Error(
        `truss does not handle the ${eventName} event; trigger it on pull_request, issue_comment, pull_request_review, workflow_dispatch or push`
      );
  }
}
async function run4(env = process.env) {
  try {
    const inputs = readInputs((name) => getInput(name));
    const context = readEventContext(env);
    const octokit = createOctokit({
      token: inputs.githubToken,
      baseUrl: context.apiUrl,
      proxyEnv: process.env
    });
    const dispatch = readDispatchRequest(context);
    const mode = dispatch?.mode === "resume" || dispatch?.mode === "memory" ? dispatch.mode : resolveMode(inputs.mode, context.eventName);
    const setup = setupAction(inputs, context, env, { signsRuns: mode !== "review" });
    try {
      if (mode === "comment") {
        const results = await handleComment({
          inputs,
          context,
          octokit,
          setup,
          runContracts: (target, names, intent, verifyOnly, named) => runContracts({
            inputs,
            context,
            octokit,
            setup,
            target,
            names,
            intent,
            verifyOnly,
            filterPaths: !named
          })
        });
        finish(results, inputs, setup);
      } else if (mode === "resume") {
        try {
          const request = await resumeRequestFrom(inputs, context, octokit, dispatch);
          finish([await resumeSuspendedRun({ inputs, context, octokit, setup, request })], inputs, setup);
        } catch (error2) {
          await failQueuedCheck({ octokit, context, dispatch, error: error2, warn: setup.log.warning });
          throw error2;
        }
      } else if (mode === "memory") {
        await handleMemoryMode({ inputs, context, octokit, setup }, dispatch);
      } else if (mode === "review") {
        const resumed = await handleReview({ inputs, context, octokit, setup });
        if (resumed) finish(resumed, inputs, setup);
      } else {
        try {
          const target = await resolveRunTarget(context, octokit);
          if (target.prNumber !== null)
            await ensurePullRequestHead({
              workdir: setup.workdir,
              prNumber: target.prNumber,
              headSha: target.headSha,
              warn: setup.log.warning,
              auth: { token: inputs.githubToken, serverUrl: context.serverUrl }
            });
          const job = { inputs, context, octokit, setup, target };
          if (mode === "reduce") {
            if (inputs.arms) await reduceEval(job);
            else
              finish(
                await runContracts({
                  ...job,
                  names: inputs.contract,
                  reduce: fanoutReducer(job),
                  filterPaths: dispatch === null
                }),
                inputs,
                setup,
                "reduce"
              );
          } else {
            const leg = inputs.fanoutLeg === null ? void 0 : legRequest(inputs, context);
            finish(
              await runContracts({
                ...job,
                ...dispatchedRun(dispatch, inputs.contract),
                leg,
                // The App decided before it dispatched a named contract; a pull request event filters here.
                filterPaths: dispatch === null,
                appDispatched: dispatch?.checkRunId != null
              }),
              inputs,
              setup,
              leg ? "leg" : "run"
            );
          }
        } catch (error2) {
          await failQueuedCheck({ octokit, context, dispatch, error: error2, warn: setup.log.warning });
          throw error2;
        }
      }
    } finally {
      setup.store.close();
    }
  } catch (error2) {
    setFailed(error2 instanceof Error ? error2.message : String(error2));
  }
}
async function runContracts(options) {
  const { inputs, context, octokit, setup, target, leg, reduce } = options;
  if ((leg || reduce) && options.names.length !== 1)
    throw new Error(
      `${leg ? "fanout-leg" : "mode reduce"} needs \`contract\` to name exactly one contract (the one with [fanout]); got ${options.names.length === 0 ? "none" : options.names.join(", ")}`
    );
  if (target.fork && setup.ephemeralKey)
    setup.log.warning(
      "pull request from a fork: no signing key and no provider secrets are available, so the verdict is signed with a one-time key and review clauses may be unverifiable"
    );
  const names = options.intent && options.names.length === 0 ? ["default"] : options.names;
  const baseCommit = ensureBaseCommit(setup.workdir, target.baseSha, setup.log.warning);
  baseCommit.catch(() => {
  });
  const { config, contracts } = await setup.log.group(
    "load contracts (from the trusted base)",
    () => loadContractsAtRef({
      octokit,
      repo: { owner: context.owner, repo: context.repo },
      ref: target.trustedRef,
      names
    })
  );
  const memory = await setup.log.group(
    "read governed memory",
    () => actionRunMemory({ inputs, context, octokit, setup, target })
  );
  const results = await runAndReport({
    readOnlyToken: target.fork,
    memory,
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    headSha: target.headSha,
    prNumber: target.prNumber,
    baseRef: await baseCommit ?? void 0,
    workdir: setup.workdir,
    contracts,
    config,
    overrides: {
      ...setup.overrides,
      ...options.intent ? { intent: options.intent } : {},
      ...options.verifyOnly || inputs.mode === "verify" ? { verifyOnly: true } : {}
    },
    store: setup.store,
    signer: setup.signer,
    env: setup.env,
    codeVersion: `truss ${package_default.version}`,
    principal: { login: context.actor, via: context.eventName, run_id: context.runId },
    outDir: setup.outDir,
    runUrl: runUrl(context),
    workflowRunId: context.runId || null,
    // A leg reports nothing on the pull request: the reducer job's one check run lists every leg.
    check: inputs.check && !leg,
    checkRunIds: options.checkRunIds,
    comment: inputs.comment && !leg,
    commentAuthors: inputs.commentAuthors,
    reviewComments: !leg && (inputs.reviewComments || options.appDispatched === true && appReviewComments(config)),
    dryRun: inputs.dryRun,
    // Only the reducer's winner is ever published; a leg's changes travel in its artifact.
    publishChanges: leg ? void 0 : changesPublisher({ inputs, context, octokit, setup, target }),
    publishSteps: leg ? legPublishSteps({ inputs, context, setup, store: setup.store, artifact: legArtifactFor(inputs) }) : publishSteps({ inputs, context, octokit, setup, store: setup.store }),
    leg,
    reduce,
    isolate: actionIsolation(inputs, context, setup, join12(setup.outDir, LEDGER_DB_FILE_NAME), setup.env),
    toolServer: setup.toolServer,
    changedFiles: options.filterPaths && target.prNumber !== null ? lazyChangedFiles(
      octokit,
      { owner: context.owner, repo: context.repo },
      target.prNumber,
      target.headSha
    ) : void 0,
    trigger: inputs.triggerPhrase,
    log: setup.log
  });
  if (inputs.check && !leg && target.prNumber !== null && results.length > 0) {
    await unlessReadOnly(
      target.fork,
      setup.log,
      "truss / human review check run",
      postHumanReviewCheck({
        octokit,
        owner: context.owner,
        repo: context.repo,
        headSha: target.headSha,
        conclusion: "action_required",
        title: "Awaiting sign-off on the new verdict",
        summary: `A new truss run (${results.map((r) => `${r.contractId}: ${r.overall.toUpperCase()}`).join(", ")}) replaced the evidence; approve the pull request to sign off on it.`,
        detailsUrl: runUrl(context),
        dryRun: inputs.dryRun
      })
    );
  }
  if (inputs.summary) await writeJobSummary(results, setup);
  return results;
}
async function actionRunMemory(job) {
  const { inputs, context, octokit, setup, target } = job;
  const repo = { owner: context.owner, repo: context.repo };
  const branch = inputs.ledgerBranch;
  if (!branch) return void 0;
  try {
    return await runMemoryFromBranch({
      octokit,
      ...repo,
      branch,
      trusted: await trustedKeysFor(inputs.trustedKeys, octokit, repo, target.trustedRef),
      ownKey: setup.ephemeralKey ? null : setup.signer.publicKeyHex,
      requireApproval: inputs.memoryApproval === "key",
      log: setup.log
    });
  } catch (error2) {
    setup.log.warning(
      `memory: could not read memory/ on ${branch} (${error2.message}); this run recalls nothing`
    );
    return void 0;
  }
}
function finish(results, inputs, setup, kind = "run") {
  setRunOutputs(results, setup);
  if (kind === "reduce") setExcludedOutput(results);
  if (kind === "leg") {
    for (const r of results.filter((x) => !x.artifact))
      setFailed(
        `truss: leg ${legArtifactFor(inputs)} of ${r.contractId} was not uploaded, so the reducer job cannot weigh it (upload-artifact must stay on, on an Actions runner)`
      );
    return;
  }
  for (const r of results.filter((x) => x.overall === "suspended"))
    notice(
      `truss: ${r.contractId} is SUSPENDED (${r.report.suspension?.reason ?? "awaiting approval"}); a maintainer releases it with \`/truss approve\` on the pull request or a PR approval, and the run resumes from artifact ${r.artifact?.name ?? ledgerArtifactName(r.sessionId)}.`
    );
  const failing = results.filter(
    (r) => r.overall === "suspended" ? false : inputs.failOn === "never" ? false : inputs.failOn === "fail" ? r.overall === "fail" || r.overall === "failed_run" : r.overall !== "pass"
  );
  const unpublished = results.filter((r) => r.report.changes?.status === "failed");
  for (const r of unpublished)
    setFailed(
      `truss: ${r.contractId} passed, but its changes were not published: ${r.report.changes?.detail}`
    );
  if (failing.length > 0) {
    setFailed(
      `truss: ${failing.map((r) => `${r.contractId} ${r.overall.toUpperCase()}`).join(", ")} (see the check run and the ledger artifact)`
    );
  }
}
export {
  resolveMode,
  run4 as run
};
