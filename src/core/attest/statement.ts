import type { LedgerEntry } from '../ledger/entry.js';
import { contractSummary, readEntry } from '../ledger/entry-kinds.js';
import type { VerifyReport } from '../ledger/verify-report.js';

export const IN_TOTO_STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const TRUSS_VERDICT_PREDICATE_TYPE = 'https://truss.dev/verdict/v1';

/** An in-toto ResourceDescriptor with the two digests Truss uses. */
export interface Subject {
  name: string;
  digest: Record<string, string>;
}

/** `https://truss.dev/verdict/v1`: what a signed ledger says about a run, in one small document. */
export interface VerdictPredicate {
  verdict: 'pass' | 'fail' | 'unverifiable';
  clauses: Array<{ clause: number; kind: string | null; desc: string | null; status: string }>;
  /** Conditions that forced FAIL regardless of clauses (budget, executor failure). */
  forced: string[];
  contract: { id: string | null; hash: string | null };
  ledger: {
    session_id: string;
    head_hash: string;
    entries: number;
    key_id: string;
    public_key: string;
    verdict_seq: number;
    verdict_entry_hash: string;
  };
  git: { repo: string | null; base_sha: string | null; head_sha: string | null } | null;
  human_reviews: Array<{
    decision: string;
    reviewer_key_id: string;
    attested_head_hash: string;
    stale: boolean;
  }>;
  /** The truss that ran the contract, as `run_started` recorded it. */
  code_version: string | null;
  /** The truss that made this attestation. */
  truss_version: string;
}

export interface VerdictStatement {
  _type: typeof IN_TOTO_STATEMENT_TYPE;
  subject: Subject[];
  predicateType: typeof TRUSS_VERDICT_PREDICATE_TYPE;
  predicate: VerdictPredicate;
}

const VERDICTS = new Set(['pass', 'fail', 'unverifiable']);
const COMMIT_SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Builds the predicate from ledger entries that have just verified (`report.status === 'verified'`),
 * never from a bundle's convenience views: the last `verdict` entry gives the outcome, `run_started`
 * the contract, commit and code version. Returns null when the ledger holds no verdict; both are read
 * as their kinds (entry-kinds.ts), and one that does not fit throws MalformedEntryError.
 */
export function verdictPredicate(
  entries: readonly LedgerEntry[],
  report: VerifyReport,
  trussVersion: string,
): VerdictPredicate | null {
  let started: LedgerEntry | undefined;
  let verdict: LedgerEntry | undefined;
  for (const entry of entries) {
    if (entry.kind === 'run_started' && !started) started = entry;
    if (entry.kind === 'verdict') verdict = entry;
  }
  if (!verdict) return null;
  const v = readEntry(verdict, 'verdict');
  const s = started ? readEntry(started, 'run_started') : {};
  const startedGit = s.git ?? undefined;
  const verdictGit = v.git ?? undefined;
  const git =
    startedGit || verdictGit
      ? {
          repo: text(startedGit?.repo),
          base_sha: text(verdictGit?.base_sha) ?? text(startedGit?.base_sha),
          head_sha: text(verdictGit?.head_sha) ?? text(startedGit?.head_sha),
        }
      : null;
  const contract = contractSummary(s.contract);
  const contractId = text(v.contract_id) ?? text(contract.contract?.id) ?? text(contract.id);
  return {
    verdict: v.overall,
    clauses: v.clauses.map((c) => ({
      clause: c.clause,
      kind: text(c.kind),
      desc: text(c.desc),
      status: c.status,
    })),
    forced: v.forced ?? [],
    contract: { id: contractId, hash: text(v.contract_hash) ?? text(s.contract_hash) },
    ledger: {
      session_id: report.session_id,
      head_hash: report.head_hash ?? '',
      entries: report.entries,
      key_id: report.key_id,
      public_key: report.public_key,
      verdict_seq: verdict.seq,
      verdict_entry_hash: verdict.entry_hash,
    },
    git,
    human_reviews: report.reviews.map((r) => ({
      decision: r.decision,
      reviewer_key_id: r.reviewer_key_id,
      attested_head_hash: r.attested_head_hash,
      stale: r.stale,
    })),
    code_version: text(s.code_version),
    truss_version: trussVersion,
  };
}

/**
 * The statement: subjects are the commit the verdict covers (`gitCommit`, when the run recorded one)
 * and the bundle file (`sha256` of its exact bytes).
 */
export function verdictStatement(
  predicate: VerdictPredicate,
  bundle: { name: string; sha256: string },
): VerdictStatement {
  const subject: Subject[] = [];
  const commit = predicate.git?.head_sha;
  if (commit && COMMIT_SHA.test(commit)) {
    subject.push({ name: predicate.git?.repo ?? 'git-commit', digest: { gitCommit: commit } });
  }
  subject.push({ name: bundle.name, digest: { sha256: bundle.sha256 } });
  return { _type: IN_TOTO_STATEMENT_TYPE, subject, predicateType: TRUSS_VERDICT_PREDICATE_TYPE, predicate };
}

/**
 * Checks that a decoded payload is a Truss verdict statement: the in-toto type, the predicate type,
 * one sha256 bundle subject, a gitCommit subject that agrees with the predicate, and the predicate
 * fields a reader relies on. Returns the first problem, or null.
 */
export function statementProblem(value: unknown): string | null {
  const s = record(value);
  if (!s) return 'the payload is not a JSON object';
  if (s._type !== IN_TOTO_STATEMENT_TYPE)
    return `_type is ${JSON.stringify(s._type)}, expected ${IN_TOTO_STATEMENT_TYPE}`;
  if (s.predicateType !== TRUSS_VERDICT_PREDICATE_TYPE)
    return `predicateType is ${JSON.stringify(s.predicateType)}, expected ${TRUSS_VERDICT_PREDICATE_TYPE}`;
  if (!Array.isArray(s.subject) || s.subject.length === 0) return 'subject is missing or empty';
  const subjects = s.subject.map(record);
  if (subjects.some((x) => !x || typeof x.name !== 'string' || !record(x.digest)))
    return 'every subject needs a name and a digest';
  const bundles = subjects.filter((x) => typeof record(x?.digest)?.sha256 === 'string');
  if (bundles.length !== 1) return 'expected exactly one sha256 subject (the ledger bundle)';
  const bundleDigest = record(bundles[0]?.digest)?.sha256;
  if (typeof bundleDigest !== 'string' || !/^[0-9a-f]{64}$/.test(bundleDigest))
    return 'the sha256 subject digest is not 64 lowercase hex characters';
  const p = record(s.predicate);
  if (!p) return 'predicate is missing';
  if (typeof p.verdict !== 'string' || !VERDICTS.has(p.verdict))
    return `predicate.verdict ${JSON.stringify(p.verdict)} is not pass, fail or unverifiable`;
  const ledger = record(p.ledger);
  const head = ledger?.head_hash;
  if (
    !ledger ||
    typeof ledger.session_id !== 'string' ||
    typeof head !== 'string' ||
    !/^[0-9a-f]{64}$/.test(head)
  )
    return 'predicate.ledger needs session_id and a 64-hex head_hash';
  const commits = subjects.filter((x) => typeof record(x?.digest)?.gitCommit === 'string');
  if (commits.length > 1) return 'more than one gitCommit subject';
  const commit = record(commits[0]?.digest)?.gitCommit;
  if (commit !== undefined && commit !== record(p.git)?.head_sha)
    return 'the gitCommit subject is not the commit the predicate says the verdict covers';
  return null;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
