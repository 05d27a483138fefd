#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  openCheckedSync
} from "./chunk-XOPISHL2.js";
import {
  applyInjectionPolicy,
  detectInjection,
  evidenceRecordFields,
  injectionPolicyOf
} from "./chunk-5UI2NYRN.js";
import {
  anchorFindings,
  chargeReplayedUsage,
  majority,
  prepareEvidence,
  recordedSeatVote,
  revealHidden,
  runPanel
} from "./chunk-DGFRKHKL.js";
import {
  excludedPathspecs,
  harnessGit,
  parseDiffHunks,
  redactionField,
  tallyingRedactor
} from "./chunk-4TGUNJ7J.js";
import "./chunk-OX27M5K4.js";
import "./chunk-C24IPAXU.js";

// src/core/run/review-clause.ts
import { createHash } from "node:crypto";

// src/core/verify/review-evidence.ts
import { closeSync, fstatSync, readSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";

// src/core/verify/evidence-paths.ts
var SENSITIVE_FILE_GLOBS = Object.freeze([
  ".env",
  ".env.*",
  "*.env",
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "*.jks",
  "*.keystore",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
  ".npmrc",
  ".pypirc",
  ".netrc",
  ".git-credentials",
  ".htpasswd",
  "credentials",
  "credentials.json",
  "secrets.json",
  "signing.key"
]);
var SENSITIVE_DIRS = Object.freeze([".ssh", ".aws", ".gnupg", ".docker"]);
var FILE_PATTERNS = SENSITIVE_FILE_GLOBS.map(
  (glob) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`)
);
function sensitivePathReason(path) {
  const parts = path.split("/").filter(Boolean);
  const base = parts.at(-1) ?? "";
  if (parts.slice(0, -1).some((dir) => SENSITIVE_DIRS.includes(dir)))
    return "in a credential directory; withheld from evidence";
  if (FILE_PATTERNS.some((pattern) => pattern.test(base)))
    return "a key or credential file by name; withheld from evidence";
  return null;
}
function sensitivePathspecExcludes() {
  return [
    ...SENSITIVE_FILE_GLOBS.map((glob) => `:(exclude,glob)**/${glob}`),
    ...SENSITIVE_DIRS.map((dir) => `:(exclude,glob)**/${dir}/**`)
  ];
}

// src/core/verify/review-evidence.ts
var DEFAULT_EVIDENCE_LIMITS = {
  maxDiffBytes: 2e5,
  maxFileBytes: 64e3,
  maxTotalContextBytes: 256e3
};
async function collectReviewEvidence(options) {
  const limits = options.limits ?? DEFAULT_EVIDENCE_LIMITS;
  const notes = [];
  let diff = "";
  if (!options.git) {
    notes.push("the workdir is not a git repository: no diff is available");
  } else {
    const base = options.git.base_sha ?? "HEAD";
    if (!options.git.base_sha)
      notes.push("no base commit found (pass --base REF): the diff shows only uncommitted changes");
    diff = await gitDiff(options.workdir, base, notes);
    for (const path of await changedPaths(options.workdir, base)) {
      const reason = sensitivePathReason(path);
      if (reason) notes.push(`${path}: ${reason}`);
    }
  }
  if (options.git)
    diff += await untrackedAsDiff(options.workdir, limits.maxFileBytes, notes, options.withheld ?? []);
  const diffBytes = Buffer.byteLength(diff);
  const diffTruncated = diffBytes > limits.maxDiffBytes;
  if (diffTruncated) {
    diff = truncateUtf8(diff, limits.maxDiffBytes);
    notes.push(`the diff is ${diffBytes} bytes; reviewers see the first ${limits.maxDiffBytes}`);
  }
  const files = [];
  let budget = limits.maxTotalContextBytes;
  for (const path of options.contextFiles) {
    const file = readContextFile(options.workdir, path, Math.min(limits.maxFileBytes, budget));
    budget -= file.content ? Buffer.byteLength(file.content) : 0;
    if (file.problem) notes.push(`${path}: ${file.problem}`);
    else if (file.truncated)
      notes.push(
        `${path} is ${file.bytes} bytes; reviewers see the first ${Buffer.byteLength(file.content ?? "")}`
      );
    files.push(file);
  }
  return { diff, diffBytes, diffTruncated, files, notes };
}
async function gitDiff(workdir, base, notes) {
  try {
    return await harnessGit(workdir).raw([
      "diff",
      "--no-color",
      "--no-ext-diff",
      base,
      "--",
      ".",
      ...sensitivePathspecExcludes()
    ]);
  } catch (error) {
    const why = error.message.split("\n")[0] ?? "";
    notes.push(
      `the diff from the base could not be read (git: ${why}): the tracked changes are NOT shown, so this evidence cannot show the clause is met`
    );
    return "";
  }
}
async function changedPaths(workdir, base) {
  try {
    const listing = await harnessGit(workdir).raw(["diff", "--name-only", "-z", base, "--"]);
    return listing.split("\0").filter(Boolean);
  } catch {
    return [];
  }
}
async function untrackedAsDiff(workdir, maxFileBytes, notes, withheld) {
  let root = workdir;
  try {
    root = realpathSync(workdir);
  } catch {
  }
  let listing = "";
  try {
    listing = await harnessGit(workdir).raw([
      "ls-files",
      "--others",
      "--exclude-standard",
      "-z",
      ...excludedPathspecs(root, withheld)
    ]);
  } catch (error) {
    const why = error.message.split("\n")[0] ?? "";
    notes.push(`the untracked files could not be listed (git: ${why}): new files are NOT shown`);
    return "";
  }
  let out = "";
  for (const path of listing.split("\0").filter(Boolean)) {
    const sensitive = sensitivePathReason(path);
    if (sensitive) {
      notes.push(`untracked ${path}: ${sensitive}`);
      continue;
    }
    const file = readContextFile(workdir, path, maxFileBytes);
    if (file.content === null) {
      notes.push(`untracked ${path}: ${file.problem}`);
      continue;
    }
    const [a, b] = [diffPath("a/", path), diffPath("b/", path)];
    out += `diff --git ${a} ${b}
new file (untracked)
--- /dev/null
+++ ${b}
`;
    out += `${file.content.split("\n").map((line) => `+${line}`).join("\n")}
`;
    if (file.truncated)
      notes.push(`untracked ${path} is ${file.bytes} bytes; reviewers see the first ${maxFileBytes}`);
  }
  return out;
}
function diffPath(prefix, path) {
  const raw = `${prefix}${path}`;
  if (!/[\u0000-\u001f"\\\u007f-\uffff]/.test(raw)) return raw;
  const named = {
    7: "a",
    8: "b",
    9: "t",
    10: "n",
    11: "v",
    12: "f",
    13: "r",
    34: '"',
    92: "\\"
  };
  let out = "";
  for (const byte of Buffer.from(raw, "utf8")) {
    const name = named[byte];
    if (name !== void 0) out += `\\${name}`;
    else if (byte < 32 || byte >= 127) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(byte);
  }
  return `"${out}"`;
}
function readContextFile(workdir, path, maxBytes) {
  const refuse = (problem) => ({
    path,
    content: null,
    bytes: 0,
    truncated: false,
    problem
  });
  if (isAbsolute(path)) return refuse("absolute paths are refused; name files relative to the workdir");
  const sensitive = sensitivePathReason(path);
  if (sensitive) return refuse(sensitive);
  let real;
  try {
    real = realpathSync(resolve(workdir, path));
  } catch {
    return refuse("not found");
  }
  const rel = relative(realpathSync(workdir), real);
  if (rel.startsWith("..") || isAbsolute(rel)) return refuse("resolves outside the workdir; refused");
  const sensitiveTarget = sensitivePathReason(rel);
  if (sensitiveTarget) return refuse(`links to ${rel}, ${sensitiveTarget}`);
  let fd;
  try {
    fd = openCheckedSync(real);
  } catch {
    return refuse("changed while it was being read; refused");
  }
  let bytes;
  let size;
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return refuse("not a regular file");
    bytes = readPrefix(fd, Math.max(maxBytes, 8e3) + 1);
    size = Math.max(info.size, bytes.length);
  } finally {
    closeSync(fd);
  }
  if (bytes.subarray(0, 8e3).includes(0))
    return { path, content: null, bytes: size, truncated: false, problem: "binary file, not shown" };
  const truncated = size > maxBytes;
  const content = truncateUtf8(bytes.toString("utf8"), maxBytes);
  return { path, content, bytes: size, truncated, problem: null };
}
function readPrefix(fd, limit) {
  const buffer = Buffer.alloc(limit);
  let length = 0;
  while (length < limit) {
    const read = readSync(fd, buffer, length, limit - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}
function truncateUtf8(text, maxBytes) {
  const buffer = Buffer.from(text);
  if (buffer.length <= maxBytes) return text;
  return buffer.subarray(0, maxBytes).toString("utf8").replace(/\uFFFD$/, "");
}

// src/core/run/review-clause.ts
async function verifyReview(session, index, clause, options, contract, git, redact) {
  const { ctx } = options;
  const seats = "seats" in options.panel ? options.panel.seats : [];
  ctx.events({ type: "review_started", clause: index, desc: clause.desc, seats: seats.length });
  if ("unavailable" in options.panel) {
    ctx.events({ type: "review_finished", clause: index, status: "unverifiable" });
    return {
      clause: {
        clause: index,
        kind: "review",
        desc: clause.desc,
        status: "unverifiable",
        reason: options.panel.unavailable
      },
      budgetExhausted: null
    };
  }
  let evidence;
  let redactions = {};
  const collect = async () => {
    if (!evidence) {
      const tally = tallyingRedactor(redact);
      const raw = await collectReviewEvidence({
        workdir: options.workdir,
        git,
        contextFiles: clause.reviewer_context,
        withheld: ctx.isolation?.withheld
      });
      const redacted = {
        ...raw,
        diff: tally.redact(raw.diff),
        files: raw.files.map((file) => ({
          ...file,
          content: file.content === null ? null : tally.redact(file.content)
        })),
        notes: raw.notes.map(tally.redact)
      };
      redactions = tally.counts();
      evidence = { raw: redacted, prepared: prepareEvidence(redacted) };
    }
    return evidence;
  };
  const policy = injectionPolicyOf(contract);
  const { entry: evidenceEntry } = await session.activity("review_evidence", `clause ${index}`, async () => {
    const { raw: collected, prepared } = await collect();
    for (const note of collected.notes) ctx.events({ type: "review_evidence_note", clause: index, note });
    const diffBytes = Buffer.from(collected.diff);
    const injection = detectInjection(prepared);
    return {
      payload: {
        clause: index,
        base_sha: git?.base_sha ?? null,
        head_sha: git?.head_sha ?? null,
        diff_sha256: sha256(diffBytes),
        diff_bytes: collected.diffBytes,
        diff_truncated: collected.diffTruncated,
        ...evidenceRecordFields(collected, prepared, injection, policy, redact),
        ...redactionField(redactions)
      },
      blobs: [diffBytes]
    };
  });
  let budgetExhausted = null;
  const votes = seats.map((_, seat) => {
    const entry = session.replayNext("review_vote", `clause ${index} seat ${seat}`);
    if (!entry) return void 0;
    const vote = recordedSeatVote(entry.payload);
    if (typeof vote.error === "string" && vote.error.startsWith("budget exhausted"))
      budgetExhausted ??= vote.error;
    const over = chargeReplayedUsage(ctx.budget, vote.usage);
    if (over !== null) budgetExhausted ??= over;
    return vote;
  });
  const missing = new Set(votes.flatMap((vote, seat) => vote ? [] : [seat]));
  if (missing.size > 0) {
    const panel = await runPanel({
      intent: contract.contract.intent,
      clause,
      evidence: (await collect()).prepared,
      seats,
      ctx,
      nonce: options.evidenceNonce,
      skip: (seat) => !missing.has(seat)
    });
    budgetExhausted ??= panel.budgetExhausted;
    const hunks = parseDiffHunks((await collect()).raw.diff);
    for (const { findings, ...vote } of panel.votes) {
      const visible = (text) => redact(revealHidden(text).text);
      const entry = session.appendLive("review_vote", {
        payload: {
          clause: index,
          ...vote,
          reasoning: visible(vote.reasoning),
          error: vote.error === null ? null : redact(vote.error),
          // Each named problem, placed on the diff's lines only when it lies in a changed hunk.
          citations: anchorFindings(findings ?? [], hunks).map((citation) => ({
            ...citation,
            location: visible(citation.location),
            problem: visible(citation.problem),
            hunk: citation.hunk && {
              header: visible(citation.hunk.header),
              lines: citation.hunk.lines.map((line) => ({ n: line.n, text: visible(line.text) }))
            }
          }))
        }
      });
      votes[vote.seat] = recordedSeatVote(entry.payload);
    }
  }
  const all = votes;
  for (const vote of all) {
    ctx.events({ type: "vote", clause: index, seat: vote.seat, lens: vote.lens, vote: vote.vote });
  }
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const vote of all) counts[vote.vote]++;
  const judged = applyInjectionPolicy({
    status: majority(all.map((vote) => vote.vote)),
    reason: `${counts.met} of ${all.length} seats voted met (strict majority needed)`,
    policy,
    detected: evidenceEntry.payload.injection_suspected ?? null,
    votes: all
  });
  ctx.events({ type: "review_finished", clause: index, status: judged.status });
  return {
    clause: {
      clause: index,
      kind: "review",
      desc: clause.desc,
      status: judged.status,
      reason: judged.reason,
      votes: counts,
      ...judged.injection ? { injection: judged.injection } : {}
    },
    budgetExhausted
  };
}
function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}
export {
  verifyReview
};
